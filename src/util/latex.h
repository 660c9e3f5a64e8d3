/* Text as LaTeX for a plain pdflatex (OT1 fonts, the alltt package and
 * nothing else): LaTeX's special characters escaped, and the Unicode that
 * tribo's statements and steps use (Greek, ², ⁻¹, ·, ≤, √, φ̇ with a
 * combining dot, …) written as math. */
#ifndef TRIBO_LATEX_H
#define TRIBO_LATEX_H

#include <stdbool.h>

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
/* A number as printf writes it ("-1.5e-05") in math mode:
 * \(-1.5\times10\sp{-5}\). */
void latex_number(struct strbuf *out, const char *num);

#endif
