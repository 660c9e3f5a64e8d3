/* Checking what a model hands over to be drawn: figures and curves by
 * name, and that drawing moves no result. */
#ifndef TRIBO_FIGTEST_H
#define TRIBO_FIGTEST_H

#include <check.h>
#include <string.h>

#include "modelrun.h"

/* The last solve's figure `name`; fails the test when there is none. */
static inline const struct figure *figure(struct run *r, const char *name)
{
	const struct figure *f = figures_find(&r->figs, name);
	ck_assert_msg(f != NULL, "%s: no figure %s", r->m->name, name);
	return f;
}

/* The first curve of f whose label starts with `prefix`. */
static inline const struct curve *curve_named(const struct figure *f, const char *prefix)
{
	for (size_t i = 0; i < f->ncurves; i++)
		if (!strncmp(f->curves[i].label, prefix, strlen(prefix)))
			return &f->curves[i];
	ck_abort_msg("no curve '%s…' in figure %s", prefix, f->name);
	return NULL;
}

/* Solves r's parameters again with no figures asked for: the results and
 * the steps are the last solve's to the bit. */
static inline void check_figures_change_nothing(struct run *r)
{
	struct value res2[MAXP];
	struct strbuf steps = STRBUF_INIT;
	struct model_input in = {r->num, r->choice, r->text, r->m};
	struct model_output out = {res2, &steps, NULL};
	memset(res2, 0, sizeof(res2));
	ck_assert_msg(model_run(r->m, &in, &out, &r->d) == 0, "%s: %s", r->m->name, r->d.msg);
	for (size_t k = 0; k < r->m->nresults; k++) {
		const struct value *a = &res2[k], *b = &r->res[k];
		ck_assert_int_eq(a->kind, b->kind);
		ck_assert_msg(a->num == b->num && a->b == b->b, "%s moved: %.17g, %.17g",
			      r->m->results[k].name, a->num, b->num);
		if (a->kind == VAL_WORD)
			ck_assert_str_eq(a->word, b->word);
		value_release(&res2[k]);
	}
	ck_assert_str_eq(strbuf_str(&steps), strbuf_str(&r->steps));
	strbuf_release(&steps);
}

#endif
