#include "models/model.h"

#include <stdarg.h>
#include <string.h>

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

static _Thread_local unsigned long runs;

int model_run(const struct model *m, const struct model_input *in, struct model_output *out,
	      struct diag *d)
{
	runs++;
	return m->solve(in, out, d);
}

unsigned long model_runs(void)
{
	return runs;
}
