#include "num/num.h"

#include <gsl/gsl_errno.h>
#include <stdio.h>

volatile sig_atomic_t num_interrupted;

static char last_error[256];
static void (*progress_hook)(const char *what, double fraction);

void num_progress(const char *what, double fraction)
{
	if (progress_hook)
		progress_hook(what, fraction);
}

void num_set_progress_hook(void (*hook)(const char *what, double fraction))
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
