/* Diagnostics: the core never prints. A failing function fills a struct
 * diag and returns -1; the front end decides how to show it. */
#ifndef TRIBO_DIAG_H
#define TRIBO_DIAG_H

#include "util/strbuf.h"

struct diag {
	char msg[1024];
	char file[512];	  /* "" unless the message is about a place in a file */
	int line;	  /* 1-based; 0 when unknown */
	int col;	  /* 1-based; 0 when unknown */
	char source[256]; /* the offending line, shown with a caret under col */
	char prefix[128]; /* what was being done: "load: " */
	char more[4096];  /* the errors after the first, formatted (a file's
			   * other mistakes), or "" */
	int nmore;	  /* how many: more may hold fewer, and a last line
			   * "N errors" */
};

void diag_clear(struct diag *d);
/* Sets the message; returns -1 so that `return diag_set(d, ...)` reads well. */
int diag_set(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets the message and the place it is about. `source` may be NULL. */
int diag_at(struct diag *d, const char *file, int line, int col, const char *source,
	    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Says what was being done ("load: "); shown before the file location. */
void diag_prefix(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "file:line:col: message", then, when the source line is known, the line
 * and a caret under the column, then `more`. Always ends with a newline. */
void diag_format(const struct diag *d, struct strbuf *out);

#endif
