/* generate: reproducible problem sets, answers equal to solving each
 * variant directly, drawn values in range and rounded, redraw counting,
 * the three formats, bad arguments, and LaTeX that a plain pdflatex
 * compiles (or, without pdflatex, that is well formed). */
#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/check.h"
#include "cmd/command.h"
#include "exercise/lint.h"
#include "exercise/problemset.h"
#include "num/num.h"
#include "testutil.h"
#include "util/csv.h"
#include "util/fold.h"
#include "util/latex.h"
#include "util/xalloc.h"

static struct session *s;
static struct strbuf out;
static struct diag d;
static char tmp[100]; /* test_tmp fails on a TMPDIR too long for it */

static void setup(void)
{
	setenv("TRIBO_PATH", "exercises", 1);
	setenv("XDG_DATA_HOME", "/nonexistent", 1);
	s = session_new();
	strbuf_init(&out);
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(tmp, sizeof tmp, "tribo-gen-XXXXXX")));
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void teardown(void)
{
	session_free(s);
	strbuf_release(&out);
	ck_assert_int_eq(nftw(tmp, remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	strbuf_reset(&out);
	return command_run(s, line, false, NULL, &out, &d, NULL);
}

#define OK(...) ck_assert_msg(run(__VA_ARGS__) == 0, "failed: %s%s", d.prefix, d.msg)

static char *slurp(const char *dir, const char *name)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return test_slurp(path, NULL);
}

static bool light(void)
{
	return getenv("TRIBO_TEST_LIGHT") != NULL;
}

/* ---- pieces ------------------------------------------------------------ */

START_TEST(test_round)
{
	ck_assert_double_eq(problemset_round(0.123456, 2), 0.12);
	ck_assert_double_eq(problemset_round(0.125001, 2), 0.13);
	ck_assert_double_eq(problemset_round(1234.5, 3), 1230);
	ck_assert_double_eq(problemset_round(-0.0456, 1), -0.05);
	ck_assert_double_eq(problemset_round(59.96, 2), 60);
}
END_TEST

START_TEST(test_format_answer)
{
	struct ex_answer a = {.tol = {TOL_REL, 0.01}};
	char buf[48];
	problemset_format_answer(&a, 2.170267, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2.170"); /* 1%: four figures, the zero kept */
	a.tol = (struct tolerance){TOL_REL, 0.001};
	problemset_format_answer(&a, 54.7356103, buf, sizeof(buf));
	ck_assert_str_eq(buf, "54.736");
	a.tol = (struct tolerance){TOL_DEFAULT, 0};
	problemset_format_answer(&a, 1.5e-5, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1.500e-05");
	a.tol = (struct tolerance){TOL_ABS, 0.005};
	problemset_format_answer(&a, 0.6181490, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.6181");
	problemset_format_answer(&a, -0.00001, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.0000");
	a.tol = (struct tolerance){TOL_SIG, 3};
	problemset_format_answer(&a, 0.67957866, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.680");
}
END_TEST

static void esc(const char *in, bool tt, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	latex_escape(&sb, in, tt);
	ck_assert_msg(!strcmp(strbuf_str(&sb), want), "'%s' gave '%s', not '%s'", in,
		      strbuf_str(&sb), want);
	strbuf_release(&sb);
}

START_TEST(test_latex_escape)
{
	esc("μ = 0.3", false, "\\(\\mu\\) = 0.3");
	esc("R(φ̇)", false, "R(\\(\\dot{\\varphi}\\))");
	esc("u̇ and ü", false, "\\(\\dot{u}\\) and \\(\\ddot{u}\\)");
	esc("Φ⁻¹f", false, "\\(\\Phi\\sp{-1}\\)f");
	esc("m/s², θ = 30°", false, "m/s\\(\\sp{2}\\), \\(\\theta\\) = 30\\(\\sp{\\circ}\\)");
	esc("ΦᵀA⁻¹∂f", false, "\\(\\Phi\\sp{\\mathrm{T}}\\)A\\(\\sp{-1}\\partial\\)f");
	esc("μ₀ ≤ √2", false, "\\(\\mu\\sb{0}\\) \\(\\leq\\) \\(\\surd\\)2");
	esc("a_b {c} $1 & #2 50% x^2", false, "a\\_b \\{c\\} \\$1 \\& \\#2 50\\% x\\^{}2");
	esc("~\\ <|>", false, "\\(\\sim\\backslash\\) \\(<|>\\)");
	esc("v = -1, x-1, a--b", false, "v = \\(-\\)1, x-1, a-{}-b");
	esc("Painlevé, §5 — ‖Φ‖ …", false,
	    "Painlev\\'e, \\(\\mathsection\\)5 --- \\(\\|\\Phi\\|\\) \\ldots{}");
	esc("☃ \xff", false, "[U+2603] ?");
	/* what no output carries as itself, visibly (lint refuses it) */
	esc("a\x01;\x7f \xef\xbf\xbe \xc2\x85", false, "a[U+0001];[U+007F] [U+FFFE] [U+0085]");
	esc("a\x1b;", true, "a[U+001B];");
	/* inside alltt: \ { } are the only ASCII to escape */
	esc("e^{iτ} \\ $&#_%~ <|>", true,
	    "e^{\\char123}i\\(\\tau\\){\\char125} {\\char92} $&#_%~ <|>");
	esc("  A = |  2  -0.5 |\n", true, "  A = |  2  -0.5 |\n");

	struct strbuf sb = STRBUF_INIT;
	/* a student's name: ü a letter, accents OT1 has, the rest escaped */
	latex_escape_name(&sb, "Müller-Łódź, Øster & Œuvre_2 θ");
	ck_assert_str_eq(strbuf_str(&sb),
			 "M\\\"uller-\\L{}\\'od\\'z, \\O{}ster \\& \\OE{}uvre\\_2 \\(\\theta\\)");
	strbuf_reset(&sb);
	latex_number(&sb, "-1.500e-05");
	ck_assert_str_eq(strbuf_str(&sb), "\\(-1.500\\times10\\sp{-5}\\)");
	strbuf_release(&sb);
}
END_TEST

/* Issue 39, point 2: which engine a person's text needs, and how
 * lualatex gets it. */
START_TEST(test_latex_engine)
{
	static const struct {
		const char *s;
		enum latex_engine e;
		uint32_t bad;
	} cases[] = {
		{"Jos\u00e9 M\u00fcller-\u0141\u00f3d\u017a, O\u2019Brien", LATEX_PDFLATEX, 0},
		{"Set 3: friction & stops \u2014 50%", LATEX_PDFLATEX, 0},
		/* OT1 writes these as stand-ins: Th, a, d */
		{"\u00de\u00f3ra", LATEX_LUALATEX, 0},
		{"W\u0105sowski", LATEX_LUALATEX, 0},
		{"Sigur\u00f0ard\u00f3ttir", LATEX_LUALATEX, 0},
		{"Th\u1ecb Minh", LATEX_LUALATEX, 0},
		{"\u03b8 and \u03bc", LATEX_LUALATEX, 0},
		{"\u738b\u5c0f\u660e", LATEX_LUALATEX, 0},
		{"Ann \u0926\u0947\u0935\u0940", LATEX_NONE, 0x926},
		{"Th\xf3ra", LATEX_NONE, UTF8_INVALID},
		{"a\x01"
		 "b",
		 LATEX_NONE, 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		uint32_t bad = 0;
		ck_assert_msg(latex_engine_for(cases[i].s, &bad) == cases[i].e, "%s", cases[i].s);
		if (cases[i].e == LATEX_NONE)
			ck_assert_uint_eq(bad, cases[i].bad);
	}
	struct strbuf sb = STRBUF_INIT;
	/* ASCII escaped as latex_escape does, the rest as itself, the Arabic
	 * run (its inner blank too, not the one after) right to left */
	latex_escape_unicode(&sb, "Ali \u0645\u062d\u0645\u062f \u0627\u0644\u0639\u0644\u064a "
				  "& \u00c7elik_2 \u738b");
	ck_assert_str_eq(strbuf_str(&sb),
			 "Ali \\bgroup\\textdir TRT \u0645\u062d\u0645\u062f "
			 "\u0627\u0644\u0639\u0644\u064a\\egroup{} \\& \u00c7elik\\_2 \u738b");
	strbuf_release(&sb);
}
END_TEST

/* The draws of variant k (0 the first) of exercise id, as tribo(1) and
 * the manifest document them, written out here: mt19937 seeded with the
 * high 32 bits, made odd, of mix(mix(mix(seed) ^ fnv1a(id)) ^ k), mix
 * splitmix64's finalizer, fnv1a the 64-bit FNV-1a hash. */
static uint64_t t_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static void variant_stream(gsl_rng *rng, unsigned long seed, const char *id, int k)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (const char *p = id; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	h = t_mix(t_mix(t_mix(seed) ^ h) ^ (uint64_t)k);
	gsl_rng_set(rng, (unsigned long)(h >> 32) | 1UL);
}

/* ---- the precision a sheet asks (issue 39, point 4) ---------------------- */

/* The sheet's words for each kind of tolerance the shipped exercises
 * use, and: every answer rounded to the figures or decimals the sheet
 * states is within the tolerance (check and grade take it), for values
 * of every mantissa from 1 to 9.99, of either sign, over seven decades;
 * one figure fewer is not always. */
START_TEST(test_precision)
{
	static const struct {
		struct tolerance t;
		const char *unit, *words;
		int figures;
	} cases[] = {
		{{TOL_REL, 0.001}, "deg", "to 0.1%, i.e. 4 significant figures", 4},
		{{TOL_REL, 0.005}, "s", "to 0.5%, i.e. 3 significant figures", 3},
		{{TOL_REL, 0.01}, "s", "to 1%, i.e. 3 significant figures", 3},
		{{TOL_DEFAULT, 0}, "s", "to 1%, i.e. 3 significant figures", 3},
		{{TOL_REL, 0.02}, "", "to 2%, i.e. 3 significant figures", 3},
		{{TOL_REL, 0.05}, "s", "to 5%, i.e. 2 significant figures", 2},
		{{TOL_SIG, 3}, "s", "to 3 significant figures", 3},
		{{TOL_ABS, 0.005}, "m", "to ±0.005 m, i.e. 2 decimal places", 2},
		{{TOL_ABS, 0.01}, "m", "to ±0.01 m, i.e. 2 decimal places", 2},
		{{TOL_ABS, 0.05}, "m", "to ±0.05 m, i.e. 1 decimal place", 1},
		{{TOL_ABS, 0.5}, "deg", "to ±0.5 deg, i.e. a whole number", 0},
		{{TOL_ABS, 5}, "N", "to ±5 N, i.e. to the nearest 10", -1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct strbuf sb = STRBUF_INIT;
		tolerance_precision(&cases[i].t, cases[i].unit, &sb);
		ck_assert_str_eq(strbuf_str(&sb), cases[i].words);
		strbuf_release(&sb);
		const int n = tolerance_figures(&cases[i].t);
		ck_assert_int_eq(n, cases[i].figures);
		int fewer_fail = 0;
		/* under valgrind (TRIBO_TEST_LIGHT) a tenth of the mantissas:
		 * the same code, 45 s there */
		const double dm = light() ? 0.0731 : 0.00731;
		for (int e = -3; e <= 3; e++)
			for (double m = 1; m < 10; m += dm)
				for (int sign = -1; sign <= 1; sign += 2) {
					const double ref = sign * m * pow(10, e);
					char buf[64], less[64];
					if (cases[i].t.kind == TOL_ABS) {
						snprintf(buf, sizeof buf, "%.*f", n > 0 ? n : 0,
							 n >= 0 ? ref
								: round(ref / pow(10, -n)) *
									  pow(10, -n));
						snprintf(less, sizeof less, "%.*f",
							 n > 1 ? n - 1 : 0,
							 n > 0 ? ref
							       : round(ref / pow(10, 1 - n)) *
									 pow(10, 1 - n));
					} else {
						snprintf(buf, sizeof buf, "%.*e", n - 1, ref);
						snprintf(less, sizeof less, "%.*e", n - 2, ref);
					}
					double allowed;
					ck_assert_msg(check_within(&cases[i].t, strtod(buf, NULL),
								   ref, &allowed),
						      "%s: %s for %.17g is refused", cases[i].words,
						      buf, ref);
					fewer_fail += !check_within(&cases[i].t, strtod(less, NULL),
								    ref, &allowed);
				}
		ck_assert_msg(fewer_fail > 0, "%s: one figure fewer always passes", cases[i].words);
	}
}
END_TEST

/* ---- names folded for grade (issue 39, point 5) -------------------------- */

static void expect_fold(const char *name, int how, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	fold_name(&sb, name, how);
	ck_assert_msg(!strcmp(strbuf_str(&sb), want), "fold('%s', %d) = '%s', not '%s'", name, how,
		      strbuf_str(&sb), want);
	strbuf_release(&sb);
}

START_TEST(test_fold)
{
	/* the names and the roster's scripts: Turkish, Irish,
	 * Vietnamese (precomposed, and decomposed: NFD's marks dropped),
	 * Icelandic, Polish, Romanian, German, French, Czech */
	expect_fold("Ömer Çelik", FOLD_ALL, "celik omer");
	expect_fold("O'Brien, Siobhán", FOLD_ALL, "obrien siobhan");
	expect_fold("Siobhán O’Brien", FOLD_ALL, "obrien siobhan");
	expect_fold("Thị Minh Nguyễn", FOLD_ALL, "minh nguyen thi");
	expect_fold("Thi\xcc\xa3 Minh Nguye\xcc\x82\xcc\x83n", FOLD_ALL, "minh nguyen thi");
	expect_fold("Þóra Jónsdóttir", FOLD_ALL, "jonsdottir thora");
	expect_fold("Łukasz Żółć", FOLD_ALL, "lukasz zolc");
	expect_fold("Ștefan Țurcanu", FOLD_ALL, "stefan turcanu");
	expect_fold("Jürgen Großmann", FOLD_ALL, "grossmann jurgen");
	expect_fold("Jean-Luc  Picard", FOLD_ALL, "jean luc picard");
	expect_fold("Dvořák, ANTONÍN", FOLD_ALL, "antonin dvorak");
	expect_fold("Ÿves", FOLD_ALL, "yves");
	/* each fold alone */
	expect_fold("Ömer Çelik", FOLD_CASE, "ömer çelik");
	expect_fold("Ömer Çelik", FOLD_ACCENTS, "Omer Celik");
	expect_fold("O'Brien, Siobhán", FOLD_PUNCT, "OBrien Siobhán");
	expect_fold("O'Brien, Siobhán", FOLD_ORDER, "O'Brien, Siobhán");
	expect_fold("Brien O", FOLD_ORDER, "Brien O");
	expect_fold("Łukasz Dvořák", FOLD_CASE, "łukasz dvořák");
	/* scripts the table leaves alone, and no name at all */
	expect_fold("Αλέξης Ivanov", FOLD_ALL, "ivanov Αλέξης");
	expect_fold("  ,  ", FOLD_ALL, "");
	ck_assert_uint_eq(fold_distance("lovelase", "ada lovelace", 20), 5);
	ck_assert_uint_eq(fold_distance("abc", "abc", 20), 0);
	ck_assert_uint_eq(fold_distance("a", "abcdefgh", 3), 3);
}
END_TEST

/* ---- reproducible ------------------------------------------------------ */

/* The variants' figures in a and b (fig-*): as many as want, the same
 * names, byte for byte the same (cairo's PDF date is not in them). */
static void same_figures(const char *a, const char *b, int want)
{
	DIR *dir = opendir(a);
	ck_assert_ptr_nonnull(dir);
	int n = 0;
	for (struct dirent *e; (e = readdir(dir));) {
		if (strncmp(e->d_name, "fig-", 4))
			continue;
		char pa[512], pb[512];
		snprintf(pa, sizeof pa, "%s/%s", a, e->d_name);
		snprintf(pb, sizeof pb, "%s/%s", b, e->d_name);
		size_t na = 0, nb = 0;
		char *x = test_slurp(pa, &na), *y = test_slurp(pb, &nb);
		ck_assert_ptr_nonnull(y);
		ck_assert_msg(na > 0 && na == nb && !memcmp(x, y, na),
			      "%s differs for the same seed", e->d_name);
		free(x);
		free(y);
		n++;
	}
	closedir(dir);
	ck_assert_int_eq(n, want);
}

START_TEST(test_reproducible)
{
	static const char *const fmt[] = {"tex", "md", "txt"};
	const int n = light() ? 4 : 40;
	for (int i = 0; i < 3; i++) {
		char a[128], b[128], c[128];
		snprintf(a, sizeof(a), "%s/%s-a", tmp, fmt[i]);
		snprintf(b, sizeof(b), "%s/%s-b/deeper", tmp, fmt[i]);
		snprintf(c, sizeof(c), "%s/%s-c", tmp, fmt[i]);
		OK("generate %d seed 1 format %s to %s disk-reye", n, fmt[i], a);
		OK("load disk-reye");
		OK("set omega 1"); /* the user's value must not leak in */
		OK("generate %d seed 1 format %s to %s", n, fmt[i], b);
		OK("generate %d seed 2 format %s to %s disk-reye", n, fmt[i], c);
		char want[1024], drew[64] = "";
		/* the sheets with figures: a scene of each variant beside them */
		if (i < 2)
			snprintf(drew, sizeof drew, "drew %d figures (%s) beside the sheet\n", n,
				 i ? "svg" : "pdf");
		snprintf(want, sizeof(want),
			 "wrote %s/sheet.%s, %s/key.%s and %s/manifest.txt: %d variants of "
			 "disk-reye, seed 2; no draw was degenerate\nnote: seed 2 is under 2^32: a "
			 "student could try every such seed for the sheet's values and rebuild the "
			 "key (without 'seed', generate draws 64 bits)\n%s",
			 c, fmt[i], c, fmt[i], c, n, drew);
		ck_assert_str_eq(strbuf_str(&out), want);
		same_figures(a, b, i < 2 ? n : 0);
		for (int k = 0; k < 2; k++) {
			char name[16];
			snprintf(name, sizeof(name), "%s.%s", k ? "key" : "sheet", fmt[i]);
			char *x = slurp(a, name), *y = slurp(b, name), *z = slurp(c, name);
			ck_assert_msg(!strcmp(x, y), "%s differs for the same seed", name);
			ck_assert_msg(strcmp(x, z), "%s is the same for another seed", name);
			/* nothing of the machine or the moment */
			ck_assert_ptr_null(strstr(x, tmp));
			ck_assert_ptr_null(strstr(x, "/tmp"));
			free(x);
			free(y);
			free(z);
		}
	}
}
END_TEST

/* ---- answers equal solving each variant directly --------------------- */

/* Checks every variant of a txt key: the drawn values in their draw range
 * and rounded to their digits, the others at the exercise's value, and
 * each answer as loading the exercise, setting the values and solving
 * gives it, to the digits printed. Returns the number of variants. */
static int check_key(const char *key, const char *only_id)
{
	int variants = 0;
	bool answers = false;
	const char *id = only_id;
	char idbuf[64];
	struct session *t = session_new();
	for (const char *p = key; *p;) {
		size_t n = strcspn(p, "\n");
		char *line = xstrndup(p, n);
		p += n + (p[n] == '\n');
		char *open = strrchr(line, '(');
		if (!strncmp(line, "Problem ", 8) && open) {
			snprintf(idbuf, sizeof(idbuf), "%.*s", (int)strcspn(open + 1, ")"),
				 open + 1);
			id = idbuf;
		}
		if (!strncmp(line, "values: ", 8)) {
			variants++;
			ck_assert_int_eq(session_load(t, id, &d), 0);
			const struct exercise *ex = session_exercise(t);
			int drawn = 0;
			for (char *v = strtok(line + 8, ","); v; v = strtok(NULL, ",")) {
				char name[32], num[32];
				ck_assert_int_eq(sscanf(v, " %31s = %31s", name, num), 2);
				int i = model_param_index(ex->model, name);
				ck_assert_int_ge(i, 0);
				const struct ex_param *pp = &ex->params[i];
				double x = strtod(num, NULL);
				ck_assert_msg(pp->has_draw, "%s is not drawn", name);
				ck_assert_msg(x >= pp->draw_lo && x <= pp->draw_hi,
					      "%s = %g outside [%g, %g]", name, x, pp->draw_lo,
					      pp->draw_hi);
				ck_assert_double_eq(x, problemset_round(x, pp->digits));
				ck_assert_msg(session_set(t, name, num, NULL, &d) == 0, "%s",
					      d.msg);
				drawn++;
			}
			for (size_t i = 0; i < ex->model->nparams; i++)
				drawn -= ex->params[i].has_draw;
			ck_assert_int_eq(drawn, 0);
			ck_assert_msg(session_solve(t, &d) == 0, "%s: %s", id, d.msg);
		}
		if (!strcmp(line, "answers:") || !strcmp(line, "worked solution:"))
			answers = !strcmp(line, "answers:");
		else if (answers) {
			char name[32], num[48];
			ck_assert_int_eq(sscanf(line, " %31s = %47s", name, num), 2);
			const struct exercise *ex = session_exercise(t);
			const struct ex_answer *a = NULL;
			for (size_t i = 0; i < ex->nanswers; i++)
				if (!strcmp(ex->answers[i].name, name))
					a = &ex->answers[i];
			ck_assert_ptr_nonnull(a);
			struct value res[128];
			const struct model *m = ex->model;
			for (size_t i = 0; i < m->nresults; i++)
				res[i] = *session_result(t, i);
			double x;
			char want[48];
			if (problemset_answer_value(ex, a, res, &x)) {
				problemset_format_answer(a, x, want, sizeof(want));
			} else { /* a verdict: the word as solved */
				struct strbuf w = STRBUF_INIT;
				value_format_inline(&res[a->result], &w);
				snprintf(want, sizeof(want), "%s", strbuf_str(&w));
				strbuf_release(&w);
			}
			ck_assert_msg(!strcmp(num, want),
				      "%s variant %d: %s = %s in the key, %s solved", id, variants,
				      name, num, want);
		}
		free(line);
	}
	session_free(t);
	return variants;
}

START_TEST(test_answers_match)
{
	const int n = light() ? 2 : 12;
	char dir[128];
	snprintf(dir, sizeof(dir), "%s/k", tmp);
	OK("generate %d seed 4 format txt to %s painleve-rod kozlov-rest disk-uniform kozlov-ball",
	   n, dir);
	char *key = slurp(dir, "key.txt");
	ck_assert_int_eq(check_key(key, NULL), 4 * n);
	/* the steps are those of solving that variant */
	ck_assert_ptr_nonnull(strstr(key, "worked solution:\n  Painlevé's rod: a mass m1"));
	free(key);
	char *sheet = slurp(dir, "sheet.txt");
	ck_assert_ptr_nonnull(
		strstr(sheet, "Problem 2. Rest or motion under anisotropic friction"));
	/* the [answer]'s text, in place of the model's 'the θ of mu_crit_min' */
	ck_assert_ptr_nonnull(strstr(sheet, "  theta_crit_min in deg, to 0.1%, i.e. 4 significant "
					    "figures: the angle θ of that least μ_crit\n"));
	ck_assert_ptr_null(strstr(sheet, "mu_crit_min\n"));
	ck_assert_ptr_null(strstr(sheet, "{m1}")); /* every placeholder filled */
	free(sheet);
}
END_TEST

/* ---- redrawing ----------------------------------------------------------- */

START_TEST(test_redraw)
{
	char dir[128];
	snprintf(dir, sizeof(dir), "%s/r", tmp);
	OK("generate 30 seed 5 format txt to %s tests/data/gen-redraw.ini", dir);
	/* the same draws, made here: fy uniform in [0, 2] to 2 digits, each
	 * variant from its own stream; the point moves when 0.25 + fy² > 1 */
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int redrawn = 0;
	for (int k = 0; k < 30; k++) {
		variant_stream(rng, 5, "gen-redraw", k);
		for (;;) {
			double fy = problemset_round(2 * gsl_rng_uniform(rng), 2);
			if (0.25 + fy * fy > 1)
				break;
			redrawn++;
		}
	}
	gsl_rng_free(rng);
	ck_assert_int_gt(redrawn, 10);
	char want[256];
	snprintf(want, sizeof(want), "%d degenerate draws redrawn\n", redrawn);
	ck_assert_msg(strstr(strbuf_str(&out), want), "'%s' lacks '%s'", strbuf_str(&out), want);
	char *key = slurp(dir, "key.txt"), *sheet = slurp(dir, "sheet.txt");
	snprintf(want, sizeof(want), "no motion (moves = false), %d times.", redrawn);
	ck_assert_msg(strstr(key, want), "the key does not say '%s'", want);
	/* the sheet: nothing for the instructor only */
	ck_assert_ptr_null(strstr(sheet, "degenerate"));
	ck_assert_ptr_null(strstr(sheet, "seed"));
	ck_assert_int_eq(check_key(key, "tests/data/gen-redraw.ini"), 30);
	for (const char *p = key; (p = strstr(p, "values: fy = ")); p++)
		ck_assert_double_gt(strtod(p + 13, NULL), 0.866);
	free(key);
	free(sheet);

	/* an exercise whose own values show the verdict is about it: kept */
	snprintf(dir, sizeof(dir), "%s/s", tmp);
	OK("generate 5 format txt to %s kozlov-rest-stable", dir);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "no draw was degenerate"));

	/* and a draw range where nothing moves gives up, saying why */
	ck_assert_int_eq(run("generate 3 to %s/h tests/data/gen-hopeless.ini", tmp), -1);
	ck_assert_str_eq(d.msg, "gen-hopeless: 100 draws in a row were degenerate (the last: no "
				"motion (moves = false)); narrow its draw ranges");
	struct stat st;
	char path[128];
	snprintf(path, sizeof(path), "%s/h", tmp);
	ck_assert_int_ne(stat(path, &st), 0); /* nothing written */
}
END_TEST

/* ---- keeping the exercise's verdict ---------------------------------------- */

/* A kozlov-rest exercise that keeps moves = true (fy = 1.5 moves): the
 * point moves only when q32 = 0.25 + fy² > 1, fy > 0.866; fy is drawn
 * from [0, hi]. Written to dir/name. */
static void write_keep_file(const char *dir, const char *name, const char *hi)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f,
		"[exercise]\nid = gen-keep\ntitle = The point moves\nmodel = kozlov-rest\n"
		"keep = moves\nstatement = f = ({fx}, {fy}): show that the point moves.\n"
		"[param phi11]\nvalue = 1\n[param phi22]\nvalue = 1\n"
		"[param fx]\nvalue = 0.5\n[param fy]\nvalue = 1.5\ndraw = 0 %s\ndigits = 2\n"
		"[answer q32]\ntolerance = 0.1%%\n",
		hi);
	ck_assert_int_eq(fclose(f), 0);
}

/* Draws of fy in [0, 2] to 2 digits from mt19937 seeded with seed, as
 * generate draws them, until `want` move; *tried gets how many were drawn. */
/* The set's tag in its codes (KM4 of KM4-07), of a one-exercise set: two
 * letters (no I, no O) and a digit of SipHash-2-4 keyed by (seed,
 * "tribcode") of the id and a NUL. SipHash is checked on its paper's test
 * vector, and the tags on tests/ref/set_code.py's (a SipHash of its own). */
static void set_tag(unsigned long seed, const char *id, char tag[5])
{
	unsigned char m[15];
	for (int i = 0; i < 15; i++)
		m[i] = (unsigned char)i;
	ck_assert_uint_eq(problemset_siphash(0x0706050403020100ULL, 0x0F0E0D0C0B0A0908ULL, m, 15),
			  0xA129CA6149BE45E5ULL);
	const uint64_t h = problemset_siphash(seed, 0x74726962636f6465ULL,
					      (const unsigned char *)id, strlen(id) + 1);
	static const char letters[] = "ABCDEFGHJKLMNPQRSTUVWXYZ";
	tag[0] = letters[h % 24];
	tag[1] = letters[h / 24 % 24];
	tag[2] = (char)('0' + h / 576 % 10);
	tag[3] = 0;
}

/* gen-keep's fy in [0, 2] to 2 digits, variant by variant, until `want`
 * variants move (0.25 + fy² > 1): *tried counts the draws. */
static int moving_draws(unsigned long seed, int want, int *tried)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int moving = 0;
	*tried = 0;
	for (int k = 0; k < want; k++) {
		variant_stream(rng, seed, "gen-keep", k);
		for (;;) {
			++*tried;
			double fy = problemset_round(2 * gsl_rng_uniform(rng), 2);
			if (0.25 + fy * fy > 1)
				break;
		}
		moving++;
	}
	gsl_rng_free(rng);
	return moving;
}

START_TEST(test_keep)
{
	/* the Done-when of issue 17: every variant of painleve-paradox is a
	 * paradox of the exercise's own mode, and the key says so */
	char dir[128];
	snprintf(dir, sizeof(dir), "%s/pp", tmp);
	OK("generate 40 seed 3 format txt to %s painleve-paradox", dir);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "every draw kept mode = inconsistent\n"));
	char *key = slurp(dir, "key.txt");
	int modes = 0;
	for (const char *p = key; (p = strstr(p, "\n  mode = ")); p++) {
		static const char line[] = "\n  mode = inconsistent  (exact)\n";
		ck_assert_msg(!strncmp(p, line, strlen(line)), "variant %d: %.40s", modes + 1,
			      p + 1);
		modes++;
	}
	ck_assert_int_eq(modes, 40);
	ck_assert_ptr_nonnull(strstr(key, "Every\nvariant keeps mode = inconsistent, as at the"));
	/* and each mode is what solving that variant gives */
	ck_assert_int_eq(check_key(key, "painleve-paradox"), 40);
	free(key);

	/* the draws that do not move are redrawn, counted as keeping the
	 * verdict (not as degenerate), the same ones every time */
	write_keep_file(tmp, "keep.ini", "2");
	snprintf(dir, sizeof(dir), "%s/k1", tmp);
	OK("generate 30 seed 5 format txt to %s %s/keep.ini", dir, tmp);
	int tried;
	moving_draws(5, 30, &tried);
	ck_assert_int_gt(tried - 30, 10);
	char want[256];
	snprintf(want, sizeof(want),
		 "30 variants of gen-keep, seed 5; no draw was degenerate; %d draws redrawn to "
		 "keep moves = true\n",
		 tried - 30);
	ck_assert_msg(strstr(strbuf_str(&out), want), "'%s' lacks '%s'", strbuf_str(&out), want);
	key = slurp(dir, "key.txt");
	snprintf(want, sizeof(want),
		 "moves = false, not true as at the exercise's own values, %d times.", tried - 30);
	ck_assert_msg(strstr(key, want), "the key does not say '%s'", want);
	for (const char *p = key; (p = strstr(p, "values: fy = ")); p++)
		ck_assert_double_gt(strtod(p + 13, NULL), 0.866);
	char *sheet = slurp(dir, "sheet.txt");
	ck_assert_ptr_null(strstr(sheet, "moves =")); /* the sheet gives nothing away */
	free(sheet);
	snprintf(dir, sizeof(dir), "%s/k2", tmp);
	OK("generate 30 seed 5 format txt to %s %s/keep.ini", dir, tmp);
	char *again = slurp(dir, "key.txt");
	ck_assert_str_eq(key, again);
	free(again);
	free(key);

	/* none keeps it: generate gives up, naming the verdict */
	write_keep_file(tmp, "never.ini", "0.5");
	ck_assert_int_eq(run("generate 3 to %s/h %s/never.ini", tmp, tmp), -1);
	ck_assert_str_eq(d.msg, "gen-keep: 100 draws in a row did not keep the exercise's verdict "
				"(the last: moves = false, not true as at the exercise's own "
				"values); narrow its draw ranges");
}
END_TEST

/* lint draws 64 variants with seed 1: a warning with the fraction when
 * fewer than half keep the verdict, an error when none does. */
START_TEST(test_keep_lint)
{
	char path[128];
	struct lint_count n;
	/* the movers among the first draws of generate's 64 first variants
	 * with seed 1, as lint draws them */
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int moving = 0;
	for (int i = 0; i < 64; i++) {
		variant_stream(rng, 1, "gen-keep", i);
		double fy = problemset_round(1.4 * gsl_rng_uniform(rng), 2);
		moving += 0.25 + fy * fy > 1;
	}
	gsl_rng_free(rng);
	ck_assert_int_lt(2 * moving, 64);
	ck_assert_int_gt(moving, 0);

	write_keep_file(tmp, "keep.ini", "1.4");
	snprintf(path, sizeof(path), "%s/keep.ini", tmp);
	strbuf_reset(&out);
	ck_assert_int_eq(exercise_lint(path, &out, &n), 0);
	char want[512];
	snprintf(want, sizeof(want),
		 "%s:5: warning: keep: only %d of 64 draws (%.0f%%) keep moves = true: generate "
		 "redraws the others; narrow the draw ranges to where it holds\n",
		 path, moving, 100.0 * moving / 64);
	ck_assert_msg(strstr(strbuf_str(&out), want), "'%s' lacks '%s'", strbuf_str(&out), want);
	/* and fy = 0 at rest, the low end; and the draw box's degenerate
	 * points (at rest): the first named, the others counted */
	ck_assert_int_eq(n.warnings, 4);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "more points of the draw box"));

	write_keep_file(tmp, "never.ini", "0.5");
	snprintf(path, sizeof(path), "%s/never.ini", tmp);
	strbuf_reset(&out);
	ck_assert_int_eq(exercise_lint(path, &out, &n), 1);
	snprintf(want, sizeof(want),
		 "%s:5: error: keep: none of 64 draws keeps moves = true: generate cannot draw a "
		 "variant; change the draw ranges\n",
		 path);
	ck_assert_msg(strstr(strbuf_str(&out), want), "'%s' lacks '%s'", strbuf_str(&out), want);

	/* the shipped exercises that keep a verdict draw mostly where it holds */
	static const char *const keepers[] = {"painleve-paradox", "imachi", "kozlov-rest",
					      "kozlov-rest-stable", "conveyor"};
	/* under valgrind (light) the first: each lint is 64 solves */
	const size_t nkeepers = light() ? 1 : sizeof(keepers) / sizeof(keepers[0]);
	for (size_t i = 0; i < nkeepers; i++) {
		snprintf(path, sizeof(path), "exercises/%s.ini", keepers[i]);
		strbuf_reset(&out);
		ck_assert_int_eq(exercise_lint(path, &out, &n), 0);
		ck_assert_msg(n.warnings == 0, "%s", strbuf_str(&out));
	}
}
END_TEST

/* ---- formats -------------------------------------------------------------- */

START_TEST(test_md_txt)
{
	char dir[128], want[256], tag[5];
	set_tag(9, "disk-reye", tag);
	ck_assert_str_eq(tag, "VF9"); /* tests/ref/set_code.py 9 disk-reye */
	snprintf(dir, sizeof(dir), "%s/m", tmp);
	OK("generate 2 seed 9 format md to %s disk-reye", dir);
	char *sheet = slurp(dir, "sheet.md"), *key = slurp(dir, "key.md");
	snprintf(want, sizeof want,
		 "# A spinning disk stops (Reye's hypothesis)\n\n*2 variants, codes %s-01 to "
		 "%s-02.*\n",
		 tag, tag);
	ck_assert_msg(strstr(sheet, want), "no '%s' in the sheet", want);
	snprintf(want, sizeof want, "\n## Variant %s-02\n", tag);
	ck_assert_ptr_nonnull(strstr(sheet, want));
	ck_assert_ptr_nonnull(strstr(key, want));
	ck_assert_ptr_nonnull(strstr(key, "2 variants drawn by tribo with seed 9"));
	ck_assert_ptr_nonnull(strstr(
		sheet, "- `stop_time` in s, to 1%, i.e. 3 significant figures: time to stop"));
	ck_assert_ptr_nonnull(strstr(sheet,
				     "- `R_coeff` in N·m, to 1%, i.e. 3 significant figures: R = "
				     "R\\_coeff·\\|φ̇\\|"));
	ck_assert_ptr_nonnull(strstr(key, "| answer | value | tolerance |\n|---|---|---|\n"
					  "| `R_coeff` | "));
	ck_assert_ptr_nonnull(strstr(key, "```text\nNormal force N = m g"));
	free(sheet);
	free(key);
	snprintf(dir, sizeof(dir), "%s/t", tmp);
	OK("generate 1 seed 9 format txt to %s disk-reye", dir);
	sheet = slurp(dir, "sheet.txt");
	ck_assert_ptr_nonnull(strstr(sheet, "A spinning disk stops (Reye's hypothesis)\n"
					    "=========================================\n"));
	snprintf(want, sizeof want, "\nVariant %s-01\n--------------\nA disk of mass ", tag);
	ck_assert_ptr_nonnull(strstr(sheet, want));
	ck_assert_ptr_nonnull(
		strstr(sheet, "\nGive:\n  R_coeff in N·m, to 1%, i.e. 3 significant figures: "));
	free(sheet);
}
END_TEST

/* ---- what the students get, and stable draws (issue 21) ------------------- */

/* The text of the variant headed "Variant CODE" in a txt file, up to the
 * next variant's heading (malloc'd), or NULL. */
static char *variant_text(const char *file, const char *code)
{
	char head[32];
	snprintf(head, sizeof head, "\nVariant %s\n", code);
	const char *p = strstr(file, head);
	if (!p)
		return NULL;
	const char *e = strstr(p + 1, "\nVariant ");
	return strndup(p, e ? (size_t)(e - p) : strlen(p));
}

START_TEST(test_codes_no_seed)
{
	char dir[128], tag[5], want[64];
	snprintf(dir, sizeof(dir), "%s/set", tmp);
	OK("generate 30 seed 7 format tex to %s disk-reye", dir);
	char *sheet = slurp(dir, "sheet.tex"), *key = slurp(dir, "key.tex");
	char *manifest = slurp(dir, "manifest.txt");
	/* nothing on a student's page says how to regenerate it */
	ck_assert_ptr_null(strstr(sheet, "seed"));
	ck_assert_ptr_null(strstr(sheet, "Seed"));
	ck_assert_ptr_null(strstr(sheet, "degenerate"));
	set_tag(7, "disk-reye", tag);
	for (int k = 1; k <= 30; k++) {
		snprintf(want, sizeof want, "{\\large\\bfseries Variant %s-%02d}", tag, k);
		ck_assert_msg(strstr(sheet, want), "no '%s' on the sheet", want);
		snprintf(want, sizeof want, "\\subsection*{Variant %s-%02d}", tag, k);
		ck_assert_msg(strstr(key, want), "no '%s' in the key", want);
	}
	/* the key and the manifest name the seed */
	ck_assert_ptr_nonnull(strstr(key, "seed 7"));
	ck_assert_ptr_nonnull(strstr(manifest, "\nseed: 7\n"));
	snprintf(want, sizeof want, "variants: 30, codes %s-01 to %s-30\n", tag, tag);
	ck_assert_ptr_nonnull(strstr(manifest, want));
	ck_assert_ptr_nonnull(strstr(
		manifest, "\nagain: generate 30 seed 7 format tex to DIR force disk-reye\n"));
	free(sheet);
	free(key);
	free(manifest);
}
END_TEST

/* Variant k is the same whatever N is and whatever other exercises the
 * set holds: 3 and 30 variants of two exercises, and 3 of one alone. */
START_TEST(test_stable_draws)
{
	char a[128], b[128], c[128], code[16];
	snprintf(a, sizeof a, "%s/st-a", tmp);
	snprintf(b, sizeof b, "%s/st-b", tmp);
	snprintf(c, sizeof c, "%s/st-c", tmp);
	OK("generate 3 seed 5 format txt to %s disk-reye polisher", a);
	OK("generate 30 seed 5 format txt to %s disk-reye polisher", b);
	OK("generate 3 seed 5 format txt to %s disk-reye", c);
	char *ka = slurp(a, "key.txt"), *kb = slurp(b, "key.txt"), *kc = slurp(c, "key.txt");
	char *sa = slurp(a, "sheet.txt"), *sb = slurp(b, "sheet.txt");
	char tag[5];
	set_tag(5, "disk-reye", tag);
	for (int k = 1; k <= 3; k++) {
		/* the two-exercise sets share a tag (the same seed and exercises) */
		const char *h = strstr(ka, "\nVariant ");
		ck_assert_ptr_nonnull(h);
		snprintf(code, sizeof code, "%.3s-%02d", h + 9, k);
		char *x = variant_text(ka, code), *y = variant_text(kb, code);
		ck_assert_msg(x && y && !strcmp(x, y), "key variant %s differs with N", code);
		free(x);
		free(y);
		x = variant_text(sa, code);
		y = variant_text(sb, code);
		ck_assert_msg(x && y && !strcmp(x, y), "sheet variant %s differs with N", code);
		free(x);
		free(y);
		/* disk-reye's values alone: as in the set with the polisher */
		snprintf(code, sizeof code, "%s-%02d", tag, k);
		x = variant_text(kc, code);
		ck_assert_ptr_nonnull(x);
		const char *v = strstr(x, "values: ");
		ck_assert_ptr_nonnull(v);
		char line[160];
		snprintf(line, sizeof line, "%.*s", (int)strcspn(v, "\n"), v);
		ck_assert_msg(strstr(ka, line), "'%s' is not in the two-exercise set", line);
		free(x);
	}
	free(ka);
	free(kb);
	free(kc);
	free(sa);
	free(sb);
}
END_TEST

/* A second run into the same directory changes nothing unless forced. */
START_TEST(test_no_overwrite)
{
	char dir[128], path[256];
	snprintf(dir, sizeof dir, "%s/ow", tmp);
	OK("generate 2 seed 1 format txt to %s disk-reye", dir);
	char *before = slurp(dir, "key.txt");
	snprintf(path, sizeof path, "%s/sheet.txt", dir);
	ck_assert_int_eq(run("generate 2 seed 2 format txt to %s disk-reye", dir), -1);
	char want[320];
	snprintf(want, sizeof want,
		 "%s exists: nothing was written ('force' replaces the set's files)", path);
	ck_assert_str_eq(d.msg, want);
	char *after = slurp(dir, "key.txt");
	ck_assert_str_eq(before, after);
	free(after);
	/* one file of the set is enough to stop it */
	snprintf(path, sizeof path, "%s/only", tmp);
	OK("generate 1 seed 1 format md to %s disk-reye", path);
	ck_assert_int_eq(run("generate 1 seed 1 format txt to %s disk-reye", path), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "/only/manifest.txt exists"));
	/* force replaces them, whole */
	OK("generate 2 seed 2 format txt to %s force disk-reye", dir);
	after = slurp(dir, "key.txt");
	ck_assert_str_ne(before, after);
	ck_assert_ptr_nonnull(strstr(after, "seed 2"));
	free(after);
	free(before);
	ck_assert_int_eq(run("generate 2 force force disk-reye"), -1);
	ck_assert_str_eq(d.msg, "'force' is given twice");
}
END_TEST

/* Whether prog is an executable on $PATH. */
static bool have(const char *prog)
{
	const char *path = getenv("PATH");
	char *copy = xstrdup(path ? path : "/usr/bin:/bin");
	bool found = false;
	for (char *dir = strtok(copy, ":"); dir && !found; dir = strtok(NULL, ":")) {
		char full[512];
		snprintf(full, sizeof(full), "%s/%s", dir, prog);
		found = access(full, X_OK) == 0;
	}
	free(copy);
	return found;
}

/* format moodle: a question bank that xmllint finds well formed (when it
 * is there), one numerical question per variant and numeric answer and a
 * short-answer one per word, each tolerance the [answer]'s as check
 * applies it, and the exercise's text, markup and a CDATA end included,
 * arriving as text (tests/data/gen-html.ini). */
START_TEST(test_moodle)
{
	char dir[128], cmd[320];
	snprintf(dir, sizeof dir, "%s/mo", tmp);
	OK("generate 4 seed 2 format moodle to %s tests/data/gen-html.ini painleve-paradox", dir);
	char *xml = slurp(dir, "questions.xml"), *key = slurp(dir, "key.txt");
	/* well formed: xmllint, bounded */
	snprintf(cmd, sizeof cmd, "timeout 30 xmllint --noout %s/questions.xml", dir);
	if (have("xmllint"))
		ck_assert_int_eq(system(cmd), 0);
	else
		test_skip("xmllint is not installed: questions.xml not checked well formed");
	/* as many questions as the key has answers, numbers and words */
	int nnum = 0, nword = 0, qnum = 0, qword = 0;
	for (const char *p = key; (p = strstr(p, "\n  ")); p++) {
		const char *e = strchr(p + 1, '\n');
		if (!e || !memchr(p, '=', (size_t)(e - p)))
			continue;
		if (strstr(p, "(exact)") && strstr(p, "(exact)") < e)
			nword++;
		else if (strstr(p, "(tolerance") && strstr(p, "(tolerance") < e)
			nnum++;
	}
	for (const char *p = xml; (p = strstr(p, "<question type=\"numerical\">")); p++)
		qnum++;
	for (const char *p = xml; (p = strstr(p, "<question type=\"shortanswer\">")); p++)
		qword++;
	ck_assert_int_eq(nnum, 4 * 2 + 4 * 3); /* gen-html 2, painleve-paradox 3 */
	ck_assert_int_eq(qnum, nnum);
	ck_assert_int_eq(qword, nword);
	ck_assert_int_eq(qword, 4);
	ck_assert_ptr_nonnull(strstr(xml, "<text>inconsistent</text>"));
	/* gen-html's tolerances: 3 significant figures of stop_time, half a
	 * unit in the third; ±0.001 N·m of the torque */
	for (const char *p = xml; (p = strstr(p, "<name><text>gen-html ")); p++) {
		const bool stop = !strncmp(strstr(p, ": ") + 2, "stop_time", 9);
		const char *t = strstr(p, "<answer fraction=\"100\"");
		ck_assert_ptr_nonnull(t);
		const double x = strtod(strstr(t, "<text>") + 6, NULL);
		const double tol = strtod(strstr(t, "<tolerance>") + 11, NULL);
		const double want = stop ? 0.5 * pow(10, floor(log10(fabs(x))) - 2) : 0.001;
		ck_assert_msg(fabs(tol - want) <= 1e-6 * want, "%s: tolerance %g, want %g",
			      stop ? "stop_time" : "torque", tol, want);
	}
	/* markup in the exercise is text; the CDATA sections end only where
	 * they should */
	ck_assert_ptr_null(strstr(xml, "<script>"));
	ck_assert_ptr_nonnull(strstr(xml, "&lt;script&gt; stops ]]&gt; when? μ = "));
	int cdata = 0, ends = 0;
	for (const char *p = xml; (p = strstr(p, "<![CDATA[")); p++)
		cdata++;
	for (const char *p = xml; (p = strstr(p, "]]>")); p++)
		ends++;
	ck_assert_int_eq(cdata, qnum + qword);
	ck_assert_int_eq(ends, cdata);
	free(xml);
	free(key);
}
END_TEST

static void write_text(const char *dir, const char *name, const char *text);

/* The header of the Moodle and GIFT tests: every character GIFT reserves,
 * HTML's, a CDATA end, a backslash. */
static const char bank_header[] = "course = Mechanics {II}: #3 ~ friction\n"
				  "title = Set 3: a = b & <stops> ]]> \\n\n"
				  "instructions = Show your work;\n"
				  "  50% for the method: {x} ~ y = z # w \\ v.\n";
/* ... as HTML */
static const char bank_header_html[] =
	"<p>Mechanics {II}: #3 ~ friction</p><p><b>Set 3: a = b &amp; &lt;stops&gt; ]]&gt; "
	"\\n</b></p><p>Show your work; 50% for the method: {x} ~ y = z # w \\ v.</p>";

/* The first line of a command's standard output (its standard error
 * after it), bounded; its exit status in *rc. */
static char *first_line(const char *cmd, int *rc)
{
	char full[600];
	snprintf(full, sizeof full, "timeout 60 %s 2>&1", cmd);
	FILE *p = popen(full, "r");
	ck_assert_ptr_nonnull(p);
	static char line[4096];
	if (!fgets(line, sizeof line, p))
		line[0] = '\0';
	line[strcspn(line, "\n")] = '\0';
	char rest[4096];
	while (fgets(rest, sizeof rest, p))
		;
	int st = pclose(p);
	*rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return line;
}

/* Issue 39, point 6: the header is the description of the set's category
 * in Moodle XML (<info format="html">, Moodle's category format), the
 * category before the exercises' ones, under which they are. */
START_TEST(test_moodle_header)
{
	char dir[128], path[192], cmd[400];
	write_text(tmp, "bank.ini", bank_header);
	snprintf(dir, sizeof dir, "%s/mh", tmp);
	OK("generate 2 seed 2 format moodle header %s/bank.ini to %s tests/data/gen-html.ini "
	   "painleve-paradox",
	   tmp, dir);
	char *xml = slurp(dir, "questions.xml");
	snprintf(path, sizeof path, "%s/questions.xml", dir);
	if (!have("xmllint")) {
		test_skip("xmllint is not installed: questions.xml not read as XML");
		free(xml);
		return;
	}
	int rc;
	snprintf(cmd, sizeof cmd, "xmllint --noout %s", path);
	ck_assert_str_eq(first_line(cmd, &rc), "");
	ck_assert_int_eq(rc, 0);
	/* the first question: the set's category, the header its description */
	snprintf(cmd, sizeof cmd,
		 "xmllint --xpath 'string(/quiz/question[1][@type=\"category\"]/info[@format="
		 "\"html\"]/text)' %s",
		 path);
	ck_assert_str_eq(first_line(cmd, &rc), bank_header_html);
	snprintf(cmd, sizeof cmd, "xmllint --xpath 'string(/quiz/question[1]/category/text)' %s",
		 path);
	char set[64];
	snprintf(set, sizeof set, "%s", first_line(cmd, &rc));
	ck_assert_int_eq(strncmp(set, "$course$/tribo/set ", 19), 0);
	/* the exercises' categories are under it, with no description */
	snprintf(cmd, sizeof cmd,
		 "xmllint --xpath 'count(/quiz/question[@type=\"category\"][starts-with(category/"
		 "text, \"%s/\")][not(info)])' %s",
		 set, path);
	ck_assert_str_eq(first_line(cmd, &rc), "2");
	snprintf(cmd, sizeof cmd, "xmllint --xpath 'count(/quiz/question[@type=\"category\"])' %s",
		 path);
	ck_assert_str_eq(first_line(cmd, &rc), "3");
	free(xml);
}
END_TEST

/* format gift: the same bank in Moodle's GIFT format, read by
 * tests/gift_check.py (written from Moodle's documentation of GIFT):
 * every reserved character escaped, the categories, the header as a
 * description, and each number and tolerance the manifest's (the key's). */
START_TEST(test_gift)
{
	char dir[128], cmd[400];
	write_text(tmp, "bank.ini", bank_header);
	snprintf(dir, sizeof dir, "%s/gi", tmp);
	OK("generate 4 seed 2 format gift header %s/bank.ini to %s tests/data/gen-html.ini "
	   "painleve-paradox",
	   tmp, dir);
	ck_assert_ptr_nonnull(strstr(out.buf, "/questions.txt, "));
	char *man = slurp(dir, "manifest.txt"), *key = slurp(dir, "key.txt");
	ck_assert_ptr_nonnull(strstr(man, "files: questions.txt (the question bank to import, in "
					  "Moodle's GIFT format"));
	ck_assert_ptr_nonnull(strstr(man, " format gift to DIR force header FILE gen-html "));
	/* the key's numbers are the manifest's, which gift_check compares */
	ck_assert_ptr_nonnull(strstr(key, "NW5-01"));
	free(man);
	free(key);
	if (!have("python3")) {
		test_skip("python3 is not installed: questions.txt not read back");
		return;
	}
	snprintf(cmd, sizeof cmd, "python3 tests/gift_check.py %s/questions.txt %s/manifest.txt",
		 dir, dir);
	int rc;
	/* gen-html 2 numbers, painleve-paradox 3 and a word, in 4 variants */
	ck_assert_str_eq(first_line(cmd, &rc),
			 "gift: 3 categories, 20 numerical, 4 short-answer, 1 description");
	ck_assert_int_eq(rc, 0);
	/* the description's text, unescaped, is the header's HTML */
	snprintf(cmd, sizeof cmd,
		 "python3 tests/gift_check.py %s/questions.txt | sed -n 's/^description: //p'",
		 dir);
	char want[512];
	snprintf(want, sizeof want, "%s", bank_header_html);
	ck_assert_str_eq(first_line(cmd, &rc), want);
	/* a roster is Moodle's to deal, as with format moodle */
	ck_assert_int_eq(
		run("generate 2 format gift to %s/g2 roster %s/bank.ini disk-reye", tmp, tmp), -1);
	ck_assert_str_eq(d.msg, "roster with format gift: Moodle deals the variants to the "
				"students itself; drop one of them");
}
END_TEST

/* ---- one sheet per student (issue 21) ----------------------------------- */

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* The CSV reader: quotes, "" in them, separators and line breaks inside,
 * CRLF, a byte-order mark, blank lines, semicolons; where a quote is not
 * closed. */
START_TEST(test_csv)
{
	struct csv c;
	struct diag e = {0};
	static const char text[] =
		"\xEF\xBB\xBFName,Group\r\n\"Doe, Jane\",A\r\n\r\n\"Say \"\"hi\"\"\","
		"\"B\nC\"\nLast,\n";
	ck_assert_int_eq(csv_parse("t.csv", text, sizeof text - 1, &c, &e), 0);
	ck_assert_uint_eq(c.n, 4);
	ck_assert_str_eq(c.row[0].field[0], "Name");
	ck_assert_str_eq(c.row[1].field[0], "Doe, Jane");
	ck_assert_int_eq(c.row[1].line, 2);
	ck_assert_str_eq(c.row[2].field[0], "Say \"hi\"");
	ck_assert_str_eq(c.row[2].field[1], "B\nC");
	ck_assert_int_eq(c.row[2].line, 4);
	ck_assert_int_eq(c.row[3].line, 6);
	ck_assert_uint_eq(c.row[3].n, 2);
	ck_assert_str_eq(c.row[3].field[1], "");
	csv_release(&c);
	static const char semi[] = "Nom;Note\nDupont, Jean;12\n";
	ck_assert_int_eq(csv_parse("s.csv", semi, sizeof semi - 1, &c, &e), 0);
	ck_assert_str_eq(c.row[1].field[0], "Dupont, Jean");
	csv_release(&c);
	static const char open[] = "Name\nOk\n\"Never closed\nat all\n";
	ck_assert_int_eq(csv_parse("o.csv", open, sizeof open - 1, &c, &e), -1);
	ck_assert_str_eq(e.msg, "o.csv:3: a quoted field is not closed (a \" without its pair)");
}
END_TEST

/* A roster of 25 gives 25 pages, each with its student's name, and a key
 * that names each student's variant; the same roster and seed, the same
 * files byte for byte. */
START_TEST(test_roster)
{
	struct strbuf csv = STRBUF_INIT;
	strbuf_addstr(&csv, "Student ID,Name,Email\n");
	for (int i = 1; i <= 25; i++)
		strbuf_addf(&csv, "%d,\"%s %02d\",s%d@uni\n", 1000 + i,
			    i == 7 ? "Châtelet, Émilie du" : "Student", i, i);
	write_text(tmp, "roster.csv", strbuf_str(&csv));
	strbuf_release(&csv);
	char a[128], b[128], tag[5];
	snprintf(a, sizeof a, "%s/ra", tmp);
	snprintf(b, sizeof b, "%s/rb", tmp);
	OK("generate 25 seed 3 format tex to %s roster %s/roster.csv disk-reye", a, tmp);
	OK("generate 25 seed 3 format tex to %s roster %s/roster.csv disk-reye", b, tmp);
	char *sheet = slurp(a, "sheet.tex"), *key = slurp(a, "key.tex");
	set_tag(3, "disk-reye", tag);
	for (int i = 1; i <= 25; i++) {
		char name[64], want[160];
		if (i == 7)
			snprintf(name, sizeof name, "Châtelet, Émilie du 07");
		else
			snprintf(name, sizeof name, "Student %02d", i);
		snprintf(want, sizeof want,
			 "{\\large\\bfseries Variant %s-%02d}\\hfill Name: \\textbf{%s}", tag, i,
			 i == 7 ? "Ch\\^atelet, \\'Emilie du 07" : name);
		ck_assert_msg(strstr(sheet, want), "no page '%s'", want);
		snprintf(want, sizeof want, "\\subsection*{Variant %s-%02d: %s}", tag, i,
			 i == 7 ? "Ch\\^atelet, \\'Emilie du 07" : name);
		ck_assert_msg(strstr(key, want), "the key lacks '%s'", want);
	}
	int pages = 1;
	for (const char *p = sheet; (p = strstr(p, "\\clearpage")); p++)
		pages++;
	ck_assert_int_eq(pages, 25);
	for (int k = 0; k < 3; k++) {
		static const char *const files[] = {"sheet.tex", "key.tex", "manifest.txt"};
		char *x = slurp(a, files[k]), *y = slurp(b, files[k]);
		ck_assert_msg(!strcmp(x, y), "%s differs between two runs", files[k]);
		free(x);
		free(y);
	}
	free(sheet);
	free(key);
	/* what a roster cannot be */
	ck_assert_int_eq(run("generate 24 to %s/r1 roster %s/roster.csv disk-reye", tmp, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "the roster has 25 students, one variant each"));
	write_text(tmp, "twice.csv", "First name,Last name\nAda,Byron\nEmmy,Noether\nAda,Byron\n");
	ck_assert_int_eq(run("generate 3 to %s/r2 roster %s/twice.csv disk-reye", tmp, tmp), -1);
	char want[256];
	snprintf(want, sizeof want,
		 "%s/twice.csv:4: 'Ada Byron' is on the roster twice (line 2 too): the key could "
		 "not "
		 "tell them apart",
		 tmp);
	ck_assert_str_eq(d.msg, want);
	write_text(tmp, "empty.csv", "Name\nAda\n,\n");
	ck_assert_int_eq(run("generate 2 to %s/r3 roster %s/empty.csv disk-reye", tmp, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "empty.csv:3: no name in the name column"));
	ck_assert_int_eq(
		run("generate 2 format moodle to %s/r4 roster %s/empty.csv disk-reye", tmp, tmp),
		-1);
	ck_assert_ptr_nonnull(strstr(d.msg, "roster with format moodle"));
	ck_assert_int_eq(run("generate 2 to %s/r5 roster %s/none.csv disk-reye", tmp, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "none.csv: No such file or directory"));
}
END_TEST

/* header FILE: the course, title, date and instructions at the top of
 * every student's page, in every format; a bad header file names its line. */
START_TEST(test_header)
{
	write_text(
		tmp, "course.ini",
		"# the course\ncourse = Mechanics II\ntitle = Set 3: friction & stops\n"
		"date = Due 4 December\ninstructions = Show your work;\n  50% for the method.\n");
	static const struct {
		const char *fmt, *course, *title, *instr;
	} want[] = {
		{"tex", "{\\small Mechanics II}\\hfill{\\small Due 4 December}",
		 "{\\Large\\bfseries Set 3: friction \\& stops}",
		 "{\\small Show your work; 50\\% for the method.}"},
		{"md", "Mechanics II — Due 4 December", "# Set 3: friction & stops",
		 "*Show your work; 50% for the method.*"},
		{"txt", "Mechanics II — Due 4 December",
		 "Set 3: friction & stops\n====", "Show your work; 50% for the method."},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		char dir[128], file[32];
		snprintf(dir, sizeof dir, "%s/h-%s", tmp, want[i].fmt);
		OK("generate 3 seed 4 format %s to %s header %s/course.ini disk-reye", want[i].fmt,
		   dir, tmp);
		snprintf(file, sizeof file, "sheet.%s", want[i].fmt);
		char *sheet = slurp(dir, file);
		int courses = 0, instrs = 0;
		for (const char *p = sheet; (p = strstr(p, want[i].course)); p++)
			courses++;
		for (const char *p = sheet; (p = strstr(p, want[i].instr)); p++)
			instrs++;
		ck_assert_msg(courses == 3 && instrs == 3, "%s: %d courses, %d instructions",
			      want[i].fmt, courses, instrs);
		ck_assert_msg(strstr(sheet, want[i].title), "%s: no title", want[i].fmt);
		free(sheet);
	}
	char path[256], msg[320];
	static const struct {
		const char *text, *why;
	} bad[] = {
		{"course = A\ntitel = B\n",
		 ":2: unknown key 'titel' (course, title, date, instructions)"},
		{"course = A\n\ncourse = B\n", ":3: 'course' is given twice"},
		{"; fine\njust words\n", ":2: not 'key = value'"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		write_text(tmp, "bad.ini", bad[i].text);
		snprintf(path, sizeof path, "%s/bad.ini", tmp);
		ck_assert_int_eq(run("generate 1 to %s/hb header %s disk-reye", tmp, path), -1);
		snprintf(msg, sizeof msg, "%s%s", path, bad[i].why);
		ck_assert_str_eq(d.msg, msg);
	}
}
END_TEST

/* grade (issue 21): 25 students of a roster, 18 right, 3 off by a factor
 * of 2 in stop_time, one with a length for a time, one in ms (right), one
 * unreadable number, one answer missing, and a row of no student. */
START_TEST(test_grade)
{
	struct strbuf csv = STRBUF_INIT;
	strbuf_addstr(&csv, "Name\n");
	for (int i = 1; i <= 25; i++)
		strbuf_addf(&csv, "Student %02d\n", i);
	write_text(tmp, "class.csv", strbuf_str(&csv));
	strbuf_release(&csv);
	char dir[128];
	snprintf(dir, sizeof dir, "%s/gset", tmp);
	OK("generate 25 seed 3 format txt to %s roster %s/class.csv disk-reye", dir, tmp);
	/* the exact answers, from the manifest, by student */
	char *man = slurp(dir, "manifest.txt");
	double R[26] = {0}, T[26] = {0};
	char code[26][16];
	for (const char *p = man; (p = strstr(p, "\nstudent\t")); p++) {
		int i;
		char cd[16];
		ck_assert_int_eq(sscanf(p, "\nstudent\t%15[^\t]\tStudent %d", cd, &i), 2);
		snprintf(code[i], sizeof code[i], "%s", cd);
		char want[64];
		snprintf(want, sizeof want, "\nanswer\t%s\tdisk-reye\tR_coeff\t", cd);
		R[i] = strtod(strstr(man, want) + strlen(want), NULL);
		snprintf(want, sizeof want, "\nanswer\t%s\tdisk-reye\tstop_time\t", cd);
		T[i] = strtod(strstr(man, want) + strlen(want), NULL);
	}
	free(man);
	strbuf_addstr(&csv, "Name,R_coeff,stop_time\n");
	for (int i = 1; i <= 25; i++) {
		strbuf_addf(&csv, "Student %02d,", i);
		if (i == 24)
			strbuf_addstr(&csv, "1.2.3");
		else if (i != 25)
			strbuf_addf(&csv, "%.4g", R[i]);
		if (i >= 19 && i <= 21)
			strbuf_addf(&csv, ",%.4g\n", T[i] / 2);
		else if (i == 22)
			strbuf_addf(&csv, ",%.4g m\n", T[i]);
		else if (i == 23)
			strbuf_addf(&csv, ",%.5g ms\n", 1000 * T[i]);
		else
			strbuf_addf(&csv, ",%.4g\n", T[i]);
	}
	strbuf_addstr(&csv, "Nobody,1,2\n");
	write_text(tmp, "answers.csv", strbuf_str(&csv));
	strbuf_release(&csv);
	OK("grade %s %s/answers.csv to %s/graded.csv", dir, tmp, tmp);
	char *g = slurp(tmp, "graded.csv");
	ck_assert_ptr_nonnull(
		strstr(g, "student,code,R_coeff,R_coeff note,stop_time,stop_time note,score\n"));
	for (int i = 1; i <= 25; i++) {
		char want[256];
		const char *r = i == 24 ? "unreadable" : i == 25 ? "missing" : "correct";
		const char *t = (i >= 19 && i <= 22) ? "incorrect" : "correct";
		const char *note = i >= 19 && i <= 21 ? "\"half the answer: a factor of 2 missing "
							"(off by 50%, the tolerance is 1%)\""
				   : i == 22 ? "the unit m is not of the kind stop_time is (s)"
					     : "";
		snprintf(want, sizeof want, "Student %02d,%s,%s,", i, code[i], r);
		const char *row = strstr(g, want);
		ck_assert_msg(row, "no row '%s'", want);
		snprintf(want, sizeof want, ",%s,%s,%d/2\n", t, note,
			 (i >= 19 && i <= 22) || i >= 24 ? 1 : 2);
		const char *end = strchr(row, '\n');
		ck_assert_msg(strstr(row, want) && strstr(row, want) < end + 1,
			      "Student %02d: '%.*s' lacks '%s'", i, (int)(end - row), row, want);
	}
	free(g);
	const char *o = strbuf_str(&out);
	char want[256];
	snprintf(want, sizeof want, "%s/answers.csv:25: R_coeff: '1.2.3' is not a number", tmp);
	ck_assert_msg(strstr(o, want), "'%s' lacks '%s'", o, want);
	snprintf(want, sizeof want,
		 "%s/answers.csv:27: no such student or variant code in the set: not graded", tmp);
	ck_assert_ptr_nonnull(strstr(o, want));
	ck_assert_ptr_nonnull(strstr(o, "R_coeff: 23 of 25 correct, 1 missing, 1 unreadable\n"));
	ck_assert_ptr_nonnull(strstr(o,
				     "stop_time: 21 of 25 correct; the commonest mistake: half the "
				     "answer: a factor of 2 missing (3)\n"));
	ck_assert_ptr_nonnull(strstr(o, "graded 25 students; 1 row not graded (above)\n"));
	/* what grade cannot read */
	ck_assert_int_eq(run("grade %s/nowhere %s/answers.csv", tmp, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "/nowhere/manifest.txt: No such file or directory"));
	write_text(tmp, "badcol.csv", "Name,stoptime\nStudent 01,1\n");
	ck_assert_int_eq(run("grade %s %s/badcol.csv", dir, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "badcol.csv:1: column 'stoptime' is not an answer of "
					    "the set (R_coeff, stop_time)"));
}
END_TEST

/* grade against a manifest written by hand: a yes/no question (yes and 1
 * for true), a verdict without regard to case, significant figures (3 sig
 * of 1.234: within 0.005), an amount (abs 0.01), a set's unit grade cannot
 * read, a number past the doubles once in the set's unit; and what grade
 * refuses before it grades. */
START_TEST(test_grade_tolerances)
{
	char dir[128];
	snprintf(dir, sizeof dir, "%s/hand", tmp);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	write_text(dir, "manifest.txt",
		   "# by hand\n"
		   "answer\tA1-01\tx\tflag\ttrue\t\texact\n"
		   "answer\tA1-01\tx\tcase\tII\t\texact\n"
		   "answer\tA1-01\tx\tlen\t1.234\tm\tsig 3\n"
		   "answer\tA1-01\tx\tpos\t0.5\tm\tabs 0.01\n"
		   "answer\tA1-01\tx\todd\t2\tfurlong\trel 0.01\n"
		   "answer\tA1-02\tx\tflag\ttrue\t\texact\n"
		   "answer\tA1-02\tx\tcase\tII\t\texact\n"
		   "answer\tA1-02\tx\tlen\t1.234\tm\tsig 3\n"
		   "answer\tA1-02\tx\tpos\t0.5\tm\tabs 0.01\n"
		   "answer\tA1-02\tx\todd\t2\tfurlong\trel 0.01\n"
		   "student\tA1-01\tAda\nstudent\tA1-02\tBo\n");
	write_text(tmp, "a.csv",
		   "student,flag,case,len,pos,odd\n"
		   "Ada,yes,ii,1.23 m,0.505,2\n"
		   "Bo,no,III,1.24,1e308 km,\n"
		   "A1-01,1,II,1.234,0.5,2\n");
	OK("grade %s %s/a.csv", dir, tmp);
	/* Bo's 1.24 for 1.234: the note in its cell may say how far off it is
	 * (0.006 m, where 3 figures allow 0.005 m) or be empty; the rest is
	 * exact */
	char want[2048];
	const char *head = "student,code,flag,flag note,case,case note,len,len note,pos,pos note,"
			   "odd,odd note,score\n"
			   "Ada,A1-01,correct,,correct,,correct,,correct,,unreadable,the set's "
			   "unit 'furlong': unknown unit 'furlong',4/5\n"
			   "Bo,A1-02,incorrect,the answer is true,incorrect,the answer is "
			   "II,incorrect,";
	snprintf(want, sizeof want,
		 ",unreadable,'1e308 km' is not a finite number,missing,,0/5\n"
		 "%s/a.csv:2: odd: the set's unit 'furlong': unknown unit 'furlong'\n"
		 "%s/a.csv:3: pos: '1e308 km' is not a finite number\n"
		 "%s/a.csv:4: 'A1-01' again (variant A1-01, graded at line 2): not graded, the "
		 "first row counts\n"
		 "flag: 1 of 2 correct; the commonest mistake: the answer is true (1)\n"
		 "case: 1 of 2 correct; the commonest mistake: the answer is II (1)\n"
		 "len: 1 of 2 correct\n"
		 "pos: 1 of 2 correct, 1 unreadable\n"
		 "odd: 0 of 2 correct, 1 missing, 1 unreadable\n"
		 "graded 2 students; 1 row not graded (above)\n",
		 tmp, tmp, tmp);
	const char *o = strbuf_str(&out);
	const size_t no = strlen(o), nh = strlen(head), nt = strlen(want);
	ck_assert_msg(no >= nh + nt && !strncmp(o, head, nh) && !strcmp(o + no - nt, want),
		      "grade said:\n%s", o);
	const char *note = o + nh, *end = o + no - nt; /* Bo's len note */
	ck_assert_msg(note == end || (memchr(note, '\n', (size_t)(end - note)) == NULL &&
				      strstr(note, "0.005 m") && strstr(note, "0.005 m") < end),
		      "len note: '%.*s'", (int)(end - note), note);
	/* the graded table to a file that cannot be written: nothing is said done */
	ck_assert_int_eq(run("grade %s %s/a.csv to /nonexistent/g.csv", dir, tmp), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "/nonexistent/g.csv"));
	/* the words around the files */
	ck_assert_int_eq(run("grade %s %s/a.csv into g.csv", dir, tmp), -1);
	ck_assert_str_eq(d.msg, "'into': the third word is 'to FILE.csv'");
	ck_assert_int_eq(run("grade %s %s/a.csv to", dir, tmp), -1);
	ck_assert_str_eq(d.msg, "usage: grade DIR ANSWERS.csv [to FILE.csv]");
	write_text(tmp, "h.csv", "student,flag\n");
	ck_assert_int_eq(run("grade %s %s/h.csv", dir, tmp), -1);
	snprintf(want, sizeof want, "%s/h.csv: no answers: a header row, then one student a row",
		 tmp);
	ck_assert_str_eq(d.msg, want);
	write_text(tmp, "one.csv", "student\nAda\n");
	ck_assert_int_eq(run("grade %s %s/one.csv", dir, tmp), -1);
	snprintf(want, sizeof want, "%s/one.csv:1: a student column and one column per answer",
		 tmp);
	ck_assert_str_eq(d.msg, want);
	/* a manifest generate did not write */
	write_text(dir, "manifest.txt", "answer\tA1-01\tx\tflag\ttrue\t\tnear 3\n");
	ck_assert_int_eq(run("grade %s %s/a.csv", dir, tmp), -1);
	snprintf(want, sizeof want, "%s/manifest.txt:1: not an answer line generate writes", dir);
	ck_assert_str_eq(d.msg, want);
	write_text(dir, "manifest.txt", "student\tA1-01\tAda\n");
	ck_assert_int_eq(run("grade %s %s/a.csv", dir, tmp), -1);
	snprintf(want, sizeof want,
		 "%s/manifest.txt: no answers in it (a set generate wrote before grade existed?)",
		 dir);
	ck_assert_str_eq(d.msg, want);
}
END_TEST

/* ---- bad arguments ------------------------------------------------------- */

static void fails(const char *line, const char *msg)
{
	ck_assert_msg(run("%s", line) == -1, "'%s' should fail", line);
	ck_assert_str_eq(d.prefix, "generate: ");
	ck_assert_msg(strstr(d.msg, msg), "'%s': '%s' lacks '%s'", line, d.msg, msg);
}

START_TEST(test_bad_arguments)
{
	fails("generate", "missing argument; usage: generate N [seed S]");
	fails("generate 3", "no exercise loaded: 'load ID' first, or name the exercises");
	fails("generate 0 disk-reye", "N '0' is not a whole number from 1 to 1000");
	fails("generate 1001 disk-reye", "N '1001' is not a whole number from 1 to 1000");
	fails("generate many disk-reye", "N 'many' is not a whole number");
	fails("generate 2 seed -1 disk-reye",
	      "seed '-1' is not a whole number from 0 to 18446744073709551615");
	fails("generate 2 seed 18446744073709551616 disk-reye",
	      "seed '18446744073709551616' is not a whole number");
	fails("generate 2 seed x1 disk-reye", "seed 'x1' is not");
	fails("generate 2 disk-reye seed", "'seed' wants a value: seed S");
	fails("generate 2 seed 1 seed 2 disk-reye", "'seed' is given twice");
	fails("generate 2 format pdf disk-reye", "format 'pdf' is not one of tex, md, txt");
	fails("generate 2 to 'a\nb' disk-reye", "the directory's name holds a control character");
	fails("generate 2 disk-reye nosuch", "no exercise 'nosuch'");
	fails("generate 2 disk-reyes", "did you mean 'disk-reye'?");
	fails("generate 2 imachi-fig4-90",
	      "imachi-fig4-90 has no parameter with a draw range: every variant would be the same");
	char line[256];
	snprintf(line, sizeof(line), "generate 1 to %s/afile/sub disk-reye", tmp);
	char path[128];
	snprintf(path, sizeof(path), "%s/afile", tmp);
	FILE *f = fopen(path, "w");
	fclose(f);
	fails(line, "cannot create directory");
	snprintf(line, sizeof(line), "generate 1 to %s disk-reye", path);
	fails(line, "is not a directory");
}
END_TEST

/* ---- completion --------------------------------------------------------- */

static char *joined(char **c)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; c[i]; i++) {
		strbuf_addf(&sb, "%s%s", i ? " " : "", c[i]);
		free(c[i]);
	}
	free(c);
	return strbuf_detach(&sb);
}

START_TEST(test_complete)
{
	bool files;
	char *c = joined(command_complete(s, "gen", 0, &files));
	ck_assert_str_eq(c, "generate");
	free(c);
	c = joined(command_complete(s, "generate 40 format ", 19, &files));
	ck_assert_str_eq(c, "tex md txt moodle gift");
	free(c);
	c = joined(command_complete(s, "generate 40 fo", 12, &files));
	ck_assert_str_eq(c, "format force");
	free(c);
	c = joined(command_complete(s, "generate 40 s", 12, &files));
	ck_assert_str_eq(c, "seed");
	free(c);
	c = joined(command_complete(s, "generate 40 seed 1 disk-r", 19, &files));
	ck_assert_str_eq(c, "disk-reye");
	free(c);
	c = joined(command_complete(s, "generate 40 to ", 15, &files));
	ck_assert_str_eq(c, "");
	ck_assert(files);
	free(c);
	c = joined(command_complete(s, "generate 40 seed ", 17, &files));
	ck_assert_str_eq(c, "");
	ck_assert(!files);
	free(c);
}
END_TEST

/* ---- LaTeX ----------------------------------------------------------------- */

/* Checks what pdflatex would trip on: only ASCII, \begin and \end in
 * pairs, braces balanced, and outside alltt none of # $ % ^ _ & ~ bare
 * (& only as a tabular's column separator). */
static void check_tex_structure(const char *name, const char *t)
{
	/* the comment lines that say which engine, then the class */
	while (*t == '%')
		t += strcspn(t, "\n") + 1;
	ck_assert_msg(!strncmp(t, "\\documentclass", 14), "%s: no \\documentclass", name);
	char stack[32][32];
	int depth = 0, braces = 0;
	bool alltt = false, tabular = false;
	for (const char *p = t; *p; p++) {
		ck_assert_msg((unsigned char)*p < 0x80, "%s: a non-ASCII byte at %ld", name,
			      (long)(p - t));
		char env[32];
		if (!strncmp(p, "\\begin{", 7) && sscanf(p + 7, "%31[a-z*]", env) == 1) {
			ck_assert_int_lt(depth, 32);
			strcpy(stack[depth++], env);
			alltt |= !strcmp(env, "alltt");
			tabular |= !strcmp(env, "tabular");
			p = strchr(p, '}');
			continue;
		}
		if (!strncmp(p, "\\end{", 5) && sscanf(p + 5, "%31[a-z*]", env) == 1) {
			ck_assert_msg(depth > 0 && !strcmp(stack[depth - 1], env),
				      "%s: \\end{%s} without its \\begin", name, env);
			depth--;
			if (!strcmp(env, "alltt"))
				alltt = false;
			if (!strcmp(env, "tabular"))
				tabular = false;
			p = strchr(p, '}');
			continue;
		}
		if (*p == '\\') { /* a control symbol such as \$ or \{ */
			p++;
			continue;
		}
		if (*p == '{')
			braces++;
		if (*p == '}')
			braces--;
		ck_assert_msg(braces >= 0, "%s: '}' without its '{' at %ld", name, (long)(p - t));
		if (alltt)
			continue;
		bool ok =
			!strchr("#$%^_&~", *p) || (*p == '&' && tabular) || (*p == '~' && tabular);
		ck_assert_msg(ok, "%s: a bare '%c' at %ld: %.40s", name, *p, (long)(p - t), p);
	}
	ck_assert_msg(depth == 0, "%s: \\begin{%s} not ended", name, depth ? stack[depth - 1] : "");
	ck_assert_msg(braces == 0, "%s: braces do not balance", name);
	ck_assert_ptr_nonnull(strstr(t, "\\end{document}\n"));
	ck_assert_ptr_null(strstr(t, "[U+")); /* every character mapped */
}

/* Runs pdflatex on dir/name.tex (no shell); its exit status. Bounded:
 * nothing on its standard input, and SIGALRM (which exec keeps) ends it
 * after 60 s. */
static int pdflatex(const char *dir, const char *name)
{
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (chdir(dir) || !freopen("/dev/null", "w", stdout) ||
		    !freopen("/dev/null", "r", stdin))
			_exit(126);
		alarm(60);
		execlp("pdflatex", "pdflatex", "-interaction=nonstopmode", "-halt-on-error", name,
		       (char *)NULL);
		_exit(127);
	}
	int status;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

START_TEST(test_latex_every_exercise)
{
	struct catalog cat;
	catalog_scan(&cat);
	bool tex = have("pdflatex");
	int done = 0;
	for (size_t i = 0; i < cat.n; i++) {
		struct exercise *ex = exercise_read(cat.entry[i].path, &d);
		ck_assert_ptr_nonnull(ex);
		bool drawn = false;
		for (size_t j = 0; j < ex->model->nparams; j++)
			drawn |= ex->params[j].has_draw;
		exercise_free(ex);
		if (!drawn || (light() && strcmp(cat.entry[i].id, "painleve-rod")))
			continue;
		char dir[128];
		snprintf(dir, sizeof(dir), "%s/%s", tmp, cat.entry[i].id);
		OK("generate 2 seed 1 to %s %s", dir, cat.entry[i].id);
		for (int k = 0; k < 2; k++) {
			const char *name = k ? "key.tex" : "sheet.tex";
			char *t = slurp(dir, name);
			char what[160];
			snprintf(what, sizeof(what), "%s/%s", cat.entry[i].id, name);
			check_tex_structure(what, t);
			/* no roster: every name is Latin, the file says pdflatex */
			ck_assert_msg(!strncmp(t, "% !TEX program = pdflatex\n", 26),
				      "%s: not for pdflatex", what);
			free(t);
			if (!tex)
				continue;
			ck_assert_msg(pdflatex(dir, name) == 0, "pdflatex fails on %s/%s", dir,
				      name);
			/* only the Type 1 Computer Modern: a bitmap (pk) font means a
			 * glyph from TS1 that mktexpk had to make */
			char *log = slurp(dir, k ? "key.log" : "sheet.log");
			ck_assert_msg(!strstr(log, "pk>") && !strstr(log, "/fonts/pk/"),
				      "%s/%s uses a bitmap font", dir, name);
			free(log);
		}
		done++;
	}
	catalog_release(&cat);
	ck_assert_int_ge(done, light() ? 1 : 20);
	if (!tex)
		test_skip("pdflatex is not installed (Debian's texlive-latex-base; make deps-check "
			  "installs it): the %d sheets and keys' structure checked, not compiled",
			  done);
}
END_TEST

/* ---- Ctrl-C ------------------------------------------------------------- */

static int progress_calls, interrupt_after;

static void interrupting(const struct num_progress *p)
{
	(void)p;
	if (++progress_calls == interrupt_after)
		num_interrupted = 1;
}

/* command_run clears the flag as a command starts, and nothing below it
 * does: a Ctrl-C from before a command does not stop it, one during it
 * stops generate and lint however many solves they have left. */
/* Issue 20: the variants are solved for their answers and steps, in
 * sessions of generate's own; the loaded exercise's solve, and the figures
 * it made in its one run (issue 36), are left as they were. */
START_TEST(test_no_figures)
{
	OK("load disk-reye");
	OK("solve");
	const unsigned long serial = session_figures_serial(s), runs = model_runs();
	OK("generate 3 seed 1 to %s", tmp);
	ck_assert(session_figures_made(s));
	ck_assert_uint_eq(session_figures_serial(s), serial);
	ck_assert_uint_ge(model_runs() - runs, 4); /* its own values, then each variant */
	char *key = slurp(tmp, "key.tex");
	ck_assert_ptr_nonnull(strstr(key, "stop")); /* the key has its answers */
	free(key);
}
END_TEST

START_TEST(test_interrupted)
{
	num_interrupted = 1;
	OK("generate 2 seed 1 format txt to %s disk-reye", tmp);
	num_set_progress_hook(interrupting);
	progress_calls = 0, interrupt_after = 3;
	ck_assert_int_eq(run("generate 40 seed 1 format txt to %s/b disk-reye", tmp), -1);
	ck_assert_msg(strstr(d.msg, "interrupted"), "%s", d.msg);
	progress_calls = 0;
	OK("lint disk-reye");
	ck_assert_msg(strstr(strbuf_str(&out), "interrupted after"), "%s", strbuf_str(&out));
	num_set_progress_hook(NULL);
	num_interrupted = 0;
}
END_TEST

static Suite *generate_suite(void)
{
	Suite *su = suite_create("generate");
	TCase *tc = tcase_create("generate");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_round);
	tcase_add_test(tc, test_format_answer);
	tcase_add_test(tc, test_latex_escape);
	tcase_add_test(tc, test_latex_engine);
	tcase_add_test(tc, test_precision);
	tcase_add_test(tc, test_fold);
	tcase_add_test(tc, test_reproducible);
	tcase_add_test(tc, test_answers_match);
	tcase_add_test(tc, test_redraw);
	tcase_add_test(tc, test_keep);
	tcase_add_test(tc, test_keep_lint);
	tcase_add_test(tc, test_md_txt);
	tcase_add_test(tc, test_codes_no_seed);
	tcase_add_test(tc, test_stable_draws);
	tcase_add_test(tc, test_no_overwrite);
	tcase_add_test(tc, test_moodle);
	tcase_add_test(tc, test_moodle_header);
	tcase_add_test(tc, test_gift);
	tcase_add_test(tc, test_csv);
	tcase_add_test(tc, test_roster);
	tcase_add_test(tc, test_header);
	tcase_add_test(tc, test_grade);
	tcase_add_test(tc, test_grade_tolerances);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_complete);
	tcase_add_test(tc, test_no_figures);
	tcase_add_test(tc, test_interrupted);
	tcase_add_test(tc, test_latex_every_exercise);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(generate_suite());
}
