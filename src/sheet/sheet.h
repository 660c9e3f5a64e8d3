/* The sheet floor: the files `generate` writes from a problem set (SPEC
 * §2), each format a renderer. A renderer is a row of one table: the name
 * `format` takes, the students' file and its extension, the key's
 * extension, and two functions that append the students' file and the key
 * to a buffer (for tex, md and txt the walkers over the format's steps). tex, md and txt write a
 * sheet and a key in their own format; moodle and gift write a question bank to import, the key
 * beside it in plain text. The renderers only render: reading the course's header and roster is
 * sheet/course.h's, the manifest sheet/manifest.h's, writing the files the command's. */
#ifndef TRIBO_SHEET_H
#define TRIBO_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exercise/problemset.h"
#include "util/diag.h"
#include "util/strbuf.h"

struct sheet_steps;

struct sheet_renderer {
	const char *name;    /* what `format` takes */
	const char *file;    /* the students' file: "sheet", or "questions" for a bank */
	const char *ext;     /* its extension */
	const char *key_ext; /* the key's ("txt" beside a bank) */
	/* a question bank: its format as the manifest names it; NULL for a sheet */
	const char *bank;
	/* the kind of file a variant's figure is drawn into beside it ("pdf",
	 * "svg", "png"), NULL for a format that shows none */
	const char *figure_ext;
	/* the walkers' steps (sheet/render.h) of a sheet format, and of the
	 * plain-text key beside a bank */
	const struct sheet_steps *steps;
	void (*sheet)(const struct sheet_renderer *r, const struct problemset *ps,
		      struct strbuf *o);
	void (*key)(const struct sheet_renderer *r, const struct problemset *ps, struct strbuf *o);
};

/* The renderer `format NAME` asks for, NULL for none; the first of the
 * table (tex) is the default. */
const struct sheet_renderer *sheet_renderer_find(const char *name);
const struct sheet_renderer *sheet_renderer_default(void);
/* "tex, md, txt, moodle, gift": the names `format` takes, sep between. */
void sheet_renderer_names(struct strbuf *o, const char *sep);

/* Degenerate draws redrawn, and draws redrawn to keep a verdict, over the
 * set's exercises. */
size_t sheet_total_redrawn(const struct problemset *ps);
size_t sheet_total_rekept(const struct problemset *ps);
/* "mode = inconsistent": the verdicts the variants keep (`keep` in the
 * exercise), each exercise's named when there are several; false when
 * no exercise keeps one. */
bool sheet_kept_list(const struct problemset *ps, struct strbuf *o);

/* What the LaTeX of a set needs for its people's text, the roster's
 * names and the header's fields: pdflatex, or lualatex with Unicode fonts
 * (*unicode). A character no font of it prints is refused here, before
 * anything is drawn or written (roster and header: the files' names as
 * given, for the message). */
int sheet_tex_engine(const char *const *students, size_t n, const char *roster,
		     const struct ps_header *h, const char *header, bool *unicode, struct diag *d);

#endif
