#include "exercise/degenerate.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/text.h"

static bool asks_for(const struct exercise *ex, int result)
{
	for (size_t i = 0; i < ex->nanswers; i++)
		if (ex->answers[i].result == result)
			return true;
	return false;
}

static bool is_word_verdict(enum verdict v)
{
	return v == VERDICT_SHUNS || v == VERDICT_EXPECTS;
}

/* A verdict the exercise asks for is the question, not a sign of a
 * degenerate variant. The word verdicts of a model speak of one thing
 * (Painlevé's paradox), so one asked for makes them all the question. */
static bool is_question(const struct exercise *ex, int result)
{
	enum verdict v = ex->model->results[result].verdict;
	if (asks_for(ex, result))
		return true;
	if (!is_word_verdict(v))
		return false;
	for (size_t i = 0; i < ex->nanswers; i++)
		if (is_word_verdict(ex->model->results[ex->answers[i].result].verdict))
			return true;
	return false;
}

/* Whether r, the value of the verdict rs at other values, is degenerate
 * next to r0, its value at the file's values; the reason goes into buf. */
static bool verdict_degenerate(const struct result_spec *rs, const struct value *r,
			       const struct value *r0, char *buf, size_t n)
{
	switch (rs->verdict) {
	case VERDICT_NONE:
		return false;
	case VERDICT_REACHED:
		if (!r0->b || r->b)
			return false;
		snprintf(buf, n, "%s = false (true at the file's values)", rs->name);
		return true;
	case VERDICT_MOTION:
	case VERDICT_KIND:
		if (r0->b == r->b)
			return false;
		if (rs->verdict == VERDICT_MOTION && !r->b)
			snprintf(buf, n, "no motion (%s = false)", rs->name);
		else
			snprintf(buf, n,
				 "%s = %s (%s at the file's values): the problem changes in kind",
				 rs->name, r->b ? "true" : "false", r0->b ? "true" : "false");
		return true;
	case VERDICT_SHUNS:
		if (strcmp(r->word, rs->verdict_word) || !strcmp(r0->word, rs->verdict_word))
			return false;
		snprintf(buf, n,
			 "%s = %s (%s at the file's values), which the exercise does not ask about",
			 rs->name, r->word, r0->word);
		return true;
	case VERDICT_EXPECTS:
		if (!strcmp(r->word, rs->verdict_word) || strcmp(r0->word, rs->verdict_word))
			return false;
		snprintf(buf, n, "%s (%s %s; %s at the file's values)", rs->verdict_means, rs->name,
			 r->word, r0->word);
		return true;
	}
	return false;
}

const char *exercise_degenerate(const struct exercise *ex, const struct value *base,
				const struct value *res, char *buf, size_t n)
{
	/* nothing happens */
	size_t moving = 0, still = 0, last = 0;
	for (size_t i = 0; i < ex->nanswers; i++) {
		int k = ex->answers[i].result;
		if (res[k].kind != VAL_NUMBER || base[k].kind != VAL_NUMBER ||
		    !isfinite(base[k].num) || base[k].num == 0)
			continue;
		moving++;
		if (fabs(res[k].num) <= 1e-12 * fabs(base[k].num)) {
			still++;
			last = i;
		}
	}
	if (moving && still == moving) {
		int k = ex->answers[last].result;
		const char *unit = ex->model->results[k].unit;
		char v[32];
		text_format_number(base[k].num, v, sizeof(v));
		if (moving == 1)
			snprintf(buf, n, "%s = 0 (%s%s%s at the file's values): nothing happens",
				 ex->answers[last].name, v, unit[0] ? " " : "", unit);
		else
			snprintf(buf, n, "every answer is 0: nothing happens");
		return buf;
	}
	/* the verdicts in the order of their weight: the first that holds is
	 * the reason */
	static const enum verdict order[] = {VERDICT_REACHED, VERDICT_MOTION, VERDICT_KIND,
					     VERDICT_SHUNS, VERDICT_EXPECTS};
	const struct model *m = ex->model;
	for (size_t o = 0; o < sizeof(order) / sizeof(order[0]); o++)
		for (size_t i = 0; i < m->nresults; i++) {
			const struct result_spec *rs = &m->results[i];
			if (rs->verdict != order[o] || res[i].kind != rs->kind ||
			    base[i].kind != rs->kind || is_question(ex, (int)i))
				continue;
			if (verdict_degenerate(rs, &res[i], &base[i], buf, n))
				return buf;
		}
	return NULL;
}
