/* Reading a CSV file as a spreadsheet or an LMS exports it (RFC 4180):
 * fields separated by commas (or, when the header has none, semicolons,
 * as spreadsheets in many locales write), a field in double quotes may
 * hold commas, line breaks and "" for a quote; CRLF or LF; UTF-8, a
 * leading byte-order mark dropped. Blank lines are skipped. */
#ifndef TRIBO_CSV_H
#define TRIBO_CSV_H

#include <stddef.h>

#include "util/diag.h"
#include "util/strbuf.h"

struct csv_row {
	char **field;
	size_t n;
	int line; /* the line of the file it starts on, 1 the first */
};

struct csv {
	struct csv_row *row;
	size_t n;
};

/* The whole of path, at most max_bytes. Returns 0, or -1 with d naming
 * the file (and the line of an unterminated quote). */
int csv_read(const char *path, size_t max_bytes, struct csv *out, struct diag *d);
/* The same from text in memory; `name` names it in messages. */
int csv_parse(const char *name, const char *text, size_t len, struct csv *out, struct diag *d);
void csv_release(struct csv *c);

/* Appends s as one CSV cell of text (RFC 4180): quoted, its quotes
 * doubled, when it holds a comma, a quote or a line break, or begins or
 * ends with a blank. A text a spreadsheet would take for a formula (it
 * begins with =, +, -, @, a tab or a CR: a roster's `=HYPERLINK(...)`)
 * is quoted with a single quote first, OWASP's advice against CSV
 * injection, and stays text. Numbers tribo formats itself (export's
 * values, -1.5 included; grade's scores) are not text and are written by
 * their writers as they are, never through this. */
void csv_add_cell(struct strbuf *out, const char *s);

/* The whole of a file, at most max_bytes, into out (appended). Returns 0,
 * or -1 with d naming the file and what went wrong. */
int read_whole_file(const char *path, size_t max_bytes, struct strbuf *out, struct diag *d);

#endif
