/* The full-screen workbench's text: lines with a style, and UTF-8 drawn
 * in a curses window at this terminal's widths (or spelled in ASCII where
 * the terminal is not UTF-8), gnuplot's colour escapes as colour pairs. */
#include <ncurses.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/screen.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

void scr_lines_add(struct lines *l, const char *s, size_t len, enum style st)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = (struct line){xstrndup(s, len), st};
}

/* Adds every line of text (a trailing newline adds nothing). */
void scr_lines_add_text(struct lines *l, const char *text, enum style st)
{
	while (*text) {
		const char *e = strchr(text, '\n');
		size_t len = e ? (size_t)(e - text) : strlen(text);
		scr_lines_add(l, text, len, st);
		text += len + (e != NULL);
	}
}

void scr_lines_clear(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].s);
	l->n = 0;
}

void scr_lines_free(struct lines *l)
{
	scr_lines_clear(l);
	free(l->v);
	*l = (struct lines){0};
}

/* Drops the oldest lines beyond `keep`. */
void scr_lines_trim(struct lines *l, size_t keep)
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

bool utf8_term;
attr_t style_attr[ST_COUNT];

/* Columns of the first n bytes of s on this terminal: the one measure
 * that wrapping and drawing share (util/utf8.h). */
int text_cols(const char *s, size_t n)
{
	return utf8_cols(s, n, !utf8_term);
}

/* Draws s at the cursor, at most `cols` columns; returns the columns used.
 * Control characters are not drawn; where the terminal is not UTF-8, other
 * characters are spelled in ASCII. */
int scr_put_text(WINDOW *w, const char *s, int cols)
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
void scr_put_fitted(WINDOW *w, const char *s, int cols)
{
	if (cols <= 0)
		return;
	if (text_cols(s, strlen(s)) <= cols) {
		scr_put_text(w, s, cols);
		return;
	}
	const char *mark = "…"; /* "..." where the terminal is not UTF-8 */
	int mw = text_cols(mark, strlen(mark));
	size_t keep = fit_words(s, cols - mw);
	char *head = xstrndup(s, keep);
	scr_put_text(w, head, cols - mw);
	free(head);
	attr_t a;
	short pair;
	wattr_get(w, &a, &pair, NULL);
	wattrset(w, style_attr[ST_DIM]);
	scr_put_text(w, mark, mw);
	wattr_set(w, a, pair, NULL);
}

/* The byte offset in s after `cols` columns (for wrapping). */
size_t scr_bytes_for_cols(const char *s, int cols)
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
 * scr_put_text will draw. */
void scr_wrap_text(struct strbuf *out, const char *s, int width)
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
bool scr_ansi_blank(const char *s)
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
void scr_put_ansi(WINDOW *w, const char *s, int cols)
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
		used += scr_put_text(w, piece, cols - used);
		free(piece);
		s += n;
	}
	wattrset(w, A_NORMAL);
}
