#include "exercise/lint.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/exercise.h"
#include "num/num.h"
#include "plot/figure.h"
#include "util/text.h"
#include "util/xalloc.h"

struct lint {
	const char *path;
	const struct exercise *ex;
	struct strbuf *out;
	struct lint_count n;
	struct value *base; /* the results at the file's values; NULL if it failed */
	struct pending {
		int line;
		size_t seq;
		char *text;
	} * pending; /* findings not yet in out */
	size_t npending;
};

static void finding(struct lint *l, bool error, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void finding(struct lint *l, bool error, int line, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	strbuf_addstr(&sb, l->path);
	if (line > 0)
		strbuf_addf(&sb, ":%d", line);
	strbuf_addstr(&sb, error ? ": error: " : ": warning: ");
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strbuf_addch(&sb, '\n');
	l->pending = xrealloc(l->pending, (l->npending + 1) * sizeof(*l->pending));
	l->pending[l->npending] = (struct pending){line, l->npending, strbuf_detach(&sb)};
	l->npending++;
	if (error)
		l->n.errors++;
	else
		l->n.warnings++;
}

static int cmp_pending(const void *a, const void *b)
{
	const struct pending *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Moves the findings so far to out, in the order of their lines or in the
 * order they came. */
static void flush(struct lint *l, bool by_line)
{
	if (by_line && l->npending)
		qsort(l->pending, l->npending, sizeof(*l->pending), cmp_pending);
	for (size_t i = 0; i < l->npending; i++) {
		strbuf_addstr(l->out, l->pending[i].text);
		free(l->pending[i].text);
	}
	free(l->pending);
	l->pending = NULL;
	l->npending = 0;
}

/* ---- what the parser lets pass ------------------------------------------ */

/* Whether the statement puts in {name}; {{ and }} are literal braces. */
static bool statement_shows(const char *s, const char *name)
{
	size_t len = strlen(name);
	for (const char *p = s; *p; p++) {
		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			p++;
			continue;
		}
		if (*p == '{' && !strncmp(p + 1, name, len) && p[1 + len] == '}')
			return true;
	}
	return false;
}

/* x rounded to `digits` significant digits, as generate rounds a draw. */
static double round_sig(double x, int digits)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.*e", digits - 1, x);
	return strtod(buf, NULL);
}

static void value_text(double x, const char *unit, char *buf, size_t n)
{
	char num[32];
	text_format_number(x, num, sizeof(num));
	snprintf(buf, n, "%s%s%s", num, unit[0] ? " " : "", unit);
}

static void check_file(struct lint *l)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	for (size_t i = 0; i < m->nparams; i++) {
		const struct ex_param *p = &ex->params[i];
		const char *name = p->spec->name;
		if (p->has_draw && !statement_shows(ex->statement, name))
			finding(l, false, p->draw_line,
				"%s is drawn, but the statement never shows it: write {%s} in it",
				name, name);
		if (p->has_draw && !p->digits_line)
			finding(l, false, p->draw_line,
				"draw without digits: drawn values of %s are rounded to %d "
				"significant digits",
				name, p->digits);
		if (!p->has_draw && p->digits_line)
			finding(l, false, p->digits_line, "digits without draw: %s is never drawn",
				name);
		if (p->has_draw && p->draw_lo < p->draw_hi &&
		    round_sig(p->draw_lo, p->digits) == round_sig(p->draw_hi, p->digits)) {
			char v[48];
			value_text(round_sig(p->draw_lo, p->digits), p->unit, v, sizeof(v));
			finding(l, false, p->draw_line,
				"to %d significant digits every drawn %s is %s: give more digits",
				p->digits, name, v);
		}
	}
	if (ex->nanswers == 0)
		finding(l, false, ex->line,
			"no [answer] section: nothing says which results a student is asked for");
}

/* ---- solving at the ends of the draw ranges --------------------------------- */

/* Runs the model with the numeric parameters at val[] (display units), the
 * others at the file's values. res gets every result, or none on failure. */
static int solve_at(const struct exercise *ex, const double *val, struct value *res, struct diag *d)
{
	const struct model *m = ex->model;
	double *num = xcalloc(m->nparams, sizeof(double));
	int *choice = xcalloc(m->nparams, sizeof(int));
	const char **text = xcalloc(m->nparams, sizeof(char *));
	for (size_t i = 0; i < m->nparams; i++) {
		num[i] = ex_param_to_model(&ex->params[i], val[i]);
		choice[i] = ex->params[i].choice;
		text[i] = ex->params[i].text ? ex->params[i].text : "";
	}
	/* figures made and dropped: a model may not expect figs == NULL */
	struct strbuf steps = STRBUF_INIT;
	struct figures figs = FIGURES_INIT;
	struct model_input in = {num, choice, text};
	struct model_output out = {res, &steps, &figs};
	diag_clear(d);
	int rc = m->solve(&in, &out, d);
	for (size_t i = 0; !rc && i < m->nresults; i++)
		if (res[i].kind == VAL_NONE)
			rc = diag_set(d, "model %s left result %s unset", m->name,
				      m->results[i].name);
	if (rc)
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
	strbuf_release(&steps);
	figures_release(&figs);
	free(num);
	free(choice);
	free(text);
	return rc;
}

static bool asks_for(const struct exercise *ex, const char *name)
{
	for (size_t i = 0; i < ex->nanswers; i++)
		if (!strcmp(ex->answers[i].name, name))
			return true;
	return false;
}

/* The result called `name`, or NULL when the model has none (or it is not
 * of `kind`). */
static const struct value *result(const struct lint *l, const struct value *res, const char *name,
				  enum value_kind kind)
{
	int i = model_result_index(l->ex->model, name);
	return i >= 0 && res[i].kind == kind ? &res[i] : NULL;
}

/* Why the results `res` are degenerate next to the file's, or NULL. */
static const char *degenerate(const struct lint *l, const struct value *res, char *buf, size_t n)
{
	const struct exercise *ex = l->ex;
	const struct value *b = l->base;
	/* nothing happens: every asked-for number the file's values make
	 * nonzero is zero here (one of them alone may be zero by symmetry) */
	size_t moving = 0, still = 0, last = 0;
	for (size_t i = 0; i < ex->nanswers; i++) {
		int k = ex->answers[i].result;
		if (res[k].kind != VAL_NUMBER || b[k].kind != VAL_NUMBER || !isfinite(b[k].num) ||
		    b[k].num == 0)
			continue;
		moving++;
		if (fabs(res[k].num) <= 1e-12 * fabs(b[k].num)) {
			still++;
			last = i;
		}
	}
	if (moving && still == moving) {
		int k = ex->answers[last].result;
		char v[48];
		value_text(b[k].num, ex->model->results[k].unit, v, sizeof(v));
		if (moving == 1)
			snprintf(buf, n, "%s = 0 (%s at the file's values): nothing happens",
				 ex->answers[last].name, v);
		else
			snprintf(buf, n, "every answer is 0: nothing happens");
		return buf;
	}
	static const char *const settles[] = {"converged", "steady"};
	for (size_t i = 0; i < 2; i++) {
		const struct value *r = result(l, res, settles[i], VAL_BOOL);
		const struct value *r0 = result(l, b, settles[i], VAL_BOOL);
		if (r && r0 && r0->b && !r->b) {
			snprintf(buf, n, "%s = false (true at the file's values)", settles[i]);
			return buf;
		}
	}
	static const char *const kinds[] = {"moves", "stuck"};
	for (size_t i = 0; i < 2; i++) {
		const struct value *r = result(l, res, kinds[i], VAL_BOOL);
		const struct value *r0 = result(l, b, kinds[i], VAL_BOOL);
		if (r && r0 && r0->b != r->b) {
			snprintf(buf, n,
				 "%s = %s (%s at the file's values): the problem changes in kind",
				 kinds[i], r->b ? "true" : "false", r0->b ? "true" : "false");
			return buf;
		}
	}
	const struct value *o = result(l, res, "outcome", VAL_WORD);
	const struct value *o0 = result(l, b, "outcome", VAL_WORD);
	if (o && o0 && !strcmp(o->word, "paradox") && strcmp(o0->word, "paradox") &&
	    !asks_for(ex, "outcome") && !asks_for(ex, "mode")) {
		snprintf(buf, n,
			 "outcome = paradox (%s at the file's values), which the exercise does not "
			 "ask about",
			 o0->word);
		return buf;
	}
	return NULL;
}

/* One point: solves there and says what is wrong. `where` describes the
 * point ("at mu = 0.8"); `line` is the line the findings name. */
static void check_point(struct lint *l, const double *val, int line, const char *where,
			bool is_base)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	struct diag d;
	char why[256];
	l->n.solves++;
	if (solve_at(ex, val, res, &d)) {
		if (is_base)
			finding(l, true, line,
				"the exercise does not solve at the file's values: %s", d.msg);
		else
			finding(l, false, line, "solve fails %s: %s", where, d.msg);
		free(res);
		return;
	}
	for (size_t i = 0; i < ex->nanswers; i++) {
		const struct value *r = &res[ex->answers[i].result];
		if (r->kind == VAL_NUMBER && !isfinite(r->num))
			finding(l, false, line, "%s is not finite (%s) %s", ex->answers[i].name,
				isnan(r->num) ? "nan"
				: r->num > 0  ? "inf"
					      : "-inf",
				where);
	}
	if (is_base) {
		l->base = res;
		return;
	}
	if (l->base && degenerate(l, res, why, sizeof(why)))
		finding(l, false, line, "degenerate %s: %s", where, why);
	for (size_t i = 0; i < m->nresults; i++)
		value_release(&res[i]);
	free(res);
}

static void describe(const struct exercise *ex, const double *val, size_t i, struct strbuf *sb)
{
	char v[48];
	value_text(val[i], ex->params[i].unit, v, sizeof(v));
	strbuf_addf(sb, "%s = %s", ex->params[i].spec->name, v);
}

static void check_solves(struct lint *l)
{
	const struct exercise *ex = l->ex;
	size_t np = ex->model->nparams, ndraw = 0, first = 0;
	double *file = xcalloc(np, sizeof(double)), *val = xcalloc(np, sizeof(double));
	struct strbuf where = STRBUF_INIT;
	for (size_t i = 0; i < np; i++) {
		file[i] = ex->params[i].value;
		if (ex->params[i].has_draw && ndraw++ == 0)
			first = i;
	}
	num_interrupted = 0;
	check_point(l, file, ex->line, "at the file's values", true);
	for (size_t i = 0; i < np && !num_interrupted; i++) {
		const struct ex_param *p = &ex->params[i];
		if (!p->has_draw)
			continue;
		for (int hi = 0; hi < 2 && !num_interrupted; hi++) {
			memcpy(val, file, np * sizeof(double));
			val[i] = hi ? p->draw_hi : p->draw_lo;
			strbuf_reset(&where);
			strbuf_addstr(&where, "at ");
			describe(ex, val, i, &where);
			check_point(l, val, p->draw_line, strbuf_str(&where), false);
		}
	}
	for (int hi = 0; hi < 2 && ndraw >= 2 && !num_interrupted; hi++) {
		strbuf_reset(&where);
		strbuf_addstr(&where, "at ");
		memcpy(val, file, np * sizeof(double));
		for (size_t i = 0, k = 0; i < np; i++) {
			const struct ex_param *p = &ex->params[i];
			if (!p->has_draw)
				continue;
			val[i] = hi ? p->draw_hi : p->draw_lo;
			if (k++)
				strbuf_addstr(&where, ", ");
			describe(ex, val, i, &where);
		}
		strbuf_addf(&where, " (every draw at its %s end)", hi ? "high" : "low");
		check_point(l, val, ex->params[first].draw_line, strbuf_str(&where), false);
	}
	if (num_interrupted)
		finding(l, false, 0, "interrupted after %d solves: the rest were not tried",
			l->n.solves);
	strbuf_release(&where);
	free(file);
	free(val);
}

int exercise_lint(const char *path, struct strbuf *out, struct lint_count *count)
{
	struct lint l = {.path = path, .out = out};
	struct diag d;
	struct exercise *ex = exercise_read(path, &d);
	if (!ex) {
		/* the parser's message as it gives it, marked as lint's error */
		char msg[sizeof(d.msg)];
		snprintf(msg, sizeof(msg), "%s", d.msg);
		snprintf(d.msg, sizeof(d.msg), "error: %.*s", (int)sizeof(d.msg) - 8, msg);
		if (!d.file[0])
			snprintf(d.file, sizeof(d.file), "%s", path);
		diag_format(&d, out);
		l.n.errors++;
	} else {
		l.ex = ex;
		check_file(&l);
		flush(&l, true);
		check_solves(&l);
		flush(&l, false);
		if (l.base) {
			for (size_t i = 0; i < ex->model->nresults; i++)
				value_release(&l.base[i]);
			free(l.base);
		}
		exercise_free(ex);
	}
	if (l.n.errors == 0 && l.n.warnings == 0)
		strbuf_addf(out, "%s: ok (%d solve%s)\n", path, l.n.solves,
			    l.n.solves == 1 ? "" : "s");
	else
		strbuf_addf(out, "%s: %d error%s, %d warning%s\n", path, l.n.errors,
			    l.n.errors == 1 ? "" : "s", l.n.warnings, l.n.warnings == 1 ? "" : "s");
	if (count)
		*count = l.n;
	return l.n.errors;
}
