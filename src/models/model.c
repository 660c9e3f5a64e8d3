#include "models/model.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "num/budget.h"

extern const struct model model_rayleigh, model_conveyor, model_disk, model_polisher,
	model_disk_slide, model_painleve_rod, model_kozlov_rest, model_kozlov_ball, model_imachi,
	model_imachi1d, model_ragulskis, model_ladder;

/* One model a line: */
/* clang-format off */
static const struct model *const models[] = {
	&model_rayleigh,
	&model_conveyor,
	&model_disk,
	&model_disk_slide,
	&model_polisher,
	&model_painleve_rod,
	&model_kozlov_rest,
	&model_kozlov_ball,
	&model_imachi,
	&model_imachi1d,
	&model_ragulskis,
	&model_ladder,
	NULL,
};
/* clang-format on */

const struct model *const *model_all(void)
{
	return models;
}

extern const struct model_maker model_maker_lagrange;

static const struct model_maker *const makers[] = {
	&model_maker_lagrange,
	NULL,
};

const struct model_maker *const *model_makers(void)
{
	return makers;
}

const struct model_maker *model_maker_find(const char *name)
{
	for (size_t i = 0; makers[i]; i++)
		if (!strcmp(makers[i]->name, name))
			return makers[i];
	return NULL;
}

const struct model *model_find(const char *name)
{
	for (size_t i = 0; models[i]; i++)
		if (!strcmp(models[i]->name, name))
			return models[i];
	return NULL;
}

int model_param_index(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (!strcmp(m->params[i].name, name))
			return (int)i;
	return -1;
}

int model_result_index(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->nresults; i++)
		if (!strcmp(m->results[i].name, name))
			return (int)i;
	return -1;
}

size_t model_param_names(const struct model *m, const char **names, size_t max)
{
	size_t n = 0;
	for (; n < m->nparams && n < max; n++)
		names[n] = m->params[n].name;
	return n;
}

size_t model_result_names(const struct model *m, const char **names, size_t max)
{
	size_t n = 0;
	for (; n < m->nresults && n < max; n++)
		names[n] = m->results[n].name;
	return n;
}

void model_step(struct strbuf *s, const char *fmt, ...)
{
	if (!s)
		return;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(s, fmt, ap);
	va_end(ap);
	strbuf_addch(s, '\n');
}

/* The reason a doc gives for a value that is not a number: the text after
 * "nan:" (or "inf:") up to the closing parenthesis or a semicolon. */
static bool doc_reason(const char *doc, const char *key, struct strbuf *out)
{
	const char *p = doc ? strstr(doc, key) : NULL;
	if (!p)
		return false;
	p += strlen(key);
	while (*p == ' ')
		p++;
	const size_t n = strcspn(p, ";)");
	if (!n)
		return false;
	strbuf_addf(out, "%.*s", (int)n, p);
	return true;
}

void model_results_settle(const struct model *m, struct value *res)
{
	for (size_t i = 0; i < m->nresults; i++) {
		struct value *v = &res[i];
		if (v->kind != VAL_NUMBER || isfinite(v->num))
			continue;
		const struct result_spec *r = &m->results[i];
		struct strbuf why = STRBUF_INIT;
		if (r->absent)
			strbuf_addstr(&why, r->absent);
		else if (!doc_reason(r->doc, isnan(v->num) ? "nan:" : "inf:", &why) &&
			 !(isnan(v->num) && doc_reason(r->doc, "nan when", &why)))
			strbuf_addf(&why, "%s came out as %s: the model has no value for it here",
				    r->name,
				    isnan(v->num) ? "nan"
				    : v->num > 0  ? "inf"
						  : "-inf");
		value_release(v);
		*v = value_undefined(strbuf_str(&why));
		strbuf_release(&why);
	}
}

static _Thread_local unsigned long runs;

/* The parameters that say how much a solve asks: its horizon, its
 * periods, its points a period. */
static const char *const asking[] = {"tmax", "periods", "n"};

struct budget model_budget(const struct model *m, const struct model_input *in)
{
	double scale = 1;
	char asked[sizeof(((struct budget *)0)->asked)] = "";
	size_t n = 0;
	for (size_t k = 0; k < sizeof asking / sizeof asking[0]; k++) {
		const int i = model_param_index(m, asking[k]);
		if (i < 0 || m->params[i].kind != PARAM_NUMBER || !in->num)
			continue;
		const struct param_spec *p = &m->params[i];
		const double x = in->num[i], f = x / p->def;
		if (!(p->def > 0) || !(f > 1) || !isfinite(f))
			continue;
		scale *= f;
		if (n < sizeof asked)
			n += (size_t)snprintf(asked + n, sizeof asked - n,
					      "%s%s = %g%s%s, %.3g times the model's %g%s%s",
					      n ? "; " : "", p->name, x, p->unit[0] ? " " : "",
					      p->unit, f, p->def, p->unit[0] ? " " : "", p->unit);
	}
	struct budget b = budget_scaled(scale);
	snprintf(b.asked, sizeof b.asked, "%s", asked);
	const int ti = model_param_index(m, "tmax");
	if (ti >= 0 && m->params[ti].kind == PARAM_NUMBER && in->num)
		b.tmax = in->num[ti];
	return b;
}

static int run(const struct model *m, const struct model_input *in, struct model_output *out,
	       bool head, struct diag *d)
{
	runs++;
	if (m->check && m->check(in, d))
		return -1;
	if (head && out->steps && m->steps_head)
		m->steps_head(m, out->steps);
	const struct budget b = model_budget(m, in);
	budget_open(&b);
	int rc = m->solve(in, out, d);
	if (budget_spent()) {
		static const char said[] = "the solve ran out of its budget";
		if (rc == 0 || strncmp(d->msg, said, sizeof said - 1))
			rc = budget_refuse(d, 0, NULL, NULL);
	}
	budget_close();
	return rc;
}

int model_run(const struct model *m, const struct model_input *in, struct model_output *out,
	      struct diag *d)
{
	return run(m, in, out, true, d);
}

int model_run_head_later(const struct model *m, const struct model_input *in,
			 struct model_output *out, struct diag *d)
{
	return run(m, in, out, false, d);
}

unsigned long model_runs(void)
{
	return runs;
}

int solve_numbers(struct value *res, const struct result_spec *specs,
		  const struct solve_number *nums, size_t n, const char *why, struct diag *d)
{
	for (size_t i = 0; i < n; i++)
		if (nums[i].finite && !isfinite(nums[i].v))
			return model_require_finite(
				&(struct named_result){specs[nums[i].at].name, nums[i].v}, 1, why,
				d);
	for (size_t i = 0; i < n; i++)
		res[nums[i].at] = value_number(nums[i].v);
	return 0;
}
