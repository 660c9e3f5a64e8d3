/* Symbolic expressions' trees, shared by their pieces: the expression and
 * its writing (sym.c), its reading (sym_parse.c), simplifying and
 * differentiating (sym_derive.c), its compiled code (sym_code.c) and its
 * readable text (sym_readable.c); not for other modules. */
#ifndef TRIBO_SYM_TREE_H
#define TRIBO_SYM_TREE_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "num/sym.h"
#include "util/xalloc.h"

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
/* The constants' names, NULL-terminated (sym.c), 2_sqrtpi the 11th. */
extern const char *const sym_constants[];
enum { C_2_SQRTPI = 10 };
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

/* The tree's nodes (sym.c frees them): of a type; a number, a negation, a
 * binary operation, a function of a; a copy; the value of a tree of
 * numbers. */
/* A node from the free list of the nodes trees gave back (sym.c), or new:
 * its contents undefined. */
struct node *node_alloc(void);

static inline struct node *nd(char type)
{
	struct node *n = node_alloc();
	*n = (struct node){.type = type};
	return n;
}

static inline struct node *N(double x)
{
	struct node *n = nd('n');
	n->x = x;
	return n;
}

static inline struct node *U(struct node *a)
{
	struct node *n = nd('u');
	n->op = '-';
	n->a = a;
	return n;
}

static inline struct node *B(char op, struct node *a, struct node *b)
{
	struct node *n = nd('b');
	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static inline struct node *F(int k, struct node *a)
{
	struct node *n = nd('f');
	n->k = k;
	n->a = a;
	return n;
}

static inline struct node *cp(const struct node *n)
{
	if (!n)
		return NULL;
	struct node *c = node_alloc();
	*c = *n;
	c->a = cp(n->a);
	c->b = cp(n->b);
	return c;
}

static inline double value(const struct node *n)
{
	switch (n->type) {
	case 'n':
		return n->x;
	case 'f':
		return sym_fns[n->k].f(value(n->a));
	case 'u':
		return -value(n->a);
	case 'b':
		switch (n->op) {
		case '+':
			return value(n->a) + value(n->b);
		case '-':
			return value(n->a) - value(n->b);
		case '*':
			return value(n->a) * value(n->b);
		case '/':
			return value(n->a) / value(n->b);
		default:
			return pow(value(n->a), value(n->b));
		}
	}
	return NAN; /* not reached: only numbers are folded */
}

void tree_free(struct node *n);

/* libmatheval's grammar: + - left, then * / left, then unary minus, then ^
 * left (so -a^2 is -(a^2) and 2^-a*b is (2^(-a))*b). The text has passed
 * tribo's parser. */
struct reader {
	const char *p;
	const char *const *names;
	size_t nnames;
	const char *bad; /* a name not in the list, or a token out of place */
};

/* sym_parse.c: the sum at r's text (the whole expression) and the blanks
 * after it. */
struct node *read_sum(struct reader *r);
void read_blank(struct reader *r);

/* sym_derive.c: n simplified (taking n), as libmatheval does it; the
 * derivative of n by the variable v (unsimplified). */
struct node *tree_simplify(struct node *n);
struct node *tree_derive(const struct node *n, int v);
/* tree_simplify(tree_derive(n, v)) for a simplified n, built simplified. */
struct node *tree_derive_simplified(const struct node *n, int v);

/* The compiled code's operations (sym_code.c). */
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_POW, OP_FN };

/* sym_code.c: op (OP_, fn for OP_FN) applied to a and b; the program of
 * the trees roots[0..n) over names[0..nnames), slots below nfixed fixed. */
double prog_apply(int op, int fn, double a, double b);
struct sym_prog *prog_compile(const struct node *const *roots, size_t n, const char *const *names,
			      size_t nnames, size_t nfixed);

#endif
