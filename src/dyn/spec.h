/* The types a model's tables are written in, below the models: a value
 * (a result's or a parameter's), a parameter's spec and a result's, the
 * row macros of the tables, and what a verdict says. No model, no
 * physics: model.h and the law registry (dyn/law.h) build on it. */
#ifndef TRIBO_SPEC_H
#define TRIBO_SPEC_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"
#include "util/strbuf.h"

enum value_kind { VAL_NONE, VAL_NUMBER, VAL_BOOL, VAL_WORD, VAL_MATRIX };

/* A result or parameter value. Owns `word` and `m`. */
struct value {
	enum value_kind kind;
	double num;
	bool b;
	char *word;
	int rows, cols;
	double *m; /* rows x cols, row-major */
};

struct value value_number(double x);
struct value value_bool(bool b);
struct value value_word(const char *w);
struct value value_matrix(int rows, int cols, const double *m);
void value_release(struct value *v);
struct value value_copy(const struct value *v);
/* The value as `print` shows it: %.12g, true/false, the word, or matrix
 * rows on their own lines (no trailing newline). */
void value_format(const struct value *v, struct strbuf *out);
/* The same on one line: a matrix as [a b; c d]. */
void value_format_inline(const struct value *v, struct strbuf *out);

enum param_kind {
	PARAM_NUMBER,
	PARAM_CHOICE, /* one word of a fixed list */
	PARAM_TEXT,   /* free text, such as a formula */
};

/* The model's own physical limits, in its unit: lo/hi may be ±INFINITY. */
struct param_spec {
	const char *name;
	enum param_kind kind;
	const char *unit; /* canonical unit the model computes in; "" dimensionless */
	double def;
	double lo, hi;
	bool lo_open, hi_open;
	const char *choices;  /* PARAM_CHOICE: "uniform|reye"; first is default */
	const char *def_text; /* PARAM_TEXT default */
	const char *doc;
	/* PARAM_CHOICE: the choices are friction laws, rows of the registry
	 * (dyn/law.h); a model's `law` parameter, written with PARAM_LAW */
	bool law;
};

/* A model's table of parameters is written with these, one row a
 * parameter (designated initializers, so a row says what each value is):
 *
 *	[C_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0), "mass of the block"),
 *	[C_HELD] = PARAM_CHOICE("held", "no|yes", "..."),
 *
 * The names of the row macros are those of the kinds: a function-like
 * macro expands only where its name is followed by `(`, so `case
 * PARAM_NUMBER:` and `.kind = PARAM_NUMBER` still name the kind. The
 * bounds of a number are one of PARAM_ANY, PARAM_ABOVE (lo, ∞),
 * PARAM_AT_LEAST [lo, ∞), PARAM_CLOSED [lo, hi] or PARAM_OPEN (lo, hi). */
/* clang-format off */
#define PARAM_NUMBER(name_, unit_, def_, bounds_, doc_) \
	{SPEC_ROW_(name_, PARAM_NUMBER, unit_, doc_), .def = (def_), bounds_}
#define PARAM_CHOICE(name_, choices_, doc_) \
	{SPEC_ROW_(name_, PARAM_CHOICE, "", doc_), .choices = (choices_)}
#define PARAM_TEXT(name_, def_text_, doc_) \
	{SPEC_ROW_(name_, PARAM_TEXT, "", doc_), .def_text = (def_text_)}

#define PARAM_ANY              .lo = -INFINITY, .hi = INFINITY
#define PARAM_ABOVE(lo_)       .lo = (lo_), .lo_open = true, .hi = INFINITY
#define PARAM_AT_LEAST(lo_)    .lo = (lo_), .hi = INFINITY
#define PARAM_CLOSED(lo_, hi_) .lo = (lo_), .hi = (hi_)
#define PARAM_OPEN(lo_, hi_)   .lo = (lo_), .lo_open = true, .hi = (hi_), .hi_open = true

/* The fields a parameter and a result share. */
#define SPEC_ROW_(name_, kind_, unit_, doc_) \
	.name = (name_), .kind = (kind_), .unit = (unit_), .doc = (doc_)
/* clang-format on */

/* What a result says of the problem as a whole, when it is a verdict: the
 * values that make a variant of an exercise degenerate next to the file's
 * own values (exercise/degenerate.c, read by `lint` and `generate`). */
enum verdict {
	VERDICT_NONE,
	/* bool: the run reached what it looked for (a steady state, a limit
	 * cycle); false where the file's values give true is degenerate */
	VERDICT_REACHED,
	/* bool: anything moves at all; false where the file's values give
	 * true is no motion, and true where they give false a change in kind */
	VERDICT_MOTION,
	/* bool: which kind of problem it is (the block rides with the belt);
	 * either change is degenerate */
	VERDICT_KIND,
	/* word: `verdict_word` where the file's values give another word */
	VERDICT_SHUNS,
	/* word: any word but `verdict_word` where the file's values give it;
	 * `verdict_means` names what another word is */
	VERDICT_EXPECTS,
};

struct result_spec {
	const char *name;
	enum value_kind kind;
	const char *unit;
	const char *doc;
	enum verdict verdict;
	const char *verdict_word;
	const char *verdict_means;
};

/* A model's table of results is written with these, as its parameters are. */
/* clang-format off */
#define RESULT_NUMBER(name_, unit_, doc_) {SPEC_ROW_(name_, VAL_NUMBER, unit_, doc_)}
#define RESULT_BOOL(name_, doc_)          {SPEC_ROW_(name_, VAL_BOOL, "", doc_)}
#define RESULT_WORD(name_, doc_)          {SPEC_ROW_(name_, VAL_WORD, "", doc_)}
#define RESULT_MATRIX(name_, doc_)        {SPEC_ROW_(name_, VAL_MATRIX, "", doc_)}
/* A bool verdict: VERDICT_REACHED, VERDICT_MOTION or VERDICT_KIND. */
#define RESULT_BOOL_VERDICT(name_, verdict_, doc_) \
	{SPEC_ROW_(name_, VAL_BOOL, "", doc_), .verdict = (verdict_)}
/* A word of which `word_` is degenerate. */
#define RESULT_WORD_SHUNS(name_, word_, doc_) \
	{SPEC_ROW_(name_, VAL_WORD, "", doc_), .verdict = VERDICT_SHUNS, .verdict_word = (word_)}
/* A word of which any but `word_` is degenerate, and is what `means_` says. */
#define RESULT_WORD_EXPECTS(name_, word_, means_, doc_) \
	{SPEC_ROW_(name_, VAL_WORD, "", doc_), .verdict = VERDICT_EXPECTS, \
	 .verdict_word = (word_), .verdict_means = (means_)}
/* clang-format on */

/* Index of `word` in spec->choices, or -1. */
int param_choice_index(const struct param_spec *spec, const char *word);
/* The i-th choice word, copied into buf. */
const char *param_choice_word(const struct param_spec *spec, int i, char *buf, size_t n);
int param_choice_count(const struct param_spec *spec);

/* Whether x (in the spec's unit) is within the model's limits. */
bool param_within_limits(const struct param_spec *spec, double x);

/* A result by name, for model_require_finite. */
struct named_result {
	const char *name;
	double v;
};

/* The first of the n results that is not finite is refused, never printed:
 * "NAME came out as V: why" in d, and -1; 0 when all are finite. */
int model_require_finite(const struct named_result *got, size_t n, const char *why, struct diag *d);

#endif
