/* The GIFT renderer: the question bank (sheet/bank.c) in Moodle's GIFT
 * format, the key beside it in plain text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"
#include "util/utf8.h"

/* s for GIFT: a backslash before each character GIFT reserves (\ ~ = #
 * { } :), a line break as \n, no carriage return (Moodle's own export
 * does the same); what no output may hold first made visible as \xHH. */
static void gift(struct strbuf *o, const char *s)
{
	struct strbuf clean = STRBUF_INIT;
	utf8_add_clean(&clean, s);
	for (const char *p = strbuf_str(&clean); *p; p++) {
		if (strchr("\\~=#{}:", *p))
			strbuf_addch(o, '\\');
		if (*p == '\n')
			strbuf_addstr(o, "\\n");
		else if (*p != '\r')
			strbuf_addch(o, *p);
	}
	strbuf_release(&clean);
}

/* The bank in Moodle's GIFT format: questions separated by blank lines,
 * a category switch ($CATEGORY:) before each exercise's, the header as a
 * description question (a question without an answer: GIFT has no
 * category description), every question named (::NAME::) and in HTML
 * ([html]), a number as {#VALUE:TOLERANCE}, a word as {=WORD}. */
static void render_gift(const struct sheet_renderer *r, const struct problemset *ps,
			struct strbuf *o)
{
	(void)r;
	struct strbuf set = STRBUF_INIT;
	sheet_bank_category(ps, &set);
	strbuf_addf(o,
		    "// tribo %s: a question bank in Moodle's GIFT format (Question bank, "
		    "Import, GIFT, with 'Get category from file')\n\n",
		    TRIBO_VERSION);
	/* the categories' paths are ours: "$course$", letters, digits, '-',
	 * '/' and blanks, nothing GIFT reserves */
	strbuf_addf(o, "$CATEGORY: %s\n\n", strbuf_str(&set));
	if (ps->header) {
		struct strbuf info = STRBUF_INIT, name = STRBUF_INIT;
		sheet_header_html(ps->header, &info);
		strbuf_addf(&name, "%s: the course's header",
			    strbuf_str(&set) + strlen("$course$/tribo/"));
		strbuf_addstr(o, "// the course's header, as a description\n::");
		gift(o, strbuf_str(&name));
		strbuf_addstr(o, "::[html]");
		gift(o, strbuf_str(&info));
		strbuf_addstr(o, "\n\n");
		strbuf_release(&info);
		strbuf_release(&name);
	}
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct exercise *ex = session_exercise(ps->part[j].s);
		strbuf_addf(o, "$CATEGORY: %s/%s\n\n", strbuf_str(&set), ex->id);
		for (size_t k = 0; k < ps->n; k++)
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct sheet_bank_question q;
				sheet_bank_question_init(&q, ps, j, k, &ex->answers[i]);
				strbuf_addstr(o, "::");
				gift(o, strbuf_str(&q.name));
				strbuf_addstr(o, "::[html]");
				gift(o, strbuf_str(&q.text));
				if (q.isnum) {
					strbuf_addstr(o, "{#");
					gift(o, q.num);
					strbuf_addch(o, ':');
					gift(o, q.tol);
				} else {
					strbuf_addstr(o, "{=");
					gift(o, strbuf_str(&q.word));
				}
				strbuf_addstr(o, "}\n\n");
				sheet_bank_question_release(&q);
			}
	}
	strbuf_release(&set);
}

const struct sheet_renderer sheet_gift = {
	.name = "gift",
	.file = "questions",
	.ext = "txt",
	.key_ext = "txt",
	.bank = "Moodle's GIFT format",
	.sheet = render_gift,
	.steps = &sheet_txt_steps, /* the key, in plain text */
	.key = sheet_walk_key,
};
