/* Text as LaTeX for a plain pdflatex (OT1 fonts, the alltt package and
 * nothing else): LaTeX's special characters escaped, and the Unicode that
 * tribo's statements and steps use (Greek, ², ⁻¹, ·, ≤, √, φ̇ with a
 * combining dot, …) written as math. A person's text (a roster's names, a
 * course's header) that OT1 cannot spell exactly is written as itself,
 * for lualatex with Unicode fonts (issue 39, point 2). */
#ifndef TRIBO_LATEX_H
#define TRIBO_LATEX_H

#include <stdbool.h>
#include <stdint.h>

#include "util/strbuf.h"

/* Appends UTF-8 text s as LaTeX. tt: for the inside of an alltt
 * environment (monospace; spaces and line breaks kept), else running text
 * in the roman font. A code point with no mapping is written as [U+XXXX],
 * a byte that is not UTF-8 as '?': the output is always ASCII. */
void latex_escape(struct strbuf *out, const char *s, bool tt);
/* The same for a person's name: the accented Latin letters (U+00C0 to
 * U+017F) as text accents, ü as \"u (latex_escape takes it for the
 * second derivative of u, as the exercises' texts mean it). */
void latex_escape_name(struct strbuf *out, const char *s);
/* The TeX engine a person's text needs. PDFLATEX: every character has an
 * exact spelling in OT1 (ASCII, the Latin letters of U+00C0..U+017F that
 * take an OT1 accent, dashes and quotes), which latex_escape_name writes.
 * LUALATEX: some character has none, and the fonts of LATEX_UNICODE_FONTS
 * print every one, as latex_escape_unicode writes them. NONE: *bad is the
 * first character that no font tribo's LaTeX names prints (or
 * UTF8_INVALID for a byte that is not UTF-8). */
enum latex_engine { LATEX_PDFLATEX, LATEX_LUALATEX, LATEX_NONE };
enum latex_engine latex_engine_for(const char *s, uint32_t *bad);
/* The fonts of a lualatex file, for the preamble, the manifest and
 * messages: Latin Modern Roman (fontspec's default), then, for the
 * characters it lacks, luaotfload's fallbacks in this order. */
#define LATEX_UNICODE_FONTS "Latin Modern Roman, DejaVu Serif, DejaVu Sans, Droid Sans Fallback"
/* The Debian packages that hold them and the engine. */
#define LATEX_UNICODE_PACKAGES                                                                     \
	"texlive-luatex, texlive-latex-recommended (fontspec), fonts-lmodern, "                    \
	"fonts-dejavu-core, fonts-droid-fallback"
/* Appends a person's text for lualatex: LaTeX's special characters as
 * latex_escape writes them, every other character as itself (UTF-8), a
 * run of right-to-left letters (Hebrew, Arabic) set right to left. */
void latex_escape_unicode(struct strbuf *out, const char *s);
/* A number as printf writes it ("-1.5e-05") in math mode:
 * \(-1.5\times10\sp{-5}\). */
void latex_number(struct strbuf *out, const char *num);

#endif
