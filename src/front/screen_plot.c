/* The full-screen workbench's plot pane: gnuplot's dumb terminal at the
 * pane's inner size, or a sixel picture of it where the terminal shows
 * one (front/sixel.c), or a strip that names the figure where the pane is
 * too short. */
#include <ncurses.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exercise/session.h"
#include "front/screen.h"
#include "front/sixel.h"
#include "num/num.h"
#include "plot/plot.h"
#include "util/xalloc.h"

/* A figure drawn from the solution before the last `set` (a sweep's
 * figure is its own run, made with the values it swept). Its pane's note
 * starts with STALE_NOTE, which the frame draws as the results pane's
 * "out of date" line is drawn. */
#define STALE_NOTE "out of date: "
static bool plot_stale(const struct figure *f)
{
	return session_stale(S.s) && f != session_sweep(S.s)->fig;
}

/* The plot pane: gnuplot's dumb terminal at the pane's inner size. The
 * drawing is kept by plot_pane_render until the figures, the figure
 * chosen, the size or the colours change: a command that changes none of
 * them (eval, print, a typo) does not run gnuplot. */
void scr_build_plot(struct pane *p)
{
	scr_lines_clear(&p->content);
	p->note[0] = '\0';
	int cols = p->w - 2, rows = p->h - 2;
	bool room = p->win && !S.plot_strip && cols >= 20 && rows >= 5;
	S.plot.present = p->win != NULL;
	S.plot.cols = room ? cols : 0;
	S.plot.rows = room ? rows : 0;
	/* a picture of the pane's inside, in whole sixel bands of 6 pixels
	 * (a last band cut short is drawn whole by some terminals), no larger
	 * than the terminal shows (scr_draw_image centres a smaller one) */
	bool image = room && S.gfx.on;
	int pw = cols * S.gfx.cell_w, ph = rows * S.gfx.cell_h;
	S.plot.image.width = !image ? 0 : pw < S.gfx.max_w ? pw : S.gfx.max_w;
	S.plot.image.height = !image ? 0 : (ph < S.gfx.max_h ? ph : S.gfx.max_h) / 6 * 6;
	S.plot.image.font_pt = image ? sixel_font_pt(S.gfx.cell_h) : 0;
	/* antialiased unless the terminal says it has fewer than 256 colour
	 * registers (a real VT340 has 16); terminals that show sixel today
	 * have 256 or more, and xterm does not say */
	S.plot.image.truecolor = image && (S.gfx.registers == 0 || S.gfx.registers >= 256);
	if (!session_exercise(S.s))
		return;
	const struct figure *f = NULL;
	if (S.plot_strip) {
		/* the figure is there, the rows are not: say where it is */
		f = plot_pane_figure(S.s, &S.plot);
		if (f) {
			snprintf(p->note, sizeof(p->note), "%s%s", plot_stale(f) ? STALE_NOTE : "",
				 f->name);
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "F7 zooms: %s", f->title);
			scr_lines_add(&p->content, t.buf, t.len, ST_DIM);
			strbuf_release(&t);
		} else if (!strcmp(S.plot.figure, PLOT_SCENE) && session_figures_made(S.s)) {
			snprintf(p->note, sizeof(p->note), "scene at t = %g", S.plot.scene_t);
			scr_lines_add_text(&p->content, "F7 zooms: the system drawn to scale",
					   ST_DIM);
		} else {
			scr_lines_add_text(&p->content, "'solve' draws the solution; F7 shows it",
					   ST_DIM);
		}
		return;
	}
	if (!room)
		return;
	const char *text;
	struct diag d;
	/* at the prompt the pane is work the screen starts without a
	 * command: a Ctrl-C that came before it (at the prompt, or in the last
	 * command) is not for it. Within a command it is that command's. */
	if (!in_command)
		num_interrupted = 0;
	int rc = plot_pane_render(S.s, &S.plot, &text, &d);
	if (rc && image) {
		/* no picture: if text can be drawn, it is the picture that
		 * failed, and text it is from now on, with one line why */
		memset(&S.plot.image, 0, sizeof(S.plot.image));
		struct diag td;
		const char *t2;
		if (!plot_pane_render(S.s, &S.plot, &t2, &td)) {
			struct strbuf msg = STRBUF_INIT;
			diag_format(&d, &msg);
			struct strbuf line = STRBUF_INIT;
			strbuf_addf(&line, "plots as text from now: %s", strbuf_str(&msg));
			scr_log_add(strbuf_str(&line), ST_ERROR);
			strbuf_release(&line);
			strbuf_release(&msg);
			S.gfx.on = false;
			image = false;
			rc = 0;
			text = t2;
		}
	}
	if (rc) {
		struct strbuf msg = STRBUF_INIT;
		diag_format(&d, &msg);
		struct strbuf t = STRBUF_INIT;
		scr_wrap_text(&t, strbuf_str(&msg), cols);
		scr_lines_add_text(&p->content, strbuf_str(&t), ST_ERROR);
		strbuf_release(&t);
		strbuf_release(&msg);
	} else if (*text) {
		f = plot_pane_figure(S.s, &S.plot);
		if (f)
			snprintf(p->note, sizeof(p->note), "%s%s: %s",
				 plot_stale(f) ? STALE_NOTE : "", f->name, f->title);
		else if (!strcmp(S.plot.figure, PLOT_SCENE))
			snprintf(p->note, sizeof(p->note), "scene at t = %g", S.plot.scene_t);
		if (image)
			return; /* the pane is left blank for the picture (scr_draw_image) */
		scr_lines_add_text(&p->content, text, ST_NORMAL);
		/* gnuplot pads the plot with blank lines at the bottom */
		while (p->content.n && scr_ansi_blank(p->content.v[p->content.n - 1].s)) {
			free(p->content.v[p->content.n - 1].s);
			p->content.n--;
		}
	} else {
		scr_lines_add_text(&p->content,
				   session_solved(S.s)
					   ? "this solve has no figure to show ('plot' says why)"
					   : "'solve' draws the solution here; "
					     "'plot NAME' picks a figure",
				   ST_DIM);
	}
}

/* ---- the picture ------------------------------------------------------------------ */

/* Whether the plot pane holds a picture to show now. */
bool scr_image_wanted(void)
{
	const struct pane *p = &S.pane[P_PLOT];
	return S.gfx.on && !S.small && p->win && plot_pane_image(&S.plot) && S.plot.drawn.valid &&
	       S.plot.drawn.image.width && !S.plot.drawn.rc && S.plot.drawn.text.len;
}

bool scr_image_in_place(void)
{
	const struct pane *p = &S.pane[P_PLOT];
	return p->win && S.img.y == getbegy(p->win) && S.img.x == getbegx(p->win) &&
	       S.img.h == p->h && S.img.w == p->w;
}

/* The screen is cleared, and the picture with it. */
void screen_cleared(void)
{
	clearok(curscr, TRUE);
	S.img.shown = false;
}

/* After curses has drawn the frame (the pane's inside left blank, which
 * curses then never writes again while it stays blank), the picture at
 * its inside's top left corner: only when it is not there yet. */
void scr_draw_image(void)
{
	if (!scr_image_wanted() || (S.img.shown && S.img.generation == S.plot.drawn.generation))
		return;
	struct pane *p = &S.pane[P_PLOT];
	fflush(stdout);
	int y = getbegy(p->win), x = getbegx(p->win);
	/* centred in whole cells where the terminal's limit made it smaller */
	int dx = ((p->w - 2) * S.gfx.cell_w - S.plot.drawn.image.width) / 2 / S.gfx.cell_w;
	int dy = ((p->h - 2) * S.gfx.cell_h - S.plot.drawn.image.height) / 2 / S.gfx.cell_h;
	if (sixel_put(STDOUT_FILENO, y + 1 + (dy > 0 ? dy : 0), x + 1 + (dx > 0 ? dx : 0),
		      S.plot.drawn.text.buf, S.plot.drawn.text.len))
		return;
	S.img.shown = true;
	S.img.generation = S.plot.drawn.generation;
	S.img.y = y, S.img.x = x, S.img.h = p->h, S.img.w = p->w;
}
