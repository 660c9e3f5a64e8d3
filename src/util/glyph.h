/* The one table of glyphs: each non-ASCII character tribo knows, with its
 * UTF-8, its ASCII spelling (util/utf8.c: a terminal or an output whose
 * locale is not UTF-8) and its LaTeX spelling (util/latex.c: the sheets).
 * A character added to the texts gets one row here, and both spellings
 * with it. The table is static; glyph_find returns a row of it. */
#ifndef TRIBO_GLYPH_H
#define TRIBO_GLYPH_H

#include <stddef.h>
#include <stdint.h>

/* The ASCII spelling's kind: a superscript's spelling begins with its '^',
 * a subscript's with its '_', which a run of them leaves out after the
 * first (⁻¹ is ^-1). */
enum glyph_script { GS_PLAIN, GS_SUP, GS_SUB };

/* How LaTeX writes it. LX_MATH: a math-mode item (the math group is
 * opened around runs of them); LX_SUP/LX_SUB: a superscript or subscript
 * character, gathered in runs into one \sp{...} or \sb{...}; LX_ACCENT: a
 * combining mark over the character before it; LX_TEXT: text mode, with
 * its spelling inside alltt (tt) when that differs; LX_NONE: no spelling
 * of the sheets' own (latex.c's other rules apply). */
enum glyph_latex { LX_NONE, LX_MATH, LX_SUP, LX_SUB, LX_ACCENT, LX_TEXT };

struct glyph {
	uint32_t cp;
	const char *utf8;
	enum glyph_script script;
	const char *ascii;
	enum glyph_latex latex;
	const char *tex;
	const char *tt; /* LX_TEXT inside alltt, when not tex */
};

/* The row of code point cp, NULL for none. */
const struct glyph *glyph_find(uint32_t cp);
/* The whole table, sorted by code point (for the tests). */
const struct glyph *glyph_table(size_t *n);

#endif
