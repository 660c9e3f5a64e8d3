/* Plotting: the gnuplot scripts as text (quoting, data, styles), a real
 * gnuplot drawing text, PNG, SVG and PDF, surviving a killed, hung or
 * missing gnuplot, and the plot, sweep and export commands. The tests
 * that need gnuplot say so and pass when it is not installed. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/command.h"
#include "exercise/sweep.h"
#include "gp/gnuplot.h"
#include "gp/gpscript.h"
#include "gp/thin.h"
#include "plot/plot.h"
#include "testutil.h"
#include "util/outfile.h"
#include "util/xalloc.h"

/* A hostile text: every way gnuplot 5.4 has of running a command, a quote
 * to end the string early, a newline to end the command, and the enhanced
 * text markup. */
#define HOSTILE                                                                                    \
	"it's `touch /tmp/tribo-pwned-1` system(\"touch /tmp/tribo-pwned-2\")\n@x ^a_b {c} \\"

static bool have_gnuplot(void)
{
	const char *prog = getenv("GNUPLOT");
	if (prog && *prog)
		return access(prog, X_OK) == 0;
	const char *path = getenv("PATH");
	if (!path)
		return false;
	char *copy = xstrdup(path), *save = NULL;
	bool found = false;
	for (char *dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char buf[4096];
		snprintf(buf, sizeof(buf), "%s/gnuplot", dir);
		found = access(buf, X_OK) == 0;
	}
	free(copy);
	return found;
}

#define NEED_GNUPLOT()                                                                             \
	do {                                                                                       \
		if (!have_gnuplot()) {                                                             \
			test_skip("gnuplot is not installed");                                     \
			return;                                                                    \
		}                                                                                  \
	} while (0)

/* The script with every quoted string taken out: what gnuplot would parse
 * as commands. */
static char *unquoted(const char *s)
{
	struct strbuf out = STRBUF_INIT;
	for (const char *p = s; *p; p++) {
		if (*p == '\'') {
			for (p++; *p && !(p[0] == '\'' && p[1] != '\''); p++)
				if (p[0] == '\'')
					p++; /* '' inside the string */
			ck_assert_msg(*p == '\'', "unterminated single-quoted string");
			strbuf_addstr(&out, "S");
		} else if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			ck_assert_msg(*p == '"', "unterminated double-quoted string");
			strbuf_addstr(&out, "S");
		} else {
			strbuf_addch(&out, *p);
		}
	}
	return strbuf_detach(&out);
}

/* A figure with one of each: a line with exact, NaN and infinite values, a
 * band, a dashed line, points. */
static void build(struct figures *fs, const char *title, const char *label)
{
	struct figure *f = figure_add(fs, "test", title, "t [s]", label);
	f->equal_axes = true;
	f->xmin = 0;
	f->xmax = 1;
	f->ymax = 2;
	struct curve *c = figure_curve(f, label, CURVE_LINE);
	curve_point(c, 0.1, 1.0 / 3);
	curve_point(c, 2, NAN);
	curve_point(c, INFINITY, 1e-300);
	c = figure_curve(f, "band", CURVE_FILL);
	curve_band(c, 0, -1, 1);
	curve_band(c, 1, -2, 2);
	c = figure_curve(f, "", CURVE_DASHED);
	curve_point(c, 0, 0.5);
	curve_point(c, 1, 0.5);
	c = figure_curve(f, "dots", CURVE_POINTS);
	curve_point(c, 0.5, 0.25);
	figure_curve(f, "empty", CURVE_LINE);
}

/* A log y axis (kozlov-ball's slip speeds): gnuplot's own decades on every
 * terminal, never the text layout's linear ticks. */
START_TEST(test_script_log_y)
{
	struct figures fs = FIGURES_INIT;
	struct figure *f = figure_add(&fs, "slip", "Slip", "t [s]", "|v| [m/s]");
	f->log_y = true;
	struct curve *c = figure_curve(f, "decay", CURVE_LINE);
	for (int i = 0; i <= 20; i++)
		curve_point(c, 0.1 * i, exp(-12.0 * 0.1 * i));
	const struct gp_term terms[] = {{.kind = GP_TERM_PNG, .output = "/d/f.png"},
					{.kind = GP_TERM_DUMB, .cols = 78, .rows = 20}};
	for (size_t i = 0; i < 2; i++) {
		struct strbuf sb = STRBUF_INIT;
		gp_script_figure(&sb, f, "T", &terms[i]);
		ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "set logscale y\n"));
		ck_assert_ptr_null(strstr(strbuf_str(&sb), "set ytics"));
		strbuf_release(&sb);
	}
	f->log_y = false;
	struct strbuf sb = STRBUF_INIT;
	gp_script_figure(&sb, f, "T", &terms[1]);
	ck_assert_ptr_null(strstr(strbuf_str(&sb), "logscale"));
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

START_TEST(test_quote)
{
	struct strbuf sb = STRBUF_INIT;
	gp_quote(&sb, HOSTILE);
	ck_assert_str_eq(strbuf_str(&sb), "('it'.sprintf('%c',39).'s `touch /tmp/tribo-pwned-1` "
					  "system(\"touch /tmp/tribo-pwned-2\")@x ^a_b {c} \\')");
	strbuf_reset(&sb);
	gp_quote(&sb, "μ θ ω Δ ü\t\x7f\r");
	ck_assert_str_eq(strbuf_str(&sb), "'μ θ ω Δ ü'");
	strbuf_reset(&sb);
	/* gnuplot reads '''a' as '' and a syntax error: a leading quote is an
	 * expression, also after a dropped control character (issue 18); and
	 * 'a''''b' as "a'" and a stray b, and its @macro scan takes the ' in
	 * "'" for a quote: no quote character is written, a run of them is
	 * made by sprintf (issue 43) */
	gp_quote(&sb, "'quoted' word");
	ck_assert_str_eq(strbuf_str(&sb), "(sprintf('%c',39).'quoted'.sprintf('%c',39).' word')");
	strbuf_reset(&sb);
	gp_quote(&sb, "\x01''");
	ck_assert_str_eq(strbuf_str(&sb), "(sprintf('%c%c',39,39))");
	strbuf_reset(&sb);
	gp_quote(&sb, "``Reye's''");
	ck_assert_str_eq(strbuf_str(&sb), "('``Reye'.sprintf('%c',39).'s'.sprintf('%c%c',39,39))");
	strbuf_reset(&sb);
	gp_number(&sb, 0.1);
	strbuf_addch(&sb, ' ');
	gp_number(&sb, -INFINITY);
	strbuf_addch(&sb, ' ');
	gp_number(&sb, NAN);
	ck_assert_str_eq(strbuf_str(&sb), "0.10000000000000001 NaN NaN");
	strbuf_release(&sb);
}
END_TEST

START_TEST(test_script_inert)
{
	struct figures fs = FIGURES_INIT;
	build(&fs, HOSTILE, HOSTILE);
	struct strbuf sb = STRBUF_INIT;
	struct gp_term t = {.kind = GP_TERM_PNG, .output = "/tmp/it's `x`.png"};
	gp_script_figure(&sb, &fs.fig[0], HOSTILE, &t);
	char *bare = unquoted(strbuf_str(&sb));
	/* nothing of the texts is left outside the quotes */
	ck_assert_ptr_null(strchr(bare, '`'));
	ck_assert_ptr_null(strstr(bare, "system"));
	ck_assert_ptr_null(strstr(bare, "touch"));
	ck_assert_ptr_null(strchr(bare, '@'));
	ck_assert_ptr_null(strstr(bare, "set print"));
	/* every text is drawn noenhanced, and the output is the quoted path */
	ck_assert_ptr_nonnull(
		strstr(strbuf_str(&sb), "set label 10 ('it'.sprintf('%c',39).'s `touch"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "{c} \\') noenhanced\n"));
	ck_assert_ptr_nonnull(
		strstr(strbuf_str(&sb), "set output ('/tmp/it'.sprintf('%c',39).'s `x`.png')\n"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "set termoption noenhanced\n"));
	/* every line outside the data and the plot's continuation is a
	 * command tribo wrote */
	static const char *const starts[] = {"reset", "set ",	     "unset ", "$tribo",
					     "plot ", "     $tribo", "EOD"};
	bool data = false;
	for (char *line = bare; *line;) {
		char *e = strchr(line, '\n');
		ck_assert_ptr_nonnull(e);
		*e = '\0';
		bool known = data;
		for (size_t i = 0; !known && i < sizeof(starts) / sizeof(*starts); i++)
			known = !strncmp(line, starts[i], strlen(starts[i]));
		ck_assert_msg(known, "unexpected line '%s'", line);
		if (!strncmp(line, "$tribo", 6))
			data = true;
		else if (!strcmp(line, "EOD"))
			data = false;
		line = e + 1;
	}
	free(bare);
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

START_TEST(test_script_content)
{
	struct figures fs = FIGURES_INIT;
	build(&fs, "Title", "u_x / a");
	struct strbuf sb = STRBUF_INIT;
	struct gp_term t = {.kind = GP_TERM_PNG, .output = "/d/f.png"};
	gp_script_figure(&sb, &fs.fig[0], "Ex: Title", &t);
	const char *s = strbuf_str(&sb);
	ck_assert_ptr_nonnull(strstr(s, "reset\nset encoding utf8\n"
					"set terminal pngcairo size 1000,700 noenhanced\n"));
	/* the title one line in a larger font, in a margin made for it */
	ck_assert_ptr_nonnull(
		strstr(s, "set tmargin 2.8\nset label 10 'Ex: Title' at screen 0.5, "
			  "screen 1 offset 0, char -1.3 center font ',15' noenhanced\n"));
	ck_assert_ptr_nonnull(strstr(s, "set xlabel 't [s]' noenhanced\n"));
	ck_assert_ptr_nonnull(strstr(s, "set ylabel 'u_x / a' noenhanced\n"));
	ck_assert_ptr_nonnull(strstr(s, "set size ratio -1\n"));
	ck_assert_ptr_nonnull(strstr(s, "set xrange [0:1]\n"));
	ck_assert_ptr_nonnull(strstr(s, "set yrange [*:2]\n"));
	/* beside a hodograph, outside its box: never on the data */
	ck_assert_ptr_nonnull(strstr(s, "set key outside right top vertical "));
	/* the data exactly, non-finite values as NaN */
	ck_assert_ptr_nonnull(strstr(s, "$tribo0 << EOD\n"
					"0.10000000000000001 0.33333333333333331\n"
					"2 NaN\n"
					"NaN 1e-300\n"
					"EOD\n"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo1 << EOD\n0 -1 1\n1 -2 2\nEOD\n"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo2 << EOD\n0 0.5\n1 0.5\nEOD\n"));
	ck_assert_ptr_null(strstr(s, "$tribo4")); /* the empty curve */
	/* the band first, between y and y2, semi-transparent */
	ck_assert_ptr_nonnull(strstr(s,
				     "plot $tribo1 using 1:2:3 with filledcurves fs "
				     "transparent solid 0.3 noborder lc rgb '#0072B2' title 'band' "
				     "noenhanced"));
	/* Okabe and Ito's colours, in turn; the first line solid after the band */
	ck_assert_ptr_nonnull(strstr(s, "$tribo0 using 1:2 with lines lw 2 lc rgb '#D55E00' "
					"title 'u_x / a' noenhanced"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo2 using 1:2 with lines dashtype 2 lw 1.5 lc rgb "
					"'#009E73' notitle"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo3 using 1:2 with points pt 7 ps 1.8 lc rgb "
					"'#CC79A7' title 'dots'"));
	ck_assert_ptr_nonnull(strstr(s, "\nset output\n"));

	/* files: the path given, the terminal by kind; automatic axes */
	struct figure *f = &fs.fig[0];
	f->equal_axes = false;
	f->xmin = f->xmax = f->ymax = NAN;
	static const struct {
		enum gp_term_kind kind;
		const char *line;
	} terms[] = {{GP_TERM_PNG, "set terminal pngcairo size 1000,700 noenhanced\n"},
		     {GP_TERM_SVG, "set terminal svg size 1000,700 noenhanced"},
		     {GP_TERM_PDF, "set terminal pdfcairo "}};
	for (size_t i = 0; i < 3; i++) {
		strbuf_reset(&sb);
		t = (struct gp_term){.kind = terms[i].kind, .output = "/d/f"};
		gp_script_figure(&sb, f, "T", &t);
		ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), terms[i].line));
		ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "set output '/d/f'\n"));
		ck_assert_ptr_null(strstr(strbuf_str(&sb), "range"));
		ck_assert_ptr_null(strstr(strbuf_str(&sb), "ratio"));
		ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "pt 7"));
	}
	/* a window: its terminal at the PNG's size, no file, our own window
	 * title, and persist only when asked */
	strbuf_reset(&sb);
	t = (struct gp_term){.kind = GP_TERM_WINDOW, .window = "qt"};
	gp_script_figure(&sb, f, "T", &t);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "set terminal qt size 1000,700 noenhanced "
						      "nopersist title 'tribo'\nset output\n"));
	ck_assert_ptr_null(strstr(strbuf_str(&sb), "set output '"));
	strbuf_reset(&sb);
	t = (struct gp_term){.kind = GP_TERM_WINDOW, .window = "wxt", .persist = true};
	gp_script_figure(&sb, f, "T", &t);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "set terminal wxt size 1000,700 noenhanced "
						      "persist title 'tribo'\nset output\n"));
	/* in a file the title is one short line, and a long subtitle is
	 * broken into lines under it, each a label of its own */
	strbuf_reset(&sb);
	t = (struct gp_term){.kind = GP_TERM_SVG, .output = "/d/f.svg"};
	gp_script_figure_sub(&sb, f, "disk: sweep",
			     "A spinning disk stops under Coulomb friction, a rather long "
			     "description of it. stop_time against mu, swept from 0.1 to 0.4 in "
			     "4 points",
			     &t);
	const char *sv = strbuf_str(&sb);
	ck_assert_ptr_nonnull(strstr(sv, "set label 10 'disk: sweep' at screen 0.5, screen 1 "
					 "offset 0, char -1.3 center font ',15' noenhanced\n"));
	ck_assert_ptr_nonnull(strstr(sv, "set label 11 'A spinning disk stops under Coulomb "));
	ck_assert_ptr_nonnull(strstr(sv, "' at screen 0.5, screen 1 offset 0, char -2.6 center "
					 "font ',11'"));
	ck_assert_ptr_nonnull(strstr(sv, "set label 12 '"));
	ck_assert_ptr_nonnull(strstr(sv, "in 4 points' at screen 0.5, screen 1 offset 0, char -3.7 "
					 "center font ',11'"));
	ck_assert_ptr_nonnull(strstr(sv, "set tmargin 5.0\n"));
	ck_assert_ptr_null(strstr(sv, "set title"));
	/* on a text terminal a label a line from the top row */
	strbuf_reset(&sb);
	t = (struct gp_term){.kind = GP_TERM_DUMB, .cols = 30, .rows = 12};
	gp_script_figure(&sb, f, "A spinning disk stops: stop_time against mu", &t);
	ck_assert_ptr_nonnull(strstr(
		strbuf_str(&sb), "set label 10 'A spinning disk stops:' at screen 0.5, screen 1 "
				 "offset 0, char 0 center noenhanced\n"
				 "set label 11 'stop_time against mu' at screen 0.5, screen 1 "
				 "offset 0, char -1 center noenhanced\n"));
	ck_assert_ptr_null(strstr(strbuf_str(&sb), "set title"));

	/* in a file the lines after the first get dash patterns, a second
	 * cue beside the colour for grey print; a run of an overlay takes
	 * its colour and its pattern from its number; the axes end at the
	 * data, a twentieth more in y */
	struct figures three = FIGURES_INIT;
	struct figure *g = figure_add(&three, "three", "u, v, w", "t", "y");
	for (int k = 0; k < 4; k++) {
		struct curve *c = figure_curve(g,
					       k == 0	? "u"
					       : k == 1 ? "v"
					       : k == 2 ? "w"
							: "run 2",
					       CURVE_LINE);
		curve_point(c, 0, k);
		curve_point(c, 1, k + 1);
		c->group = k == 3 ? 2 : 0;
	}
	strbuf_reset(&sb);
	t = (struct gp_term){.kind = GP_TERM_PNG, .output = "/d/f.png"};
	gp_script_figure(&sb, g, "three", &t);
	const char *s3 = strbuf_str(&sb);
	ck_assert_ptr_nonnull(strstr(s3, "$tribo0 using 1:2 with lines lw 2 lc rgb '#0072B2'"));
	ck_assert_ptr_nonnull(
		strstr(s3, "$tribo1 using 1:2 with lines lw 2 dt 4 lc rgb '#D55E00'"));
	ck_assert_ptr_nonnull(
		strstr(s3, "$tribo2 using 1:2 with lines lw 2 dt 5 lc rgb '#009E73'"));
	ck_assert_ptr_nonnull(
		strstr(s3, "$tribo3 using 1:2 with lines lw 2 dt 4 lc rgb '#D55E00'"));
	ck_assert_ptr_nonnull(strstr(s3, "set autoscale xfix\nset autoscale yfix\n"
					 "set offsets 0, 0, graph 0.05, graph 0.05\n"));
	/* a path that stands still is its point, marked, not nothing */
	struct curve *still = figure_curve(g, "still", CURVE_LINE);
	for (int k = 0; k < 3; k++)
		curve_point(still, 0.5, 0.5);
	strbuf_reset(&sb);
	gp_script_figure(&sb, g, "three", &t);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "$tribo4 using 1:2 with points pt 7 ps 1 "));
	figures_release(&three);
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

/* The rows of gnuplot's text, for the tests that read a drawn figure. */
static int text_rows(const char *text, char rows[][200], int most)
{
	int n = 0;
	for (const char *p = text; *p && n < most; n++) {
		size_t k = strcspn(p, "\n");
		snprintf(rows[n], 200, "%.*s", (int)(k < 199 ? k : 199), p);
		p += k + (p[k] == '\n');
	}
	return n;
}

START_TEST(test_script_text)
{
	/* a time plot of three curves, 12,000 points each; the second is the
	 * first again (a closed form that the integration matches) */
	struct figures fs = FIGURES_INIT;
	struct figure *f = figure_add(&fs, "motion", "Motion", "t [s]", "u [m]");
	struct curve *a = figure_curve(f, "integrated", CURVE_LINE);
	struct curve *b = figure_curve(f, "closed form", CURVE_DASHED);
	struct curve *c = figure_curve(f, "velocity", CURVE_LINE);
	for (int i = 0; i < 12000; i++) {
		double x = 4 * M_PI * i / 11999;
		curve_point(a, x, sin(x));
		curve_point(c, x, 0.5 * cos(x));
	}
	for (int i = 0; i <= 400; i++) {
		double x = 4 * M_PI * i / 400;
		curve_point(b, x, sin(x));
	}
	struct strbuf sb = STRBUF_INIT;
	struct gp_term t = {
		.kind = GP_TERM_DUMB, .cols = 78, .rows = 16, .compact = true, .colors = 256};
	gp_script_figure(&sb, f, "unused in a pane", &t);
	const char *s = strbuf_str(&sb);
	ck_assert_ptr_nonnull(strstr(s, "set terminal dumb size 78,16 noenhanced ansi256\n"));
	ck_assert_ptr_null(strstr(s, "unused")); /* the pane's frame has the title */
	/* the y label over the axis, the key below, ticks that fit */
	ck_assert_ptr_nonnull(strstr(s, "set label 1 'u [m]' at screen 0, graph 1 offset 0, char 1 "
					"left noenhanced\n"));
	ck_assert_ptr_nonnull(strstr(s, "set key below horizontal"));
	ck_assert_ptr_nonnull(strstr(s, "set yrange [-1:1]\nset ytics "));
	ck_assert_ptr_nonnull(strstr(s, "set xrange [0:13]\nset xtics 1\nset format x \"%.0f\"\n"));
	/* the copy is said in the first one's key entry, and not drawn */
	ck_assert_ptr_nonnull(strstr(s, "title 'integrated = closed form'"));
	ck_assert_ptr_null(strstr(s, "$tribo1"));
	/* each curve its colour and its character (dash type 8 is '*', 2 '#') */
	ck_assert_ptr_nonnull(strstr(s, "$tribo0 using 1:2 with lines lc rgb '#56B4E9' dt 8"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo2 using 1:2 with lines lc rgb '#E69F00' dt 2"));
	/* thinned to the columns: at most 4 points a column, and the peaks kept */
	const char *d0 = strstr(s, "$tribo0 << EOD\n"), *e0 = strstr(d0 + 14, "\nEOD\n") + 1;
	int n = 0;
	double top = -2;
	for (const char *p = strchr(d0, '\n') + 1; p < e0; p = strchr(p, '\n') + 1) {
		double x, y;
		ck_assert_int_eq(sscanf(p, "%lf %lf", &x, &y), 2);
		top = y > top ? y : top;
		n++;
	}
	ck_assert_int_le(n, 4 * 78);
	ck_assert_int_ge(n, 78);
	ck_assert_double_eq_tol(top, 1.0, 1e-6); /* sin's peak, which 12,000/78 misses */

	/* in a file the copy is two dozen open circles along the line, in its
	 * colour, under its own key entry, which says so */
	strbuf_reset(&sb);
	struct gp_term png = {.kind = GP_TERM_PNG, .output = "/d/f.png"};
	gp_script_figure(&sb, f, "T", &png);
	s = strbuf_str(&sb);
	ck_assert_ptr_nonnull(strstr(s, "$tribo0 using 1:2 with lines lw 2 lc rgb '#0072B2' "
					"title 'integrated'"));
	ck_assert_ptr_nonnull(strstr(s, "$tribo1 using 1:2 with points pt 6 ps 1.2 lc rgb "
					"'#0072B2' title 'closed form (coincides)'"));
	const char *d1 = strstr(s, "$tribo1 << EOD\n"), *e1 = strstr(d1 + 14, "\nEOD\n");
	int rows1 = 0;
	for (const char *q = d1; q < e1; q++)
		rows1 += *q == '\n';
	ck_assert_int_eq(rows1, 24);
	ck_assert_ptr_nonnull(strstr(d1, "\n0 0\n"));

	/* drawn by gnuplot: a plot as wide as the pane, rows between key and
	 * label, no tick label run into the next */
	if (have_gnuplot()) {
		struct gnuplot *g = gnuplot_new(NULL);
		t.colors = 0;
		strbuf_reset(&sb);
		gp_script_figure(&sb, f, "", &t);
		struct strbuf txt = STRBUF_INIT;
		struct diag gd;
		ck_assert_int_eq(gnuplot_run(g, strbuf_str(&sb), &txt, &gd), 0);
		char rows[40][200];
		int nr = text_rows(strbuf_str(&txt) + (txt.buf[0] == '\f'), rows, 40);
		ck_assert_int_ge(nr, 15);
		ck_assert_msg(!strncmp(rows[0], "u [m]", 5), "row 0: '%s'", rows[0]);
		bool key = false, ticks = false;
		for (int i = 0; i < nr; i++) {
			key |= strstr(rows[i], "integrated = closed form") != NULL;
			/* the x tick labels: 0 to 13, each one apart */
			int want = 0;
			char copy[200];
			memcpy(copy, rows[i], sizeof(copy));
			for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
				want = want >= 0 && atoi(w) == want &&
						       w[strspn(w, "0123456789")] == '\0'
					       ? want + 1
					       : -1;
			ticks |= want == 14;
			/* no label reads -0, none runs into the next ("-0-0.5") */
			memcpy(copy, rows[i], sizeof(copy));
			for (char *w = strtok(copy, " |+"); w; w = strtok(NULL, " |+")) {
				char *end;
				double v = strtod(w, &end);
				ck_assert_msg(end == w || (*end == '\0' && !(v == 0 && *w == '-')),
					      "a mangled tick label '%s' in row %d: '%s'", w, i,
					      rows[i]);
			}
		}
		ck_assert_msg(key && ticks, "%s", strbuf_str(&txt));
		strbuf_release(&txt);
		gnuplot_free(g);
	}
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

/* Whether keep[0..n) rises strictly and holds index i. */
static bool kept(const size_t *keep, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++) {
		ck_assert(k == 0 || keep[k] > keep[k - 1]);
		if (keep[k] == i)
			return true;
	}
	return false;
}

START_TEST(test_thin)
{
	struct figures fs = FIGURES_INIT;
	struct figure *f = figure_add(&fs, "f", "", "t", "u");
	/* a sawtooth of 100,000 points whose 37 sharp peaks fall anywhere in
	 * their columns, and a NaN that breaks the line */
	struct curve *c = figure_curve(f, "saw", CURVE_LINE);
	const size_t N = 100000;
	size_t peaks[64], np = 0;
	for (size_t i = 0; i < N; i++) {
		double x = (double)i / (N - 1), ph = fmod(37 * x + 0.123, 1.0);
		double y = i == 50000 ? NAN : ph < 0.9 ? ph / 0.9 : (1 - ph) / 0.1;
		curve_point(c, x, y);
	}
	for (size_t i = 1; i + 1 < N; i++)
		if (c->y[i] > c->y[i - 1] && c->y[i] > c->y[i + 1] && np < 64)
			peaks[np++] = i;
	size_t *keep = xmalloc(N * sizeof(size_t));
	size_t n = curve_thin(c, 0, 1, 80, keep);
	ck_assert_uint_le(n, 4 * 80 + 2 * 2); /* and the NaN's two runs */
	ck_assert(kept(keep, n, 0));
	ck_assert(kept(keep, n, N - 1));
	ck_assert(kept(keep, n, 50000));
	ck_assert_uint_eq(np, 37);
	for (size_t k = 0; k < np; k++)
		ck_assert_msg(kept(keep, n, peaks[k]), "peak %zu at %zu lost", k, peaks[k]);
	/* no range, or no columns: every point */
	ck_assert_uint_eq(curve_thin(c, 1, 1, 80, keep), N);
	ck_assert_uint_eq(curve_thin(c, 0, 1, 0, keep), N);
	/* beyond the range: a point on each side kept, where lines leave it */
	struct curve *w = figure_curve(f, "wide", CURVE_LINE);
	for (int i = -1000; i <= 2000; i++)
		curve_point(w, i / 1000.0, sin(i / 100.0));
	n = curve_thin(w, 0, 1, 10, keep);
	ck_assert_uint_le(n, 4 * 12);
	ck_assert(kept(keep, n, 999) && kept(keep, n, 2001)); /* x = -0.001, 1.001 */

	/* a circle gone round three times, as a hodograph: every run of a
	 * column thinned, its extremes kept */
	struct curve *o = figure_curve(f, "circle", CURVE_LINE);
	for (int i = 0; i <= 30000; i++) {
		double a = 6 * M_PI * i / 30000;
		curve_point(o, cos(a), sin(a));
	}
	n = curve_thin(o, -1, 1, 40, keep);
	ck_assert_uint_le(n, 3 * 2 * 40 * 4 + 16);
	double top = -2, bottom = 2;
	for (size_t k = 0; k < n; k++) {
		top = fmax(top, o->y[keep[k]]);
		bottom = fmin(bottom, o->y[keep[k]]);
	}
	ck_assert_double_eq_tol(top, 1, 1e-7);
	ck_assert_double_eq_tol(bottom, -1, 1e-7);

	/* coinciding curves: the same line on other grids, or the same points */
	struct curve *s1 = figure_curve(f, "a", CURVE_LINE), *s2 = figure_curve(f, "b", CURVE_LINE),
		     *s3 = figure_curve(f, "c", CURVE_LINE);
	for (int i = 0; i <= 1000; i++)
		curve_point(s1, i / 1000.0, 2 + i / 1000.0);
	curve_point(s2, 0, 2);
	curve_point(s2, 1, 3);
	curve_point(s3, 0, 2);
	curve_point(s3, 1, 3.01);
	ck_assert(curves_coincide(s1, s2, 1e-3, 1e-3));
	ck_assert(curves_coincide(s2, s1, 1e-3, 1e-3));
	ck_assert(!curves_coincide(s1, s3, 1e-3, 1e-3));
	ck_assert(curves_coincide(o, o, 1e-9, 1e-9));
	ck_assert(!curves_coincide(o, s1, 1e-3, 1e-3));
	free(keep);
	figures_release(&fs);
}
END_TEST

/* ---- files ------------------------------------------------------------ */

static char tmpdir[100]; /* test_tmp fails on a TMPDIR too long for it */

static void make_tmpdir(void)
{
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(tmpdir, sizeof tmpdir, "check_gnuplot-XXXXXX")));
}

/* The names in tmpdir, sorted, separated by spaces. */
static char *dir_list(void)
{
	struct dirent **ents;
	int n = scandir(tmpdir, &ents, NULL, alphasort);
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < n; i++) {
		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, ".."))
			strbuf_addf(&sb, "%s%s", sb.len ? " " : "", ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	return strbuf_detach(&sb);
}

static void remove_tmpdir(void)
{
	DIR *dir = opendir(tmpdir);
	struct dirent *e;
	while (dir && (e = readdir(dir)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			char p[512];
			snprintf(p, sizeof(p), "%s/%s", tmpdir, e->d_name);
			unlink(p);
		}
	if (dir)
		closedir(dir);
	rmdir(tmpdir);
}

static char *slurp(const char *path, size_t *n)
{
	return test_slurp(path, n);
}

START_TEST(test_outfile)
{
	struct diag d;
	struct outfile of;
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof(path), "%s/out.csv", tmpdir);
	ck_assert_int_eq(outfile_open(&of, path, &d), 0);
	ck_assert_msg(of.tmp[0] == '/', "temporary name %s is not absolute", of.tmp);
	ck_assert_ptr_null(strstr(of.tmp, "out.csv"));
	ck_assert_int_eq(outfile_write(&of, "a,b\n", 4, &d), 0);
	char *names = dir_list();
	ck_assert_ptr_null(strstr(names, "out.csv")); /* not before the commit */
	free(names);
	ck_assert_int_eq(outfile_commit(&of, &d), 0);
	names = dir_list();
	ck_assert_str_eq(names, "out.csv");
	free(names);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	mode_t mask = umask(0);
	umask(mask);
	ck_assert_int_eq(st.st_mode & 0777, 0666 & ~mask);
	/* an empty result is not committed, and leaves the old file */
	ck_assert_int_eq(outfile_open(&of, path, &d), 0);
	ck_assert_int_eq(outfile_commit(&of, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "nothing was written"));
	names = dir_list();
	ck_assert_str_eq(names, "out.csv");
	free(names);
	ck_assert_int_eq(outfile_open(&of, "", &d), -1);
	ck_assert_int_eq(outfile_open(&of, "a\nb.png", &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "control character"));
	ck_assert_int_eq(outfile_open(&of, tmpdir, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "is a directory"));
	ck_assert_int_eq(outfile_open(&of, "/nonexistent/x.png", &d), -1);
	ck_assert_str_eq(d.msg, "cannot write '/nonexistent/x.png': directory '/nonexistent': "
				"No such file or directory");
	/* '|cmd/x.png' is a directory that is not there, never a pipe */
	ck_assert_int_eq(outfile_open(&of, "|touch x/x.png", &d), -1);
	remove_tmpdir();
}
END_TEST

/* ---- a real gnuplot --------------------------------------------------- */

static struct session *ses;
static struct strbuf out;
static struct diag d;

static void setup(void)
{
	setenv("TRIBO_PATH", "exercises", 1);
	setenv("XDG_DATA_HOME", "/nonexistent", 1);
	unsetenv("GNUPLOT");
	ses = session_new();
	strbuf_init(&out);
}

static void teardown(void)
{
	session_free(ses);
	strbuf_release(&out);
	num_set_progress_hook(NULL);
	gnuplot_close();
}

static int run(const char *line)
{
	strbuf_reset(&out);
	return command_run(ses, line, false, NULL, &out, &d, NULL);
}

static void ok(const char *line)
{
	ck_assert_msg(run(line) == 0, "'%s' failed: %s%s", line, d.prefix, d.msg);
}

static void fails(const char *line, const char *part)
{
	ck_assert_msg(run(line) == -1, "'%s' should fail", line);
	ck_assert_msg(strstr(d.msg, part), "'%s': message '%s' lacks '%s'", line, d.msg, part);
}

static const struct figure *parabola(struct figures *fs)
{
	struct figure *f = figure_add(fs, "parabola", "Dumb test", "x [m]", "y [m]");
	struct curve *c = figure_curve(f, "x^2", CURVE_LINE);
	for (int i = 0; i <= 50; i++)
		curve_point(c, i / 50.0, (i / 50.0) * (i / 50.0));
	return f;
}

static int count_lines(const char *s, int *widest)
{
	int n = 0;
	*widest = 0;
	for (const char *p = s; *p;) {
		size_t k = strcspn(p, "\n");
		char *line = xstrndup(p, k);
		if (utf8_width(line) > *widest)
			*widest = utf8_width(line);
		free(line);
		n++;
		p += k + (p[k] == '\n');
	}
	return n;
}

START_TEST(test_dumb)
{
	NEED_GNUPLOT();
	struct figures fs = FIGURES_INIT;
	const struct figure *f = parabola(&fs);
	ck_assert_int_eq(plot_text(ses, f, 60, 20, &out, &d), 0);
	const char *s = strbuf_str(&out);
	ck_assert_msg(strstr(s, "Dumb test"), "no title in:\n%s", s);
	ck_assert_msg(strstr(s, "x^2"), "no legend in:\n%s", s); /* ^ literal */
	ck_assert_msg(strstr(s, "0.2") && strstr(s, "0.8") && strstr(s, "x [m]"),
		      "no ticks or label in:\n%s", s);
	ck_assert_ptr_null(strchr(s, '\f'));
	ck_assert_ptr_null(strchr(s, '\033'));
	int widest, n = count_lines(s, &widest);
	ck_assert_int_le(n, 20);
	ck_assert_int_ge(n, 15);
	ck_assert_int_le(widest, 60);
	/* a second plot in the same gnuplot gives the same text */
	struct strbuf again = STRBUF_INIT;
	pid_t pid = gnuplot_pid(gnuplot_shared());
	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(getpgid(pid), pid); /* its own process group */
	ck_assert_int_eq(plot_text(ses, f, 60, 20, &again, &d), 0);
	ck_assert_str_eq(strbuf_str(&again), s);
	ck_assert_int_eq(gnuplot_pid(gnuplot_shared()), pid);
	strbuf_release(&again);
	figures_release(&fs);
}
END_TEST

static void check_magic(const char *name, const char *magic, size_t at_most)
{
	char path[128];
	size_t n;
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	char *data = slurp(path, &n);
	ck_assert_uint_gt(n, 1000);
	size_t m = strlen(magic);
	bool found = false;
	for (size_t i = 0; !found && i + m <= n && i < at_most; i++)
		found = !memcmp(data + i, magic, m);
	ck_assert_msg(found, "%s does not start with its magic", name);
	free(data);
}

START_TEST(test_files)
{
	NEED_GNUPLOT();
	struct figures fs = FIGURES_INIT;
	const struct figure *f = parabola(&fs);
	make_tmpdir();
	char path[128];
	const char *names[] = {"a.png", "b.svg", "c.PDF"};
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, names[i]);
		ck_assert_msg(plot_file(ses, f, path, &d) == 0, "%s: %s", names[i], d.msg);
	}
	check_magic("a.png", "\x89PNG\r\n\x1a\n", 8);
	check_magic("b.svg", "<svg", 400);
	check_magic("c.PDF", "%PDF-", 5);
	char *list = dir_list();
	ck_assert_str_eq(list, "a.png b.svg c.PDF"); /* no temporary file left */
	free(list);
	snprintf(path, sizeof(path), "%s/d.txt", tmpdir);
	ck_assert_int_eq(plot_file(ses, f, path, &d), -1);
	ck_assert_str_eq(d.msg, "cannot plot to a '.txt' file: name a .png, .svg or .pdf");

	/* a figure with no finite point has nothing to show: tribo says so
	 * before gnuplot is asked */
	struct figure *bad = figure_add(&fs, "bad", "", "", "");
	struct curve *c = figure_curve(bad, "", CURVE_LINE);
	curve_point(c, 0, NAN);
	curve_point(c, 1, NAN);
	snprintf(path, sizeof(path), "%s/bad.png", tmpdir);
	ck_assert_int_eq(plot_file(ses, bad, path, &d), -1);
	ck_assert_str_eq(d.msg, "figure 'bad' has nothing to show: no point to draw");
	/* gnuplot refuses one on a log scale with no positive y: its
	 * message, and no file, not even an empty one */
	bad = figure_add(&fs, "badlog", "", "", "");
	bad->log_y = true;
	c = figure_curve(bad, "", CURVE_LINE);
	curve_point(c, 0, -1);
	curve_point(c, 1, -2);
	snprintf(path, sizeof(path), "%s/badlog.png", tmpdir);
	ck_assert_int_eq(plot_file(ses, bad, path, &d), -1);
	ck_assert_str_eq(d.msg, "gnuplot: all points y value undefined!");
	list = dir_list();
	ck_assert_str_eq(list, "a.png b.svg c.PDF");
	free(list);
	/* and it stays usable */
	snprintf(path, sizeof(path), "%s/a.png", tmpdir);
	ck_assert_int_eq(plot_file(ses, &fs.fig[0], path, &d), 0);
	remove_tmpdir();
	figures_release(&fs);
}
END_TEST

/* A random text heavy with quotes: runs of ' and ", with the characters
 * gnuplot would expand outside single quotes (` @ \ $) and a few others. */
static void quote_heavy(char *buf, size_t size, unsigned *seed, bool name)
{
	static const char *const bits[] = {"'",	  "''", "'''", "\"",   "\"\"", "`", "\\", "@",
					   "$",	  " ",	"a",   "Reye", "s",    "{", "}",  "ü",
					   "''a", "%d", "\\'", "'\"'", "#",    ";", "``", "."};
	size_t n = 0, parts = 1 + (size_t)(rand_r(seed) % 8);
	buf[0] = '\0';
	for (size_t i = 0; i < parts; i++) {
		const char *b = bits[rand_r(seed) % (sizeof(bits) / sizeof(*bits))];
		if (n + strlen(b) + 1 >= size)
			break;
		strcpy(buf + n, b);
		n += strlen(b);
	}
	if (name && (!strcmp(buf, ".") || !strcmp(buf, "..")))
		strcpy(buf, "'.'");
}

/* Issue 43: gnuplot 5.4 misread '' next to another quote, and 686 of 1,500
 * quote-heavy titles failed to plot. 1,500 random quote-heavy titles,
 * axis labels, keys and PNG paths (the directories' names quote-heavy too)
 * go to gnuplot, 100 cases to a batch: every text printed back must come
 * out as it went in, and every 10th case is plotted whole to its PNG (a
 * PNG is about 80 ms of gnuplot's time: all 1,500 took over 2 minutes);
 * then the adversarial ones through plot_file, the command's own way. */
START_TEST(test_quotes_plot)
{
	NEED_GNUPLOT();
	enum { CASES = 1500, BATCH = 100, DIRS = 25 };
	make_tmpdir();
	unsigned seed = 43;
	char dirs[DIRS][160];
	for (int i = 0; i < DIRS; i++) {
		char name[48];
		quote_heavy(name, sizeof(name), &seed, true);
		snprintf(dirs[i], sizeof(dirs[i]), "%s/%d%s", tmpdir, i, name);
		ck_assert_msg(mkdir(dirs[i], 0700) == 0, "mkdir %s: %s", dirs[i], strerror(errno));
	}
	struct gnuplot *g = gnuplot_new(NULL);
	gnuplot_set_timeout(g, 60000);
	static char paths[CASES][224];
	/* each title is also printed back: it must come out as it went in,
	 * with no @macro expanded (Reye is a string variable) */
	struct strbuf script = STRBUF_INIT, prints = STRBUF_INIT, want = STRBUF_INIT,
		      said = STRBUF_INIT;
	for (int i = 0; i < CASES; i++) {
		char title[64], label[64], key[64], name[48];
		quote_heavy(title, sizeof(title), &seed, false);
		quote_heavy(label, sizeof(label), &seed, false);
		quote_heavy(key, sizeof(key), &seed, false);
		quote_heavy(name, sizeof(name), &seed, true);
		snprintf(paths[i], sizeof(paths[i]), "%s/%d%s.png", dirs[i % DIRS], i, name);
		struct figures fs = FIGURES_INIT;
		struct figure *f = figure_add(&fs, "q", title, label, label);
		struct curve *c = figure_curve(f, key, CURVE_LINE);
		curve_point(c, 0, 0);
		curve_point(c, 1, 1);
		struct gp_term t = {.kind = GP_TERM_PNG, .output = paths[i]};
		if (i % 10 == 0)
			gp_script_figure(&script, f, title, &t);
		const char *texts[] = {title, label, key, paths[i]};
		for (int k = 0; k < 4; k++) {
			strbuf_addstr(&prints, "print ");
			gp_quote(&prints, texts[k]);
			strbuf_addch(&prints, '\n');
			strbuf_addf(&want, "%s\n", texts[k]);
		}
		figures_release(&fs);
		if ((i + 1) % BATCH == 0) {
			strbuf_addf(&script,
				    "set output\nReye = 'MACRO'\nset print '-'\n%sset print\n",
				    strbuf_str(&prints));
			strbuf_reset(&said);
			ck_assert_msg(gnuplot_run(g, strbuf_str(&script), &said, &d) == 0,
				      "batch ending at %d: %s", i, d.msg);
			ck_assert_msg(!*gnuplot_messages(g), "gnuplot said: %s",
				      gnuplot_messages(g));
			ck_assert_str_eq(strbuf_str(&said), strbuf_str(&want));
			strbuf_reset(&script);
			strbuf_reset(&prints);
			strbuf_reset(&want);
		}
	}
	strbuf_release(&script);
	strbuf_release(&prints);
	strbuf_release(&want);
	strbuf_release(&said);
	gnuplot_free(g);
	for (int i = 0; i < CASES; i += 10) {
		size_t n = 0;
		char *png = slurp(paths[i], &n);
		ck_assert_msg(png && n > 8 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8), "no PNG at %s",
			      paths[i]);
		free(png);
	}
	/* the command's way: the folder a temporary file is made in, the
	 * exercise's title over the plot */
	static const char *const hard[] = {"Reye''s", "''",	    "'''",     "'",
					   "a''''b",  "``Reye's''", "'\"'\"'", "x'' '' ''y"};
	for (size_t i = 0; i < sizeof(hard) / sizeof(*hard); i++) {
		char dir[160], path[200];
		snprintf(dir, sizeof(dir), "%s/h%zu%s", tmpdir, i, hard[i]);
		ck_assert_int_eq(mkdir(dir, 0700), 0);
		snprintf(path, sizeof(path), "%s/%s.png", dir, hard[i]);
		struct figures fs = FIGURES_INIT;
		struct figure *f = figure_add(&fs, "q", hard[i], hard[i], hard[i]);
		struct curve *c = figure_curve(f, hard[i], CURVE_LINE);
		curve_point(c, 0, 0);
		curve_point(c, 1, 1);
		ck_assert_msg(plot_file(ses, f, path, &d) == 0, "%s: %s", path, d.msg);
		size_t n = 0;
		char *png = slurp(path, &n);
		ck_assert_msg(png && n > 8 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8), "no PNG at %s",
			      path);
		free(png);
		figures_release(&fs);
	}
	char cmd[200];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_errors_matched)
{
	NEED_GNUPLOT();
	struct gnuplot *g = gnuplot_new(NULL);
	ck_assert_int_eq(gnuplot_run(g, "frobnicate\n", NULL, &d), -1);
	ck_assert_str_eq(d.msg, "gnuplot: invalid command");
	ck_assert_ptr_nonnull(strstr(gnuplot_messages(g), "frobnicate"));
	/* the error does not stick to the next batch */
	strbuf_reset(&out);
	ck_assert_int_eq(gnuplot_run(g, "set print '-'\nprint 1+1\nset print\n", &out, &d), 0);
	ck_assert_str_eq(strbuf_str(&out), "2\n");
	ck_assert_int_eq(gnuplot_run(g, "plot $nosuch\n", NULL, &d), -1);
	ck_assert_str_eq(d.msg, "gnuplot: no datablock named $nosuch");
	/* lots of output while lots is written: no deadlock */
	struct strbuf big = STRBUF_INIT;
	strbuf_addstr(&big, "set print '-'\n");
	for (int i = 0; i < 20000; i++)
		strbuf_addf(&big, "print '%05d %0100d'\n", i, 0);
	strbuf_reset(&out);
	ck_assert_int_eq(gnuplot_run(g, strbuf_str(&big), &out, &d), 0);
	ck_assert_uint_eq(out.len, 20000 * 107);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "\n19999 000"));
	strbuf_release(&big);
	/* gnuplot leaving, and hanging: reported, and replaced */
	pid_t pid = gnuplot_pid(g);
	ck_assert_int_eq(gnuplot_run(g, "exit gnuplot\n", NULL, &d), -1);
	ck_assert_str_eq(d.msg, "gnuplot exited with status 0 while plotting; the next plot "
				"starts it again");
	ck_assert_int_eq(gnuplot_pid(g), 0);
	ck_assert_int_eq(kill(pid, 0), -1); /* reaped: not even a zombie */
	gnuplot_set_timeout(g, 300);
	ck_assert_int_eq(gnuplot_run(g, "pause 30\n", NULL, &d), -1);
	ck_assert_str_eq(d.msg, "gnuplot did not answer in 0 s and was stopped; the next plot "
				"starts it again");
	gnuplot_set_timeout(g, 20000);
	strbuf_reset(&out);
	ck_assert_int_eq(gnuplot_run(g, "set print '-'\nprint 6*7\n", &out, &d), 0);
	ck_assert_str_eq(strbuf_str(&out), "42\n");
	bool has;
	ck_assert_int_eq(gnuplot_has_terminal(g, "dumb", &has, &d), 0);
	ck_assert(has);
	ck_assert_int_eq(gnuplot_has_terminal(g, "dum", &has, &d), 0);
	ck_assert(!has);
	gnuplot_free(g);
}
END_TEST

/* The script goes to gnuplot in a file of tribo's own, which is gone after
 * the batch; a TMPDIR that cannot take it falls back to /tmp. */
START_TEST(test_script_file)
{
	NEED_GNUPLOT();
	make_tmpdir();
	setenv("TMPDIR", tmpdir, 1);
	struct gnuplot *g = gnuplot_new(NULL);
	strbuf_reset(&out);
	ck_assert_int_eq(gnuplot_run(g, "set print '-'\nprint 6*7\n", &out, &d), 0);
	ck_assert_str_eq(strbuf_str(&out), "42\n");
	/* an error names the line of the script it was loaded from */
	ck_assert_int_eq(gnuplot_run(g, "print 1\nfrobnicate\n", NULL, &d), -1);
	ck_assert_ptr_nonnull(strstr(gnuplot_messages(g), "tribo-plot-"));
	ck_assert_ptr_nonnull(strstr(gnuplot_messages(g), "line 2"));
	char *list = dir_list();
	ck_assert_str_eq(list, "");
	free(list);
	setenv("TMPDIR", "/nonexistent/dir", 1);
	strbuf_reset(&out);
	ck_assert_int_eq(gnuplot_run(g, "set print '-'\nprint 6*7\n", &out, &d), 0);
	ck_assert_str_eq(strbuf_str(&out), "42\n");
	unsetenv("TMPDIR");
	gnuplot_free(g);
	remove_tmpdir();
}
END_TEST

/* Waits until process pid has ended (a zombie, or gone). */
static void wait_dead(pid_t pid)
{
	for (int i = 0; i < 400; i++) {
		char path[64], buf[256];
		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
		FILE *f = fopen(path, "r");
		if (!f)
			return;
		size_t n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		char *p = strrchr(buf, ')');
		if (p && p[1] == ' ' && p[2] == 'Z')
			return;
		usleep(5000);
	}
	ck_abort_msg("process %d did not die", (int)pid);
}

START_TEST(test_killed_and_missing)
{
	NEED_GNUPLOT();
	struct figures fs = FIGURES_INIT;
	const struct figure *f = parabola(&fs);
	ck_assert_int_eq(plot_text(ses, f, 60, 20, &out, &d), 0);
	pid_t pid = gnuplot_pid(gnuplot_shared());
	ck_assert_int_gt(pid, 0);
	kill(pid, SIGKILL);
	wait_dead(pid);
	/* the next plot starts a new gnuplot and succeeds */
	strbuf_reset(&out);
	ck_assert_msg(plot_text(ses, f, 60, 20, &out, &d) == 0, "%s", d.msg);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "Dumb test"));
	ck_assert_int_ne(gnuplot_pid(gnuplot_shared()), pid);
	ck_assert_int_eq(kill(pid, 0), -1); /* the old one reaped */
	ck_assert_int_eq(errno, ESRCH);

	/* no gnuplot at all: a clear message, and every other command works */
	gnuplot_close();
	setenv("GNUPLOT", "/nonexistent", 1);
	ck_assert_int_eq(plot_text(ses, f, 60, 20, &out, &d), -1);
	ck_assert_str_eq(d.msg, "cannot run gnuplot '/nonexistent': No such file or directory "
				"(install gnuplot-nox or set GNUPLOT)");
	ok("load disk-reye");
	ok("sweep mu 0.1 0.4 4 stop_time");
	fails("plot sweep", "cannot run gnuplot '/nonexistent'");
	ck_assert_str_eq(d.prefix, "plot: ");
	ok("print mu");
	ck_assert_str_eq(strbuf_str(&out), "0.25\n");
	unsetenv("GNUPLOT");
	ok("plot sweep");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "stop_time against mu"));
	figures_release(&fs);
}
END_TEST

START_TEST(test_window)
{
	NEED_GNUPLOT();
	ok("load disk-reye");
	ok("sweep mu 0.1 0.4 4 stop_time");
	unsetenv("DISPLAY");
	unsetenv("WAYLAND_DISPLAY");
	fails("plot sweep window", "no display");
	fails("plot sweep to x.png window", "a file or a window, not both");
	setenv("DISPLAY", ":9999", 1);
	bool has_qt = false, has_wxt = false, has_x11 = false;
	ck_assert_int_eq(gnuplot_has_terminal(gnuplot_shared(), "qt", &has_qt, &d), 0);
	ck_assert_int_eq(gnuplot_has_terminal(gnuplot_shared(), "wxt", &has_wxt, &d), 0);
	ck_assert_int_eq(gnuplot_has_terminal(gnuplot_shared(), "x11", &has_x11, &d), 0);
	if (!has_qt && !has_wxt && !has_x11)
		fails("plot sweep window", "this gnuplot has no window terminal (qt, wxt, x11): "
					   "install gnuplot-x11 (light) or gnuplot-qt");
	unsetenv("DISPLAY");
}
END_TEST

/* ---- the commands ----------------------------------------------------- */

START_TEST(test_sweep)
{
	ok("load disk-reye");
	ok("solve");
	ok("print stop_time mu");
	ck_assert_str_eq(strbuf_str(&out), "1.22324159021\n0.25\n");
	/* stop_time = ω r/(μ g) = 3/(9.81 μ) */
	ok("sweep mu 0.1 0.4 4 stop_time stop_time_exact m");
	ck_assert_str_eq(strbuf_str(&out), "mu   stop_time [s]   stop_time_exact [s]  m [kg]\n"
					   "0.1  3.05810397554   3.05810397554        2\n"
					   "0.2  1.52905198777   1.52905198777        2\n"
					   "0.3  1.01936799185   1.01936799185        2\n"
					   "0.4  0.764525993884  0.764525993884       2\n");
	/* the session as before: parameter, results, not stale */
	ok("print stop_time mu");
	ck_assert_str_eq(strbuf_str(&out), "1.22324159021\n0.25\n");
	ck_assert_ptr_null(session_stale(ses));
	ck_assert(session_sweep_is_newer(ses));
	const struct table *t = &session_sweep(ses)->tab[0];
	ck_assert_int_eq(t->nrows, 4);
	ck_assert_int_eq(t->ncols, 4);
	for (size_t i = 0; i < 4; i++)
		ck_assert_rel(table_at(t, i, 1), 20 * 0.15 / (table_at(t, i, 0) * 9.81), 1e-9);
	ck_assert_double_eq(table_at(t, 3, 0), 0.4);
	const struct figure *f = &session_sweep(ses)->fig[0];
	ck_assert_str_eq(f->name, "sweep");
	ck_assert_str_eq(f->title, "stop_time, stop_time_exact, m against mu");
	ck_assert_str_eq(f->xlabel, "mu");
	ck_assert_int_eq(f->ncurves, 3);
	ck_assert_str_eq(f->curves[0].label, "stop_time [s]");
	ok("plot");
	ck_assert_str_eq(strbuf_str(&out),
			 "  spin    Spin rate φ̇(t) until the disk stops\n"
			 "  angle   Angle φ(t) turned until the disk stops\n"
			 "  sweep   stop_time, stop_time_exact, m against mu (the "
			 "last sweep)\n");
	/* a solve makes the sweep older; a load drops it */
	ok("solve");
	ck_assert(!session_sweep_is_newer(ses));
	ok("load disk-uniform");
	ck_assert_int_eq(session_sweep(ses)->nfig, 0);
	fails("plot sweep", "no sweep yet");
	/* points where the model fails are marked, the rest kept */
	ok("load rayleigh");
	ok("set wz 0");
	ok("set vx 0.2");
	ok("sweep bx 0 0.4 3 R");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "0.2       failed\n"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "the model failed at 1 of 3 points:\n"
						       "bx = 0.2: nothing slides"));
	ck_assert(isnan(table_at(&session_sweep(ses)->tab[0], 1, 1)));
	fails("sweep bx 0.2 0.2 3 R", "FROM and TO are the same");
	ok("set law expr");
	ok("set mu_expr \"0.3 - v\"");
	fails("sweep vx 1 2 3 R", "the model failed at every point; at vx = 1: the friction law");
	ok("set law coulomb");
	fails("sweep nosuch 0 1 3 R", "no parameter 'nosuch'");
	fails("sweep bx 0 1 3 Qxx", "unknown name 'Qxx' (did you mean 'Qx'?)");
	fails("sweep bx 0 1 3 law", "not a number");
	fails("sweep law 0 1 3 R", "law is a choice");
	fails("sweep bx 0 1 1 R", "STEPS '1' must be a whole number from 2 to 10000");
	fails("sweep bx 0 x 3 R", "TO 'x': unknown name 'x'");
}
END_TEST

static int interrupt_at;
static int calls;

static void interrupting_hook(const struct num_progress *p)
{
	if (p->kind == NUM_PROGRESS_POINTS && ++calls == interrupt_at)
		num_interrupted = 1;
}

START_TEST(test_sweep_interrupted)
{
	ok("load disk-reye");
	num_set_progress_hook(interrupting_hook);
	interrupt_at = 3, calls = 0;
	fails("sweep mu 0.1 0.4 10 stop_time", "interrupted at mu = 0.166666666667, after 2 of "
					       "10 points; those are kept");
	ck_assert_str_eq(strbuf_str(&out), "mu              stop_time [s]\n"
					   "0.1             3.05810397554\n"
					   "0.133333333333  2.29357798165\n");
	ck_assert_int_eq(session_sweep(ses)->tab[0].nrows, 2);
	/* the next sweep runs whole: the flag is cleared at its start */
	num_set_progress_hook(NULL);
	ok("sweep mu 0.1 0.4 10 stop_time");
	ck_assert_int_eq(session_sweep(ses)->tab[0].nrows, 10);
}
END_TEST

START_TEST(test_export)
{
	make_tmpdir();
	char line[256];
	ok("load disk-reye");
	snprintf(line, sizeof(line), "export csv %s/a.csv", tmpdir);
	fails(line, "nothing to export: run 'solve' or 'sweep' first");
	ok("set omega 0"); /* a disk that does not spin draws nothing */
	ok("solve");
	fails(line, "the last solve made no table or figure");
	ok("set omega 20");
	ok("solve"); /* φ(t) and φ̇(t) beside φ̇'s closed form */
	ok(line);
	size_t n;
	snprintf(line, sizeof(line), "%s/a.csv", tmpdir);
	char *series = slurp(line, &n);
	ck_assert_msg(!strncmp(series,
			       "t [s],phi [rad],phidot [rad/s],phidot closed form "
			       "[rad/s]\r\n0,0,20,20\r\n",
			       70),
		      "%s", series);
	free(series);
	snprintf(line, sizeof(line), "export csv %s/a.csv", tmpdir);
	ok("sweep omega 10 30 3 stop_time");
	ok(line);
	snprintf(line, sizeof(line), "%s/a.csv", tmpdir);
	char *csv = slurp(line, &n);
	/* a header, then each row with all 17 digits: ω r/(μ g) */
	const char *head = "omega [rad/s],stop_time [s]\r\n";
	ck_assert_msg(!strncmp(csv, head, strlen(head)), "%s", csv);
	char *p = csv + strlen(head);
	for (int i = 0; i < 3; i++) {
		char *e;
		double omega = strtod(p, &e);
		ck_assert_double_eq(omega, 10 + 10 * i);
		ck_assert_int_eq(*e, ',');
		double tau = strtod(e + 1, &p);
		ck_assert_int_ge(p - e - 1, 17); /* %.17g, not %.12g */
		ck_assert_rel(tau, omega * 0.15 / (0.25 * 9.81), 1e-12);
		ck_assert_int_eq(p[0], '\r');
		ck_assert_int_eq(p[1], '\n');
		p += 2;
	}
	ck_assert_int_eq(*p, '\0');
	free(csv);
	snprintf(line, sizeof(line), "export csv %s/b.csv nosuch", tmpdir);
	fails(line, "no table or figure 'nosuch'; there are: motion, spin, angle, sweep");
	fails("export tsv x.tsv", "the format is csv");
	snprintf(line, sizeof(line), "export csv %s/nodir/b.csv", tmpdir);
	fails(line, "No such file or directory");
	char *list = dir_list();
	ck_assert_str_eq(list, "a.csv");
	free(list);
	remove_tmpdir();
}
END_TEST

START_TEST(test_pane)
{
	NEED_GNUPLOT();
	struct plot_pane pane;
	plot_pane_init(&pane);
	const char *text;
	ok("load disk-reye");
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_str_eq(text, ""); /* no pane shown: nothing */
	pane.present = true;
	pane.cols = 50, pane.rows = 16;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_str_eq(text, ""); /* nothing to draw */
	ok("sweep mu 0.1 0.4 4 stop_time");
	strbuf_reset(&out);
	ck_assert_int_eq(command_run(ses, "plot sweep", false, &pane, &out, &d, NULL), 0);
	ck_assert_str_eq(strbuf_str(&out), "the plot pane shows sweep: stop_time against mu\n");
	ck_assert_str_eq(pane.figure, "sweep");
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	int widest, lines = count_lines(text, &widest);
	ck_assert_int_eq(lines, 16);
	ck_assert_int_le(widest, 50);
	ck_assert_ptr_nonnull(strstr(text, "mu"));
	ck_assert_ptr_null(strchr(text, '\033')); /* no colours asked for */
	fails("plot nosuch", "no figure 'nosuch'; there are: sweep");

	/* Kept: with gnuplot gone, the same figure at the same size comes back
	 * without a new gnuplot; a new size, or colours, draw it again. */
	char *kept = strdup(text);
	gnuplot_close();
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_str_eq(text, kept);
	ck_assert_int_eq(gnuplot_pid(gnuplot_shared()), 0);
	ok("eval 2+2"); /* a command that changes no figure */
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_int_eq(gnuplot_pid(gnuplot_shared()), 0);
	pane.colors = 256;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_int_ne(gnuplot_pid(gnuplot_shared()), 0);
	ck_assert_ptr_nonnull(strstr(text, "\033[38;5;")); /* the curve's colour */
	pane.colors = 0;
	pane.cols = 60;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	count_lines(text, &widest);
	ck_assert_int_gt(widest, 50);
	/* a new sweep is a new figure, even at the same address */
	ok("sweep mu 0.2 0.4 3 stop_time");
	gnuplot_close();
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_int_ne(gnuplot_pid(gnuplot_shared()), 0);
	ck_assert_str_ne(text, kept);
	free(kept);

	/* an error is kept too, and a missing gnuplot said once */
	setenv("GNUPLOT", "/nonexistent/gnuplot", 1);
	gnuplot_close();
	ok("sweep mu 0.1 0.3 3 stop_time");
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "cannot run gnuplot"));
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "cannot run gnuplot"));
	unsetenv("GNUPLOT");

	/* zoom toggles the pane's flag; outside the screen there is none */
	strbuf_reset(&out);
	ck_assert_int_eq(command_run(ses, "zoom", true, &pane, &out, &d, NULL), 0);
	ck_assert(pane.zoomed);
	ck_assert_int_eq(command_run(ses, "zoom", true, &pane, &out, &d, NULL), 0);
	ck_assert(!pane.zoomed);
	fails("zoom", "only the full-screen workbench has a plot pane to zoom");

	/* a load drops the sweep: the pane is empty again, no error */
	ok("load disk-uniform");
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_str_eq(text, "");
	plot_pane_release(&pane);
}
END_TEST

START_TEST(test_plot_text_command)
{
	NEED_GNUPLOT();
	ok("load disk-reye");
	fails("plot sweep", "no sweep yet");
	ok("plot");
	ck_assert_str_eq(strbuf_str(&out), "no figures yet: run 'solve' (or 'sweep') first\n");
	ok("sweep mu 0.1 0.4 4 stop_time");
	ok("plot sweep");
	const char *s = strbuf_str(&out);
	ck_assert_msg(
		strstr(s, "disk-reye: sweep\n") &&
			strstr(s,
			       "A spinning disk stops (Reye's hypothesis). stop_time against mu"),
		"%s", s);
	ck_assert_ptr_nonnull(strstr(s, "0.25"));
	int widest, lines = count_lines(s, &widest);
	ck_assert_int_le(widest, 79);
	ck_assert_int_le(lines, 24);
	ck_assert(s[0] != '\n');
	fails("plot to", "'to' needs a file name");
	fails("plot sweep sideways", "unexpected 'sideways'");
	/* without a name, the first figure: the sweep while there is no other */
	make_tmpdir();
	char line[128], path[128];
	snprintf(line, sizeof(line), "plot to %s/s.png", tmpdir);
	ok(line);
	ck_assert_uint_eq(out.len, 0); /* a batch says nothing */
	snprintf(path, sizeof(path), "%s/s.png", tmpdir);
	size_t n;
	char *png = slurp(path, &n);
	ck_assert(n > 8 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8));
	free(png);
	/* stale results do not draw, the sweep does */
	ok("set mu 0.3");
	ok("plot sweep");
	remove_tmpdir();
}
END_TEST

static Suite *suite(void)
{
	Suite *su = suite_create("gnuplot");
	TCase *tc = tcase_create("script");
	tcase_add_test(tc, test_quote);
	tcase_add_test(tc, test_script_log_y);
	tcase_add_test(tc, test_script_inert);
	tcase_add_test(tc, test_script_content);
	tcase_add_test(tc, test_script_text);
	tcase_add_test(tc, test_thin);
	tcase_add_test(tc, test_outfile);
	suite_add_tcase(su, tc);
	tc = tcase_create("gnuplot");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_dumb);
	tcase_add_test(tc, test_files);
	tcase_add_test(tc, test_quotes_plot);
	tcase_add_test(tc, test_errors_matched);
	tcase_add_test(tc, test_script_file);
	tcase_add_test(tc, test_killed_and_missing);
	tcase_add_test(tc, test_window);
	tcase_add_test(tc, test_pane);
	tcase_add_test(tc, test_plot_text_command);
	suite_add_tcase(su, tc);
	tc = tcase_create("commands");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_sweep);
	tcase_add_test(tc, test_sweep_interrupted);
	tcase_add_test(tc, test_export);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(suite());
}
