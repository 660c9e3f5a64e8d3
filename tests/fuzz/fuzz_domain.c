/* libFuzzer: the models at the edges of their domains (issue 18). The
 * input picks a model, then up to four (parameter, value) pairs: a value is
 * either the input's own eight bytes as a double or one of the edges of a
 * double and of the parameter's limits (0, -0, subnormals, 1e±300, ±1, the
 * spec's lo and hi and the doubles next to them); a choice parameter takes
 * one of its words. The model's check and solve then run in process, under
 * a CPU budget (FUZZ_SOLVE_CPU, default 0.05 s, then num_interrupted as
 * Ctrl-C). What must hold, as tests/check_domain.c asks at the fixed edges:
 * a refusal or a failure has a message; a success gives finite numbers,
 * except a result whose description names its nan or inf. A breach aborts,
 * which libFuzzer reports with the input. */
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "../cpu_budget.h"
#include "models/model.h"
#include "num/num.h"
#include "util/diag.h"
#include "util/strbuf.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAXP = 32, MAX_SETS = 4 };

static double solve_cpu = 0.05;
static size_t nmodels;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	num_init();
	const char *cpu = getenv("FUZZ_SOLVE_CPU");
	if (cpu)
		solve_cpu = atof(cpu);
	cpu_budget_init(ITIMER_VIRTUAL);
	for (const struct model *const *m = model_all(); *m; m++)
		nmodels++;
	return 0;
}

static double edge(const struct param_spec *s, uint8_t k)
{
	static const double fixed[] = {0.0,
				       -0.0,
				       5e-324,
				       -5e-324,
				       1e-310,
				       1e-300,
				       -1e-300,
				       1e300,
				       -1e300,
				       1.0,
				       -1.0,
				       1e9,
				       -1e9,
				       1e-9,
				       2.2250738585072014e-308,
				       1.7976931348623157e308};
	const size_t nf = sizeof(fixed) / sizeof(*fixed);
	if (k < nf)
		return fixed[k];
	switch ((k - nf) % 4) {
	case 0:
		return isfinite(s->lo) ? s->lo : 0.0;
	case 1:
		return isfinite(s->hi) ? s->hi : 0.0;
	case 2:
		return isfinite(s->lo) ? nextafter(s->lo, INFINITY) : 1.0;
	default:
		return isfinite(s->hi) ? nextafter(s->hi, -INFINITY) : 1.0;
	}
}

static bool documents(const char *doc, const char *word)
{
	return doc && strstr(doc, word);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const struct model *m = model_all()[data[0] % nmodels];
	if (m->nparams > MAXP || m->nresults > MAXP)
		abort();
	double num[MAXP];
	int choice[MAXP];
	const char *text[MAXP];
	for (size_t i = 0; i < m->nparams; i++) {
		num[i] = m->params[i].def;
		choice[i] = 0;
		text[i] = m->params[i].def_text ? m->params[i].def_text : "";
	}
	size_t at = 1;
	for (int set = 0; set < MAX_SETS && at + 2 <= size; set++) {
		const size_t i = data[at] % m->nparams;
		const struct param_spec *s = &m->params[i];
		const uint8_t how = data[at + 1];
		at += 2;
		if (s->kind == PARAM_CHOICE) {
			choice[i] = how % param_choice_count(s);
		} else if (s->kind == PARAM_NUMBER) {
			double x;
			if (how < 128 && at + 8 <= size) {
				memcpy(&x, data + at, 8);
				at += 8;
			} else {
				x = edge(s, (uint8_t)(how - 128));
			}
			if (param_within_limits(s, x)) /* `set` refuses the rest */
				num[i] = x;
		}
	}
	struct model_input in = {num, choice, text, m};
	struct diag d;
	diag_clear(&d);
	if (m->check && m->check(&in, &d)) {
		if (!d.msg[0])
			abort(); /* a refusal without a reason */
		return 0;
	}
	struct value res[MAXP];
	memset(res, 0, sizeof(res));
	struct strbuf steps = STRBUF_INIT;
	struct figures figs = FIGURES_INIT;
	struct model_output out = {res, &steps, &figs};
	diag_clear(&d);
	num_interrupted = 0;
	cpu_budget_arm(ITIMER_VIRTUAL, solve_cpu);
	const int rc = m->solve(&in, &out, &d);
	cpu_budget_arm(ITIMER_VIRTUAL, 0);
	const bool stopped = num_interrupted != 0;
	num_interrupted = 0;
	if (rc && !d.msg[0])
		abort(); /* a failure without a reason */
	if (!rc && !stopped)
		for (size_t k = 0; k < m->nresults; k++) {
			const struct value *v = &res[k];
			const char *doc = m->results[k].doc;
			if (v->kind == VAL_NUMBER && ((isnan(v->num) && !documents(doc, "nan")) ||
						      (isinf(v->num) && !documents(doc, "inf")))) {
				fprintf(stderr, "fuzz_domain: %s: %s = %g, undocumented\n", m->name,
					m->results[k].name, v->num);
				abort();
			}
		}
	for (size_t k = 0; k < m->nresults; k++)
		value_release(&res[k]);
	strbuf_release(&steps);
	figures_release(&figs);
	return 0;
}
