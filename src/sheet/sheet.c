/* The sheet floor's common part: the pieces of a set as plain UTF-8 text
 * (notes, headings, a variant's values, what an answer is and the
 * precision asked of it), the walkers the sheet formats run on, and the
 * table of renderers. */
#include "sheet/sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"
#include "util/text.h"
#include "util/xalloc.h"

/* A unit as people write it: N*m as N·m, m/s^2 as m/s². */
void sheet_unit_pretty(struct strbuf *out, const char *u)
{
	static const char *const sup[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
	for (const char *p = u; *p; p++) {
		if (*p == '*') {
			strbuf_addstr(out, "·");
		} else if (*p == '^') {
			if (p[1] == '-' && p[2] >= '0' && p[2] <= '9') {
				strbuf_addstr(out, "⁻");
				p++;
			}
			while (p[1] >= '0' && p[1] <= '9')
				strbuf_addstr(out, sup[*++p - '0']);
		} else {
			strbuf_addch(out, *p);
		}
	}
}

/* ---- the pieces, as plain UTF-8 text -------------------------------- */

const char *sheet_title(const struct problemset *ps)
{
	if (ps->header && ps->header->title)
		return ps->header->title;
	return ps->nparts == 1 ? session_exercise(ps->part[0].s)->title : "Problem set";
}

size_t sheet_total_redrawn(const struct problemset *ps)
{
	size_t n = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		n += ps->part[j].redrawn;
	return n;
}

/* For the sheet, nothing that regenerates it: "40 variants, codes K4-01
 * to K4-40." (not "set K4": a sheet never says a command's name). */
static void sheet_note(const struct problemset *ps, struct strbuf *o)
{
	char first[16], last[16];
	problemset_code(ps, 0, first, sizeof first);
	problemset_code(ps, ps->n - 1, last, sizeof last);
	if (ps->n == 1)
		strbuf_addf(o, "1 variant, code %s", first);
	else
		strbuf_addf(o, "%zu variants, codes %s to %s", ps->n, first, last);
	if (ps->nparts > 1) {
		strbuf_addstr(o, " (exercises ");
		for (size_t j = 0; j < ps->nparts; j++)
			strbuf_addf(o, "%s%s", j ? ", " : "", session_exercise(ps->part[j].s)->id);
		strbuf_addch(o, ')');
	}
	strbuf_addch(o, '.');
}

/* "Variant K4-07" */
void sheet_variant_head(const struct problemset *ps, size_t k, char *buf, size_t n)
{
	char code[16];
	problemset_code(ps, k, code, sizeof code);
	snprintf(buf, n, "Variant %s", code);
}

/* The key's heading of a variant: its code, and whose it is on a roster. */
void sheet_key_head(const struct problemset *ps, size_t k, struct strbuf *o)
{
	char head[32];
	sheet_variant_head(ps, k, head, sizeof head);
	strbuf_addstr(o, head);
	if (ps->student)
		strbuf_addf(o, ": %s", ps->student[k]);
}

/* For the key: "40 variants drawn by tribo with seed 1; 3 degenerate draws were redrawn." */
static void set_note(const struct problemset *ps, struct strbuf *o)
{
	size_t r = sheet_total_redrawn(ps);
	strbuf_addf(o, "%zu variant%s drawn by tribo with seed %lu", ps->n, ps->n == 1 ? "" : "s",
		    ps->seed);
	if (ps->nparts > 1) {
		strbuf_addstr(o, " (exercises ");
		for (size_t j = 0; j < ps->nparts; j++)
			strbuf_addf(o, "%s%s", j ? ", " : "", session_exercise(ps->part[j].s)->id);
		strbuf_addch(o, ')');
	}
	if (ps->fresh_seed)
		strbuf_addstr(o, ", a seed from the system's random source");
	if (r == 0)
		strbuf_addstr(o, "; no draw was degenerate.");
	else
		strbuf_addf(o, "; %zu degenerate draw%s redrawn.", r, r == 1 ? " was" : "s were");
}

size_t sheet_total_rekept(const struct problemset *ps)
{
	size_t n = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		n += ps->part[j].rekept;
	return n;
}

/* "mode = inconsistent": the verdicts the variants keep (`keep` in the
 * exercise), each exercise's named when there are several; false when
 * no exercise keeps one. */
bool sheet_kept_list(const struct problemset *ps, struct strbuf *o)
{
	bool any = false;
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct ps_part *p = &ps->part[j];
		const struct exercise *ex = session_exercise(p->s);
		for (size_t i = 0; i < ex->nkeep; i++) {
			strbuf_addstr(o, any ? ", " : "");
			problemset_kept_describe(ex, i, p->base, o);
			if (ps->nparts > 1)
				strbuf_addf(o, " (%s)", ex->id);
			any = true;
		}
	}
	return any;
}

/* For the key: "Every variant keeps mode = inconsistent, as at the
 * exercise's own values." */
static void kept_note(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf list = STRBUF_INIT;
	if (sheet_kept_list(ps, &list))
		strbuf_addf(o, "%sEvery variant keeps %s, as at the exercise's own values.",
			    o->len ? " " : "", strbuf_str(&list));
	strbuf_release(&list);
}

/* Why, for the key: "Redrawn in conveyor: t_stick is not finite, 4 times." */
static void reasons_note(const struct problemset *ps, struct strbuf *o)
{
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct ps_part *p = &ps->part[j];
		if (!p->redrawn && !p->rekept)
			continue;
		strbuf_addf(o, "%sRedrawn in %s:", o->len ? " " : "", session_exercise(p->s)->id);
		for (size_t i = 0; i < p->nreason; i++)
			strbuf_addf(o, "%s %s, %zu time%s", i ? ";" : "", p->reason[i].why,
				    p->reason[i].count, p->reason[i].count == 1 ? "" : "s");
		strbuf_addch(o, '.');
	}
}

/* "m = 2.3 kg, r = 0.41 m": the drawn values of a variant. */
static void values_line(const struct ps_part *p, const struct ps_variant *v, struct strbuf *o)
{
	const struct exercise *ex = session_exercise(p->s);
	bool first = true;
	for (size_t i = 0; i < ex->model->nparams; i++) {
		char buf[32];
		if (!ex->params[i].has_draw)
			continue;
		text_format_number(v->value[i], buf, sizeof(buf));
		strbuf_addf(o, "%s%s = %s", first ? "" : ", ", ex->params[i].spec->name, buf);
		if (ex->params[i].unit[0]) {
			strbuf_addch(o, ' ');
			sheet_unit_pretty(o, ex->params[i].unit);
		}
		first = false;
	}
}

static void answer_row_init(struct sheet_answer_row *r, const struct exercise *ex,
			    const struct ex_answer *a, const struct ps_variant *v)
{
	double x;
	*r = (struct sheet_answer_row){STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, false};
	r->isnum = problemset_answer_value(ex, a, v->res, &x);
	if (r->isnum) {
		char buf[48];
		problemset_format_answer(a, x, buf, sizeof(buf));
		strbuf_addstr(&r->num, buf);
	} else {
		value_format_inline(&v->res[a->result], &r->num);
	}
	sheet_unit_pretty(&r->unit, a->unit);
	if (r->isnum) {
		tolerance_describe(&a->tol, strbuf_str(&r->unit), &r->tol);
	} else { /* a verdict: the word itself */
		strbuf_addstr(&r->tol, "exact");
		strbuf_reset(&r->unit);
	}
}

static void answer_row_release(struct sheet_answer_row *r)
{
	strbuf_release(&r->num);
	strbuf_release(&r->unit);
	strbuf_release(&r->tol);
}

/* "R = R_coeff·|φ̇| (Rayleigh function)": what a result is, as a student
 * reads it: the answer's own `text` where the file gives one (the
 * result's doc speaks of the workbench: "at tmax", "coulomb, rigid:"),
 * else the doc without the notes that say what nan, inf or a negative
 * value would mean ("(nan: never leaves)", "(nan otherwise)", a last
 * "; nan when the contact does not slide"), which are for the instructor
 * and the key, not for the sheet. */
void sheet_answer_doc(const struct exercise *ex, const struct ex_answer *a, struct strbuf *out)
{
	const char *doc = ex->model->results[a->result].doc;
	strbuf_reset(out);
	if (a->text) {
		strbuf_addstr(out, a->text);
		return;
	}
	for (const char *p = doc; *p;) {
		if (*p == '(') {
			const char *q = p + 1;
			int depth = 1;
			while (*q && depth) {
				depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
				q++;
			}
			size_t n = (size_t)(q - p);
			char *group = xstrndup(p, n);
			bool special = strstr(group, "nan:") || strstr(group, "inf:") ||
				       !strcmp(group, "(nan otherwise)") ||
				       !strncmp(group, "(negative:", 10);
			free(group);
			if (special && depth == 0) {
				while (out->len && out->buf[out->len - 1] == ' ')
					out->buf[--out->len] = '\0';
				p = q;
				continue;
			}
		}
		if (!strncmp(p, "; nan when ", 11) && !strchr(p + 1, ';'))
			break;
		strbuf_addch(out, *p++);
	}
}

/* "to 1%, i.e. 3 significant figures": the precision the sheet asks of a
 * number (an answer given to it is within the tolerance, so check and
 * grade take it); "" for a verdict, which is a word. */
void sheet_answer_precision(const struct exercise *ex, const struct ex_answer *a, const char *unit,
			    struct strbuf *out)
{
	strbuf_reset(out);
	if (ex->model->results[a->result].kind == VAL_NUMBER)
		tolerance_precision(&a->tol, unit, out);
}

void sheet_nothing(struct strbuf *o)
{
	(void)o;
}

void sheet_nothing_after(struct strbuf *o, bool last)
{
	(void)o;
	(void)last;
}

/* ---- the walkers ----------------------------------------------------- */

void sheet_walk_sheet(const struct sheet_renderer *renderer, const struct problemset *ps,
		      struct strbuf *o)
{
	const struct sheet_steps *f = renderer->steps;
	struct strbuf note = STRBUF_INIT, unit = STRBUF_INIT, doc = STRBUF_INIT, prec = STRBUF_INIT;
	sheet_note(ps, &note);
	f->sheet.head(o, ps, strbuf_str(&note));
	for (size_t k = 0; k < ps->n; k++) {
		f->sheet.variant(o, ps, k, strbuf_str(&note));
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			bool last = j + 1 == ps->nparts;
			f->sheet.problem(o, ps, j, p->v[k].statement);
			if (f->sheet.figure && p->v[k].figure)
				f->sheet.figure(o, p->v[k].figure);
			if (ex->nanswers) {
				f->give.head(o);
				for (size_t i = 0; i < ex->nanswers; i++) {
					const struct ex_answer *a = &ex->answers[i];
					strbuf_reset(&unit);
					sheet_unit_pretty(&unit, a->unit);
					sheet_answer_doc(ex, a, &doc);
					sheet_answer_precision(ex, a, strbuf_str(&unit), &prec);
					f->give.item(o, a->name, strbuf_str(&unit),
						     strbuf_str(&prec), strbuf_str(&doc));
				}
				f->give.tail(o, last);
			}
		}
	}
	strbuf_addstr(o, f->tail);
	strbuf_release(&note);
	strbuf_release(&unit);
	strbuf_release(&doc);
	strbuf_release(&prec);
}

void sheet_walk_key(const struct sheet_renderer *renderer, const struct problemset *ps,
		    struct strbuf *o)
{
	const struct sheet_steps *f = renderer->steps;
	struct strbuf note = STRBUF_INIT, line = STRBUF_INIT;
	set_note(ps, &note);
	kept_note(ps, &note);
	reasons_note(ps, &note);
	strbuf_addstr(&note, " Each answer is given to the digits its tolerance needs.");
	f->key.head(o, ps, strbuf_str(&note));
	for (size_t k = 0; k < ps->n; k++) {
		f->key.variant(o, ps, k);
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			const struct ps_variant *v = &p->v[k];
			strbuf_reset(&line);
			values_line(p, v, &line);
			f->key.problem(o, ps, j, strbuf_str(&line));
			if (ex->nanswers)
				f->answers.head(o);
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct sheet_answer_row r;
				answer_row_init(&r, ex, &ex->answers[i], v);
				f->answers.row(o, ex->answers[i].name, &r);
				answer_row_release(&r);
			}
			if (ex->nanswers)
				f->answers.tail(o);
			f->key.worked(o, v->steps);
		}
	}
	strbuf_addstr(o, f->tail);
	strbuf_release(&note);
	strbuf_release(&line);
}

/* ---- the table ------------------------------------------------------- */

static const struct sheet_renderer *const renderers[] = {
	&sheet_tex, &sheet_md, &sheet_txt, &sheet_moodle, &sheet_gift,
};
#define NRENDERERS (sizeof(renderers) / sizeof(renderers[0]))

const struct sheet_renderer *sheet_renderer_find(const char *name)
{
	for (size_t j = 0; j < NRENDERERS; j++)
		if (!strcmp(name, renderers[j]->name))
			return renderers[j];
	return NULL;
}

const struct sheet_renderer *sheet_renderer_default(void)
{
	return renderers[0];
}

void sheet_renderer_names(struct strbuf *o, const char *sep)
{
	for (size_t j = 0; j < NRENDERERS; j++)
		strbuf_addf(o, "%s%s", j ? sep : "", renderers[j]->name);
}
