#include "num/num.h"

#include <gsl/gsl_errno.h>
#include <stdio.h>

volatile sig_atomic_t num_interrupted;

static char last_error[256];
static int last_status; /* the status GSL's handler was called with, 0: none */
static void (*progress_hook)(const struct num_progress *p);

void num_progress_time(double done, double total)
{
	if (progress_hook)
		progress_hook(&(struct num_progress){
			.kind = NUM_PROGRESS_TIME, .done = done, .total = total});
}

void num_progress_points(long done, long total)
{
	if (progress_hook)
		progress_hook(&(struct num_progress){
			.kind = NUM_PROGRESS_POINTS, .done = (double)done, .total = (double)total});
}

void num_progress_settle(long count, double change, double tol, long cap)
{
	if (progress_hook)
		progress_hook(&(struct num_progress){.kind = NUM_PROGRESS_SETTLE,
						     .count = count,
						     .change = change,
						     .tol = tol,
						     .cap = cap});
}

void num_set_progress_hook(void (*hook)(const struct num_progress *p))
{
	progress_hook = hook;
}

static void record_error(const char *reason, const char *file, int line, int gsl_errno)
{
	(void)file;
	(void)line;
	snprintf(last_error, sizeof(last_error), "%s (%s)", reason, gsl_strerror(gsl_errno));
	last_status = gsl_errno;
}

void num_init(void)
{
	gsl_set_error_handler(record_error);
}

const char *num_gsl_error(void)
{
	return last_error;
}

void num_gsl_clear(void)
{
	last_error[0] = '\0';
	last_status = 0;
}

/* What a GSL status means to someone solving an exercise, in tribo's words
 * (GSL's own, "bad integrand behavior found…" or "endpoints do not straddle
 * y=0", name the algorithm's state, not the problem's). NULL: no wording. */
static const char *status_words(int status)
{
	switch (status) {
	case GSL_EMAXITER:
		return "it reached its iteration limit before its tolerance";
	case GSL_EROUND:
		return "rounding error keeps it from the accuracy asked";
	case GSL_ESING:
		return "the function has a singularity or a jump it could not resolve";
	case GSL_EDIVERGE:
		return "the integral does not converge";
	case GSL_EINVAL:
		return "it was given a bracket or an argument it cannot use (for a root: both "
		       "ends on one side of zero)";
	case GSL_EBADFUNC:
		return "a value it computed is not a finite number";
	case GSL_EDOM:
		return "a value fell outside the domain of its formula (a matrix not positive "
		       "definite, a negative square root)";
	case GSL_ETOL:
	case GSL_ENOPROG:
	case GSL_ENOPROGJ:
		return "it stopped making progress toward its tolerance";
	case GSL_FAILURE:
	case GSL_EFAILED:
		return "its step fell below what the numbers can resolve";
	default:
		return NULL;
	}
}

int num_fail(struct diag *d, int status, const char *what)
{
	if (num_interrupted)
		return diag_set(d, "%s: interrupted", what);
	const char *words = status_words(last_status ? last_status : status);
	if (!words)
		words = last_error[0] ? last_error : gsl_strerror(status);
	return diag_set(d,
			"%s failed: %s; the values may lie at an edge of what the model can "
			"solve (values nearer the exercise's own, or a smaller horizon, may do)",
			what, words);
}
