/* The in-process solve time of an exercise, for `make bench`.
 *
 *   bench [-a] [-t TOL] [-b SECONDS] [-n MAX] [-m INTEGRATOR] ID RESULT [NAME=VALUE...]
 *
 * Loads exercise ID through the session API (as `load` does), sets the
 * parameters given (as `set NAME VALUE` does), solves once untimed, then
 * solves again and again, timing each session_solve alone by the process's
 * CPU time (CLOCK_PROCESS_CPUTIME_ID, as the SciPy side's process_time),
 * until SECONDS (0.3 by default) have gone or MAX solves
 * (200) are done, and at least 3. Prints one line: RESULT's value (%.17g),
 * the median solve time in seconds, the number of timed solves, and the
 * right-hand side evaluations of one solve (ode_rhs_evaluations: 0 for a
 * model without an ODE).
 *
 * -t TOL sets every ODE run's rtol = atol = TOL through
 * ode_set_tolerance_override (src/num/ode.h), the hook that exists for
 * this program: tribo has no user-facing tolerance. -m puts another
 * integrator in ode_run's place (tests/bench/sundials.c: cvode-adams,
 * arkode-verner8, arkode-fehlberg8; rk8pd, tribo's own, by default).
 * -a solves for the answers alone (session_solve_answers, as generate
 * and grade do), where `solve` (session_solve) makes the figures and the
 * steps too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exercise/session.h"
#include "num/num.h"
#include "num/ode.h"
#include "sundials_bench.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int fail(const char *what, const struct diag *d)
{
	fprintf(stderr, "bench: %s: %s\n", what, d->msg);
	return 1;
}

static int usage(void)
{
	fputs("usage: bench [-a] [-t TOL] [-b SECONDS] [-n MAX] [-m INTEGRATOR] ID RESULT "
	      "[NAME=VALUE...]\n",
	      stderr);
	return 2;
}

int main(int argc, char **argv)
{
	double budget = 0.3, tol = 0;
	int max = 200, i = 1;
	int (*solve)(struct session *, struct diag *) = session_solve;
	if (i < argc && strcmp(argv[i], "-a") == 0) {
		solve = session_solve_answers;
		i++;
	}
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (strcmp(argv[i], "-m") == 0) {
			if (bench_integrator(argv[i + 1]))
				return usage();
			continue;
		}
		char *end;
		double x = strtod(argv[i + 1], &end);
		if (*end || argv[i][1] == 0 || argv[i][2] != 0)
			return usage();
		switch (argv[i][1]) {
		case 't':
			tol = x;
			break;
		case 'b':
			budget = x;
			break;
		case 'n':
			max = (int)x;
			break;
		default:
			return usage();
		}
	}
	if (argc - i < 2 || max < 1)
		return usage();
	const char *id = argv[i], *result = argv[i + 1];
	num_init(); /* GSL's errors reported, not aborting (as main does) */
	struct diag d = {0};
	struct session *s = session_new();
	if (session_load(s, id, &d))
		return fail(id, &d);
	for (int k = i + 2; k < argc; k++) {
		char *eq = strchr(argv[k], '=');
		if (!eq)
			return usage();
		*eq = 0;
		if (session_set(s, argv[k], eq + 1, NULL, &d))
			return fail(argv[k], &d);
	}
	ode_set_tolerance_override(tol);
	const unsigned long long rhs0 = ode_rhs_evaluations();
	if (solve(s, &d)) /* untimed: warms the caches */
		return fail("solve", &d);
	const unsigned long long rhs = ode_rhs_evaluations() - rhs0;
	double *t = malloc((size_t)max * sizeof(double));
	int n = 0;
	const double start = now();
	while (n < max && (n < 3 || now() - start < budget)) {
		double t0 = now();
		int rc = solve(s, &d);
		t[n++] = now() - t0;
		if (rc)
			return fail("solve", &d);
	}
	qsort(t, (size_t)n, sizeof(double), cmp);
	const double median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
	struct lookup lk;
	if (session_lookup(s, result, &lk, &d))
		return fail(result, &d);
	printf("%.17g %.6e %d %llu\n", lk.value.num, median, n, rhs);
	value_release(&lk.value);
	free(t);
	session_free(s);
	return 0;
}
