/* Running a model from the check suites: its defaults, parameters set by
 * name, results read by name. */
#ifndef TRIBO_MODELRUN_H
#define TRIBO_MODELRUN_H

#include <check.h>
#include <math.h>
#include <string.h>

#include "models/model.h"

enum { MAXP = 32 };

struct run {
	const struct model *m;
	double num[MAXP];
	int choice[MAXP];
	const char *text[MAXP];
	struct value res[MAXP];
	struct strbuf steps;
	struct figures figs; /* the last solve's */
	bool no_figs;	     /* solve with figs = NULL: for loops that check results only */
	struct diag d;
};

static inline void run_init(struct run *r, const char *model)
{
	memset(r, 0, sizeof(*r));
	r->m = model_find(model);
	ck_assert_ptr_nonnull(r->m);
	ck_assert_int_le(r->m->nparams, MAXP);
	for (size_t i = 0; i < r->m->nparams; i++) {
		r->num[i] = r->m->params[i].def;
		r->text[i] = r->m->params[i].def_text ? r->m->params[i].def_text : "";
	}
	strbuf_init(&r->steps);
}

static inline int pidx(struct run *r, const char *name)
{
	int i = model_param_index(r->m, name);
	ck_assert_msg(i >= 0, "no parameter %s", name);
	return i;
}

static inline void setn(struct run *r, const char *name, double x)
{
	r->num[pidx(r, name)] = x;
}

static inline void setw(struct run *r, const char *name, const char *word)
{
	int i = pidx(r, name);
	r->choice[i] = param_choice_index(&r->m->params[i], word);
	ck_assert_msg(r->choice[i] >= 0, "%s: no choice %s", name, word);
}

static inline void sett(struct run *r, const char *name, const char *text)
{
	r->text[pidx(r, name)] = text;
}

static inline int solve(struct run *r)
{
	struct model_input in = {r->num, r->choice, r->text, r->m};
	struct model_output out = {r->res, &r->steps, r->no_figs ? NULL : &r->figs};
	for (size_t i = 0; i < r->m->nresults; i++)
		value_release(&r->res[i]);
	strbuf_reset(&r->steps);
	figures_release(&r->figs);
	int rc = model_run(r->m, &in, &out, &r->d);
	figures_ready(
		&r->figs); /* the figures a model leaves for later, drawn as plot draws them */
	return rc;
}

static inline void solve_ok(struct run *r)
{
	ck_assert_msg(solve(r) == 0, "%s: %s", r->m->name, r->d.msg);
}

static inline double res(struct run *r, const char *name)
{
	int i = model_result_index(r->m, name);
	ck_assert_msg(i >= 0, "no result %s", name);
	return r->res[i].num;
}

static inline const struct value *resv(struct run *r, const char *name)
{
	int i = model_result_index(r->m, name);
	ck_assert_msg(i >= 0, "no result %s", name);
	return &r->res[i];
}

static inline const char *resw(struct run *r, const char *name)
{
	int i = model_result_index(r->m, name);
	ck_assert_msg(i >= 0 && r->res[i].kind == VAL_WORD, "no word result %s", name);
	return r->res[i].word;
}

static inline bool resb(struct run *r, const char *name)
{
	int i = model_result_index(r->m, name);
	ck_assert_msg(i >= 0 && r->res[i].kind == VAL_BOOL, "no boolean result %s", name);
	return r->res[i].b;
}

static inline void run_free(struct run *r)
{
	for (size_t i = 0; i < r->m->nresults; i++)
		value_release(&r->res[i]);
	strbuf_release(&r->steps);
	figures_release(&r->figs);
}

/* |a - b| <= tol * scale */
#define ck_assert_near(a, b, tol, scale)                                                           \
	do {                                                                                       \
		double a__ = (a), b__ = (b), s__ = (scale);                                        \
		ck_assert_msg(fabs(a__ - b__) <= (tol)*s__, "%s = %.17g, expected %.17g (±%g)",    \
			      #a, a__, b__, (tol)*s__);                                            \
	} while (0)

#endif
