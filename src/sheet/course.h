/* A course's own files for a set: its header (course, title, date,
 * instructions) and its roster of students. Both are read whole, with a
 * bound on their size; an error names the file and the line. */
#ifndef TRIBO_SHEET_COURSE_H
#define TRIBO_SHEET_COURSE_H

#include <stddef.h>

#include "exercise/problemset.h"
#include "util/diag.h"

/* The header file: `key = value` lines (course, title, date,
 * instructions), a value going on over the indented lines after it, `#`
 * or `;` comments, blank lines. Each key once. *h owns its strings:
 * sheet_header_release frees them (also after a failure). */
int sheet_header_load(const char *path, struct ps_header *h, struct diag *d);
void sheet_header_release(struct ps_header *h);

/* The students of a roster CSV, each name once, none empty: *out is an
 * array of *count strings, the caller's to free (each, then the array). */
int sheet_roster_load(const char *path, char ***out, size_t *count, struct diag *d);

#endif
