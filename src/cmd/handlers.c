/* The commands of SPEC §2 that work on the session. */
#include "cmd/handlers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/expr.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

/* s as text from an exercise file is written: escaped, so that a hostile
 * file cannot drive the terminal (util/utf8.h). Returns tmp's text. */
static const char *clean(struct strbuf *tmp, const char *s)
{
	strbuf_reset(tmp);
	utf8_add_clean(tmp, s);
	return strbuf_str(tmp);
}

/* Pads or cuts s to `width` columns, marking a cut with '…'. */
static void add_clipped(struct strbuf *out, const char *s, int width)
{
	if (utf8_width(s) <= width) {
		strbuf_addpad(out, s, width);
		return;
	}
	int w = 0;
	while (*s) {
		uint32_t c;
		size_t n = utf8_decode(s, &c);
		w += utf8_cp_width(c);
		if (w > width - 1)
			break;
		strbuf_add(out, s, n);
		s += n;
	}
	for (; w < width - 1; w++) /* a wide character that did not fit */
		strbuf_addch(out, ' ');
	strbuf_addstr(out, "…");
}

int cmd_list(struct cmd_ctx *c)
{
	struct catalog cat;
	struct strbuf tmp = STRBUF_INIT;
	catalog_scan(&cat);
	int wid = 2, wtitle = 5;
	for (size_t i = 0; i < cat.n; i++) {
		int a = utf8_width(cat.entry[i].id);
		int b = utf8_width(clean(&tmp, cat.entry[i].title));
		wid = a > wid ? a : wid;
		wtitle = b > wtitle ? b : wtitle;
	}
	if (wtitle > 48)
		wtitle = 48;
	if (cat.n == 0) {
		strbuf_addstr(c->out, "no exercises found; they are searched in "
				      "$XDG_DATA_HOME/tribo/exercises, the installed "
				      "share/tribo/exercises and $TRIBO_PATH\n");
	} else {
		strbuf_addpad(c->out, "id", wid + 2);
		strbuf_addpad(c->out, "title", wtitle + 2);
		strbuf_addstr(c->out, "source\n");
	}
	for (size_t i = 0; i < cat.n; i++) {
		strbuf_addpad(c->out, cat.entry[i].id, wid + 2);
		add_clipped(c->out, clean(&tmp, cat.entry[i].title), wtitle);
		strbuf_addstr(c->out, "  ");
		strbuf_addf(c->out, "%s\n", clean(&tmp, cat.entry[i].source));
	}
	/* every warning's first line says so; a parse error's source line and
	 * caret below it are indented */
	for (const char *w = strbuf_str(&cat.warnings); *w;) {
		size_t n = strcspn(w, "\n");
		if (*w != ' ')
			strbuf_addstr(c->out, "warning: ");
		strbuf_add(c->out, w, n);
		strbuf_addch(c->out, '\n');
		w += n + (w[n] == '\n');
	}
	catalog_release(&cat);
	strbuf_release(&tmp);
	return 0;
}

int cmd_load(struct cmd_ctx *c)
{
	if (session_load(c->s, ARG(1), c->d))
		return -1;
	const struct exercise *ex = session_exercise(c->s);
	if (c->interactive) {
		strbuf_addf(c->out, "loaded %s: ", ex->id);
		utf8_add_clean(c->out, ex->title);
		strbuf_addch(c->out, '\n');
	}
	return 0;
}

/* The domain column: the range of a number, the words of a choice. */
static void param_range(const struct ex_param *p, char *range, size_t n)
{
	if (p->spec->kind == PARAM_NUMBER)
		ex_param_range(p, range, n);
	else if (p->spec->kind == PARAM_CHOICE)
		snprintf(range, n, "%s", p->spec->choices);
	else
		range[0] = '\0';
}

static void add_param_line(struct cmd_ctx *c, size_t i, int range_width)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct ex_param *p = &ex->params[i];
	const struct param_state *st = session_param(c->s, i);
	struct strbuf v = STRBUF_INIT, tmp = STRBUF_INIT;
	char range[128];
	session_param_text(c->s, i, &v);
	strbuf_addstr(c->out, st->changed ? " *" : "  ");
	strbuf_addpad(c->out, p->spec->name, 10);
	strbuf_addch(c->out, ' ');
	strbuf_addpad(c->out, clean(&tmp, strbuf_str(&v)), 14);
	strbuf_addch(c->out, ' ');
	strbuf_addpad(c->out, p->unit, 7);
	param_range(p, range, sizeof(range));
	strbuf_addpad(c->out, range, range_width);
	strbuf_addf(c->out, " %s\n", p->spec->doc);
	strbuf_release(&v);
	strbuf_release(&tmp);
}

static void add_result_line(struct cmd_ctx *c, size_t i)
{
	const struct result_spec *r = &session_exercise(c->s)->model->results[i];
	const struct value *v = session_result(c->s, i);
	strbuf_addf(c->out, "%s = ", r->name);
	value_format_inline(v, c->out);
	if (r->unit[0] && (v->kind == VAL_NUMBER || v->kind == VAL_MATRIX))
		strbuf_addf(c->out, " %s", r->unit);
	strbuf_addch(c->out, '\n');
}

int cmd_show(struct cmd_ctx *c)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct model *m = ex->model;
	struct strbuf st = STRBUF_INIT, tmp = STRBUF_INIT;
	strbuf_addf(c->out, "%s: %s\n", ex->id, clean(&tmp, ex->title));
	if (ex->source[0])
		strbuf_addf(c->out, "source: %s\n", clean(&tmp, ex->source));
	strbuf_addf(c->out, "model:  %s, %s\n", m->name, m->summary);
	session_statement(c->s, &st);
	if (st.len) {
		strbuf_addch(c->out, '\n');
		text_wrap(c->out, clean(&tmp, strbuf_str(&st)), 76, 2);
	}
	strbuf_release(&st);
	strbuf_release(&tmp);
	strbuf_addstr(c->out, "\nparameters:\n");
	bool changed = false;
	int range_width = 20;
	for (size_t i = 0; i < m->nparams; i++) {
		char range[128];
		param_range(&ex->params[i], range, sizeof(range));
		if (utf8_width(range) > range_width)
			range_width = utf8_width(range);
	}
	for (size_t i = 0; i < m->nparams; i++) {
		add_param_line(c, i, range_width);
		changed |= session_param(c->s, i)->changed;
	}
	if (changed)
		strbuf_addstr(c->out, "  (* changed from the exercise's value)\n");
	if (ex->nanswers) {
		strbuf_addstr(c->out, "\nasked for:");
		for (size_t i = 0; i < ex->nanswers; i++)
			strbuf_addf(c->out, "%s %s (%s)", i ? "," : "", ex->answers[i].name,
				    ex->answers[i].unit[0] ? ex->answers[i].unit : "no unit");
		strbuf_addch(c->out, '\n');
	}
	if (!session_solved(c->s)) {
		strbuf_addstr(c->out, "\nresults: none yet ('solve' computes them)\n");
		return 0;
	}
	if (session_stale(c->s))
		strbuf_addf(c->out, "\nresults (out of date: %s changed since 'solve'):\n",
			    session_stale(c->s));
	else
		strbuf_addstr(c->out, "\nresults:\n");
	for (size_t i = 0; i < m->nresults; i++) {
		strbuf_addstr(c->out, "  ");
		add_result_line(c, i);
	}
	return 0;
}

int cmd_set(struct cmd_ctx *c)
{
	if (session_set(c->s, ARG(1), ARG(2), c->args->n > 3 ? ARG(3) : NULL, c->d))
		return -1;
	if (c->interactive) {
		const struct exercise *ex = session_exercise(c->s);
		int i = model_param_index(ex->model, ARG(1));
		strbuf_addf(c->out, "%s = ", ARG(1));
		session_param_text(c->s, (size_t)i, c->out);
		if (ex->params[i].spec->kind == PARAM_NUMBER && ex->params[i].unit[0])
			strbuf_addf(c->out, " %s", ex->params[i].unit);
		strbuf_addch(c->out, '\n');
	}
	return 0;
}

int cmd_reset(struct cmd_ctx *c)
{
	if (session_reset(c->s, c->args->n > 1 ? ARG(1) : NULL, c->d))
		return -1;
	if (c->interactive)
		strbuf_addf(c->out, "%s back to the exercise's value%s\n",
			    c->args->n > 1 ? ARG(1) : "all parameters", c->args->n > 1 ? "" : "s");
	return 0;
}

int cmd_solve(struct cmd_ctx *c)
{
	if (session_solve(c->s, c->d))
		return -1;
	if (c->interactive) {
		const struct model *m = session_exercise(c->s)->model;
		for (size_t i = 0; i < m->nresults; i++)
			add_result_line(c, i);
	}
	return 0;
}

int cmd_print(struct cmd_ctx *c)
{
	/* check every name first, so that a bad one prints nothing at all */
	for (size_t i = 1; i < c->args->n; i++) {
		struct lookup lk;
		if (session_lookup(c->s, ARG(i), &lk, c->d))
			return -1;
		value_release(&lk.value);
	}
	struct strbuf text = STRBUF_INIT;
	for (size_t i = 1; i < c->args->n; i++) {
		struct lookup lk;
		session_lookup(c->s, ARG(i), &lk, c->d);
		strbuf_reset(&text);
		value_format(&lk.value, &text);
		utf8_add_clean(c->out, strbuf_str(&text)); /* a text value is the file's */
		strbuf_addch(c->out, '\n');
		value_release(&lk.value);
	}
	strbuf_release(&text);
	return 0;
}

int cmd_table(struct cmd_ctx *c)
{
	const struct model *m = session_exercise(c->s)->model;
	for (size_t i = 0; i < m->nresults; i++)
		add_result_line(c, i);
	return 0;
}

int cmd_steps(struct cmd_ctx *c)
{
	text_wrap_lines(c->out, session_steps(c->s), 78);
	return 0;
}

static int lookup_si(const char *name, double *value, struct diag *d, void *ctx)
{
	return session_value_si(ctx, name, value, d);
}

int cmd_eval(struct cmd_ctx *c)
{
	double x;
	if (expr_eval(c->rest, lookup_si, c->s, &x, c->d)) {
		/* point into the whole command line, not just the expression */
		if (c->d->col > 0) {
			int off = (int)(strstr(c->line, c->rest) - c->line);
			char msg[sizeof(c->d->msg)];
			memcpy(msg, c->d->msg, sizeof(msg));
			diag_at(c->d, "", 0, c->d->col + off, c->line, "%s", msg);
		}
		return -1;
	}
	if (isnan(x))
		return diag_set(c->d, "the result is not a number (a square root or logarithm "
				      "of a negative value?)");
	char buf[32];
	text_format_number(x, buf, sizeof(buf));
	strbuf_addf(c->out, "%s\n", buf);
	return 0;
}
