#include "num/num.h"

#include <gsl/gsl_errno.h>
#include <stdio.h>

volatile sig_atomic_t num_interrupted;

static char last_error[256];
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
}

int num_fail(struct diag *d, int status, const char *what)
{
	if (num_interrupted)
		return diag_set(d, "%s: interrupted", what);
	if (last_error[0])
		return diag_set(d, "%s failed: %s", what, last_error);
	return diag_set(d, "%s failed: %s", what, gsl_strerror(status));
}
