#include "exercise/exercise.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyn/law.h"
#include "util/infile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* ---- reading lines ------------------------------------------------------ */

/* tribo reads the INI text itself (it used libinih, whose Debian build cuts
 * a line at 200 bytes): a line is a [section], a `key = value` (split at
 * the first '=' or ':'), a comment (';' or '#' first), blank, or, after a
 * key, an indented line that continues that key's value. An inline
 * comment is a ';' after a blank. A line may be as long as the file. */

/* SEC_MODEL: a section of a model the file states (model.h's makers) */
enum section { SEC_NONE, SEC_EXERCISE, SEC_PARAM, SEC_ANSWER, SEC_MODEL };

struct parse {
	const char *path;
	const char *text;
	size_t len, pos;
	int lineno;
	char *raw;	   /* the current physical line, without its newline */
	bool prev_key;	   /* a key came before: an indented line continues it */
	bool continuation; /* the current line continues a value */
	char prev_name[32];
	char *keep;    /* the value of `keep`, resolved once the model is known */
	char *overlay; /* the value of `overlay`, likewise */
	struct exercise *ex;
	struct diag *d;
	bool failed;  /* an error was found: the file does not load */
	int nerr;     /* errors found so far (the first in d, the others in d->more) */
	bool stop;    /* no use reading on: too many errors, or no model */
	bool skip;    /* the current section's header was wrong: its keys are not read */
	int sec_nerr; /* nerr when the current section began: its own errors are the rest */

	enum section sec;
	char secname[80];
	int sec_line;
	struct ex_param *param;
	struct {	      /* the param's `value = 15 cm`: put in its unit at */
		bool pending; /* the section's end, where the unit is known */
		double si;
		struct unit u; /* factor 1, the value's powers */
		char text[64];
		int col;
	} value_q;
	struct ex_answer *answer;
	const struct model_section_spec *model_sec; /* of SEC_MODEL */
	unsigned seen;				    /* keys given in this section, one bit each */
	int seen_line[8];
	char last_key[32];
	bool had_exercise;
	int exercise_line;
	int statement_line;
	struct {
		size_t offset;
		int line;
	} stmt_piece[64]; /* where statement text came from */
	size_t nstmt;
	bool *param_given;
};

/* The most errors of a file reported: after them, reading stops. */
enum { PARSE_MAX_ERRORS = 20 };

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

static int perr(struct parse *ps, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int perr(struct parse *ps, int col, const char *fmt, ...)
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
static void line_text(const struct parse *ps, int line, char *buf, size_t n)
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
static int perr_line(struct parse *ps, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int perr_line(struct parse *ps, int line, int col, const char *fmt, ...)
{
	char msg[sizeof(ps->d->msg)], text[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	text[0] = '\0';
	if (line > 0) {
		line_text(ps, line, text, sizeof(text));
		if (col == 0)
			while (text[col] == ' ' || text[col] == '\t')
				col++;
		col = text[0] ? col + 1 : 0; /* no column in an empty line */
	}
	record(ps, line, line > 0 ? col : 0, line > 0 ? text : NULL, msg);
	return -1;
}

static int col_of_key(const struct parse *ps)
{
	int c = 0;
	while (ps->raw[c] == ' ' || ps->raw[c] == '\t')
		c++;
	return c + 1;
}

static int col_of_value(const struct parse *ps)
{
	const char *eq = strpbrk(ps->raw, "=:");
	if (!eq)
		return col_of_key(ps);
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

static void final_param(struct parse *ps);

static void section_end(struct parse *ps)
{
	if (ps->sec == SEC_PARAM && ps->param)
		final_param(ps);
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
		perr(ps, col, "section header without ']'");
		return;
	}
	for (const char *q = close + 1; *q; q++)
		if (!isspace((unsigned char)*q)) {
			if (*q == ';' || *q == '#')
				break;
			perr(ps, (int)(q - ps->raw) + 1, "text after the section header");
			return;
		}
	char name[80], arg[80], hint[96];
	size_t len = (size_t)(close - line - 1);
	if (len >= sizeof(name)) {
		perr(ps, col, "section name too long");
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
			perr(ps, col, "second [exercise] section");
			return;
		}
		ps->had_exercise = true;
		ps->exercise_line = ps->lineno;
		ps->ex->line = ps->lineno;
		ps->sec = SEC_EXERCISE;
	} else if (!strcmp(kind, "param") || !strcmp(kind, "answer")) {
		char extra[8];
		if (nf < 2) {
			perr(ps, col, "[%s] needs a name: [%s NAME]", kind, kind);
			return;
		}
		if (sscanf(name, "%*s %*s %7s", extra) == 1) {
			perr(ps, col, "[%s] takes one name", kind);
			return;
		}
		if (!m) {
			perr(ps, col,
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
			perr(ps, col, "model %s has no %s '%s'%s", m->name,
			     is_param ? "parameter" : "result", arg,
			     text_did_you_mean(arg, cands, nc, hint, sizeof(hint)));
			return;
		}
		if (is_param) {
			if (ps->param_given[i]) {
				perr(ps, col, "second [param %s] section (the first is at line %d)",
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
					perr(ps, col,
					     "second [answer %s] section (the first is at line %d)",
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
	} else if ((spec = maker_section(kind, nf == 2, &maker))) {
		if (!m || ps->ex->own_maker != maker) {
			perr(ps, col, "[%s] is only for model = %s (given in [exercise] before it)",
			     kind, maker->name);
			return;
		}
		ps->sec = SEC_MODEL;
		ps->model_sec = spec;
	} else {
		struct strbuf also = STRBUF_INIT;
		for (const struct model_maker *const *mk = model_makers(); *mk; mk++) {
			strbuf_addf(&also, " (model %s: also ", (*mk)->name);
			for (const struct model_section_spec *sp = (*mk)->sections; sp->kind; sp++)
				strbuf_addf(&also, "%s[%s%s]",
					    sp == (*mk)->sections ? ""
					    : sp[1].kind	  ? ", "
								  : " and ",
					    sp->kind, sp->named ? " NAME" : "");
			strbuf_addch(&also, ')');
		}
		perr(ps, col,
		     "unknown section [%s]: expected [exercise], [param NAME] or [answer NAME]%s",
		     name, strbuf_str(&also));
		strbuf_release(&also);
	}
}

/* ---- keys ---------------------------------------------------------------- */

static const char *const exercise_keys[] = {"id",   "title",   "model", "source", "statement",
					    "keep", "overlay", "hint",	NULL};
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
		return perr(ps, col_of_value(ps), "'%s' %s", value, why), -1;
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

/* ---- a model the file states: its sections, read before the rest ---------- */

static char *strip(char *s, size_t n);

struct file_sections {
	struct model_section *secs;
	size_t n;
};

static void file_sections_release(struct file_sections *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		struct model_section *sec = &fs->secs[i];
		for (size_t k = 0; k < sec->nkeys; k++) {
			free((char *)sec->keys[k].name);
			free((char *)sec->keys[k].value);
		}
		free((struct model_key *)sec->keys);
		free((char *)sec->kind);
		free((char *)sec->arg);
	}
	free(fs->secs);
}

/* Every section of the file with its keys, read in a pass of their own
 * for a model the file states: the main pass then checks the rest of the
 * file against the model as for any other, and says what is wrong with
 * the lines; this one only reads what it can. */
static void file_sections_read(const struct parse *ps, struct file_sections *fs)
{
	size_t pos = 0;
	int lineno = 0;
	struct model_key *last = NULL; /* the key an indented line goes on with */
	while (pos < ps->len) {
		const char *start = ps->text + pos;
		const char *nl = memchr(start, '\n', ps->len - pos);
		size_t n = nl ? (size_t)(nl - start) : ps->len - pos;
		pos += n + (nl != NULL);
		lineno++;
		char *raw = xstrndup(start, n);
		size_t len = strlen(raw);
		if (len && raw[len - 1] == '\r')
			raw[--len] = '\0';
		for (char *q = raw + 1; len && *q; q++) /* an inline comment */
			if (*q == ';' && (q[-1] == ' ' || q[-1] == '\t')) {
				*q = '\0';
				break;
			}
		char *p = raw;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == ';' || *p == '#') {
			free(raw);
			continue;
		}
		if (p != raw && last) { /* continues the value before */
			char *v = strip(p, strlen(p));
			char *joined = xmalloc(strlen(last->value) + strlen(v) + 2);
			sprintf(joined, "%s %s", last->value, v);
			free((char *)last->value);
			last->value = joined;
			free(raw);
			continue;
		}
		last = NULL;
		if (*p == '[') {
			char kind[80] = "", arg[80] = "";
			const char *close = strchr(p, ']');
			int nf = close ? sscanf(p + 1, "%79[^] ] %79[^] ]", kind, arg) : 0;
			fs->secs = xrealloc(fs->secs, (fs->n + 1) * sizeof(*fs->secs));
			fs->secs[fs->n++] =
				(struct model_section){.kind = xstrdup(kind),
						       .arg = nf == 2 ? xstrdup(arg) : NULL,
						       .line = lineno};
			free(raw);
			continue;
		}
		char *eq = strpbrk(p, "=:");
		if (!eq || !fs->n) {
			free(raw);
			continue;
		}
		*eq = '\0';
		const char *key = strip(p, (size_t)(eq - p));
		char *v = eq + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		const int col = (int)(v - raw) + 1;
		struct model_section *sec = &fs->secs[fs->n - 1];
		struct model_key *keys =
			xrealloc((struct model_key *)sec->keys, (sec->nkeys + 1) * sizeof(*keys));
		last = &keys[sec->nkeys];
		*last = (struct model_key){xstrdup(key), xstrdup(strip(v, strlen(v))), lineno, col};
		sec->keys = keys;
		sec->nkeys++;
		free(raw);
	}
}

/* The model of a file whose model its maker makes from the file's
 * sections; NULL with the error recorded. */
static struct model *file_model(struct parse *ps, const struct model_maker *maker)
{
	struct file_sections fs = {NULL, 0};
	file_sections_read(ps, &fs);
	int line = 0, col = 0;
	struct diag why;
	diag_clear(&why);
	struct model *m = maker->make(fs.secs, fs.n, &line, &col, &why);
	/* a [result NAME] of a parameter's name made `print m` the result's
	 * and hid the parameter without a word (issue 43) */
	for (size_t i = 0; m && i < fs.n; i++)
		for (size_t j = 0; fs.secs[i].arg && j < fs.n; j++)
			if (!strcmp(fs.secs[i].kind, "result") && fs.secs[j].arg &&
			    !strcmp(fs.secs[j].kind, "param") &&
			    !strcmp(fs.secs[i].arg, fs.secs[j].arg)) {
				maker->free(m);
				m = NULL;
				line = fs.secs[i].line;
				col = 0;
				diag_set(&why,
					 "[result %s] has the name of [param %s] (line %d): "
					 "give the result another name",
					 fs.secs[i].arg, fs.secs[j].arg, fs.secs[j].line);
				break;
			}
	if (!m && line)
		perr_line(ps, line, col > 0 ? col - 1 : 0, "%s", why.msg);
	else if (!m)
		perr(ps, col_of_value(ps), "%s", why.msg);
	file_sections_release(&fs);
	return m;
}

static int exercise_key(struct parse *ps, int k, const char *value)
{
	struct exercise *ex = ps->ex;
	switch (k) {
	case 0: /* id */
		if (!*value || !islower((unsigned char)value[0]) || strlen(value) > 64)
			return perr(ps, col_of_value(ps),
				    "id '%s' must start with a lowercase letter (at most 64 "
				    "characters)",
				    value);
		for (const char *q = value; *q; q++)
			if (!(islower((unsigned char)*q) || isdigit((unsigned char)*q) ||
			      *q == '-'))
				return perr(
					ps, col_of_value(ps) + (int)(q - value),
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
			m = ex->own_model = file_model(ps, maker);
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
			return perr(ps, col_of_value(ps), "unknown model '%s'%s", value,
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
	case 5: /* keep = NAME...: checked in final_keep, when the model is known */
		if (!*value)
			return perr(ps, col_of_value(ps),
				    "keep needs the names of word or true/false results: keep = "
				    "NAME...");
		ps->keep = xstrdup(value);
		ex->keep_line = ps->lineno;
		return 1;
	case 6: /* overlay = NAME V...: checked in final_overlay */
		if (!*value)
			return perr(ps, col_of_value(ps),
				    "overlay needs a parameter and its values: overlay = NAME V1 "
				    "V2 ...");
		ps->overlay = xstrdup(value);
		ex->overlay_line = ps->lineno;
		return 1;
	case 7:
		ex->hint = xstrdup(value);
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
		return perr(ps, col_of_key(ps), "%s is not a number: it has no unit", name);
	/* not into ps->d: that holds the file's first error (it took the
	 * place of an earlier one, which was lost, and this one was said
	 * twice, once without its line) */
	if (unit_parse(value, &got, &why))
		return perr(ps, col_of_value(ps), "%s", why.msg);
	if (!unit_same_dim(&got, want)) {
		unit_refuse(&why, value, &got, name, want, want_unit);
		perr(ps, col_of_value(ps), "%s", why.msg);
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
			return perr(ps, col_of_value(ps), "'%s' is not a number", value);
		return perr(ps, col_of_value(ps), "%s", why.msg);
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
	ps->value_q.col = col_of_value(ps) - 1; /* perr_line counts from 0 */
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
				return perr(ps, col_of_value(ps), "%s", why.msg);
			if (c < 0)
				return perr(ps, col_of_value(ps), "%s is one of %s, not '%s'",
					    sp->name, sp->choices, value);
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
			return perr(ps, col_of_key(ps), "%s is not a number: it has no range",
				    sp->name);
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
			return perr(ps, col_of_key(ps), "%s is not a number: it cannot be drawn",
				    sp->name);
		if (sscanf(value, "%63s %63s %7s", a, b, c) != 2)
			return perr(ps, col_of_value(ps),
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
			return perr(ps, col_of_value(ps),
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
			return perr(ps, col_of_key(ps), "%s is not a number: it has no tolerance",
				    rs->name);
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
				return perr(ps, col_of_value(ps),
					    "significant figures must be from 1 to 15");
			a->tol = (struct tolerance){TOL_SIG, figures};
			return 1;
		}
		bool rel = n && buf[n - 1] == '%';
		if (rel)
			buf[--n] = '\0';
		const char *why;
		if (text_parse_double(buf, &x, &why))
			return perr(ps, col_of_value(ps),
				    "tolerance '%s' %s: write a percentage (1%%), significant "
				    "figures (3 sig) or an amount (0.01)",
				    value, why);
		if (!(x > 0))
			return perr(ps, col_of_value(ps), "tolerance must be positive");
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
		return perr(ps, col_of_key(ps), "'%s' outside a section: begin with [exercise]",
			    name);
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
		return perr(ps, col_of_key(ps), "unknown key '%s' in [%s]%s", name, ps->secname,
			    text_did_you_mean(name, keys, n, hint, sizeof(hint)));
	}
	if (ps->sec == SEC_MODEL) {
		if (ps->continuation && !strcmp(ps->last_key, name))
			return 1; /* the model's maker has read it */
		if (ps->seen & (1u << k))
			return perr(ps, col_of_key(ps),
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
			return perr(ps, col_of_key(ps),
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
		return perr(ps, col_of_key(ps), "'%s' given twice in [%s] (first at line %d)", name,
			    ps->secname, ps->seen_line[k]);
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
static char *strip(char *s, size_t n)
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
		perr(ps, (int)(nul - start) + 1, "NUL byte in the file");
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
		perr(ps, (int)bad + 1, "invalid UTF-8");
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
	if (!ps->continuation && !strpbrk(p, "=:")) {
		perr(ps, (int)(p - ps->raw) + 1, "expected 'key = value' or a [section]");
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
		handler(ps, ps->prev_name, strip(work, strlen(work)));
	} else {
		char *eq = strpbrk(work, "=:");
		if (!eq) { /* its '=' or ':' was in the inline comment */
			perr(ps, (int)(p - ps->raw) + 1, "expected 'key = value' or a [section]");
			free(work);
			return;
		}
		const char *name = strip(work, (size_t)(eq - work));
		const char *value = strip(eq + 1, strlen(eq + 1));
		snprintf(ps->prev_name, sizeof(ps->prev_name), "%s", name);
		ps->prev_key = true;
		if (strlen(name) >= sizeof(ps->prev_name))
			perr(ps, col_of_key(ps), "unknown key '%.40s…'", name);
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

/* ---- whole-file checks ---------------------------------------------------- */

void tolerance_describe(const struct tolerance *tol, const char *unit, struct strbuf *out)
{
	char buf[32];
	switch (tol->kind) {
	case TOL_ABS:
		text_format_number(tol->value, buf, sizeof(buf));
		strbuf_addf(out, "±%s%s%s", buf, unit[0] ? " " : "", unit);
		return;
	case TOL_SIG:
		strbuf_addf(out, "%d significant figures", (int)tol->value);
		return;
	case TOL_REL:
	case TOL_DEFAULT:
		break;
	}
	text_format_number(100 * (tol->kind == TOL_REL ? tol->value : TOLERANCE_DEFAULT_REL), buf,
			   sizeof(buf));
	strbuf_addf(out, "%s%%%s", buf, tol->kind == TOL_DEFAULT ? " (the default)" : "");
}

int tolerance_figures(const struct tolerance *tol)
{
	switch (tol->kind) {
	case TOL_SIG:
		return (int)tol->value;
	case TOL_ABS:
		/* 1e-9: 0.05 asks for 1 decimal, not 2, whatever log10 rounds */
		return (int)ceil(-log10(2 * tol->value) - 1e-9);
	case TOL_REL:
	case TOL_DEFAULT:
		break;
	}
	const double r = tol->kind == TOL_REL ? tol->value : TOLERANCE_DEFAULT_REL;
	const int n = (int)ceil(1 - log10(2 * r) - 1e-9);
	return n < 1 ? 1 : n;
}

void tolerance_precision(const struct tolerance *tol, const char *unit, struct strbuf *out)
{
	const int n = tolerance_figures(tol);
	if (tol->kind == TOL_SIG) {
		strbuf_addf(out, "to %d significant figure%s", n, n == 1 ? "" : "s");
		return;
	}
	struct tolerance plain = *tol;
	if (plain.kind == TOL_DEFAULT) /* "1%", not "1% (the default)" */
		plain = (struct tolerance){TOL_REL, TOLERANCE_DEFAULT_REL};
	strbuf_addstr(out, "to ");
	tolerance_describe(&plain, unit, out);
	if (tol->kind != TOL_ABS)
		strbuf_addf(out, ", i.e. %d significant figure%s", n, n == 1 ? "" : "s");
	else if (n > 0)
		strbuf_addf(out, ", i.e. %d decimal place%s", n, n == 1 ? "" : "s");
	else if (n == 0)
		strbuf_addstr(out, ", i.e. a whole number");
	else
		strbuf_addf(out, ", i.e. to the nearest %.0f", pow(10, -n));
}

double ex_param_to_model(const struct ex_param *p, double value)
{
	return unit_convert(value, &p->u, &p->canon);
}

/* The model's check (what its parameters must satisfy together, its
 * domain's scales) at the file's values. */
static int domain_check(const struct exercise *ex, int without, struct diag *d)
{
	const struct model *m = ex->model;
	double *num = xcalloc(m->nparams, sizeof(*num));
	int *choice = xcalloc(m->nparams, sizeof(*choice));
	const char **text = xcalloc(m->nparams, sizeof(*text));
	for (size_t i = 0; i < m->nparams; i++) {
		const struct ex_param *p = &ex->params[i];
		num[i] = (int)i == without ? m->params[i].def : ex_param_to_model(p, p->value);
		choice[i] = p->choice;
		text[i] = p->text ? p->text : "";
	}
	struct model_input in = {num, choice, text, m};
	int rc = m->check(&in, d);
	free(num);
	free(choice);
	free(text);
	return rc;
}

/* An exercise whose own values the model refuses is refused at load, as
 * `set` refuses them: the message points at the value that, put back to
 * the model's default, makes the rest acceptable, else at [exercise]. */
static void final_domain(struct parse *ps)
{
	const struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	struct diag why;
	diag_clear(&why);
	if (!m->check || domain_check(ex, -1, &why) == 0)
		return;
	int line = ps->exercise_line;
	for (size_t i = 0; i < m->nparams; i++) {
		struct diag scratch;
		diag_clear(&scratch);
		const struct ex_param *p = &ex->params[i];
		if (p->spec->kind == PARAM_NUMBER && p->value_line &&
		    domain_check(ex, (int)i, &scratch) == 0) {
			line = p->value_line;
			break;
		}
	}
	perr_line(ps, line, 0, "model %s refuses these values: %s", m->name, why.msg);
}

/* The binding bounds, in the display unit. */
static void bounds(const struct ex_param *p, double *lo, bool *lo_open, double *hi, bool *hi_open)
{
	const struct param_spec *sp = p->spec;
	double mlo = isfinite(sp->lo) ? unit_convert(sp->lo, &p->canon, &p->u) : sp->lo;
	double mhi = isfinite(sp->hi) ? unit_convert(sp->hi, &p->canon, &p->u) : sp->hi;
	*lo = mlo;
	*lo_open = sp->lo_open;
	if (p->min > mlo || (p->min == mlo && !sp->lo_open)) {
		*lo = p->min;
		*lo_open = false;
	}
	*hi = mhi;
	*hi_open = sp->hi_open;
	if (p->max < mhi || (p->max == mhi && !sp->hi_open)) {
		*hi = p->max;
		*hi_open = false;
	}
}

void ex_param_range(const struct ex_param *p, char *buf, size_t n)
{
	double lo, hi;
	bool lo_open, hi_open;
	char a[32], b[32];
	bounds(p, &lo, &lo_open, &hi, &hi_open);
	text_format_number(lo, a, sizeof(a));
	text_format_number(hi, b, sizeof(b));
	const char *u = p->unit;
	const char *sp = u[0] ? " " : "";
	if (isinf(lo) && isinf(hi))
		snprintf(buf, n, "any value");
	else if (isinf(hi))
		snprintf(buf, n, "%s %s%s%s", lo_open ? ">" : "≥", a, sp, u);
	else if (isinf(lo))
		snprintf(buf, n, "%s %s%s%s", hi_open ? "<" : "≤", b, sp, u);
	else
		snprintf(buf, n, "%c%s, %s%c%s%s", lo_open ? '(' : '[', a, b, hi_open ? ')' : ']',
			 sp, u);
}

int ex_param_check(const struct ex_param *p, double value, struct diag *d)
{
	double lo, hi;
	bool lo_open, hi_open;
	char range[96], v[32];
	if (!isfinite(value))
		return diag_set(d, "%s must be a finite number", p->spec->name);
	/* 1e308 km is finite, but not in the model's metres */
	if (!isfinite(ex_param_to_model(p, value))) {
		text_format_number(value, v, sizeof(v));
		return diag_set(d, "%s = %s %s is too large: it overflows in %s", p->spec->name, v,
				p->unit, p->spec->unit);
	}
	bounds(p, &lo, &lo_open, &hi, &hi_open);
	bool ok = (lo_open ? value > lo : value >= lo) && (hi_open ? value < hi : value <= hi);
	/* the model's own limits hold whatever the file says */
	ok = ok && param_within_limits(p->spec, ex_param_to_model(p, value));
	if (ok)
		return 0;
	ex_param_range(p, range, sizeof(range));
	text_format_number(value, v, sizeof(v));
	return diag_set(d, "%s = %s%s%s is out of range: %s must be %s", p->spec->name, v,
			p->unit[0] ? " " : "", p->unit, p->spec->name, range);
}

static void final_param(struct parse *ps)
{
	struct ex_param *p = ps->param;
	const struct param_spec *sp = p->spec;
	struct diag d;
	/* a parameter whose own lines were wrong is not judged as a whole:
	 * its values are not the file's; one after another section's error is */
	if (ps->nerr > ps->sec_nerr || sp->kind != PARAM_NUMBER)
		return;
	if (ps->value_q.pending) { /* value = 15 cm: in the display unit */
		if (!unit_same_dim(&ps->value_q.u, &p->u)) {
			struct strbuf msg = STRBUF_INIT;
			unit_mismatch(&msg, ps->value_q.text, false, &ps->value_q.u, sp->name,
				      &p->u, p->unit);
			perr_line(ps, p->value_line, ps->value_q.col, "%s", strbuf_str(&msg));
			strbuf_release(&msg);
			return;
		}
		p->value = ps->value_q.si / p->u.factor;
		if (!isfinite(p->value) || (p->value != 0 && fabs(p->value) < DBL_MIN)) {
			perr_line(ps, p->value_line, ps->value_q.col, "%s = %s is too %s in %s",
				  sp->name, ps->value_q.text,
				  isfinite(p->value) ? "small" : "large", p->unit);
			return;
		}
	}
	if (!(ps->seen & 1u)) /* no value: the model's default, in the file's unit */
		p->value = unit_convert(sp->def, &p->canon, &p->u);
	if (p->min > p->max) {
		perr_line(ps, p->range_line, 0, "min is larger than max");
		return;
	}
	if (ex_param_check(p, p->value, &d)) {
		perr_line(ps, p->value_line ? p->value_line : p->line, 0, "%s", d.msg);
		return;
	}
	if (p->has_draw) {
		if (p->draw_lo > p->draw_hi) {
			perr_line(ps, p->draw_line, 0, "draw range %g %g is reversed", p->draw_lo,
				  p->draw_hi);
			return;
		}
		if (ex_param_check(p, p->draw_lo, &d) || ex_param_check(p, p->draw_hi, &d)) {
			perr_line(ps, p->draw_line, 0, "draw range: %s", d.msg);
			return;
		}
	}
}

/* A mistake at byte `at` of the statement, `what` being the text there:
 * the message names the physical line and points at `what` in it. */
static void statement_error(struct parse *ps, const char *at, size_t what_len, const char *msg)
{
	size_t offset = (size_t)(at - ps->ex->statement);
	int line = ps->statement_line;
	for (size_t i = 0; i < ps->nstmt; i++)
		if (ps->stmt_piece[i].offset <= offset)
			line = ps->stmt_piece[i].line;
	char text[256], what[96];
	snprintf(what, sizeof(what), "%.*s", (int)(what_len < 95 ? what_len : 95), at);
	line_text(ps, line, text, sizeof(text));
	const char *hit = strstr(text, what);
	perr_line(ps, line, hit ? (int)(hit - text) : 0, "statement: %s", msg);
}

static void final_statement(struct parse *ps)
{
	const char *s = ps->ex->statement;
	char msg[160];
	if (!s)
		return;
	for (const char *p = s; *p; p++) {
		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			p++;
			continue;
		}
		if (*p == '}') {
			statement_error(ps, p, 1, "'}' without '{' (write }} for a brace)");
			continue;
		}
		if (*p != '{')
			continue;
		const char *close = strchr(p, '}');
		if (!close) {
			statement_error(ps, p, 1, "'{' without '}' (write {{ for a brace)");
			return;
		}
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(close - p - 1), p + 1);
		if (model_param_index(ps->ex->model, name) < 0) {
			snprintf(msg, sizeof(msg), "{%s} is not a parameter of model %s", name,
				 ps->ex->model->name);
			statement_error(ps, p, (size_t)(close - p + 1), msg);
		}
		p = close;
	}
}

/* The names of `keep` must be word or true/false results of the model, each
 * once: a number has no verdict to keep. */
static void final_keep(struct parse *ps)
{
	struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	char text[256], hint[96];
	if (!ps->keep)
		return;
	line_text(ps, ex->keep_line, text, sizeof(text));
	/* where to look for the next name's column: after the '=', then after
	 * the name before it */
	const char *from = strpbrk(text, "=:");
	char *save = NULL;
	for (char *name = strtok_r(ps->keep, " \t,", &save); name && !ps->stop;
	     name = strtok_r(NULL, " \t,", &save)) {
		/* the column of the name in the line, a whole word */
		size_t len = strlen(name);
		const char *at = from ? strstr(from, name) : NULL;
		while (at && (isalnum((unsigned char)at[-1]) || at[-1] == '_' ||
			      isalnum((unsigned char)at[len]) || at[len] == '_'))
			at = strstr(at + 1, name);
		int col = at ? (int)(at - text) : 0;
		if (at)
			from = at + len;
		int i = model_result_index(m, name);
		if (i < 0) {
			const char *cands[64];
			size_t nc = model_result_names(m, cands, 64);
			perr_line(ps, ex->keep_line, col, "keep: model %s has no result '%s'%s",
				  m->name, name,
				  text_did_you_mean(name, cands, nc, hint, sizeof(hint)));
			continue;
		}
		enum value_kind kind = m->results[i].kind;
		if (kind != VAL_WORD && kind != VAL_BOOL) {
			perr_line(
				ps, ex->keep_line, col,
				"keep: %s is a %s, not a word or true/false: only a verdict can be "
				"kept",
				name, kind == VAL_NUMBER ? "number" : "matrix");
			continue;
		}
		bool twice = false;
		for (size_t j = 0; j < ex->nkeep && !twice; j++)
			twice = ex->keep[j] == i;
		if (twice) {
			perr_line(ps, ex->keep_line, col, "keep: %s is named twice", name);
			continue;
		}
		ex->keep = xrealloc(ex->keep, (ex->nkeep + 1) * sizeof(*ex->keep));
		ex->keep[ex->nkeep++] = i;
	}
}

/* `overlay = NAME V1 V2 ...`: NAME a number parameter, two to
 * EX_OVERLAY_MAX values, each a number its range allows. */
static void final_overlay(struct parse *ps)
{
	struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	char text[256], hint[96];
	if (!ps->overlay)
		return;
	line_text(ps, ex->overlay_line, text, sizeof(text));
	const char *eq = strpbrk(text, "=:");
	char *save = NULL;
	const char *name = strtok_r(ps->overlay, " \t,", &save);
	const char *at = eq && name ? strstr(eq, name) : NULL;
	int col = at ? (int)(at - text) : 0;
	int i = model_param_index(m, name);
	if (i < 0) {
		const char *cands[64];
		size_t nc = model_param_names(m, cands, 64);
		perr_line(ps, ex->overlay_line, col, "overlay: model %s has no parameter '%s'%s",
			  m->name, name, text_did_you_mean(name, cands, nc, hint, sizeof(hint)));
		return;
	}
	if (m->params[i].kind != PARAM_NUMBER) {
		perr_line(ps, ex->overlay_line, col,
			  "overlay: %s is not a number: only a number can be overlaid", name);
		return;
	}
	ex->overlay_param = i;
	ex->overlay = xcalloc(EX_OVERLAY_MAX, sizeof(double));
	const char *from = at ? at + strlen(name) : NULL;
	for (const char *v = strtok_r(NULL, " \t,", &save); v; v = strtok_r(NULL, " \t,", &save)) {
		at = from ? strstr(from, v) : NULL;
		col = at ? (int)(at - text) : 0;
		if (at)
			from = at + strlen(v);
		if (ex->noverlay == EX_OVERLAY_MAX) {
			perr_line(ps, ex->overlay_line, col,
				  "overlay: at most %d values, one a colour of the palette",
				  EX_OVERLAY_MAX);
			return;
		}
		char *end;
		double x = strtod(v, &end);
		struct diag d;
		if (*end || end == v) {
			perr_line(ps, ex->overlay_line, col, "overlay: '%s' is not a number", v);
			return;
		}
		if (ex_param_check(&ex->params[i], x, &d)) {
			perr_line(ps, ex->overlay_line, col, "overlay: %s", d.msg);
			return;
		}
		ex->overlay[ex->noverlay++] = x;
	}
	if (ex->noverlay < 2)
		perr_line(ps, ex->overlay_line, 0,
			  "overlay: %s needs two values or more to overlay: overlay = %s V1 V2 ...",
			  name, name);
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
	free(ex->params);
	if (ex->own_model)
		ex->own_maker->free(ex->own_model);
	free(ex->path);
	free(ex->id);
	free(ex->title);
	free(ex->source);
	free(ex->statement);
	free(ex->hint);
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
			perr_line(&ps, 1, 0, "no [exercise] section");
		else if (!ex->id)
			perr_line(&ps, ps.exercise_line, 0, "[exercise] has no id");
		else if (!ex->title || !ex->title[0])
			perr_line(&ps, ps.exercise_line, 0, "[exercise] has no title");
		else if (!ex->model)
			perr_line(&ps, ps.exercise_line, 0, "[exercise] has no model");
	}
	if (!ps.stop && ex->model)
		final_statement(&ps);
	if (!ps.stop && ex->model)
		final_keep(&ps);
	if (!ps.failed)
		final_overlay(&ps);
	if (!ps.failed)
		final_domain(&ps);
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

/* Opens an exercise file for reading: util/infile.c refuses at once a
 * path that names anything but a regular file (a FIFO with no writer
 * blocked `load` forever, a device reads without end); only /dev/stdin,
 * asked for by name, may be a pipe: `... | tribo -c 'load /dev/stdin'`. */
static FILE *open_exercise(const char *path, struct diag *d)
{
	char why[128];
	int rc;
	FILE *f = infile_fopen(path, why, sizeof why, &rc);
	if (!f)
		diag_at(d, path, 0, 0, NULL, "%s%s",
			rc == INFILE_CANNOT_OPEN ? "cannot open: " : "", why);
	return f;
}

/* An exercise file's text into SB (empty on entry), or -1 with the
 * reason in D. */
static int read_text(const char *path, struct strbuf *sb, struct diag *d)
{
	FILE *f = open_exercise(path, d);
	if (!f)
		return -1;
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		diag_at(d, path, 0, 0, NULL, "is a directory");
		return -1;
	}
	/* the size a file says it has, not the 1 MB reading stops at */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > EXERCISE_MAX_BYTES) {
		fclose(f);
		diag_at(d, path, 0, 0, NULL,
			"file too large (%lld bytes; an exercise is at most %d)",
			(long long)st.st_size, EXERCISE_MAX_BYTES);
		return -1;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		strbuf_add(sb, buf, n);
		if (sb->len > EXERCISE_MAX_BYTES)
			break;
	}
	int err = ferror(f);
	fclose(f);
	if (err) {
		diag_at(d, path, 0, 0, NULL, "read error");
		return -1;
	}
	if (sb->len > EXERCISE_MAX_BYTES) { /* a pipe or a device: no size to tell */
		diag_at(d, path, 0, 0, NULL, "file too large (an exercise is at most %d bytes)",
			EXERCISE_MAX_BYTES);
		return -1;
	}
	return 0;
}

struct exercise *exercise_read(const char *path, struct diag *d)
{
	struct strbuf sb = STRBUF_INIT;
	struct exercise *ex =
		read_text(path, &sb, d) ? NULL : exercise_parse(path, strbuf_str(&sb), sb.len, d);
	strbuf_release(&sb);
	return ex;
}

/* ---- where exercises live ------------------------------------------------- */

static void add_dir(struct exercise_dirs *dirs, const char *dir)
{
	for (size_t i = 0; i < dirs->n; i++)
		if (!strcmp(dirs->dir[i], dir))
			return;
	dirs->dir = xrealloc(dirs->dir, (dirs->n + 1) * sizeof(char *));
	dirs->dir[dirs->n++] = xstrdup(dir);
}

void exercise_dirs_init(struct exercise_dirs *dirs)
{
	char path[PATH_MAX + 64];
	dirs->dir = NULL;
	dirs->n = 0;
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	if (xdg && xdg[0] == '/') {
		snprintf(path, sizeof(path), "%s/tribo/exercises", xdg);
		add_dir(dirs, path);
	} else if (home && home[0]) {
		snprintf(path, sizeof(path), "%s/.local/share/tribo/exercises", home);
		add_dir(dirs, path);
	}
	/* installed: PREFIX/bin/tribo finds PREFIX/share/tribo/exercises; a
	 * build tree keeps them next to the binary */
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(path, sizeof(path), "%s/../share/tribo/exercises", exe);
			char real[PATH_MAX];
			if (realpath(path, real))
				add_dir(dirs, real);
			snprintf(path, sizeof(path), "%s/exercises", exe);
			if (realpath(path, real))
				add_dir(dirs, real);
		}
	}
	const char *tp = getenv("TRIBO_PATH");
	if (tp) {
		char *copy = xstrdup(tp), *save = NULL;
		for (char *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
			add_dir(dirs, tok);
		free(copy);
	}
}

void exercise_dirs_release(struct exercise_dirs *dirs)
{
	for (size_t i = 0; i < dirs->n; i++)
		free(dirs->dir[i]);
	free(dirs->dir);
	dirs->dir = NULL;
	dirs->n = 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct catalog_entry *)a)->id, ((const struct catalog_entry *)b)->id);
}

/* Every directory's exercises (the first of a duplicated id wins), listed
 * by id, so that "conveyor" comes before "conveyor-transverse". */
/* The names of DIR's exercise files (*.ini, not hidden), sorted: the
 * order in which a directory's files are read. */
static char **dir_ini_names(const char *dir, size_t *nn)
{
	*nn = 0;
	DIR *dp = opendir(dir);
	if (!dp)
		return NULL;
	char **names = NULL;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		if (len > 4 && !strcmp(de->d_name + len - 4, ".ini") && de->d_name[0] != '.') {
			names = xrealloc(names, (*nn + 1) * sizeof(char *));
			names[(*nn)++] = xstrdup(de->d_name);
		}
	}
	closedir(dp);
	if (*nn)
		qsort(names, *nn, sizeof(char *), cmp_str);
	return names;
}

/* The id an exercise file gives itself, read the quick way: the first word
 * of the value of `id` in its [exercise] section, the rest of the file
 * unread. False when the file does not say it on such a line (then only
 * exercise_parse can tell). */
static bool quick_id(const char *text, size_t len, char *id, size_t n)
{
	const char *p = text, *end = text + len;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3)) /* a byte-order mark */
		p += 3;
	bool in_exercise = false;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '[') {
			const char *name = q + 1, *close = memchr(name, ']', (size_t)(eol - name));
			in_exercise = close && close - name == 8 && !memcmp(name, "exercise", 8);
		} else if (in_exercise && eol - q > 2 && !memcmp(q, "id", 2) &&
			   (q[2] == ' ' || q[2] == '\t' || q[2] == '=')) {
			q += 2;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if (q == eol || *q != '=')
				return false;
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			size_t k = 0;
			while (q < eol && !strchr(" \t\r;#", *q) && k + 1 < n)
				id[k++] = *q++;
			id[k] = '\0';
			return k > 0;
		}
		p = eol + 1;
	}
	return false;
}

struct exercise *catalog_load(const char *id)
{
	struct exercise_dirs dirs;
	struct exercise *found = NULL;
	exercise_dirs_init(&dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		size_t nn;
		char **names = dir_ini_names(dirs.dir[i], &nn);
		for (size_t j = 0; j < nn; j++) {
			char path[PATH_MAX + 256], said[256];
			snprintf(path, sizeof(path), "%s/%s", dirs.dir[i], names[j]);
			struct strbuf sb = STRBUF_INIT;
			struct diag d;
			if (!found && !read_text(path, &sb, &d) &&
			    (!quick_id(strbuf_str(&sb), sb.len, said, sizeof said) ||
			     !strcmp(said, id))) {
				struct exercise *ex =
					exercise_parse(path, strbuf_str(&sb), sb.len, &d);
				if (ex && !strcmp(ex->id, id))
					found = ex;
				else if (ex)
					exercise_free(ex);
			}
			strbuf_release(&sb);
			free(names[j]);
		}
		free(names);
		if (found)
			break;
	}
	exercise_dirs_release(&dirs);
	return found;
}

void catalog_scan(struct catalog *cat)
{
	struct exercise_dirs dirs;
	cat->entry = NULL;
	cat->n = 0;
	strbuf_init(&cat->warnings);
	exercise_dirs_init(&dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		size_t nn;
		char **names = dir_ini_names(dirs.dir[i], &nn);
		for (size_t j = 0; j < nn; j++) {
			char path[PATH_MAX + 256];
			struct diag d;
			snprintf(path, sizeof(path), "%s/%s", dirs.dir[i], names[j]);
			free(names[j]);
			struct exercise *ex = exercise_read(path, &d);
			if (!ex) {
				strbuf_addstr(&cat->warnings, "skipped ");
				diag_format(&d, &cat->warnings);
				continue;
			}
			const struct catalog_entry *old = catalog_find(cat, ex->id);
			if (old) {
				strbuf_addf(&cat->warnings,
					    "%s: id '%s' is also in %s, which is used\n", path,
					    ex->id, old->path);
			} else {
				cat->entry =
					xrealloc(cat->entry, (cat->n + 1) * sizeof(*cat->entry));
				cat->entry[cat->n++] = (struct catalog_entry){
					xstrdup(ex->id), xstrdup(ex->title), xstrdup(ex->source),
					xstrdup(path), xstrdup(ex->model->name)};
			}
			exercise_free(ex);
		}
		free(names);
	}
	exercise_dirs_release(&dirs);
	if (cat->n)
		qsort(cat->entry, cat->n, sizeof(*cat->entry), cmp_entry);
}

void catalog_release(struct catalog *cat)
{
	for (size_t i = 0; i < cat->n; i++) {
		free(cat->entry[i].id);
		free(cat->entry[i].title);
		free(cat->entry[i].source);
		free(cat->entry[i].path);
		free(cat->entry[i].model);
	}
	free(cat->entry);
	strbuf_release(&cat->warnings);
	cat->entry = NULL;
	cat->n = 0;
}

const struct catalog_entry *catalog_find(const struct catalog *cat, const char *id)
{
	for (size_t i = 0; i < cat->n; i++)
		if (!strcmp(cat->entry[i].id, id))
			return &cat->entry[i];
	return NULL;
}
