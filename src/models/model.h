/* The model interface: what a model takes (its parameters, in the units
 * named here), what it gives (its results), and the registry of models.
 * Models are pure computation: no curses, readline, gnuplot or printing. */
#ifndef TRIBO_MODEL_H
#define TRIBO_MODEL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "dyn/spec.h"
#include "num/budget.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* What solve receives: parameter values indexed like the model's params. */
struct model_input {
	const double *num;	   /* PARAM_NUMBER, in the spec's unit */
	const int *choice;	   /* PARAM_CHOICE, index into the choices */
	const char *const *text;   /* PARAM_TEXT */
	const struct model *model; /* the model solved: its ctx, for a model made per exercise */
};

/* What solve fills: results indexed like the model's results (every one
 * set on success), the worked steps as plain text (steps may be NULL:
 * model_step then writes nothing), and the figures and tables to plot and
 * export (figs may be NULL: then draw nothing). */
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
	/* What the parameters must satisfy together (mu1 not below mu0, a
	 * whole number of periods), known before anything is computed; NULL
	 * when there is nothing. `set` refuses a value that breaks it, and
	 * model_run calls it before solve, so both say the same words. */
	int (*check)(const struct model_input *in, struct diag *d);
	/* A method a student carries out by hand, step by step (Imachi's
	 * construction): its solve leaves the steps in the table "steps", a
	 * row each; step_text says row i in words (every number as the solve
	 * had it) and step_figure draws the rows [from, to) as the figure
	 * "construction", added to fs. NULL where there is no such method. */
	void (*step_text)(const struct table *steps, size_t i, struct strbuf *out);
	void (*step_figure)(const struct table *steps, size_t from, size_t to, struct figures *fs);
	/* The worked steps' head that depends on the model alone, not on a
	 * run (a lagrange system's derivation of its equations of motion):
	 * model_run writes it ahead of the solve's steps, model_run_head_later
	 * leaves it to its caller for when the steps are read,
	 * so that a solve nobody reads the steps of does not pay for it.
	 * NULL where there is none. */
	void (*steps_head)(const struct model *m, struct strbuf *s);
	/* What a model made from an exercise file (model lagrange) computes
	 * with: its compiled system; NULL for the built-in models. */
	const void *ctx;
};

/* Runs m->check, then m->solve, and counts the run: every caller runs a
 * model through this, so a solve takes its parameters within check's
 * domain. */
int model_run(const struct model *m, const struct model_input *in, struct model_output *out,
	      struct diag *d);
/* model_run without the steps' head (model.steps_head), which the caller
 * writes ahead of the steps when they are read (the session's `steps`). */
int model_run_head_later(const struct model *m, const struct model_input *in,
			 struct model_output *out, struct diag *d);
/* The budget of a solve of m at `in` (num/budget.h): the default one,
 * scaled by how far tmax, periods and n (points a period) go past the
 * model's defaults. model_run opens it around the solve. */
struct budget model_budget(const struct model *m, const struct model_input *in);
/* The models run so far by this thread (model_run): a solve is one run,
 * and its figures, steps and export none more (tests/check_command.c). */
unsigned long model_runs(void);

/* ---- models an exercise file states ---------------------------------------
 * A model made from sections of the exercise file (model lagrange: its
 * [system] and [result NAME]) rather than built in. The exercise layer
 * reads INI and knows [exercise], [param NAME] and [answer NAME]; a maker
 * says which other sections and keys it reads, and gets every section of
 * the file, in order, before the rest is checked against its model. */

/* A key of a section: its value with any indented lines that go on with it
 * joined by a blank; col 1-based, of the value's first character. */
struct model_key {
	const char *name, *value;
	int line, col;
};

/* A section as the file has it: [kind] or [kind arg]; arg NULL: none. */
struct model_section {
	const char *kind, *arg;
	int line; /* of its header */
	const struct model_key *keys;
	size_t nkeys;
};

/* A section a maker reads, and the keys it may hold (NULL-terminated). */
struct model_section_spec {
	const char *kind;
	bool named; /* [kind NAME] */
	const char *const *keys;
};

struct model_maker {
	const char *name;			   /* model = NAME */
	const struct model_section_spec *sections; /* ends with {NULL} */
	/* The model of the file's sections secs[0..n), or NULL with d set and
	 * *line, *col where the file is wrong (line 0: the `model = NAME`
	 * line; col 1-based, 0: the line's first word). Freed with free(). */
	struct model *(*make)(const struct model_section *secs, size_t n, int *line, int *col,
			      struct diag *d);
	void (*free)(struct model *m);
};

const struct model_maker *model_maker_find(const char *name);
/* NULL-terminated list of all makers. */
const struct model_maker *const *model_makers(void);

const struct model *model_find(const char *name);
/* NULL-terminated list of all models. */
const struct model *const *model_all(void);
int model_param_index(const struct model *m, const char *name);
/* The names of the parameters (or results) into names[0..max); returns
 * how many. */
size_t model_param_names(const struct model *m, const char **names, size_t max);
size_t model_result_names(const struct model *m, const char **names, size_t max);
int model_result_index(const struct model *m, const char *name);
/* Appends one line of worked steps (printf-style; the newline is added);
 * nothing when s is NULL, a solve whose steps nobody asked for. */
void model_step(struct strbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "s" after a count other than 1, for the steps' "2 periods", "1 period". */
static inline const char *model_plural(long n)
{
	return n == 1 ? "" : "s";
}

/* What a solve's numbers say, settled before anyone reads them: a number
 * that came out NaN or ±inf does not exist (undefined, with the result's
 * `absent` reason, else the one its doc gives after "nan:" or "inf:").
 * A small number stays as it came: a value that is 0 by the physics (a
 * coordinate on its stop surface, a force across a symmetric contact) is
 * made 0 where it is computed, not guessed from the other results (a
 * genuine 2.7e-12 m/s beside 4 m/s was printed 0). */
void model_results_settle(const struct model *m, struct value *res);

/* A number a solve gives: its result row, value, and whether it must be
 * finite (a product of extremes that overflows is refused, not printed). */
struct solve_number {
	int at;
	double v;
	bool finite;
};
/* Sets res[at] for each of nums[0..n), unless one that must be finite is
 * not: the first fails as model_require_finite fails, nothing set. */
int solve_numbers(struct value *res, const struct result_spec *specs,
		  const struct solve_number *nums, size_t n, const char *why, struct diag *d);

#endif
