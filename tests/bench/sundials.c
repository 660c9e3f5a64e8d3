/* SUNDIALS' integrators in ode_run's place, for `make bench`'s choice of
 * an integrator (issue 20): CVODE's variable-order Adams method (orders up
 * to 12, fixed-point corrector) and ARKODE's explicit Runge-Kutta tables of
 * order 8 (Verner 8(5,6), Fehlberg 13-7-8), each with the library's own
 * root finding on its interpolant for the phase's event. Linked into the
 * bench alone: tribo integrates with GSL's rk8pd, which this comparison
 * keeps (tests/bench/bench.py prints the table). */
#include <arkode/arkode_erkstep.h>
#include <cvode/cvode.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdbool.h>
#include <string.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "num/num.h"
#include "num/ode.h"
#include "sundials_bench.h"

struct cv_data {
	const struct ode_system *sys;
	int status; /* the right-hand side's GSL status when it failed */
};

static int cv_rhs(sunrealtype t, N_Vector y, N_Vector f, void *p)
{
	struct cv_data *c = p;
	ode_count_rhs();
	int s = c->sys->rhs(t, N_VGetArrayPointer(y), N_VGetArrayPointer(f), c->sys->params);
	if (s) {
		c->status = s;
		return -1;
	}
	return 0;
}

static int cv_root(sunrealtype t, N_Vector y, sunrealtype *g, void *p)
{
	struct cv_data *c = p;
	g[0] = c->sys->event(t, N_VGetArrayPointer(y), c->sys->params);
	return 0;
}

/* What either library's run leaves, as ode_run reports it: the state at
 * its end, the event when its root finder stopped it, a failure. */
static int finish(const char *lib, int flag, bool root, const struct cv_data *c, N_Vector v,
		  double t, long steps, double h, double y[], struct ode_end *end, struct diag *d)
{
	memcpy(y, N_VGetArrayPointer(v), c->sys->dim * sizeof(double));
	end->event = root;
	end->steps = (size_t)steps;
	end->t = t;
	end->h = h;
	if (flag >= 0)
		return 0;
	return c->status ? num_fail(d, c->status, "integration")
			 : diag_set(d, "integration failed (%s flag %d) at t = %g", lib, flag, t);
}

static int run_adams(const struct ode_system *sys, const struct ode_opts *opts, double t0,
		     double y[], struct ode_end *end, struct diag *d)
{
	const double atol = ode_tolerance(opts->atol), rtol = ode_tolerance(opts->rtol);
	SUNContext ctx;
	SUNContext_Create(NULL, &ctx);
	N_Vector v = N_VNew_Serial((sunindextype)sys->dim, ctx);
	memcpy(N_VGetArrayPointer(v), y, sys->dim * sizeof(double));
	void *mem = CVodeCreate(CV_ADAMS, ctx);
	struct cv_data c = {sys, 0};
	CVodeInit(mem, cv_rhs, t0, v);
	CVodeSStolerances(mem, rtol, atol);
	CVodeSetUserData(mem, &c);
	CVodeSetMaxNumSteps(mem, (long)opts->max_steps);
	const double tout = isfinite(opts->tmax) ? opts->tmax : t0 + 1e300;
	CVodeSetStopTime(mem, tout);
	CVodeSetNoInactiveRootWarn(mem);
	if (opts->h0 > 0 && isfinite(opts->h0))
		CVodeSetInitStep(mem, fmin(opts->h0, tout - t0));
	SUNNonlinearSolver nls = SUNNonlinSol_FixedPoint(v, 0, ctx);
	CVodeSetNonlinearSolver(mem, nls);
	if (sys->event)
		CVodeRootInit(mem, 1, cv_root);
	double t = t0;
	int rc;
	const int flag = CVode(mem, tout, v, &t, CV_NORMAL);
	long ns = 0;
	double hcur = 0;
	CVodeGetNumSteps(mem, &ns);
	CVodeGetCurrentStep(mem, &hcur);
	rc = finish("CVODE", flag, flag == CV_ROOT_RETURN, &c, v, t, ns, hcur, y, end, d);
	CVodeFree(&mem);
	SUNNonlinSolFree(nls);
	N_VDestroy(v);
	SUNContext_Free(&ctx);
	return rc;
}

static int run_erk(int table, const struct ode_system *sys, const struct ode_opts *opts, double t0,
		   double y[], struct ode_end *end, struct diag *d)
{
	const double atol = ode_tolerance(opts->atol), rtol = ode_tolerance(opts->rtol);
	SUNContext ctx;
	SUNContext_Create(NULL, &ctx);
	N_Vector v = N_VNew_Serial((sunindextype)sys->dim, ctx);
	memcpy(N_VGetArrayPointer(v), y, sys->dim * sizeof(double));
	void *mem = ERKStepCreate(cv_rhs, t0, v, ctx);
	struct cv_data c = {sys, 0};
	ERKStepSetTableNum(mem, table);
	ERKStepSetMaxErrTestFails(mem, 50);
	ERKStepSStolerances(mem, rtol, atol);
	ERKStepSetUserData(mem, &c);
	ERKStepSetMaxNumSteps(mem, (long)opts->max_steps);
	const double tout = isfinite(opts->tmax) ? opts->tmax : t0 + 1e300;
	ERKStepSetStopTime(mem, tout);
	ERKStepSetNoInactiveRootWarn(mem);
	if (opts->h0 > 0 && isfinite(opts->h0))
		ERKStepSetInitStep(mem, fmin(opts->h0, tout - t0));
	if (sys->event)
		ERKStepRootInit(mem, 1, cv_root);
	double t = t0;
	int rc;
	const int flag = ERKStepEvolve(mem, tout, v, &t, ARK_NORMAL);
	long ns = 0;
	double hcur = 0;
	ERKStepGetNumSteps(mem, &ns);
	ERKStepGetCurrentStep(mem, &hcur);
	rc = finish("ARKODE", flag, flag == ARK_ROOT_RETURN, &c, v, t, ns, hcur, y, end, d);
	ERKStepFree(&mem);
	N_VDestroy(v);
	SUNContext_Free(&ctx);
	return rc;
}

static int run_verner(const struct ode_system *sys, const struct ode_opts *opts, double t0,
		      double y[], struct ode_end *end, struct diag *d)
{
	return run_erk(ARKODE_VERNER_8_5_6, sys, opts, t0, y, end, d);
}

static int run_fehlberg(const struct ode_system *sys, const struct ode_opts *opts, double t0,
			double y[], struct ode_end *end, struct diag *d)
{
	return run_erk(ARKODE_FEHLBERG_13_7_8, sys, opts, t0, y, end, d);
}

int bench_integrator(const char *name)
{
	static const struct {
		const char *name;
		ode_run_fn *fn;
	} all[] = {{"rk8pd", NULL},
		   {"cvode-adams", run_adams},
		   {"arkode-verner8", run_verner},
		   {"arkode-fehlberg8", run_fehlberg}};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (strcmp(name, all[i].name) == 0) {
			ode_set_run_override(all[i].fn);
			return 0;
		}
	return -1;
}
