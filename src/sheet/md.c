/* The Markdown renderer: a sheet and a key, the text as it is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"
#include "sheet/sheet.h"
#include "util/text.h"

/* ---- Markdown -------------------------------------------------------- */

static void md(struct strbuf *o, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#|", *s))
			strbuf_addch(o, '\\');
		strbuf_addch(o, *s);
	}
}

static void md_sheet_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	const struct exercise *ex = session_exercise(ps->part[0].s);
	strbuf_addstr(o, "# ");
	md(o, sheet_title(ps));
	strbuf_addstr(o, "\n\n*");
	md(o, note);
	strbuf_addstr(o, "*\n");
	if (ps->nparts == 1 && ex->source[0]) {
		strbuf_addstr(o, "\nSource: ");
		md(o, ex->source);
		strbuf_addch(o, '\n');
	}
}

static void md_variant(struct strbuf *o, const struct problemset *ps, size_t k)
{
	struct strbuf head = STRBUF_INIT;
	sheet_key_head(ps, k, &head);
	strbuf_addstr(o, "\n## ");
	md(o, strbuf_str(&head));
	strbuf_addstr(o, "\n\n");
	strbuf_release(&head);
}

static void md_sheet_variant(struct strbuf *o, const struct problemset *ps, size_t k,
			     const char *note)
{
	char head[32];
	(void)note; /* in the sheet's head */
	sheet_variant_head(ps, k, head, sizeof head);
	strbuf_addf(o, "\n## %s\n\n", head);
	const struct ps_header *h = ps->header;
	if (h && (h->course || h->date)) {
		md(o, h->course ? h->course : "");
		strbuf_addstr(o, h->course && h->date ? " — " : "");
		md(o, h->date ? h->date : "");
		strbuf_addstr(o, "\n\n");
	}
	if (h && h->instructions) {
		strbuf_addch(o, '*');
		md(o, h->instructions);
		strbuf_addstr(o, "*\n\n");
	}
	if (ps->student) {
		strbuf_addstr(o, "Name: **");
		md(o, ps->student[k]);
		strbuf_addstr(o, "**\n\n");
	}
}

static void md_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	if (ps->nparts > 1) {
		strbuf_addf(o, "### Problem %zu. ", j + 1);
		md(o, session_exercise(ps->part[j].s)->title);
		strbuf_addstr(o, "\n\n");
	}
}

static void md_problem(struct strbuf *o, const struct problemset *ps, size_t j,
		       const char *statement)
{
	md_problem_head(o, ps, j);
	md(o, statement);
	strbuf_addstr(o, "\n\n");
}

static void md_figure(struct strbuf *o, const char *file)
{
	strbuf_addf(o, "![The problem's figure](%s)\n\n", file);
}

static void md_give_head(struct strbuf *o)
{
	strbuf_addstr(o, "Give:\n\n");
}

static void md_give(struct strbuf *o, const char *name, const char *unit, const char *precision,
		    const char *doc)
{
	strbuf_addf(o, "- `%s`", name);
	if (unit[0])
		strbuf_addf(o, " in %s", unit);
	if (precision[0]) {
		strbuf_addstr(o, ", ");
		md(o, precision);
	}
	strbuf_addstr(o, ": ");
	md(o, doc);
	strbuf_addch(o, '\n');
}

static void md_give_tail(struct strbuf *o, bool last)
{
	if (!last)
		strbuf_addch(o, '\n');
}

static void md_key_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	strbuf_addstr(o, "# Answer key: ");
	md(o, sheet_title(ps));
	strbuf_addstr(o, "\n\n");
	md(o, note);
	strbuf_addch(o, '\n');
}

static void md_key_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			   const char *values)
{
	md_problem_head(o, ps, j);
	strbuf_addstr(o, "Values: ");
	md(o, values);
	strbuf_addstr(o, ".\n\n");
}

static void md_answers_head(struct strbuf *o)
{
	strbuf_addstr(o, "| answer | value | tolerance |\n|---|---|---|\n");
}

static void md_answer(struct strbuf *o, const char *name, const struct sheet_answer_row *r)
{
	strbuf_addf(o, "| `%s` | ", name);
	md(o, strbuf_str(&r->num));
	if (r->unit.len) {
		strbuf_addch(o, ' ');
		md(o, strbuf_str(&r->unit));
	}
	strbuf_addstr(o, " | ");
	md(o, strbuf_str(&r->tol));
	strbuf_addstr(o, " |\n");
}

static void md_worked(struct strbuf *o, const char *steps)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap_lines(&w, steps, 78);
	strbuf_addstr(o, "\nWorked solution:\n\n```text\n");
	strbuf_addstr(o, strbuf_str(&w));
	if (w.len && w.buf[w.len - 1] != '\n')
		strbuf_addch(o, '\n');
	strbuf_addstr(o, "```\n");
	strbuf_release(&w);
}

static const struct sheet_steps md_steps = {
	.tail = "",
	.sheet = {md_sheet_head, md_sheet_variant, md_problem, md_figure},
	.give = {md_give_head, md_give, md_give_tail},
	.key = {md_key_head, md_variant, md_key_problem, md_worked},
	.answers = {md_answers_head, md_answer, sheet_nothing},
};

const struct sheet_renderer sheet_md = {
	.name = "md",
	.file = "sheet",
	.ext = "md",
	.key_ext = "md",
	.figure_ext = "svg",
	.steps = &md_steps,
	.sheet = sheet_walk_sheet,
	.key = sheet_walk_key,
};
