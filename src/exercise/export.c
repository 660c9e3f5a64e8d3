/* `export csv`: which table of a session it writes, a figure's curves
 * as a table, and a table as CSV. It knows the session, not gnuplot: the
 * data is written as it is, whatever draws it. */
#include "exercise/export.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv.h"
#include "util/outfile.h"
#include "util/xalloc.h"

/* "stop, traj, sweep": what `export csv FILE NAME` can name. */
static void list_tables(const struct session *s, struct strbuf *sb)
{
	const struct figures *fs = session_figures(s);
	for (size_t i = 0; i < fs->ntab; i++)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", fs->tab[i].name);
	for (size_t i = 0; i < fs->nfig; i++)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", fs->fig[i].name);
	if (session_sweep(s)->nfig)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", EXPORT_SWEEP);
}

const struct table *export_table(const struct session *s, const char *name, struct figures *scratch,
				 struct diag *d)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (name) {
		if (!strcmp(name, EXPORT_SWEEP) && sw->ntab)
			return &sw->tab[0];
		const struct table *t = figures_find_table(fs, name);
		if (t)
			return t;
		const struct figure *f = figures_find(fs, name);
		if (f && figure_has_data(f))
			return export_figure_table(f, scratch);
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
		if (figure_has_data(&fs->fig[i]))
			return export_figure_table(&fs->fig[i], scratch);
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

const struct table *export_figure_table(const struct figure *f, struct figures *into)
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

void export_csv(const struct table *t, struct strbuf *out)
{
	for (size_t j = 0; j < t->ncols; j++) {
		if (j)
			strbuf_addch(out, ',');
		csv_add_cell(out, t->cols[j]);
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

int export_csv_file(const struct table *t, const char *path, struct diag *d)
{
	struct outfile of;
	if (outfile_open(&of, path, d))
		return -1;
	struct strbuf csv = STRBUF_INIT;
	export_csv(t, &csv);
	int rc = outfile_write(&of, strbuf_str(&csv), csv.len, d);
	strbuf_release(&csv);
	if (rc) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, d);
}
