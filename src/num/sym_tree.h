/* Symbolic expressions' trees, shared by their pieces: the tree, its
 * reading, writing, simplifying and differentiating (sym.c), its compiled
 * code (sym_code.c) and its readable text (sym_readable.c); not for other
 * modules. */
#ifndef TRIBO_SYM_TREE_H
#define TRIBO_SYM_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "num/sym.h"

/* clang-format off */
enum fn {
	F_EXP, F_LOG, F_SQRT, F_SIN, F_COS, F_TAN, F_COT, F_SEC, F_CSC, F_ASIN, F_ACOS,
	F_ATAN, F_ACOT, F_ASEC, F_ACSC, F_SINH, F_COSH, F_TANH, F_COTH, F_SECH, F_CSCH,
	F_ASINH, F_ACOSH, F_ATANH, F_ACOTH, F_ASECH, F_ACSCH, F_ABS, F_STEP, F_DELTA,
	F_NANDELTA, F_ERF, F_N
};
/* clang-format on */

/* The functions by enum fn: their names and what computes them (sym.c). */
struct sym_fn_row {
	const char *name;
	double (*f)(double);
};
extern const struct sym_fn_row sym_fns[F_N];
/* The constants' values, in the order of their names (sym.c). */
extern const double sym_constant_values[];

/* libmatheval's tree: 'n' a number, 'c' a constant, 'v' a variable (k its
 * index among the names), 'f' a function (k) of a, 'u' the negation of a,
 * 'b' a op b. */
struct node {
	char type, op;
	int k;
	double x;
	struct node *a, *b;
};

struct sym {
	struct node *root;
	const char *const *names;
	size_t nnames;
	char *text; /* NULL: a derivative's, not asked for yet */
	/* its code, compiled on the first evaluation (a load builds many a
	 * derivative that only a solve evaluates) */
	struct sym_prog *code;
};

/* The compiled code's operations (sym_code.c). */
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_POW, OP_FN };

/* sym_code.c: op (OP_, fn for OP_FN) applied to a and b; the program of
 * the trees roots[0..n) over names[0..nnames), slots below nfixed fixed. */
double prog_apply(int op, int fn, double a, double b);
struct sym_prog *prog_compile(const struct node *const *roots, size_t n, const char *const *names,
			      size_t nnames, size_t nfixed);

#endif
