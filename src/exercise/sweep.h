/* sweep NAME FROM TO STEPS RESULT… (SPEC §2): one numeric parameter varied,
 * the model solved at each point, the chosen results tabulated. The
 * session's parameters and results are left as they were; the sweep is
 * kept in it (session_sweep) as a table and a figure named "sweep". */
#ifndef TRIBO_SWEEP_H
#define TRIBO_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/session.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum { SWEEP_MAX_STEPS = 10000, SWEEP_MAX_NAMES = 16 };

struct sweep_report {
	size_t done;	     /* points computed (all, unless interrupted) */
	size_t failed;	     /* points whose solve failed: NaN in the table */
	bool *failed_at;     /* done flags, one a point (owned) */
	size_t absent;	     /* values that do not exist at their point: gaps */
	struct strbuf notes; /* "mu = 0.3: why" for the first failures and gaps */
	bool kept;	     /* the session keeps it as its sweep */
};

void sweep_report_release(struct sweep_report *r);

/* Runs the sweep. `names` are results or parameters, all numeric. Fails
 * before solving anything for a bad name or range, and after the points
 * when every one of them failed or a Ctrl-C (num_interrupted) stopped it;
 * an interrupted sweep keeps the points it has. The report says which
 * points failed and why. */
int sweep_run(struct session *s, const char *param, double from, double to, int steps,
	      const char *const *names, size_t nnames, struct sweep_report *r, struct diag *d);

#endif
