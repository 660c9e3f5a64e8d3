#include "num/relay.h"

#include <dlfcn.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/RelayProblem.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/relay_cst.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Siconos is loaded at the first relay problem, not at start: with it come
 * OpenBLAS, MUMPS, Scotch and gfortran, which cost every start of tribo
 * about 0.7 s under valgrind and are needed only when several contacts
 * switch at once. SICONOS_SONAME is the library's soname at build time. */
#ifndef SICONOS_SONAME
#define SICONOS_SONAME "libsiconos_numerics.so"
#endif

static struct {
	bool tried, ok;
	char why[160];
	NumericsMatrix *(*create)(int, int, int, void *);
	SolverOptions *(*options)(int);
	int (*driver)(RelayProblem *, double *, double *, SolverOptions *);
	void (*options_delete)(SolverOptions *);
	NumericsMatrix *(*free_matrix)(NumericsMatrix *);
} sic;

/* A function pointer from dlsym, through memcpy as ISO C has no cast
 * between object and function pointers. */
static bool bind(void *lib, const char *name, void *fn, size_t size)
{
	void *p = dlsym(lib, name);
	if (!p)
		return false;
	memcpy(fn, &p, size);
	return true;
}

static bool siconos_load(void)
{
	if (sic.tried)
		return sic.ok;
	sic.tried = true;
	const char *name = SICONOS_SONAME[0] ? SICONOS_SONAME : "libsiconos_numerics.so";
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(sic.why, sizeof(sic.why),
			 "Siconos' numerics library could not be loaded (%.100s)", dlerror());
		return false;
	}
	sic.ok = bind(lib, "NM_create_from_data", &sic.create, sizeof(sic.create)) &&
		 bind(lib, "solver_options_create", &sic.options, sizeof(sic.options)) &&
		 bind(lib, "relay_driver", &sic.driver, sizeof(sic.driver)) &&
		 bind(lib, "solver_options_delete", &sic.options_delete,
		      sizeof(sic.options_delete)) &&
		 bind(lib, "NM_free", &sic.free_matrix, sizeof(sic.free_matrix));
	if (!sic.ok)
		snprintf(sic.why, sizeof(sic.why), "Siconos' numerics library (%s) lacks %.60s",
			 name, dlerror());
	return sic.ok;
}

int num_relay_solve(size_t n, const double *W, const double *q, const double *lb, const double *ub,
		    double *z, double *w, struct diag *d)
{
	if (n == 0)
		return 0;
	if (n == 1 && W[0] > 0) {
		/* one contact: z = -q/W clamped to [lb, ub], the problem's one
		 * solution (W > 0), without loading Siconos and its OpenBLAS,
		 * MUMPS and Scotch: 5 ms of CPU, the most of a whole run of
		 * `tribo -c 'load disk-lagrange; solve'` */
		const double zi = q[0] == 0 ? 0.0 : -q[0] / W[0];
		if (zi < lb[0] || zi > ub[0]) {
			z[0] = zi < lb[0] ? lb[0] : ub[0];
			w[0] = W[0] * z[0] + q[0];
		} else {
			z[0] = zi;
			w[0] = 0;
		}
		return 0;
	}
	if (!siconos_load())
		return diag_set(d, "the contacts' relay problem cannot be solved: %s", sic.why);
	/* Siconos' dense matrices are column-major */
	double *Wc = xmalloc(n * n * sizeof(double));
	double *qc = xmalloc(3 * n * sizeof(double)), *lbc = qc + n, *ubc = lbc + n;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			Wc[j * n + i] = W[i * n + j];
	memcpy(qc, q, n * sizeof(double));
	memcpy(lbc, lb, n * sizeof(double));
	memcpy(ubc, ub, n * sizeof(double));
	NumericsMatrix *M = sic.create(NM_DENSE, (int)n, (int)n, Wc);
	RelayProblem p = {.size = (int)n, .M = M, .q = qc, .lb = lbc, .ub = ubc};
	SolverOptions *o = sic.options(SICONOS_RELAY_LEMKE);
	for (size_t i = 0; i < n; i++)
		z[i] = w[i] = 0;
	const int info = sic.driver(&p, z, w, o);
	sic.options_delete(o);
	free(o);	   /* solver_options_delete frees what the options hold, not them */
	M->matrix0 = NULL; /* ours */
	sic.free_matrix(M);
	free(qc);
	free(Wc);
	if (info)
		return diag_set(d,
				"the contacts' relay problem (Siconos, Lemke) did not converge "
				"(info %d)",
				info);
	return 0;
}
