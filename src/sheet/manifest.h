/* manifest.txt, the one file of a set both `generate` and `grade` read
 * the format of: written here (what regenerates the set, for the
 * instructor, then the exact answers for grade, tab-separated) and read
 * back here (the answers and students), so the format lives once. */
#ifndef TRIBO_SHEET_MANIFEST_H
#define TRIBO_SHEET_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/problemset.h"
#include "sheet/sheet.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* Appends the manifest of ps, written by renderer r. */
void manifest_write(const struct sheet_renderer *r, const struct problemset *ps, struct strbuf *o);

/* One asked answer of one variant, as the manifest has it. */
struct manifest_answer {
	char *code, *id, *name, *value, *unit;
	struct tolerance tol;
	bool word;
};

struct manifest_student {
	char *code, *name;
};

/* The answers and students of a set. */
struct manifest {
	struct manifest_answer *a;
	size_t na;
	struct manifest_student *s;
	size_t ns;
};

/* Reads DIR/manifest.txt into *m (released by manifest_release, which a
 * failure has done already). */
int manifest_read(const char *dir, struct manifest *m, struct diag *d);
void manifest_release(struct manifest *m);

#endif
