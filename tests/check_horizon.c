/* Horizon-independent results (issue 18): every shipped exercise with a
 * tmax is solved at its tmax, at 10, 100, 1000 and (where the model's
 * domain allows) 10⁴ times it. A result
 * that is the same at tmax, 10 tmax and 100 tmax does not depend on the
 * horizon (an event's time and the state there, a value at the start, a
 * verdict settled before tmax), so it must be the same further out: a
 * long horizon must not step over an event (painleve-rod at tmax = 3000
 * once slid for the whole run instead of falling at 0.359 s). Results that
 * change between tmax and 100 tmax are end values, and are not compared
 * (the compliant rod is still in the air at 1.5 tmax and falls at 4 tmax;
 * polisher-push locks at 16 tmax).
 *
 * Under valgrind (TRIBO_TEST_LIGHT) one exercise of each model is run, which
 * goes through the same code 30 times slower; the builds as compiled and
 * with the sanitizers run them all. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/exercise.h"
#include "exercise/session.h"
#include "models/model.h"
#include "testutil.h"

enum { MAXR = 64 };

/* Numbers agree to 1e-5 relative (1e-12 absolute near zero): what is
 * looked for is an event stepped over, a gross error. The compliant rod's
 * implicit integration (1e-9 a step on a stiff contact) gives N_max and
 * t_end 3e-6 and 2e-8 apart for horizons of 200 s and 2000 s (its step
 * sequence changes with the horizon; why is not found yet). */
static bool same(const struct value *a, const struct value *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case VAL_NUMBER:
		if (isnan(a->num) || isnan(b->num))
			return isnan(a->num) && isnan(b->num);
		if (isinf(a->num) || isinf(b->num))
			return a->num == b->num;
		return fabs(a->num - b->num) <= 1e-5 * fmax(fabs(a->num), fabs(b->num)) + 1e-12;
	case VAL_BOOL:
		return a->b == b->b;
	case VAL_WORD:
	case VAL_UNDEFINED: /* the same reason */
		return strcmp(a->word, b->word) == 0;
	case VAL_MATRIX:
		if (a->rows != b->rows || a->cols != b->cols)
			return false;
		for (int i = 0; i < a->rows * a->cols; i++)
			if (fabs(a->m[i] - b->m[i]) > 1e-5 * fmax(fabs(a->m[i]), fabs(b->m[i])))
				return false;
		return true;
	case VAL_NONE:
		return true;
	}
	return false;
}

/* Solves `id` with tmax = factor times the file's; the results into res.
 * Returns false, with nothing solved, when the model refuses that tmax
 * (past its domain: the polisher spans at most 1e4 time constants; set
 * notes it, solve refuses) or stops at its budget (kozlov-ball's steps),
 * and `may_refuse`. */
static bool solve_at(const char *id, double factor, bool may_refuse, struct value *res, size_t *n)
{
	struct session *s = session_new();
	struct diag d;
	diag_clear(&d);
	ck_assert_msg(session_load(s, id, &d) == 0, "%s: %s", id, d.msg);
	const struct exercise *ex = session_exercise(s);
	int ti = model_param_index(ex->model, "tmax");
	ck_assert_int_ge(ti, 0);
	char text[64];
	snprintf(text, sizeof(text), "%.17g", session_param(s, (size_t)ti)->num * factor);
	if (session_set(s, "tmax", text, NULL, &d) != 0) {
		ck_assert_msg(may_refuse, "%s: tmax %s: %s", id, text, d.msg);
		session_free(s);
		return false;
	}
	/* under valgrind (TRIBO_TEST_LIGHT) the answers alone: the horizon
	 * is about them, and the figures of a run 10⁴ times as long are most
	 * of its time there */
	const int rc =
		getenv("TRIBO_TEST_LIGHT") ? session_solve_answers(s, &d) : session_solve(s, &d);
	if (rc != 0) { /* a budget, or the domain at solve: it says so */
		ck_assert_msg(may_refuse && (strstr(d.msg, "steps") || strstr(d.msg, "tmax")),
			      "%s at tmax %s: %s", id, text, d.msg);
		session_free(s);
		return false;
	}
	*n = ex->model->nresults;
	ck_assert_int_le(*n, MAXR);
	for (size_t i = 0; i < *n; i++)
		res[i] = value_copy(session_result(s, i));
	session_free(s);
	return true;
}

/* Each result the same at tmax, 10 and 100 tmax is the same in `far`. */
static int compare(const char *id, const struct model *m, double factor, struct value *r1,
		   struct value *r10, struct value *r100, struct value *far, size_t n)
{
	int compared = 0;
	for (size_t i = 0; i < n; i++) {
		if (!same(&r1[i], &r10[i]) || !same(&r1[i], &r100[i]))
			continue;
		compared++;
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		value_format_inline(&r1[i], &a);
		value_format_inline(&far[i], &b);
		ck_assert_msg(same(&r1[i], &far[i]),
			      "%s: %s = %s at tmax, 10 and 100 tmax, %s at %g tmax", id,
			      m->results[i].name, a.buf, b.buf, factor);
		strbuf_release(&a);
		strbuf_release(&b);
	}
	return compared;
}

static void release(struct value *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		value_release(&r[i]);
}

START_TEST(test_horizon)
{
	struct catalog cat;
	catalog_scan(&cat);
	int tried = 0, compared = 0;
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	const struct model *seen[16];
	size_t nseen = 0;
	for (size_t e = 0; e < cat.n; e++) {
		const char *id = cat.entry[e].id;
		struct session *probe = session_new();
		struct diag d;
		diag_clear(&d);
		ck_assert_msg(session_load(probe, id, &d) == 0, "%s: %s", id, d.msg);
		const struct model *m = session_exercise(probe)->model;
		const bool has_tmax = model_param_index(m, "tmax") >= 0;
		session_free(probe);
		if (!has_tmax)
			continue;
		bool again = false;
		for (size_t i = 0; i < nseen; i++)
			again = again || seen[i] == m;
		if (light && again)
			continue;
		if (!again && nseen < sizeof seen / sizeof *seen)
			seen[nseen++] = m;
		tried++;
		struct value r1[MAXR], r10[MAXR], r100[MAXR], far[MAXR];
		size_t n;
		solve_at(id, 1.0, false, r1, &n);
		solve_at(id, 10.0, false, r10, &n);
		solve_at(id, 100.0, false, r100, &n);
		/* 10³ times (the issue's), and 10⁴ times where the model allows:
		 * painleve-rod once stepped over its fall from 1300 s on */
		solve_at(id, 1000.0, false, far, &n);
		compared += compare(id, m, 1000.0, r1, r10, r100, far, n);
		release(far, n);
		if (solve_at(id, 1e4, true, far, &n)) {
			compared += compare(id, m, 1e4, r1, r10, r100, far, n);
			release(far, n);
		}
		release(r1, n);
		release(r10, n);
		release(r100, n);
	}
	catalog_release(&cat);
	/* the exercises of painleve-rod, conveyor, polisher and kozlov-ball */
	ck_assert_int_ge(tried, light ? 4 : 12);
	ck_assert_int_ge(compared, light ? 20 : 100);
}
END_TEST

static Suite *horizon_suite(void)
{
	Suite *s = suite_create("horizon");
	TCase *tc = tcase_create("tmax");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_horizon);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	setenv("TRIBO_PATH", "exercises", 1);
	return run_suite(horizon_suite());
}
