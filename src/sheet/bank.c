/* The question banks' common part (sheet/moodle.c, sheet/gift.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"

/* ---- Moodle XML and GIFT ----------------------------------------------
 *
 * A question bank to import (Moodle's "Moodle XML format", or its "GIFT
 * format"): a category for the set, whose description is the course's
 * header when there is one, and in it a category per exercise of the set
 * holding one question per variant and asked answer, named by the
 * variant's code: numerical for a number (the answer's tolerance as
 * Moodle's absolute one, the unit in the text, no unit field),
 * short-answer for a word. The question text is HTML, its text
 * HTML-escaped, μ and θ as UTF-8; in the XML it is in a CDATA section
 * (which the escaping keeps from ending early: no ">" is left), in GIFT
 * every character GIFT reserves is escaped. */

void sheet_html(struct strbuf *o, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&':
			strbuf_addstr(o, "&amp;");
			break;
		case '<':
			strbuf_addstr(o, "&lt;");
			break;
		case '>':
			strbuf_addstr(o, "&gt;");
			break;
		case '"':
			strbuf_addstr(o, "&quot;");
			break;
		default:
			strbuf_addch(o, *s);
		}
}

/* The course's header as HTML: the course and the date, the title in
 * bold, the instructions, each a paragraph. */
void sheet_header_html(const struct ps_header *h, struct strbuf *o)
{
	if (h->course || h->date) {
		strbuf_addstr(o, "<p>");
		sheet_html(o, h->course ? h->course : "");
		if (h->course && h->date)
			strbuf_addstr(o, " — ");
		sheet_html(o, h->date ? h->date : "");
		strbuf_addstr(o, "</p>");
	}
	if (h->title) {
		strbuf_addstr(o, "<p><b>");
		sheet_html(o, h->title);
		strbuf_addstr(o, "</b></p>");
	}
	if (h->instructions) {
		strbuf_addstr(o, "<p>");
		sheet_html(o, h->instructions);
		strbuf_addstr(o, "</p>");
	}
}

void sheet_bank_question_init(struct sheet_bank_question *q, const struct problemset *ps, size_t j,
			      size_t k, const struct ex_answer *a)
{
	const struct ps_part *p = &ps->part[j];
	const struct exercise *ex = session_exercise(p->s);
	const struct ps_variant *v = &p->v[k];
	char code[16];
	problemset_code(ps, k, code, sizeof code);
	double x;
	*q = (struct sheet_bank_question){
		.name = STRBUF_INIT, .text = STRBUF_INIT, .word = STRBUF_INIT};
	q->isnum = problemset_answer_value(ex, a, v->res, &x);
	struct strbuf unit = STRBUF_INIT, doc = STRBUF_INIT;
	strbuf_addf(&q->name, "%s %s: %s", ex->id, code, a->name);
	sheet_unit_pretty(&unit, a->unit);
	struct strbuf *o = &q->text;
	strbuf_addstr(o, "<p><b>");
	sheet_html(o, ex->title);
	strbuf_addf(o, "</b> (variant %s)</p><p>", code);
	sheet_html(o, v->statement);
	if (v->figure && v->figure_data) {
		/* the file travels in the question (moodle.c), which names it so */
		strbuf_addstr(o, "</p><p><img src=\"@@PLUGINFILE@@/");
		sheet_html(o, v->figure);
		strbuf_addstr(o, "\" alt=\"the problem's figure\" width=\"600\"/>");
		q->figure = v;
	}
	strbuf_addstr(o, "</p><p>Give <code>");
	sheet_html(o, a->name);
	strbuf_addstr(o, "</code>");
	if (q->isnum && unit.len) {
		strbuf_addstr(o, " in ");
		sheet_html(o, strbuf_str(&unit));
	}
	if (q->isnum) {
		struct strbuf prec = STRBUF_INIT;
		sheet_answer_precision(ex, a, strbuf_str(&unit), &prec);
		strbuf_addstr(o, ", ");
		sheet_html(o, strbuf_str(&prec));
		strbuf_release(&prec);
	}
	strbuf_addstr(o, ": ");
	sheet_answer_doc(ex, a, &doc);
	sheet_html(o, strbuf_str(&doc));
	strbuf_addstr(o, ".</p>");
	if (q->isnum) {
		/* the exact value, to 12 figures, and check's tolerance */
		snprintf(q->num, sizeof q->num, "%.12g", x);
		snprintf(q->tol, sizeof q->tol, "%.6g", problemset_abs_tolerance(&a->tol, x));
	} else {
		value_format_inline(&v->res[a->result], &q->word);
	}
	strbuf_release(&doc);
	strbuf_release(&unit);
}

void sheet_bank_question_release(struct sheet_bank_question *q)
{
	strbuf_release(&q->name);
	strbuf_release(&q->text);
	strbuf_release(&q->word);
}

void sheet_bank_category(const struct problemset *ps, struct strbuf *o)
{
	char code[16];
	problemset_code(ps, 0, code, sizeof code);
	code[strcspn(code, "-")] = '\0';
	strbuf_addf(o, "$course$/tribo/set %s", code);
}
