#include "plot/plot.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plot/gnuplot.h"
#include "plot/gpscript.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- finding figures ------------------------------------------------ */

static void list_names(const struct session *s, struct strbuf *sb)
{
	const struct figures *fs = session_figures(s);
	for (size_t i = 0; i < fs->nfig; i++)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", fs->fig[i].name);
	if (session_sweep(s)->nfig)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", PLOT_SWEEP);
}

const struct figure *plot_find(const struct session *s, const char *name, struct diag *d)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (!name) {
		if (fs->nfig)
			return &fs->fig[0];
		if (sw->nfig)
			return &sw->fig[0];
		if (session_solved(s))
			diag_set(d, "the last solve drew no figures; 'sweep' makes one");
		else
			diag_set(d, "nothing to plot: run 'solve' (or 'sweep') first");
		return NULL;
	}
	if (!strcmp(name, PLOT_SWEEP)) {
		if (sw->nfig)
			return &sw->fig[0];
		diag_set(d, "no sweep yet: 'sweep NAME FROM TO STEPS RESULT...' makes one");
		return NULL;
	}
	const struct figure *f = figures_find(fs, name);
	if (f)
		return f;
	struct strbuf names = STRBUF_INIT;
	list_names(s, &names);
	const char *cands[64];
	size_t n = 0;
	for (size_t i = 0; i < fs->nfig && n < 63; i++)
		cands[n++] = fs->fig[i].name;
	if (sw->nfig)
		cands[n++] = PLOT_SWEEP;
	char hint[96];
	if (*text_did_you_mean(name, cands, n, hint, sizeof(hint)))
		diag_set(d, "no figure '%s'%s", name, hint);
	else if (names.len)
		diag_set(d, "no figure '%s'; there are: %s", name, strbuf_str(&names));
	else if (!session_solved(s))
		diag_set(d, "no figure '%s': run 'solve' first", name);
	else
		diag_set(d, "no figure '%s': the last solve drew none", name);
	strbuf_release(&names);
	return NULL;
}

void plot_title(const struct session *s, const struct figure *f, struct strbuf *out)
{
	const struct exercise *ex = session_exercise(s);
	const char *ext = ex && ex->title ? ex->title : "";
	strbuf_addstr(out, ext);
	if (*ext && *f->title)
		strbuf_addstr(out, ": ");
	strbuf_addstr(out, f->title);
}

/* ---- drawing -------------------------------------------------------- */

static bool has_data(const struct figure *f);

static int check_data(const struct figure *f, struct diag *d)
{
	if (has_data(f))
		return 0;
	return diag_set(d, "figure '%s' has no data to draw", f->name);
}

static int draw(const struct session *s, const struct figure *f, const struct gp_term *t,
		struct strbuf *out, struct diag *d)
{
	if (check_data(f, d))
		return -1;
	struct strbuf title = STRBUF_INIT, script = STRBUF_INIT;
	plot_title(s, f, &title);
	gp_script_figure(&script, f, strbuf_str(&title), t);
	int rc = gnuplot_run(gnuplot_shared(), strbuf_str(&script), out, d);
	strbuf_release(&title);
	strbuf_release(&script);
	return rc;
}

static int text_plot(const struct session *s, const struct figure *f, const struct gp_term *t,
		     struct strbuf *out, struct diag *d)
{
	struct strbuf text = STRBUF_INIT;
	int rc = draw(s, f, t, &text, d);
	if (!rc) {
		/* the dumb terminal starts a page with a form feed and pads every
		 * line to the width: neither belongs in a pane or a log */
		const char *p = strbuf_str(&text);
		if (*p == '\f')
			p++;
		while (*p) {
			size_t n = strcspn(p, "\n");
			size_t k = n;
			while (k > 0 && (p[k - 1] == ' ' || p[k - 1] == '\r'))
				k--;
			strbuf_add(out, p, k);
			strbuf_addch(out, '\n');
			p += n + (p[n] == '\n');
		}
	}
	strbuf_release(&text);
	return rc;
}

int plot_text(const struct session *s, const struct figure *f, int cols, int rows,
	      struct strbuf *out, struct diag *d)
{
	struct gp_term t = {.kind = GP_TERM_DUMB, .cols = cols, .rows = rows};
	return text_plot(s, f, &t, out, d);
}

static const struct {
	const char *ext;
	enum gp_term_kind kind;
} file_kinds[] = {{".png", GP_TERM_PNG}, {".svg", GP_TERM_SVG}, {".pdf", GP_TERM_PDF}};

int plot_file(const struct session *s, const struct figure *f, const char *path, struct diag *d)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *ext = strrchr(base, '.');
	int kind = -1;
	for (size_t i = 0; ext && i < sizeof(file_kinds) / sizeof(file_kinds[0]); i++)
		if (!strcasecmp(ext, file_kinds[i].ext))
			kind = (int)file_kinds[i].kind;
	if (kind < 0) {
		if (ext && ext[1])
			return diag_set(d, "cannot plot to a '%s' file: name a .png, .svg or .pdf",
					ext);
		return diag_set(d, "'%s' has no extension: name a .png, .svg or .pdf file", path);
	}
	if (check_data(f, d))
		return -1;
	struct outfile of;
	if (outfile_open(&of, path, d))
		return -1;
	/* gnuplot writes the temporary file tribo made; the user's name never
	 * reaches it */
	struct gp_term t = {.kind = (enum gp_term_kind)kind, .output = of.tmp};
	if (draw(s, f, &t, NULL, d)) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, d);
}

int plot_window(const struct session *s, const struct figure *f, struct diag *d)
{
	const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	if (!(x && *x) && !(w && *w))
		return diag_set(d, "no display to open a window on (DISPLAY is not set); "
				   "plot to a file with 'plot NAME to FILE.png'");
	if (check_data(f, d))
		return -1;
	static const char *const windows[] = {"qt", "wxt", "x11"};
	const char *term = NULL;
	for (size_t i = 0; !term && i < 3; i++) {
		bool has;
		if (gnuplot_has_terminal(gnuplot_shared(), windows[i], &has, d))
			return -1;
		if (has)
			term = windows[i];
	}
	if (!term)
		return diag_set(d, "this gnuplot has no window terminal (qt, wxt, x11): "
				   "install gnuplot-qt, or plot to a file");
	struct gp_term t = {.kind = GP_TERM_WINDOW, .window = term};
	return draw(s, f, &t, NULL, d);
}

/* ---- the pane ------------------------------------------------------- */

void plot_pane_init(struct plot_pane *p)
{
	memset(p, 0, sizeof(*p));
	strbuf_init(&p->drawn.text);
}

void plot_pane_release(struct plot_pane *p)
{
	strbuf_release(&p->drawn.text);
	p->drawn.valid = false;
}

bool plot_pane_shown(const struct plot_pane *p)
{
	return p && p->cols > 0 && p->rows > 0;
}

void plot_pane_choose(struct plot_pane *p, const char *name)
{
	snprintf(p->figure, sizeof(p->figure), "%s", name ? name : "");
}

/* The chosen figure while it exists: the sweep until a newer solve, a
 * figure of the last solve while it has one by that name; else the first
 * figure of the last solve, else the sweep. */
static const struct figure *pane_figure(const struct session *s, const struct plot_pane *p)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (!strcmp(p->figure, PLOT_SWEEP) && sw->nfig && (session_sweep_is_newer(s) || !fs->nfig))
		return &sw->fig[0];
	const struct figure *f = p->figure[0] ? figures_find(fs, p->figure) : NULL;
	if (f)
		return f;
	if (fs->nfig)
		return &fs->fig[0];
	return sw->nfig ? &sw->fig[0] : NULL;
}

int plot_pane_render(const struct session *s, struct plot_pane *p, const char **text,
		     struct diag *d)
{
	const struct figure *f = plot_pane_shown(p) ? pane_figure(s, p) : NULL;
	if (!f || !has_data(f)) {
		*text = "";
		return 0;
	}
	unsigned long serial = session_figures_serial(s);
	bool same = p->drawn.valid && p->drawn.serial == serial && p->drawn.fig == f &&
		    p->drawn.cols == p->cols && p->drawn.rows == p->rows &&
		    p->drawn.colors == p->colors;
	if (!same) {
		strbuf_reset(&p->drawn.text);
		struct gp_term t = {.kind = GP_TERM_DUMB,
				    .cols = p->cols,
				    .rows = p->rows,
				    .compact = true,
				    .colors = p->colors};
		p->drawn.rc = text_plot(s, f, &t, &p->drawn.text, &p->drawn.d);
		p->drawn.valid = true;
		p->drawn.serial = serial;
		p->drawn.fig = f;
		p->drawn.cols = p->cols;
		p->drawn.rows = p->rows;
		p->drawn.colors = p->colors;
	}
	*text = strbuf_str(&p->drawn.text);
	if (p->drawn.rc)
		*d = p->drawn.d;
	return p->drawn.rc;
}

const struct figure *plot_pane_figure(const struct session *s, const struct plot_pane *p)
{
	return pane_figure(s, p);
}

/* ---- tables and CSV ------------------------------------------------- */

static void list_tables(const struct session *s, struct strbuf *sb)
{
	const struct figures *fs = session_figures(s);
	for (size_t i = 0; i < fs->ntab; i++)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", fs->tab[i].name);
	list_names(s, sb);
}

static bool has_data(const struct figure *f)
{
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].n > 0)
			return true;
	return false;
}

const struct table *plot_export_table(const struct session *s, const char *name,
				      struct figures *scratch, struct diag *d)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (name) {
		if (!strcmp(name, PLOT_SWEEP) && sw->ntab)
			return &sw->tab[0];
		const struct table *t = figures_find_table(fs, name);
		if (t)
			return t;
		const struct figure *f = figures_find(fs, name);
		if (f && has_data(f))
			return plot_figure_table(f, scratch);
		struct strbuf names = STRBUF_INIT;
		list_tables(s, &names);
		if (f)
			diag_set(d, "figure '%s' has no data to export", name);
		else if (names.len)
			diag_set(d, "no table or figure '%s'; there are: %s", name,
				 strbuf_str(&names));
		else
			diag_set(d, "no table '%s': run 'solve' or 'sweep' first", name);
		strbuf_release(&names);
		return NULL;
	}
	if (sw->ntab && (session_sweep_is_newer(s) || !session_solved(s)))
		return &sw->tab[0];
	if (fs->ntab)
		return &fs->tab[0];
	for (size_t i = 0; i < fs->nfig; i++)
		if (has_data(&fs->fig[i]))
			return plot_figure_table(&fs->fig[i], scratch);
	if (sw->ntab)
		return &sw->tab[0];
	if (session_solved(s))
		diag_set(d, "the last solve made no table or figure; 'sweep' makes one");
	else
		diag_set(d, "nothing to export: run 'solve' or 'sweep' first");
	return NULL;
}

static bool same_x(const struct curve *a, const struct curve *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->x[i] != b->x[i] && !(isnan(a->x[i]) && isnan(b->x[i])))
			return false;
	return true;
}

static void add_col(struct strbuf *cols, const char *a, const char *b)
{
	if (cols->len)
		strbuf_addch(cols, '|');
	strbuf_addstr(cols, a);
	if (b && *b)
		strbuf_addf(cols, " (%s)", b);
}

const struct table *plot_figure_table(const struct figure *f, struct figures *into)
{
	bool shared = true;
	size_t rows = 0, first = f->ncurves;
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		if (c->n == 0)
			continue;
		if (first == f->ncurves)
			first = i;
		else
			shared &= same_x(c, &f->curves[first]);
		rows = c->n > rows ? c->n : rows;
	}
	const char *xl = f->xlabel[0] ? f->xlabel : "x";
	const char *yl = f->ylabel[0] ? f->ylabel : "y";
	struct strbuf cols = STRBUF_INIT;
	if (shared)
		add_col(&cols, xl, NULL);
	size_t ncol = shared ? 1 : 0;
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		char num[32];
		snprintf(num, sizeof(num), "curve %zu", i + 1);
		const char *who = c->label[0] ? c->label : num;
		if (c->n == 0)
			continue;
		if (!shared) {
			add_col(&cols, xl, who);
			ncol++;
		}
		if (c->style == CURVE_FILL && c->y2) {
			struct strbuf lo = STRBUF_INIT, hi = STRBUF_INIT;
			strbuf_addf(&lo, "%s, lower", who);
			strbuf_addf(&hi, "%s, upper", who);
			add_col(&cols, yl, strbuf_str(&lo));
			add_col(&cols, yl, strbuf_str(&hi));
			strbuf_release(&lo);
			strbuf_release(&hi);
			ncol += 2;
		} else {
			add_col(&cols, yl, who);
			ncol++;
		}
	}
	if (ncol == 0)
		add_col(&cols, xl, NULL);
	struct table *t = figures_table(into, f->name, strbuf_str(&cols));
	strbuf_release(&cols);
	double *row = xcalloc(t->ncols, sizeof(double));
	for (size_t k = 0; k < rows; k++) {
		size_t j = 0;
		for (size_t i = 0; i < f->ncurves; i++) {
			const struct curve *c = &f->curves[i];
			if (c->n == 0)
				continue;
			bool have = k < c->n;
			if (!shared || j == 0) /* shared: the first curve's x */
				row[j++] = have ? c->x[k] : NAN;
			row[j++] = have ? c->y[k] : NAN;
			if (c->style == CURVE_FILL && c->y2)
				row[j++] = have ? c->y2[k] : NAN;
		}
		table_row(t, row);
	}
	free(row);
	return t;
}

/* RFC 4180: a cell with a comma, a quote or a line break is quoted, its
 * quotes doubled. */
static void csv_cell(struct strbuf *out, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")] && s[0] != ' ' && (!s[0] || s[strlen(s) - 1] != ' ')) {
		strbuf_addstr(out, s);
		return;
	}
	strbuf_addch(out, '"');
	for (; *s; s++) {
		if (*s == '"')
			strbuf_addch(out, '"');
		strbuf_addch(out, *s);
	}
	strbuf_addch(out, '"');
}

void plot_csv(const struct table *t, struct strbuf *out)
{
	for (size_t j = 0; j < t->ncols; j++) {
		if (j)
			strbuf_addch(out, ',');
		csv_cell(out, t->cols[j]);
	}
	strbuf_addstr(out, "\r\n");
	for (size_t i = 0; i < t->nrows; i++) {
		for (size_t j = 0; j < t->ncols; j++) {
			double v = table_at(t, i, j);
			if (j)
				strbuf_addch(out, ',');
			if (isnan(v))
				strbuf_addstr(out, "NaN");
			else if (isinf(v))
				strbuf_addstr(out, v > 0 ? "inf" : "-inf");
			else
				strbuf_addf(out, "%.17g", v);
		}
		strbuf_addstr(out, "\r\n");
	}
}

int plot_csv_file(const struct table *t, const char *path, struct diag *d)
{
	struct outfile of;
	if (outfile_open(&of, path, d))
		return -1;
	struct strbuf csv = STRBUF_INIT;
	plot_csv(t, &csv);
	int rc = outfile_write(&of, strbuf_str(&csv), csv.len, d);
	strbuf_release(&csv);
	if (rc) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, d);
}
