/* Expressions over named values, evaluated with libmatheval. A parser of
 * our own checks the text first: it points at the column of a mistake,
 * names unknown names and functions, refuses the ambiguous a^b^c (which
 * libmatheval reads as (a^b)^c), and keeps bad input away from
 * libmatheval's parser, which leaks on syntax errors. */
#ifndef TRIBO_EXPR_H
#define TRIBO_EXPR_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* Gives the value of a name used in an expression: returns 0, or -1 with
 * d->msg saying why not (unknown, not computed yet, not a number). */
typedef int (*expr_lookup_fn)(const char *name, double *value, struct diag *d, void *ctx);

/* Checks `src`: its syntax, and each name it uses through lookup. 0, or -1
 * with d set as for expr_eval. */
int expr_check(const char *src, expr_lookup_fn lookup, void *ctx, struct diag *d);

/* Evaluates `src`. On error d->col is the 1-based column in src and
 * d->source is src. */
int expr_eval(const char *src, expr_lookup_fn lookup, void *ctx, double *out, struct diag *d);

/* Quantities: a value with a unit is a quantity in an expression, as GNU
 * units has it. A unit word binds to the number or the parenthesised
 * expression before it, tighter than * and / ("20 cm * 300 rpm", "1/(2 s)",
 * "3 m^2"); glued to it by '*' or '/' another unit word goes on with the
 * unit ("2 N*m", "9.81 m/s^2"). A word standing as a value is a name when
 * there is one, else a unit ("1/s"). Sums want one dimension, functions
 * a dimensionless argument (sqrt halves the powers, abs keeps them), '^'
 * a dimensionless exponent. Angles are numbers (deg = pi/180); the last
 * power, of the radian, is only kept as a note for showing the unit
 * (rad/s), never checked. */
enum { EXPR_NDIM = 4 }; /* m, kg, s, and the radian's note */

struct expr_q {
	double v;		    /* in coherent SI */
	signed char dim[EXPR_NDIM]; /* powers of m, kg, s (and rad) */
	bool unit;		    /* a unit, or a name that has one, took part */
};

/* A name's quantity: 0, -1 with d saying why not, or 1 when there is no
 * such name (d saying so: a unit of that spelling is taken then). */
typedef int (*expr_qlookup_fn)(const char *name, struct expr_q *q, struct diag *d, void *ctx);
/* Whether the n bytes at s are a unit, then *q its factor and powers; -1
 * otherwise, with d (when not NULL) saying why ("unknown unit 'x' (did you
 * mean ...)"). */
typedef int (*expr_unit_fn)(const char *s, size_t n, struct expr_q *q, struct diag *d);
/* "a length (m)": what a quantity of these powers is, for messages. */
typedef void (*expr_dim_fn)(const signed char *dim, char *buf, size_t n);

struct expr_env {
	expr_qlookup_fn lookup;
	expr_unit_fn unit;
	expr_dim_fn describe;
	void *ctx;
};

/* Where the text's last unit ends it ("3 s", "(1+2) m/s"): the offset of
 * that unit's first word, and whether the text is a number and its unit
 * alone; unit_at is the text's length when it does not end with one.
 * `divided`: the value the unit binds to is divided by ("3/4 m"). */
struct expr_tail {
	size_t unit_at;
	bool number_unit, divided;
};

/* Evaluates src as a quantity (see above). d->col and d->source as for
 * expr_eval; tail may be NULL. A value that is not finite is for the
 * caller to judge. */
int expr_eval_q(const char *src, const struct expr_env *env, struct expr_q *out,
		struct expr_tail *tail, struct diag *d);

/* A formula in one variable, checked and compiled once, evaluated many
 * times (a friction law μ(v) given as text, say). */
struct expr_fn;

/* Compiles `src`, which may use the variable `var`, the constants and the
 * functions; any other name is an error that names it. NULL on error, with
 * d->col and d->source set as for expr_eval. */
struct expr_fn *expr_fn_compile(const char *src, const char *var, struct diag *d);
double expr_fn_eval(const struct expr_fn *f, double x);
/* The length of the formula as compiled (libmatheval's canonical text):
 * what an evaluation costs, whatever the digits or blanks typed. */
size_t expr_fn_size(const struct expr_fn *f);
void expr_fn_free(struct expr_fn *f);

/* The function names an expression may call, NULL-terminated. */
const char *const *expr_functions(void);

#endif
