/* The plain-text renderer: a sheet and a key wrapped to 76 columns; its
 * key is also the one a question bank's set carries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"
#include "sheet/sheet.h"
#include "util/text.h"

/* ---- plain text ------------------------------------------------------ */

static void txt_heading(struct strbuf *o, const char *s, const char *rule)
{
	strbuf_addf(o, "%s\n", s);
	for (int i = utf8_width(s); i > 0; i--)
		strbuf_addstr(o, rule);
	strbuf_addch(o, '\n');
}

static void txt_sheet_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	const struct exercise *ex = session_exercise(ps->part[0].s);
	txt_heading(o, sheet_title(ps), "=");
	text_wrap(o, note, 76, 0);
	if (ps->nparts == 1 && ex->source[0])
		strbuf_addf(o, "Source: %s\n", ex->source);
}

static void txt_variant(struct strbuf *o, const struct problemset *ps, size_t k)
{
	struct strbuf head = STRBUF_INIT;
	sheet_key_head(ps, k, &head);
	strbuf_addch(o, '\n');
	txt_heading(o, strbuf_str(&head), "-");
	strbuf_release(&head);
}

static void txt_sheet_variant(struct strbuf *o, const struct problemset *ps, size_t k,
			      const char *note)
{
	char head[32];
	(void)note; /* in the sheet's head */
	sheet_variant_head(ps, k, head, sizeof head);
	strbuf_addch(o, '\n');
	txt_heading(o, head, "-");
	const struct ps_header *h = ps->header;
	if (h && (h->course || h->date))
		strbuf_addf(o, "%s%s%s\n", h->course ? h->course : "",
			    h->course && h->date ? " — " : "", h->date ? h->date : "");
	if (h && h->instructions) {
		text_wrap(o, h->instructions, 76, 0);
		strbuf_addch(o, '\n');
	}
	if (ps->student)
		strbuf_addf(o, "Name: %s\n\n", ps->student[k]);
}

/* A blank line between problems; the heading of each when there are more. */
static void txt_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	const struct exercise *ex = session_exercise(ps->part[j].s);
	if (j)
		strbuf_addch(o, '\n');
	if (ps->nparts > 1)
		strbuf_addf(o, "Problem %zu. %s (%s)\n\n", j + 1, ex->title, ex->id);
}

static void txt_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			const char *statement)
{
	txt_problem_head(o, ps, j);
	text_wrap(o, statement, 76, 0);
}

static void txt_give_head(struct strbuf *o)
{
	strbuf_addstr(o, "\nGive:\n");
}

static void txt_give(struct strbuf *o, const char *name, const char *unit, const char *precision,
		     const char *doc)
{
	strbuf_addf(o, "  %s%s%s%s%s: %s\n", name, unit[0] ? " in " : "", unit,
		    precision[0] ? ", " : "", precision, doc);
}

static void txt_key_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	struct strbuf head = STRBUF_INIT;
	strbuf_addf(&head, "Answer key: %s", sheet_title(ps));
	txt_heading(o, strbuf_str(&head), "=");
	text_wrap(o, note, 76, 0);
	strbuf_release(&head);
}

static void txt_key_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			    const char *values)
{
	txt_problem_head(o, ps, j);
	strbuf_addf(o, "values: %s\n", values);
}

static void txt_answers_head(struct strbuf *o)
{
	strbuf_addstr(o, "answers:\n");
}

static void txt_answer(struct strbuf *o, const char *name, const struct sheet_answer_row *r)
{
	strbuf_addf(o, "  %s = %s%s%s  (%s%s)\n", name, strbuf_str(&r->num), r->unit.len ? " " : "",
		    strbuf_str(&r->unit), r->isnum ? "tolerance " : "", strbuf_str(&r->tol));
}

static void txt_worked(struct strbuf *o, const char *steps)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap_lines(&w, steps, 76);
	strbuf_addstr(o, "worked solution:\n");
	for (const char *s = strbuf_str(&w); *s;) {
		size_t n = strcspn(s, "\n");
		strbuf_addstr(o, "  ");
		strbuf_add(o, s, n);
		strbuf_addch(o, '\n');
		s += n + (s[n] == '\n');
	}
	strbuf_release(&w);
}

const struct sheet_steps sheet_txt_steps = {
	.tail = "",
	.sheet = {txt_sheet_head, txt_sheet_variant, txt_problem, NULL},
	.give = {txt_give_head, txt_give, sheet_nothing_after},
	.key = {txt_key_head, txt_variant, txt_key_problem, txt_worked},
	.answers = {txt_answers_head, txt_answer, sheet_nothing},
};

const struct sheet_renderer sheet_txt = {
	.name = "txt",
	.file = "sheet",
	.ext = "txt",
	.key_ext = "txt",
	.steps = &sheet_txt_steps,
	.sheet = sheet_walk_sheet,
	.key = sheet_walk_key,
};
