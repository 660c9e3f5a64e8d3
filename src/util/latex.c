#include "util/latex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"
#include "util/xalloc.h"

/* How a code point is written. MATH: a math-mode item (the math group is
 * opened around runs of them); SUP/SUB: a superscript or subscript
 * character, gathered in runs into one \sp{…} or \sb{…}; ACCENT: a
 * combining mark over the character before it; TEXT: text mode, with its
 * spelling inside alltt when that differs. */
enum kind { MATH, SUP, SUB, ACCENT, TEXT };

struct glyph {
	unsigned cp;
	enum kind kind;
	const char *tex;
	const char *tt; /* TEXT inside alltt, when not the same */
};

/* \sp and \sb, not ^ and _: alltt makes ^ and _ ordinary characters. */
static const struct glyph glyphs[] = {
	{0xa0, TEXT, "~", " "},
	{0xa7, MATH, "\\mathsection", NULL}, /* \S in text would load TS1 */
	{0xb0, SUP, "\\circ", NULL},
	{0xb1, MATH, "\\pm", NULL},
	{0xb2, SUP, "2", NULL},
	{0xb3, SUP, "3", NULL},
	{0xb5, MATH, "\\mu", NULL},
	{0xb7, MATH, "\\cdot", NULL},
	{0xb9, SUP, "1", NULL},
	{0xbd, MATH, "\\frac{1}{2}", NULL},
	{0xd7, MATH, "\\times", NULL},
	{0xe0, TEXT, "\\`a", NULL},
	{0xe1, TEXT, "\\'a", NULL},
	{0xe4, TEXT, "\\\"a", NULL},
	{0xe7, TEXT, "\\c{c}", NULL},
	{0xe8, TEXT, "\\`e", NULL},
	{0xe9, TEXT, "\\'e", NULL},
	{0xea, TEXT, "\\^e", NULL},
	{0xf6, TEXT, "\\\"o", NULL},
	{0xf7, MATH, "\\div", NULL},
	/* in these texts û, ü, ÿ, ŵ are a unit vector or a second derivative */
	{0xfb, MATH, "\\hat{u}", NULL},
	{0xfc, MATH, "\\ddot{u}", NULL},
	{0xff, MATH, "\\ddot{y}", NULL},
	{0x175, MATH, "\\hat{w}", NULL},
	{0x302, ACCENT, "\\hat", NULL},
	{0x303, ACCENT, "\\tilde", NULL},
	{0x304, ACCENT, "\\bar", NULL},
	{0x307, ACCENT, "\\dot", NULL},
	{0x308, ACCENT, "\\ddot", NULL},
	{0x393, MATH, "\\Gamma", NULL},
	{0x394, MATH, "\\Delta", NULL},
	{0x398, MATH, "\\Theta", NULL},
	{0x39b, MATH, "\\Lambda", NULL},
	{0x3a0, MATH, "\\Pi", NULL},
	{0x3a3, MATH, "\\Sigma", NULL},
	{0x3a6, MATH, "\\Phi", NULL},
	{0x3a8, MATH, "\\Psi", NULL},
	{0x3a9, MATH, "\\Omega", NULL},
	{0x3b1, MATH, "\\alpha", NULL},
	{0x3b2, MATH, "\\beta", NULL},
	{0x3b3, MATH, "\\gamma", NULL},
	{0x3b4, MATH, "\\delta", NULL},
	{0x3b5, MATH, "\\varepsilon", NULL},
	{0x3b6, MATH, "\\zeta", NULL},
	{0x3b7, MATH, "\\eta", NULL},
	{0x3b8, MATH, "\\theta", NULL},
	{0x3b9, MATH, "\\iota", NULL},
	{0x3ba, MATH, "\\kappa", NULL},
	{0x3bb, MATH, "\\lambda", NULL},
	{0x3bc, MATH, "\\mu", NULL},
	{0x3bd, MATH, "\\nu", NULL},
	{0x3be, MATH, "\\xi", NULL},
	{0x3c0, MATH, "\\pi", NULL},
	{0x3c1, MATH, "\\rho", NULL},
	{0x3c3, MATH, "\\sigma", NULL},
	{0x3c4, MATH, "\\tau", NULL},
	{0x3c5, MATH, "\\upsilon", NULL},
	{0x3c6, MATH, "\\varphi", NULL},
	{0x3c7, MATH, "\\chi", NULL},
	{0x3c8, MATH, "\\psi", NULL},
	{0x3c9, MATH, "\\omega", NULL},
	{0x3d1, MATH, "\\vartheta", NULL},
	{0x3d5, MATH, "\\phi", NULL},
	{0x1d40, SUP, "\\mathrm{T}", NULL},
	{0x1e0a, MATH, "\\dot{D}", NULL},
	{0x1e61, MATH, "\\dot{s}", NULL},
	{0x1e8b, MATH, "\\dot{x}", NULL},
	{0x1e8d, MATH, "\\ddot{x}", NULL},
	{0x1e8f, MATH, "\\dot{y}", NULL},
	{0x1e91, MATH, "\\hat{z}", NULL},
	{0x2013, TEXT, "--", "-"},
	{0x2014, TEXT, "---", "--"},
	{0x2016, MATH, "\\|", NULL},
	{0x2018, TEXT, "`", "'"},
	{0x2019, TEXT, "'", NULL},
	{0x201c, TEXT, "``", "\""},
	{0x201d, TEXT, "''", "\""},
	{0x2026, TEXT, "\\ldots{}", "..."},
	{0x2032, MATH, "\\prime", NULL},
	{0x2070, SUP, "0", NULL},
	{0x2074, SUP, "4", NULL},
	{0x2075, SUP, "5", NULL},
	{0x2076, SUP, "6", NULL},
	{0x2077, SUP, "7", NULL},
	{0x2078, SUP, "8", NULL},
	{0x2079, SUP, "9", NULL},
	{0x207a, SUP, "+", NULL},
	{0x207b, SUP, "-", NULL},
	{0x2080, SUB, "0", NULL},
	{0x2081, SUB, "1", NULL},
	{0x2082, SUB, "2", NULL},
	{0x2083, SUB, "3", NULL},
	{0x208a, SUB, "+", NULL},
	{0x208b, SUB, "-", NULL},
	{0x2153, MATH, "\\frac{1}{3}", NULL},
	{0x2154, MATH, "\\frac{2}{3}", NULL},
	{0x2190, MATH, "\\leftarrow", NULL},
	{0x2192, MATH, "\\to", NULL},
	{0x21a6, MATH, "\\mapsto", NULL},
	{0x21d2, MATH, "\\Rightarrow", NULL},
	{0x2202, MATH, "\\partial", NULL},
	{0x2206, MATH, "\\Delta", NULL},
	{0x2207, MATH, "\\nabla", NULL},
	{0x2208, MATH, "\\in", NULL},
	{0x2211, MATH, "\\sum", NULL},
	{0x2212, MATH, "-", NULL},
	{0x2213, MATH, "\\mp", NULL},
	{0x221a, MATH, "\\surd", NULL},
	{0x221d, MATH, "\\propto", NULL},
	{0x221e, MATH, "\\infty", NULL},
	{0x222b, MATH, "\\int", NULL},
	{0x223c, MATH, "\\sim", NULL},
	{0x2248, MATH, "\\approx", NULL},
	{0x2260, MATH, "\\neq", NULL},
	{0x2261, MATH, "\\equiv", NULL},
	{0x2264, MATH, "\\leq", NULL},
	{0x2265, MATH, "\\geq", NULL},
	{0x226a, MATH, "\\ll", NULL},
	{0x226b, MATH, "\\gg", NULL},
	{0x22c5, MATH, "\\cdot", NULL},
	{0x27e8, MATH, "\\langle", NULL},
	{0x27e9, MATH, "\\rangle", NULL},
};

static const struct glyph *glyph_find(unsigned cp)
{
	size_t lo = 0, hi = sizeof(glyphs) / sizeof(glyphs[0]);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (glyphs[mid].cp == cp)
			return &glyphs[mid];
		if (glyphs[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
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
	const struct glyph *g = glyph_find(cp);
	return g && g->kind == MATH ? g->tex : NULL;
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
			const struct glyph *g = glyph_find(mark);
			if (!g || g->kind != ACCENT)
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
		const struct glyph *g = glyph_find(cp);
		if (!g || g->kind == ACCENT) { /* an accent on nothing it can carry */
			close_math(&e);
			if (cp == UTF8_INVALID)
				strbuf_addch(out, '?');
			else
				strbuf_addf(out, "[U+%04X]", (unsigned)cp);
			continue;
		}
		switch (g->kind) {
		case TEXT:
			close_math(&e);
			strbuf_addstr(out, tt && g->tt ? g->tt : g->tex);
			break;
		case MATH:
			open_math(&e);
			close_script(&e);
			/* no space after it: alltt makes a space print, even in math;
			 * what follows in math never starts with a letter */
			strbuf_addstr(out, g->tex);
			break;
		case SUP:
		case SUB: {
			int want = g->kind == SUP ? '^' : '_';
			open_math(&e);
			if (e.script != want) {
				close_script(&e);
				strbuf_addstr(out, want == '^' ? "\\sp{" : "\\sb{");
				e.script = want;
			}
			strbuf_addstr(out, g->tex);
			break;
		}
		case ACCENT:
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
