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

/* libmatheval's node_simplify's rule at one node whose operands are
 * simplified: numbers folded, 0 and 1 as neutral operands dropped,
 * nothing else (0*x stays). */
static struct node *simplify_node(struct node *n)
{
	switch (n->type) {
	case 'f':
	case 'u':
		return n->a->type == 'n' ? folded(n, value(n)) : n;
	case 'b':
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

/* libmatheval's node_simplify, rule for rule, bottom up. The derivatives
 * are of the simplified trees, as libmatheval's are. */
struct node *tree_simplify(struct node *n)
{
	switch (n->type) {
	case 'f':
	case 'u':
		n->a = tree_simplify(n->a);
		break;
	case 'b':
		n->a = tree_simplify(n->a);
		n->b = tree_simplify(n->b);
		break;
	}
	return simplify_node(n);
}

/* libmatheval's node_derivative, but for asinh, whose derivative it has as
 * 1/sqrt(1 - x^2): it is 1/sqrt(1 + x^2). `v` the variable's index, -1 if
 * no name of the list. With s, each node is simplified as it is made
 * (simplify_node) from simplified operands: tree_simplify of the whole
 * derivative of a simplified n, node for node (the rule at a node sees
 * only its operands, simplified either way), without the unsimplified
 * tree (a load of painleve-lagrange built ~16,000 nodes to keep a few
 * thousand). */
static struct node *made(bool s, struct node *n)
{
	return s ? simplify_node(n) : n;
}
#define SB(op, a, b) made(s, B(op, a, b))
#define SU(a)	     made(s, U(a))
#define SF(k, a)     made(s, F(k, a))
static struct node *derive(const struct node *n, int v, bool s)
{
	switch (n->type) {
	case 'n':
	case 'c':
		return N(0);
	case 'v':
		return N(n->k == v ? 1 : 0);
	case 'u':
		return SU(derive(n->a, v, s));
	case 'b': {
		const struct node *a = n->a, *b = n->b;
		switch (n->op) {
		case '+':
		case '-':
			return SB(n->op, derive(a, v, s), derive(b, v, s));
		case '*':
			return SB('+', SB('*', derive(a, v, s), cp(b)),
				  SB('*', cp(a), derive(b, v, s)));
		case '/':
			return SB('/',
				  SB('-', SB('*', derive(a, v, s), cp(b)),
				     SB('*', cp(a), derive(b, v, s))),
				  SB('^', cp(b), N(2)));
		default:
			if (b->type == 'n')
				return SB('*', SB('*', N(b->x), derive(a, v, s)),
					  SB('^', cp(a), N(b->x - 1.0)));
			/* (f^g)' = f^g (g log f)', g log f not simplified (its
			 * derivative simplified as a whole, as libmatheval has it) */
			struct node *lg = B('*', cp(b), F(F_LOG, cp(a)));
			struct node *dl = derive(lg, v, false);
			struct node *r = SB('*', cp(n), s ? tree_simplify(dl) : dl);
			tree_free(lg);
			return r;
		}
	}
	}
	const struct node *a = n->a;
	struct node *D = derive(a, v, s);
#define X  cp(a)
#define X2 SB('^', X, N(2))
	switch (n->k) {
	case F_EXP:
		return SB('*', D, cp(n));
	case F_LOG:
		return SB('/', D, X);
	case F_SQRT:
		return SB('/', D, SB('*', N(2), cp(n)));
	case F_SIN:
		return SB('*', D, SF(F_COS, X));
	case F_COS:
		return SU(SB('*', D, SF(F_SIN, X)));
	case F_TAN:
		return SB('/', D, SB('^', SF(F_COS, X), N(2)));
	case F_COT:
		return SU(SB('/', D, SB('^', SF(F_SIN, X), N(2))));
	case F_SEC:
		return SB('*', D, SB('*', SF(F_SEC, X), SF(F_TAN, X)));
	case F_CSC:
		return SB('*', D, SU(SB('*', SF(F_COT, X), SF(F_CSC, X))));
	case F_ASIN:
		return SB('/', D, SF(F_SQRT, SB('-', N(1), X2)));
	case F_ACOS:
		return SU(SB('/', D, SF(F_SQRT, SB('-', N(1), X2))));
	case F_ATAN:
		return SB('/', D, SB('+', N(1), X2));
	case F_ACOT:
		return SU(SB('/', D, SB('+', N(1), X2)));
	case F_ASEC:
		return SB('*', D,
			  SB('/', N(1), SB('*', X2, SF(F_SQRT, SB('-', N(1), SB('/', N(1), X2))))));
	case F_ACSC:
		return SB('*', D,
			  SU(SB('/', N(1),
				SB('*', X2, SF(F_SQRT, SB('-', N(1), SB('/', N(1), X2)))))));
	case F_SINH:
		return SB('*', D, SF(F_COSH, X));
	case F_COSH:
		return SB('*', D, SF(F_SINH, X));
	case F_TANH:
		return SB('/', D, SB('^', SF(F_COSH, X), N(2)));
	case F_COTH:
		return SU(SB('/', D, SB('^', SF(F_SINH, X), N(2))));
	case F_SECH:
		return SB('*', D, SU(SB('*', SF(F_SECH, X), SF(F_TANH, X))));
	case F_CSCH:
		return SB('*', D, SU(SB('*', SF(F_COTH, X), SF(F_CSCH, X))));
	case F_ASINH:
		return SB('/', D, SF(F_SQRT, SB('+', N(1), X2)));
	case F_ACOSH:
		return SB('/', D, SF(F_SQRT, SB('-', X2, N(1))));
	case F_ATANH:
		return SB('/', D, SB('-', N(1), X2));
	case F_ACOTH:
		return SB('/', D, SB('-', X2, N(1)));
	case F_ASECH:
		return SB('*', D,
			  SU(SB('*', SB('/', N(1), SB('*', X, SF(F_SQRT, SB('-', N(1), X)))),
				SF(F_SQRT, SB('/', N(1), SB('+', N(1), X))))));
	case F_ACSCH:
		return SB('*', D,
			  SU(SB('/', N(1),
				SB('*', X2, SF(F_SQRT, SB('+', N(1), SB('/', N(1), X2)))))));
	case F_ABS:
		return SB('*', D, SB('-', SB('*', N(2), SF(F_STEP, X)), N(1)));
	case F_STEP:
		return SB('*', D, SF(F_DELTA, X));
	case F_DELTA:
	case F_NANDELTA:
		return SB('*', D, SF(F_NANDELTA, X));
	default: { /* erf */
		struct node *c = nd('c');
		c->k = C_2_SQRTPI;
		return SB('*', D, SB('*', c, SF(F_EXP, SU(X2))));
	}
	}
#undef X
#undef X2
}
#undef SB
#undef SU
#undef SF

struct node *tree_derive(const struct node *n, int v)
{
	return derive(n, v, false);
}

/* tree_simplify(tree_derive(n, v)) for a simplified n, built simplified. */
struct node *tree_derive_simplified(const struct node *n, int v)
{
	return derive(n, v, true);
}
