/* Symbolic expressions' trees simplified and differentiated
 * (num/sym_tree.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "num/sym_tree.h"
#include "util/text.h"
#include "util/xalloc.h"

static bool is(const struct node *n, double x)
{
	return n->type == 'n' && n->x == x;
}

/* Hands back n's child a (or b), freeing the rest of n. */
static struct node *take(struct node *n, bool left)
{
	struct node *c = left ? n->a : n->b;
	if (left)
		n->a = NULL;
	else
		n->b = NULL;
	tree_free(n);
	return c;
}

static struct node *folded(struct node *n, double x)
{
	tree_free(n);
	return N(x);
}

/* libmatheval's node_simplify, rule for rule: numbers folded, 0 and 1 as
 * neutral operands dropped, nothing else (0*x stays). The derivatives are
 * of the simplified trees, as libmatheval's are. */
struct node *tree_simplify(struct node *n)
{
	switch (n->type) {
	case 'f':
	case 'u':
		n->a = tree_simplify(n->a);
		return n->a->type == 'n' ? folded(n, value(n)) : n;
	case 'b':
		n->a = tree_simplify(n->a);
		n->b = tree_simplify(n->b);
		if (n->a->type == 'n' && n->b->type == 'n')
			return folded(n, value(n));
		switch (n->op) {
		case '+':
			return is(n->a, 0) ? take(n, false) : is(n->b, 0) ? take(n, true) : n;
		case '-':
			return is(n->b, 0) ? take(n, true) : n;
		case '*':
			return is(n->a, 1) ? take(n, false) : is(n->b, 1) ? take(n, true) : n;
		case '/':
			return is(n->b, 1) ? take(n, true) : n;
		case '^':
			return is(n->a, 0)   ? folded(n, 0)
			       : is(n->a, 1) ? folded(n, 1)
			       : is(n->b, 0) ? folded(n, 1)
			       : is(n->b, 1) ? take(n, true)
					     : n;
		}
	}
	return n;
}

/* libmatheval's node_derivative (before simplification), but for asinh,
 * whose derivative it has as 1/sqrt(1 - x^2): it is 1/sqrt(1 + x^2). `v`
 * the variable's index, -1 if no name of the list. */
struct node *tree_derive(const struct node *n, int v)
{
	switch (n->type) {
	case 'n':
	case 'c':
		return N(0);
	case 'v':
		return N(n->k == v ? 1 : 0);
	case 'u':
		return U(tree_derive(n->a, v));
	case 'b': {
		const struct node *a = n->a, *b = n->b;
		switch (n->op) {
		case '+':
		case '-':
			return B(n->op, tree_derive(a, v), tree_derive(b, v));
		case '*':
			return B('+', B('*', tree_derive(a, v), cp(b)),
				 B('*', cp(a), tree_derive(b, v)));
		case '/':
			return B('/',
				 B('-', B('*', tree_derive(a, v), cp(b)),
				   B('*', cp(a), tree_derive(b, v))),
				 B('^', cp(b), N(2)));
		default:
			if (b->type == 'n')
				return B('*', B('*', N(b->x), tree_derive(a, v)),
					 B('^', cp(a), N(b->x - 1.0)));
			/* (f^g)' = f^g (g log f)' */
			struct node *lg = B('*', cp(b), F(F_LOG, cp(a)));
			struct node *r = B('*', cp(n), tree_derive(lg, v));
			tree_free(lg);
			return r;
		}
	}
	}
	/* a function of a: the chain rule, D = a' */
	const struct node *a = n->a;
	struct node *D = tree_derive(a, v);
#define X  cp(a)
#define X2 B('^', X, N(2))
	switch (n->k) {
	case F_EXP:
		return B('*', D, cp(n));
	case F_LOG:
		return B('/', D, X);
	case F_SQRT:
		return B('/', D, B('*', N(2), cp(n)));
	case F_SIN:
		return B('*', D, F(F_COS, X));
	case F_COS:
		return U(B('*', D, F(F_SIN, X)));
	case F_TAN:
		return B('/', D, B('^', F(F_COS, X), N(2)));
	case F_COT:
		return U(B('/', D, B('^', F(F_SIN, X), N(2))));
	case F_SEC:
		return B('*', D, B('*', F(F_SEC, X), F(F_TAN, X)));
	case F_CSC:
		return B('*', D, U(B('*', F(F_COT, X), F(F_CSC, X))));
	case F_ASIN:
		return B('/', D, F(F_SQRT, B('-', N(1), X2)));
	case F_ACOS:
		return U(B('/', D, F(F_SQRT, B('-', N(1), X2))));
	case F_ATAN:
		return B('/', D, B('+', N(1), X2));
	case F_ACOT:
		return U(B('/', D, B('+', N(1), X2)));
	case F_ASEC:
		return B('*', D,
			 B('/', N(1), B('*', X2, F(F_SQRT, B('-', N(1), B('/', N(1), X2))))));
	case F_ACSC:
		return B('*', D,
			 U(B('/', N(1), B('*', X2, F(F_SQRT, B('-', N(1), B('/', N(1), X2)))))));
	case F_SINH:
		return B('*', D, F(F_COSH, X));
	case F_COSH:
		return B('*', D, F(F_SINH, X));
	case F_TANH:
		return B('/', D, B('^', F(F_COSH, X), N(2)));
	case F_COTH:
		return U(B('/', D, B('^', F(F_SINH, X), N(2))));
	case F_SECH:
		return B('*', D, U(B('*', F(F_SECH, X), F(F_TANH, X))));
	case F_CSCH:
		return B('*', D, U(B('*', F(F_COTH, X), F(F_CSCH, X))));
	case F_ASINH:
		return B('/', D, F(F_SQRT, B('+', N(1), X2)));
	case F_ACOSH:
		return B('/', D, F(F_SQRT, B('-', X2, N(1))));
	case F_ATANH:
		return B('/', D, B('-', N(1), X2));
	case F_ACOTH:
		return B('/', D, B('-', X2, N(1)));
	case F_ASECH:
		return B('*', D,
			 U(B('*', B('/', N(1), B('*', X, F(F_SQRT, B('-', N(1), X)))),
			     F(F_SQRT, B('/', N(1), B('+', N(1), X))))));
	case F_ACSCH:
		return B('*', D,
			 U(B('/', N(1), B('*', X2, F(F_SQRT, B('+', N(1), B('/', N(1), X2)))))));
	case F_ABS:
		return B('*', D, B('-', B('*', N(2), F(F_STEP, X)), N(1)));
	case F_STEP:
		return B('*', D, F(F_DELTA, X));
	case F_DELTA:
	case F_NANDELTA:
		return B('*', D, F(F_NANDELTA, X));
	default: { /* erf */
		struct node *c = nd('c');
		c->k = C_2_SQRTPI;
		return B('*', D, B('*', c, F(F_EXP, U(X2))));
	}
	}
#undef X
#undef X2
}
