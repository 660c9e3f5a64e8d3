#include "exercise/lint.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "exercise/degenerate.h"
#include "exercise/exercise.h"
#include "exercise/problemset.h"
#include "exercise/scene_spec.h"
#include "models/lagrange.h"
#include "num/figure.h"
#include "num/num.h"
#include "util/text.h"
#include "util/utf8.h"
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
	bool *undefined_said; /* per answer: its "has no value" at a draw point said */
	int undefined_more;   /* further draw points where an answer has no value */
	bool in_box;	      /* check_box's points: one finding of each kind, the rest counted */
	bool fail_said, degenerate_said;
	int fail_more, degenerate_more;
};

static void add_pending(struct lint *l, bool error, int line, struct strbuf *sb)
{
	l->pending = xrealloc(l->pending, (l->npending + 1) * sizeof(*l->pending));
	l->pending[l->npending] = (struct pending){line, l->npending, strbuf_detach(sb)};
	l->npending++;
	if (error)
		l->n.errors++;
	else
		l->n.warnings++;
}

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
	add_pending(l, error, line, &sb);
}

/* An error at a column of a line, shown as the parser's are: FILE:LINE:COL,
 * then the line and a caret. */
static void error_at(struct lint *l, int line, int col, const char *source, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void error_at(struct lint *l, int line, int col, const char *source, const char *fmt, ...)
{
	struct diag d;
	char msg[sizeof(d.msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_at(&d, l->path, line, col, source, "error: %s", msg);
	struct strbuf sb = STRBUF_INIT;
	diag_format(&d, &sb);
	add_pending(l, true, line, &sb);
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

static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* Where a text a sheet prints (a statement, a source, an answer's text)
 * says how to drive the workbench (issue 39, point 3): a backquote,
 * "tribo", "issue N", or "set NAME" with NAME one of the model's
 * parameters; what it found, written into buf, or NULL. Words a sheet
 * may well hold ("solve the equation", "plot the curve") are left
 * alone: the shipped exercises' sheets are searched by tests/sheets.sh. */
static const char *tool_words(const struct model *m, const char *text, char *buf, size_t n)
{
	for (const char *p = text; *p; p++) {
		bool start = p == text || !word_char(p[-1]);
		if (*p == '`')
			return "a backquote";
		if (start && !strncasecmp(p, "tribo", 5) && !word_char(p[5]))
			return "'tribo'";
		if (start && !strncasecmp(p, "issue ", 6) && p[6] >= '0' && p[6] <= '9')
			return "'issue N'";
		if (start && !strncmp(p, "set ", 4))
			for (size_t i = 0; i < m->nparams; i++) {
				const char *name = m->params[i].name;
				size_t len = strlen(name);
				if (!strncmp(p + 4, name, len) && !word_char(p[4 + len])) {
					snprintf(buf, n, "'set %s'", name);
					return buf;
				}
			}
	}
	return NULL;
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
	char what[96];
	const char *w;
	if ((w = tool_words(m, ex->statement, what, sizeof(what))))
		finding(l, false, ex->line,
			"the statement says how to drive tribo (%s): a sheet prints it; what to "
			"type goes in hint",
			w);
	if ((w = tool_words(m, ex->source, what, sizeof(what))))
		finding(l, false, ex->line,
			"the source says %s: name the paper or textbook (or 'after AUTHOR (YEAR)')",
			w);
	for (size_t i = 0; i < ex->nanswers; i++)
		if (ex->answers[i].text &&
		    (w = tool_words(m, ex->answers[i].text, what, sizeof(what))))
			finding(l, false, ex->answers[i].line,
				"the text of %s says how to drive tribo (%s): a sheet prints it",
				ex->answers[i].name, w);
	/* issue 43, point 8: generate writes them as \xHH */
	for (size_t i = 0; i < ex->nunwritable && i < EX_UNWRITABLE_KEPT; i++) {
		const struct ex_unwritable *u = &ex->unwritable[i];
		struct strbuf hex = STRBUF_INIT;
		char one[5] = {0};
		uint32_t cp;
		memcpy(one, u->source + u->col - 1, utf8_decode(u->source + u->col - 1, &cp));
		utf8_add_clean(&hex, one);
		error_at(l, u->line, u->col, u->source,
			 "U+%04X, %s (generate writes it as %s, in LaTeX as [U+%04X])",
			 (unsigned)u->cp, utf8_cp_unwritable(u->cp), strbuf_str(&hex),
			 (unsigned)u->cp);
		strbuf_release(&hex);
	}
	if (ex->nunwritable > EX_UNWRITABLE_KEPT) {
		/* each an error of the count, as each one above */
		l->n.errors += (int)(ex->nunwritable - EX_UNWRITABLE_KEPT) - 1;
		finding(l, true, ex->unwritable[EX_UNWRITABLE_KEPT - 1].line,
			"%zu more characters that no output may hold, from here on (the "
			"first %d are above)",
			ex->nunwritable - EX_UNWRITABLE_KEPT, EX_UNWRITABLE_KEPT);
	}
}

/* ---- solving at the ends of the draw ranges --------------------------------- */

/* Runs the model with the numeric parameters at val[] (display units), the
 * others at the file's values. res gets every result, or none on failure. */
/* Solves at val; the run's figures made into figs (NULL: made and
 * dropped, for a model may not expect figs == NULL). */
static int solve_figs(const struct exercise *ex, const double *val, struct value *res,
		      struct figures *keep, struct diag *d)
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
	struct figures figs = FIGURES_INIT;
	struct model_input in = {num, choice, text, m};
	struct model_output out = {res, NULL, keep ? keep : &figs};
	diag_clear(d);
	int rc = model_run(m, &in, &out, d);
	for (size_t i = 0; !rc && i < m->nresults; i++)
		if (res[i].kind == VAL_NONE)
			rc = diag_set(d, "model %s left result %s unset", m->name,
				      m->results[i].name);
	if (!rc)
		model_results_settle(m, res);
	if (rc)
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
	figures_release(&figs);
	free(num);
	free(choice);
	free(text);
	return rc;
}

static int solve_at(const struct exercise *ex, const double *val, struct value *res, struct diag *d)
{
	return solve_figs(ex, val, res, NULL, d);
}

/* `figure = NAME`: a figure the solve at the file's values makes (the
 * sheet draws it for every variant). none and scene need no solve. */
static void check_figure(struct lint *l)
{
	const struct exercise *ex = l->ex;
	if (!ex->figure || !strcmp(ex->figure, "none") || !strcmp(ex->figure, "scene") || !l->base)
		return;
	const struct model *m = ex->model;
	double *file = xcalloc(m->nparams, sizeof(double));
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	for (size_t i = 0; i < m->nparams; i++)
		file[i] = ex->params[i].value;
	struct figures figs = FIGURES_INIT;
	struct diag d;
	l->n.solves++;
	if (!solve_figs(ex, file, res, &figs, &d)) {
		figures_ready(&figs);
		if (!figures_find(&figs, ex->figure)) {
			struct strbuf names = STRBUF_INIT;
			for (size_t i = 0; i < figs.nfig; i++)
				strbuf_addf(&names, "%s%s", i ? ", " : "", figs.fig[i].name);
			finding(l, true, ex->figure_line,
				"figure '%s' is not one of the exercise's figures: none, scene%s%s",
				ex->figure, figs.nfig ? ", " : "", strbuf_str(&names));
			strbuf_release(&names);
		}
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
	}
	figures_release(&figs);
	free(res);
	free(file);
}

/* One point: solves there and says what is wrong. `where` describes the
 * point ("at mu = 0.8"); `line` is the line the findings name.
 *
 * An answer asked for that has no value, at the file's values or at any
 * point of the draw box, is an error: the exercise promises its answers
 * for every draw (issue 37, item 7), and a student given such a variant
 * has nothing to find. generate would redraw it, but a file that needs
 * redraws to keep its promise says so with an error, for the shipped
 * exercises and a user's alike: narrowing the range is the fix. Each
 * answer's first such point is named, the others counted. */
static bool check_point(struct lint *l, const double *val, int line, const char *where,
			bool is_base)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	struct diag d;
	char why[256];
	l->n.solves++;
	const int rc = solve_at(ex, val, res, &d);
	if (rc && num_interrupted) {
		free(res); /* stopped: the caller says so once */
		return true;
	}
	if (rc) {
		if (is_base)
			finding(l, true, line,
				"the exercise does not solve at the file's values: %s", d.msg);
		else if (l->in_box && l->fail_said)
			l->fail_more++;
		else
			finding(l, false, line, "solve fails %s: %s", where, d.msg);
		l->fail_said |= l->in_box;
		free(res);
		return false;
	}
	for (size_t i = 0; i < ex->nanswers; i++) {
		const struct value *r = &res[ex->answers[i].result];
		if (r->kind != VAL_UNDEFINED)
			continue;
		if (l->undefined_said[i]) {
			l->undefined_more++;
			continue;
		}
		l->undefined_said[i] = !is_base;
		finding(l, true, line, "%s has no value %s: %s", ex->answers[i].name, where,
			r->word);
	}
	if (is_base) {
		l->base = res;
		return true;
	}
	if (l->base && exercise_degenerate(ex, l->base, res, why, sizeof(why))) {
		if (l->in_box && l->degenerate_said)
			l->degenerate_more++;
		else
			finding(l, false, line, "degenerate %s: %s", where, why);
		l->degenerate_said |= l->in_box;
	}
	for (size_t i = 0; i < m->nresults; i++)
		value_release(&res[i]);
	free(res);
	return true;
}

/* Whether the model solves anywhere strictly inside parameter i's draw
 * range (val[] otherwise as given): LINT_INSIDE_TRIES points evenly
 * spaced. Asked when both ends fail: a range wholly outside the model's
 * domain (every variant refused) only warned (issue 43). */
enum { LINT_INSIDE_TRIES = 8 };
static bool solves_inside(struct lint *l, double *val, size_t i)
{
	const struct ex_param *p = &l->ex->params[i];
	const struct model *m = l->ex->model;
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	struct diag d;
	bool any = false;
	for (int k = 1; k <= LINT_INSIDE_TRIES && !any && !num_interrupted; k++) {
		val[i] = p->draw_lo + (p->draw_hi - p->draw_lo) * k / (LINT_INSIDE_TRIES + 1);
		l->n.solves++;
		if (!solve_at(l->ex, val, res, &d)) {
			any = true;
			for (size_t r = 0; r < m->nresults; r++)
				value_release(&res[r]);
		}
	}
	free(res);
	return any || num_interrupted;
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
	check_point(l, file, ex->line, "at the file's values", true);
	for (size_t i = 0; i < np && !num_interrupted; i++) {
		const struct ex_param *p = &ex->params[i];
		if (!p->has_draw)
			continue;
		int failed = 0;
		for (int hi = 0; hi < 2 && !num_interrupted; hi++) {
			memcpy(val, file, np * sizeof(double));
			val[i] = hi ? p->draw_hi : p->draw_lo;
			strbuf_reset(&where);
			strbuf_addstr(&where, "at ");
			describe(ex, val, i, &where);
			failed += !check_point(l, val, p->draw_line, strbuf_str(&where), false);
		}
		memcpy(val, file, np * sizeof(double));
		if (failed == 2 && !solves_inside(l, val, i))
			finding(l, true, p->draw_line,
				"no draw of %s solves: both ends of its range and %d points "
				"between fail (above), so generate could make no variant",
				p->spec->name, LINT_INSIDE_TRIES);
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
	strbuf_release(&where);
	free(file);
	free(val);
}

/* ---- the corners and the inside of the draw box --------------------------- */

/* At most this many corners (all of them up to 2^5; beyond, a seeded
 * choice), this many draws inside, and this much CPU time for both: a
 * lint ends, and says what it did not try. */
enum { LINT_CORNERS = 32, LINT_INSIDE = 32 };
#define LINT_BOX_SECONDS 30.0

static double cpu_now(void)
{
	return (double)clock() / CLOCKS_PER_SEC;
}

/* Every corner of the draw box (each drawn parameter at its low or high
 * end; the all-low and all-high corners are check_solves') and a sample of
 * its inside: generate's own first draws (seed 1, variants 0, 1, ...), so
 * that the points are the ones a sheet would carry. */
static void check_box(struct lint *l)
{
	const struct exercise *ex = l->ex;
	const size_t np = ex->model->nparams;
	size_t ndraw = 0, first = 0;
	for (size_t i = 0; i < np; i++)
		if (ex->params[i].has_draw && ndraw++ == 0)
			first = i;
	if (ndraw == 0 || !l->base)
		return;
	const int line = ex->params[first].draw_line;
	double *val = xcalloc(np, sizeof(double));
	struct strbuf where = STRBUF_INIT;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	const double t0 = cpu_now();
	l->in_box = true;
	int tried = 0, planned = 0;
	bool late = false;
	/* corners: masks 1 .. 2^n − 2, all of them or a seeded choice */
	const unsigned long full = ndraw >= 63 ? ~0UL : (1UL << ndraw) - 1;
	const int ncorner = ndraw < 2		       ? 0
			    : full - 1 <= LINT_CORNERS ? (int)(full - 1)
						       : LINT_CORNERS;
	gsl_rng_set(rng, PROBLEMSET_LINT_SEED);
	planned = ncorner + LINT_INSIDE;
	for (int c = 0; c < ncorner && !num_interrupted; c++) {
		if ((late = cpu_now() - t0 > LINT_BOX_SECONDS))
			break;
		unsigned long mask = full - 1 <= LINT_CORNERS ? (unsigned long)c + 1 : 0;
		while (mask == 0 || mask == full) { /* a seeded corner, not an end one */
			mask = 0;
			for (size_t k = 0; k < ndraw; k++)
				mask |= (unsigned long)(gsl_rng_uniform_int(rng, 2)) << k;
		}
		strbuf_reset(&where);
		strbuf_addstr(&where, "at the corner ");
		for (size_t i = 0, k = 0; i < np; i++) {
			const struct ex_param *p = &ex->params[i];
			val[i] = p->value;
			if (!p->has_draw)
				continue;
			val[i] = (mask >> k) & 1 ? p->draw_hi : p->draw_lo;
			if (k++)
				strbuf_addstr(&where, ", ");
			describe(ex, val, i, &where);
		}
		check_point(l, val, line, strbuf_str(&where), false);
		tried++;
	}
	for (int v = 0; v < LINT_INSIDE && !num_interrupted; v++) {
		if ((late = cpu_now() - t0 > LINT_BOX_SECONDS))
			break;
		struct diag d;
		problemset_stream(rng, PROBLEMSET_LINT_SEED, ex->id, (size_t)v);
		strbuf_reset(&where);
		strbuf_addf(&where, "at generate's draw %d (seed 1): ", v + 1);
		bool bad = false;
		for (size_t i = 0, k = 0; i < np; i++) {
			const struct ex_param *p = &ex->params[i];
			val[i] = p->value;
			if (!p->has_draw)
				continue;
			if (problemset_draw_param(rng, p, &val[i], &d)) {
				bad = true; /* check_keep or the parser says it */
				break;
			}
			if (k++)
				strbuf_addstr(&where, ", ");
			describe(ex, val, i, &where);
		}
		if (bad)
			break;
		check_point(l, val, line, strbuf_str(&where), false);
		tried++;
	}
	l->in_box = false;
	if (l->fail_more)
		finding(l, false, line, "solve fails at %d more point%s of the draw box",
			l->fail_more, l->fail_more == 1 ? "" : "s");
	if (l->degenerate_more)
		finding(l, false, line, "degenerate at %d more point%s of the draw box",
			l->degenerate_more, l->degenerate_more == 1 ? "" : "s");
	if (late && !num_interrupted)
		finding(l, false, line,
			"the draw box was tried at %d of %d points (corners and draws) in "
			"%.0f s of CPU: the rest were not",
			tried, planned, LINT_BOX_SECONDS);
	gsl_rng_free(rng);
	strbuf_release(&where);
	free(val);
}

/* ---- the verdict the variants keep -------------------------------------- */

enum { LINT_KEEP_DRAWS = 64 };

/* Draws as generate draws (the seed fixed, so that lint always says the
 * same) and counts how many keep the verdicts of `keep`: generate redraws
 * the others, so few that keep them make it slow, and none make it fail. */
static void check_keep(struct lint *l)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	size_t np = m->nparams;
	bool any = false;
	for (size_t i = 0; i < np; i++)
		any |= ex->params[i].has_draw;
	if (!ex->nkeep || !any || !l->base)
		return;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double *val = xcalloc(np, sizeof(double));
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	int kept = 0, failed = 0, tried = 0;
	char why[256];
	struct diag d;
	for (; tried < LINT_KEEP_DRAWS && !num_interrupted; tried++) {
		/* the first draw of generate's variant `tried`, seed 1 */
		problemset_stream(rng, PROBLEMSET_LINT_SEED, ex->id, (size_t)tried);
		for (size_t i = 0; i < np; i++) {
			val[i] = ex->params[i].value;
			if (ex->params[i].has_draw &&
			    problemset_draw_param(rng, &ex->params[i], &val[i], &d)) {
				finding(l, true, ex->params[i].draw_line, "%s", d.msg);
				goto out;
			}
		}
		l->n.solves++;
		if (solve_at(ex, val, res, &d)) {
			failed++;
			continue;
		}
		kept += problemset_unkept(ex, l->base, res, why, sizeof(why)) < 0;
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
	}
	if (num_interrupted) /* stopped: no verdict on the draws not made */
		goto out;
	struct strbuf what = STRBUF_INIT, fail = STRBUF_INIT;
	for (size_t i = 0; i < ex->nkeep; i++) {
		strbuf_addstr(&what, i ? " and " : "");
		problemset_kept_describe(ex, i, l->base, &what);
	}
	if (failed)
		strbuf_addf(&fail, " (%d failed to solve)", failed);
	if (kept == 0)
		finding(l, true, ex->keep_line,
			"keep: none of %d draws keeps %s%s: generate cannot draw a variant; "
			"change the draw ranges",
			tried, strbuf_str(&what), strbuf_str(&fail));
	else if (2 * kept < tried)
		finding(l, false, ex->keep_line,
			"keep: only %d of %d draws (%.0f%%) keep %s%s: generate redraws the "
			"others; narrow the draw ranges to where it holds",
			kept, tried, 100.0 * kept / tried, strbuf_str(&what), strbuf_str(&fail));
	strbuf_release(&what);
	strbuf_release(&fail);
out:
	free(res);
	free(val);
	gsl_rng_free(rng);
}

/* The [scene] of a system stated by T, V and R (scene_spec.h) at the
 * start: at the file's values (load has evaluated it there; its extent is
 * checked here) and at each end of every draw range, the other values the
 * file's: every number finite and the drawing a finite, nonzero size. */
static bool scene_at(struct lint *l, const double *num, const char *where)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	size_t n;
	ex_scene_items(ex->scene, &n);
	double *vals = xcalloc(m->nparams + 2 * LAGRANGE_MAXQ + 2, sizeof(double));
	double(*v)[3] = xcalloc(n + 1, sizeof(*v));
	ex_scene_start(m, num, vals);
	int line = 0;
	struct diag d;
	diag_clear(&d);
	double box[4];
	bool bad = true;
	if (ex_scene_eval(ex->scene, m, vals, v, &line, &d))
		finding(l, !*where, line, "%s at the start%s%s", d.msg, *where ? ", at " : "",
			where);
	else if (!ex_scene_box(ex->scene, (const double(*)[3])v, box) ||
		 !(fmax(box[2] - box[0], box[3] - box[1]) > 0) ||
		 !isfinite(fmax(box[2] - box[0], box[3] - box[1])))
		finding(l, !*where, ex_scene_line(ex->scene),
			"[scene] has no extent at the start%s%s: its points and circles are "
			"one point, so the drawing has no scale",
			*where ? ", at " : "", where);
	else
		bad = false;
	free(v);
	free(vals);
	return bad;
}

static void check_scene(struct lint *l)
{
	const struct exercise *ex = l->ex;
	const struct model *m = ex->model;
	if (!ex->scene)
		return;
	double *num = xcalloc(m->nparams + 1, sizeof(double));
	for (size_t i = 0; i < m->nparams; i++)
		if (ex->params[i].spec->kind == PARAM_NUMBER)
			num[i] = ex_param_to_model(&ex->params[i], ex->params[i].value);
	/* wrong at the file's values: the draw ranges would say it again */
	for (size_t i = 0; !scene_at(l, num, "") && i < m->nparams; i++) {
		const struct ex_param *p = &ex->params[i];
		if (!p->has_draw)
			continue;
		const double ends[2] = {p->draw_lo, p->draw_hi};
		for (int k = 0; k < 2; k++) {
			char where[128];
			snprintf(where, sizeof where, "%s = %g%s%s (its draw range's %s end)",
				 p->spec->name, ends[k], *p->unit ? " " : "", p->unit,
				 k ? "high" : "low");
			const double keep = num[i];
			num[i] = ex_param_to_model(p, ends[k]);
			scene_at(l, num, where);
			num[i] = keep;
		}
	}
	free(num);
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
		/* the file's other errors, each marked likewise; not the
		 * parser's count, lint gives its own */
		char more[sizeof(d.more)];
		snprintf(more, sizeof(more), "%s", d.more);
		d.more[0] = '\0';
		diag_format(&d, out);
		const size_t flen = strlen(d.file);
		for (const char *p = more; *p;) {
			const size_t n = strcspn(p, "\n");
			const char *colon = NULL;
			if (!strncmp(p, d.file, flen) && p[flen] == ':') {
				/* past "FILE:LINE:COL: " */
				colon = p + flen + 1 + strspn(p + flen + 1, "0123456789:");
				if (colon > p + n || colon[0] != ' ')
					colon = NULL;
			}
			if (colon) {
				strbuf_add(out, p, (size_t)(colon - p));
				strbuf_addstr(out, " error:");
				strbuf_add(out, colon, (size_t)(p + n - colon));
				strbuf_addch(out, '\n');
			} else if (p[strspn(p, "0123456789")] != ' ' ||
				   strncmp(p + strspn(p, "0123456789"), " errors", 7)) {
				strbuf_add(out, p, n);
				strbuf_addch(out, '\n');
			}
			p += n + (p[n] == '\n');
		}
		l.n.errors += 1 + d.nmore;
	} else {
		l.ex = ex;
		l.undefined_said = xcalloc(ex->nanswers + 1, sizeof(bool));
		check_file(&l);
		flush(&l, true);
		check_solves(&l);
		check_box(&l);
		if (l.undefined_more)
			finding(&l, true, 0,
				"answers have no value at %d more point%s of the draw box: "
				"narrow the draw ranges to where every answer exists",
				l.undefined_more, l.undefined_more == 1 ? "" : "s");
		check_keep(&l);
		check_scene(&l);
		check_figure(&l);
		if (num_interrupted)
			finding(&l, false, 0,
				"interrupted after %d solves: the rest were not tried", l.n.solves);
		flush(&l, false);
		if (l.base) {
			for (size_t i = 0; i < ex->model->nresults; i++)
				value_release(&l.base[i]);
			free(l.base);
		}
		free(l.undefined_said);
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
