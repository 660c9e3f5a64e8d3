#include "util/utf8.h"

#include <stdlib.h>
#include <string.h>

#include "util/glyph.h"
#include "util/strbuf.h"

size_t utf8_decode(const char *str, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	uint32_t c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t k = c >= 0xC2 && c <= 0xDF   ? 1
		   : c >= 0xE0 && c <= 0xEF ? 2
		   : c >= 0xF0 && c <= 0xF4 ? 3
					    : 0;
	if (k == 0)
		goto bad;
	/* the continuation ranges that rule out overlong forms, surrogates
	 * and code points beyond U+10FFFF (RFC 3629, section 4) */
	unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
	unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
	if (s[1] < lo || s[1] > hi)
		goto bad;
	c &= 0x3Fu >> k;
	for (size_t j = 1; j <= k; j++) {
		if ((s[j] & 0xC0) != 0x80)
			goto bad;
		c = c << 6 | (s[j] & 0x3Fu);
	}
	*cp = c;
	return k + 1;
bad:
	*cp = UTF8_INVALID;
	return 1;
}

struct range {
	uint32_t lo, hi;
};

static bool in_ranges(uint32_t c, const struct range *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c >= r[i].lo && c <= r[i].hi)
			return true;
	return false;
}

/* Combining marks and the invisible format characters. */
static const struct range zero_width[] = {
	{0x0300, 0x036F}, {0x0483, 0x0489}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
	{0x2060, 0x2064}, {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF},
};

/* East Asian Wide and Fullwidth (Unicode's EastAsianWidth.txt, W and F),
 * the blocks of them. */
static const struct range wide[] = {
	{0x1100, 0x115F},   {0x231A, 0x231B},	{0x2329, 0x232A},   {0x2E80, 0x303E},
	{0x3041, 0x33FF},   {0x3400, 0x4DBF},	{0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
	{0xA960, 0xA97F},   {0xAC00, 0xD7A3},	{0xF900, 0xFAFF},   {0xFE10, 0xFE19},
	{0xFE30, 0xFE6F},   {0xFF00, 0xFF60},	{0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
	{0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

int utf8_cp_width(uint32_t c)
{
	if (c == UTF8_INVALID)
		return 1;
	if (c < 0x20 || (c >= 0x7F && c < 0xA0))
		return 0;
	if (c < 0x300)
		return 1;
	if (in_ranges(c, zero_width, sizeof(zero_width) / sizeof(zero_width[0])))
		return 0;
	return in_ranges(c, wide, sizeof(wide) / sizeof(wide[0])) ? 2 : 1;
}

int utf8_width(const char *s)
{
	int w = 0;
	while (*s) {
		uint32_t c;
		s += utf8_decode(s, &c);
		w += utf8_cp_width(c);
	}
	return w;
}

/* ---- the ASCII spelling ------------------------------------------------ */

/* The spelling is util/glyph.c's table's, with its UTF-8 and its LaTeX. */
const char *utf8_ascii(uint32_t c, uint32_t prev)
{
	const struct glyph *g = glyph_find(c);
	if (!g)
		return "?";
	if (g->script != GS_PLAIN) {
		const struct glyph *before = glyph_find(prev);
		if (before && before->script == g->script)
			return g->ascii + 1; /* ⁻¹ is ^-1, not ^-^1 */
	}
	return g->ascii;
}

int utf8_cp_cols(uint32_t c, uint32_t prev, bool ascii)
{
	if (!ascii || c < 0x80)
		return utf8_cp_width(c);
	if (c < 0xA0) /* the C1 controls */
		return 0;
	return (int)strlen(utf8_ascii(c, prev));
}

int utf8_cols(const char *s, size_t n, bool ascii)
{
	int w = 0;
	uint32_t prev = 0;
	for (size_t i = 0; i < n && s[i];) {
		uint32_t c;
		i += utf8_decode(s + i, &c);
		w += utf8_cp_cols(c, prev, ascii);
		prev = c;
	}
	return w;
}

static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether a spelling is a word of letters (omega, tau), which a letter
 * after it would run into. */
static bool is_word(const char *s)
{
	if (!s[0] || !s[1])
		return false;
	for (; *s; s++)
		if (!is_letter(*s))
			return false;
	return true;
}

void utf8_to_ascii(struct strbuf *out, const char *s)
{
	uint32_t prev = 0;
	bool after_word = false; /* the last thing written was a spelled word */
	while (*s) {
		uint32_t c;
		s += utf8_decode(s, &c);
		const char *add = NULL;
		char one[2] = {0, 0};
		if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7F)) {
			one[0] = (char)c;
			add = one;
		} else if (c >= 0xA0) {
			add = utf8_ascii(c, prev);
		}
		prev = c;
		if (!add || !*add)
			continue;
		/* ωt is "omega t", not "omegat"; μ0 stays "mu0" */
		if (after_word && is_letter(add[0]))
			strbuf_addch(out, ' ');
		strbuf_addstr(out, add);
		after_word = add != one && is_word(add);
	}
}

/* XML 1.0's Char production leaves out the C0 controls but tab, newline
 * and carriage return, and U+FFFE and U+FFFF; it discourages C1 and the
 * other noncharacters. A terminal obeys every control. */
const char *utf8_cp_unwritable(uint32_t c)
{
	if (c == UTF8_INVALID)
		return "a byte that is not UTF-8";
	if (c == '\n' || c == '\t')
		return NULL;
	if (c == '\r')
		return "a carriage return: a terminal would go back to the line's start, and "
		       "Moodle XML would read a line break";
	if (c < 0x20)
		return "a control character: XML 1.0 forbids it, so Moodle XML cannot carry it, "
		       "and a terminal would obey it";
	if (c >= 0x7F && c < 0xA0)
		return "a control character: a terminal would obey it, and XML 1.0 asks that "
		       "text avoid it";
	if (c == 0xFFFE || c == 0xFFFF)
		return "a noncharacter: XML 1.0 forbids it, so Moodle XML cannot carry it";
	if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE)
		return "a noncharacter: Unicode keeps it out of interchanged text, and XML 1.0 "
		       "asks that text avoid it";
	return NULL;
}

void utf8_add_clean(struct strbuf *out, const char *s)
{
	while (*s) {
		uint32_t c;
		size_t n = utf8_decode(s, &c);
		/* and the noncharacters: U+FFFE and U+FFFF are valid UTF-8 but no
		 * XML characters (a Moodle file that held one was not
		 * well-formed, issue 43) */
		if (utf8_cp_unwritable(c))
			for (size_t i = 0; i < n; i++)
				strbuf_addf(out, "\\x%02X", (unsigned char)s[i]);
		else
			strbuf_add(out, s, n);
		s += n;
	}
}
