#include "util/fold.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* The base letter of each code point from U+00C0 to U+017F, 16 a row;
 * a capital here stands for two letters (A ae, T th, S ss, J ij, O oe),
 * '*' for the signs U+00D7 and U+00F7, which stay. */
static const char latin[] = "aaaaaaAceeeeiiii" /* U+00C0 */
			    "dnooooo*ouuuuyTS" /* U+00D0 */
			    "aaaaaaAceeeeiiii" /* U+00E0 */
			    "dnooooo*ouuuuyTy" /* U+00F0 */
			    "aaaaaaccccccccdd" /* U+0100 */
			    "ddeeeeeeeeeegggg" /* U+0110 */
			    "gggghhhhiiiiiiii" /* U+0120 */
			    "iiJJjjkkklllllll" /* U+0130 */
			    "lllnnnnnnnnnoooo" /* U+0140 */
			    "ooOOrrrrrrssssss" /* U+0150 */
			    "ssttttttuuuuuuuu" /* U+0160 */
			    "uuuuwwyyyzzzzzzs" /* U+0170 */;
_Static_assert(sizeof latin == 0x180 - 0xC0 + 1, "a letter for each code point");

/* The base letters of c, from U+00C0 to U+017F, as a string. */
static const char *latin_base(uint32_t c)
{
	static const char single[] = "a\0b\0c\0d\0e\0f\0g\0h\0i\0j\0k\0l\0m\0"
				     "n\0o\0p\0q\0r\0s\0t\0u\0v\0w\0x\0y\0z";
	const char l = latin[c - 0xC0];
	switch (l) {
	case 'A':
		return "ae";
	case 'T':
		return "th";
	case 'S':
		return "ss";
	case 'J':
		return "ij";
	case 'O':
		return "oe";
	case '*':
		return "*";
	default:
		return single + 2 * (l - 'a');
	}
}

/* Vietnamese's U+1EA0 to U+1EF9, capital and small in turn: the runs of
 * each base letter. */
static const struct {
	uint32_t last;
	char base;
} viet[] = {{0x1EB7, 'a'}, {0x1EC7, 'e'}, {0x1ECB, 'i'},
	    {0x1EE3, 'o'}, {0x1EF1, 'u'}, {0x1EF9, 'y'}};

/* The base letters of code point c, or NULL when it has none here; *cap
 * whether c is a capital. */
static const char *base_of(uint32_t c, int *cap)
{
	*cap = 0;
	if (c >= 0xC0 && c <= 0x17F && c != 0xD7 && c != 0xF7) {
		*cap = c < 0xE0 ? c != 0xDF : c >= 0x100 ? !(c & 1) : 0;
		if (c >= 0x139 && c <= 0x148) /* U+0139 to U+0148: capitals odd */
			*cap = c & 1;
		if (c >= 0x179 && c <= 0x17E)
			*cap = c & 1;
		if (c == 0x138 || c == 0x149 || c == 0x17F || c == 0x131)
			*cap = 0;
		if (c == 0x178)
			*cap = 1;
		return latin_base(c);
	}
	if (c >= 0x1EA0 && c <= 0x1EF9) {
		*cap = !(c & 1);
		for (size_t i = 0; i < sizeof viet / sizeof viet[0]; i++)
			if (c <= viet[i].last) {
				static char one[6][2] = {"a", "e", "i", "o", "u", "y"};
				return one[i];
			}
	}
	switch (c) { /* Romanian's comma below; Vietnamese's horned o and u */
	case 0x218:
	case 0x219:
		*cap = c == 0x218;
		return "s";
	case 0x21A:
	case 0x21B:
		*cap = c == 0x21A;
		return "t";
	case 0x1A0:
	case 0x1A1:
		*cap = c == 0x1A0;
		return "o";
	case 0x1AF:
	case 0x1B0:
		*cap = c == 0x1AF;
		return "u";
	}
	return NULL;
}

static int cmp_word(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void fold_name(struct strbuf *out, const char *s, int how)
{
	struct strbuf w = STRBUF_INIT;
	for (const char *p = s; *p;) {
		uint32_t c;
		size_t n = utf8_decode(p, &c);
		int cap;
		const char *base = c >= 0x80 ? base_of(c, &cap) : NULL;
		if (c >= 0x300 && c <= 0x36F) { /* a combining mark: NFD's accent */
			if (!(how & FOLD_ACCENTS))
				strbuf_add(&w, p, n);
		} else if (c == '\'' || c == 0x2019 || c == 0x2018 || c == 0x2BC) {
			if (!(how & FOLD_PUNCT))
				strbuf_add(&w, p, n);
		} else if (c < 0x80 && !((c | 32) >= 'a' && (c | 32) <= 'z') &&
			   !(c >= '0' && c <= '9')) {
			/* blanks, and punctuation when folded, part words */
			strbuf_addch(&w,
				     (how & FOLD_PUNCT) || c == ' ' || c == '\t' ? ' ' : (char)c);
		} else if ((c == 0x2010 || c == 0x2011 || c == 0x2013 || c == 0x2014 ||
			    c == 0xA0) &&
			   (how & FOLD_PUNCT)) {
			strbuf_addch(&w, ' ');
		} else if (c >= 'A' && c <= 'Z' && (how & FOLD_CASE)) {
			strbuf_addch(&w, (char)(c + 32));
		} else if (base && (how & FOLD_ACCENTS) && strcmp(base, "*")) {
			for (const char *b = base; *b; b++)
				strbuf_addch(&w, cap && !(how & FOLD_CASE) ? (char)(*b - 32) : *b);
		} else if (base && cap && (how & FOLD_CASE) && n == 2 && c < 0x100) {
			/* Latin-1's capital: its small letter is 0x20 on */
			char lo[3] = {p[0], (char)(p[1] + 0x20), 0};
			strbuf_addstr(&w, lo);
		} else if (c == 0x178 && (how & FOLD_CASE)) {
			strbuf_addstr(&w, "\xC3\xBF"); /* its small letter is U+00FF */
		} else if (base && cap && (how & FOLD_CASE) && c >= 0x100) {
			/* Latin Extended-A and Vietnamese: the small is the next */
			char buf[8];
			uint32_t lo = c + 1;
			size_t k = lo < 0x800 ? 2 : 3;
			if (k == 2) {
				buf[0] = (char)(0xC0 | (lo >> 6));
				buf[1] = (char)(0x80 | (lo & 0x3F));
			} else {
				buf[0] = (char)(0xE0 | (lo >> 12));
				buf[1] = (char)(0x80 | ((lo >> 6) & 0x3F));
				buf[2] = (char)(0x80 | (lo & 0x3F));
			}
			strbuf_add(&w, buf, k);
		} else {
			strbuf_add(&w, p, n);
		}
		p += n;
	}
	/* the words, one blank apart; sorted when the order does not count */
	char *text = strbuf_detach(&w);
	size_t nw = 0, cap_w = 8;
	char **word = xmalloc(cap_w * sizeof(char *));
	char *save = NULL;
	for (char *t = strtok_r(text, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (nw == cap_w)
			word = xrealloc(word, (cap_w *= 2) * sizeof(char *));
		word[nw++] = t;
	}
	if (how & FOLD_ORDER)
		qsort(word, nw, sizeof(char *), cmp_word);
	for (size_t i = 0; i < nw; i++)
		strbuf_addf(out, "%s%s", i ? " " : "", word[i]);
	free(word);
	free(text);
}

size_t fold_distance(const char *a, const char *b, size_t cap)
{
	const size_t na = strlen(a), nb = strlen(b);
	if (na > nb + cap || nb > na + cap)
		return cap;
	size_t *row = xcalloc(nb + 1, sizeof(size_t));
	for (size_t j = 0; j <= nb; j++)
		row[j] = j;
	for (size_t i = 1; i <= na; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t r = row[nb];
	free(row);
	return r < cap ? r : cap;
}
