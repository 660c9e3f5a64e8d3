/* UTF-8 in one place (util/utf8.h): the decoder, the width that wrapping
 * and drawing share, the ASCII spelling where the terminal is not UTF-8,
 * and the escaping of text from outside. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "util/diag.h"
#include "util/glyph.h"
#include "util/latex.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/utf8.h"

static void expect_decode(const char *s, uint32_t cp, size_t len)
{
	uint32_t got;
	size_t n = utf8_decode(s, &got);
	ck_assert_msg(got == cp && n == len,
		      "decode of \\x%02X: U+%04X in %zu bytes, expected U+%04X in %zu",
		      (unsigned char)s[0], (unsigned)got, n, (unsigned)cp, len);
}

START_TEST(test_decode_lengths)
{
	expect_decode("A", 'A', 1);
	expect_decode("", 0, 1);
	expect_decode("\xC3\xA9", 0xE9, 2);	       /* é */
	expect_decode("\xCE\xBC", 0x3BC, 2);	       /* μ */
	expect_decode("\xCC\x87", 0x307, 2);	       /* combining dot above */
	expect_decode("\xE2\x86\x92", 0x2192, 3);      /* → */
	expect_decode("\xE1\xB5\x80", 0x1D40, 3);      /* ᵀ */
	expect_decode("\xEF\xBF\xBD", 0xFFFD, 3);      /* a real U+FFFD is valid */
	expect_decode("\xF0\x9D\x91\xA5", 0x1D465, 4); /* 𝑥 */
	expect_decode("\xF4\x8F\xBF\xBF", 0x10FFFF, 4);
	expect_decode("\x7F", 0x7F, 1);
}
END_TEST

START_TEST(test_decode_invalid)
{
	expect_decode("\x80", UTF8_INVALID, 1);		/* a lone continuation */
	expect_decode("\xC0\x80", UTF8_INVALID, 1);	/* overlong NUL */
	expect_decode("\xC1\xBF", UTF8_INVALID, 1);	/* overlong */
	expect_decode("\xE0\x80\xAF", UTF8_INVALID, 1); /* overlong '/' */
	expect_decode("\xED\xA0\x80", UTF8_INVALID, 1); /* a surrogate */
	expect_decode("\xF0\x80\x80\x80", UTF8_INVALID, 1);
	expect_decode("\xF4\x90\x80\x80", UTF8_INVALID, 1); /* beyond U+10FFFF */
	expect_decode("\xF5\x80\x80\x80", UTF8_INVALID, 1);
	expect_decode("\xFF", UTF8_INVALID, 1);
	/* truncated: by the end of the string, or by another character */
	expect_decode("\xE2\x86", UTF8_INVALID, 1);
	expect_decode("\xE2\x86X", UTF8_INVALID, 1);
	expect_decode("\xF0\x9D\x91", UTF8_INVALID, 1);
	expect_decode("\xCE", UTF8_INVALID, 1);
	expect_decode("\xCE\xCE\xBC", UTF8_INVALID, 1);
}
END_TEST

START_TEST(test_width)
{
	ck_assert_int_eq(utf8_cp_width('a'), 1);
	ck_assert_int_eq(utf8_cp_width(0x307), 0); /* combining marks */
	ck_assert_int_eq(utf8_cp_width(0x308), 0);
	ck_assert_int_eq(utf8_cp_width(0x20D7), 0);
	ck_assert_int_eq(utf8_cp_width(0x200B), 0);
	ck_assert_int_eq(utf8_cp_width(0x1B), 0); /* controls are never drawn */
	ck_assert_int_eq(utf8_cp_width(0x9B), 0);
	ck_assert_int_eq(utf8_cp_width(0x6F22), 2); /* 漢 */
	ck_assert_int_eq(utf8_cp_width(0xFF58), 2); /* fullwidth x */
	ck_assert_int_eq(utf8_cp_width(0xAC00), 2); /* 가 */
	ck_assert_int_eq(utf8_cp_width(UTF8_INVALID), 1);
	ck_assert_int_eq(utf8_width("μ0 = 0.9"), 8);
	ck_assert_int_eq(utf8_width("x\xCC\x87"), 1); /* x + U+0307 */
	ck_assert_int_eq(utf8_width("ẋ"), 1);
	ck_assert_int_eq(utf8_width("θ̇ = ω"), 5);
	ck_assert_int_eq(utf8_width("漢字"), 4);
	ck_assert_int_eq(utf8_width("a\xFF"
				    "b"),
			 3);
	ck_assert_int_eq(utf8_cols("漢字 ab", 3, false), 2); /* the first n bytes */
}
END_TEST

static void expect_ascii(const char *s, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	utf8_to_ascii(&out, s);
	ck_assert_str_eq(strbuf_str(&out), want);
	/* what is drawn is what is measured */
	ck_assert_int_eq(utf8_cols(s, strlen(s), true), (int)out.len);
	strbuf_release(&out);
}

START_TEST(test_ascii_spellings)
{
	expect_ascii("ẋ", "x'");
	expect_ascii("x\xCC\x87", "x'");
	expect_ascii("θ̇", "theta'");
	expect_ascii("ẍ", "x''");
	expect_ascii("ü", "u''");
	expect_ascii("Aᵀ", "A^T");
	expect_ascii("A⁻¹", "A^-1");
	expect_ascii("(AᵀA)⁻¹", "(A^TA)^-1");
	expect_ascii("m/s²", "m/s^2");
	expect_ascii("x₀ + x₋", "x_0 + x_-");
	expect_ascii("μ0 ≤ μ1", "mu0 <= mu1");
	expect_ascii("µ", "mu");
	expect_ascii("θ = 60°", "theta = 60 deg");
	expect_ascii("v → ∞", "v -> inf");
	expect_ascii("a ≥ b ≠ c ≈ d", "a >= b != c ~ d");
	expect_ascii("Φ Δ Ω ½ × ± −", "Phi Delta Omega 1/2 x +- -");
	expect_ascii("Painlevé, §5…", "Painleve, S5...");
	expect_ascii("‖v‖ ⟨a, b⟩", "||v|| <a, b>");
	expect_ascii("ẑ û", "zhat uhat");
	expect_ascii("c\x1B[2J\x07", "c[2J"); /* controls dropped */
	expect_ascii("☃ \xFF", "? ?");
	struct strbuf out = STRBUF_INIT;
	/* a spelled word does not run into the letter after it (the text is
	 * spelled before it is wrapped, so the blank is measured too) */
	utf8_to_ascii(&out, "u = ωU/g, τ = ωt, ωτ, μ0, θ̇, Δx");
	ck_assert_str_eq(strbuf_str(&out), "u = omega U/g, tau = omega t, omega tau, mu0, theta', "
					   "Delta x");
	strbuf_reset(&out);
	utf8_to_ascii(&out, "a\tb\nc"); /* kept for wrapping */
	ck_assert_str_eq(strbuf_str(&out), "a\tb\nc");
	strbuf_release(&out);
	ck_assert_str_eq(utf8_ascii(0x207B, 'A'), "^-");
	ck_assert_str_eq(utf8_ascii(0xB9, 0x207B), "1");
	ck_assert_int_eq(utf8_cp_cols(0x307, 'x', true), 1);
	ck_assert_int_eq(utf8_cp_cols(0x307, 'x', false), 0);
	ck_assert_int_eq(utf8_cp_cols(0x3BC, 0, true), 2);
}
END_TEST

/* Appends to `seen` every code point >= U+0080 in the files of `dir` whose
 * names end in one of the suffixes. */
static void collect(const char *dir, const char *const *suffix, size_t nsuffix, bool *seen,
		    size_t nseen)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		bool want = false;
		for (size_t i = 0; i < nsuffix; i++) {
			size_t k = strlen(suffix[i]);
			want |= len > k && !strcmp(e->d_name + len - k, suffix[i]);
		}
		if (!want)
			continue;
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		char *text = test_slurp(path, NULL);
		for (const char *p = text; *p;) {
			uint32_t c;
			p += utf8_decode(p, &c);
			if (c == UTF8_INVALID) /* not an assertion a byte: each is a write to the
						  runner */
				ck_abort_msg("%s is not UTF-8", path);
			if (c >= 0x80 && c < nseen)
				seen[c] = true;
		}
		free(text);
	}
	closedir(d);
}

/* No '?' for any text tribo writes itself: every character of its sources
 * and exercises has an ASCII spelling. */
START_TEST(test_ascii_covers_the_tree)
{
	enum { N = 0x30000 };
	static bool seen[N];
	static const char *const c_files[] = {".c", ".h"}, *const ini[] = {".ini"};
	/* src and every floor under it, each directory the Makefile compiles:
	 * a new floor (src/sheet, src/scene) is read without a word here */
	collect("src", c_files, 2, seen, N);
	DIR *top = opendir("src");
	ck_assert_msg(top != NULL, "cannot open src");
	size_t floors = 0;
	for (struct dirent *e; (e = readdir(top));) {
		char path[512];
		struct stat st;
		snprintf(path, sizeof(path), "src/%s", e->d_name);
		if (e->d_name[0] == '.' || stat(path, &st) || !S_ISDIR(st.st_mode))
			continue;
		collect(path, c_files, 2, seen, N);
		floors++;
	}
	closedir(top);
	ck_assert_uint_ge(floors, 9);
	collect("exercises", ini, 1, seen, N);
	size_t count = 0;
	for (uint32_t c = 0x80; c < N; c++) {
		if (!seen[c])
			continue;
		count++;
		if (!strcmp(utf8_ascii(c, 0), "?"))
			ck_abort_msg("U+%04X has no ASCII spelling", (unsigned)c);
	}
	ck_assert_uint_gt(count, 50); /* the tree was read */
}
END_TEST

/* The one glyph table: sorted (glyph_find searches it), each row's UTF-8
 * that code point alone, an ASCII spelling for each, a LaTeX spelling
 * where the kind says there is one; and both spellings read from it. */
START_TEST(test_glyph_table)
{
	size_t n;
	const struct glyph *g = glyph_table(&n);
	ck_assert_uint_gt(n, 140);
	for (size_t i = 0; i < n; i++) {
		uint32_t c;
		size_t len = utf8_decode(g[i].utf8, &c);
		ck_assert_msg(c == g[i].cp && g[i].utf8[len] == '\0', "row U+%04X: its UTF-8",
			      (unsigned)g[i].cp);
		ck_assert_msg(i == 0 || g[i - 1].cp < g[i].cp, "row U+%04X: out of order",
			      (unsigned)g[i].cp);
		ck_assert_msg(g[i].ascii && g[i].ascii[0], "row U+%04X: no ASCII",
			      (unsigned)g[i].cp);
		ck_assert_msg((g[i].latex == LX_NONE) == (g[i].tex == NULL),
			      "row U+%04X: its LaTeX", (unsigned)g[i].cp);
		ck_assert_ptr_eq(glyph_find(g[i].cp), &g[i]);
	}
	ck_assert_ptr_null(glyph_find(0x4E00));
	/* the same row gives both: ² is ^2 and \sp{2}; θ is theta and \theta */
	ck_assert_str_eq(utf8_ascii(0xB2, 0), "^2");
	ck_assert_str_eq(utf8_ascii(0x3B8, 0), "theta");
	struct strbuf t = STRBUF_INIT;
	latex_escape(&t, "m/s² θ ✓", false);
	ck_assert_str_eq(strbuf_str(&t), "m/s\\(\\sp{2}\\) \\(\\theta\\) [U+2713]");
	strbuf_release(&t);
}
END_TEST

/* Wrapping measures combining marks as drawing does: θ̇θ̇θ̇ is 3 columns. */
START_TEST(test_wrap_combining)
{
	struct strbuf out = STRBUF_INIT;
	text_wrap(&out, "θ̇θ̇θ̇ ab cd", 6, 0);
	ck_assert_str_eq(strbuf_str(&out), "θ̇θ̇θ̇ ab\ncd\n");
	strbuf_reset(&out);
	strbuf_addpad(&out, "ẋ\xCC\x87", 3);
	ck_assert_str_eq(strbuf_str(&out), "ẋ\xCC\x87  ");
	strbuf_release(&out);
}
END_TEST

/* A message's quotation of a long text is cut between whole characters,
 * never between a letter and its combining dot. */
START_TEST(test_clip_keeps_marks)
{
	char s[128], buf[TEXT_CLIP_SIZE];
	snprintf(s, sizeof(s), "%s%s%s",
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "x\xCC\x87",
		 "bbbbbbbbbb");
	ck_assert_str_eq(text_clip(s, buf, sizeof(buf)),
			 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…");
	snprintf(s, sizeof(s), "%s%s", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		 "μμμμμμμμμμ");
	ck_assert_str_eq(text_clip(s, buf, sizeof(buf)),
			 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaμ…");
}
END_TEST

/* The escaping of text from outside: what a hostile exercise file or
 * command line holds reaches the terminal as \xHH, never as a control. */
START_TEST(test_add_clean)
{
	struct strbuf out = STRBUF_INIT;
	utf8_add_clean(&out, "T\x1B[2J\x1B]0;x\x07 μ\tθ̇\nend\x7F\xC2\x9B\xE2\x86\xFF");
	ck_assert_str_eq(strbuf_str(&out),
			 "T\\x1B[2J\\x1B]0;x\\x07 μ\tθ̇\nend\\x7F\\xC2\\x9B\\xE2\\x86\\xFF");
	strbuf_release(&out);
}
END_TEST

/* What no output carries as itself, by XML 1.0's Char production and
 * Unicode's noncharacters (issue 43, point 8), at each edge. */
START_TEST(test_unwritable)
{
	static const uint32_t bad[] = {0x0,    0x1,	0x8,	 0xB,	  0xD,	    0x1F,
				       0x7F,   0x80,	0x9F,	 0xFDD0,  0xFDEF,   0xFFFE,
				       0xFFFF, 0x1FFFE, 0x1FFFF, 0xEFFFE, 0x10FFFF, UTF8_INVALID};
	static const uint32_t good[] = {0x9,	 0xA,	  0x20,	    0x7E,   0xA0,   0xD7FF,
					0xE000,	 0xFDCF,  0xFDF0,   0xFEFF, 0xFFFD, 0x10000,
					0x1FFFD, 0x20000, 0x10FFFD, 0x2028, 0x1F600};
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		ck_assert_msg(utf8_cp_unwritable(bad[i]), "U+%04X taken", (unsigned)bad[i]);
	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		ck_assert_msg(!utf8_cp_unwritable(good[i]), "U+%04X refused: %s", (unsigned)good[i],
			      utf8_cp_unwritable(good[i]));
	ck_assert(strstr(utf8_cp_unwritable(0xFFFE), "Moodle XML cannot carry it"));
	struct strbuf out = STRBUF_INIT;
	utf8_add_clean(&out, "a\xEF\xBF\xBE\xF0\x9F\xBF\xBF\xEF\xB7\x90z\xEF\xBF\xBD");
	ck_assert_str_eq(strbuf_str(&out),
			 "a\\xEF\\xBF\\xBE\\xF0\\x9F\\xBF\\xBF\\xEF\\xB7\\x90z\xEF\xBF\xBD");
	strbuf_release(&out);
}
END_TEST

/* The caret under a source line counts columns as drawn: a combining dot
 * takes none. */
START_TEST(test_caret_columns)
{
	struct diag d;
	struct strbuf out = STRBUF_INIT;
	diag_at(&d, "t.ini", 1, 8, "θ̇ = x", "here"); /* byte 8 is the x */
	diag_format(&d, &out);
	ck_assert_str_eq(strbuf_str(&out), "t.ini:1:8: here\n"
					   "    θ̇ = x\n"
					   "        ^\n");
	strbuf_release(&out);
}
END_TEST

static Suite *utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("utf8");
	tcase_add_test(tc, test_decode_lengths);
	tcase_add_test(tc, test_decode_invalid);
	tcase_add_test(tc, test_width);
	tcase_add_test(tc, test_ascii_spellings);
	tcase_add_test(tc, test_ascii_covers_the_tree);
	tcase_add_test(tc, test_glyph_table);
	tcase_add_test(tc, test_wrap_combining);
	tcase_add_test(tc, test_clip_keeps_marks);
	tcase_add_test(tc, test_add_clean);
	tcase_add_test(tc, test_unwritable);
	tcase_add_test(tc, test_caret_columns);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(utf8_suite());
}
