/* Drawing a session's figures through the shared gnuplot (gp/gnuplot.h):
 * as text, into a file, into a window, or into the full-screen plot pane.
 * (The figures' data as CSV is exercise/export.h.) Nothing here prints: text comes back in a
 * strbuf, failures in a struct diag. */
#ifndef TRIBO_PLOT_H
#define TRIBO_PLOT_H

#include <stddef.h>

#include "exercise/export.h"
#include "exercise/session.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* The name `plot` and `export` give the last sweep's figure and table. */
#define PLOT_SWEEP EXPORT_SWEEP

/* A figure of the session: `name` among the last solve's figures, or
 * PLOT_SWEEP for the last sweep; NULL name: the first figure of the last
 * solve, else the sweep. NULL with d set (naming the figures there are)
 * when there is no such figure. */
const struct figure *plot_find(const struct session *s, const char *name, struct diag *d);
/* The title a plot of f carries, one short line: "exercise-id: figure-name". */
void plot_title(const struct session *s, const struct figure *f, struct strbuf *out);
/* The line under it: the exercise's title and the figure's description. */
void plot_subtitle(const struct session *s, const struct figure *f, struct strbuf *out);

/* f drawn by gnuplot's dumb terminal, cols x rows cells, appended to out. */
int plot_text(const struct session *s, const struct figure *f, int cols, int rows,
	      struct strbuf *out, struct diag *d);
/* f drawn into `path`; the terminal follows the extension (.png, .svg,
 * .pdf). The file appears whole or not at all. */
int plot_file(const struct session *s, const struct figure *f, const char *path, struct diag *d);
/* f drawn in a gnuplot window (qt, else wxt, else x11) when a display
 * exists, 1000x700 as a PNG, titled "tribo". The shared gnuplot has one
 * window: every call draws in it again (and opens it again when it was
 * closed). It closes when that gnuplot ends (with tribo), unless the last
 * call asked `persist`: then it stays until its user closes it. */
int plot_window(const struct session *s, const struct figure *f, bool persist, struct diag *d);

/* The name `plot` gives the scene (scene/scene.h): the system drawn to
 * scale at a time T of the last solve's run, with its forces. */
#define PLOT_SCENE "scene"
/* The scene at T as text (cols x rows), into a file (.png, .svg, .pdf), or
 * in a window, as plot_text, plot_file and plot_window draw a figure. */
int plot_scene_text(const struct session *s, double T, int cols, int rows, struct strbuf *out,
		    struct diag *d);
int plot_scene_file(const struct session *s, double T, const char *path, struct diag *d);
int plot_scene_window(const struct session *s, double T, bool persist, struct diag *d);

/* A picture instead of text: a sixel image of width x height pixels, its
 * text font_pt points (0x0: text); truecolor as struct gp_term's. */
struct plot_image {
	int width, height, font_pt;
	bool truecolor;
};

/* The full-screen mode's plot pane: its size and what it shows. The front
 * end owns it and hands it to the commands (`plot NAME` chooses the figure,
 * `zoom` gives it the screen); there is none in the other modes. */
struct plot_pane {
	bool present;	  /* the layout has a plot pane (perhaps too short to draw
			   * in, then it only names the figure) */
	int cols, rows;	  /* inside the frame, in cells; 0x0 while no plot is shown */
	int colors;	  /* 0 (none: NO_COLOR, a monochrome terminal), 8 or 256 */
	char figure[128]; /* the figure `plot NAME` chose; "" for the first;
			   * PLOT_SCENE: the scene at scene_t */
	double scene_t;
	bool zoomed; /* the plot has the screen (F7, `zoom`) */
	/* the screen's, for `step play` within a command: draws the pane
	 * now (the scene at scene_t), and looks at the keys typed since; each
	 * is true when one was (any key stops a play). NULL elsewhere. */
	bool (*draw_now)(void);
	bool (*key_now)(void);
	/* set: the pane is a picture of this size */
	struct plot_image image;
	/* gnuplot did not answer the pane within PLOT_PANE_WAIT_MS: the pane
	 * says so and waits, and no pane drawing runs gnuplot again until
	 * `plot NAME` (plot_pane_choose) asks for one */
	bool waiting;
	/* what was drawn last, kept while nothing it depends on changes */
	struct {
		bool valid;
		unsigned long serial;	  /* session_figures_serial() */
		const struct figure *fig; /* valid while the serial stays */
		double scene_t;
		int cols, rows, colors;
		struct plot_image image;  /* width 0: text holds text, else a sixel image */
		unsigned long generation; /* counts the drawings */
		int rc;
		struct strbuf text;
		struct diag d;
	} drawn;
};

/* The longest a drawing of the pane waits for gnuplot (a plot to a file
 * or a window waits gnuplot's own 20 s). */
enum { PLOT_PANE_WAIT_MS = 2000 };

void plot_pane_init(struct plot_pane *p);
void plot_pane_release(struct plot_pane *p);
/* Whether the pane is drawn as an image (p->image's size is set). */
bool plot_pane_image(const struct plot_pane *p);
/* Whether the pane is shown now (its size is not 0x0). */
bool plot_pane_shown(const struct plot_pane *p);
/* Makes the figure `name` the pane's. A name that later disappears falls
 * back to the first figure. */
void plot_pane_choose(struct plot_pane *p, const char *name);
/* The pane's figure (the one last chosen with `plot`, else the first of
 * the last solve, else the last sweep) drawn at the pane's size: *text is
 * the dumb terminal's lines (ANSI colours in them when p->colors), or
 * with p->image set the sixel image (ESC P q ... ESC \) to write at the
 * pane's origin; "" when there is nothing to draw. gnuplot runs only when
 * the figure, the size or the colours changed since the last call: every
 * other call returns what it drew then (text or error), and
 * p->drawn.generation stays. 0, or -1 with d set. *text is p's. An image
 * that cannot be made (a gnuplot without sixelgd, output that is not a
 * sixel image) is an error that names why. */
int plot_pane_render(const struct session *s, struct plot_pane *p, const char **text,
		     struct diag *d);
/* The figure the pane shows, or would show with room for it (its title
 * goes in the pane's frame); NULL when there is none to show. */
const struct figure *plot_pane_figure(const struct session *s, const struct plot_pane *p);

#endif
