#include "num/relay.h"

#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/RelayProblem.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/relay_cst.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

int num_relay_solve(size_t n, const double *W, const double *q, const double *lb, const double *ub,
		    double *z, double *w, struct diag *d)
{
	if (n == 0)
		return 0;
	/* Siconos' dense matrices are column-major */
	double *Wc = xmalloc(n * n * sizeof(double));
	double *qc = xmalloc(3 * n * sizeof(double)), *lbc = qc + n, *ubc = lbc + n;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			Wc[j * n + i] = W[i * n + j];
	memcpy(qc, q, n * sizeof(double));
	memcpy(lbc, lb, n * sizeof(double));
	memcpy(ubc, ub, n * sizeof(double));
	NumericsMatrix *M = NM_create_from_data(NM_DENSE, (int)n, (int)n, Wc);
	RelayProblem p = {.size = (int)n, .M = M, .q = qc, .lb = lbc, .ub = ubc};
	SolverOptions *o = solver_options_create(SICONOS_RELAY_LEMKE);
	for (size_t i = 0; i < n; i++)
		z[i] = w[i] = 0;
	const int info = relay_driver(&p, z, w, o);
	solver_options_delete(o);
	free(o);	   /* solver_options_delete frees what the options hold, not them */
	M->matrix0 = NULL; /* ours */
	NM_free(M);
	free(qc);
	free(Wc);
	if (info)
		return diag_set(d,
				"the contacts' relay problem (Siconos, Lemke) did not converge "
				"(info %d)",
				info);
	return 0;
}
