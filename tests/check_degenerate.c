/* When a variant of an exercise is degenerate (exercise/degenerate.c):
 * the verdicts are read from the models' result tables, so a result is
 * known by its flag and never by its name; every reason in the words
 * `lint` and `generate` print. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/degenerate.h"
#include "exercise/exercise.h"
#include "models/model.h"
#include "testutil.h"

/* The verdicts of the shipped models, as degenerate.c knew them by name
 * before the tables said them. */
static const struct {
	const char *model, *result;
	enum verdict verdict;
	const char *word, *means;
} shipped[] = {
	{"imachi", "converged", VERDICT_REACHED, NULL, NULL},
	{"imachi-1d", "converged", VERDICT_REACHED, NULL, NULL},
	{"ragulskis", "steady", VERDICT_REACHED, NULL, NULL},
	{"kozlov-rest", "moves", VERDICT_MOTION, NULL, NULL},
	{"conveyor", "stuck", VERDICT_KIND, NULL, NULL},
	{"painleve-rod", "outcome", VERDICT_SHUNS, "paradox", NULL},
	{"painleve-rod", "mode", VERDICT_EXPECTS, "consistent", "Painlevé's paradox"},
	{"ladder", "moves", VERDICT_MOTION, NULL, NULL},
	{"ladder", "outcome", VERDICT_SHUNS, "paradox", NULL},
};
enum { NSHIPPED = sizeof(shipped) / sizeof(shipped[0]) };

static void str_eq_or_null(const char *got, const char *want)
{
	if (want)
		ck_assert_str_eq(got, want);
	else
		ck_assert_ptr_null(got);
}

START_TEST(test_shipped_verdicts)
{
	const struct model *m = model_find(shipped[_i].model);
	ck_assert_ptr_nonnull(m);
	int k = model_result_index(m, shipped[_i].result);
	ck_assert_int_ge(k, 0);
	const struct result_spec *rs = &m->results[k];
	ck_assert_int_eq(rs->verdict, shipped[_i].verdict);
	str_eq_or_null(rs->verdict_word, shipped[_i].word);
	str_eq_or_null(rs->verdict_means, shipped[_i].means);
}
END_TEST

/* No other result of a model is a verdict, and every verdict is of the
 * kind its rule reads: a bool, or a word with the word it speaks of. */
START_TEST(test_no_other_verdicts)
{
	size_t verdicts = 0;
	for (const struct model *const *m = model_all(); *m; m++)
		for (size_t i = 0; i < (*m)->nresults; i++) {
			const struct result_spec *rs = &(*m)->results[i];
			if (rs->verdict == VERDICT_NONE)
				continue;
			verdicts++;
			bool listed = false;
			for (size_t j = 0; j < NSHIPPED; j++)
				listed |= !strcmp((*m)->name, shipped[j].model) &&
					  !strcmp(rs->name, shipped[j].result);
			ck_assert_msg(listed, "%s: %s is a verdict", (*m)->name, rs->name);
			bool word = rs->verdict == VERDICT_SHUNS || rs->verdict == VERDICT_EXPECTS;
			ck_assert_int_eq(rs->kind, word ? VAL_WORD : VAL_BOOL);
			if (word)
				ck_assert_ptr_nonnull(rs->verdict_word);
		}
	ck_assert_uint_eq(verdicts, NSHIPPED);
}
END_TEST

/* degenerate.c names no result of any model: it reads the flags. */
START_TEST(test_rule_names_no_result)
{
	char *src = test_slurp("src/exercise/degenerate.c", NULL);
	for (const struct model *const *m = model_all(); *m; m++)
		for (size_t i = 0; i < (*m)->nresults; i++) {
			char quoted[64];
			snprintf(quoted, sizeof(quoted), "\"%s\"", (*m)->results[i].name);
			ck_assert_msg(!strstr(src, quoted), "degenerate.c names %s of %s", quoted,
				      (*m)->name);
		}
	free(src);
}
END_TEST

/* ---- a model of no physics, whose verdicts have names of their own ------ */

enum { F_X, F_SETTLED, F_RUNS, F_STICKS, F_ENDING, F_REGIME, F_NRESULTS };

static const struct result_spec fake_results[F_NRESULTS] = {
	[F_X] = RESULT_NUMBER("x", "m", "a length"),
	[F_SETTLED] = RESULT_BOOL_VERDICT("settled", VERDICT_REACHED, "a limit was reached"),
	[F_RUNS] = RESULT_BOOL_VERDICT("runs", VERDICT_MOTION, "anything moves"),
	[F_STICKS] = RESULT_BOOL_VERDICT("sticks", VERDICT_KIND, "the kind of problem"),
	[F_ENDING] = RESULT_WORD_SHUNS("ending", "jam", "how the run ended"),
	[F_REGIME] = RESULT_WORD_EXPECTS("regime", "calm", "a storm", "the regime"),
};

static const struct model fake = {
	.name = "fake",
	.results = fake_results,
	.nresults = F_NRESULTS,
};

/* The file's values: x = 2 m, settled, runs, sticks, ending stop, regime
 * calm: a fair problem on every count. */
struct fixture {
	struct ex_answer answer[2];
	struct exercise ex;
	struct value base[F_NRESULTS], res[F_NRESULTS];
	char buf[256];
};

static void fixture_init(struct fixture *f, int asked)
{
	*f = (struct fixture){0};
	f->answer[0] = (struct ex_answer){.name = "x", .result = F_X};
	f->answer[1] =
		(struct ex_answer){.name = (char *)fake_results[asked].name, .result = asked};
	f->ex = (struct exercise){
		.model = &fake, .answers = f->answer, .nanswers = asked == F_X ? 1 : 2};
	f->base[F_X] = value_number(2);
	f->base[F_SETTLED] = value_bool(true);
	f->base[F_RUNS] = value_bool(true);
	f->base[F_STICKS] = value_bool(true);
	f->base[F_ENDING] = value_word("stop");
	f->base[F_REGIME] = value_word("calm");
	for (int i = 0; i < F_NRESULTS; i++)
		f->res[i] = value_copy(&f->base[i]);
}

static void fixture_release(struct fixture *f)
{
	for (int i = 0; i < F_NRESULTS; i++) {
		value_release(&f->base[i]);
		value_release(&f->res[i]);
	}
}

static void set_res(struct fixture *f, int k, struct value v)
{
	value_release(&f->res[k]);
	f->res[k] = v;
}

static void set_base(struct fixture *f, int k, struct value v)
{
	value_release(&f->base[k]);
	f->base[k] = v;
}

static const char *why(struct fixture *f)
{
	return exercise_degenerate(&f->ex, f->base, f->res, f->buf, sizeof(f->buf));
}

static void expect(struct fixture *f, const char *want)
{
	const char *got = why(f);
	if (want) {
		ck_assert_ptr_nonnull(got);
		ck_assert_str_eq(got, want);
	} else {
		ck_assert_msg(got == NULL, "degenerate: %s", got);
	}
}

START_TEST(test_fair)
{
	struct fixture f;
	fixture_init(&f, F_X);
	expect(&f, NULL);
	fixture_release(&f);
}
END_TEST

/* A bool verdict going from `base` at the file's values to `res`. */
static const struct {
	int k;
	bool base, res;
	const char *want;
} flips[] = {
	{F_SETTLED, true, false, "settled = false (true at the file's values)"},
	{F_SETTLED, false, true, NULL}, /* reaching it where the file's values do not is fair */
	{F_RUNS, true, false, "no motion (runs = false)"},
	{F_RUNS, false, true,
	 "runs = true (false at the file's values): the problem changes in kind"},
	{F_STICKS, true, false,
	 "sticks = false (true at the file's values): the problem changes in kind"},
	{F_STICKS, false, true,
	 "sticks = true (false at the file's values): the problem changes in kind"},
};

START_TEST(test_bool_flip)
{
	struct fixture f;
	fixture_init(&f, F_X);
	set_base(&f, flips[_i].k, value_bool(flips[_i].base));
	set_res(&f, flips[_i].k, value_bool(flips[_i].res));
	expect(&f, flips[_i].want);
	fixture_release(&f);
}
END_TEST

START_TEST(test_words)
{
	struct fixture f;
	fixture_init(&f, F_X);
	set_res(&f, F_ENDING, value_word("jam"));
	expect(&f, "ending = jam (stop at the file's values), which the exercise does not ask "
		   "about");
	set_res(&f, F_ENDING, value_word("stop"));
	set_res(&f, F_REGIME, value_word("gale"));
	expect(&f, "a storm (regime gale; calm at the file's values)");
	/* the file's values already in the storm: no news */
	set_base(&f, F_REGIME, value_word("squall"));
	expect(&f, NULL);
	fixture_release(&f);
}
END_TEST

/* A verdict asked for is the question; one word verdict asked for makes
 * the other the question too. */
START_TEST(test_asked_for)
{
	struct fixture f;
	fixture_init(&f, F_SETTLED);
	set_res(&f, F_SETTLED, value_bool(false));
	expect(&f, NULL);
	set_res(&f, F_STICKS, value_bool(false));
	expect(&f, "sticks = false (true at the file's values): the problem changes in kind");
	fixture_release(&f);

	fixture_init(&f, F_REGIME);
	set_res(&f, F_ENDING, value_word("jam"));
	set_res(&f, F_REGIME, value_word("gale"));
	expect(&f, NULL);
	fixture_release(&f);
}
END_TEST

/* Nothing happening comes first, then the verdicts in the order reached,
 * motion, kind, a shunned word, an expected word. */
START_TEST(test_order)
{
	struct fixture f;
	fixture_init(&f, F_X);
	set_res(&f, F_REGIME, value_word("gale"));
	set_res(&f, F_ENDING, value_word("jam"));
	expect(&f, "ending = jam (stop at the file's values), which the exercise does not ask "
		   "about");
	set_res(&f, F_STICKS, value_bool(false));
	expect(&f, "sticks = false (true at the file's values): the problem changes in kind");
	set_res(&f, F_RUNS, value_bool(false));
	expect(&f, "no motion (runs = false)");
	set_res(&f, F_SETTLED, value_bool(false));
	expect(&f, "settled = false (true at the file's values)");
	set_res(&f, F_X, value_number(0));
	expect(&f, "x = 0 (2 m at the file's values): nothing happens");
	fixture_release(&f);
}
END_TEST

/* The rod's own table gives Painlevé's paradox its words. */
START_TEST(test_painleve_rod)
{
	const struct model *m = model_find("painleve-rod");
	ck_assert_ptr_nonnull(m);
	int x = model_result_index(m, "x_end"), mode = model_result_index(m, "mode"),
	    outcome = model_result_index(m, "outcome");
	struct ex_answer a = {.name = "x_end", .result = x};
	struct exercise ex = {.model = m, .answers = &a, .nanswers = 1};
	struct value *base = calloc(m->nresults, sizeof(*base));
	struct value *res = calloc(m->nresults, sizeof(*res));
	base[mode] = value_word("consistent");
	res[mode] = value_word("inconsistent");
	base[outcome] = value_word("stops");
	res[outcome] = value_word("stops");
	char buf[256];
	ck_assert_str_eq(exercise_degenerate(&ex, base, res, buf, sizeof(buf)),
			 "Painlevé's paradox (mode inconsistent; consistent at the file's values)");
	value_release(&res[outcome]);
	res[outcome] = value_word("paradox");
	ck_assert_str_eq(exercise_degenerate(&ex, base, res, buf, sizeof(buf)),
			 "outcome = paradox (stops at the file's values), which the exercise does "
			 "not ask about");
	for (size_t i = 0; i < m->nresults; i++) {
		value_release(&base[i]);
		value_release(&res[i]);
	}
	free(base);
	free(res);
}
END_TEST

static Suite *degenerate_suite(void)
{
	Suite *s = suite_create("degenerate");
	TCase *tables = tcase_create("tables");
	tcase_add_loop_test(tables, test_shipped_verdicts, 0, NSHIPPED);
	tcase_add_test(tables, test_no_other_verdicts);
	tcase_add_test(tables, test_rule_names_no_result);
	suite_add_tcase(s, tables);
	TCase *rule = tcase_create("rule");
	tcase_add_test(rule, test_fair);
	tcase_add_loop_test(rule, test_bool_flip, 0, sizeof(flips) / sizeof(flips[0]));
	tcase_add_test(rule, test_words);
	tcase_add_test(rule, test_asked_for);
	tcase_add_test(rule, test_order);
	tcase_add_test(rule, test_painleve_rod);
	suite_add_tcase(s, rule);
	return s;
}

int main(void)
{
	return run_suite(degenerate_suite());
}
