/* A session driven as a test drives it: each step asserts it went
 * through (with the session's message when it did not), and results are
 * read by name. Shared by the suites that drive whole exercises
 * (check_rounding, check_lagrange). */
#ifndef TRIBO_TESTS_SESSIONUTIL_H
#define TRIBO_TESTS_SESSIONUTIL_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/session.h"
#include "models/model.h"

static inline struct session *load(const char *id)
{
	struct session *s = session_new();
	struct diag d;
	diag_clear(&d);
	ck_assert_msg(session_load(s, id, &d) == 0, "%s: %s", id, d.msg);
	return s;
}

static inline void set(struct session *s, const char *name, const char *value)
{
	struct diag d;
	diag_clear(&d);
	ck_assert_msg(session_set(s, name, value, NULL, &d) == 0, "%s = %s: %s", name, value,
		      d.msg);
}

static inline void setd(struct session *s, const char *name, double x)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.17g", x);
	set(s, name, buf);
}

/* Under valgrind (TRIBO_TEST_LIGHT) the answers and the worked steps
 * without the figures: these suites read neither, check_figures draws
 * every figure there, and a rayleigh solve's figures are most of its
 * time. */
static inline void solve(struct session *s)
{
	struct diag d;
	diag_clear(&d);
	const int rc =
		getenv("TRIBO_TEST_LIGHT") ? session_solve_steps(s, &d) : session_solve(s, &d);
	ck_assert_msg(rc == 0, "%s", d.msg);
}

/* The solve is refused, with a reason that says `why`. */
static inline void solve_refused(struct session *s, const char *why)
{
	struct diag d;
	diag_clear(&d);
	ck_assert_msg(session_solve(s, &d) != 0, "solved; expected a refusal (%s)", why);
	ck_assert_msg(strstr(d.msg, why) != NULL, "refusal '%s' does not say '%s'", d.msg, why);
}

static inline const struct value *result(const struct session *s, const char *name)
{
	int i = model_result_index(session_exercise(s)->model, name);
	ck_assert_msg(i >= 0, "no result %s", name);
	return session_result(s, (size_t)i);
}

static inline double num(const struct session *s, const char *name)
{
	const struct value *v = result(s, name);
	ck_assert_msg(v->kind == VAL_NUMBER, "%s is not a number (kind %d)", name, v->kind);
	return v->num;
}

static inline bool undefined(const struct session *s, const char *name)
{
	return result(s, name)->kind == VAL_UNDEFINED;
}

static inline bool flag(const struct session *s, const char *name)
{
	const struct value *v = result(s, name);
	ck_assert_int_eq(v->kind, VAL_BOOL);
	return v->b;
}

static inline const char *word(const struct session *s, const char *name)
{
	const struct value *v = result(s, name);
	ck_assert_int_eq(v->kind, VAL_WORD);
	return v->word;
}

/* x moved by a relative e, and one ulp either way */

#endif
