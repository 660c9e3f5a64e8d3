#include "exercise/problemset.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "exercise/degenerate.h"
#include "num/num.h"
#include "util/xalloc.h"

void problemset_init(struct problemset *ps, size_t n, unsigned long seed)
{
	*ps = (struct problemset){.seed = seed, .n = n};
}

/* splitmix64's finalizer (Steele, Lea and Flood, 2014): a bijection of
 * 64-bit words whose every output bit depends on every input bit. */
static uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* FNV-1a of a string, 64 bits. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

void problemset_stream(gsl_rng *rng, unsigned long seed, const char *id, size_t k)
{
	const uint64_t h = mix64(mix64(mix64((uint64_t)seed) ^ fnv1a(id)) ^ (uint64_t)k);
	/* mt19937 takes 32 bits of its seed; 0 would be taken as 4357 */
	gsl_rng_set(rng, (unsigned long)(h >> 32) | 1UL);
}

/* SipHash-2-4 (Aumasson and Bernstein, 2012) of the bytes m[0..n) under
 * the key (k0, k1): a keyed pseudo-random function, so that its output
 * tells nothing of the key to whoever does not hold it. */
static uint64_t rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

#define SIPROUND                                                                                   \
	do {                                                                                       \
		v0 += v1;                                                                          \
		v1 = rotl(v1, 13) ^ v0;                                                            \
		v0 = rotl(v0, 32);                                                                 \
		v2 += v3;                                                                          \
		v3 = rotl(v3, 16) ^ v2;                                                            \
		v0 += v3;                                                                          \
		v3 = rotl(v3, 21) ^ v0;                                                            \
		v2 += v1;                                                                          \
		v1 = rotl(v1, 17) ^ v2;                                                            \
		v2 = rotl(v2, 32);                                                                 \
	} while (0)

uint64_t problemset_siphash(uint64_t k0, uint64_t k1, const unsigned char *m, size_t n)
{
	uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
	uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
	uint64_t b = (uint64_t)n << 56;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w = 0;
		for (int j = 0; j < 8; j++)
			w |= (uint64_t)m[i + (size_t)j] << (8 * j);
		v3 ^= w;
		SIPROUND;
		SIPROUND;
		v0 ^= w;
	}
	for (int j = 0; i + (size_t)j < n; j++)
		b |= (uint64_t)m[i + (size_t)j] << (8 * j);
	v3 ^= b;
	SIPROUND;
	SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}
#undef SIPROUND

void problemset_code(const struct problemset *ps, size_t k, char *buf, size_t n)
{
	static const char letters[] = "ABCDEFGHJKLMNPQRSTUVWXYZ"; /* no I, no O */
	/* the set's exercises, each id ended by a NUL, under the seed as key */
	struct strbuf ids = STRBUF_INIT;
	for (size_t j = 0; j < ps->nparts; j++) {
		strbuf_addstr(&ids, session_exercise(ps->part[j].s)->id);
		strbuf_addch(&ids, '\0');
	}
	const uint64_t h = problemset_siphash((uint64_t)ps->seed, PROBLEMSET_CODE_KEY1,
					      (const unsigned char *)ids.buf, ids.len);
	strbuf_release(&ids);
	const int width = ps->n >= 100 ? (ps->n >= 1000 ? 4 : 3) : 2;
	snprintf(buf, n, "%c%c%d-%0*zu", letters[h % 24], letters[h / 24 % 24], (int)(h / 576 % 10),
		 width, k + 1);
}

int problemset_fresh_seed(unsigned long *out, struct diag *d)
{
	uint64_t x = 0;
	ssize_t got = getrandom(&x, sizeof x, 0);
	if (got != (ssize_t)sizeof x) { /* a kernel before 3.17: the device */
		FILE *f = fopen("/dev/urandom", "rb");
		size_t r = f ? fread(&x, 1, sizeof x, f) : 0;
		if (f)
			fclose(f);
		if (r != sizeof x)
			return diag_set(d, "the system's random source (getrandom, "
					   "/dev/urandom) gave no seed: give one, 'seed S'");
	}
	*out = (unsigned long)x;
	return 0;
}

static void variant_release(const struct model *m, struct ps_variant *v)
{
	for (size_t i = 0; v->res && i < m->nresults; i++)
		value_release(&v->res[i]);
	free(v->res);
	free(v->value);
	free(v->statement);
	free(v->steps);
	free(v->figure);
	free(v->figure_data);
}

void problemset_release(struct problemset *ps)
{
	for (size_t j = 0; j < ps->nparts; j++) {
		struct ps_part *p = &ps->part[j];
		const struct model *m = session_exercise(p->s)->model;
		for (size_t k = 0; k < p->n; k++)
			variant_release(m, &p->v[k]);
		free(p->v);
		for (size_t i = 0; i < p->nreason; i++)
			free(p->reason[i].why);
		free(p->reason);
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&p->base[i]);
		free(p->base);
		session_free(p->s);
	}
	free(ps->part);
	*ps = (struct problemset){0};
}

int problemset_add(struct problemset *ps, struct session *s, struct diag *d)
{
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	bool any = false;
	for (size_t i = 0; i < m->nparams; i++)
		any |= ex->params[i].has_draw;
	if (!any) {
		diag_set(d,
			 "%s has no parameter with a draw range: every variant would be the same",
			 ex->id);
		session_free(s);
		return -1;
	}
	if (session_solve_answers(s, d)) {
		diag_prefix(d, "%s at its own values: ", ex->id);
		session_free(s);
		return -1;
	}
	ps->part = xrealloc(ps->part, (ps->nparts + 1) * sizeof(*ps->part));
	struct ps_part *p = &ps->part[ps->nparts++];
	*p = (struct ps_part){.s = s, .v = xcalloc(ps->n, sizeof(*p->v))};
	p->base = xcalloc(m->nresults, sizeof(*p->base));
	for (size_t i = 0; i < m->nresults; i++)
		p->base[i] = value_copy(session_result(s, i));
	return 0;
}

double problemset_round(double x, int digits)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.*e", digits - 1, x);
	return strtod(buf, NULL);
}

int problemset_draw_param(gsl_rng *rng, const struct ex_param *p, double *out, struct diag *d)
{
	struct diag ignored;
	for (int t = 0; t < 1000; t++) {
		double x = p->draw_lo + (p->draw_hi - p->draw_lo) * gsl_rng_uniform(rng);
		x = problemset_round(x, p->digits);
		if (x >= p->draw_lo && x <= p->draw_hi && !ex_param_check(p, x, &ignored)) {
			*out = x;
			return 0;
		}
	}
	return diag_set(d, "the draw range %g %g of %s holds no value with %d significant digits",
			p->draw_lo, p->draw_hi, p->spec->name, p->digits);
}

/* Why the session's last solve is degenerate, or false. */
static bool degenerate(const struct ps_part *p, char *why, size_t n)
{
	const struct session *s = p->s;
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	for (size_t i = 0; i < ex->nanswers; i++) {
		const struct value *v = session_result(s, (size_t)ex->answers[i].result);
		if (v->kind == VAL_UNDEFINED) {
			snprintf(why, n, "%s has no value: %s", ex->answers[i].name, v->word);
			return true;
		}
	}
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	for (size_t i = 0; i < m->nresults; i++)
		res[i] = *session_result(s, i); /* borrowed: not released */
	bool bad = exercise_degenerate(ex, p->base, res, why, n) != NULL;
	free(res);
	return bad;
}

static bool value_same(const struct value *a, const struct value *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == VAL_BOOL)
		return a->b == b->b;
	if (a->kind == VAL_WORD)
		return a->word && b->word && !strcmp(a->word, b->word);
	return false; /* the parser lets only words and booleans be kept */
}

void problemset_kept_describe(const struct exercise *ex, size_t i, const struct value *base,
			      struct strbuf *out)
{
	int k = ex->keep[i];
	strbuf_addf(out, "%s = ", ex->model->results[k].name);
	value_format_inline(&base[k], out);
}

int problemset_unkept(const struct exercise *ex, const struct value *base, const struct value *res,
		      char *why, size_t n)
{
	for (size_t i = 0; i < ex->nkeep; i++) {
		int k = ex->keep[i];
		if (value_same(&res[k], &base[k]))
			continue;
		struct strbuf got = STRBUF_INIT, want = STRBUF_INIT;
		value_format_inline(&res[k], &got);
		value_format_inline(&base[k], &want);
		snprintf(why, n, "%s = %s, not %s as at the exercise's own values",
			 ex->model->results[k].name, strbuf_str(&got), strbuf_str(&want));
		strbuf_release(&got);
		strbuf_release(&want);
		return k;
	}
	return -1;
}

/* Which kept verdict the session's last solve changed, or -1. */
static int unkept(const struct ps_part *p, char *why, size_t n)
{
	const struct session *s = p->s;
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	if (!ex->nkeep)
		return -1;
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	for (size_t i = 0; i < m->nresults; i++)
		res[i] = *session_result(s, i); /* borrowed: not released */
	int k = problemset_unkept(ex, p->base, res, why, n);
	free(res);
	return k;
}

static void count_reason(struct ps_part *p, const char *why, bool unkept_draw)
{
	if (unkept_draw)
		p->rekept++;
	else
		p->redrawn++;
	for (size_t i = 0; i < p->nreason; i++)
		if (!strcmp(p->reason[i].why, why)) {
			p->reason[i].count++;
			return;
		}
	p->reason = xrealloc(p->reason, (p->nreason + 1) * sizeof(*p->reason));
	p->reason[p->nreason++] = (struct ps_reason){xstrdup(why), 1};
}

/* Draws variant k of part p: drawn values set, solved, kept. */
static int draw_variant(struct ps_part *p, gsl_rng *rng, bool figures, struct diag *d)
{
	struct session *s = p->s;
	const struct exercise *ex = session_exercise(s);
	const struct model *m = ex->model;
	char why[256];
	int nunkept = 0;
	for (int t = 0; t < PROBLEMSET_MAX_TRIES; t++) {
		for (size_t i = 0; i < m->nparams; i++) {
			double x = 0;
			if (!ex->params[i].has_draw)
				continue;
			if (problemset_draw_param(rng, &ex->params[i], &x, d) ||
			    session_set_number(s, i, x, d))
				return -1;
		}
		struct diag sd;
		diag_clear(&sd);
		if (figures ? session_solve(s, &sd) : session_solve_steps(s, &sd)) {
			if (num_interrupted)
				return diag_set(d, "interrupted");
			snprintf(why, sizeof(why), "the solve failed (%.200s)", sd.msg);
			count_reason(p, "the solve failed", false);
			continue;
		}
		if (unkept(p, why, sizeof(why)) >= 0) {
			count_reason(p, why, true);
			nunkept++;
			continue;
		}
		if (degenerate(p, why, sizeof(why))) {
			count_reason(p, why, false);
			continue;
		}
		struct ps_variant *v = &p->v[p->n++];
		v->value = xcalloc(m->nparams, sizeof(double));
		for (size_t i = 0; i < m->nparams; i++)
			v->value[i] = session_param(s, i)->num;
		v->res = xcalloc(m->nresults, sizeof(*v->res));
		for (size_t i = 0; i < m->nresults; i++)
			v->res[i] = value_copy(session_result(s, i));
		struct strbuf sb = STRBUF_INIT;
		session_statement(s, &sb);
		v->statement = strbuf_detach(&sb);
		v->steps = xstrdup(session_steps(s));
		return 0;
	}
	if (nunkept == PROBLEMSET_MAX_TRIES)
		return diag_set(d,
				"%s: %d draws in a row did not keep the exercise's verdict (the "
				"last: %s); narrow its draw ranges",
				ex->id, PROBLEMSET_MAX_TRIES, why);
	if (nunkept)
		return diag_set(
			d,
			"%s: %d draws in a row were thrown away, %d of them for not keeping "
			"the exercise's verdict (the last: %s); narrow its draw ranges",
			ex->id, PROBLEMSET_MAX_TRIES, nunkept, why);
	return diag_set(d,
			"%s: %d draws in a row were degenerate (the last: %s); narrow its draw "
			"ranges",
			ex->id, PROBLEMSET_MAX_TRIES, why);
}

int problemset_draw(struct problemset *ps, struct diag *d)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	int rc = 0;
	for (size_t j = 0; j < ps->nparts && !rc; j++)
		for (size_t k = 0; k < ps->n && !rc; k++) {
			problemset_stream(rng, ps->seed, session_exercise(ps->part[j].s)->id, k);
			rc = draw_variant(&ps->part[j], rng, ps->kept != NULL, d);
			if (!rc && ps->kept)
				ps->kept(ps->kept_ctx, ps, j, k);
			if (!rc && num_interrupted)
				rc = diag_set(d, "interrupted");
		}
	gsl_rng_free(rng);
	return rc;
}

bool problemset_answer_value(const struct exercise *ex, const struct ex_answer *a,
			     const struct value *res, double *out)
{
	const struct value *v = &res[a->result];
	if (v->kind != VAL_NUMBER)
		return false;
	struct unit mu;
	struct diag d;
	if (unit_parse(ex->model->results[a->result].unit, &mu, &d))
		return false;
	*out = unit_convert(v->num, &mu, &a->u);
	return true;
}

double problemset_abs_tolerance(const struct tolerance *tol, double x)
{
	switch (tol->kind) {
	case TOL_ABS:
		return tol->value;
	case TOL_SIG:
		/* half a unit in the last of the figures asked for, as check */
		return x == 0 ? 0 : 0.5 * pow(10, floor(log10(fabs(x))) - tol->value + 1);
	case TOL_REL:
		return tol->value * fabs(x);
	case TOL_DEFAULT:
	default:
		return TOLERANCE_DEFAULT_REL * fabs(x);
	}
}

void problemset_format_answer(const struct ex_answer *a, double x, char *buf, size_t n)
{
	int digits;
	switch (a->tol.kind) {
	case TOL_ABS: {
		int dec = (int)ceil(-log10(a->tol.value) - 1e-9) + 1;
		dec = dec < 0 ? 0 : dec > 12 ? 12 : dec;
		snprintf(buf, n, "%.*f", dec, x);
		if (!strtod(buf, NULL)) /* no "-0.000" */
			snprintf(buf, n, "%.*f", dec, 0.0);
		return;
	}
	case TOL_SIG:
		digits = (int)a->tol.value;
		break;
	case TOL_REL:
	case TOL_DEFAULT:
	default: {
		double rel = a->tol.kind == TOL_REL ? a->tol.value : TOLERANCE_DEFAULT_REL;
		digits = (int)ceil(-log10(rel) - 1e-9) + 2;
		break;
	}
	}
	digits = digits < 2 ? 2 : digits > 12 ? 12 : digits;
	/* %#g keeps the trailing zeros that are significant */
	snprintf(buf, n, "%#.*g", digits, x);
	size_t len = strlen(buf);
	if (len && buf[len - 1] == '.')
		buf[len - 1] = '\0';
}
