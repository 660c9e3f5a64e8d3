/* The session, shared by its pieces: the parameters, the solve, the
 * lookups (session.c), and the overlays of several runs, the exercise's
 * `overlay` and `sweep ... plot` (session_overlay.c); not for other
 * modules. */
#ifndef TRIBO_SESSION_SYS_H
#define TRIBO_SESSION_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/session.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* What the last solve's one run of the model made besides its answers:
 * the figures drawn from its run record and its worked steps. A solve
 * runs the model once; nothing here runs it again, so that a `set` after
 * the solve changes nothing of them and `plot`, `steps` and `export` cost
 * no integration (issue 36; they were made on demand by a second run). */
struct kept {
	bool made; /* figs is the solve's (a solve for the answers alone makes none) */
	struct figures figs;
	struct strbuf steps;
	/* the model whose steps' head (model.steps_head) steps still lack:
	 * written ahead of them when they are first read */
	const struct model *head;
};

struct session {
	struct exercise *ex;
	struct param_state *param;
	struct value *result;
	bool solved;
	const char *stale; /* name of the first parameter changed since solve */
	struct kept *kept;
	enum check_verdict *check; /* per result */
	char **check_answer;
	struct figures sweep;
	bool sweep_newer;     /* the sweep came after the last solve */
	unsigned long serial; /* changes with the figures (session_figures_serial) */
	struct expr_q ans;    /* in SI, with its powers */
	bool has_ans;
	size_t step_at;		  /* the step session_step showed last, 0 none */
	char *note;		  /* what the last set left broken for now, or NULL */
	struct figure step_saved; /* the solve's own construction, while stepped */
	struct strbuf told;	  /* session_once's keys, a line each; kept over loads */
};

/* session.c: runs the model on the session's parameters, parameter
 * `over` (if not -1) taking `value` (display unit) instead. */
int ses_run_model(const struct session *s, int over, double value, struct value *res,
		  struct strbuf *steps, struct figures *figs, struct diag *d);

/* session_overlay.c: `overlay = NAME V...` of the exercise: the figures of
 * figs that show a family (with none that does, the first) redrawn with
 * every run. */
int ses_overlay_runs(const struct session *s, struct figures *figs, struct strbuf *steps,
		     struct diag *d);

#endif
