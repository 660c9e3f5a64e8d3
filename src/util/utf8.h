/* UTF-8 in one place: the decoder, the measure of columns that wrapping
 * and drawing share, the ASCII spelling for a terminal whose locale is not
 * UTF-8, and the escaping of text that came from outside. Nothing here
 * reads the locale, so a width is the same wherever it is computed. */
#ifndef TRIBO_UTF8_H
#define TRIBO_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* What utf8_decode gives for a byte that does not begin a character. */
#define UTF8_INVALID UINT32_MAX

/* Decodes the character at s (NUL-terminated) into *cp and returns its
 * length in bytes, 1 to 4; a NUL is U+0000 and one byte long. A byte that
 * does not begin a well-formed character (a bad lead, a missing or
 * truncated continuation, an overlong form, a surrogate, or beyond
 * U+10FFFF) is UTF8_INVALID and one byte long. */
size_t utf8_decode(const char *s, uint32_t *cp);

/* Columns a code point takes on a UTF-8 terminal: 0 for controls (C0, DEL,
 * C1, which are never drawn) and combining marks (the dot of x + U+0307),
 * 2 for East Asian wide characters, 1 for the rest and for UTF8_INVALID
 * (drawn as one '?'). */
int utf8_cp_width(uint32_t c);
/* Columns of a UTF-8 string on a UTF-8 terminal. */
int utf8_width(const char *s);

/* How a code point at or above U+0080 is spelled in ASCII, where `prev` is
 * the code point before it: "mu" for μ, "<=" for ≤, "'" for a combining
 * dot (ẋ is "x'", ü "u''"), and a run of superscripts under one '^' (⁻¹
 * is "^-1", ᵀ "^T"), from util/glyph.c's table. "?" for what has no spelling
 * (and UTF8_INVALID). */
const char *utf8_ascii(uint32_t c, uint32_t prev);
/* Columns of code point c as drawn: its UTF-8 width, or where `ascii`, the
 * length of its spelling (printable ASCII 1, controls 0). */
int utf8_cp_cols(uint32_t c, uint32_t prev, bool ascii);
/* Columns of the first n bytes of s as drawn (see utf8_cp_cols). */
int utf8_cols(const char *s, size_t n, bool ascii);
/* Appends s spelled in ASCII: a newline and a tab kept, other controls
 * dropped, so that wrapping it measures what will be drawn; a letter
 * after a spelled word gets a blank (ωt is "omega t"). */
void utf8_to_ascii(struct strbuf *out, const char *s);

/* Appends s, which may hold what a hostile file or command line put in
 * it, so that it cannot drive the terminal: control characters (but a
 * newline or a tab), DEL, the C1 controls and bytes that are not UTF-8 are
 * written as \xHH. The one escaping rule for text from outside. */
void utf8_add_clean(struct strbuf *out, const char *s);
/* Why code point c is written as \xHH by utf8_add_clean, so as no output
 * format carries it (a control but a newline or a tab, DEL, C1, a
 * noncharacter: U+FDD0..U+FDEF and U+xFFFE, U+xFFFF in every plane;
 * UTF8_INVALID): the words for a message; NULL when it is written as
 * itself. */
const char *utf8_cp_unwritable(uint32_t c);

#endif
