/* The Moodle XML renderer: the question bank (sheet/bank.c) as Moodle's
 * "Moodle XML format", the key beside it in plain text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"

/* <name><text>…</text></name> and the like: plain text, XML-escaped. */
static void xml_text(struct strbuf *o, const char *tag, const char *s)
{
	strbuf_addf(o, "    <%s><text>", tag);
	sheet_html(o, s);
	strbuf_addf(o, "</text></%s>\n", tag);
}

/* RFC 4648's base64 of n bytes, on one line. */
static void base64(struct strbuf *o, const unsigned char *p, size_t n)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned long w = (unsigned long)p[i] << 16;
		if (i + 1 < n)
			w |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			w |= p[i + 2];
		strbuf_addch(o, a[(w >> 18) & 63]);
		strbuf_addch(o, a[(w >> 12) & 63]);
		strbuf_addch(o, i + 1 < n ? a[(w >> 6) & 63] : '=');
		strbuf_addch(o, i + 2 < n ? a[w & 63] : '=');
	}
}

static void moodle_question(struct strbuf *o, const struct sheet_bank_question *q)
{
	strbuf_addf(o, "  <question type=\"%s\">\n", q->isnum ? "numerical" : "shortanswer");
	xml_text(o, "name", strbuf_str(&q->name));
	strbuf_addf(o, "    <questiontext format=\"html\"><text><![CDATA[%s]]></text>",
		    strbuf_str(&q->text));
	if (q->figure) {
		/* Moodle XML carries a question's files in it, base64, and the
		 * text names each as @@PLUGINFILE@@/NAME */
		strbuf_addstr(o, "\n      <file name=\"");
		sheet_html(o, q->figure->figure);
		strbuf_addstr(o, "\" path=\"/\" encoding=\"base64\">");
		base64(o, q->figure->figure_data, q->figure->figure_len);
		strbuf_addstr(o, "</file>\n    ");
	}
	strbuf_addstr(o, "</questiontext>\n");
	strbuf_addstr(o, "    <generalfeedback format=\"html\"><text></text></generalfeedback>\n"
			 "    <defaultgrade>1</defaultgrade>\n"
			 "    <penalty>0.3333333</penalty>\n"
			 "    <hidden>0</hidden>\n");
	if (q->isnum) {
		strbuf_addf(o,
			    "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n"
			    "      <text>%s</text>\n"
			    "      <tolerance>%s</tolerance>\n"
			    "      <feedback format=\"html\"><text></text></feedback>\n"
			    "    </answer>\n"
			    "    <unitgradingtype>0</unitgradingtype>\n"
			    "    <unitpenalty>0</unitpenalty>\n"
			    "    <showunits>3</showunits>\n"
			    "    <unitsleft>0</unitsleft>\n",
			    q->num, q->tol);
	} else {
		strbuf_addstr(o, "    <usecase>0</usecase>\n"
				 "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n");
		strbuf_addstr(o, "      <text>");
		sheet_html(o, strbuf_str(&q->word));
		strbuf_addstr(o, "</text>\n"
				 "      <feedback format=\"html\"><text></text></feedback>\n"
				 "    </answer>\n");
	}
	strbuf_addstr(o, "  </question>\n");
}

static void render_moodle(const struct sheet_renderer *r, const struct problemset *ps,
			  struct strbuf *o)
{
	(void)r;
	struct strbuf set = STRBUF_INIT;
	sheet_bank_category(ps, &set);
	strbuf_addstr(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
	if (ps->header) { /* the set's category, described by the header */
		struct strbuf info = STRBUF_INIT;
		sheet_header_html(ps->header, &info);
		strbuf_addstr(o, "  <question type=\"category\">\n");
		xml_text(o, "category", strbuf_str(&set));
		strbuf_addf(o, "    <info format=\"html\"><text><![CDATA[%s]]></text></info>\n",
			    strbuf_str(&info));
		strbuf_addstr(o, "  </question>\n");
		strbuf_release(&info);
	}
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct exercise *ex = session_exercise(ps->part[j].s);
		struct strbuf cat = STRBUF_INIT;
		strbuf_addf(&cat, "%s/%s", strbuf_str(&set), ex->id);
		strbuf_addstr(o, "  <question type=\"category\">\n");
		xml_text(o, "category", strbuf_str(&cat));
		strbuf_addstr(o, "  </question>\n");
		strbuf_release(&cat);
		for (size_t k = 0; k < ps->n; k++)
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct sheet_bank_question q;
				sheet_bank_question_init(&q, ps, j, k, &ex->answers[i]);
				moodle_question(o, &q);
				sheet_bank_question_release(&q);
			}
	}
	strbuf_addstr(o, "</quiz>\n");
	strbuf_release(&set);
}

const struct sheet_renderer sheet_moodle = {
	.name = "moodle",
	.file = "questions",
	.ext = "xml",
	.key_ext = "txt",
	.bank = "Moodle XML",
	.figure_ext = "png",
	.sheet = render_moodle,
	.steps = &sheet_txt_steps, /* the key, in plain text */
	.key = sheet_walk_key,
};
