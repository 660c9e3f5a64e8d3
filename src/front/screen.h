/* The full-screen workbench's insides (front/screen.c), shared by the
 * files that draw it: styled lines and text (screen_text.c), the boxed
 * panes (screen_panes.c), the plot pane and its picture (screen_plot.c),
 * the log, the status line and the prompt (screen_log.c). Only those
 * files include it; the rest of tribo sees front_screen (front/front.h).
 *
 * One screen at a time: S is the state of the one running. Its panes own
 * their lines; a window is NULL where the layout has no room for it. */
#ifndef TRIBO_FRONT_SCREEN_H
#define TRIBO_FRONT_SCREEN_H

#include <ncurses.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "front/sixel.h"
#include "front/status.h"
#include "plot/plot.h"
#include "util/strbuf.h"

enum { AHEAD = 256 }; /* keys typed during a command, kept for after it */

/* ---- text with a style ---------------------------------------------------- */

enum style {
	ST_NORMAL,
	ST_TITLE,   /* pane titles, exercise title */
	ST_DIM,	    /* sources, ranges, hints */
	ST_CHANGED, /* a parameter changed from the exercise's value */
	ST_ERROR,
	ST_COMMAND, /* the echo of a command in the log */
	ST_ASKED,   /* a result the exercise asks for */
	ST_STATUS,
	ST_FOCUS, /* the title of the pane that has the focus */
	ST_GOOD,  /* a correct check */
	ST_COUNT
};

struct line {
	char *s;
	enum style st;
};

struct lines {
	struct line *v;
	size_t n, cap;
};

void scr_lines_add(struct lines *l, const char *s, size_t len, enum style st);
/* Adds every line of text (a trailing newline adds nothing). */
void scr_lines_add_text(struct lines *l, const char *text, enum style st);
void scr_lines_clear(struct lines *l);
void scr_lines_free(struct lines *l);
/* Drops the oldest lines beyond `keep`. */
void scr_lines_trim(struct lines *l, size_t keep);

/* ---- drawing UTF-8 (or its ASCII spelling) ------------------------------------ */

extern bool utf8_term; /* the locale's charset is UTF-8 */
extern attr_t style_attr[ST_COUNT];

int text_cols(const char *s, size_t n);
int scr_put_text(WINDOW *w, const char *s, int cols);
void scr_put_fitted(WINDOW *w, const char *s, int cols);
size_t scr_bytes_for_cols(const char *s, int cols);
void scr_wrap_text(struct strbuf *out, const char *s, int width);
/* gnuplot's dumb terminal's lines, their SGR escapes as colours */
bool scr_ansi_blank(const char *s);
void scr_put_ansi(WINDOW *w, const char *s, int cols);

/* ---- panes ----------------------------------------------------------------- */

enum pane_id { P_LOG, P_EXERCISE, P_PARAMS, P_RESULTS, P_PLOT, P_COUNT };

struct pane {
	const char *title;
	WINDOW *win;
	int h, w;	      /* including the border */
	struct lines content; /* P_LOG: the log itself */
	int scroll;	      /* first line shown; P_LOG: display rows up from the end */
	char note[96];	      /* shown in the title bar */
};

struct screen {
	struct session *s;
	struct pane pane[P_COUNT];
	WINDOW *status, *prompt;
	bool small; /* log and prompt only */
	enum pane_id focus;
	struct lines completions; /* drawn over the log's last rows */
	char status_msg[256];
	bool status_error;
	bool done, curses_on;
	int stderr_saved, stderr_pipe; /* stray library output goes to the log */
	FILE *rl_null;
	/* input bytes for readline */
	unsigned char inq[64];
	size_t inq_len, inq_head;
	/* keys typed while a command ran, for after it */
	int ahead[AHEAD];
	size_t nahead;
	struct front_status work; /* its progress */
	struct plot_pane plot;	  /* what the plot pane shows, and its size */
	bool plot_strip;	  /* too short for a plot: a line naming it */
	bool zoomed;		  /* the layout is the zoomed one */
	struct sixel_term gfx;	  /* the plot pane as a picture, where it can be */
	struct {		  /* the picture on the screen now */
		bool shown;
		unsigned long generation; /* the pane's drawing it shows */
		int y, x, h, w;		  /* the pane it is in */
	} img;
};

#define S tribo_screen
extern struct screen S;
/* a command is running: a resize may draw the pane meanwhile */
extern bool in_command;

/* the boxed panes of text (exercise, parameters, results) */
void scr_build_text(void);
void scr_clamp_scroll(void);
void scr_draw_box_pane(enum pane_id id);

/* the plot pane, and the picture in it */
void scr_build_plot(struct pane *p);
bool scr_image_wanted(void);
bool scr_image_in_place(void);
void screen_cleared(void);
void scr_draw_image(void);

/* the log, the status line and the prompt */
void scr_set_status(bool error, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void scr_log_add(const char *text, enum style st); /* screen.c */
void scr_drain_stderr(void);
void scr_draw_log(void);
void scr_draw_status(void);
void scr_draw_prompt(void);

#endif
