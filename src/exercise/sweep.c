#include "exercise/sweep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num/num.h"
#include "util/text.h"
#include "util/xalloc.h"

enum { MAX_NOTES = 5 };

void sweep_report_release(struct sweep_report *r)
{
	free(r->failed_at);
	strbuf_release(&r->notes);
	*r = (struct sweep_report){0};
}

/* A tabulated name: a result (index r) or a parameter (index p). */
struct column {
	int r, p;
	const char *name, *unit;
};

static int find_column(const struct session *s, const char *name, struct column *c, struct diag *d)
{
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	*c = (struct column){model_result_index(m, name), model_param_index(m, name), name, ""};
	if (c->r >= 0) {
		if (m->results[c->r].kind != VAL_NUMBER)
			return diag_set(d, "result %s is not a number: a sweep tabulates numbers",
					name);
		c->unit = m->results[c->r].unit;
		return 0;
	}
	if (c->p >= 0) {
		if (ex->params[c->p].spec->kind != PARAM_NUMBER)
			return diag_set(
				d, "parameter %s is not a number: a sweep tabulates numbers", name);
		c->unit = ex->params[c->p].unit;
		return 0;
	}
	/* neither: the message print gives for an unknown name */
	struct lookup lk;
	if (!session_lookup(s, name, &lk, d))
		value_release(&lk.value);
	return -1;
}

static void add_heading(struct strbuf *sb, const char *name, const char *unit)
{
	strbuf_addstr(sb, name);
	if (unit && *unit)
		strbuf_addf(sb, " [%s]", unit);
}

/* The figure: each name against the parameter, its label with the unit;
 * the y axis named when there is one curve, or one unit for all. */
static void make_figure(struct figures *fs, const struct table *t, const struct column *x,
			const struct column *col, size_t n)
{
	struct strbuf title = STRBUF_INIT, xl = STRBUF_INIT, yl = STRBUF_INIT;
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&title, "%s%s", i ? ", " : "", col[i].name);
	strbuf_addf(&title, " against %s", x->name);
	add_heading(&xl, x->name, x->unit);
	bool same = true;
	for (size_t i = 1; i < n; i++)
		same &= !strcmp(col[i].unit, col[0].unit);
	if (n == 1)
		add_heading(&yl, col[0].name, col[0].unit);
	else if (same && col[0].unit[0])
		strbuf_addf(&yl, "[%s]", col[0].unit);
	struct figure *f =
		figure_add(fs, "sweep", strbuf_str(&title), strbuf_str(&xl), strbuf_str(&yl));
	for (size_t i = 0; i < n; i++) {
		struct strbuf label = STRBUF_INIT;
		add_heading(&label, col[i].name, same ? NULL : col[i].unit);
		figure_curve_from(f, strbuf_str(&label), CURVE_LINEPOINTS, t, 0, i + 1);
		strbuf_release(&label);
	}
	strbuf_release(&title);
	strbuf_release(&xl);
	strbuf_release(&yl);
}

int sweep_run(struct session *s, const char *param, double from, double to, int steps,
	      const char *const *names, size_t nnames, struct sweep_report *r, struct diag *d)
{
	*r = (struct sweep_report){0};
	strbuf_init(&r->notes);
	int pi = session_number_param(s, param, d);
	if (pi < 0)
		return -1;
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	struct column x = {-1, pi, m->params[pi].name, ex->params[pi].unit};
	if (steps < 2 || steps > SWEEP_MAX_STEPS)
		return diag_set(d, "STEPS must be from 2 to %d, not %d", SWEEP_MAX_STEPS, steps);
	if (from == to)
		return diag_set(d, "FROM and TO are the same: nothing to sweep");
	/* the range is an interval: its ends valid, every point is */
	if (ex_param_check(&ex->params[pi], from, d) || ex_param_check(&ex->params[pi], to, d))
		return -1;
	if (nnames == 0 || nnames > SWEEP_MAX_NAMES)
		return diag_set(d, "name 1 to %d results to tabulate", SWEEP_MAX_NAMES);
	struct column col[SWEEP_MAX_NAMES];
	for (size_t i = 0; i < nnames; i++)
		if (find_column(s, names[i], &col[i], d))
			return -1;

	struct strbuf heads = STRBUF_INIT;
	add_heading(&heads, x.name, x.unit);
	for (size_t i = 0; i < nnames; i++) {
		strbuf_addch(&heads, '|');
		add_heading(&heads, col[i].name, col[i].unit);
	}
	struct figures fs = FIGURES_INIT;
	struct table *t = figures_table(&fs, "sweep", strbuf_str(&heads));
	strbuf_release(&heads);

	struct value *res = xcalloc(m->nresults, sizeof(*res));
	double *row = xcalloc(nnames + 1, sizeof(double));
	r->failed_at = xcalloc((size_t)steps, sizeof(bool));
	int rc = 0;
	for (int k = 0; k < steps; k++) {
		num_progress_points(k, steps);
		/* the last point exactly TO, whatever the rounding */
		double v = k == steps - 1 ? to : from + (to - from) * k / (steps - 1);
		struct diag pd;
		row[0] = v;
		int failed = session_solve_with(s, (size_t)pi, v, res, &pd);
		if (num_interrupted) {
			char at[32];
			text_format_number(v, at, sizeof(at));
			if (!failed)
				for (size_t i = 0; i < m->nresults; i++)
					value_release(&res[i]);
			rc = diag_set(d, "interrupted at %s = %s, after %zu of %d points%s", x.name,
				      at, r->done, steps,
				      r->done ? "; those are kept ('plot sweep', 'export csv')"
					      : "");
			break;
		}
		for (size_t i = 0; i < nnames; i++) {
			if (col[i].p == pi)
				row[i + 1] = v;
			else if (col[i].p >= 0)
				row[i + 1] = session_param(s, (size_t)col[i].p)->num;
			else if (failed)
				row[i + 1] = NAN;
			else if (res[col[i].r].kind == VAL_UNDEFINED) {
				/* a value that does not exist there: a gap, and why */
				row[i + 1] = NAN;
				if (r->failed + r->absent++ < MAX_NOTES) {
					char at[32];
					text_format_number(v, at, sizeof(at));
					strbuf_addf(&r->notes, "%s = %s: %s has no value: %s\n",
						    x.name, at, m->results[col[i].r].name,
						    res[col[i].r].word);
				}
			} else
				row[i + 1] = res[col[i].r].num;
		}
		if (failed) {
			r->failed_at[k] = true;
			if (r->failed++ + r->absent < MAX_NOTES) {
				char at[32];
				text_format_number(v, at, sizeof(at));
				strbuf_addf(&r->notes, "%s = %s: %s\n", x.name, at, pd.msg);
			}
		} else {
			for (size_t i = 0; i < m->nresults; i++)
				value_release(&res[i]);
		}
		table_row(t, row);
		r->done++;
	}
	num_progress_points(steps, steps);
	free(res);
	free(row);
	if (!rc && r->failed == r->done) {
		rc = diag_set(d, "the model failed at every point; at %s", strbuf_str(&r->notes));
		/* the note's newline has no place in a one-line message */
		d->msg[strcspn(d->msg, "\n")] = '\0';
	}
	if (r->done > 0 && r->failed < r->done) {
		make_figure(&fs, t, &x, col, nnames);
		session_keep_sweep(s, &fs);
		r->kept = true;
	}
	figures_release(&fs);
	return rc;
}
