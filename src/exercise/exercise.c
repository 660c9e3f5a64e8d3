#include "exercise/exercise.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "exercise/parse.h"
#include "exercise/scene_spec.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* An error of the file: the first in d, each later one formatted into
 * d->more (as far as it holds them), so that a file's mistakes are said
 * at once, not one per load. */
static void record(struct parse *ps, int line, int col, const char *source, const char *msg)
{
	if (ps->nerr == 0) {
		diag_at(ps->d, ps->path, line, col, source, "%s", msg);
	} else {
		struct diag t;
		struct strbuf sb = STRBUF_INIT;
		diag_at(&t, ps->path, line, col, source, "%s", msg);
		diag_format(&t, &sb);
		const size_t have = strlen(ps->d->more);
		if (have + sb.len < sizeof(ps->d->more))
			memcpy(ps->d->more + have, sb.buf, sb.len + 1);
		strbuf_release(&sb);
		ps->d->nmore++;
	}
	ps->failed = true;
	if (++ps->nerr >= PARSE_MAX_ERRORS)
		ps->stop = true;
}

int parse_err(struct parse *ps, int col, const char *fmt, ...)
{
	char msg[sizeof(ps->d->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	record(ps, ps->lineno, col, ps->raw, msg);
	return 0;
}

/* The text of physical line `line` (bounded by the input, not by a NUL). */
void parse_line_text(const struct parse *ps, int line, char *buf, size_t n)
{
	const char *p = ps->text, *end = ps->text + ps->len;
	for (int i = 1; i < line && p < end; i++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	size_t k = 0;
	while (p + k < end && p[k] != '\n' && p[k] != '\r' && p[k] && k + 1 < n)
		k++;
	memcpy(buf, p, k);
	buf[k] = '\0';
}

/* Error about another line than the current one (the final checks); col 0
 * points at the line's first word. */
int parse_err_line(struct parse *ps, int line, int col, const char *fmt, ...)
{
	char msg[sizeof(ps->d->msg)], text[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	text[0] = '\0';
	if (line > 0) {
		parse_line_text(ps, line, text, sizeof(text));
		if (col == 0)
			while (text[col] == ' ' || text[col] == '\t')
				col++;
		col = text[0] ? col + 1 : 0; /* no column in an empty line */
	}
	record(ps, line, line > 0 ? col : 0, line > 0 ? text : NULL, msg);
	return -1;
}

int parse_col_of_key(const struct parse *ps)
{
	int c = 0;
	while (ps->raw[c] == ' ' || ps->raw[c] == '\t')
		c++;
	return c + 1;
}

int parse_col_of_value(const struct parse *ps)
{
	const char *eq = strpbrk(ps->raw, "=:");
	if (!eq)
		return parse_col_of_key(ps);
	eq++;
	while (*eq == ' ' || *eq == '\t')
		eq++;
	return (int)(eq - ps->raw) + 1;
}

/* The offset of the first byte of invalid UTF-8 in s (NUL-terminated at
 * s[n]), or -1. */
static long bad_utf8(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		uint32_t c;
		size_t k = utf8_decode(s + i, &c);
		if (c == UTF8_INVALID)
			return (long)i;
		i += k;
	}
	return -1;
}

/* The characters of a line's key and value (its comment left out) that
 * no output carries as themselves: kept for lint (issue 43, point 8). */
static void note_unwritable(struct parse *ps, const char *work)
{
	struct exercise *ex = ps->ex;
	for (const char *p = work; *p;) {
		uint32_t c;
		const size_t k = utf8_decode(p, &c);
		if (utf8_cp_unwritable(c)) {
			if (ex->nunwritable < EX_UNWRITABLE_KEPT) {
				ex->unwritable =
					xrealloc(ex->unwritable,
						 (ex->nunwritable + 1) * sizeof(*ex->unwritable));
				ex->unwritable[ex->nunwritable] = (struct ex_unwritable){
					ps->lineno, (int)(p - work) + 1, c, xstrdup(ps->raw)};
			}
			ex->nunwritable++;
		}
		p += k;
	}
}

static void section_begin(struct parse *ps, const char *line);

/* ---- sections ------------------------------------------------------------ */

static void section_end(struct parse *ps)
{
	if (ps->sec == SEC_PARAM && ps->param)
		parse_final_param(ps);
	ps->value_q.pending = false;
	ps->sec = SEC_NONE;
	ps->param = NULL;
	ps->answer = NULL;
	ps->seen = 0;
	ps->last_key[0] = '\0';
}

/* The section [kind] (named: [kind NAME]) a model maker reads, and *maker
 * the maker; NULL if none reads it. */
static const struct model_section_spec *maker_section(const char *kind, bool named,
						      const struct model_maker **maker)
{
	for (const struct model_maker *const *mk = model_makers(); *mk; mk++)
		for (const struct model_section_spec *sp = (*mk)->sections; sp->kind; sp++)
			if (!strcmp(sp->kind, kind) && sp->named == named) {
				*maker = *mk;
				return sp;
			}
	return NULL;
}

static void section_begin(struct parse *ps, const char *line)
{
	const char *close = strchr(line, ']');
	int col = (int)(line - ps->raw) + 1;
	section_end(ps);
	ps->sec_nerr = ps->nerr;
	if (!close) {
		parse_err(ps, col, "section header without ']'");
		return;
	}
	for (const char *q = close + 1; *q; q++)
		if (!isspace((unsigned char)*q)) {
			if (*q == ';' || *q == '#')
				break;
			parse_err(ps, (int)(q - ps->raw) + 1, "text after the section header");
			return;
		}
	char name[80], arg[80], hint[96];
	size_t len = (size_t)(close - line - 1);
	if (len >= sizeof(name)) {
		parse_err(ps, col, "section name too long");
		return;
	}
	snprintf(name, sizeof(name), "%.*s", (int)len, line + 1);
	arg[0] = '\0';
	char kind[80];
	int nf = sscanf(name, "%79s %79s", kind, arg);
	if (nf < 1)
		kind[0] = '\0';
	snprintf(ps->secname, sizeof(ps->secname), "%s", name);
	ps->sec_line = ps->lineno;
	const struct model *m = ps->ex->model;
	const struct model_maker *maker;
	const struct model_section_spec *spec;
	if (!strcmp(kind, "exercise") && nf == 1) {
		if (ps->had_exercise) {
			parse_err(ps, col, "second [exercise] section");
			return;
		}
		ps->had_exercise = true;
		ps->exercise_line = ps->lineno;
		ps->ex->line = ps->lineno;
		ps->sec = SEC_EXERCISE;
	} else if (!strcmp(kind, "param") || !strcmp(kind, "answer")) {
		char extra[8];
		if (nf < 2) {
			parse_err(ps, col, "[%s] needs a name: [%s NAME]", kind, kind);
			return;
		}
		if (sscanf(name, "%*s %*s %7s", extra) == 1) {
			parse_err(ps, col, "[%s] takes one name", kind);
			return;
		}
		if (!m) {
			parse_err(ps, col,
				  "[%s %s] comes before the model is known: begin the file with "
				  "[exercise] and its 'model = …'",
				  kind, arg);
			ps->stop = true; /* every section after it would say the same */
			return;
		}
		const bool is_param = kind[0] == 'p';
		int i = is_param ? model_param_index(m, arg) : model_result_index(m, arg);
		if (i < 0) {
			const char *cands[64];
			size_t nc = is_param ? model_param_names(m, cands, 64)
					     : model_result_names(m, cands, 64);
			parse_err(ps, col, "model %s has no %s '%s'%s", m->name,
				  is_param ? "parameter" : "result", arg,
				  text_did_you_mean(arg, cands, nc, hint, sizeof(hint)));
			return;
		}
		if (is_param) {
			if (ps->param_given[i]) {
				parse_err(ps, col,
					  "second [param %s] section (the first is at line %d)",
					  arg, ps->ex->params[i].line);
				return;
			}
			ps->param_given[i] = true;
			ps->param = &ps->ex->params[i];
			ps->param->line = ps->lineno;
			ps->sec = SEC_PARAM;
		} else {
			for (size_t j = 0; j < ps->ex->nanswers; j++)
				if (!strcmp(ps->ex->answers[j].name, arg)) {
					parse_err(ps, col,
						  "second [answer %s] section (the first is at "
						  "line %d)",
						  arg, ps->ex->answers[j].line);
					return;
				}
			ps->ex->answers = xrealloc(
				ps->ex->answers, (ps->ex->nanswers + 1) * sizeof(*ps->ex->answers));
			struct ex_answer *a = &ps->ex->answers[ps->ex->nanswers++];
			const struct result_spec *rs = &m->results[i];
			*a = (struct ex_answer){.name = xstrdup(arg),
						.result = i,
						.unit = xstrdup(rs->unit),
						.line = ps->lineno};
			struct diag dummy;
			unit_parse(rs->unit, &a->u, &dummy);
			ps->answer = a;
			ps->sec = SEC_ANSWER;
		}
	} else if (!strcmp(kind, "scene") && nf == 1) {
		/* refused or not, its lines are a scene's: skipped, not each an
		 * error of its own */
		ps->sec = SEC_SCENE;
		if (!m || !ps->ex->own_maker) {
			parse_err(ps, col,
				  "[scene] is for a system the file states (model = lagrange, "
				  "given in "
				  "[exercise] before it)");
			return;
		}
		if (ps->ex->scene) {
			parse_err(ps, col, "second [scene] section (the first is at line %d)",
				  ex_scene_line(ps->ex->scene));
			return;
		}
		ps->ex->scene = ex_scene_new(ps->lineno);
	} else if ((spec = maker_section(kind, nf == 2, &maker))) {
		if (!m || ps->ex->own_maker != maker) {
			parse_err(ps, col,
				  "[%s] is only for model = %s (given in [exercise] before it)",
				  kind, maker->name);
			return;
		}
		ps->sec = SEC_MODEL;
		ps->model_sec = spec;
	} else {
		struct strbuf also = STRBUF_INIT;
		/* a system the file states also takes [scene] (above) */
		for (const struct model_maker *const *mk = model_makers(); *mk; mk++) {
			strbuf_addf(&also, " (model %s: also ", (*mk)->name);
			for (const struct model_section_spec *sp = (*mk)->sections; sp->kind; sp++)
				strbuf_addf(&also, "%s[%s%s]", sp == (*mk)->sections ? "" : ", ",
					    sp->kind, sp->named ? " NAME" : "");
			strbuf_addstr(&also, " and [scene])");
		}
		parse_err(ps, col,
			  "unknown section [%s]: expected [exercise], [param NAME] or [answer "
			  "NAME]%s",
			  name, strbuf_str(&also));
		strbuf_release(&also);
	}
}

/* ---- keys ---------------------------------------------------------------- */

static const char *const exercise_keys[] = {"id",   "title",   "model", "source", "statement",
					    "keep", "overlay", "hint",	"figure", NULL};
static const char *const param_keys[] = {"value", "unit", "min", "max", "draw", "digits", NULL};
static const char *const answer_keys[] = {"unit", "tolerance", "hint", "text", NULL};

static int key_index(const char *const *keys, const char *name)
{
	for (int i = 0; keys[i]; i++)
		if (!strcmp(keys[i], name))
			return i;
	return -1;
}

static int number(struct parse *ps, const char *value, double *out)
{
	const char *why;
	if (text_parse_double(value, out, &why))
		return parse_err(ps, parse_col_of_value(ps), "'%s' %s", value, why), -1;
	return 0;
}

static void append(char **dst, const char *more)
{
	size_t a = strlen(*dst), b = strlen(more);
	*dst = xrealloc(*dst, a + b + 2);
	if (a)
		(*dst)[a++] = ' ';
	memcpy(*dst + a, more, b + 1);
}

static int exercise_key(struct parse *ps, int k, const char *value)
{
	struct exercise *ex = ps->ex;
	switch (k) {
	case 0: /* id */
		if (!*value || !islower((unsigned char)value[0]) || strlen(value) > 64)
			return parse_err(ps, parse_col_of_value(ps),
					 "id '%s' must start with a lowercase letter (at most 64 "
					 "characters)",
					 value);
		for (const char *q = value; *q; q++)
			if (!(islower((unsigned char)*q) || isdigit((unsigned char)*q) ||
			      *q == '-'))
				return parse_err(
					ps, parse_col_of_value(ps) + (int)(q - value),
					"id '%s' may hold only lowercase letters, digits and '-'",
					value);
		ex->id = xstrdup(value);
		return 1;
	case 1:
		ex->title = xstrdup(value);
		return 1;
	case 2: {
		const struct model *m = model_find(value);
		const struct model_maker *maker = m ? NULL : model_maker_find(value);
		if (maker) {
			m = ex->own_model = parse_file_model(ps, maker);
			if (!m) {
				ps->stop = true;
				return 0;
			}
			ex->own_maker = maker;
		} else if (!m) {
			const char *cands[32];
			size_t n = 0;
			for (const struct model *const *mm = model_all(); *mm && n < 31; mm++)
				cands[n++] = (*mm)->name;
			for (const struct model_maker *const *mk = model_makers(); *mk && n < 32;
			     mk++)
				cands[n++] = (*mk)->name; /* made from the file's sections */
			char hint[96];
			/* the rest of the file is the model's: nothing more to check */
			ps->stop = true;
			return parse_err(ps, parse_col_of_value(ps), "unknown model '%s'%s", value,
					 text_did_you_mean(value, cands, n, hint, sizeof(hint)));
		}
		ex->model = m;
		ex->params = xcalloc(m->nparams, sizeof(*ex->params));
		ps->param_given = xcalloc(m->nparams, sizeof(bool));
		for (size_t i = 0; i < m->nparams; i++) {
			const struct param_spec *sp = &m->params[i];
			struct ex_param *p = &ex->params[i];
			struct diag dummy;
			p->spec = sp;
			p->unit = xstrdup(sp->unit);
			unit_parse(sp->unit, &p->canon, &dummy);
			p->u = p->canon;
			p->value = sp->def;
			p->text = xstrdup(sp->def_text ? sp->def_text : "");
			p->min = -INFINITY;
			p->max = INFINITY;
			p->digits = 3;
		}
		return 1;
	}
	case 3:
		ex->source = xstrdup(value);
		return 1;
	case 4:
		ex->statement = xstrdup(value);
		ps->statement_line = ps->lineno;
		ps->stmt_piece[0].offset = 0;
		ps->stmt_piece[0].line = ps->lineno;
		ps->nstmt = 1;
		return 1;
	case 5: /* keep = NAME...: checked in parse_final_keep, when the model is known */
		if (!*value)
			return parse_err(
				ps, parse_col_of_value(ps),
				"keep needs the names of word or true/false results: keep = "
				"NAME...");
		ps->keep = xstrdup(value);
		ex->keep_line = ps->lineno;
		return 1;
	case 6: /* overlay = NAME V...: checked in parse_final_overlay */
		if (!*value)
			return parse_err(
				ps, parse_col_of_value(ps),
				"overlay needs a parameter and its values: overlay = NAME V1 "
				"V2 ...");
		ps->overlay = xstrdup(value);
		ex->overlay_line = ps->lineno;
		return 1;
	case 7:
		ex->hint = xstrdup(value);
		return 1;
	case 8: /* figure = none | scene | NAME: a name lint checks (it solves) */
		if (!*value ||
		    strspn(value, "abcdefghijklmnopqrstuvwxyz0123456789-_") != strlen(value))
			return parse_err(
				ps, parse_col_of_value(ps),
				"figure '%s' must be none, scene or the name of one of the "
				"exercise's figures (lowercase letters, digits, '-' and '_')",
				value);
		free(ex->figure);
		ex->figure = xstrdup(value);
		ex->figure_line = ps->lineno;
		return 1;
	}
	return 0;
}

/* `unit = VALUE` of a parameter or an answer called `name`: a unit of the
 * dimension of `want`, which becomes *unit (as written) and *u. */
static int unit_key(struct parse *ps, const char *value, bool number, const char *name,
		    const struct unit *want, const char *want_unit, char **unit, struct unit *u)
{
	struct unit got;
	struct diag why;
	if (!number)
		return parse_err(ps, parse_col_of_key(ps), "%s is not a number: it has no unit",
				 name);
	/* not into ps->d: that holds the file's first error (it took the
	 * place of an earlier one, which was lost, and this one was said
	 * twice, once without its line) */
	if (unit_parse(value, &got, &why))
		return parse_err(ps, parse_col_of_value(ps), "%s", why.msg);
	if (!unit_same_dim(&got, want)) {
		unit_refuse(&why, value, &got, name, want, want_unit);
		parse_err(ps, parse_col_of_value(ps), "%s", why.msg);
		return 0;
	}
	free(*unit);
	*unit = xstrdup(value);
	*u = got;
	return 1;
}

/* A file's value names nothing: a word is a unit or a mistake. */
static int no_names(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	(void)q, (void)ctx;
	diag_set(d, "unknown name '%s'", name);
	return 1;
}

/* `value = 15 cm`, `value = 300 rpm`, `value = pi/4`: an expression over
 * quantities (num/expr.h); one with a unit is put in the parameter's unit
 * when the section ends (its `unit` may come after). */
static int value_quantity(struct parse *ps, const char *value)
{
	struct quantity q;
	struct diag why;
	if (unit_quantity_parse(value, no_names, NULL, &q, &why)) {
		if (strstr(why.msg, "unknown name")) /* a word, no unit: no number */
			return parse_err(ps, parse_col_of_value(ps), "'%s' is not a number", value);
		return parse_err(ps, parse_col_of_value(ps), "%s", why.msg);
	}
	if (!q.has_unit) {
		ps->param->value = q.value;
		return 1;
	}
	ps->value_q.pending = true;
	ps->value_q.si = q.value * q.unit.factor;
	ps->value_q.u = q.unit;
	ps->value_q.u.factor = 1;
	snprintf(ps->value_q.text, sizeof ps->value_q.text, "%s", value);
	ps->value_q.col = parse_col_of_value(ps) - 1; /* parse_err_line counts from 0 */
	return 1;
}

static int param_key(struct parse *ps, int k, const char *value)
{
	struct ex_param *p = ps->param;
	const struct param_spec *sp = p->spec;
	double x;
	switch (k) {
	case 0: /* value */
		p->value_line = ps->lineno;
		if (sp->kind == PARAM_CHOICE) {
			int c = param_choice_index(sp, value);
			struct diag why;
			if (c < 0 && law_refuse(sp, ps->ex->model->name, value, &why))
				return parse_err(ps, parse_col_of_value(ps), "%s", why.msg);
			if (c < 0)
				return parse_err(ps, parse_col_of_value(ps),
						 "%s is one of %s, not '%s'", sp->name, sp->choices,
						 value);
			p->choice = c;
		} else if (sp->kind == PARAM_TEXT) {
			free(p->text);
			p->text = xstrdup(value);
		} else {
			ps->value_q.pending = false;
			const char *why;
			if (text_parse_double(value, &x, &why) && !strcmp(why, "is not a number"))
				return value_quantity(ps, value);
			if (number(ps, value, &x))
				return 0;
			p->value = x;
		}
		return 1;
	case 1: /* unit */
		return unit_key(ps, value, sp->kind == PARAM_NUMBER, sp->name, &p->canon, sp->unit,
				&p->unit, &p->u);
	case 2:
	case 3:
		if (sp->kind != PARAM_NUMBER)
			return parse_err(ps, parse_col_of_key(ps),
					 "%s is not a number: it has no range", sp->name);
		if (number(ps, value, &x))
			return 0;
		if (k == 2)
			p->min = x;
		else
			p->max = x;
		p->range_line = ps->lineno;
		return 1;
	case 4: { /* draw = LO HI */
		char a[64], b[64], c[8];
		if (sp->kind != PARAM_NUMBER)
			return parse_err(ps, parse_col_of_key(ps),
					 "%s is not a number: it cannot be drawn", sp->name);
		if (sscanf(value, "%63s %63s %7s", a, b, c) != 2)
			return parse_err(ps, parse_col_of_value(ps),
					 "draw takes two numbers: draw = LOW HIGH");
		if (number(ps, a, &p->draw_lo) || number(ps, b, &p->draw_hi))
			return 0;
		p->has_draw = true;
		p->draw_line = ps->lineno;
		return 1;
	}
	case 5:
		p->digits_line = ps->lineno;
		if (text_parse_int(value, 1, 15, &p->digits))
			return parse_err(ps, parse_col_of_value(ps),
					 "digits must be a whole number from 1 to 15");
		return 1;
	}
	return 0;
}

static int answer_key(struct parse *ps, int k, const char *value)
{
	struct ex_answer *a = ps->answer;
	const struct result_spec *rs = &ps->ex->model->results[a->result];
	switch (k) {
	case 0: /* unit */
		return unit_key(ps, value, rs->kind == VAL_NUMBER, rs->name, &a->u, rs->unit,
				&a->unit, &a->u);
	case 1: { /* tolerance: "1%" relative, "3 sig" figures, or an absolute amount */
		char buf[128];
		double x;
		if (rs->kind != VAL_NUMBER)
			return parse_err(ps, parse_col_of_key(ps),
					 "%s is not a number: it has no tolerance", rs->name);
		snprintf(buf, sizeof(buf), "%s", value);
		size_t n = strlen(buf);
		while (n && isspace((unsigned char)buf[n - 1]))
			buf[--n] = '\0';
		int figures;
		char word[32] = "";
		if (sscanf(buf, "%d %31s", &figures, word) == 2 &&
		    (!strcmp(word, "sig") || !strcmp(word, "sf") ||
		     !strncmp(word, "significant", 11))) {
			if (figures < 1 || figures > 15)
				return parse_err(ps, parse_col_of_value(ps),
						 "significant figures must be from 1 to 15");
			a->tol = (struct tolerance){TOL_SIG, figures};
			return 1;
		}
		bool rel = n && buf[n - 1] == '%';
		if (rel)
			buf[--n] = '\0';
		const char *why;
		if (text_parse_double(buf, &x, &why))
			return parse_err(ps, parse_col_of_value(ps),
					 "tolerance '%s' %s: write a percentage (1%%), significant "
					 "figures (3 sig) or an amount (0.01)",
					 value, why);
		if (!(x > 0))
			return parse_err(ps, parse_col_of_value(ps), "tolerance must be positive");
		a->tol = (struct tolerance){rel ? TOL_REL : TOL_ABS, rel ? x / 100 : x};
		return 1;
	}
	case 2:
		a->hint = xstrdup(value);
		return 1;
	case 3:
		a->text = xstrdup(value);
		return 1;
	}
	return 0;
}

static int handler(struct parse *ps, const char *name, const char *value)
{
	if (ps->skip)
		return 0;
	if (ps->sec == SEC_NONE)
		return parse_err(ps, parse_col_of_key(ps),
				 "'%s' outside a section: begin with [exercise]", name);
	const char *const *keys = ps->sec == SEC_EXERCISE ? exercise_keys
				  : ps->sec == SEC_PARAM  ? param_keys
				  : ps->sec == SEC_MODEL  ? ps->model_sec->keys
							  : answer_keys;
	int k = key_index(keys, name);
	if (k < 0) {
		size_t n = 0;
		while (keys[n])
			n++;
		char hint[96];
		return parse_err(ps, parse_col_of_key(ps), "unknown key '%s' in [%s]%s", name,
				 ps->secname, text_did_you_mean(name, keys, n, hint, sizeof(hint)));
	}
	if (ps->sec == SEC_MODEL) {
		if (ps->continuation && !strcmp(ps->last_key, name))
			return 1; /* the model's maker has read it */
		if (ps->seen & (1u << k))
			return parse_err(ps, parse_col_of_key(ps),
					 "'%s' given twice in [%s] (first at line %d)", name,
					 ps->secname, ps->seen_line[k]);
		ps->seen |= 1u << k;
		ps->seen_line[k] = ps->lineno;
		snprintf(ps->last_key, sizeof(ps->last_key), "%s", name);
		return 1;
	}
	if (ps->continuation && !strcmp(ps->last_key, name)) {
		/* an indented line continues the value before it */
		char **text = NULL;
		if (ps->sec == SEC_EXERCISE && (k == 1 || k == 3 || k == 4 || k == 7))
			text = k == 1	? &ps->ex->title
			       : k == 3 ? &ps->ex->source
			       : k == 4 ? &ps->ex->statement
					: &ps->ex->hint;
		else if (ps->sec == SEC_ANSWER && (k == 2 || k == 3))
			text = k == 2 ? &ps->answer->hint : &ps->answer->text;
		if (!text)
			return parse_err(
				ps, parse_col_of_key(ps),
				"indented line: only title, source, statement, hint and text "
				"may go on over several lines");
		if (text == &ps->ex->statement && ps->nstmt < 64) {
			ps->stmt_piece[ps->nstmt].offset = strlen(*text);
			ps->stmt_piece[ps->nstmt++].line = ps->lineno;
		}
		append(text, value);
		return 1;
	}
	if (ps->seen & (1u << k))
		return parse_err(ps, parse_col_of_key(ps),
				 "'%s' given twice in [%s] (first at line %d)", name, ps->secname,
				 ps->seen_line[k]);
	ps->seen |= 1u << k;
	ps->seen_line[k] = ps->lineno;
	snprintf(ps->last_key, sizeof(ps->last_key), "%s", name);
	if (ps->sec == SEC_EXERCISE) {
		if (k == 2 && ps->ex->model)
			return 1;
		return exercise_key(ps, k, value);
	}
	if (ps->sec == SEC_PARAM)
		return param_key(ps, k, value);
	return answer_key(ps, k, value);
}

/* Strips blanks at both ends of s[0..n) in place; returns the start. */
char *parse_strip(char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	s[n] = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* One physical line: checks its bytes, then hands a section to
 * section_begin and a key's value to handler. */
static void read_line(struct parse *ps, const char *start, size_t n)
{
	ps->lineno++;
	free(ps->raw);
	ps->raw = xstrndup(start, n);
	const char *nul = memchr(start, '\0', n);
	if (nul) {
		parse_err(ps, (int)(nul - start) + 1, "NUL byte in the file");
		return;
	}
	if (n && ps->raw[n - 1] == '\r')
		ps->raw[--n] = '\0';
	if (ps->lineno == 1 && n >= 3 && !memcmp(ps->raw, "\xEF\xBB\xBF", 3)) {
		memmove(ps->raw, ps->raw + 3, n - 2); /* a byte-order mark */
		n -= 3;
	}
	long bad = bad_utf8(ps->raw, n);
	if (bad >= 0) {
		parse_err(ps, (int)bad + 1, "invalid UTF-8");
		return;
	}
	const char *p = ps->raw;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == ';' || *p == '#') /* blank or comment */
		return;
	ps->continuation = p != ps->raw && ps->prev_key;
	if (!ps->continuation && *p == '[') {
		/* the section before is judged first: its errors are not the
		 * header's (they made the new section's keys go unread) */
		section_end(ps);
		const int before = ps->nerr;
		section_begin(ps, p);
		ps->skip = ps->nerr > before;
		ps->prev_key = false;
		return;
	}
	if (ps->sec == SEC_SCENE && *p != '[') {
		/* a drawing's element a line (scene_spec.h), read once the model's
		 * names are known (parse_final_scene) */
		ps->prev_key = false;
		if (ps->skip)
			return;
		char *work = xstrdup(ps->raw);
		for (char *q = work + 1; *q; q++)
			if (*q == ';' && (q[-1] == ' ' || q[-1] == '\t')) {
				*q = '\0';
				break;
			}
		note_unwritable(ps, work);
		size_t len = strlen(work);
		while (len && (work[len - 1] == ' ' || work[len - 1] == '\t'))
			work[--len] = '\0';
		ex_scene_add(ps->ex->scene, ps->lineno, work);
		free(work);
		return;
	}
	if (!ps->continuation && !strpbrk(p, "=:")) {
		parse_err(ps, (int)(p - ps->raw) + 1, "expected 'key = value' or a [section]");
		return;
	}
	char *work = xstrdup(ps->raw);
	for (char *q = work + 1; *q; q++) /* an inline comment: ';' after a blank */
		if (*q == ';' && (q[-1] == ' ' || q[-1] == '\t')) {
			*q = '\0';
			break;
		}
	note_unwritable(ps, work);
	if (ps->continuation) {
		handler(ps, ps->prev_name, parse_strip(work, strlen(work)));
	} else {
		char *eq = strpbrk(work, "=:");
		if (!eq) { /* its '=' or ':' was in the inline comment */
			parse_err(ps, (int)(p - ps->raw) + 1,
				  "expected 'key = value' or a [section]");
			free(work);
			return;
		}
		const char *name = parse_strip(work, (size_t)(eq - work));
		const char *value = parse_strip(eq + 1, strlen(eq + 1));
		snprintf(ps->prev_name, sizeof(ps->prev_name), "%s", name);
		ps->prev_key = true;
		if (strlen(name) >= sizeof(ps->prev_name))
			parse_err(ps, parse_col_of_key(ps), "unknown key '%.40s…'", name);
		else
			handler(ps, name, value);
	}
	free(work);
}

static void read_lines(struct parse *ps)
{
	while (ps->pos < ps->len && !ps->stop) {
		const char *start = ps->text + ps->pos;
		const char *nl = memchr(start, '\n', ps->len - ps->pos);
		size_t n = nl ? (size_t)(nl - start) : ps->len - ps->pos;
		ps->pos += n + (nl != NULL);
		read_line(ps, start, n);
	}
}

void exercise_free(struct exercise *ex)
{
	if (!ex)
		return;
	if (ex->params)
		for (size_t i = 0; i < ex->model->nparams; i++) {
			free(ex->params[i].unit);
			free(ex->params[i].text);
		}
	for (size_t i = 0; i < ex->nanswers; i++) {
		free(ex->answers[i].name);
		free(ex->answers[i].unit);
		free(ex->answers[i].hint);
		free(ex->answers[i].text);
	}
	free(ex->answers);
	for (size_t i = 0; i < ex->nunwritable && i < EX_UNWRITABLE_KEPT; i++)
		free(ex->unwritable[i].source);
	free(ex->unwritable);
	free(ex->keep);
	free(ex->overlay);
	ex_scene_free(ex->scene);
	free(ex->params);
	if (ex->own_model)
		ex->own_maker->free(ex->own_model);
	free(ex->path);
	free(ex->id);
	free(ex->title);
	free(ex->source);
	free(ex->statement);
	free(ex->hint);
	free(ex->figure);
	free(ex->text);
	free(ex);
}

struct exercise *exercise_parse(const char *path, const char *text, size_t len, struct diag *d)
{
	struct exercise *ex = xcalloc(1, sizeof(*ex));
	struct parse ps = {.path = path, .text = text, .len = len, .ex = ex, .d = d};
	diag_clear(d);
	ex->path = xstrdup(path);
	if (len > EXERCISE_MAX_BYTES) {
		diag_at(d, path, 0, 0, NULL,
			"file too large (%zu bytes; an exercise is at most %d)", len,
			EXERCISE_MAX_BYTES);
		exercise_free(ex);
		return NULL;
	}
	ex->text = xmalloc(len + 1);
	memcpy(ex->text, text, len);
	ex->text[len] = '\0';
	ex->text_len = len;
	read_lines(&ps);
	/* every error of the file at once: the last section's own checks, and
	 * those of names (statement, keep), whatever else was wrong; the
	 * header's and the values' together (overlay, the model's domain)
	 * only in a file otherwise right, for they follow from those */
	const bool lines_failed = ps.failed;
	if (!ps.stop)
		section_end(&ps);
	if (!lines_failed) {
		if (!ps.had_exercise)
			parse_err_line(&ps, 1, 0, "no [exercise] section");
		else if (!ex->id)
			parse_err_line(&ps, ps.exercise_line, 0, "[exercise] has no id");
		else if (!ex->title || !ex->title[0])
			parse_err_line(&ps, ps.exercise_line, 0, "[exercise] has no title");
		else if (!ex->model)
			parse_err_line(&ps, ps.exercise_line, 0, "[exercise] has no model");
	}
	if (!ps.stop && ex->model)
		parse_final_statement(&ps);
	if (!ps.stop && ex->model)
		parse_final_keep(&ps);
	if (!ps.failed)
		parse_final_overlay(&ps);
	if (!ps.failed)
		parse_final_domain(&ps);
	if (!ps.failed && ex->scene)
		parse_final_scene(&ps);
	if (ps.nerr > 1) {
		const size_t have = strlen(d->more);
		snprintf(d->more + have, sizeof(d->more) - have, "%d errors%s\n", ps.nerr,
			 ps.nerr >= PARSE_MAX_ERRORS ? " (reading stopped there)" : "");
	}
	free(ps.raw);
	free(ps.keep);
	free(ps.overlay);
	free(ps.param_given);
	if (ps.failed) {
		exercise_free(ex);
		return NULL;
	}
	if (!ex->source)
		ex->source = xstrdup("");
	if (!ex->statement)
		ex->statement = xstrdup("");
	if (!ex->hint)
		ex->hint = xstrdup("");
	return ex;
}
