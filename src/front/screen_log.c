/* The full-screen workbench's bottom rows: the log (command output,
 * wrapped under a hanging indent, completions over its last rows), the
 * status line and readline's prompt line. */
#include <ncurses.h>
#include <readline/readline.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front/screen.h"
#include "util/utf8.h"
#include "util/xalloc.h"

void scr_set_status(bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(S.status_msg, sizeof(S.status_msg), fmt, ap);
	va_end(ap);
	S.status_error = error;
}

/* Anything a library wrote to stderr while curses owned the terminal. */
void scr_drain_stderr(void)
{
	if (S.stderr_pipe < 0)
		return;
	char buf[4096];
	struct strbuf text = STRBUF_INIT;
	ssize_t n;
	while ((n = read(S.stderr_pipe, buf, sizeof(buf))) > 0)
		strbuf_add(&text, buf, (size_t)n);
	if (text.len)
		scr_log_add(strbuf_str(&text), ST_ERROR);
	strbuf_release(&text);
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
void scr_draw_log(void)
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
			scr_put_text(w, t, width - 10);
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
			size_t n = scr_bytes_for_cols(s + pos, avail);
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
		scr_put_text(w, piece, width - row[k].indent);
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
			scr_put_text(w,
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

void scr_draw_status(void)
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
	scr_put_text(w, S.status_msg, width - (room ? kw + 4 : 2));
	wattroff(w, A_BOLD);
	if (room) {
		wmove(w, 0, width - kw - 1);
		waddstr(w, keys);
	}
	wnoutrefresh(w);
}

/* readline's line in the prompt window, scrolled sideways to keep the
 * cursor in view; the cursor column is computed here, not by readline. */
void scr_draw_prompt(void)
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
	scr_put_text(w, pr, pw);
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
	scr_put_text(w, line + start, width - x);
	int cx = pw + (skipped > 0) + cur - skipped;
	if (cx >= width)
		cx = width - 1;
	wmove(w, 0, cx < 0 ? 0 : cx);
	wnoutrefresh(w);
}
