/* The full-screen workbench's boxed panes of text: the exercise, its
 * parameters and its results built from the session at the pane's width,
 * and every boxed pane drawn in its frame with its title and note. */
#include <ncurses.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/session.h"
#include "front/screen.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- pane contents, from the session ------------------------------------ */

/* The statement first, since it is the question; the title goes into the
 * pane's frame and the source to `show`. */
static void build_exercise(struct pane *p)
{
	scr_lines_clear(&p->content);
	p->note[0] = '\0';
	int width = p->w - 2 > 8 ? p->w - 2 : 8;
	const struct exercise *ex = session_exercise(S.s);
	struct strbuf t = STRBUF_INIT;
	if (!ex) {
		text_wrap(&t,
			  "No exercise loaded. 'list' shows them, 'load ID' opens one, "
			  "'help' lists the commands.",
			  width, 0);
		scr_lines_add_text(&p->content, strbuf_str(&t), ST_DIM);
		strbuf_release(&t);
		return;
	}
	snprintf(p->note, sizeof(p->note), "%s: %s", ex->id, ex->title);
	struct strbuf st = STRBUF_INIT;
	session_statement(S.s, &st);
	scr_wrap_text(&t, st.len ? strbuf_str(&st) : ex->title, width);
	scr_lines_add_text(&p->content, strbuf_str(&t), ST_NORMAL);
	if (ex->hint[0]) { /* what to type: the workbench's, never a sheet's */
		strbuf_reset(&st);
		strbuf_reset(&t);
		strbuf_addf(&st, "hint: %s", ex->hint);
		scr_wrap_text(&t, strbuf_str(&st), width);
		scr_lines_add_text(&p->content, strbuf_str(&t), ST_DIM);
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
	scr_lines_clear(&p->content);
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
		scr_lines_add(&p->content, l.buf, l.len, ch ? ST_CHANGED : ST_NORMAL);
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
	scr_lines_clear(&p->content);
	p->note[0] = '\0';
	const struct exercise *ex = session_exercise(S.s);
	if (!ex)
		return;
	if (!session_solved(S.s)) {
		scr_lines_add_text(&p->content, "none yet: 'solve' computes them", ST_DIM);
		return;
	}
	const struct model *m = ex->model;
	if (session_stale(S.s)) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "out of date: %s changed since 'solve'", session_stale(S.s));
		scr_lines_add(&p->content, t.buf, t.len, ST_ERROR);
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
			scr_lines_add(&p->content, l.buf, l.len, st);
		}
	strbuf_release(&l);
}

/* The panes of text, whose heights the layout takes from their lines. */
void scr_build_text(void)
{
	build_exercise(&S.pane[P_EXERCISE]);
	build_params(&S.pane[P_PARAMS]);
	build_results(&S.pane[P_RESULTS]);
}

void scr_clamp_scroll(void)
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
	scr_put_text(w, p->title, title_cols);
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
			room -= scr_put_text(w, mark, room);
			wattrset(w, style_attr[ST_DIM]);
			note += strlen(mark);
		}
		scr_put_fitted(w, note, room);
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

void scr_draw_box_pane(enum pane_id id)
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
			scr_put_ansi(p->win, text, p->w - 2);
		} else {
			scr_put_fitted(p->win, text, p->w - 2);
		}
	}
	wattrset(p->win, A_NORMAL);
	wnoutrefresh(p->win);
}
