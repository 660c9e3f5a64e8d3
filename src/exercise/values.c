/* An exercise's values as the commands show and check them: a
 * tolerance in words, a parameter's range and its conversion to the
 * model's unit (exercise/exercise.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/exercise.h"
#include "util/text.h"

/* ---- whole-file checks ---------------------------------------------------- */

void tolerance_describe(const struct tolerance *tol, const char *unit, struct strbuf *out)
{
	char buf[32];
	switch (tol->kind) {
	case TOL_ABS:
		text_format_number(tol->value, buf, sizeof(buf));
		strbuf_addf(out, "±%s%s%s", buf, unit[0] ? " " : "", unit);
		return;
	case TOL_SIG:
		strbuf_addf(out, "%d significant figures", (int)tol->value);
		return;
	case TOL_REL:
	case TOL_DEFAULT:
		break;
	}
	text_format_number(100 * (tol->kind == TOL_REL ? tol->value : TOLERANCE_DEFAULT_REL), buf,
			   sizeof(buf));
	strbuf_addf(out, "%s%%%s", buf, tol->kind == TOL_DEFAULT ? " (the default)" : "");
}

int tolerance_figures(const struct tolerance *tol)
{
	switch (tol->kind) {
	case TOL_SIG:
		return (int)tol->value;
	case TOL_ABS:
		/* 1e-9: 0.05 asks for 1 decimal, not 2, whatever log10 rounds */
		return (int)ceil(-log10(2 * tol->value) - 1e-9);
	case TOL_REL:
	case TOL_DEFAULT:
		break;
	}
	const double r = tol->kind == TOL_REL ? tol->value : TOLERANCE_DEFAULT_REL;
	const int n = (int)ceil(1 - log10(2 * r) - 1e-9);
	return n < 1 ? 1 : n;
}

void tolerance_precision(const struct tolerance *tol, const char *unit, struct strbuf *out)
{
	const int n = tolerance_figures(tol);
	if (tol->kind == TOL_SIG) {
		strbuf_addf(out, "to %d significant figure%s", n, n == 1 ? "" : "s");
		return;
	}
	struct tolerance plain = *tol;
	if (plain.kind == TOL_DEFAULT) /* "1%", not "1% (the default)" */
		plain = (struct tolerance){TOL_REL, TOLERANCE_DEFAULT_REL};
	strbuf_addstr(out, "to ");
	tolerance_describe(&plain, unit, out);
	if (tol->kind != TOL_ABS)
		strbuf_addf(out, ", i.e. %d significant figure%s", n, n == 1 ? "" : "s");
	else if (n > 0)
		strbuf_addf(out, ", i.e. %d decimal place%s", n, n == 1 ? "" : "s");
	else if (n == 0)
		strbuf_addstr(out, ", i.e. a whole number");
	else
		strbuf_addf(out, ", i.e. to the nearest %.0f", pow(10, -n));
}

double ex_param_to_model(const struct ex_param *p, double value)
{
	return unit_convert(value, &p->u, &p->canon);
}

static void bounds(const struct ex_param *p, double *lo, bool *lo_open, double *hi, bool *hi_open)
{
	const struct param_spec *sp = p->spec;
	double mlo = isfinite(sp->lo) ? unit_convert(sp->lo, &p->canon, &p->u) : sp->lo;
	double mhi = isfinite(sp->hi) ? unit_convert(sp->hi, &p->canon, &p->u) : sp->hi;
	*lo = mlo;
	*lo_open = sp->lo_open;
	if (p->min > mlo || (p->min == mlo && !sp->lo_open)) {
		*lo = p->min;
		*lo_open = false;
	}
	*hi = mhi;
	*hi_open = sp->hi_open;
	if (p->max < mhi || (p->max == mhi && !sp->hi_open)) {
		*hi = p->max;
		*hi_open = false;
	}
}

void ex_param_range(const struct ex_param *p, char *buf, size_t n)
{
	double lo, hi;
	bool lo_open, hi_open;
	char a[32], b[32];
	bounds(p, &lo, &lo_open, &hi, &hi_open);
	text_format_number(lo, a, sizeof(a));
	text_format_number(hi, b, sizeof(b));
	const char *u = p->unit;
	const char *sp = u[0] ? " " : "";
	if (isinf(lo) && isinf(hi))
		snprintf(buf, n, "any value");
	else if (isinf(hi))
		snprintf(buf, n, "%s %s%s%s", lo_open ? ">" : "≥", a, sp, u);
	else if (isinf(lo))
		snprintf(buf, n, "%s %s%s%s", hi_open ? "<" : "≤", b, sp, u);
	else
		snprintf(buf, n, "%c%s, %s%c%s%s", lo_open ? '(' : '[', a, b, hi_open ? ')' : ']',
			 sp, u);
}

int ex_param_check(const struct ex_param *p, double value, struct diag *d)
{
	double lo, hi;
	bool lo_open, hi_open;
	char range[96], v[32];
	if (!isfinite(value))
		return diag_set(d, "%s must be a finite number", p->spec->name);
	/* 1e308 km is finite, but not in the model's metres */
	if (!isfinite(ex_param_to_model(p, value))) {
		text_format_number(value, v, sizeof(v));
		return diag_set(d, "%s = %s %s is too large: it overflows in %s", p->spec->name, v,
				p->unit, p->spec->unit);
	}
	bounds(p, &lo, &lo_open, &hi, &hi_open);
	bool ok = (lo_open ? value > lo : value >= lo) && (hi_open ? value < hi : value <= hi);
	/* the model's own limits hold whatever the file says */
	ok = ok && param_within_limits(p->spec, ex_param_to_model(p, value));
	if (ok)
		return 0;
	ex_param_range(p, range, sizeof(range));
	text_format_number(value, v, sizeof(v));
	return diag_set(d, "%s = %s%s%s is out of range: %s must be %s", p->spec->name, v,
			p->unit[0] ? " " : "", p->unit, p->spec->name, range);
}
