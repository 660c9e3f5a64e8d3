#include "gp/gpscript.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp/thin.h"
#include "util/xalloc.h"

/* The columns a PNG is thinned to: its width in pixels. A window has
 * the PNG's size. */
enum { PNG_WIDTH = 1000, PNG_HEIGHT = 700 };
#define X11_FONT "mbfont:-misc-fixed-medium-r-normal--13-*-*-*-*-*-iso10646-1"

void gp_quote(struct strbuf *out, const char *text)
{
	/* Inside single quotes gnuplot expands nothing (no `cmd`, no @macro,
	 * no backslash escape), and '' would be its way to write a quote; but
	 * gnuplot 5.4 misreads that escape next to another quote ('a''''b' is
	 * "a'" then a stray b; '''a' an empty string, then a syntax error), and
	 * its @macro scan counts every ' as opening or closing a single-quoted
	 * string, even inside a double-quoted one ("'".'@x' expands x). So no
	 * quote character is ever written: a text with quotes is the
	 * expression ('a'.sprintf('%c%c',39,39).'b'), each run of quotes made
	 * by sprintf from their code. A control character is dropped: a
	 * newline would end the command. */
	struct strbuf clean = STRBUF_INIT;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p >= 0x20 && *p != 0x7f)
			strbuf_addch(&clean, (char)*p);
	const char *s = strbuf_str(&clean);
	if (!strchr(s, '\'')) {
		strbuf_addch(out, '\'');
		strbuf_addstr(out, s);
		strbuf_addch(out, '\'');
		strbuf_release(&clean);
		return;
	}
	strbuf_addch(out, '(');
	for (bool first = true; *s; first = false) {
		if (!first)
			strbuf_addch(out, '.');
		size_t n = strspn(s, "'");
		if (n) {
			strbuf_addstr(out, "sprintf('");
			for (size_t i = 0; i < n; i++)
				strbuf_addstr(out, "%c");
			strbuf_addch(out, '\'');
			for (size_t i = 0; i < n; i++)
				strbuf_addstr(out, ",39");
			strbuf_addch(out, ')');
		} else {
			n = strcspn(s, "'");
			strbuf_addch(out, '\'');
			strbuf_add(out, s, n);
			strbuf_addch(out, '\'');
		}
		s += n;
	}
	strbuf_addch(out, ')');
	strbuf_release(&clean);
}

void gp_number(struct strbuf *out, double x)
{
	if (isfinite(x))
		strbuf_addf(out, "%.17g", x);
	else
		strbuf_addstr(out, "NaN");
}

static bool is_text(const struct gp_term *t)
{
	return t->kind == GP_TERM_DUMB;
}

static void add_term(struct strbuf *out, const struct gp_term *t)
{
	gp_script_term(out, t);
}

void gp_script_term(struct strbuf *out, const struct gp_term *t)
{
	switch (t->kind) {
	case GP_TERM_DUMB:
		/* colours as ANSI escapes, which the screen turns into its own */
		strbuf_addf(out, "set terminal dumb size %d,%d noenhanced %s\nset output\n",
			    t->cols, t->rows,
			    t->colors >= 256 ? "ansi256"
			    : t->colors >= 8 ? "ansi"
					     : "mono");
		return;
	case GP_TERM_PNG:
		strbuf_addf(out, "set terminal pngcairo size %d,%d noenhanced\n", PNG_WIDTH,
			    PNG_HEIGHT);
		break;
	case GP_TERM_SVG:
		strbuf_addstr(out, "set terminal svg size 1000,700 noenhanced background "
				   "'#ffffff'\n");
		break;
	case GP_TERM_PDF:
		strbuf_addstr(out, "set terminal pdfcairo size 8in,5.6in noenhanced\n");
		break;
	case GP_TERM_SIXEL:
		/* gd's fonts through fontconfig; the page white, as a printed
		 * figure's, whatever the terminal's background */
		strbuf_addf(out,
			    "set terminal sixelgd size %d,%d%s font 'DejaVu Sans,%d' "
			    "background '#ffffff' noenhanced\nset output\n",
			    t->width, t->height, t->truecolor ? " truecolor" : "", t->font_pt);
		return;
	case GP_TERM_WINDOW:
		/* the PNG's size, for which the heading's lines are broken (at
		 * gnuplot's 640x450 the subtitle was cut at both ends); its
		 * title is ours, not the user's. nopersist unless asked: the
		 * window goes with gnuplot, which goes with tribo (wxt's persist
		 * leaves a gnuplot of its own running until the window closes) */
		/* x11 draws with the X server's own fonts: a Unicode one as a
		 * font set, or omega and the times sign come out as the Latin-1
		 * of their UTF-8 */
		strbuf_addf(out, "set terminal %s size %d,%d noenhanced %s title 'tribo'%s\n",
			    t->window, PNG_WIDTH, PNG_HEIGHT, t->persist ? "persist" : "nopersist",
			    strcmp(t->window, "x11") ? "" : " font '" X11_FONT "'");
		strbuf_addstr(out, "set output\n");
		return;
	}
	strbuf_addstr(out, "set output ");
	gp_quote(out, t->output);
	strbuf_addch(out, '\n');
}

static void add_text(struct strbuf *out, const char *what, const char *text)
{
	if (!text || !*text)
		return;
	strbuf_addf(out, "set %s ", what);
	gp_quote(out, text);
	strbuf_addstr(out, " noenhanced\n");
}

/* The title, broken at spaces into lines of at most `width` columns, as
 * gp_quote'd pieces into lines[] (at most `most`); returns the count. */
static int title_lines(const char *title, int width, struct strbuf *lines, int most)
{
	int n = 0;
	struct strbuf line = STRBUF_INIT, word = STRBUF_INIT;
	for (const char *p = title;; p++) {
		if (*p && *p != ' ') {
			strbuf_addch(&word, *p);
			continue;
		}
		if (word.len) {
			int w = utf8_width(strbuf_str(&line)) + 1 + utf8_width(strbuf_str(&word));
			if (line.len && w > width && n < most - 1) {
				gp_quote(&lines[n++], strbuf_str(&line));
				strbuf_reset(&line);
			}
			if (line.len)
				strbuf_addch(&line, ' ');
			strbuf_addstr(&line, strbuf_str(&word));
			strbuf_reset(&word);
		}
		if (!*p)
			break;
	}
	if (line.len)
		gp_quote(&lines[n++], strbuf_str(&line));
	strbuf_release(&line);
	strbuf_release(&word);
	return n;
}

/* The title on a text terminal, in lines that fit, one label a line from
 * row `from` under the top (the rows under it are then known: gnuplot's
 * own title moves with the margins). Returns the number of lines. */
static int add_title(struct strbuf *out, const char *title, int width, int from)
{
	if (!title || !*title)
		return 0;
	enum { MOST = 4 };
	struct strbuf lines[MOST];
	for (int i = 0; i < MOST; i++)
		strbuf_init(&lines[i]);
	int n = title_lines(title, width, lines, MOST);
	for (int i = 0; i < n; i++)
		strbuf_addf(out,
			    "set label %d %s at screen 0.5, screen 1 offset 0, char %d "
			    "center noenhanced\n",
			    10 + from + i, strbuf_str(&lines[i]), -(from + i));
	for (int i = 0; i < MOST; i++)
		strbuf_release(&lines[i]);
	return n;
}

static void add_range(struct strbuf *out, const char *axis, double lo, double hi)
{
	if (isnan(lo) && isnan(hi))
		return;
	strbuf_addf(out, "set %srange [", axis);
	if (isnan(lo))
		strbuf_addch(out, '*');
	else
		gp_number(out, lo);
	strbuf_addch(out, ':');
	if (isnan(hi))
		strbuf_addch(out, '*');
	else
		gp_number(out, hi);
	strbuf_addstr(out, "]\n");
}

/* ---- axes for a text terminal ------------------------------------------- */

/* An axis laid out for cells: its range, the step between ticks, and the
 * printf format of a tick's label. */
struct axis {
	double lo, hi, step;
	char format[16];
	int label_width; /* the widest tick label */
};

/* The data's extent in y (with a band's upper edge), or in x. */
static void extent(const struct figure *f, bool y, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		for (size_t k = 0; k < c->n; k++) {
			double v[2] = {y ? c->y[k] : c->x[k], y && c->y2 ? c->y2[k] : NAN};
			for (int j = 0; j < 2; j++)
				if (isfinite(v[j])) {
					*lo = v[j] < *lo ? v[j] : *lo;
					*hi = v[j] > *hi ? v[j] : *hi;
				}
		}
	}
}

/* The figure's range of an axis; where it leaves it to gnuplot and the
 * data all have one value (a slip that stays 0), a range about that value,
 * which gnuplot would otherwise take with a warning. */
static void add_axis_range(struct strbuf *out, const struct figure *f, bool y)
{
	double lo = y ? f->ymin : f->xmin, hi = y ? f->ymax : f->xmax, dlo, dhi;
	extent(f, y, &dlo, &dhi);
	if (isnan(lo) && isnan(hi) && dlo == dhi) {
		double d = dlo != 0 ? 0.1 * fabs(dlo) : 1;
		lo = dlo - d, hi = dhi + d;
	}
	add_range(out, y ? "y" : "x", lo, hi);
}

/* The least step of 1, 2 or 5 times a power of ten that puts at most
 * `most` steps in span. */
static double nice_step(double span, int most)
{
	if (most < 1)
		most = 1;
	double raw = span / most;
	double p = pow(10, floor(log10(raw)));
	static const double m[] = {1, 2, 5, 10};
	for (int i = 0; i < 4; i++)
		if (m[i] * p >= raw * (1 - 1e-9))
			return m[i] * p;
	return 10 * p;
}

/* The format and width of the tick labels at this step: as many decimals
 * as the step has (its steps are 1, 2 or 5 times a power of ten), so that
 * a range from 1 to 1.00008 reads 1.00000 ... 1.00008; powers of ten where
 * that would take more than eight decimals or the numbers are large. */
static void axis_labels(struct axis *a)
{
	double big = fmax(fabs(a->lo), fabs(a->hi));
	int dec = a->step >= 1 ? 0 : (int)-floor(log10(a->step) + 1e-9);
	if (big >= 1e6 || dec > 8) {
		int p = (int)(floor(log10(big)) - floor(log10(a->step) + 1e-9));
		snprintf(a->format, sizeof(a->format), "%%.%de", p < 0 ? 0 : p > 8 ? 8 : p);
	} else {
		snprintf(a->format, sizeof(a->format), "%%.%df", dec);
	}
	a->label_width = 1;
	for (double v = ceil(a->lo / a->step - 1e-9) * a->step; v <= a->hi + 1e-9 * a->step;
	     v += a->step) {
		char buf[48];
		snprintf(buf, sizeof(buf), a->format, fabs(v) < 1e-9 * a->step ? 0.0 : v);
		int w = (int)strlen(buf);
		a->label_width = w > a->label_width ? w : a->label_width;
	}
}

/* Lays out an axis over [lo, hi] (the data's; fixed ends where the figure
 * sets them) with at most `most` steps. Unfixed ends go out to a tick. */
static void axis_fit(struct axis *a, double lo, double hi, double fixlo, double fixhi, int most)
{
	if (isfinite(fixlo))
		lo = fixlo;
	if (isfinite(fixhi))
		hi = fixhi;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = isfinite(lo) ? lo : isfinite(hi) ? hi - 1 : 0;
		hi = isfinite(hi) ? hi : lo + 1;
	}
	if (!(hi - lo > 1e-9 * fmax(fabs(lo), fabs(hi)))) { /* one value, or rounding noise
							     * around it: a range about it */
		lo = hi = 0.5 * (lo + hi);
		double w = lo != 0 ? 0.1 * fabs(lo) : 1;
		lo -= w;
		hi += w;
	}
	if (!isfinite(hi - lo)) { /* beyond a double: gnuplot's own axis */
		*a = (struct axis){
			.lo = NAN, .hi = NAN, .step = 0, .format = "%g", .label_width = 10};
		return;
	}
	a->step = nice_step(hi - lo, most);
	a->lo = isfinite(fixlo) ? lo : floor(lo / a->step + 1e-9) * a->step;
	a->hi = isfinite(fixhi) ? hi : ceil(hi / a->step - 1e-9) * a->step;
	axis_labels(a);
}

static void add_axis(struct strbuf *out, const char *name, const struct axis *a)
{
	if (!(a->step > 0))
		return;
	add_range(out, name, a->lo, a->hi);
	strbuf_addf(out, "set %stics ", name);
	gp_number(out, a->step);
	strbuf_addf(out, "\nset format %s \"%s\"\n", name, a->format);
}

/* ---- curves ------------------------------------------------------------ */

/* Okabe and Ito's colours, which every kind of colour vision tells apart:
 * on paper, the dark ones first; on a terminal, whose background may be
 * dark or light, those that read on both. */
static const char *const paper_colors[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
					   "#E69F00", "#56B4E9", "#000000"};
static const char *const screen_colors[] = {"#56B4E9", "#E69F00", "#009E73",
					    "#CC79A7", "#D55E00", "#0072B2"};
enum { NPAPER = 7, NSCREEN = 6 };
/* The dumb terminal in colour draws a line with the character its dash
 * type names: 8 '*', 2 '#', 3 '$', 4 '%', 5 '@', 6 '&', 7 '='. */
static const int text_pens[] = {8, 2, 3, 4, 5, 6, 7};
/* '+' would read as a tick mark */
static const char *const text_marks[] = {"o", "x", "@", "&"};

/* A label that gives a value ("u_xmean = 1.002"): its line is a level,
 * which another curve may cross or lie on without being the same thing. */
static bool names_value(const char *label)
{
	const char *eq = strrchr(label, '=');
	if (!eq)
		return false;
	char *end;
	strtod(eq + 1, &end);
	return end != eq + 1 && *end == '\0';
}

/* Arrows and labels are drawn as they are: never thinned, never a line
 * that another coincides with. */
static bool is_mark(const struct curve *c)
{
	return c->style == CURVE_ARROWS || c->style == CURVE_LABELS;
}

static bool is_line(const struct curve *c)
{
	return c->style == CURVE_LINE || c->style == CURVE_DASHED || c->style == CURVE_LINEPOINTS ||
	       (c->style == CURVE_FILL && !c->y2);
}

/* How one curve is drawn. */
struct plan {
	size_t *keep; /* the points written, NULL: all */
	size_t nkeep;
	int marks;	   /* > 0: that many markers evenly along x instead (a curve that
			    * coincides with an earlier one, in a file) */
	int same_as;	   /* a curve it coincides with, drawn before it; else -1 */
	int color;	   /* which of the palette's colours it is drawn in */
	struct strbuf key; /* its key entry */
};

/* The point of a curve: a filled circle, and in an overlay a shape a run
 * (circle, square, triangle, diamond, pentagon...), a second cue beside
 * the colour when printed in grey. */
static int group_point(const struct curve *c)
{
	static const int shapes[] = {7, 5, 9, 13, 15, 11, 3};
	return c->group > 0 ? shapes[(c->group - 1) % 7] : 7;
}

static bool stands_still(const struct curve *c)
{
	for (size_t i = 1; i < c->n; i++)
		if (c->x[i] != c->x[0] || c->y[i] != c->y[0])
			return false;
	return c->n > 0;
}

static void add_style(struct strbuf *out, const struct curve *c, bool text, int colors, int nth,
		      int nmark, int nline, bool as_marks)
{
	const char *color = text ? screen_colors[nth % NSCREEN] : paper_colors[nth % NPAPER];
	bool band = c->style == CURVE_FILL && c->y2;
	enum curve_style st = c->style == CURVE_FILL && !band ? CURVE_LINE : c->style;
	/* a line that never leaves its first point (a path standing still)
	 * would draw nothing: that point, marked */
	if ((st == CURVE_LINE || st == CURVE_DASHED) && stands_still(c))
		st = CURVE_POINTS;
	if (as_marks)
		st = CURVE_POINTS;
	if (c->style == CURVE_ARROWS) {
		strbuf_addf(out, "using 1:2:3:4 with vectors head filled size %s lw %s lc rgb '%s'",
			    text ? "char 1,20" : "screen 0.012,18", text ? "1" : "1.5", color);
		return;
	}
	if (c->style == CURVE_LABELS) {
		/* beside the point, above and to the right, as a paper numbers
		 * its points */
		strbuf_addf(out, "using 1:2:3 with labels left offset char 0.4,0.5%s tc rgb '%s'",
			    text ? "" : " font ',10'",
			    text ? (colors ? color : "#000000") : "#222222");
		return;
	}
	if (band) {
		/* the band between y and y2, behind the lines drawn over it */
		strbuf_addstr(out,
			      "using 1:2:3 with filledcurves fs transparent solid 0.3 noborder");
	} else if (st == CURVE_POINTS) {
		if (text)
			strbuf_addf(out, "using 1:2 with points pt '%s'", text_marks[nmark % 4]);
		else
			/* point type 7 is a filled circle, 6 an open one */
			/* a point alone (a state, a least value) larger than a trace's */
			strbuf_addf(out, "using 1:2 with points pt %d ps %s",
				    as_marks ? 6 : group_point(c),
				    as_marks	? "1.2"
				    : c->n == 1 ? "1.8"
						: "1");
	} else if (st == CURVE_LINEPOINTS) {
		if (text)
			strbuf_addf(out, "using 1:2 with linespoints pt '%s'",
				    text_marks[nmark % 4]);
		else
			strbuf_addf(out, "using 1:2 with linespoints lw 2 pt %d ps 0.8",
				    group_point(c));
	} else if (st == CURVE_DASHED && !text) {
		strbuf_addstr(out, "using 1:2 with lines dashtype 2 lw 1.5");
	} else if (text) {
		strbuf_addstr(out, "using 1:2 with lines");
	} else {
		/* a dash pattern beside the colour, which grey print loses:
		 * solid, dash-dot, dash-dot-dot, dotted in turn */
		static const int dts[] = {1, 4, 5, 3};
		strbuf_addstr(out, "using 1:2 with lines lw 2");
		/* the lines in turn (a band before them takes no pattern); an
		 * overlay's runs by their number */
		const int k = c->group > 0 ? c->group - 1 : nline;
		if (dts[k % 4] != 1)
			strbuf_addf(out, " dt %d", dts[k % 4]);
	}
	if (text && colors) {
		strbuf_addf(out, " lc rgb '%s'", color);
		if (st != CURVE_POINTS && !band)
			strbuf_addf(out, " dt %d", text_pens[nth % 7]);
	} else if (!text) {
		strbuf_addf(out, " lc rgb '%s'", color);
	}
}

/* Which points of each curve are written, and which curves coincide. */
static void plan_curves(const struct figure *f, const struct gp_term *t, struct plan *p)
{
	int columns = t->kind == GP_TERM_DUMB	 ? t->cols
		      : t->kind == GP_TERM_PNG	 ? PNG_WIDTH
		      : t->kind == GP_TERM_SIXEL ? t->width
						 : 0;
	double lo = 0, hi = 0;
	bool thin = columns > 0 && !figure_x_extent(f, &lo, &hi);
	double xlo, xhi, ylo, yhi;
	extent(f, false, &xlo, &xhi);
	extent(f, true, &ylo, &yhi);
	/* a thousandth of the height: less than a pixel of a PNG, or a row */
	double ytol = 1e-3 * (yhi > ylo ? yhi - ylo : fabs(yhi) + 1e-300);
	double xtol = 1e-3 * (xhi > xlo ? xhi - xlo : fabs(xhi) + 1e-300);
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		p[i].keep = NULL;
		p[i].nkeep = c->n;
		p[i].marks = 0;
		p[i].same_as = -1;
		strbuf_init(&p[i].key);
		strbuf_addstr(&p[i].key, c->label);
		if (c->n == 0)
			continue;
		for (size_t j = 0; j < i && p[i].same_as < 0; j++)
			if (f->curves[j].n && p[j].same_as < 0 && is_line(c) &&
			    is_line(&f->curves[j]) && !names_value(c->label) &&
			    !names_value(f->curves[j].label) &&
			    curves_coincide(&f->curves[j], c, xtol, ytol))
				p[i].same_as = (int)j;
		if (p[i].same_as >= 0 && is_text(t)) {
			/* one key entry for both, one line drawn */
			struct strbuf *k = &p[p[i].same_as].key;
			if (c->label[0])
				strbuf_addf(k, "%s%s", k->len ? " = " : "", c->label);
			continue;
		}
		if (p[i].same_as >= 0) {
			/* the key says that the markers sit on a line drawn */
			if (c->label[0])
				strbuf_addstr(&p[i].key, " (coincides)");
			/* markers on the line: two dozen of them, evenly along x
			 * where x rises (a closed form may be two points of a
			 * line), else evenly in the curve's own points */
			bool rising = c->n >= 2;
			for (size_t k = 1; rising && k < c->n; k++)
				rising = c->x[k] >= c->x[k - 1] && isfinite(c->y[k]);
			if (rising && c->x[c->n - 1] > c->x[0] && isfinite(c->y[0])) {
				p[i].marks = 24;
				continue;
			}
			size_t m = c->n < 24 ? c->n : 24;
			p[i].keep = xmalloc(m * sizeof(size_t));
			for (size_t k = 0; k < m; k++)
				p[i].keep[k] = m > 1 ? (k * (c->n - 1)) / (m - 1) : 0;
			p[i].nkeep = m;
			continue;
		}
		if (thin && c->style != CURVE_POINTS && c->style != CURVE_LINEPOINTS &&
		    !is_mark(c)) {
			p[i].keep = xmalloc(c->n * sizeof(size_t));
			p[i].nkeep = curve_thin(c, lo, hi, columns, p[i].keep);
		}
	}
}

static void add_data(struct strbuf *out, const struct curve *c, size_t i, const struct plan *p)
{
	bool band = c->style == CURVE_FILL && c->y2;
	strbuf_addf(out, "$tribo%zu << EOD\n", i);
	/* markers along a rising curve: its polyline at evenly spaced x */
	for (int j = 0, k = 0; j < p->marks; j++) {
		double x = c->x[0] + (c->x[c->n - 1] - c->x[0]) * j / (p->marks - 1);
		while (k + 2 < (int)c->n && c->x[k + 1] < x)
			k++;
		double x0 = c->x[k], x1 = c->x[k + 1];
		double w = x1 > x0 ? (x - x0) / (x1 - x0) : 0;
		gp_number(out, x);
		strbuf_addch(out, ' ');
		gp_number(out, c->y[k] + w * (c->y[k + 1] - c->y[k]));
		strbuf_addch(out, '\n');
	}
	if (p->marks) {
		strbuf_addstr(out, "EOD\n");
		return;
	}
	if (c->style == CURVE_ARROWS) { /* x y dx dy, a pair of points a row */
		for (size_t j = 0; j + 1 < c->n; j += 2) {
			gp_number(out, c->x[j]);
			strbuf_addch(out, ' ');
			gp_number(out, c->y[j]);
			strbuf_addch(out, ' ');
			gp_number(out, c->x[j + 1] - c->x[j]);
			strbuf_addch(out, ' ');
			gp_number(out, c->y[j + 1] - c->y[j]);
			strbuf_addch(out, '\n');
		}
		strbuf_addstr(out, "EOD\n");
		return;
	}
	if (c->style == CURVE_LABELS) { /* x y "text": a quote, a backslash or a
					 * control character in it dropped */
		for (size_t j = 0; j < c->n; j++) {
			gp_number(out, c->x[j]);
			strbuf_addch(out, ' ');
			gp_number(out, c->y[j]);
			strbuf_addstr(out, " \"");
			for (const unsigned char *q =
				     (const unsigned char *)(c->text ? c->text[j] : "");
			     *q; q++)
				if (*q >= 0x20 && *q != 0x7f && *q != '"' && *q != '\\')
					strbuf_addch(out, (char)*q);
			strbuf_addstr(out, "\"\n");
		}
		strbuf_addstr(out, "EOD\n");
		return;
	}
	for (size_t j = 0; j < p->nkeep; j++) {
		size_t k = p->keep ? p->keep[j] : j;
		gp_number(out, c->x[k]);
		strbuf_addch(out, ' ');
		gp_number(out, c->y[k]);
		if (band) {
			strbuf_addch(out, ' ');
			gp_number(out, c->y2[k]);
		}
		strbuf_addch(out, '\n');
	}
	strbuf_addstr(out, "EOD\n");
}

/* ---- the figure ---------------------------------------------------------- */

/* The widest key entry, in columns. */
static int key_width(const struct figure *f, const struct plan *p, bool text)
{
	int w = 0;
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].n && p[i].key.len && !(text && p[i].same_as >= 0)) {
			int k = utf8_width(strbuf_str(&p[i].key));
			w = k > w ? k : w;
		}
	return w;
}

/* A hodograph's box in a text terminal: one unit as long on both axes,
 * a cell being about twice as high as it is wide (as the dumb terminal
 * takes it), as large as `cols` x `rows` allows. */
static void equal_box(const struct axis *xa, const struct axis *ya, int cols, int rows, int *w,
		      int *h)
{
	double X = xa->hi - xa->lo, Y = ya->hi - ya->lo;
	*h = rows;
	*w = (int)lround(2.0 * rows * X / Y);
	if (*w > cols) {
		*w = cols;
		*h = (int)lround(Y * cols / (2.0 * X));
	}
	*w = *w < 4 ? 4 : *w;
	*h = *h < 3 ? 3 : *h;
}

enum { TEXT_PLOT_ROWS = 8 }; /* rows of curves a pane keeps before its key */

/* Text: the axes with ticks whose labels fit, the y label over the axis
 * (the dumb terminal cannot turn it, and beside the axis it would take a
 * third of the width), the key outside the plot. */
static void text_layout(struct strbuf *out, const struct figure *f, const struct gp_term *t,
			const struct plan *p, int title_lines, int keyed, int labelled)
{
	/* in a pane, a key for one curve only says again what the frame says,
	 * unless it says that two curves are one */
	bool legend = (t->compact ? labelled > 1 : keyed > 0) && t->rows >= 10;
	bool ylabel = f->ylabel && *f->ylabel;
	bool xlabel = f->xlabel && *f->xlabel;
	int kw = legend ? key_width(f, p, true) + 4 : 0;
	/* the key below: as many entries a row as fit */
	int per_row = kw ? (t->cols - 4) / (kw + 2) : 1;
	per_row = per_row < 1 ? 1 : per_row;
	int key_rows = legend ? (keyed + per_row - 1) / per_row : 0;
	/* the title's lines, then the y label's, then the plot */
	int top = title_lines + 1;
	int below = 1 + xlabel;
	int rows = t->rows - top - below; /* the plot's, key below not counted */

	double xlo, xhi, ylo, yhi;
	extent(f, false, &xlo, &xhi);
	extent(f, true, &ylo, &yhi);
	struct axis xa, ya;
	if (t->compact && legend && !f->equal_axes && rows - key_rows - 3 < TEXT_PLOT_ROWS)
		legend = false, key_rows = 0; /* see below */
	int yrows = rows - key_rows;
	axis_fit(&ya, ylo, yhi, f->ymin, f->ymax, yrows >= 4 ? yrows / 2 : 2);
	if (f->log_y) /* gnuplot's own decades, labelled 1e-05 */
		ya = (struct axis){
			.lo = NAN, .hi = NAN, .step = 0, .format = "%.0e", .label_width = 5};
	int left = ya.label_width + 3;
	int width = t->cols - left - 2;
	bool beside = false;
	int bw = 0, bh = 0;
	for (int pass = 0; pass < 3; pass++) {
		int most = width / ((pass ? xa.label_width : 4) + 3);
		axis_fit(&xa, xlo, xhi, f->xmin, f->xmax, most > 1 ? most : 1);
		if (!f->equal_axes)
			continue;
		/* the larger box of the two places for the key */
		int w1, h1, w2, h2;
		equal_box(&xa, &ya, t->cols - left - 2, rows - key_rows, &w1, &h1);
		equal_box(&xa, &ya, t->cols - left - kw - 4, rows, &w2, &h2);
		beside = legend && kw && w2 * h2 > w1 * h1;
		bw = beside ? w2 : w1;
		bh = beside ? h2 : h1;
		width = bw;
	}
	/* in a pane, a key below that leaves the curves fewer than
	 * TEXT_PLOT_ROWS rows inside the box (its two borders and the blank
	 * row gnuplot keeps under a page taken off) goes: the zoomed pane has
	 * the rows for it (issue 40: 2 rows of curves under a key of 4) */
	if (t->compact && legend && !beside && rows - key_rows - 3 < TEXT_PLOT_ROWS) {
		legend = false;
		key_rows = 0;
		if (f->equal_axes) {
			equal_box(&xa, &ya, t->cols - left - 2, rows, &bw, &bh);
			width = bw;
		}
	}
	add_axis(out, "x", &xa);
	add_axis(out, "y", &ya);
	if (f->log_y)
		strbuf_addstr(out, "set logscale y\nset format y \"%.0e\"\n");
	strbuf_addstr(out, "set tics nomirror\n");
	add_text(out, "xlabel", f->xlabel);
	if (ylabel) {
		/* the line over the plot, from the left edge */
		strbuf_addstr(out, "set label 1 ");
		gp_quote(out, f->ylabel);
		strbuf_addstr(out, " at screen 0, graph 1 offset 0, char 1 left noenhanced\n");
	}
	if (beside) {
		/* the box placed by hand (gnuplot's `size ratio` leaves a key
		 * outside right where the box was before it shrank, over the
		 * curves): under it the tick labels and the x label; the rows it
		 * does not need above it, under the y label */
		int tm = t->rows - below - bh;
		strbuf_addf(out, "set tmargin %d\nset bmargin %d\nset lmargin %d\nset rmargin %d\n",
			    tm > top ? tm : top, below, left, t->cols - left - bw);
	} else {
		strbuf_addf(out, "set tmargin %d\nset rmargin 2\n", top);
		if (f->equal_axes)
			/* one unit as long on both axes: the dumb terminal takes a
			 * cell as twice as high as it is wide */
			strbuf_addstr(out, "set size ratio -1\n");
	}
	if (!legend)
		strbuf_addstr(out, "unset key\n");
	else if (beside)
		strbuf_addstr(out, "set key outside right top vertical Left reverse samplen 2 "
				   "noenhanced\n");
	else
		strbuf_addf(out,
			    "set key below horizontal Left reverse samplen 2 maxcols %d "
			    "noenhanced\n",
			    per_row);
}

/* A file's heading: the short title on one line, in a larger font, and
 * under it the subtitle broken into lines of the smaller font, all placed
 * by hand in a top margin made for them (gnuplot's own title has one font
 * and would wrap where it pleases). */
static void file_heading(struct strbuf *out, const char *title, const char *subtitle)
{
	enum { MOST = 3 };
	struct strbuf lines[MOST];
	for (int i = 0; i < MOST; i++)
		strbuf_init(&lines[i]);
	int n = subtitle && *subtitle ? title_lines(subtitle, 120, lines, MOST) : 0;
	bool has_title = title && *title;
	if (has_title || n)
		strbuf_addf(out, "set tmargin %.1f\n", (has_title ? 2.2 : 0.8) + 1.1 * n + 0.6);
	if (has_title) {
		strbuf_addstr(out, "set label 10 ");
		gp_quote(out, title);
		strbuf_addstr(out, " at screen 0.5, screen 1 offset 0, char -1.3 center "
				   "font ',15' noenhanced\n");
	}
	for (int i = 0; i < n; i++) {
		strbuf_addf(out,
			    "set label %d %s at screen 0.5, screen 1 offset 0, char %.1f center "
			    "font ',11' tc rgb '#333333' noenhanced\n",
			    11 + i, strbuf_str(&lines[i]), -(has_title ? 2.6 : 1.2) - 1.1 * i);
	}
	for (int i = 0; i < MOST; i++)
		strbuf_release(&lines[i]);
}

void gp_script_window_check(struct strbuf *out, const struct gp_term *t)
{
	/* the first `clear` finds a gnuplot_x11 gone, the second draws
	 * through the new one */
	for (int k = 0; k < 2; k++) {
		add_term(out, t);
		strbuf_addstr(out, "clear\n");
	}
	strbuf_addstr(out, "set terminal unknown\n");
}

void gp_script_figure(struct strbuf *out, const struct figure *f, const char *title,
		      const struct gp_term *t)
{
	gp_script_figure_sub(out, f, title, NULL, t);
}

void gp_script_figure_sub(struct strbuf *out, const struct figure *f, const char *title,
			  const char *subtitle, const struct gp_term *t)
{
	bool text = is_text(t);
	strbuf_addstr(out, "reset\nset encoding utf8\n");
	add_term(out, t);
	strbuf_addstr(out, "set termoption noenhanced\n");

	struct plan *p = xcalloc(f->ncurves ? f->ncurves : 1, sizeof(*p));
	plan_curves(f, t, p);
	int keyed = 0, labelled = 0;
	for (size_t i = 0; i < f->ncurves; i++) {
		keyed += f->curves[i].n > 0 && p[i].key.len && !(text && p[i].same_as >= 0);
		labelled += f->curves[i].n > 0 && f->curves[i].label[0];
	}

	int ntitle = 0;
	if (!t->compact && text) {
		/* the short title, then the subtitle on the lines under it */
		ntitle = add_title(out, title, t->cols - 4, 0);
		ntitle += add_title(out, subtitle, t->cols - 4, ntitle);
	}
	if (text) {
		text_layout(out, f, t, p, ntitle, keyed, labelled);
	} else {
		if (!t->compact)
			file_heading(out, title, subtitle);
		if (f->equal_axes)
			strbuf_addstr(out, "set size ratio -1\n");
		add_text(out, "xlabel", f->xlabel);
		add_text(out, "ylabel", f->ylabel);
		/* the axes as long as the data and a twentieth more above and
		 * below (not out to the next tic, which left a curve's end far
		 * from the edge, nor at it, which hid a level on the border) */
		strbuf_addstr(out, "set autoscale xfix\nset autoscale yfix\n"
				   "set offsets 0, 0, graph 0.05, graph 0.05\n");
		add_axis_range(out, f, false);
		add_axis_range(out, f, true);
		if (f->log_y)
			strbuf_addstr(out, "set logscale y\n");
		strbuf_addstr(out, "set grid lc rgb '#dddddd'\nset border lw 1.2\n");
		/* the key outside the plot, where no data can be: beside a
		 * hodograph (its box is held square, the width is spare), below
		 * a curve against time (which wants the width) */
		/* a hodograph wider than high (a cycle drifting along x) keeps
		 * the width, its key below */
		double aspect = (f->xmax - f->xmin) / (f->ymax - f->ymin);
		bool beside = f->equal_axes && !(aspect > 1.25);
		/* a picture in a pane narrower than it is wide keeps its width
		 * for the box, the key below */
		if (t->kind == GP_TERM_SIXEL && t->width < 1.6 * t->height)
			beside = false;
		if (!keyed)
			strbuf_addstr(out, "unset key\n");
		else if (beside)
			strbuf_addstr(out,
				      "set key outside right top vertical Left reverse samplen 3 "
				      "spacing 1.2 width 1 noenhanced\n");
		else {
			strbuf_addf(
				out,
				"set key outside below center horizontal Left reverse samplen 3 "
				"spacing 1.2 maxcols %d noenhanced\n",
				keyed == 3 || keyed > 4 ? 3 : 2);
			/* gnuplot sets the key's first row a few pixels into the
			 * x label's (an offset moves both): a blank second line
			 * of the label keeps a row between them */
			if (*f->xlabel) {
				strbuf_addstr(out, "set xlabel ");
				gp_quote(out, f->xlabel);
				strbuf_addstr(out, ".\"\\n \" noenhanced\n");
			}
		}
	}

	/* one datablock a curve: x y, or x ylo yhi for a band */
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].n && !(text && p[i].same_as >= 0))
			add_data(out, &f->curves[i], i, &p[i]);

	/* the bands first, so that the lines are drawn over them */
	const char *sep = "plot ";
	int nth = 0, nmark = 0, nline = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < f->ncurves; i++) {
			const struct curve *c = &f->curves[i];
			bool band = c->style == CURVE_FILL && c->y2;
			if (c->n == 0 || band != (pass == 0) || (text && p[i].same_as >= 0))
				continue;
			bool marks = p[i].same_as >= 0;
			strbuf_addf(out, "%s$tribo%zu ", sep, i);
			/* markers on a line take its colour (it was drawn before) */
			/* and a run of an overlay has one colour for all its curves */
			p[i].color = marks	    ? p[p[i].same_as].color
				     : c->group > 0 ? c->group - 1
						    : nth++;
			add_style(out, c, text, t->colors, p[i].color, nmark, nline, marks);
			nline += !marks &&
				 (c->style == CURVE_LINE || (c->style == CURVE_FILL && !c->y2));
			if (marks || c->style == CURVE_POINTS || c->style == CURVE_LINEPOINTS)
				nmark++;
			if (p[i].key.len) {
				strbuf_addstr(out, " title ");
				gp_quote(out, strbuf_str(&p[i].key));
				strbuf_addstr(out, " noenhanced");
			} else {
				strbuf_addstr(out, " notitle");
			}
			sep = ", \\\n     ";
		}
	strbuf_addch(out, '\n');
	/* closing the output finishes the file (pngcairo writes on close) */
	if (t->kind != GP_TERM_WINDOW)
		strbuf_addstr(out, "set output\n");
	/* Idle on x11 with its gnuplot_x11 gone (the window killed from X),
	 * gnuplot 5.4 loses letters of the lines it reads; on `unknown` it
	 * reads them whole, and the window stays (without gnuplot's mouse). */
	else if (!strcmp(t->window, "x11"))
		strbuf_addstr(out, "set terminal unknown\n");
	for (size_t i = 0; i < f->ncurves; i++) {
		free(p[i].keep);
		strbuf_release(&p[i].key);
	}
	free(p);
}
