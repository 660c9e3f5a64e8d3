#include "util/utf8.h"

#include <stdlib.h>
#include <string.h>

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

/* SUP and SUB spellings begin with their '^' or '_', left out inside a run. */
enum kind { PLAIN, SUP, SUB };

struct spelling {
	uint32_t c;
	enum kind kind;
	const char *s;
};

/* Every non-ASCII character tribo writes (its sources and exercises), and
 * the rest of what latex.c knows. Sorted by code point. In these texts ü
 * and ÿ are second derivatives and û, ŵ, ẑ unit vectors, not letters. */
static const struct spelling spellings[] = {
	/* clang-format off */
	{0xA0, PLAIN, " "}, {0xA7, PLAIN, "S"}, {0xB0, PLAIN, " deg"}, {0xB1, PLAIN, "+-"},
	{0xB2, SUP, "^2"}, {0xB3, SUP, "^3"}, {0xB5, PLAIN, "mu"}, {0xB7, PLAIN, "*"},
	{0xB9, SUP, "^1"}, {0xBD, PLAIN, "1/2"}, {0xC9, PLAIN, "E"}, {0xD6, PLAIN, "O"},
	{0xD7, PLAIN, "x"}, {0xDC, PLAIN, "U"}, {0xE0, PLAIN, "a"}, {0xE1, PLAIN, "a"},
	{0xE4, PLAIN, "a"}, {0xE7, PLAIN, "c"}, {0xE8, PLAIN, "e"}, {0xE9, PLAIN, "e"},
	{0xEA, PLAIN, "e"}, {0xED, PLAIN, "i"}, {0xF1, PLAIN, "n"}, {0xF3, PLAIN, "o"},
	{0xF6, PLAIN, "o"}, {0xF7, PLAIN, "/"}, {0xFA, PLAIN, "u"}, {0xFB, PLAIN, "uhat"},
	{0xFC, PLAIN, "u''"}, {0xFF, PLAIN, "y''"}, {0x175, PLAIN, "what"},
	{0x302, PLAIN, "hat"}, {0x303, PLAIN, "~"}, {0x304, PLAIN, "bar"}, {0x307, PLAIN, "'"},
	{0x308, PLAIN, "''"},
	{0x393, PLAIN, "Gamma"}, {0x394, PLAIN, "Delta"}, {0x398, PLAIN, "Theta"},
	{0x39B, PLAIN, "Lambda"}, {0x3A0, PLAIN, "Pi"}, {0x3A3, PLAIN, "Sigma"},
	{0x3A6, PLAIN, "Phi"}, {0x3A8, PLAIN, "Psi"}, {0x3A9, PLAIN, "Omega"},
	{0x3B1, PLAIN, "alpha"}, {0x3B2, PLAIN, "beta"}, {0x3B3, PLAIN, "gamma"},
	{0x3B4, PLAIN, "delta"}, {0x3B5, PLAIN, "eps"}, {0x3B6, PLAIN, "zeta"},
	{0x3B7, PLAIN, "eta"}, {0x3B8, PLAIN, "theta"}, {0x3B9, PLAIN, "iota"},
	{0x3BA, PLAIN, "kappa"}, {0x3BB, PLAIN, "lambda"}, {0x3BC, PLAIN, "mu"},
	{0x3BD, PLAIN, "nu"}, {0x3BE, PLAIN, "xi"}, {0x3BF, PLAIN, "o"}, {0x3C0, PLAIN, "pi"},
	{0x3C1, PLAIN, "rho"}, {0x3C2, PLAIN, "sigma"}, {0x3C3, PLAIN, "sigma"},
	{0x3C4, PLAIN, "tau"}, {0x3C5, PLAIN, "upsilon"}, {0x3C6, PLAIN, "phi"},
	{0x3C7, PLAIN, "chi"}, {0x3C8, PLAIN, "psi"}, {0x3C9, PLAIN, "omega"},
	{0x3D1, PLAIN, "theta"}, {0x3D5, PLAIN, "phi"},
	{0x1D40, SUP, "^T"}, {0x1E0A, PLAIN, "D'"}, {0x1E61, PLAIN, "s'"}, {0x1E8B, PLAIN, "x'"},
	{0x1E8D, PLAIN, "x''"}, {0x1E8F, PLAIN, "y'"}, {0x1E91, PLAIN, "zhat"},
	{0x2013, PLAIN, "-"}, {0x2014, PLAIN, "--"}, {0x2016, PLAIN, "||"}, {0x2018, PLAIN, "'"},
	{0x2019, PLAIN, "'"}, {0x201C, PLAIN, "\""}, {0x201D, PLAIN, "\""},
	{0x2026, PLAIN, "..."}, {0x2032, PLAIN, "'"}, {0x2033, PLAIN, "''"},
	{0x2070, SUP, "^0"}, {0x2074, SUP, "^4"}, {0x2075, SUP, "^5"}, {0x2076, SUP, "^6"},
	{0x2077, SUP, "^7"}, {0x2078, SUP, "^8"}, {0x2079, SUP, "^9"}, {0x207A, SUP, "^+"},
	{0x207B, SUP, "^-"}, {0x2080, SUB, "_0"}, {0x2081, SUB, "_1"}, {0x2082, SUB, "_2"},
	{0x2083, SUB, "_3"}, {0x2084, SUB, "_4"}, {0x2085, SUB, "_5"}, {0x2086, SUB, "_6"},
	{0x2087, SUB, "_7"}, {0x2088, SUB, "_8"}, {0x2089, SUB, "_9"}, {0x208A, SUB, "_+"},
	{0x208B, SUB, "_-"},
	{0x2153, PLAIN, "1/3"}, {0x2154, PLAIN, "2/3"},
	{0x2190, PLAIN, "<-"}, {0x2192, PLAIN, "->"}, {0x21A6, PLAIN, "|->"}, {0x21D2, PLAIN, "=>"},
	{0x2202, PLAIN, "d"}, {0x2206, PLAIN, "Delta"}, {0x2207, PLAIN, "grad"},
	{0x2208, PLAIN, " in "}, {0x2211, PLAIN, "sum"}, {0x2212, PLAIN, "-"},
	{0x2213, PLAIN, "-+"}, {0x221A, PLAIN, "sqrt"}, {0x221D, PLAIN, "~"},
	{0x221E, PLAIN, "inf"}, {0x2225, PLAIN, "||"}, {0x222B, PLAIN, "int"}, {0x223C, PLAIN, "~"},
	{0x2248, PLAIN, "~"}, {0x2260, PLAIN, "!="}, {0x2261, PLAIN, "=="},
	{0x2264, PLAIN, "<="}, {0x2265, PLAIN, ">="}, {0x226A, PLAIN, "<<"},
	{0x226B, PLAIN, ">>"}, {0x22C5, PLAIN, "*"},
	{0x2500, PLAIN, "-"}, {0x2502, PLAIN, "|"}, {0x250C, PLAIN, "+"}, {0x2510, PLAIN, "+"},
	{0x2514, PLAIN, "+"}, {0x2518, PLAIN, "+"}, {0x25B8, PLAIN, ">"},
	{0x2713, PLAIN, "ok"}, {0x2717, PLAIN, "no"}, {0x27E8, PLAIN, "<"}, {0x27E9, PLAIN, ">"},
	/* clang-format on */
};

static int spelling_cmp(const void *key, const void *elem)
{
	uint32_t c = *(const uint32_t *)key, e = ((const struct spelling *)elem)->c;
	return c < e ? -1 : c > e;
}

static const struct spelling *spelling_find(uint32_t c)
{
	return bsearch(&c, spellings, sizeof(spellings) / sizeof(spellings[0]),
		       sizeof(spellings[0]), spelling_cmp);
}

const char *utf8_ascii(uint32_t c, uint32_t prev)
{
	const struct spelling *sp = spelling_find(c);
	if (!sp)
		return "?";
	if (sp->kind != PLAIN) {
		const struct spelling *before = spelling_find(prev);
		if (before && before->kind == sp->kind)
			return sp->s + 1; /* ⁻¹ is ^-1, not ^-^1 */
	}
	return sp->s;
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
