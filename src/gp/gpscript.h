/* gnuplot scripts for figures, as text: kept apart from the process so
 * that what tribo sends can be tested line by line. No user string ever
 * becomes a gnuplot command or a file name: every text is a single-quoted
 * string (no backquote, macro or escape expansion happens inside one), its
 * quotes doubled and its control characters removed, and drawn noenhanced
 * so that ^ _ @ { } are literal. */
#ifndef TRIBO_GPSCRIPT_H
#define TRIBO_GPSCRIPT_H

#include <stdbool.h>

#include "num/figure.h"
#include "util/strbuf.h"

enum gp_term_kind {
	GP_TERM_DUMB, /* text, back over gnuplot's standard output */
	GP_TERM_PNG,
	GP_TERM_SVG,
	GP_TERM_PDF,
	GP_TERM_WINDOW,
	GP_TERM_SIXEL, /* a sixel image, back over gnuplot's standard output */
};

struct gp_term {
	enum gp_term_kind kind;
	int cols, rows;	    /* GP_TERM_DUMB: the size in character cells */
	const char *output; /* the files: an absolute path chosen by tribo */
	const char *window; /* GP_TERM_WINDOW: "qt", "wxt" or "x11" */
	bool persist;	    /* GP_TERM_WINDOW: the window outlives gnuplot */
	bool compact;	    /* GP_TERM_DUMB in a pane: no title (the pane's
			     * frame shows it), every cell for the curves */
	int colors;	    /* GP_TERM_DUMB: 0 (mono), 8 or 256 ANSI colours */
	/* GP_TERM_SIXEL: the image's size in pixels, its font's in points,
	 * and whether it may use more colours than the few it draws with
	 * (antialiased; the terminal needs 256 colour registers for that) */
	int width, height, font_pt;
	bool truecolor;
};

/* Appends `text` as a gnuplot string: single-quoted, or where it holds
 * quotes an expression joining single-quoted pieces and the quotes made
 * by sprintf (gnuplot 5.4 misreads a quote written inside quotes). */
void gp_quote(struct strbuf *out, const char *text);
/* Appends a number as gnuplot data: %.17g, NaN for what is not finite. */
void gp_number(struct strbuf *out, double x);
/* Appends the script that draws f on terminal t. `title` heads the plot
 * (the exercise's title and the figure's, as the caller wants them). The
 * output is closed at the end, so a file is complete when it returns.
 *
 * On a text terminal the figure is laid out for its cells: the y label
 * above the axis (the dumb terminal cannot turn it, and beside the axis it
 * takes a third of the width), the key below the plot (or beside a
 * hodograph that leaves room there), ticks spaced so that their labels
 * never run together, and each curve in its own colour and character.
 * Curves are thinned to the target's columns (text and PNG; SVG, PDF and
 * windows get every point), and a curve that coincides with an earlier
 * one is said so: in text one key entry "A = B", in a file B as markers. */
void gp_script_figure(struct strbuf *out, const struct figure *f, const char *title,
		      const struct gp_term *t);
/* The same with a subtitle under the title: in a file the title is one
 * line in a larger font and the subtitle lines in a smaller one under it;
 * in text the subtitle's lines follow the title's. Every key in a file is
 * outside the plot: beside a hodograph, below a curve against time. */
void gp_script_figure_sub(struct strbuf *out, const struct figure *f, const char *title,
			  const char *subtitle, const struct gp_term *t);

/* The `set terminal` and `set output` lines of t (the scene's script
 * shares them: plot/scene.c). */
void gp_script_term(struct strbuf *out, const struct gp_term *t);

/* For x11, before each figure: x11 draws through gnuplot_x11, which a
 * window killed from X takes with it. gnuplot finds that out only when it
 * next draws (that drawing is lost) and starts a new one at the next `set
 * terminal x11`: this script draws nothing (a `clear`) to find out. */
void gp_script_window_check(struct strbuf *out, const struct gp_term *t);

#endif
