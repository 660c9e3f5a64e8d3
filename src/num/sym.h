/* Symbolic expressions over a fixed list of names: made from text that
 * tribo's parser (num/expr.h) has checked, differentiated by a name,
 * evaluated with the names' values given as an array in the list's order
 * ("slots"). Behind it: a tree of our own, whose simplification and
 * derivative rules are libmatheval's, so that its text can be had without
 * libmatheval's evaluator_get_string (which writes a temporary file for
 * every number it prints). Evaluation is compiled code of our own
 * (struct sym_prog): no libmatheval call at all. */
#ifndef TRIBO_SYM_H
#define TRIBO_SYM_H

#include <stdbool.h>
#include <stddef.h>

#include "num/expr.h"
#include "util/diag.h"
#include "util/strbuf.h"

struct sym;

/* An expression of `text` over names[0..nnames): the caller owns names and
 * keeps it alive, unchanged, as long as the expression and those derived
 * from it. `check` (NULL: every name of the list is known) is called for
 * each name the text uses and decides whether it may (it may point out a
 * name that is not in the list only if it fails). NULL on error, with
 * d->col the 1-based column in text (0: none) as expr_eval has it. */
struct sym *sym_new(const char *text, const char *const *names, size_t nnames, expr_lookup_fn check,
		    void *ctx, struct diag *d);
/* ∂f/∂name, over f's names; the caller frees it. */
struct sym *sym_derivative(const struct sym *f, const char *name);
/* f's value with vals[i] the value of names[i]: f's own compiled code,
 * made at the first call. Not for two threads at once. */
double sym_eval(const struct sym *f, const double *vals);
/* f's value by walking its tree, operation by operation as libmatheval
 * does: the reference the compiled code is tested against. */
double sym_eval_tree(const struct sym *f, const double *vals);

/* Straight-line code computing several expressions over one list of names
 * at once: a subexpression the expressions share is computed once, an
 * integer power (x^2, x^-3) is products, each name is read by its slot,
 * and what only the slots below `nfixed` (a run's parameters) and numbers
 * determine is computed again only when one of those slots changes (a
 * constant mass matrix once a run). Made from the trees, never from text.
 * fs[i] NULL stands for 0. The program keeps its registers: not for two
 * threads at once. */
struct sym_prog;
struct sym_prog *sym_prog_new(const struct sym *const *fs, size_t n, size_t nfixed);
/* out[i] = fs[i] at vals. */
void sym_prog_run(struct sym_prog *p, const double *vals, double *out);
/* Instructions in all, and those that run at every call. */
size_t sym_prog_size(const struct sym_prog *p);
size_t sym_prog_body_size(const struct sym_prog *p);
/* The program as a C function `void NAME(double *r, const double *v,
 * double *o, int pro)` (r the registers, sym_prog_registers of them, v
 * the values, o the outputs, pro: run the fixed part too), numbers
 * written in hexadecimal, for the native-code comparison of
 * tests/bench/symjit.c; a function C's libm lacks (cot, step...) is
 * called as fn[k](x), with fn[k] = sym_fn(k) (NULL past the last). */
void sym_prog_c(const struct sym_prog *p, const char *name, struct strbuf *out);
size_t sym_prog_registers(const struct sym_prog *p);
double (*sym_fn(unsigned k))(double);
void sym_prog_free(struct sym_prog *p);
/* The size of f's terms at vals: f evaluated with the terms of each sum
 * added in size (|a| + |b| for a - b), so that a value of f far below it
 * is the round-off of a cancellation (3 sin θ - 2 sin θ0 where the two are
 * equal). At least |f| but where a function's argument cancels. */
double sym_size(const struct sym *f, const double *vals);
/* Whether f uses the name (after the simplifications: 0*x uses x, x^0
 * does not). */
bool sym_uses(const struct sym *f, const char *name);
/* Whether f's value changes with the name: as sym_uses, but a product
 * with a factor 0 by its form (which the simplification keeps: the
 * derivative of 2*x is (0*x)+2, of 2*k*x is ((0*k)*x)+(2*k)) does not
 * count. */
bool sym_depends(const struct sym *f, const char *name);
/* Whether f uses no name, and then *x its value. */
bool sym_constant(const struct sym *f, double *x);
/* Whether f calls the function `fn` (step, abs, sqrt...). */
bool sym_calls(const struct sym *f, const char *fn);
/* f's text: the text it was made from, or for a derivative its tree in
 * full parentheses (numbers as %g), the form libmatheval prints. Owned by
 * f. */
const char *sym_text(const struct sym *f);
/* The length of f's text in full parentheses, numbers as %g (what
 * libmatheval's evaluator_get_string would give): what an evaluation
 * costs, whatever the digits or blanks typed. */
size_t sym_length(const struct sym *f);
/* f in readable form (see sym_readable) into out, reset first; returns
 * out's text. */
const char *sym_readable_of(const struct sym *f, struct strbuf *out);
/* An expression's text after the obvious simplifications, for people:
 * terms and factors of 0 and 1 dropped, numbers multiplied together (a
 * fraction p/q with a small q shown as one), 2*step(x) - 1 as sign(x), the
 * parentheses precedence makes needless left out. Appended to out. */
void sym_readable(const char *text, struct strbuf *out);
void sym_free(struct sym *f);

/* The function libmatheval calls `name` (the n bytes at name), as it
 * computes it, or NULL; a constant's value (pi, e, ...), or false. */
double (*sym_function(const char *name, size_t n))(double);
bool sym_constant_value(const char *name, size_t n, double *x);

#endif
