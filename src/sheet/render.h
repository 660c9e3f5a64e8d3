/* The sheet floor's insides, shared by its renderers (sheet/tex.c,
 * md.c, txt.c, moodle.c, gift.c) and nothing above them: the pieces of a
 * set as plain UTF-8 text (sheet/sheet.c), the walkers the sheet formats
 * run on, and the question bank's pieces (sheet/bank.c). */
#ifndef TRIBO_SHEET_RENDER_H
#define TRIBO_SHEET_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/problemset.h"
#include "sheet/sheet.h"
#include "util/strbuf.h"

/* ---- the pieces, as plain UTF-8 text -------------------------------- */

/* A unit as people write it: N*m as N·m, m/s^2 as m/s². */
void sheet_unit_pretty(struct strbuf *out, const char *u);
/* The header's title, else the exercise's, else "Problem set". */
const char *sheet_title(const struct problemset *ps);
/* "Variant K4-07" into buf */
void sheet_variant_head(const struct problemset *ps, size_t k, char *buf, size_t n);
/* The key's heading of a variant: its code, and whose it is on a roster. */
void sheet_key_head(const struct problemset *ps, size_t k, struct strbuf *o);
/* What a result is, as a student reads it (the answer's text, or the
 * result's doc without the notes for the instructor). */
void sheet_answer_doc(const struct exercise *ex, const struct ex_answer *a, struct strbuf *out);
/* "to 1%, i.e. 3 significant figures"; "" for a verdict. */
void sheet_answer_precision(const struct exercise *ex, const struct ex_answer *a, const char *unit,
			    struct strbuf *out);

/* One answer of a variant as the key prints it: the value to the digits
 * its tolerance needs (or the word), the unit and the tolerance. */
struct sheet_answer_row {
	struct strbuf num, unit, tol;
	bool isnum;
};

/* ---- the walkers -------------------------------------------------------
 *
 * One walker (sheet_walk_sheet, sheet_walk_key) goes through the variants,
 * their problems and their answers; a sheet format (tex.c, md.c, txt.c) is
 * the table of what each step writes. */

struct sheet_steps {
	const char *tail; /* the end of either file */
	struct {
		/* before the first variant (note: "40 variants drawn…") */
		void (*head)(struct strbuf *o, const struct problemset *ps, const char *note);
		void (*variant)(struct strbuf *o, const struct problemset *ps, size_t k,
				const char *note);
		/* problem j of a variant: its heading and statement */
		void (*problem)(struct strbuf *o, const struct problemset *ps, size_t j,
				const char *statement);
		/* the variant's figure beside the sheet (file: its name as the
		 * sheet names it), after the statement; NULL: a sheet with none */
		void (*figure)(struct strbuf *o, const char *file);
	} sheet;
	/* what the sheet asks for, when the problem has answers; unit as
	 * people write it, "" for none */
	struct {
		void (*head)(struct strbuf *o);
		/* precision: "to 1%, i.e. 3 significant figures", "" for a word */
		void (*item)(struct strbuf *o, const char *name, const char *unit,
			     const char *precision, const char *doc);
		void (*tail)(struct strbuf *o, bool last);
	} give;
	struct {
		/* before the first variant (note ends with the rounding) */
		void (*head)(struct strbuf *o, const struct problemset *ps, const char *note);
		void (*variant)(struct strbuf *o, const struct problemset *ps, size_t k);
		/* problem j of a variant: its heading and drawn values */
		void (*problem)(struct strbuf *o, const struct problemset *ps, size_t j,
				const char *values);
		void (*worked)(struct strbuf *o, const char *steps);
	} key;
	/* the key's answers to a problem, when it has any */
	struct {
		void (*head)(struct strbuf *o);
		void (*row)(struct strbuf *o, const char *name, const struct sheet_answer_row *r);
		void (*tail)(struct strbuf *o);
	} answers;
};

/* A step that writes nothing. */
void sheet_nothing(struct strbuf *o);
void sheet_nothing_after(struct strbuf *o, bool last);
/* A renderer's sheet and key from its steps (r->steps). */
void sheet_walk_sheet(const struct sheet_renderer *r, const struct problemset *ps,
		      struct strbuf *o);
void sheet_walk_key(const struct sheet_renderer *r, const struct problemset *ps, struct strbuf *o);

/* ---- the question banks' pieces (sheet/bank.c) ----------------------- */

/* s with & < > " as HTML's entities. */
void sheet_html(struct strbuf *o, const char *s);
/* The course's header as HTML paragraphs. */
void sheet_header_html(const struct ps_header *h, struct strbuf *o);
/* A question of the bank: its name, HTML text and answer. */
struct sheet_bank_question {
	struct strbuf name, text;
	bool isnum;
	char num[48], tol[48]; /* the number to 12 figures, its tolerance */
	struct strbuf word;    /* the answer of a short-answer question */
	/* the variant whose figure the text shows (its bytes go with the
	 * question), NULL for none */
	const struct ps_variant *figure;
};
void sheet_bank_question_init(struct sheet_bank_question *q, const struct problemset *ps, size_t j,
			      size_t k, const struct ex_answer *a);
void sheet_bank_question_release(struct sheet_bank_question *q);
/* "$course$/tribo/set KM4": the set's category, its exercises' under it. */
void sheet_bank_category(const struct problemset *ps, struct strbuf *o);

/* ---- the renderers (a row each of sheet.c's table) ------------------- */

extern const struct sheet_renderer sheet_tex, sheet_md, sheet_txt, sheet_moodle, sheet_gift;
/* The plain-text steps, whose key a question bank's set carries beside it. */
extern const struct sheet_steps sheet_txt_steps;

#endif
