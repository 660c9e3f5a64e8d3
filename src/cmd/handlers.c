/* The commands of SPEC §2 that work on the session. */
#include "cmd/handlers.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dyn/law.h"
#include "num/expr.h"
#include "util/fold.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

/* s as text from an exercise file is written: escaped, so that a hostile
 * file cannot drive the terminal (util/utf8.h). Returns tmp's text. */
const char *cmd_escaped(struct strbuf *tmp, const char *s)
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

/* Whether catalog entry e has every one of the words (folded: case and
 * accents) in its id, title, model or source. */
static bool list_matches(const struct catalog_entry *e, const struct strbuf *words, size_t n)
{
	struct strbuf all = STRBUF_INIT, f = STRBUF_INIT;
	const char *fields[] = {e->id, e->title, e->model, e->source};
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
		strbuf_reset(&f);
		fold_name(&f, fields[i], FOLD_CASE | FOLD_ACCENTS);
		strbuf_addf(&all, "%s\n", strbuf_str(&f));
	}
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++)
		ok = strstr(strbuf_str(&all), strbuf_str(&words[i])) != NULL;
	strbuf_release(&all);
	strbuf_release(&f);
	return ok;
}

/* Nothing matched: say so, with the id or model nearest a word. */
static void list_none(struct cmd_ctx *c, const struct catalog *cat)
{
	size_t n = c->args->n - 1, nc = 0;
	const char **cands = xmalloc((2 * cat->n + 1) * sizeof(*cands));
	for (size_t i = 0; i < cat->n; i++) {
		cands[nc++] = cat->entry[i].id;
		cands[nc++] = cat->entry[i].model;
	}
	strbuf_addstr(c->out, "no exercise has");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(c->out, "%s '%s'", i ? (i + 1 < n ? "," : " and") : "", ARG(i + 1));
	strbuf_addstr(c->out, " in its id, title, model or source ('list' shows them all)");
	for (size_t i = 0; i < n; i++) {
		const char *near = text_suggest(ARG(i + 1), cands, nc);
		if (near) {
			strbuf_addf(c->out, "; did you mean '%s'?", near);
			break;
		}
	}
	strbuf_addch(c->out, '\n');
	free(cands);
}

int cmd_list(struct cmd_ctx *c)
{
	struct catalog cat;
	struct strbuf tmp = STRBUF_INIT;
	size_t nwords = c->args->n - 1;
	struct strbuf *words = xcalloc(nwords + 1, sizeof(*words));
	for (size_t i = 0; i < nwords; i++)
		fold_name(&words[i], ARG(i + 1), FOLD_CASE | FOLD_ACCENTS);
	catalog_scan(&cat);
	bool *shown = xcalloc(cat.n + 1, sizeof(*shown));
	size_t nshown = 0;
	int wid = 2, wtitle = 5;
	for (size_t i = 0; i < cat.n; i++) {
		if (!(shown[i] = list_matches(&cat.entry[i], words, nwords)))
			continue;
		nshown++;
		int a = utf8_width(cat.entry[i].id);
		int b = utf8_width(cmd_escaped(&tmp, cat.entry[i].title));
		wid = a > wid ? a : wid;
		wtitle = b > wtitle ? b : wtitle;
	}
	if (wtitle > 48)
		wtitle = 48;
	if (cat.n == 0) {
		strbuf_addstr(c->out, "no exercises found; they are searched in "
				      "$XDG_DATA_HOME/tribo/exercises, the installed "
				      "share/tribo/exercises and $TRIBO_PATH\n");
	} else if (nshown == 0) {
		list_none(c, &cat);
	} else {
		strbuf_addpad(c->out, "id", wid + 2);
		strbuf_addpad(c->out, "title", wtitle + 2);
		strbuf_addstr(c->out, "source\n");
	}
	for (size_t i = 0; i < cat.n; i++) {
		if (!shown[i])
			continue;
		strbuf_addpad(c->out, cat.entry[i].id, wid + 2);
		add_clipped(c->out, cmd_escaped(&tmp, cat.entry[i].title), wtitle);
		strbuf_addstr(c->out, "  ");
		strbuf_addf(c->out, "%s\n", cmd_escaped(&tmp, cat.entry[i].source));
	}
	/* every warning's first line says so; a parse error's source line and
	 * caret below it are indented (a filtered list leaves them out, and
	 * counts them) */
	size_t nwarn = 0;
	for (const char *w = strbuf_str(&cat.warnings); *w;) {
		size_t n = strcspn(w, "\n");
		nwarn += *w != ' ';
		if (*w != ' ' && !nwords)
			strbuf_addstr(c->out, "warning: ");
		if (!nwords) {
			strbuf_add(c->out, w, n);
			strbuf_addch(c->out, '\n');
		}
		w += n + (w[n] == '\n');
	}
	if (nwords && nwarn)
		strbuf_addf(c->out, "(%zu warning%s about the exercise files: 'list' shows %s)\n",
			    nwarn, nwarn == 1 ? "" : "s", nwarn == 1 ? "it" : "them");
	for (size_t i = 0; i < nwords; i++)
		strbuf_release(&words[i]);
	free(words);
	free(shown);
	catalog_release(&cat);
	strbuf_release(&tmp);
	return 0;
}

int cmd_load(struct cmd_ctx *c)
{
	char *path = token_path(ARG(1));
	int rc = session_load(c->s, path, c->d);
	free(path);
	if (rc)
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

/* Which parameters the law and the modes in effect use. A model's rows
 * say it (models/: each parameter's doc): a doc that starts "WORD:" or
 * "law WORD:", WORD a choice of another parameter of the model ("coulomb:
 * friction coefficient", "law matrix: Φ entry", "compliant: contact
 * stiffness", "graphical: steps per half period"), belongs to that choice;
 * for a law parameter the registry adds every law it offers that names
 * the parameter among its own (dyn/law.h: the projected law takes mu too).
 * The parameter is used while its choice is in effect. Returns the index
 * of the choice parameter that leaves i unused, or -1 when i is used. */
static int param_unused_by(const struct session *s, size_t i)
{
	const struct model *m = session_exercise(s)->model;
	const char *doc = m->params[i].doc;
	char word[64], buf[64];
	if (!strncmp(doc, "law ", 4))
		doc += 4;
	size_t n = strspn(doc, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");
	if (n == 0 || n >= sizeof word || doc[n] != ':')
		return -1;
	snprintf(word, sizeof word, "%.*s", (int)n, doc);
	for (size_t j = 0; j < m->nparams; j++) {
		const struct param_spec *cj = &m->params[j];
		if (j == i || cj->kind != PARAM_CHOICE)
			continue;
		bool governs = false;
		for (int k = 0; k < param_choice_count(cj) && !governs; k++)
			governs = !strcasecmp(param_choice_word(cj, k, buf, sizeof buf), word);
		if (!governs)
			continue;
		int now = session_param(s, j)->choice;
		if (!strcasecmp(param_choice_word(cj, now, buf, sizeof buf), word))
			return -1;
		const struct law *law = law_chosen(cj, now);
		for (size_t k = 0;
		     law && k < sizeof law->params / sizeof *law->params && law->params[k].name;
		     k++)
			if (!strcmp(law->params[k].name, m->params[i].name))
				return -1;
		return (int)j;
	}
	return -1;
}

/* The columns of the parameters' table: name, value, unit and range as
 * wide as their widest (a range at most 24: a longer one sends the doc
 * to the next line), the doc wrapped under its own column. */
struct param_cols {
	int name, value, unit, range;
};

enum { SHOW_WIDTH = 78, SHOW_RANGE_MAX = 24 };

static void param_cols_fit(struct cmd_ctx *c, size_t i, struct param_cols *w)
{
	const struct ex_param *p = &session_exercise(c->s)->params[i];
	struct strbuf v = STRBUF_INIT, tmp = STRBUF_INIT;
	char range[128];
	session_param_text(c->s, i, &v);
	param_range(p, range, sizeof(range));
	int wn = utf8_width(p->spec->name), wv = utf8_width(cmd_escaped(&tmp, strbuf_str(&v)));
	int wu = p->spec->kind == PARAM_NUMBER ? utf8_width(p->unit) : 0, wr = utf8_width(range);
	w->name = wn > w->name ? wn : w->name;
	w->value = wv > w->value ? wv : w->value;
	w->unit = wu > w->unit ? wu : w->unit;
	if (wr <= SHOW_RANGE_MAX && wr > w->range)
		w->range = wr;
	strbuf_release(&v);
	strbuf_release(&tmp);
}

static void add_param_line(struct cmd_ctx *c, size_t i, const struct param_cols *w)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct ex_param *p = &ex->params[i];
	const struct param_state *st = session_param(c->s, i);
	struct strbuf v = STRBUF_INIT, tmp = STRBUF_INIT, doc = STRBUF_INIT;
	char range[128];
	session_param_text(c->s, i, &v);
	strbuf_addstr(c->out, st->changed ? " *" : "  ");
	strbuf_addpad(c->out, p->spec->name, w->name + 1);
	strbuf_addpad(c->out, cmd_escaped(&tmp, strbuf_str(&v)), w->value + 1);
	if (w->unit)
		strbuf_addpad(c->out, p->spec->kind == PARAM_NUMBER ? p->unit : "", w->unit + 1);
	param_range(p, range, sizeof(range));
	int col = 2 + w->name + 1 + w->value + 1 + (w->unit ? w->unit + 1 : 0) + w->range + 1;
	if (utf8_width(range) > w->range) { /* the doc goes below, in its column */
		strbuf_addf(c->out, "%s\n%*s", range, col, "");
	} else {
		strbuf_addpad(c->out, range, w->range + 1);
	}
	int width = SHOW_WIDTH - col < 24 ? 24 : SHOW_WIDTH - col;
	text_wrap(&doc, p->spec->doc, width, 0);
	for (const char *d = strbuf_str(&doc); *d;) {
		size_t n = strcspn(d, "\n");
		if (d != strbuf_str(&doc))
			strbuf_addf(c->out, "%*s", col, "");
		strbuf_add(c->out, d, n);
		strbuf_addch(c->out, '\n');
		d += n + (d[n] == '\n');
	}
	if (!doc.len)
		strbuf_addch(c->out, '\n');
	strbuf_release(&v);
	strbuf_release(&tmp);
	strbuf_release(&doc);
}

/* "law = coulomb, contact = rigid": the choices that leave parameters
 * unused (unused[j] set for choice j). */
static void add_choices_in_effect(struct cmd_ctx *c, const bool *unused)
{
	const struct model *m = session_exercise(c->s)->model;
	struct strbuf v = STRBUF_INIT;
	size_t k = 0;
	for (size_t j = 0; j < m->nparams; j++) {
		if (!unused[j])
			continue;
		strbuf_reset(&v);
		session_param_text(c->s, j, &v);
		strbuf_addf(c->out, "%s%s %s", k++ ? " and " : "", m->params[j].name,
			    strbuf_str(&v));
	}
	strbuf_release(&v);
}

/* A result in the exercise's units: those its [answer] asks in, else the
 * model's. */
/* "NAME = VALUE UNIT", or without the name ("value: VALUE UNIT" in help) */
void cmd_add_result(struct cmd_ctx *c, size_t i, bool named)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct result_spec *r = &ex->model->results[i];
	struct value v = value_copy(session_result(c->s, i));
	const char *unit = r->unit;
	struct unit from;
	struct diag scratch;
	for (size_t k = 0; k < ex->nanswers; k++)
		if (ex->answers[k].result == (int)i && v.kind == VAL_NUMBER &&
		    !unit_parse(r->unit, &from, &scratch)) {
			v.num = unit_convert(v.num, &from, &ex->answers[k].u);
			unit = ex->answers[k].unit;
		}
	if (named)
		strbuf_addf(c->out, "%s = ", r->name);
	value_format_inline(&v, c->out);
	if (unit[0] && (v.kind == VAL_NUMBER || v.kind == VAL_MATRIX))
		strbuf_addf(c->out, " %s", unit);
	strbuf_addch(c->out, '\n');
	value_release(&v);
}

static void add_result_line(struct cmd_ctx *c, size_t i)
{
	cmd_add_result(c, i, true);
}

int cmd_show(struct cmd_ctx *c)
{
	if (c->args->n > 1 && strcmp(ARG(1), "all"))
		return diag_set(c->d, "'%s' is not 'all'; usage: show [all]", ARG(1));
	const struct exercise *ex = session_exercise(c->s);
	const struct model *m = ex->model;
	struct strbuf st = STRBUF_INIT, tmp = STRBUF_INIT;
	strbuf_addf(c->out, "%s: %s\n", ex->id, cmd_escaped(&tmp, ex->title));
	if (ex->source[0])
		strbuf_addf(c->out, "source: %s\n", cmd_escaped(&tmp, ex->source));
	strbuf_addf(c->out, "model:  %s, %s\n", m->name, m->summary);
	session_statement(c->s, &st);
	if (st.len) {
		strbuf_addch(c->out, '\n');
		text_wrap(c->out, cmd_escaped(&tmp, strbuf_str(&st)), 76, 2);
	}
	if (ex->hint[0]) { /* the workbench's words, which the statement never says */
		strbuf_reset(&st);
		strbuf_addf(&st, "hint: %s", ex->hint);
		strbuf_addch(c->out, '\n');
		text_wrap(c->out, cmd_escaped(&tmp, strbuf_str(&st)), 76, 2);
	}
	strbuf_release(&st);
	strbuf_release(&tmp);
	strbuf_addstr(c->out, "\nparameters:\n");
	/* show: those the law and modes in effect use; show all: the others too,
	 * below them */
	bool all = c->args->n > 1;
	bool changed = false;
	size_t nunused = 0;
	struct param_cols w = {4, 5, 0, 5};
	int *by = xcalloc(m->nparams + 1, sizeof(*by));
	bool *leaves = xcalloc(m->nparams + 1, sizeof(*leaves));
	for (size_t i = 0; i < m->nparams; i++) {
		by[i] = param_unused_by(c->s, i);
		if (by[i] >= 0) {
			nunused++;
			leaves[by[i]] = true;
		}
		if (by[i] < 0 || all)
			param_cols_fit(c, i, &w);
	}
	for (size_t i = 0; i < m->nparams; i++)
		if (by[i] < 0) {
			add_param_line(c, i, &w);
			changed |= session_param(c->s, i)->changed;
		}
	if (nunused && all) {
		strbuf_addstr(c->out, "unused while ");
		add_choices_in_effect(c, leaves);
		strbuf_addstr(c->out, ":\n");
		for (size_t i = 0; i < m->nparams; i++)
			if (by[i] >= 0) {
				add_param_line(c, i, &w);
				changed |= session_param(c->s, i)->changed;
			}
	}
	if (changed)
		strbuf_addstr(c->out, "  (* changed from the exercise's value)\n");
	if (nunused && !all) {
		strbuf_addf(c->out, "  (and %zu that ", nunused);
		add_choices_in_effect(c, leaves);
		size_t nchoices = 0, nchanged = 0;
		for (size_t j = 0; j < m->nparams; j++) {
			nchoices += leaves[j];
			nchanged += by[j] >= 0 && session_param(c->s, j)->changed;
		}
		strbuf_addf(c->out, " leave%s unused", nchoices == 1 ? "s" : "");
		/* a value set before the law or mode changed is not lost from sight */
		if (nchanged)
			strbuf_addf(c->out, ", %zu of them changed", nchanged);
		strbuf_addstr(c->out, ": 'show all')\n");
	}
	free(by);
	free(leaves);
	if (ex->nanswers) {
		strbuf_addstr(c->out, "\nasked for:");
		for (size_t i = 0; i < ex->nanswers; i++) {
			const struct ex_answer *a = &ex->answers[i];
			bool verdict = m->results[a->result].kind != VAL_NUMBER;
			strbuf_addf(c->out, "%s %s (%s)", i ? "," : "", a->name,
				    verdict	 ? "a word"
				    : a->unit[0] ? a->unit
						 : "no unit");
		}
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
	/* the words after the value are its unit ("pi / 4 rad" comes as one
	 * text to the number's parser all the same) */
	struct strbuf unit = STRBUF_INIT;
	for (size_t i = 3; i < c->args->n; i++)
		strbuf_addf(&unit, "%s%s", i > 3 ? " " : "", ARG(i));
	int rc = session_set(c->s, ARG(1), ARG(2), c->args->n > 3 ? strbuf_str(&unit) : NULL, c->d);
	strbuf_release(&unit);
	if (rc && c->d->col > 0) {
		/* an expression's mistake, pointed at in the command line when
		 * it lies in the value as typed there */
		char msg[sizeof(c->d->msg)], prefix[sizeof(c->d->prefix)];
		const struct token *v = &c->args->v[2];
		size_t n = strlen(ARG(2));
		memcpy(msg, c->d->msg, sizeof(msg));
		memcpy(prefix, c->d->prefix, sizeof(prefix));
		if ((size_t)c->d->col <= n + 1 && !strncmp(c->line + v->col - 1, ARG(2), n))
			diag_at(c->d, "", 0, c->d->col + v->col - 1, c->line, "%s", msg);
		else
			diag_set(c->d, "%s", msg);
		memcpy(c->d->prefix, prefix, sizeof(prefix));
	}
	if (rc)
		return -1;
	if (session_set_note(c->s))
		strbuf_addf(c->out, "note: %s (for now: solve refuses until it holds)\n",
			    session_set_note(c->s));
	if (c->interactive) {
		const struct exercise *ex = session_exercise(c->s);
		int i = model_param_index(ex->model, ARG(1));
		struct strbuf typed = STRBUF_INIT;
		for (size_t k = 2; k < c->args->n; k++)
			strbuf_addf(&typed, "%s%s", k > 2 ? " " : "", ARG(k));
		if (session_counts_radians(c->s, (size_t)i, strbuf_str(&typed)) &&
		    session_once(c->s, "eval-angle-note"))
			strbuf_addstr(c->out,
				      "note: an angle is a number here (1 rad = 1): 1/s and "
				      "Hz count radians a second, not turns (for turns "
				      "write rev/s or rpm)\n");
		strbuf_release(&typed);
		strbuf_addf(c->out, "%s = ", ARG(1));
		session_param_text(c->s, (size_t)i, c->out);
		if (ex->params[i].spec->kind == PARAM_NUMBER && ex->params[i].unit[0])
			strbuf_addf(c->out, " %s", ex->params[i].unit);
		strbuf_addch(c->out, '\n');
	}
	return 0;
}

/* "mu = 0.25" with the parameter's unit, as set says it. */
static void add_param_value(struct cmd_ctx *c, size_t i, struct strbuf *out)
{
	const struct ex_param *ep = &session_exercise(c->s)->params[i];
	session_param_text(c->s, i, out);
	if (ep->spec->kind == PARAM_NUMBER && ep->unit[0])
		strbuf_addf(out, " %s", ep->unit);
}

/* Interactive, it says what it put back and what was there before:
 * "mu = 0.25 (the exercise's value; was 0.5)"; a batch stays as quiet as
 * set is there. */
int cmd_reset(struct cmd_ctx *c)
{
	const struct model *m = session_exercise(c->s)->model;
	struct strbuf *was = xcalloc(m->nparams, sizeof(*was));
	bool *changed = xcalloc(m->nparams, sizeof(*changed));
	for (size_t i = 0; i < m->nparams; i++) {
		strbuf_init(&was[i]);
		changed[i] = session_param(c->s, i)->changed;
		if (changed[i])
			add_param_value(c, i, &was[i]);
	}
	int rc = session_reset(c->s, c->args->n > 1 ? ARG(1) : NULL, c->d);
	if (!rc && c->interactive) {
		int one = c->args->n > 1 ? model_param_index(m, ARG(1)) : -1;
		size_t n = 0;
		for (size_t i = 0; i < m->nparams; i++)
			n += changed[i];
		if (one >= 0) {
			strbuf_addf(c->out, "%s = ", m->params[one].name);
			add_param_value(c, (size_t)one, c->out);
			if (changed[one])
				strbuf_addf(c->out, " (the exercise's value; was %s)\n",
					    strbuf_str(&was[one]));
			else
				strbuf_addstr(c->out, " (the exercise's value, not changed)\n");
		} else if (!n) {
			strbuf_addstr(c->out,
				      "no parameter was changed: all have the exercise's values\n");
		} else {
			strbuf_addf(c->out, "%zu parameter%s back to the exercise's value%s:\n", n,
				    n > 1 ? "s" : "", n > 1 ? "s" : "");
			for (size_t i = 0; i < m->nparams; i++)
				if (changed[i]) {
					strbuf_addf(c->out, "  %s = ", m->params[i].name);
					add_param_value(c, i, c->out);
					strbuf_addf(c->out, " (was %s)\n", strbuf_str(&was[i]));
				}
		}
	}
	for (size_t i = 0; i < m->nparams; i++)
		strbuf_release(&was[i]);
	free(was);
	free(changed);
	return rc ? -1 : 0;
}

int cmd_solve(struct cmd_ctx *c)
{
	/* one run: the figures, steps and export are read from it after */
	if (session_solve(c->s, c->d))
		return -1;
	if (c->interactive) {
		const struct model *m = session_exercise(c->s)->model;
		for (size_t i = 0; i < m->nresults; i++)
			add_result_line(c, i);
	}
	return 0;
}

/* The unit a result or parameter is printed in (its display unit). */
static int lookup_unit(const struct lookup *lk, struct unit *u, struct diag *d)
{
	return unit_parse(lk->unit, u, d);
}

/* print NAME... [to UNIT]: the words up to "to", or all of them. A bare
 * last word that is a unit and no name converts as "to UNIT" does; one
 * that is both a name and a unit is the name, and the interactive modes
 * say so once a session. Returns how many words are names (from ARG(1)). */
static size_t print_names(struct cmd_ctx *c, const char **to_text, struct unit *to)
{
	size_t n = c->args->n;
	struct diag scratch;
	struct lookup lk;
	*to_text = NULL;
	if (n >= 4 && !strcmp(ARG(n - 2), "to")) {
		*to_text = ARG(n - 1);
		return n - 3;
	}
	if (n <= 2)
		return n - 1;
	const char *last = ARG(n - 1);
	bool is_unit = unit_parse(last, to, &scratch) == 0;
	if (session_lookup(c->s, last, &lk, &scratch) == 0) {
		char key[96];
		snprintf(key, sizeof key, "print-name-unit %s", last);
		if (is_unit && c->interactive && session_once(c->s, key)) {
			const char *doc =
				lk.is_result ? session_exercise(c->s)->model->results[lk.index].doc
					     : session_exercise(c->s)->model->params[lk.index].doc;
			strbuf_addf(c->out,
				    "note: %s here is the %s %s (%s), not the unit; for the unit "
				    "write 'print ",
				    last, lk.is_result ? "result" : "parameter", last, doc);
			for (size_t i = 1; i < n - 1; i++)
				strbuf_addf(c->out, "%s ", ARG(i));
			strbuf_addf(c->out, "to %s'\n", last);
		}
		value_release(&lk.value);
		return n - 1;
	}
	if (is_unit) {
		*to_text = last;
		return n - 2;
	}
	return n - 1;
}

int cmd_print(struct cmd_ctx *c)
{
	struct unit to;
	const char *to_text;
	size_t n = print_names(c, &to_text, &to) + 1;
	if (n < 2)
		return diag_set(c->d, "no name before 'to'; usage: print NAME... [to UNIT]");
	if (to_text && unit_parse(to_text, &to, c->d))
		return -1;
	/* check every name first, so that a bad one prints nothing at all */
	for (size_t i = 1; i < n; i++) {
		struct lookup lk;
		if (session_lookup(c->s, ARG(i), &lk, c->d))
			return -1;
		int rc = 0;
		if (to_text) {
			struct unit u;
			if (lk.value.kind != VAL_NUMBER)
				rc = diag_set(c->d, "%s is not a number: it has no unit", ARG(i));
			else if (lookup_unit(&lk, &u, c->d))
				rc = -1;
			else if (!unit_same_dim(&to, &u))
				rc = unit_refuse(c->d, to_text, &to, ARG(i), &u, lk.unit);
		}
		value_release(&lk.value);
		if (rc)
			return -1;
	}
	/* several names are named in the interactive modes; a batch (a script)
	 * gets the bare values, a line each */
	bool named = c->interactive && n > 2;
	struct strbuf text = STRBUF_INIT;
	for (size_t i = 1; i < n; i++) {
		struct lookup lk;
		session_lookup(c->s, ARG(i), &lk, c->d);
		if (to_text) {
			struct unit u;
			lookup_unit(&lk, &u, c->d);
			lk.value.num = unit_convert(lk.value.num, &u, &to);
		}
		if (lk.value.kind == VAL_NUMBER)
			session_set_ans(c->s, lk.value.num, to_text ? to_text : lk.unit);
		strbuf_reset(&text);
		value_format(&lk.value, &text);
		if (named)
			strbuf_addf(c->out, "%s = ", ARG(i));
		utf8_add_clean(c->out, strbuf_str(&text)); /* a text value is the file's */
		const char *unit = to_text ? to_text : lk.unit;
		if (named && unit && unit[0] && lk.value.kind == VAL_NUMBER)
			strbuf_addf(c->out, " %s", unit);
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
	/* the steps quote the exercise file (a lagrange system's T, V, R and
	 * names): escaped as the rest of the output (issue 40) */
	struct strbuf tmp = STRBUF_INIT;
	text_wrap_lines(c->out, cmd_escaped(&tmp, session_steps(c->s)), 78);
	strbuf_release(&tmp);
	return 0;
}

static int lookup_q(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	return session_value_q(ctx, name, q, d);
}

/* The " to " of "eval EXPR to UNIT", the last one; NULL when there is none. */
static char *find_to(char *s)
{
	char *found = NULL;
	for (char *p = s; (p = strstr(p, "to")); p++)
		if (p > s && isspace((unsigned char)p[-1]) && isspace((unsigned char)p[2]))
			found = p - 1;
	return found;
}

/* eval EXPR [to UNIT]: a quantity (num/expr.h), shown in the SI unit of
 * its dimension or in UNIT; it becomes ans. */
int cmd_eval(struct cmd_ctx *c)
{
	char *expr = xstrdup(c->rest), *to_text = NULL;
	struct unit to;
	char *kw = find_to(expr);
	int rc = -1;
	struct expr_q q;
	if (kw) {
		*kw = '\0';
		to_text = kw + 4;
		while (isspace((unsigned char)*to_text))
			to_text++;
		if (unit_parse(to_text, &to, c->d))
			goto done;
	}
	if (unit_eval(expr, lookup_q, c->s, &q, c->d)) {
		/* point into the whole command line, not just the expression */
		if (c->d->col > 0) {
			int off = (int)c->rest_off;
			char msg[sizeof(c->d->msg)];
			memcpy(msg, c->d->msg, sizeof(msg));
			diag_at(c->d, "", 0, c->d->col + off, c->line, "%s", msg);
		}
		goto done;
	}
	if (isnan(q.v)) {
		diag_set(c->d, "the result is not a number (a square root or logarithm "
			       "of a negative value?)");
		goto done;
	}
	if (!isfinite(q.v)) {
		diag_set(c->d, "the result is not finite (a division by 0?)");
		goto done;
	}
	/* a unit's factor took it below the doubles' range (1e-306 mm) */
	if (q.unit && q.v != 0 && fabs(q.v) < DBL_MIN) {
		diag_set(c->d, "the value underflows in SI (below %.2g a double loses digits)",
			 DBL_MIN);
		goto done;
	}
	char *text = expr;
	while (isspace((unsigned char)*text))
		text++;
	for (size_t n = strlen(text); n && isspace((unsigned char)text[n - 1]); n--)
		text[n - 1] = '\0';
	char buf[32], si[64];
	if (to_text) {
		struct unit got = {1, {q.dim[0], q.dim[1], q.dim[2], q.dim[3]}};
		/* a number with no unit anywhere is taken in SI of the unit's
		 * dimension; a quantity must have it */
		if (!q.unit) {
			memcpy(q.dim, to.dim, sizeof(q.dim));
			q.unit = true;
		} else if (!unit_same_dim(&got, &to)) {
			unit_refuse(c->d, to_text, &to, text, &got,
				    unit_quantity_name(q.dim, si, sizeof(si)));
			goto done;
		}
		const double x = q.v / to.factor;
		if (!isfinite(x) || (x != 0 && fabs(x) < DBL_MIN)) {
			diag_set(c->d, "the value is too %s in %s: it %s",
				 isfinite(x) ? "small" : "large", to_text,
				 isfinite(x) ? "underflows" : "overflows");
			goto done;
		}
		text_format_number(x, buf, sizeof(buf));
		strbuf_addf(c->out, "%s %s\n", buf, to_text);
		/* rpm to Hz: right as GNU units has it, and a trap; said once */
		if (q.dim[DIM_ANGLE] != to.dim[DIM_ANGLE] && q.dim[DIM_TIME] && c->interactive &&
		    session_once(c->s, "eval-angle-note"))
			strbuf_addstr(c->out,
				      "note: an angle is a number here (1 rad = 1): 1/s and "
				      "Hz count radians a second, not turns ('to rev/s' "
				      "counts turns)\n");
	} else {
		text_format_number(q.v, buf, sizeof(buf));
		if (*unit_quantity_name(q.dim, si, sizeof(si)))
			strbuf_addf(c->out, "%s %s\n", buf, si);
		else
			strbuf_addf(c->out, "%s\n", buf);
	}
	session_set_ans_q(c->s, &q);
	rc = 0;
done:
	free(expr);
	return rc;
}
