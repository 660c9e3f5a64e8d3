/* The model interface: what a model takes (its parameters, in the units
 * named here), what it gives (its results), and the registry of models.
 * Models are pure computation: no curses, readline, gnuplot or printing. */
#ifndef TRIBO_MODEL_H
#define TRIBO_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "num/figure.h"
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
};

struct result_spec {
	const char *name;
	enum value_kind kind;
	const char *unit;
	const char *doc;
};

/* What solve receives: parameter values indexed like the model's params. */
struct model_input {
	const double *num;	 /* PARAM_NUMBER, in the spec's unit */
	const int *choice;	 /* PARAM_CHOICE, index into the choices */
	const char *const *text; /* PARAM_TEXT */
};

/* What solve fills: results indexed like the model's results (every one
 * set on success), the worked steps as plain text, and the figures and
 * tables to plot and export (figs may be NULL: then draw nothing). */
struct model_output {
	struct value *res;
	struct strbuf *steps;
	struct figures *figs;
};

struct model {
	const char *name;
	const char *summary;
	const struct param_spec *params;
	size_t nparams;
	const struct result_spec *results;
	size_t nresults;
	int (*solve)(const struct model_input *in, struct model_output *out, struct diag *d);
};

const struct model *model_find(const char *name);
/* NULL-terminated list of all models. */
const struct model *const *model_all(void);
int model_param_index(const struct model *m, const char *name);
/* The names of the parameters (or results) into names[0..max); returns
 * how many. */
size_t model_param_names(const struct model *m, const char **names, size_t max);
size_t model_result_names(const struct model *m, const char **names, size_t max);
int model_result_index(const struct model *m, const char *name);
/* Index of `word` in spec->choices, or -1. */
int param_choice_index(const struct param_spec *spec, const char *word);
/* The i-th choice word, copied into buf. */
const char *param_choice_word(const struct param_spec *spec, int i, char *buf, size_t n);
int param_choice_count(const struct param_spec *spec);
/* Appends one line of worked steps (printf-style; the newline is added). */
void model_step(struct strbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether x (in the spec's unit) is within the model's limits. */
bool param_within_limits(const struct param_spec *spec, double x);

#endif
