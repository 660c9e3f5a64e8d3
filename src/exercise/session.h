/* A session: the loaded exercise, the parameters as the user has set them,
 * and the last results. Every front end drives one through the commands;
 * nothing here prints. */
#ifndef TRIBO_SESSION_H
#define TRIBO_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/exercise.h"
#include "models/model.h"
#include "util/diag.h"
#include "util/strbuf.h"

struct session;

struct param_state {
	double num;   /* PARAM_NUMBER, in the parameter's display unit */
	int choice;   /* PARAM_CHOICE */
	char *text;   /* PARAM_TEXT (owned by the session) */
	bool changed; /* differs from the exercise's value */
};

struct session *session_new(void);
void session_free(struct session *s);
/* True the first time `key` is asked of this session (over every load),
 * false after: for a note said once ("m is the mass"), not at every use. */
bool session_once(struct session *s, const char *key);

/* Loads an exercise by id (searched as SPEC §1 says) or by path (anything
 * with a '/' or ending in .ini). On failure the session keeps what it had. */
int session_load(struct session *s, const char *what, struct diag *d);
/* Loads an exercise already parsed (tests); the session takes it. */
void session_adopt(struct session *s, struct exercise *ex);
/* NULL until an exercise is loaded. */
const struct exercise *session_exercise(const struct session *s);
const struct param_state *session_param(const struct session *s, size_t i);

/* set NAME VALUE [UNIT]: VALUE in UNIT, else in the parameter's unit. For a
 * number VALUE may be an expression with the unit after it or glued to it
 * ("pi/4 rad", "45deg"), read by unit_quantity_parse; its names stand for
 * their SI values and `ans` for the last number printed. */
int session_set(struct session *s, const char *name, const char *value, const char *unit,
		struct diag *d);
/* After a set: a relation between parameters the new value breaks for now
 * (mu1 below mu0), in the model's words, or NULL. The value stands; solve
 * refuses until the relation holds again. */
const char *session_set_note(const struct session *s);
/* Reads "VALUE [UNIT]" as set reads it, for numeric parameter i: *out is
 * in the parameter's display unit (not range-checked). */
int session_quantity(const struct session *s, size_t i, const char *text, double *out,
		     struct diag *d);
/* Whether TEXT, read for parameter i, takes a rate that counts radians
 * as a unit of turns would count them: "5 Hz" for an angular velocity is
 * 5 rad/s, as GNU units has it, where a student may mean 5 turns a second. */
bool session_counts_radians(const struct session *s, size_t i, const char *text);
/* `ans`: the last number printed or evaluated, a quantity: x in `unit`
 * (NULL or "": a number); or a quantity as an expression gave it. */
void session_set_ans(struct session *s, double x, const char *unit);
void session_set_ans_q(struct session *s, const struct expr_q *q);
/* Sets numeric parameter i to `value` in its display unit, checked as set
 * checks it (for generate, which draws numbers, not text). */
int session_set_number(struct session *s, size_t i, double value, struct diag *d);
/* Back to the exercise's values: one parameter, or all when name is NULL. */
int session_reset(struct session *s, const char *name, struct diag *d);

/* Runs the model once for everything the session shows of a solve: the
 * answers, the worked steps, and the figures drawn from the run's record
 * (an exercise with `overlay` runs it again at each overlaid value: those
 * runs are part of its figures). Nothing after runs the model again for
 * figures or steps. On failure (or an interrupt) the old results stay. */
int session_solve(struct session *s, struct diag *d);
/* The same for the answers alone: no figures and no steps are made
 * (generate's check of an exercise at its own values). */
int session_solve_answers(struct session *s, struct diag *d);
/* The answers and the worked steps, no figures (generate, which keeps
 * every variant's steps). */
int session_solve_steps(struct session *s, struct diag *d);
bool session_solved(const struct session *s);
/* Results exist but a parameter changed after they were computed: the
 * parameter's name, or NULL when they are current. */
const char *session_stale(const struct session *s);
const struct value *session_result(const struct session *s, size_t i);
/* The last solve's worked steps ("" before one, or after a solve for the
 * answers alone). */
const char *session_steps(const struct session *s);
/* The figures and tables of the last solve, drawn from its run (empty
 * before one, or after a solve for the answers alone). */
const struct figures *session_figures(const struct session *s);
/* Whether the last solve made figures (for the tests: a sweep, generate
 * and lint make none). */
bool session_figures_made(const struct session *s);
/* A number that changes whenever the figures of the last solve or the last
 * sweep change (and never comes back), so that a drawing of them can be
 * kept until then. */
unsigned long session_figures_serial(const struct session *s);

/* The verdict of the last `check` of each result, for the screen's
 * results pane; cleared by solve and load. */
enum check_verdict { CHECK_NONE, CHECK_CORRECT, CHECK_INCORRECT };
void session_set_check(struct session *s, size_t result, enum check_verdict v, const char *answer);
/* *answer (may be NULL) is the user's answer as typed. */
enum check_verdict session_check(const struct session *s, size_t result, const char **answer);
/* The index of numeric parameter `name`, or -1 with d saying why not (the
 * messages `set` gives, and one for a choice or a text). */
int session_number_param(const struct session *s, const char *name, struct diag *d);
/* Runs the model as solve does, but with numeric parameter i at `value`
 * (display unit, checked as set checks it), leaving
 * the session as it was: its parameters, results and figures. res gets
 * the model's nresults values (value_release each); on failure none. Like
 * all of the core it leaves num_interrupted alone (command_run clears it),
 * so that a Ctrl-C stops a sweep. */
int session_solve_with(const struct session *s, size_t i, double value, struct value *res,
		       struct diag *d);

/* Stepping a method done by hand (model.step_text, step_figure): the
 * last solve's step `n` (1 the first) said in *out, and its figure
 * "construction" redrawn to end there (at most STEP_WINDOW steps of it);
 * n = 0 puts back the solve's own drawing. The step is kept until the
 * next solve or load (session_step_at). Fails, with d naming the steps
 * there are, for a model or a method without steps, or n past them. */
#define STEP_WINDOW 36
int session_step(struct session *s, size_t n, struct strbuf *out, struct diag *d);
/* The step last shown by session_step, 0 for none. */
size_t session_step_at(const struct session *s);

/* `sweep NAME FROM TO STEPS plot [FIGURE]`: the model run at each of the
 * n values (2 to EX_OVERLAY_MAX) of numeric parameter i (display unit),
 * the session left as it was, and FIGURE (by default the first that shows
 * a family, else the first) of every run drawn together as the figure
 * "sweep" of the last sweep, each run in its colour with a key entry
 * "NAME = V"; the table "sweep" has the runs' numeric results. */
int session_sweep_plot(struct session *s, size_t i, const double *values, size_t n,
		       const char *figure, struct diag *d);

/* The last sweep: a table and a figure, both named "sweep" (empty when
 * none). A load drops it. */
const struct figures *session_sweep(const struct session *s);
/* Keeps *sweep as the last sweep (taking what it holds). */
void session_keep_sweep(struct session *s, struct figures *sweep);
/* Whether the last sweep came after the last solve. */
bool session_sweep_is_newer(const struct session *s);

/* What a name stands for, for print and eval. */
struct lookup {
	bool is_result;
	int index;
	struct value value; /* a copy: value_release() it */
	const char *unit;   /* display unit */
};
int session_lookup(const struct session *s, const char *name, struct lookup *out, struct diag *d);
/* A name's quantity for expressions (expr_qlookup_fn): a number in
 * coherent SI with the powers of its unit (angles in radians); "ans"
 * (when no parameter or result has that name) the last number printed or
 * evaluated, with its unit. 1 for a name the exercise does not have; -1
 * for words and booleans, stale results, and ans before anything was
 * printed. */
int session_value_q(const struct session *s, const char *name, struct expr_q *q, struct diag *d);
/* A name's value in SI, without its dimension (the scene's lengths and
 * forces): 0, or nonzero with d saying why. */
int session_value_si(const struct session *s, const char *name, double *out, struct diag *d);
/* Parameter and result names, for completion and suggestions; the array
 * is NULL-terminated and borrowed from the model. */
size_t session_names(const struct session *s, const char **names, size_t max, bool params,
		     bool results);

/* The statement with the current values put in for {name}. */
void session_statement(const struct session *s, struct strbuf *out);
/* A parameter's current value as text ("0.2", "reye"). */
void session_param_text(const struct session *s, size_t i, struct strbuf *out);

#endif
