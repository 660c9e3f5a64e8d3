#include "plot/gpscript.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void gp_quote(struct strbuf *out, const char *text)
{
	/* Inside single quotes gnuplot expands nothing (no `cmd`, no @macro,
	 * no backslash escape); '' is the only way to write a quote. A control
	 * character is dropped: a newline would end the command. */
	strbuf_addch(out, '\'');
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			continue;
		if (*p == '\'')
			strbuf_addch(out, '\'');
		strbuf_addch(out, (char)*p);
	}
	strbuf_addch(out, '\'');
}

void gp_number(struct strbuf *out, double x)
{
	if (isfinite(x))
		strbuf_addf(out, "%.17g", x);
	else
		strbuf_addstr(out, "NaN");
}

static void add_term(struct strbuf *out, const struct gp_term *t)
{
	switch (t->kind) {
	case GP_TERM_DUMB:
		/* mono: no ANSI colour codes in the text */
		strbuf_addf(out, "set terminal dumb size %d,%d noenhanced mono\nset output\n",
			    t->cols, t->rows);
		return;
	case GP_TERM_PNG:
		strbuf_addstr(out, "set terminal pngcairo size 1000,700 noenhanced\n");
		break;
	case GP_TERM_SVG:
		strbuf_addstr(out, "set terminal svg size 1000,700 noenhanced background "
				   "'#ffffff'\n");
		break;
	case GP_TERM_PDF:
		strbuf_addstr(out, "set terminal pdfcairo size 8in,5.6in noenhanced\n");
		break;
	case GP_TERM_WINDOW:
		/* persist: the window outlives gnuplot, and so `tribo -c` that
		 * ends at once; its title is ours, not the user's */
		strbuf_addf(out, "set terminal %s noenhanced persist title 'tribo'\nset output\n",
			    t->window);
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

/* The title, broken at spaces into lines of at most `width` columns: the
 * pieces stay single-quoted, joined by a double-quoted "\n" of ours. */
static void add_title(struct strbuf *out, const char *title, int width)
{
	if (!title || !*title)
		return;
	strbuf_addstr(out, "set title ");
	struct strbuf line = STRBUF_INIT, word = STRBUF_INIT;
	bool first = true;
	for (const char *p = title;; p++) {
		if (*p && *p != ' ') {
			strbuf_addch(&word, *p);
			continue;
		}
		if (word.len) {
			int w = utf8_width(strbuf_str(&line)) + 1 + utf8_width(strbuf_str(&word));
			if (line.len && w > width) {
				if (!first)
					strbuf_addstr(out, ".\"\\n\".");
				gp_quote(out, strbuf_str(&line));
				first = false;
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
	if (!first)
		strbuf_addstr(out, ".\"\\n\".");
	gp_quote(out, strbuf_str(&line));
	strbuf_addstr(out, " noenhanced\n");
	strbuf_release(&line);
	strbuf_release(&word);
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

static const char *style_of(enum curve_style s, bool text)
{
	/* point type 7 is a filled circle, but a 'G' on the dumb terminal */
	switch (s) {
	case CURVE_DASHED:
		return "using 1:2 with lines dashtype 2 lw 1.5";
	case CURVE_POINTS:
		return text ? "using 1:2 with points pt 'o'" : "using 1:2 with points pt 7 ps 0.6";
	case CURVE_LINEPOINTS:
		return text ? "using 1:2 with linespoints pt 'o'"
			    : "using 1:2 with linespoints lw 2 pt 7 ps 0.6";
	case CURVE_FILL:
		/* the band between y and y2, behind the lines drawn over it */
		return "using 1:2:3 with filledcurves fs transparent solid 0.3 noborder";
	case CURVE_LINE:
		break;
	}
	return "using 1:2 with lines lw 2";
}

void gp_script_figure(struct strbuf *out, const struct figure *f, const char *title,
		      const struct gp_term *t)
{
	strbuf_addstr(out, "reset\nset encoding utf8\n");
	add_term(out, t);
	strbuf_addstr(out, "set termoption noenhanced\n");
	if (t->compact)
		strbuf_addstr(out, "set tmargin 1\nset rmargin 1\n");
	else
		add_title(out, title, t->kind == GP_TERM_DUMB ? t->cols - 4 : 90);
	add_text(out, "xlabel", f->xlabel);
	add_text(out, "ylabel", f->ylabel);
	if (f->equal_axes)
		strbuf_addstr(out, "set size ratio -1\n");
	add_range(out, "x", f->xmin, f->xmax);
	add_range(out, "y", f->ymin, f->ymax);
	if (t->kind != GP_TERM_DUMB)
		strbuf_addstr(out, "set grid\n");

	int labelled = 0;
	for (size_t i = 0; i < f->ncurves; i++)
		labelled += f->curves[i].n > 0 && f->curves[i].label[0];
	/* in a pane, a key for one curve only hides part of it, and in a
	 * short pane any key lands on the curves or the tic labels */
	bool legend = labelled > (t->compact ? 1 : 0) && !(t->compact && t->rows < 14);
	strbuf_addstr(out, legend ? "set key noenhanced\n" : "unset key\n");

	/* one datablock a curve: x y, or x ylo yhi for a band */
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		if (c->n == 0)
			continue;
		bool band = c->style == CURVE_FILL && c->y2;
		strbuf_addf(out, "$tribo%zu << EOD\n", i);
		for (size_t k = 0; k < c->n; k++) {
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

	/* the bands first, so that the lines are drawn over them */
	const char *sep = "plot ";
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < f->ncurves; i++) {
			const struct curve *c = &f->curves[i];
			bool band = c->style == CURVE_FILL && c->y2;
			if (c->n == 0 || band != (pass == 0))
				continue;
			enum curve_style st =
				c->style == CURVE_FILL && !band ? CURVE_LINE : c->style;
			strbuf_addf(out, "%s$tribo%zu %s ", sep, i,
				    style_of(st, t->kind == GP_TERM_DUMB));
			if (c->label[0]) {
				strbuf_addstr(out, "title ");
				gp_quote(out, c->label);
				strbuf_addstr(out, " noenhanced");
			} else {
				strbuf_addstr(out, "notitle");
			}
			sep = ", \\\n     ";
		}
	strbuf_addch(out, '\n');
	/* closing the output finishes the file (pngcairo writes on close) */
	if (t->kind != GP_TERM_WINDOW)
		strbuf_addstr(out, "set output\n");
}
