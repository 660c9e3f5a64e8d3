/* The full-screen workbench (SPEC §6): ncurses panes around a GNU readline
 * prompt.
 *
 * readline runs through its callback interface and never touches the
 * terminal: curses reads the keys and hands readline the bytes (function
 * keys translated back into the escape sequences readline binds), readline
 * edits the line, and our redisplay draws the line and the cursor in the
 * prompt window. readline's output stream is /dev/null, so a bell or a
 * completion list cannot scribble on the screen; completions are drawn by
 * us over the log. The commands are the same command_run as in the other
 * modes: this file only draws what the session holds.
 *
 * Layout (two columns below 140 columns, three above):
 *
 *   ┌exercise──────┐┌parameters────┐
 *   │statement     ││mu   0.25     │
 *   └──────────────┘└──────────────┘
 *   ┌plot──────────┐┌results───────┐
 *   └──────────────┘└──────────────┘
 *   ── log ─────────────────────────
 *   command output, scrolling
 *   status line
 *   tribo[disk-reye]> prompt
 *
 * Where the plot pane would be too short for a plot (80x24), it is a strip
 * that names the figure and the exercise pane gets the rows. F7 or `zoom`
 * gives the plot every row above a three-line log, at the full width.
 * Below 60x16 only the log, the status line and the prompt remain. */
#include "front/screen.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <ncurses.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/command.h"
#include "front/front.h"
#include "front/rl.h"
#include "front/sixel.h"
#include "front/status.h"
#include "gp/gnuplot.h"
#include "num/num.h"
#include "plot/plot.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

enum {
	MIN_COLS = 60,
	MIN_ROWS = 16,
	LOG_KEEP = 5000,
	PLOT_MIN_ROWS = 14, /* inside its frame: 8 rows of curves (issue 40), else a strip */
	PLOT_KEY_ROWS = 17, /* and a key of 3 rows under them, when the question can spare them */
	ZOOM_LOG = 3,	    /* the log's lines under a zoomed plot */
};

struct screen S;

void scr_log_add(const char *text, enum style st)
{
	scr_lines_add_text(&S.pane[P_LOG].content, text, st);
	scr_lines_trim(&S.pane[P_LOG].content, LOG_KEEP);
	S.pane[P_LOG].scroll = 0; /* follow new output */
}

static volatile sig_atomic_t got_sigint, got_term;
/* back from Ctrl-Z: curses repaints the text, the picture is ours to */
static volatile sig_atomic_t got_cont;
/* a command is running: a resize may draw the pane meanwhile */
bool in_command;

static void draw_all(void)
{
	if (!S.curses_on)
		return;
	/* a picture that goes, or moves, goes with a cleared screen: text
	 * written over it would leave the rest of it behind */
	if (S.img.shown && (!scr_image_wanted() || !scr_image_in_place()))
		screen_cleared();
	if (!S.small)
		for (int i = P_EXERCISE; i < P_COUNT; i++)
			scr_draw_box_pane((enum pane_id)i);
	scr_draw_log();
	scr_draw_status();
	scr_draw_prompt(); /* last: the cursor stays on the prompt */
	doupdate();
	scr_draw_image();
}

/* ---- layout ------------------------------------------------------------------- */

static void delete_windows(void)
{
	for (int i = 0; i < P_COUNT; i++)
		if (S.pane[i].win) {
			delwin(S.pane[i].win);
			S.pane[i].win = NULL;
		}
	if (S.status)
		delwin(S.status);
	if (S.prompt)
		delwin(S.prompt);
	S.status = S.prompt = NULL;
}

static void place(enum pane_id id, int y, int x, int h, int w)
{
	struct pane *p = &S.pane[id];
	p->h = h;
	p->w = w;
	p->win = h > 0 && w > 0 ? newwin(h, w, y, x) : NULL;
}

static int clamp(int x, int lo, int hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* The panes are sized to what they hold: the widths are fixed by the
 * terminal, the contents are built at those widths, and the heights split
 * the rest by how many lines each pane has. Runs after every command. */
static void layout(void)
{
	delete_windows();
	for (int i = 0; i < P_COUNT; i++)
		S.pane[i].h = S.pane[i].w = 0;
	int H = LINES, W = COLS;
	S.plot_strip = false;
	S.zoomed = false;
	if (H < 3 || W < 10) {
		/* hardly a terminal: the prompt alone */
		S.small = true;
		S.prompt = newwin(1, W > 0 ? W : 1, H > 0 ? H - 1 : 0, 0);
	} else {
		S.zoomed = S.plot.zoomed && W >= 30 && H >= 12;
		S.small = !S.zoomed && (W < MIN_COLS || H < MIN_ROWS);
		S.status = newwin(1, W, H - 2, 0);
		S.prompt = newwin(1, W, H - 1, 0);
		if (S.zoomed) {
			/* the plot takes the width and every row above a short log */
			int L = ZOOM_LOG + 1;
			S.pane[P_EXERCISE].w = W; /* built, not shown */
			place(P_PLOT, 0, 0, H - 2 - L, W);
			place(P_LOG, H - 2 - L, 0, L, W);
		} else if (S.small) {
			place(P_LOG, 0, 0, H - 2, W);
			scr_set_status(false, "%dx%d: log only; panes need %dx%d", W, H, MIN_COLS,
				       MIN_ROWS);
		} else {
			/* at least 8 lines of log */
			int L = H >= 40 ? (H - 2) / 3 : 9;
			int T = H - 2 - L;
			bool wide = W >= 140;
			int w1 = wide ? W * 36 / 100 : W * 55 / 100;
			int w2 = wide ? W * 28 / 100 : W - w1;
			S.pane[P_EXERCISE].w = w1;
			S.pane[P_PARAMS].w = S.pane[P_RESULTS].w = w2;
			scr_build_text();
			int np = (int)S.pane[P_PARAMS].content.n + 2;
			int nr = (int)S.pane[P_RESULTS].content.n + 2;
			/* parameters get what they need up to their share, weighed
			 * against the results; at least 4 rows each */
			int tp = clamp(np, 4, T - 4);
			if (np + nr > T)
				tp = clamp(T * np / (np + nr), clamp(T / 3, 4, T - 4), T - 4);
			place(P_LOG, T, 0, L, W);
			if (wide) {
				place(P_EXERCISE, 0, 0, T, w1);
				place(P_PARAMS, 0, w1, tp, w2);
				place(P_RESULTS, tp, w1, T - tp, w2);
				place(P_PLOT, 0, w1 + w2, T, W - w1 - w2);
			} else {
				int ne = (int)S.pane[P_EXERCISE].content.n + 2;
				int te = clamp(ne, 4, clamp(T * 2 / 5, 4, T - 4));
				/* while a figure is shown the question gives it
				 * rows, down to 4 of its own; a plot too short to
				 * read is a strip that names it, and the question
				 * gets the rows */
				if (session_exercise(S.s) && plot_pane_figure(S.s, &S.plot))
					te = clamp(T - 2 - PLOT_KEY_ROWS, 4, te);
				S.plot_strip = T - te - 2 < PLOT_MIN_ROWS;
				if (S.plot_strip)
					te = T - 3;
				place(P_EXERCISE, 0, 0, te, w1);
				place(P_PLOT, te, 0, T - te, w1);
				place(P_PARAMS, 0, w1, tp, w2);
				place(P_RESULTS, tp, w1, T - tp, w2);
			}
		}
		if (!S.small && strstr(S.status_msg, "log only; panes need"))
			S.status_msg[0] = '\0';
	}
	if (!S.pane[S.focus].win)
		S.focus = P_LOG;
	keypad(S.prompt, TRUE);
	wtimeout(S.prompt, 200);
	rl_set_screen_size(H > 0 ? H : 1, W > 0 ? W : 1);
	scr_build_text();
	scr_build_plot(&S.pane[P_PLOT]);
	scr_clamp_scroll();
}

/* ---- running a command ----------------------------------------------------------- */

static void relayout(void)
{
	sixel_resize(STDOUT_FILENO, COLS, LINES, &S.gfx);
	layout();
	screen_cleared();
	draw_all();
}

/* Keys typed while a command runs: a resize lays the screen out again at
 * once, around what the panes held before the command; every other key
 * waits in S.ahead for the command's end. */
static void poll_keys(void)
{
	wtimeout(S.prompt, 0);
	int ch;
	while ((ch = wgetch(S.prompt)) != ERR) {
		if (ch == KEY_RESIZE)
			relayout();
		else if (S.nahead < AHEAD)
			S.ahead[S.nahead++] = ch;
	}
	wtimeout(S.prompt, 200);
}

/* A key typed while `step play` runs in the pane stops it (it is not
 * kept for the prompt); a resize lays the screen out again. */
static bool play_key(void)
{
	wtimeout(S.prompt, 0);
	int ch;
	bool key = false;
	while ((ch = wgetch(S.prompt)) != ERR) {
		if (ch == KEY_RESIZE)
			relayout();
		else
			key = true;
	}
	wtimeout(S.prompt, 200);
	return key;
}

/* The pane drawn within `step play`: its next frame, the picture with it. */
static bool play_draw(void)
{
	scr_build_plot(&S.pane[P_PLOT]);
	draw_all();
	return play_key();
}

/* The next key: one typed during the last command, else from curses. */
static int next_key(void)
{
	if (S.nahead) {
		int ch = S.ahead[0];
		memmove(S.ahead, S.ahead + 1, --S.nahead * sizeof(S.ahead[0]));
		return ch;
	}
	return wgetch(S.prompt);
}

/* The status line during a long command: how far the work is against what
 * ends it (front/status.c), the time, and how to stop it. */
static void progress(const struct num_progress *p)
{
	static double polled;
	bool show = front_status_take(&S.work, p);
	double t = front_now();
	if (t - polled >= 0.05) {
		polled = t;
		poll_keys();
	}
	if (!show)
		return;
	char text[256];
	front_status_text(&S.work, !utf8_term, S.status ? getmaxx(S.status) - 2 : 78, text,
			  sizeof(text));
	scr_set_status(false, "%s", text);
	scr_draw_status();
	scr_draw_prompt();
	doupdate();
}

static void run_line(const char *line)
{
	struct strbuf echo = STRBUF_INIT;
	strbuf_addf(&echo, "%s%s", front_prompt(S.s), line);
	scr_log_add(strbuf_str(&echo), ST_COMMAND);
	strbuf_release(&echo);
	scr_lines_clear(&S.completions);
	scr_set_status(false, "running…");
	draw_all();

	struct strbuf out = STRBUF_INIT;
	struct diag d;
	bool quit = false;
	got_sigint = 0;
	front_status_start(&S.work);
	in_command = true;
	int rc = command_run(S.s, line, true, &S.plot, &out, &d, &quit);
	in_command = false;
	bool interrupted = num_interrupted || got_sigint;
	got_sigint = 0;
	scr_log_add(strbuf_str(&out), ST_NORMAL);
	if (rc) {
		strbuf_reset(&out);
		diag_format(&d, &out);
		scr_log_add(strbuf_str(&out), ST_ERROR);
	}
	strbuf_release(&out);
	scr_drain_stderr();
	if (quit)
		S.done = true;
	rl_set_prompt(front_prompt(S.s));
	S.status_msg[0] = '\0';
	layout(); /* the plot too, when the figure changed: the wait counts it */
	double took = front_now() - S.work.start;
	if (rc && interrupted)
		scr_set_status(true, "interrupted: the results before it are kept");
	else if (rc)
		scr_set_status(true, "that failed; the session is as it was");
	else if (S.zoomed != S.plot.zoomed)
		scr_set_status(true, "%dx%d is too small for the zoomed plot", COLS, LINES);
	else if (took >= 0.3)
		scr_set_status(false, "done in %.1f s", took);
}

/* ---- readline's side --------------------------------------------------------------- */

static void on_line(char *line)
{
	if (!line) { /* Ctrl-D */
		S.done = true;
		return;
	}
	if (line[0] && line[0] != ' ')
		front_history_add(line);
	run_line(line);
	free(line);
}

static void redisplay(void)
{
	scr_draw_prompt();
	doupdate();
}

static void push_bytes(const char *b, size_t n)
{
	if (S.inq_head == S.inq_len)
		S.inq_head = S.inq_len = 0;
	if (S.inq_len + n > sizeof(S.inq))
		return; /* cannot happen with one key at a time */
	memcpy(S.inq + S.inq_len, b, n);
	S.inq_len += n;
}

static void scroll_focus(int dir)
{
	struct pane *p = &S.pane[S.focus];
	if (S.focus == P_LOG) {
		int page = p->h - 2 > 1 ? p->h - 2 : 1;
		p->scroll += dir < 0 ? page : -page;
		if (p->scroll < 0)
			p->scroll = 0;
		return; /* scr_draw_log clamps the top */
	}
	int inner = p->h - 2 > 1 ? p->h - 2 : 1;
	int most = (int)p->content.n - inner;
	p->scroll += dir > 0 ? inner - 1 : -(inner - 1);
	if (p->scroll > most)
		p->scroll = most;
	if (p->scroll < 0)
		p->scroll = 0;
}

static void cycle_focus(int dir)
{
	if (S.small)
		return;
	static const enum pane_id order[] = {P_LOG, P_EXERCISE, P_PARAMS, P_RESULTS, P_PLOT};
	int k = 0;
	while (order[k] != S.focus)
		k++;
	do
		k = (k + (dir > 0 ? 1 : 4)) % 5;
	while (!S.pane[order[k]].win);
	S.focus = order[k];
	scr_set_status(false, "focus: %s (PgUp/PgDn scroll it, F6 moves on)",
		       S.pane[S.focus].title);
}

/* One key from curses: a key of ours, or bytes for readline. */
static void take_key(int ch)
{
	static const struct {
		int key;
		const char *seq;
	} keys[] = {
		{KEY_UP, "\033[A"},   {KEY_DOWN, "\033[B"},	{KEY_RIGHT, "\033[C"},
		{KEY_LEFT, "\033[D"}, {KEY_HOME, "\033[H"},	{KEY_END, "\033[F"},
		{KEY_DC, "\033[3~"},  {KEY_IC, "\033[2~"},	{KEY_BACKSPACE, "\177"},
		{KEY_ENTER, "\r"},    {KEY_SLEFT, "\033[1;2D"}, {KEY_SRIGHT, "\033[1;2C"},
	};
	if (ch != '\t' && S.completions.n) {
		scr_lines_clear(&S.completions);
		scr_draw_log();
	}
	switch (ch) {
	case KEY_RESIZE:
		relayout();
		return;
	case KEY_F(7):
		S.plot.zoomed = !S.plot.zoomed;
		relayout();
		scr_set_status(false, "%s",
			       S.plot.zoomed ? "the plot has the screen: F7 gives the "
					       "panes back"
					     : "the panes are back");
		scr_draw_status();
		scr_draw_prompt();
		doupdate();
		return;
	case KEY_PPAGE:
	case KEY_NPAGE:
		scroll_focus(ch == KEY_PPAGE ? -1 : 1);
		draw_all();
		return;
	case KEY_F(6):
	case KEY_F(18): /* Shift-F6 */
		cycle_focus(ch == KEY_F(6) ? 1 : -1);
		draw_all();
		return;
	case KEY_MOUSE:
		return;
	}
	if (ch >= 0 && ch < 256) {
		char b = (char)ch;
		push_bytes(&b, 1);
		return;
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (keys[i].key == ch) {
			push_bytes(keys[i].seq, strlen(keys[i].seq));
			return;
		}
	/* Ctrl-arrows have no KEY_ constant: ask terminfo's name */
	const char *name = keyname(ch);
	if (name && !strcmp(name, "kLFT5"))
		push_bytes("\033[1;5D", 6);
	else if (name && !strcmp(name, "kRIT5"))
		push_bytes("\033[1;5C", 6);
}

/* readline's rl_getc_function: the next queued byte; when none is queued
 * (readline wants more of a sequence), wait for keys. */
static int screen_getc(FILE *f)
{
	(void)f;
	while (S.inq_head == S.inq_len) {
		if (S.done || got_term)
			return '\n';
		int ch = next_key();
		if (ch != ERR)
			take_key(ch);
	}
	return S.inq[S.inq_head++];
}

static int input_available(void)
{
	return S.inq_head < S.inq_len;
}

static void show_matches(char **matches, int num, int max_length)
{
	(void)max_length;
	scr_lines_clear(&S.completions);
	struct strbuf l = STRBUF_INIT;
	int width = S.pane[P_LOG].win ? S.pane[P_LOG].w : COLS;
	strbuf_addf(&l, "%d completions:", num);
	for (int i = 1; i <= num; i++) {
		const char *m = matches[i];
		int cur = text_cols(l.buf, l.len), mw = text_cols(m, strlen(m));
		if (cur + 2 + mw > width) {
			scr_lines_add(&S.completions, l.buf, l.len, ST_ASKED);
			strbuf_reset(&l);
			strbuf_addstr(&l, " ");
		}
		strbuf_addf(&l, "  %s", m);
	}
	scr_lines_add(&S.completions, l.buf, l.len, ST_ASKED);
	strbuf_release(&l);
	scr_draw_log();
	rl_forced_update_display();
}

static void noop_prep(int meta)
{
	(void)meta;
}
static void noop_deprep(void) {}

/* Ctrl-L: repaint everything (readline's clear-screen would write to the
 * terminal behind curses' back). */
static int repaint(int count, int key)
{
	(void)count;
	(void)key;
	screen_cleared();
	draw_all();
	return 0;
}

/* ---- the terminal, and giving it back ------------------------------------------------ */

static void restore_terminal(void)
{
	if (S.curses_on) {
		S.curses_on = false;
		/* the alternate screen left blank, the cursor at its top: no
		 * picture outlives the screen, and tmux, which after a resize
		 * carries the alternate screen's rows into the shell's screen
		 * and its history when it is left (3.3a: 3 of 3 tries), has
		 * nothing to carry */
		clear();
		refresh();
		S.img.shown = false;
		endwin();
	}
	if (S.stderr_saved >= 0) {
		dup2(S.stderr_saved, STDERR_FILENO);
		close(S.stderr_saved);
		S.stderr_saved = -1;
	}
}

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
	num_interrupted = 1;
}

static void on_cont(int sig)
{
	(void)sig;
	got_cont = 1;
}

static void on_term(int sig)
{
	got_term = sig;
	num_interrupted = 1;
}

/* A crash: give the terminal back first, then die of the same signal. */
static void on_fatal(int sig)
{
	restore_terminal();
	outfile_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void init_styles(void)
{
	bool color = has_colors() && !getenv("NO_COLOR");
	for (int i = 0; i < ST_COUNT; i++)
		style_attr[i] = A_NORMAL;
	style_attr[ST_TITLE] = A_BOLD;
	style_attr[ST_DIM] = A_DIM;
	style_attr[ST_CHANGED] = A_BOLD;
	style_attr[ST_ERROR] = A_BOLD;
	style_attr[ST_COMMAND] = A_BOLD;
	style_attr[ST_ASKED] = A_BOLD;
	style_attr[ST_STATUS] = A_REVERSE;
	style_attr[ST_FOCUS] = A_REVERSE | A_BOLD;
	style_attr[ST_GOOD] = A_BOLD;
	if (!color)
		return;
	start_color();
	use_default_colors();
	init_pair(1, COLOR_RED, -1);
	init_pair(2, COLOR_CYAN, -1);
	init_pair(3, COLOR_YELLOW, -1);
	init_pair(4, COLOR_GREEN, -1);
	style_attr[ST_ERROR] = A_BOLD | COLOR_PAIR(1);
	style_attr[ST_COMMAND] = A_BOLD | COLOR_PAIR(2);
	style_attr[ST_CHANGED] = A_BOLD | COLOR_PAIR(3);
	style_attr[ST_ASKED] = A_BOLD;
	style_attr[ST_GOOD] = A_BOLD | COLOR_PAIR(4);
}

static bool start_curses(void)
{
	const char *term = getenv("TERM");
	if (!term || !term[0] || !strcmp(term, "dumb"))
		return false;
	/* the terminal is asked before curses reads its keys, which would
	 * take the replies for keys; what the user typed meanwhile is kept */
	unsigned char typed[256];
	size_t ntyped = 0;
	sixel_detect(STDIN_FILENO, STDOUT_FILENO, &S.gfx, typed, sizeof(typed), &ntyped);
	SCREEN *scr = newterm(NULL, stdout, stdin);
	if (!scr)
		return false;
	set_term(scr);
	while (ntyped > 0)
		ungetch(typed[--ntyped]);
	S.curses_on = true;
	cbreak(); /* Ctrl-C stays a signal: it stops a solve */
	noecho();
	nonl();
	set_escdelay(25);
	curs_set(1);
	init_styles();
	return true;
}

int front_screen(struct session *s)
{
	memset(&S, 0, sizeof(S));
	S.s = s;
	S.stderr_saved = S.stderr_pipe = -1;
	plot_pane_init(&S.plot);
	S.plot.draw_now = play_draw;
	S.plot.key_now = play_key;
	S.pane[P_LOG].title = "log";
	S.pane[P_EXERCISE].title = "exercise";
	S.pane[P_PARAMS].title = "parameters";
	S.pane[P_RESULTS].title = "results and checks";
	S.pane[P_PLOT].title = "plot";
	utf8_term = !strcmp(nl_langinfo(CODESET), "UTF-8");
	if (!start_curses()) {
		plot_pane_release(&S.plot);
		return -2;
	}
	/* gnuplot colours the plot as the terminal can show it */
	if (has_colors() && !getenv("NO_COLOR"))
		S.plot.colors = COLORS >= 256 ? 256 : COLORS >= 8 ? 8 : 0;

	xalloc_set_fail_hook(restore_terminal);
	atexit(restore_terminal);
	front_catch_signals(on_sigint, on_term, on_fatal);
	struct sigaction cont = {.sa_handler = on_cont};
	sigemptyset(&cont.sa_mask);
	sigaction(SIGCONT, &cont, NULL);

	/* what a library prints to stderr would tear the screen: collect it */
	int fds[2];
	if (pipe(fds) == 0) {
		fcntl(fds[0], F_SETFD, FD_CLOEXEC);
		fcntl(fds[0], F_SETFL, O_NONBLOCK);
		fcntl(fds[1], F_SETFL, O_NONBLOCK); /* a flood of messages must not block us */
		S.stderr_saved = dup(STDERR_FILENO);
		fcntl(S.stderr_saved, F_SETFD, FD_CLOEXEC);
		dup2(fds[1], STDERR_FILENO);
		close(fds[1]);
		S.stderr_pipe = fds[0];
	}

	S.rl_null = fopen("/dev/null", "w");
	rl_readline_name = "tribo";
	rl_change_environment = 0;
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_prep_term_function = noop_prep;
	rl_deprep_term_function = noop_deprep;
	rl_getc_function = screen_getc;
	rl_input_available_hook = input_available;
	rl_redisplay_function = redisplay;
	rl_completion_display_matches_hook = show_matches;
	if (S.rl_null)
		rl_outstream = S.rl_null;
	front_completion_setup(s);
	front_history_open();
	num_set_progress_hook(progress);
	rl_callback_handler_install(front_prompt(s), on_line);
	rl_bind_key('\f', repaint);
	rl_bind_keyseq_if_unbound("\033[3~", rl_delete);
	rl_bind_keyseq_if_unbound("\033[H", rl_beg_of_line);
	rl_bind_keyseq_if_unbound("\033[F", rl_end_of_line);

	scr_log_add("tribo " TRIBO_VERSION
		    ", dry friction in Lagrangian mechanics. 'help' lists the "
		    "commands, F6 moves the focus between panes, PgUp/PgDn scroll, 'quit' or "
		    "Ctrl-D leaves.",
		    ST_DIM);
	scr_log_add(S.gfx.why, ST_DIM);
	layout();
	draw_all();

	while (!S.done && !got_term) {
		int ch = next_key();
		if (got_sigint) {
			/* Ctrl-C at the prompt drops the line, as a shell does */
			got_sigint = 0;
			rl_free_line_state();
			rl_callback_sigcleanup();
			rl_replace_line("", 0);
			rl_point = rl_end = 0;
			scr_set_status(false, "line dropped ('quit' or Ctrl-D leaves)");
			draw_all();
			continue;
		}
		if (got_cont) {
			got_cont = 0;
			screen_cleared();
			draw_all();
		}
		if (ch == ERR)
			continue;
		take_key(ch);
		while (S.inq_head < S.inq_len && !S.done && !got_term)
			rl_callback_read_char();
		scr_drain_stderr();
		draw_all();
	}

	rl_callback_handler_remove();
	num_set_progress_hook(NULL);
	plot_pane_release(&S.plot);
	gnuplot_close();
	front_history_close();
	restore_terminal();
	if (S.stderr_pipe >= 0)
		close(S.stderr_pipe);
	if (S.rl_null)
		fclose(S.rl_null);
	rl_outstream = NULL;
	for (int i = 0; i < P_COUNT; i++)
		scr_lines_free(&S.pane[i].content);
	scr_lines_free(&S.completions);
	delete_windows();
	signal(SIGINT, SIG_DFL);
	int sig = got_term;
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	/* an interactive session ends well however many commands failed on
	 * the way, as GNU units' and qalc's do */
	return 0;
}
