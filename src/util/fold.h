/* Names folded for matching (issue 39): what a student types for a name
 * on a roster, whatever the case, the accents of Latin letters, the
 * punctuation and the order of its words. No library: a table of the
 * Latin letters with diacritics of Unicode's Latin-1 Supplement, Latin
 * Extended-A, Romanian's and Vietnamese's letters (the base letters NFKD
 * would leave), and combining marks dropped. */
#ifndef TRIBO_FOLD_H
#define TRIBO_FOLD_H

#include <stddef.h>

struct strbuf;

enum {
	FOLD_CASE = 1,	  /* A-Z as a-z, and the table's capitals as small */
	FOLD_ACCENTS = 2, /* the table's letters as their base letters */
	FOLD_PUNCT = 4,	  /* apostrophes dropped (O'Brien, OBrien); other
			   * punctuation a blank (Jean-Luc, Jean Luc) */
	FOLD_ORDER = 8,	  /* the words sorted ("Last, First" as "First Last") */
	FOLD_ALL = 15,
};

/* s folded as `how` says, its words one blank apart, none at either end. */
void fold_name(struct strbuf *out, const char *s, int how);
/* The edit distance (insertions, deletions, substitutions of bytes)
 * between a and b, at most `cap` (a larger one is said as cap). */
size_t fold_distance(const char *a, const char *b, size_t cap);

#endif
