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
#include "num/num.h"
#include "plot/gnuplot.h"
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
	AHEAD = 256,	    /* keys typed during a command, kept for after it */
};

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

static void lines_add(struct lines *l, const char *s, size_t len, enum style st)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = (struct line){xstrndup(s, len), st};
}

/* Adds every line of text (a trailing newline adds nothing). */
static void lines_add_text(struct lines *l, const char *text, enum style st)
{
	while (*text) {
		const char *e = strchr(text, '\n');
		size_t len = e ? (size_t)(e - text) : strlen(text);
		lines_add(l, text, len, st);
		text += len + (e != NULL);
	}
}

static void lines_clear(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].s);
	l->n = 0;
}

static void lines_free(struct lines *l)
{
	lines_clear(l);
	free(l->v);
	*l = (struct lines){0};
}

/* Drops the oldest lines beyond `keep`. */
static void lines_trim(struct lines *l, size_t keep)
{
	if (l->n <= keep)
		return;
	size_t drop = l->n - keep;
	for (size_t i = 0; i < drop; i++)
		free(l->v[i].s);
	memmove(l->v, l->v + drop, keep * sizeof(*l->v));
	l->n = keep;
}

/* ---- drawing UTF-8 (or its ASCII spelling) ------------------------------------ */

static bool utf8_term; /* the locale's charset is UTF-8 */
static attr_t style_attr[ST_COUNT];

/* Columns of the first n bytes of s on this terminal: the one measure
 * that wrapping and drawing share (util/utf8.h). */
static int text_cols(const char *s, size_t n)
{
	return utf8_cols(s, n, !utf8_term);
}

/* Draws s at the cursor, at most `cols` columns; returns the columns used.
 * Control characters are not drawn; where the terminal is not UTF-8, other
 * characters are spelled in ASCII. */
static int put_text(WINDOW *w, const char *s, int cols)
{
	int used = 0;
	uint32_t prev = 0;
	while (*s) {
		uint32_t c;
		size_t n = utf8_decode(s, &c);
		int cw = utf8_cp_cols(c, prev, !utf8_term);
		if (used + cw > cols)
			break;
		if (c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0)) {
			if (c < 0x80)
				waddch(w, (chtype)c);
			else if (!utf8_term)
				waddstr(w, utf8_ascii(c, prev));
			else if (c != UTF8_INVALID)
				waddnstr(w, s, (int)n);
			else
				waddch(w, '?');
		}
		used += cw;
		prev = c;
		s += n;
	}
	return used;
}

/* The bytes of s that fit in `cols` columns with a mark after them,
 * ending at a word's end (before a blank, or at a '|' between choices);
 * within the first word when no word ends in time. */
static size_t fit_words(const char *s, int cols)
{
	size_t i = 0, word_end = 0;
	int used = 0;
	uint32_t prev = 0;
	while (s[i]) {
		uint32_t c;
		size_t n = utf8_decode(s + i, &c);
		if (c == ' ' && i > 0 && prev != ' ')
			word_end = i;
		int cw = utf8_cp_cols(c, prev, !utf8_term);
		if (used + cw > cols)
			break;
		if (c == '|')
			word_end = i + n;
		used += cw;
		prev = c;
		i += n;
	}
	if (!s[i])
		return i;
	/* no dangling separator before the mark */
	while (word_end > 0 && strchr(" ,;:(", s[word_end - 1]))
		word_end--;
	return word_end ? word_end : i;
}

/* Draws s in at most `cols` columns: whole when it fits, else shortened at
 * a word's end with a dim mark after it, never cut mid-word when a word
 * ends in time. */
static void put_fitted(WINDOW *w, const char *s, int cols)
{
	if (cols <= 0)
		return;
	if (text_cols(s, strlen(s)) <= cols) {
		put_text(w, s, cols);
		return;
	}
	const char *mark = "…"; /* "..." where the terminal is not UTF-8 */
	int mw = text_cols(mark, strlen(mark));
	size_t keep = fit_words(s, cols - mw);
	char *head = xstrndup(s, keep);
	put_text(w, head, cols - mw);
	free(head);
	attr_t a;
	short pair;
	wattr_get(w, &a, &pair, NULL);
	wattrset(w, style_attr[ST_DIM]);
	put_text(w, mark, mw);
	wattr_set(w, a, pair, NULL);
}

/* The byte offset in s after `cols` columns (for wrapping). */
static size_t bytes_for_cols(const char *s, int cols)
{
	size_t i = 0;
	int used = 0;
	uint32_t prev = 0;
	while (s[i]) {
		uint32_t c;
		size_t n = utf8_decode(s + i, &c);
		int cw = utf8_cp_cols(c, prev, !utf8_term);
		if (used + cw > cols && used > 0)
			break;
		used += cw;
		prev = c;
		i += n;
	}
	return i;
}

/* Appends s wrapped to `width` columns of this terminal: where it is not
 * UTF-8, s is spelled in ASCII first, so that the wrapping measures what
 * put_text will draw. */
static void wrap_text(struct strbuf *out, const char *s, int width)
{
	if (utf8_term) {
		text_wrap(out, s, width, 0);
		return;
	}
	struct strbuf ascii = STRBUF_INIT;
	utf8_to_ascii(&ascii, s);
	text_wrap(out, strbuf_str(&ascii), width, 0);
	strbuf_release(&ascii);
}

/* ---- gnuplot's colours ---------------------------------------------------------- */

/* The dumb terminal colours the plot with SGR escapes (ESC [ 38;5;N m in
 * ansi256, ESC [ 3N m in ansi, ESC [ 0;39 m back to the default); curses
 * draws them as colour pairs, each made when its colour is first met. */
static short color_pair[256];
static short next_pair = 16; /* below: the styles' own pairs */

static attr_t ansi_color(int color)
{
	if (color < 0 || color > 255 || color >= COLORS)
		return A_NORMAL;
	if (!color_pair[color]) {
		if (next_pair >= COLOR_PAIRS || next_pair >= 256 + 16)
			return A_NORMAL;
		init_pair(next_pair, (short)color, -1);
		color_pair[color] = next_pair++;
	}
	return COLOR_PAIR(color_pair[color]);
}

/* An escape at s (ESC '['): its colour into *attr; returns its length. */
static size_t ansi_escape(const char *s, attr_t *attr)
{
	int par[16], np = 0, cur = 0;
	size_t i = 2;
	for (; s[i] && s[i] != 'm'; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			cur = cur < 10000 ? cur * 10 + (s[i] - '0') : cur;
		} else if (s[i] == ';' && np < 15) {
			par[np++] = cur;
			cur = 0;
		} else if (s[i] != ';') {
			return i + 1; /* not a colour: dropped */
		}
	}
	if (!s[i])
		return i;
	par[np++] = cur;
	for (int k = 0; k < np; k++) {
		int v = par[k];
		if (v == 0 || v == 39)
			*attr = A_NORMAL;
		else if (v >= 30 && v <= 37)
			*attr = ansi_color(v - 30);
		else if (v >= 90 && v <= 97)
			*attr = ansi_color(v - 90 + 8);
		else if (v == 38 && k + 2 < np && par[k + 1] == 5)
			*attr = ansi_color(par[k + 2]), k += 2;
		else if (v == 38 && k + 4 < np && par[k + 1] == 2)
			k += 4;
	}
	return i + 1;
}

/* Whether a line has nothing but blanks and escapes. */
static bool ansi_blank(const char *s)
{
	while (*s) {
		if (s[0] == '\033' && s[1] == '[') {
			attr_t a = A_NORMAL;
			s += ansi_escape(s, &a);
		} else if (*s++ != ' ') {
			return false;
		}
	}
	return true;
}

/* Draws a line of gnuplot's, its escapes as colours, at most cols columns. */
static void put_ansi(WINDOW *w, const char *s, int cols)
{
	attr_t a = A_NORMAL;
	int used = 0;
	while (*s && used < cols) {
		if (s[0] == '\033' && s[1] == '[') {
			s += ansi_escape(s, &a);
			wattrset(w, a);
			continue;
		}
		size_t n = strcspn(s, "\033");
		char *piece = xstrndup(s, n);
		used += put_text(w, piece, cols - used);
		free(piece);
		s += n;
	}
	wattrset(w, A_NORMAL);
}

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

static struct screen {
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
} S;

static volatile sig_atomic_t got_sigint, got_term;
/* back from Ctrl-Z: curses repaints the text, the picture is ours to */
static volatile sig_atomic_t got_cont;
/* a command is running: a resize may draw the pane meanwhile */
static bool in_command;

static void set_status(bool error, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_status(bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(S.status_msg, sizeof(S.status_msg), fmt, ap);
	va_end(ap);
	S.status_error = error;
}

static void log_add(const char *text, enum style st)
{
	lines_add_text(&S.pane[P_LOG].content, text, st);
	lines_trim(&S.pane[P_LOG].content, LOG_KEEP);
	S.pane[P_LOG].scroll = 0; /* follow new output */
}

/* Anything a library wrote to stderr while curses owned the terminal. */
static void drain_stderr(void)
{
	if (S.stderr_pipe < 0)
		return;
	char buf[4096];
	struct strbuf text = STRBUF_INIT;
	ssize_t n;
	while ((n = read(S.stderr_pipe, buf, sizeof(buf))) > 0)
		strbuf_add(&text, buf, (size_t)n);
	if (text.len)
		log_add(strbuf_str(&text), ST_ERROR);
	strbuf_release(&text);
}

/* ---- pane contents, from the session ------------------------------------ */

/* The statement first, since it is the question; the title goes into the
 * pane's frame and the source to `show`. */
static void build_exercise(struct pane *p)
{
	lines_clear(&p->content);
	p->note[0] = '\0';
	int width = p->w - 2 > 8 ? p->w - 2 : 8;
	const struct exercise *ex = session_exercise(S.s);
	struct strbuf t = STRBUF_INIT;
	if (!ex) {
		text_wrap(&t,
			  "No exercise loaded. 'list' shows them, 'load ID' opens one, "
			  "'help' lists the commands.",
			  width, 0);
		lines_add_text(&p->content, strbuf_str(&t), ST_DIM);
		strbuf_release(&t);
		return;
	}
	snprintf(p->note, sizeof(p->note), "%s: %s", ex->id, ex->title);
	struct strbuf st = STRBUF_INIT;
	session_statement(S.s, &st);
	wrap_text(&t, st.len ? strbuf_str(&st) : ex->title, width);
	lines_add_text(&p->content, strbuf_str(&t), ST_NORMAL);
	if (ex->hint[0]) { /* what to type: the workbench's, never a sheet's */
		strbuf_reset(&st);
		strbuf_reset(&t);
		strbuf_addf(&st, "hint: %s", ex->hint);
		wrap_text(&t, strbuf_str(&st), width);
		lines_add_text(&p->content, strbuf_str(&t), ST_DIM);
	}
	strbuf_release(&st);
	strbuf_release(&t);
}

static void pad_to(struct strbuf *b, const char *s, int cols)
{
	strbuf_addstr(b, s);
	for (int w = text_cols(s, strlen(s)); w < cols; w++)
		strbuf_addch(b, ' ');
}

static void build_params(struct pane *p)
{
	lines_clear(&p->content);
	p->note[0] = '\0';
	const struct exercise *ex = session_exercise(S.s);
	if (!ex)
		return;
	const struct model *m = ex->model;
	int wname = 0, wval = 0, wunit = 0, changed = 0;
	struct strbuf *val = xcalloc(m->nparams, sizeof(*val));
	for (size_t i = 0; i < m->nparams; i++) {
		strbuf_init(&val[i]);
		session_param_text(S.s, i, &val[i]);
		int a = text_cols(m->params[i].name, strlen(m->params[i].name));
		int b = text_cols(strbuf_str(&val[i]), val[i].len);
		int c = ex->params[i].spec->kind == PARAM_NUMBER
				? text_cols(ex->params[i].unit, strlen(ex->params[i].unit))
				: 0;
		wname = a > wname ? a : wname;
		wval = b > wval ? (b > 16 ? 16 : b) : wval;
		wunit = c > wunit ? c : wunit;
	}
	struct strbuf l = STRBUF_INIT;
	for (size_t i = 0; i < m->nparams; i++) {
		const struct ex_param *ep = &ex->params[i];
		bool ch = session_param(S.s, i)->changed;
		changed += ch;
		strbuf_reset(&l);
		strbuf_addstr(&l, ch ? "*" : " ");
		pad_to(&l, ep->spec->name, wname + 1);
		pad_to(&l, strbuf_str(&val[i]), wval + 1);
		pad_to(&l, ep->spec->kind == PARAM_NUMBER ? ep->unit : "", wunit + 1);
		char range[128] = "";
		if (ep->spec->kind == PARAM_NUMBER)
			ex_param_range(ep, range, sizeof(range));
		else if (ep->spec->kind == PARAM_CHOICE)
			snprintf(range, sizeof(range), "%s", ep->spec->choices);
		strbuf_addstr(&l, range);
		lines_add(&p->content, l.buf, l.len, ch ? ST_CHANGED : ST_NORMAL);
		strbuf_release(&val[i]);
	}
	free(val);
	strbuf_release(&l);
	if (changed)
		snprintf(p->note, sizeof(p->note), "* %d changed", changed);
}

static bool asked_for(const struct exercise *ex, size_t result)
{
	for (size_t i = 0; i < ex->nanswers; i++)
		if (ex->answers[i].result == (int)result)
			return true;
	return false;
}

static void build_results(struct pane *p)
{
	lines_clear(&p->content);
	p->note[0] = '\0';
	const struct exercise *ex = session_exercise(S.s);
	if (!ex)
		return;
	if (!session_solved(S.s)) {
		lines_add_text(&p->content, "none yet: 'solve' computes them", ST_DIM);
		return;
	}
	const struct model *m = ex->model;
	if (session_stale(S.s)) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "out of date: %s changed since 'solve'", session_stale(S.s));
		lines_add(&p->content, t.buf, t.len, ST_ERROR);
		strbuf_release(&t);
		snprintf(p->note, sizeof(p->note), "out of date");
	}
	int wname = 0;
	bool checked = false;
	for (size_t i = 0; i < m->nresults; i++) {
		int w = text_cols(m->results[i].name, strlen(m->results[i].name));
		wname = w > wname ? w : wname;
		checked |= session_check(S.s, i, NULL) != CHECK_NONE;
	}
	/* a check's mark has a column of its own, before the name, where the
	 * pane's width cannot cut it */
	const char *good = utf8_term ? "✓ " : "ok ", *bad = utf8_term ? "✗ " : "no ";
	const char *none = utf8_term ? "  " : "   ";
	struct strbuf l = STRBUF_INIT;
	/* what the exercise asks for first, marked */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < m->nresults; i++) {
			bool asked = asked_for(ex, i);
			if (asked != (pass == 0))
				continue;
			const struct value *v = session_result(S.s, i);
			const char *answer;
			enum check_verdict cv = session_check(S.s, i, &answer);
			strbuf_reset(&l);
			strbuf_addstr(&l, asked ? (utf8_term ? "▸" : ">") : " ");
			if (checked)
				strbuf_addstr(&l, cv == CHECK_CORRECT	  ? good
						  : cv == CHECK_INCORRECT ? bad
									  : none);
			pad_to(&l, m->results[i].name, wname + 1);
			value_format_inline(v, &l);
			if (m->results[i].unit[0] &&
			    (v->kind == VAL_NUMBER || v->kind == VAL_MATRIX))
				strbuf_addf(&l, " %s", m->results[i].unit);
			/* the answer given, when there is room for it */
			if (cv != CHECK_NONE && answer &&
			    text_cols(l.buf, l.len) + 9 + text_cols(answer, strlen(answer)) <=
				    p->w - 2)
				strbuf_addf(&l, "  yours: %s", answer);
			enum style st = session_stale(S.s)	? ST_DIM
					: cv == CHECK_CORRECT	? ST_GOOD
					: cv == CHECK_INCORRECT ? ST_ERROR
					: asked			? ST_ASKED
								: ST_NORMAL;
			lines_add(&p->content, l.buf, l.len, st);
		}
	strbuf_release(&l);
}

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
static void build_plot(struct pane *p)
{
	lines_clear(&p->content);
	p->note[0] = '\0';
	int cols = p->w - 2, rows = p->h - 2;
	bool room = p->win && !S.plot_strip && cols >= 20 && rows >= 5;
	S.plot.present = p->win != NULL;
	S.plot.cols = room ? cols : 0;
	S.plot.rows = room ? rows : 0;
	/* a picture of the pane's inside, in whole sixel bands of 6 pixels
	 * (a last band cut short is drawn whole by some terminals), no larger
	 * than the terminal shows (draw_image centres a smaller one) */
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
			lines_add(&p->content, t.buf, t.len, ST_DIM);
			strbuf_release(&t);
		} else if (!strcmp(S.plot.figure, PLOT_SCENE) && session_figures_made(S.s)) {
			snprintf(p->note, sizeof(p->note), "scene at t = %g", S.plot.scene_t);
			lines_add_text(&p->content, "F7 zooms: the system drawn to scale", ST_DIM);
		} else {
			lines_add_text(&p->content, "'solve' draws the solution; F7 shows it",
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
			log_add(strbuf_str(&line), ST_ERROR);
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
		wrap_text(&t, strbuf_str(&msg), cols);
		lines_add_text(&p->content, strbuf_str(&t), ST_ERROR);
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
			return; /* the pane is left blank for the picture (draw_image) */
		lines_add_text(&p->content, text, ST_NORMAL);
		/* gnuplot pads the plot with blank lines at the bottom */
		while (p->content.n && ansi_blank(p->content.v[p->content.n - 1].s)) {
			free(p->content.v[p->content.n - 1].s);
			p->content.n--;
		}
	} else {
		lines_add_text(&p->content,
			       session_solved(S.s)
				       ? "this solve has no figure to show ('plot' says why)"
				       : "'solve' draws the solution here; "
					 "'plot NAME' picks a figure",
			       ST_DIM);
	}
}

/* The panes of text, whose heights the layout takes from their lines. */
static void build_text(void)
{
	build_exercise(&S.pane[P_EXERCISE]);
	build_params(&S.pane[P_PARAMS]);
	build_results(&S.pane[P_RESULTS]);
}

static void clamp_scroll(void)
{
	for (int i = P_EXERCISE; i < P_COUNT; i++) {
		struct pane *p = &S.pane[i];
		int most = (int)p->content.n - (p->h - 2);
		if (p->scroll > most)
			p->scroll = most > 0 ? most : 0;
	}
}

/* ---- drawing ----------------------------------------------------------------- */

static void draw_frame(struct pane *p, enum pane_id id)
{
	WINDOW *w = p->win;
	if (utf8_term)
		box(w, 0, 0);
	else
		wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wmove(w, 0, 2);
	wattrset(w, style_attr[S.focus == id ? ST_FOCUS : ST_TITLE]);
	waddch(w, ' ');
	/* a note that the whole title leaves no room for ("out of date")
	 * takes the title's words after its first */
	const char *sp = strchr(p->title, ' ');
	int tw = text_cols(p->title, strlen(p->title));
	int nw = text_cols(p->note, strlen(p->note));
	int title_cols = p->w - 6;
	if (p->note[0] && sp && tw + nw + 8 > p->w)
		title_cols = text_cols(p->title, (size_t)(sp - p->title));
	put_text(w, p->title, title_cols);
	waddch(w, ' ');
	wattrset(w, style_attr[ST_DIM]);
	int x = getcurx(w);
	if (p->note[0] && x + 4 < p->w) {
		int room = p->w - x - 4;
		waddch(w, ' ');
		/* "out of date" as the results pane's line is drawn */
		const char *note = p->note;
		const char *mark = "out of date";
		if (!strncmp(note, mark, strlen(mark)) && (int)strlen(mark) < room) {
			wattrset(w, style_attr[ST_ERROR]);
			room -= put_text(w, mark, room);
			wattrset(w, style_attr[ST_DIM]);
			note += strlen(mark);
		}
		put_fitted(w, note, room);
		waddch(w, ' ');
	}
	/* what lies beyond the pane, in its bottom border */
	int inner = p->h - 2;
	int below = (int)p->content.n - p->scroll - inner;
	char more[48] = "";
	if (p->scroll > 0 && below > 0)
		snprintf(more, sizeof(more), " %d above, %d below ", p->scroll, below);
	else if (p->scroll > 0)
		snprintf(more, sizeof(more), " %d above ", p->scroll);
	else if (below > 0)
		snprintf(more, sizeof(more), " %d more below ", below);
	int len = (int)strlen(more);
	if (len && len + 4 < p->w) {
		wmove(w, p->h - 1, p->w - len - 2);
		waddstr(w, more);
	}
	wattrset(w, A_NORMAL);
}

static void draw_box_pane(enum pane_id id)
{
	struct pane *p = &S.pane[id];
	if (!p->win)
		return;
	werase(p->win);
	draw_frame(p, id);
	int inner = p->h - 2;
	for (int r = 0; r < inner; r++) {
		size_t i = (size_t)(p->scroll + r);
		if (i >= p->content.n)
			break;
		const char *text = p->content.v[i].s;
		wmove(p->win, r + 1, 1);
		wattrset(p->win, style_attr[p->content.v[i].st]);
		if (id == P_PLOT && !S.plot_strip && p->content.v[i].st == ST_NORMAL) {
			put_ansi(p->win, text, p->w - 2);
		} else {
			put_fitted(p->win, text, p->w - 2);
		}
	}
	wattrset(p->win, A_NORMAL);
	wnoutrefresh(p->win);
}

/* Where the continuation of a long line starts: under its second column
 * when it is laid out in columns (two blanks after its first word, as
 * `list` and `help` write them), else under its own indent; never past
 * half the width. */
static int hanging_indent(const char *s, int width)
{
	size_t lead = strspn(s, " ");
	const char *gap = strstr(s + lead, "  ");
	size_t at = lead;
	if (gap && gap > s + lead) {
		at = (size_t)(gap - s);
		at += strspn(s + at, " ");
		if (!s[at])
			at = lead;
	}
	int col = text_cols(s, at);
	if (col > width / 2)
		col = text_cols(s, lead) <= width / 2 ? text_cols(s, lead) : 0;
	return col;
}

/* The log: a rule with its title, then the last lines, wrapped. */
static void draw_log(void)
{
	struct pane *p = &S.pane[P_LOG];
	if (!p->win)
		return;
	WINDOW *w = p->win;
	werase(w);
	int width = p->w, rows = p->h - 1;
	wattrset(w, style_attr[S.focus == P_LOG ? ST_FOCUS : ST_DIM]);
	for (int x = 0; x < width; x++)
		mvwaddch(w, 0, x, utf8_term ? ACS_HLINE : '-');
	wmove(w, 0, 2);
	waddstr(w, " log ");
	wattrset(w, style_attr[ST_DIM]);
	if (p->scroll > 0) {
		char t[64];
		snprintf(t, sizeof(t), " %d lines below: PgDn ", p->scroll);
		if ((int)strlen(t) + 10 < width)
			put_text(w, t, width - 10);
	}
	wattrset(w, A_NORMAL);
	if (rows <= 0) {
		wnoutrefresh(w);
		return;
	}
	/* the display rows, from the end up: wrap each logical line */
	struct row {
		size_t line, off, len;
		int indent;
	};
	int want = rows + p->scroll;
	struct row *row = xcalloc((size_t)want, sizeof(*row));
	int have = 0;
	struct lines *l = &p->content;
	for (size_t i = l->n; i-- > 0 && have < want;) {
		/* split line i into pieces: the first `width` columns wide, the
		 * others under its hanging indent */
		const char *s = l->v[i].s;
		int hang = hanging_indent(s, width);
		size_t pieces = 0, cap = 8;
		size_t *off = xmalloc(cap * sizeof(size_t)), *len = xmalloc(cap * sizeof(size_t));
		size_t pos = 0, total = strlen(s);
		do {
			int avail = pieces ? width - hang : width;
			size_t n = bytes_for_cols(s + pos, avail);
			if (pos + n < total && s[pos + n] != ' ') {
				/* break after the last blank, if the piece has one */
				size_t k = n;
				while (k > 0 && s[pos + k - 1] != ' ')
					k--;
				if (k > 0)
					n = k;
			}
			while (pos + n < total && s[pos + n] == ' ')
				n++; /* the blank at a break goes with the line */
			if (pieces == cap) {
				cap *= 2;
				off = xrealloc(off, cap * sizeof(size_t));
				len = xrealloc(len, cap * sizeof(size_t));
			}
			off[pieces] = pos;
			len[pieces++] = n;
			pos += n ? n : total - pos;
		} while (pos < total);
		for (size_t k = pieces; k-- > 0 && have < want;)
			row[have++] = (struct row){i, off[k], len[k], k ? hang : 0};
		free(off);
		free(len);
	}
	int maxscroll = have - rows > 0 ? have - rows : 0;
	if (p->scroll > maxscroll)
		p->scroll = maxscroll;
	/* row[p->scroll] is the bottom row shown */
	for (int r = 0; r < rows; r++) {
		int k = p->scroll + (rows - 1 - r);
		if (k >= have)
			continue;
		const struct line *ln = &l->v[row[k].line];
		char *piece = xstrndup(ln->s + row[k].off, row[k].len);
		wmove(w, r + 1, row[k].indent);
		wattrset(w, style_attr[ln->st]);
		put_text(w, piece, width - row[k].indent);
		free(piece);
	}
	free(row);
	/* completions, over the last rows */
	size_t nc = S.completions.n;
	if (nc) {
		int first = rows - (int)nc;
		if (first < 0)
			first = 0;
		for (int r = first; r < rows; r++) {
			wmove(w, r + 1, 0);
			wclrtoeol(w);
			wattrset(w, style_attr[ST_ASKED]);
			put_text(w,
				 S.completions
					 .v[(size_t)(r - first) +
					    (nc > (size_t)rows ? nc - (size_t)rows : 0)]
					 .s,
				 width);
		}
	}
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
}

static void draw_status(void)
{
	if (!S.status)
		return;
	WINDOW *w = S.status;
	werase(w);
	wbkgdset(w, ' ' | style_attr[ST_STATUS]);
	werase(w);
	int width = getmaxx(w);
	const char *keys = S.small	  ? "PgUp/PgDn scroll"
			   : width >= 100 ? "F6 focus  F7 zoom  PgUp/PgDn scroll  Tab completes"
					  : "F6 focus  F7 zoom  PgUp/PgDn";
	int kw = (int)strlen(keys);
	wmove(w, 0, 1);
	if (S.status_error)
		wattron(w, A_BOLD);
	bool room = (int)strlen(S.status_msg) + kw + 4 < width;
	put_text(w, S.status_msg, width - (room ? kw + 4 : 2));
	wattroff(w, A_BOLD);
	if (room) {
		wmove(w, 0, width - kw - 1);
		waddstr(w, keys);
	}
	wnoutrefresh(w);
}

/* readline's line in the prompt window, scrolled sideways to keep the
 * cursor in view; the cursor column is computed here, not by readline. */
static void draw_prompt(void)
{
	if (!S.prompt)
		return;
	WINDOW *w = S.prompt;
	int width = getmaxx(w);
	werase(w);
	const char *pr = rl_display_prompt ? rl_display_prompt : "";
	const char *line = rl_line_buffer ? rl_line_buffer : "";
	int point = rl_point < 0 ? 0 : rl_point;
	int pw = text_cols(pr, strlen(pr));
	if (pw > width / 2)
		pw = width / 2;
	wmove(w, 0, 0);
	wattrset(w, style_attr[ST_COMMAND]);
	put_text(w, pr, pw);
	wattrset(w, A_NORMAL);
	int avail = width - pw - 1;
	if (avail < 1)
		avail = 1;
	int cur = text_cols(line, (size_t)point);
	int skip = 0;
	if (cur > avail)
		skip = cur - avail + avail / 3;
	/* skip whole characters worth `skip` columns */
	size_t start = 0;
	int skipped = 0;
	uint32_t prev = 0;
	while (line[start] && skipped < skip) {
		uint32_t c;
		size_t n = utf8_decode(line + start, &c);
		skipped += utf8_cp_cols(c, prev, !utf8_term);
		prev = c;
		start += n;
	}
	int x = pw;
	if (skipped > 0) {
		wattrset(w, style_attr[ST_DIM]);
		waddch(w, '<');
		wattrset(w, A_NORMAL);
		x++;
	}
	put_text(w, line + start, width - x);
	int cx = pw + (skipped > 0) + cur - skipped;
	if (cx >= width)
		cx = width - 1;
	wmove(w, 0, cx < 0 ? 0 : cx);
	wnoutrefresh(w);
}

/* ---- the picture ------------------------------------------------------------------ */

/* Whether the plot pane holds a picture to show now. */
static bool image_wanted(void)
{
	const struct pane *p = &S.pane[P_PLOT];
	return S.gfx.on && !S.small && p->win && plot_pane_image(&S.plot) && S.plot.drawn.valid &&
	       S.plot.drawn.image.width && !S.plot.drawn.rc && S.plot.drawn.text.len;
}

static bool image_in_place(void)
{
	const struct pane *p = &S.pane[P_PLOT];
	return p->win && S.img.y == getbegy(p->win) && S.img.x == getbegx(p->win) &&
	       S.img.h == p->h && S.img.w == p->w;
}

/* The screen is cleared, and the picture with it. */
static void screen_cleared(void)
{
	clearok(curscr, TRUE);
	S.img.shown = false;
}

/* After curses has drawn the frame (the pane's inside left blank, which
 * curses then never writes again while it stays blank), the picture at
 * its inside's top left corner: only when it is not there yet. */
static void draw_image(void)
{
	if (!image_wanted() || (S.img.shown && S.img.generation == S.plot.drawn.generation))
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

static void draw_all(void)
{
	if (!S.curses_on)
		return;
	/* a picture that goes, or moves, goes with a cleared screen: text
	 * written over it would leave the rest of it behind */
	if (S.img.shown && (!image_wanted() || !image_in_place()))
		screen_cleared();
	if (!S.small)
		for (int i = P_EXERCISE; i < P_COUNT; i++)
			draw_box_pane((enum pane_id)i);
	draw_log();
	draw_status();
	draw_prompt(); /* last: the cursor stays on the prompt */
	doupdate();
	draw_image();
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
			set_status(false, "%dx%d: log only; panes need %dx%d", W, H, MIN_COLS,
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
			build_text();
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
	build_text();
	build_plot(&S.pane[P_PLOT]);
	clamp_scroll();
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
	set_status(false, "%s", text);
	draw_status();
	draw_prompt();
	doupdate();
}

static void run_line(const char *line)
{
	struct strbuf echo = STRBUF_INIT;
	strbuf_addf(&echo, "%s%s", front_prompt(S.s), line);
	log_add(strbuf_str(&echo), ST_COMMAND);
	strbuf_release(&echo);
	lines_clear(&S.completions);
	set_status(false, "running…");
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
	log_add(strbuf_str(&out), ST_NORMAL);
	if (rc) {
		strbuf_reset(&out);
		diag_format(&d, &out);
		log_add(strbuf_str(&out), ST_ERROR);
	}
	strbuf_release(&out);
	drain_stderr();
	if (quit)
		S.done = true;
	rl_set_prompt(front_prompt(S.s));
	S.status_msg[0] = '\0';
	layout(); /* the plot too, when the figure changed: the wait counts it */
	double took = front_now() - S.work.start;
	if (rc && interrupted)
		set_status(true, "interrupted: the results before it are kept");
	else if (rc)
		set_status(true, "that failed; the session is as it was");
	else if (S.zoomed != S.plot.zoomed)
		set_status(true, "%dx%d is too small for the zoomed plot", COLS, LINES);
	else if (took >= 0.3)
		set_status(false, "done in %.1f s", took);
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
	draw_prompt();
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
		return; /* draw_log clamps the top */
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
	set_status(false, "focus: %s (PgUp/PgDn scroll it, F6 moves on)", S.pane[S.focus].title);
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
		lines_clear(&S.completions);
		draw_log();
	}
	switch (ch) {
	case KEY_RESIZE:
		relayout();
		return;
	case KEY_F(7):
		S.plot.zoomed = !S.plot.zoomed;
		relayout();
		set_status(false, "%s",
			   S.plot.zoomed ? "the plot has the screen: F7 gives the "
					   "panes back"
					 : "the panes are back");
		draw_status();
		draw_prompt();
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
	lines_clear(&S.completions);
	struct strbuf l = STRBUF_INIT;
	int width = S.pane[P_LOG].win ? S.pane[P_LOG].w : COLS;
	strbuf_addf(&l, "%d completions:", num);
	for (int i = 1; i <= num; i++) {
		const char *m = matches[i];
		int cur = text_cols(l.buf, l.len), mw = text_cols(m, strlen(m));
		if (cur + 2 + mw > width) {
			lines_add(&S.completions, l.buf, l.len, ST_ASKED);
			strbuf_reset(&l);
			strbuf_addstr(&l, " ");
		}
		strbuf_addf(&l, "  %s", m);
	}
	lines_add(&S.completions, l.buf, l.len, ST_ASKED);
	strbuf_release(&l);
	draw_log();
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

	log_add("tribo " TRIBO_VERSION ", dry friction in Lagrangian mechanics. 'help' lists the "
		"commands, F6 moves the focus between panes, PgUp/PgDn scroll, 'quit' or "
		"Ctrl-D leaves.",
		ST_DIM);
	log_add(S.gfx.why, ST_DIM);
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
			set_status(false, "line dropped ('quit' or Ctrl-D leaves)");
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
		drain_stderr();
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
		lines_free(&S.pane[i].content);
	lines_free(&S.completions);
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
