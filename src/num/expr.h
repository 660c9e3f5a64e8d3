/* Expressions over named values, evaluated with libmatheval. A parser of
 * our own checks the text first: it points at the column of a mistake,
 * names unknown names and functions, refuses the ambiguous a^b^c (which
 * libmatheval reads as (a^b)^c), and keeps bad input away from
 * libmatheval's parser, which leaks on syntax errors. */
#ifndef TRIBO_EXPR_H
#define TRIBO_EXPR_H

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
