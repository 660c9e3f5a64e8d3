#include "util/latex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/glyph.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* A code point's LaTeX is util/glyph.c's table's, with its UTF-8 and its
 * ASCII spelling; NULL where the table has none. */
static const struct glyph *latex_glyph(uint32_t cp)
{
	const struct glyph *g = glyph_find(cp);
	return g && g->latex != LX_NONE ? g : NULL;
}

struct emitter {
	struct strbuf *out;
	bool tt;
	bool math;  /* inside \( … \) */
	int script; /* 0, or '^' / '_' while a \sp{ or \sb{ is open */
};

static void close_script(struct emitter *e)
{
	if (e->script)
		strbuf_addch(e->out, '}');
	e->script = 0;
}

static void open_math(struct emitter *e)
{
	if (!e->math)
		strbuf_addstr(e->out, "\\(");
	e->math = true;
}

static void close_math(struct emitter *e)
{
	close_script(e);
	if (e->math)
		strbuf_addstr(e->out, "\\)");
	e->math = false;
}

static void add_ascii(struct emitter *e, unsigned char c, unsigned char prev, unsigned char next)
{
	struct strbuf *o = e->out;
	/* in the roman font these are math: OT1 has no glyph for them, and
	 * \\textbar and the like would pull in TS1's bitmap fonts */
	const char *math = c == '\\'  ? "\\backslash"
			   : c == '~' ? "\\sim"
			   : c == '<' ? "<"
			   : c == '>' ? ">"
			   : c == '|' ? "|"
				      : NULL;
	if (!e->tt && math) {
		open_math(e);
		close_script(e);
		strbuf_addstr(o, math);
		return;
	}
	close_math(e);
	if (c == '\t') {
		strbuf_addch(o, ' ');
		return;
	}
	/* visibly, as the text formats write it as \xHH (issue 43) */
	if (c != '\n' && (c < 0x20 || c == 0x7f)) {
		strbuf_addf(o, "[U+%04X]", c);
		return;
	}
	if (e->tt) {
		/* alltt keeps \ { } as commands and groups; the rest print as is */
		if (c == '\\')
			strbuf_addstr(o, "{\\char92}");
		else if (c == '{')
			strbuf_addstr(o, "{\\char123}");
		else if (c == '}')
			strbuf_addstr(o, "{\\char125}");
		else
			strbuf_addch(o, (char)c);
		return;
	}
	switch (c) {
	case '{':
	case '}':
	case '$':
	case '&':
	case '#':
	case '%':
	case '_':
		strbuf_addch(o, '\\');
		strbuf_addch(o, (char)c);
		break;
	case '^':
		strbuf_addstr(o, "\\^{}");
		break;
	case '"':
		strbuf_addstr(o, "''");
		break;
	case '-':
		/* a minus sign before a number, not a hyphen; never a -- ligature */
		if (next >= '0' && next <= '9' && !(prev >= '0' && prev <= '9') &&
		    !(prev >= 'A' && prev <= 'Z') && !(prev >= 'a' && prev <= 'z'))
			strbuf_addstr(o, "\\(-\\)");
		else
			strbuf_addstr(o, next == '-' ? "-{}" : "-");
		break;
	default:
		strbuf_addch(o, (char)c);
	}
}

/* The math for code point cp as an accent's base: a letter, or a MATH
 * glyph. NULL when it cannot carry an accent. */
static const char *accent_base(unsigned cp, char *buf, size_t n)
{
	if (cp < 0x80 && ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z')) {
		snprintf(buf, n, "%c", (char)cp);
		return buf;
	}
	const struct glyph *g = latex_glyph(cp);
	return g && g->latex == LX_MATH ? g->tex : NULL;
}

void latex_escape(struct strbuf *out, const char *s, bool tt)
{
	struct emitter e = {out, tt, false, 0};
	const char *p = s;
	unsigned char prev = ' ';
	while (*p) {
		uint32_t cp;
		p += utf8_decode(p, &cp);
		/* the marks that follow it, which make it math */
		const char *q = p;
		const char *acc[4];
		int nacc = 0;
		while (*q) {
			uint32_t mark;
			size_t n = utf8_decode(q, &mark);
			const struct glyph *g = latex_glyph(mark);
			if (!g || g->latex != LX_ACCENT)
				break;
			if (nacc < 4)
				acc[nacc++] = g->tex;
			q += n;
		}
		char basebuf[8];
		const char *base = nacc ? accent_base(cp, basebuf, sizeof(basebuf)) : NULL;
		if (base) {
			open_math(&e);
			close_script(&e);
			for (int i = nacc - 1; i >= 0; i--)
				strbuf_addf(out, "%s{", acc[i]);
			strbuf_addstr(out, base);
			for (int i = 0; i < nacc; i++)
				strbuf_addch(out, '}');
			p = q;
			prev = 'x';
			continue;
		}
		if (cp < 0x80) {
			add_ascii(&e, (unsigned char)cp, prev, (unsigned char)*p);
			prev = (unsigned char)cp;
			continue;
		}
		prev = 'x';
		const struct glyph *g = latex_glyph(cp);
		if (!g || g->latex == LX_ACCENT) { /* an accent on nothing it can carry */
			close_math(&e);
			if (cp == UTF8_INVALID)
				strbuf_addch(out, '?');
			else
				strbuf_addf(out, "[U+%04X]", (unsigned)cp);
			continue;
		}
		switch (g->latex) {
		case LX_TEXT:
			close_math(&e);
			strbuf_addstr(out, tt && g->tt ? g->tt : g->tex);
			break;
		case LX_MATH:
			open_math(&e);
			close_script(&e);
			/* no space after it: alltt makes a space print, even in math;
			 * what follows in math never starts with a letter */
			strbuf_addstr(out, g->tex);
			break;
		case LX_SUP:
		case LX_SUB: {
			int want = g->latex == LX_SUP ? '^' : '_';
			open_math(&e);
			if (e.script != want) {
				close_script(&e);
				strbuf_addstr(out, want == '^' ? "\\sp{" : "\\sb{");
				e.script = want;
			}
			strbuf_addstr(out, g->tex);
			break;
		}
		case LX_NONE: /* latex_glyph gives none */
		case LX_ACCENT:
			break;
		}
	}
	close_math(&e);
}

void latex_number(struct strbuf *out, const char *num)
{
	const char *e = strpbrk(num, "eE");
	strbuf_addstr(out, "\\(");
	strbuf_add(out, num, e ? (size_t)(e - num) : strlen(num));
	if (e) {
		long x = strtol(e + 1, NULL, 10);
		strbuf_addf(out, "\\times10\\sp{%ld}", x);
	}
	strbuf_addstr(out, "\\)");
}

/* Names (a roster's students): the Latin letters of U+00C0..U+017F as
 * pdflatex's default OT1 encoding writes them, a letter with its accent;
 * those OT1 has no accent for (an ogonek, a stroke) as their bare letter.
 * In a name ü is a letter, not u's second derivative. */
static const char *const latin[] = {
	"\\`A",	  "\\'A",     "\\^A",	"\\~A",	    "\\\"A",	"\\AA{}",   "\\AE{}",	"\\c{C}",
	"\\`E",	  "\\'E",     "\\^E",	"\\\"E",    "\\`I",	"\\'I",	    "\\^I",	"\\\"I",
	"D",	  "\\~N",     "\\`O",	"\\'O",	    "\\^O",	"\\~O",	    "\\\"O",	NULL,
	"\\O{}",  "\\`U",     "\\'U",	"\\^U",	    "\\\"U",	"\\'Y",	    "Th",	"\\ss{}",
	"\\`a",	  "\\'a",     "\\^a",	"\\~a",	    "\\\"a",	"\\aa{}",   "\\ae{}",	"\\c{c}",
	"\\`e",	  "\\'e",     "\\^e",	"\\\"e",    "\\`{\\i}", "\\'{\\i}", "\\^{\\i}", "\\\"{\\i}",
	"d",	  "\\~n",     "\\`o",	"\\'o",	    "\\^o",	"\\~o",	    "\\\"o",	NULL,
	"\\o{}",  "\\`u",     "\\'u",	"\\^u",	    "\\\"u",	"\\'y",	    "th",	"\\\"y",
	"\\=A",	  "\\=a",     "\\u{A}", "\\u{a}",   "A",	"a",	    "\\'C",	"\\'c",
	"\\^C",	  "\\^c",     "\\.C",	"\\.c",	    "\\v{C}",	"\\v{c}",   "\\v{D}",	"\\v{d}",
	"D",	  "d",	      "\\=E",	"\\=e",	    "\\u{E}",	"\\u{e}",   "\\.E",	"\\.e",
	"E",	  "e",	      "\\v{E}", "\\v{e}",   "\\^G",	"\\^g",	    "\\u{G}",	"\\u{g}",
	"\\.G",	  "\\.g",     "\\c{G}", "\\c{g}",   "\\^H",	"\\^h",	    "H",	"h",
	"\\~I",	  "\\~{\\i}", "\\=I",	"\\={\\i}", "\\u{I}",	"\\u{\\i}", "I",	"i",
	"\\.I",	  "\\i{}",    "IJ",	"ij",	    "\\^J",	"\\^{\\j}", "\\c{K}",	"\\c{k}",
	"k",	  "\\'L",     "\\'l",	"\\c{L}",   "\\c{l}",	"\\v{L}",   "\\v{l}",	"L",
	"l",	  "\\L{}",    "\\l{}",	"\\'N",	    "\\'n",	"\\c{N}",   "\\c{n}",	"\\v{N}",
	"\\v{n}", "'n",	      "N",	"n",	    "\\=O",	"\\=o",	    "\\u{O}",	"\\u{o}",
	"\\H{O}", "\\H{o}",   "\\OE{}", "\\oe{}",   "\\'R",	"\\'r",	    "\\c{R}",	"\\c{r}",
	"\\v{R}", "\\v{r}",   "\\'S",	"\\'s",	    "\\^S",	"\\^s",	    "\\c{S}",	"\\c{s}",
	"\\v{S}", "\\v{s}",   "\\c{T}", "\\c{t}",   "\\v{T}",	"\\v{t}",   "T",	"t",
	"\\~U",	  "\\~u",     "\\=U",	"\\=u",	    "\\u{U}",	"\\u{u}",   "\\r{U}",	"\\r{u}",
	"\\H{U}", "\\H{u}",   "U",	"u",	    "\\^W",	"\\^w",	    "\\^Y",	"\\^y",
	"\\\"Y",  "\\'Z",     "\\'z",	"\\.Z",	    "\\.z",	"\\v{Z}",   "\\v{z}",	"s",
};

void latex_escape_name(struct strbuf *out, const char *s)
{
	const char *run = s;
	struct strbuf part = STRBUF_INIT;
	for (const char *p = s; *p;) {
		uint32_t cp;
		const size_t n = utf8_decode(p, &cp);
		const char *t = cp >= 0xc0 && cp < 0x180 ? latin[cp - 0xc0] : NULL;
		if (!t) {
			p += n;
			continue;
		}
		strbuf_reset(&part);
		strbuf_add(&part, run, (size_t)(p - run));
		latex_escape(out, strbuf_str(&part), false);
		strbuf_addstr(out, t);
		p += n;
		run = p;
	}
	latex_escape(out, run, false);
	strbuf_release(&part);
}

/* ---- a person's text --------------------------------------------------- */

/* The code points that the fonts of a lualatex file print (LATEX_UNICODE_FONTS):
 * the union of their character maps, controls left out, as
 * tests/ref/latex_coverage.py reads them from Debian bookworm's files
 * (fonts-lmodern 2.005, fonts-dejavu-core 2.37, fonts-droid-fallback
 * 6.0.1r16); tests/latex_names.sh checks the table against the fonts
 * installed. */
static const uint32_t unicode_fonts[][2] = {
	{0x20, 0x7e},	    {0xa0, 0x2e9},	{0x2ec, 0x2f0},	    {0x2f3, 0x2f3},
	{0x2f7, 0x2f7},	    {0x300, 0x34f},	{0x351, 0x353},	    {0x357, 0x358},
	{0x35a, 0x35a},	    {0x35c, 0x362},	{0x370, 0x377},	    {0x37a, 0x37f},
	{0x384, 0x38a},	    {0x38c, 0x38c},	{0x38e, 0x3a1},	    {0x3a3, 0x525},
	{0x531, 0x556},	    {0x559, 0x55f},	{0x561, 0x587},	    {0x589, 0x58a},
	{0x5b0, 0x5c3},	    {0x5c6, 0x5c7},	{0x5d0, 0x5ea},	    {0x5f0, 0x5f4},
	{0x606, 0x607},	    {0x609, 0x60a},	{0x60c, 0x60c},	    {0x615, 0x615},
	{0x61b, 0x61b},	    {0x61f, 0x61f},	{0x621, 0x63a},	    {0x640, 0x655},
	{0x657, 0x657},	    {0x65a, 0x65a},	{0x660, 0x670},	    {0x674, 0x674},
	{0x679, 0x6bf},	    {0x6c6, 0x6c8},	{0x6cb, 0x6cc},	    {0x6ce, 0x6ce},
	{0x6d0, 0x6d0},	    {0x6d5, 0x6d5},	{0x6f0, 0x6f9},	    {0x7c0, 0x7e7},
	{0x7eb, 0x7f5},	    {0x7f8, 0x7fa},	{0xe3f, 0xe3f},	    {0xe81, 0xe82},
	{0xe84, 0xe84},	    {0xe87, 0xe88},	{0xe8a, 0xe8a},	    {0xe8d, 0xe8d},
	{0xe94, 0xe97},	    {0xe99, 0xe9f},	{0xea1, 0xea3},	    {0xea5, 0xea5},
	{0xea7, 0xea7},	    {0xeaa, 0xeab},	{0xead, 0xeb9},	    {0xebb, 0xebd},
	{0xec0, 0xec4},	    {0xec6, 0xec6},	{0xec8, 0xecd},	    {0xed0, 0xed9},
	{0xedc, 0xedd},	    {0x10a0, 0x10c5},	{0x10d0, 0x10fc},   {0x1100, 0x1112},
	{0x1114, 0x1115},   {0x111c, 0x111e},	{0x1120, 0x1120},   {0x1122, 0x1123},
	{0x1127, 0x1127},   {0x1129, 0x1129},	{0x112b, 0x112f},   {0x1132, 0x1132},
	{0x1136, 0x1136},   {0x1140, 0x1140},	{0x1147, 0x1147},   {0x114c, 0x114c},
	{0x1157, 0x1159},   {0x1184, 0x1185},	{0x1188, 0x1188},   {0x1191, 0x1192},
	{0x1194, 0x1194},   {0x119e, 0x119e},	{0x11a1, 0x11a1},   {0x11a8, 0x11c2},
	{0x11c7, 0x11c8},   {0x11cc, 0x11cc},	{0x11ce, 0x11ce},   {0x11d3, 0x11d3},
	{0x11d7, 0x11d7},   {0x11d9, 0x11d9},	{0x11dc, 0x11dd},   {0x11df, 0x11df},
	{0x11e2, 0x11e2},   {0x11e6, 0x11e8},	{0x11ea, 0x11eb},   {0x11ee, 0x11ee},
	{0x11f0, 0x11f2},   {0x11f4, 0x11f4},	{0x11f9, 0x11f9},   {0x1401, 0x1407},
	{0x1409, 0x141b},   {0x141d, 0x1435},	{0x1437, 0x144a},   {0x144c, 0x1452},
	{0x1454, 0x14bd},   {0x14c0, 0x14ea},	{0x14ec, 0x1507},   {0x1510, 0x153e},
	{0x1540, 0x1550},   {0x1552, 0x156a},	{0x1574, 0x1585},   {0x158a, 0x1596},
	{0x15a0, 0x15af},   {0x15de, 0x15de},	{0x15e1, 0x15e1},   {0x1646, 0x1647},
	{0x166e, 0x1676},   {0x1680, 0x169c},	{0x1d00, 0x1d6b},   {0x1d77, 0x1d78},
	{0x1d7b, 0x1d7f},   {0x1d85, 0x1d85},	{0x1d9b, 0x1dbf},   {0x1dc4, 0x1dc9},
	{0x1e00, 0x1efb},   {0x1f00, 0x1f15},	{0x1f18, 0x1f1d},   {0x1f20, 0x1f45},
	{0x1f48, 0x1f4d},   {0x1f50, 0x1f57},	{0x1f59, 0x1f59},   {0x1f5b, 0x1f5b},
	{0x1f5d, 0x1f5d},   {0x1f5f, 0x1f7d},	{0x1f80, 0x1fb4},   {0x1fb6, 0x1fc4},
	{0x1fc6, 0x1fd3},   {0x1fd6, 0x1fdb},	{0x1fdd, 0x1fef},   {0x1ff2, 0x1ff4},
	{0x1ff6, 0x1ffe},   {0x2000, 0x2064},	{0x206a, 0x2071},   {0x2074, 0x208e},
	{0x2090, 0x209c},   {0x20a0, 0x20b5},	{0x20b8, 0x20ba},   {0x20bd, 0x20bd},
	{0x20d0, 0x20d1},   {0x20d6, 0x20d7},	{0x20db, 0x20dc},   {0x20e1, 0x20e1},
	{0x2100, 0x2109},   {0x210b, 0x2149},	{0x214b, 0x214b},   {0x214e, 0x214e},
	{0x2150, 0x2185},   {0x2189, 0x2189},	{0x2190, 0x2311},   {0x2318, 0x2319},
	{0x231c, 0x2321},   {0x2324, 0x232c},	{0x2373, 0x2375},   {0x237a, 0x237a},
	{0x237d, 0x237d},   {0x2387, 0x2387},	{0x2394, 0x2394},   {0x239b, 0x23ae},
	{0x23b7, 0x23b7},   {0x23ce, 0x23cf},	{0x23e3, 0x23e3},   {0x23e5, 0x23e5},
	{0x23e8, 0x23e8},   {0x2422, 0x2423},	{0x2460, 0x2469},   {0x2500, 0x269c},
	{0x269e, 0x26b8},   {0x26c0, 0x26c3},	{0x26e2, 0x26e2},   {0x2701, 0x2704},
	{0x2706, 0x2709},   {0x270c, 0x2727},	{0x2729, 0x274b},   {0x274d, 0x274d},
	{0x274f, 0x2752},   {0x2756, 0x2756},	{0x2758, 0x275e},   {0x2761, 0x2794},
	{0x2798, 0x27af},   {0x27b1, 0x27be},	{0x27c5, 0x27c6},   {0x27e0, 0x27e0},
	{0x27e6, 0x27eb},   {0x27f0, 0x297f},	{0x2983, 0x2984},   {0x29ce, 0x29d5},
	{0x29eb, 0x29eb},   {0x29fa, 0x29fb},	{0x2a00, 0x2a02},   {0x2a0c, 0x2a1c},
	{0x2a2f, 0x2a2f},   {0x2a6a, 0x2a6b},	{0x2a7d, 0x2aa0},   {0x2aae, 0x2aba},
	{0x2af9, 0x2afa},   {0x2b00, 0x2b1a},	{0x2b1f, 0x2b24},   {0x2b53, 0x2b54},
	{0x2c60, 0x2c77},   {0x2c79, 0x2c7f},	{0x2d00, 0x2d25},   {0x2d30, 0x2d65},
	{0x2d6f, 0x2d6f},   {0x2e18, 0x2e18},	{0x2e1f, 0x2e1f},   {0x2e22, 0x2e25},
	{0x2e2e, 0x2e2e},   {0x3000, 0x3003},	{0x3005, 0x3007},   {0x300a, 0x3019},
	{0x301c, 0x301f},   {0x3021, 0x3029},	{0x3041, 0x3094},   {0x3099, 0x309e},
	{0x30a0, 0x30f6},   {0x30fb, 0x30fe},	{0x3105, 0x3129},   {0x3131, 0x318e},
	{0x3220, 0x3229},   {0x3231, 0x3232},	{0x3239, 0x3239},   {0x327f, 0x327f},
	{0x32a3, 0x32a8},   {0x3303, 0x3303},	{0x330d, 0x330d},   {0x3314, 0x3314},
	{0x3318, 0x3318},   {0x3322, 0x3323},	{0x3326, 0x3327},   {0x332b, 0x332b},
	{0x3336, 0x3336},   {0x333b, 0x333b},	{0x3349, 0x334a},   {0x334d, 0x334d},
	{0x3351, 0x3351},   {0x3357, 0x3357},	{0x337b, 0x337e},   {0x3380, 0x3384},
	{0x3388, 0x33ca},   {0x33cd, 0x33d3},	{0x33d5, 0x33d6},   {0x33d8, 0x33d8},
	{0x33db, 0x33dd},   {0x3400, 0x4db5},	{0x4dc0, 0x9fa5},   {0xa4d0, 0xa4ff},
	{0xa644, 0xa647},   {0xa64c, 0xa64d},	{0xa650, 0xa651},   {0xa654, 0xa657},
	{0xa662, 0xa66e},   {0xa68a, 0xa68d},	{0xa694, 0xa695},   {0xa698, 0xa699},
	{0xa708, 0xa716},   {0xa71b, 0xa71f},	{0xa722, 0xa741},   {0xa746, 0xa74b},
	{0xa74e, 0xa753},   {0xa756, 0xa757},	{0xa764, 0xa769},   {0xa77b, 0xa77c},
	{0xa780, 0xa787},   {0xa789, 0xa78e},	{0xa790, 0xa791},   {0xa7a0, 0xa7aa},
	{0xa7f8, 0xa7ff},   {0xac00, 0xac00},	{0xd7a2, 0xd7a3},   {0xe803, 0xe803},
	{0xea00, 0xea11},   {0xea14, 0xea1f},	{0xea25, 0xea36},   {0xea38, 0xea46},
	{0xeb02, 0xeb04},   {0xeb08, 0xeb0a},	{0xeb0d, 0xeb0d},   {0xeb0f, 0xeb12},
	{0xeb15, 0xeb17},   {0xeb19, 0xeb19},	{0xeb1e, 0xeb1f},   {0xeb28, 0xeb2b},
	{0xeb2e, 0xeb32},   {0xeb35, 0xeb36},	{0xeb3a, 0xeb3b},   {0xeb40, 0xeb40},
	{0xeb43, 0xeb43},   {0xeb48, 0xeb49},	{0xeb4c, 0xeb4d},   {0xeb50, 0xeb57},
	{0xeb5a, 0xeb5a},   {0xeb61, 0xeb61},	{0xeb63, 0xeb67},   {0xeb6b, 0xeb6b},
	{0xeb6e, 0xeb6f},   {0xeb7e, 0xeb7e},	{0xec00, 0xec01},   {0xec06, 0xec0e},
	{0xec10, 0xec11},   {0xef00, 0xef19},	{0xf000, 0xf003},   {0xf400, 0xf426},
	{0xf428, 0xf441},   {0xf638, 0xf641},	{0xf643, 0xf64c},   {0xf6be, 0xf6be},
	{0xf6c5, 0xf6c5},   {0xf6d1, 0xf6d1},	{0xf6d4, 0xf6d4},   {0xf6dc, 0xf6dc},
	{0xf6de, 0xf6de},   {0xf724, 0xf724},	{0xf730, 0xf739},   {0xf7a2, 0xf7a2},
	{0xf900, 0xfa2d},   {0xfb00, 0xfb06},	{0xfb13, 0xfb17},   {0xfb1d, 0xfb36},
	{0xfb38, 0xfb3c},   {0xfb3e, 0xfb3e},	{0xfb40, 0xfb41},   {0xfb43, 0xfb44},
	{0xfb46, 0xfb4f},   {0xfb52, 0xfba3},	{0xfbaa, 0xfbad},   {0xfbd3, 0xfbdc},
	{0xfbde, 0xfbdf},   {0xfbe4, 0xfbe9},	{0xfbfc, 0xfbff},   {0xfe00, 0xfe19},
	{0xfe20, 0xfe23},   {0xfe30, 0xfe31},	{0xfe33, 0xfe46},   {0xfe49, 0xfe52},
	{0xfe54, 0xfe57},   {0xfe59, 0xfe66},	{0xfe68, 0xfe6b},   {0xfe70, 0xfe74},
	{0xfe76, 0xfefc},   {0xfeff, 0xfeff},	{0xff01, 0xff5e},   {0xff61, 0xff9f},
	{0xffe0, 0xffe6},   {0xfff9, 0xfffd},	{0x10300, 0x1031e}, {0x10320, 0x10323},
	{0x10400, 0x10400}, {0x10428, 0x10428}, {0x1044d, 0x1044f}, {0x1d300, 0x1d356},
	{0x1d434, 0x1d454}, {0x1d456, 0x1d467}, {0x1d538, 0x1d539}, {0x1d53b, 0x1d53e},
	{0x1d540, 0x1d544}, {0x1d546, 0x1d546}, {0x1d54a, 0x1d550}, {0x1d552, 0x1d56b},
	{0x1d5a0, 0x1d5d3}, {0x1d6a4, 0x1d6a5}, {0x1d7d8, 0x1d7eb}, {0x1ee00, 0x1ee03},
	{0x1ee05, 0x1ee1f}, {0x1ee21, 0x1ee22}, {0x1ee24, 0x1ee24}, {0x1ee27, 0x1ee27},
	{0x1ee29, 0x1ee32}, {0x1ee34, 0x1ee37}, {0x1ee39, 0x1ee39}, {0x1ee3b, 0x1ee3b},
	{0x1ee61, 0x1ee62}, {0x1ee64, 0x1ee64}, {0x1ee67, 0x1ee6a}, {0x1ee6c, 0x1ee72},
	{0x1ee74, 0x1ee77}, {0x1ee79, 0x1ee7c}, {0x1ee7e, 0x1ee7e}, {0x1f030, 0x1f093},
	{0x1f0a0, 0x1f0ae}, {0x1f0b1, 0x1f0be}, {0x1f0c1, 0x1f0cf}, {0x1f0d1, 0x1f0df},
	{0x1f311, 0x1f318}, {0x1f42d, 0x1f42e}, {0x1f431, 0x1f431}, {0x1f435, 0x1f435},
	{0x1f600, 0x1f623}, {0x1f625, 0x1f62b}, {0x1f62d, 0x1f640}, {0x1f643, 0x1f643},
};

static bool unicode_printable(uint32_t cp)
{
	size_t lo = 0, hi = sizeof(unicode_fonts) / sizeof(unicode_fonts[0]);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < unicode_fonts[mid][0])
			hi = mid;
		else if (cp > unicode_fonts[mid][1])
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

/* Whether OT1 spells cp exactly in a name: ASCII, a Latin letter with
 * an accent OT1 has (latin[]'s entries without a backslash are stand-ins:
 * Th for thorn, a for a with an ogonek), a dash, a quote. */
static bool ot1_exact(uint32_t cp)
{
	if (cp >= 0x20 && cp < 0x7f)
		return true;
	if (cp >= 0xc0 && cp < 0x180)
		return latin[cp - 0xc0] && strchr(latin[cp - 0xc0], '\\');
	const struct glyph *g = latex_glyph(cp);
	return g && g->latex == LX_TEXT;
}

enum latex_engine latex_engine_for(const char *s, uint32_t *bad)
{
	enum latex_engine e = LATEX_PDFLATEX;
	for (const char *p = s; *p;) {
		uint32_t cp;
		p += utf8_decode(p, &cp);
		if (ot1_exact(cp))
			continue;
		if (cp == UTF8_INVALID || !unicode_printable(cp)) {
			*bad = cp;
			return LATEX_NONE;
		}
		e = LATEX_LUALATEX;
	}
	return e;
}

/* Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
 * presentation forms: the letters set right to left. */
static bool rtl(uint32_t cp)
{
	return (cp >= 0x590 && cp <= 0x8ff) || (cp >= 0xfb1d && cp <= 0xfdff) ||
	       (cp >= 0xfe70 && cp <= 0xfeff);
}

/* Neither direction's: a run of right-to-left letters goes on over them
 * (the space between two Arabic words, a combining mark). */
static bool neutral(uint32_t cp)
{
	return cp == ' ' || cp == '-' || cp == '.' || cp == '\'' || (cp >= 0x300 && cp <= 0x36f);
}

/* s[0, n) for lualatex: ASCII as latex_escape writes it, the rest as
 * itself. */
static void unicode_run(struct strbuf *out, const char *s, size_t n)
{
	struct strbuf ascii = STRBUF_INIT;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && !((unsigned char)s[j] & 0x80))
			j++;
		if (j > i) {
			strbuf_reset(&ascii);
			strbuf_add(&ascii, s + i, j - i);
			latex_escape(out, strbuf_str(&ascii), false);
		}
		for (i = j; j < n && ((unsigned char)s[j] & 0x80); j++)
			;
		strbuf_add(out, s + i, j - i);
		i = j;
	}
	strbuf_release(&ascii);
}

void latex_escape_unicode(struct strbuf *out, const char *s)
{
	const char *p = s, *plain = s;
	while (*p) {
		uint32_t cp;
		size_t n = utf8_decode(p, &cp);
		if (!rtl(cp)) {
			p += n;
			continue;
		}
		/* the run: from this letter to the last right-to-left one
		 * before a letter of the other direction */
		const char *end = p + n;
		for (const char *q = end; *q;) {
			uint32_t c;
			size_t m = utf8_decode(q, &c);
			if (!rtl(c) && !neutral(c))
				break;
			q += m;
			if (rtl(c))
				end = q;
		}
		unicode_run(out, plain, (size_t)(p - plain));
		strbuf_addstr(out, "\\bgroup\\textdir TRT ");
		unicode_run(out, p, (size_t)(end - p));
		strbuf_addstr(out, "\\egroup{}");
		p = plain = end;
	}
	unicode_run(out, plain, (size_t)(p - plain));
}
