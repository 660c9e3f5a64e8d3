/* The domain-edge probe (issue 18): every model, every numeric parameter
 * set, one at a time, to the ends of its domain and to the extremes of a
 * double (0, -0, subnormals, 1e±300, ±1e9, -1), from the model's defaults
 * and from each other choice of each of its choice parameters. Each case
 * must end one of three ways:
 *
 *   - the model's check refuses the values, with a message (what `set`
 *     says);
 *   - the solve fails with a message in tribo's words (not GSL's);
 *   - the solve succeeds and every number it gives is finite, except a
 *     result whose documentation names the non-finite value ("nan: ...",
 *     "inf: never"), and no case takes more than two seconds of CPU.
 *
 * A case over its time is stopped as Ctrl-C stops a solve (a CPU timer
 * sets num_interrupted, which every model polls) and reported. The suite
 * gathers every bad case of a model before failing, so one run lists them
 * all, on standard error. Under valgrind (TRIBO_TEST_LIGHT) it tries a few cases per model
 * and no time bound: the sanitizer build covers the rest.
 *
 * TRIBO_DOMAIN_MODEL=NAME probes one model; TRIBO_DOMAIN_ALL=1 lists every
 * bad case, not only the first 40 of each model; TRIBO_DOMAIN_TIMES=1 says
 * each model's slowest case. */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "cpu_budget.h"
#include "models/model.h"
#include "num/num.h"
#include "testutil.h"

enum { MAXP = 32, MAX_REPORT = 40 };

/* The CPU time one case may take, in seconds, in every build (the
 * heaviest case, a ragulskis period that stalls, takes 0.35 s plain and
 * 0.45 s under AddressSanitizer). */
static const double case_cpu = 2.0;

static bool light(void)
{
	return getenv("TRIBO_TEST_LIGHT") != NULL;
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* GSL's own words, which a message must not pass on. */
static const char *const gsl_words[] = {
	"supplied by user",
	"integrand behavior",
	"straddle",
	"roundoff error",
	"maximum number of subdivisions",
	": failure",
	"singular matrix",
};

struct probe {
	const struct model *m;
	double num[MAXP];
	int choice[MAXP];
	const char *text[MAXP];
	const char *config; /* "defaults" or "law = tanh" */
	int nbad, ncases;   /* cases, each counted once however much is wrong */
	bool case_bad;
	double slowest; /* the CPU of the slowest case, and which it was */
	char slowest_case[160];
};

static void bad(struct probe *p, const char *param, double x, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void bad(struct probe *p, const char *param, double x, const char *fmt, ...)
{
	if (!p->case_bad)
		p->nbad++;
	p->case_bad = true;
	if (p->nbad > MAX_REPORT && !getenv("TRIBO_DOMAIN_ALL"))
		return;
	char what[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fprintf(stderr, "  %s (%s): %s = %g: %s\n", p->m->name, p->config, param, x, what);
}

static bool documents(const char *doc, const char *word)
{
	return doc && strstr(doc, word) != NULL;
}

static bool message_ok(struct probe *p, const char *param, double x, const struct diag *d,
		       const char *stage)
{
	if (d->msg[0] == '\0') {
		bad(p, param, x, "%s failed with no message", stage);
		return false;
	}
	for (size_t i = 0; i < sizeof(gsl_words) / sizeof(*gsl_words); i++)
		if (strstr(d->msg, gsl_words[i])) {
			bad(p, param, x, "%s says GSL's words: %s", stage, d->msg);
			return false;
		}
	return true;
}

/* One case: the model's values in p with parameter `i` at x. */
static void probe_case(struct probe *p, size_t i, double x)
{
	const struct model *m = p->m;
	const char *name = m->params[i].name;
	const double saved = p->num[i];
	p->num[i] = x;
	p->ncases++;
	p->case_bad = false;
	struct model_input in = {p->num, p->choice, p->text, m};
	struct diag d;
	diag_clear(&d);
	if (m->check && m->check(&in, &d) != 0) {
		message_ok(p, name, x, &d, "check");
		p->num[i] = saved;
		return;
	}
	struct value res[MAXP];
	memset(res, 0, sizeof(res));
	struct strbuf steps = STRBUF_INIT;
	struct figures figs;
	memset(&figs, 0, sizeof(figs));
	struct model_output out = {res, &steps, &figs};
	diag_clear(&d);
	num_interrupted = 0;
	const double t0 = cpu_now();
	if (!light())
		cpu_budget_arm(ITIMER_PROF, case_cpu);
	const int rc = model_run(m, &in, &out, &d);
	cpu_budget_arm(ITIMER_PROF, 0);
	const double took = cpu_now() - t0;
	if (took > p->slowest) {
		p->slowest = took;
		snprintf(p->slowest_case, sizeof(p->slowest_case), "%s, %s = %g", p->config, name,
			 x);
	}
	const bool stopped = num_interrupted != 0;
	num_interrupted = 0;
	if (stopped || (!light() && took > case_cpu))
		bad(p, name, x, "took over %.0f s of CPU (%.2f s)%s", case_cpu, took,
		    rc == 0 ? "" : ", then failed");
	else if (rc != 0)
		message_ok(p, name, x, &d, "solve");
	else
		for (size_t k = 0; k < m->nresults; k++) {
			const struct result_spec *r = &m->results[k];
			const struct value *v = &res[k];
			if (v->kind == VAL_NUMBER) {
				if (isnan(v->num) && !documents(r->doc, "nan"))
					bad(p, name, x, "%s = nan, undocumented", r->name);
				else if (isinf(v->num) && !documents(r->doc, "inf"))
					bad(p, name, x, "%s = %g, undocumented", r->name, v->num);
			} else if (v->kind == VAL_MATRIX) {
				for (int e = 0; e < v->rows * v->cols; e++)
					if (!isfinite(v->m[e])) {
						bad(p, name, x, "%s has %g", r->name, v->m[e]);
						break;
					}
			} else if (v->kind == VAL_NONE) {
				bad(p, name, x, "%s was not set", r->name);
			}
		}
	for (size_t k = 0; k < m->nresults; k++)
		value_release(&res[k]);
	strbuf_release(&steps);
	figures_release(&figs);
	p->num[i] = saved;
}

static const double edges[] = {
	0.0, -0.0, 5e-324, 1e-310, 1e-300, -1e-300, 1e-9, 1e9, 1e300, -1e300, -1.0,
};

/* Every numeric parameter at every edge its limits allow, and at the
 * limits themselves (just inside an open one). */
static void probe_all(struct probe *p)
{
	const struct model *m = p->m;
	size_t tried = 0;
	for (size_t i = 0; i < m->nparams; i++) {
		const struct param_spec *s = &m->params[i];
		if (s->kind != PARAM_NUMBER)
			continue;
		if (light() && tried++ >= 2)
			break;
		double xs[sizeof(edges) / sizeof(*edges) + 2];
		size_t n = 0;
		for (size_t e = 0; e < sizeof(edges) / sizeof(*edges); e++)
			if (!light() || edges[e] == 1e300 || edges[e] == 1e-310)
				xs[n++] = edges[e];
		if (!light()) {
			if (isfinite(s->lo))
				xs[n++] = s->lo_open ? nextafter(s->lo, INFINITY) : s->lo;
			if (isfinite(s->hi))
				xs[n++] = s->hi_open ? nextafter(s->hi, -INFINITY) : s->hi;
		}
		for (size_t k = 0; k < n; k++) {
			bool seen = false; /* a limit that is also an edge: once */
			for (size_t j = 0; j < k; j++)
				seen = seen || (xs[j] == xs[k] && signbit(xs[j]) == signbit(xs[k]));
			if (!seen && param_within_limits(s, xs[k]))
				probe_case(p, i, xs[k]);
		}
	}
}

static void defaults(struct probe *p)
{
	for (size_t i = 0; i < p->m->nparams; i++) {
		p->num[i] = p->m->params[i].def;
		p->choice[i] = 0;
		p->text[i] = p->m->params[i].def_text ? p->m->params[i].def_text : "";
	}
}

START_TEST(test_model_domain)
{
	const struct model *const *all = model_all();
	const struct model *m = all[_i];
	const char *only = getenv("TRIBO_DOMAIN_MODEL");
	if (only && strcmp(only, m->name) != 0)
		return;
	ck_assert_int_le(m->nparams, MAXP);
	ck_assert_int_le(m->nresults, MAXP);
	struct probe p = {.m = m, .config = "defaults"};
	cpu_budget_init(ITIMER_PROF);
	defaults(&p);
	probe_all(&p);
	/* each other choice of each choice parameter, the rest at defaults */
	for (size_t i = 0; i < m->nparams && !light(); i++) {
		const struct param_spec *s = &m->params[i];
		if (s->kind != PARAM_CHOICE)
			continue;
		for (int c = 1; c < param_choice_count(s); c++) {
			char word[64], config[128];
			defaults(&p);
			p.choice[i] = c;
			snprintf(config, sizeof(config), "%s = %s", s->name,
				 param_choice_word(s, c, word, sizeof(word)));
			p.config = config;
			probe_all(&p);
		}
	}
	signal(SIGPROF, SIG_DFL);
	if (getenv("TRIBO_DOMAIN_TIMES"))
		fprintf(stderr, "  %s: %d cases, the slowest %.2f s of CPU (%s)\n", m->name,
			p.ncases, p.slowest, p.slowest_case);
	ck_assert_msg(p.nbad == 0, "%s: %d of %d cases bad (listed on standard error%s)", m->name,
		      p.nbad, p.ncases,
		      p.nbad > MAX_REPORT && !getenv("TRIBO_DOMAIN_ALL") ? ", the first 40" : "");
}
END_TEST

static Suite *domain_suite(void)
{
	Suite *s = suite_create("domain");
	TCase *tc = tcase_create("edges");
	/* the cases' own bound is 2 s of CPU each; this only stops a hang */
	tcase_set_timeout(tc, 1200);
	int n = 0;
	for (const struct model *const *m = model_all(); *m; m++)
		n++;
	tcase_add_loop_test(tc, test_model_domain, 0, n);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(domain_suite());
}
