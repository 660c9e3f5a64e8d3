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

/* The result called `name` of kind `kind` in res, or NULL when the model
 * has none, or the exercise asks for it (then it is the question). */
static const struct value *verdict(const struct exercise *ex, const struct value *res,
				   const char *name, enum value_kind kind)
{
	int i = model_result_index(ex->model, name);
	if (i < 0 || res[i].kind != kind || asks_for(ex, i))
		return NULL;
	return &res[i];
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
	static const char *const settles[] = {"converged", "steady"};
	for (size_t i = 0; i < 2; i++) {
		const struct value *r = verdict(ex, res, settles[i], VAL_BOOL);
		const struct value *r0 = verdict(ex, base, settles[i], VAL_BOOL);
		if (r && r0 && r0->b && !r->b) {
			snprintf(buf, n, "%s = false (true at the file's values)", settles[i]);
			return buf;
		}
	}
	static const char *const kinds[] = {"moves", "stuck"};
	for (size_t i = 0; i < 2; i++) {
		const struct value *r = verdict(ex, res, kinds[i], VAL_BOOL);
		const struct value *r0 = verdict(ex, base, kinds[i], VAL_BOOL);
		if (r && r0 && r0->b != r->b && i == 0 && !r->b) {
			snprintf(buf, n, "no motion (moves = false)");
			return buf;
		}
		if (r && r0 && r0->b != r->b) {
			snprintf(buf, n,
				 "%s = %s (%s at the file's values): the problem changes in kind",
				 kinds[i], r->b ? "true" : "false", r0->b ? "true" : "false");
			return buf;
		}
	}
	/* Painlevé's paradox, unless the exercise is about it */
	bool about_paradox = asks_for(ex, model_result_index(ex->model, "outcome")) ||
			     asks_for(ex, model_result_index(ex->model, "mode"));
	const struct value *o = verdict(ex, res, "outcome", VAL_WORD);
	const struct value *o0 = verdict(ex, base, "outcome", VAL_WORD);
	if (!about_paradox && o && o0 && !strcmp(o->word, "paradox") &&
	    strcmp(o0->word, "paradox")) {
		snprintf(buf, n,
			 "outcome = paradox (%s at the file's values), which the exercise does not "
			 "ask about",
			 o0->word);
		return buf;
	}
	const struct value *md = verdict(ex, res, "mode", VAL_WORD);
	const struct value *md0 = verdict(ex, base, "mode", VAL_WORD);
	if (!about_paradox && md && md0 && strcmp(md->word, "consistent") &&
	    !strcmp(md0->word, "consistent")) {
		snprintf(buf, n, "Painlevé's paradox (mode %s; consistent at the file's values)",
			 md->word);
		return buf;
	}
	return NULL;
}
