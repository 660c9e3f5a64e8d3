/* Symbolic expressions' readable text (sym.h's sym_readable): a derivative's
 * text read again into a tree of its own and simplified for people. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "num/sym_tree.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- readable text ---------------------------------------------------------- */

/* Derivatives come unsimplified, (((0*x)+(m*(2*xdot)))*2)/4: for people
 * they are read again into a tree of their own and simplified further.
 * Text for people only: the numbers are computed from the trees above. */
struct sn {
	char op; /* '+', '-', '*', '/', '^', 'n' (negation), 'f' (function), 'c', 'v' */
	double c;
	char name[40];
	struct sn *a, *b;
};

static struct sn *sn_new(char op)
{
	struct sn *n = xcalloc(1, sizeof(*n));
	n->op = op;
	return n;
}

static void sn_free(struct sn *n)
{
	if (!n)
		return;
	sn_free(n->a);
	sn_free(n->b);
	free(n);
}

static struct sn *sn_num(double c)
{
	struct sn *n = sn_new('c');
	n->c = c;
	return n;
}

static struct sn *sn_bin(char op, struct sn *a, struct sn *b)
{
	struct sn *n = sn_new(op);
	n->a = a;
	n->b = b;
	return n;
}

static struct sn *sn_sum(const char **p);

static void sn_skip(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

static struct sn *sn_atom(const char **p)
{
	sn_skip(p);
	if (**p == '(') {
		(*p)++;
		struct sn *n = sn_sum(p);
		sn_skip(p);
		if (**p == ')')
			(*p)++;
		return n;
	}
	if (**p == '-') {
		(*p)++;
		struct sn *n = sn_new('n');
		n->a = sn_atom(p);
		return n;
	}
	const char *d = *p;
	while (*d >= '0' && *d <= '9')
		d++;
	/* a number, but not the constants 1_pi, 2_pi and 2_sqrtpi (erf's
	 * derivative has the last) */
	if (((**p >= '0' && **p <= '9') || **p == '.') && *d != '_') {
		char *end;
		double c = strtod(*p, &end);
		*p = end;
		return sn_num(c);
	}
	struct sn *n = sn_new('v');
	size_t k = 0;
	while (((**p >= 'a' && **p <= 'z') || (**p >= 'A' && **p <= 'Z') ||
		(**p >= '0' && **p <= '9') || **p == '_') &&
	       k + 1 < sizeof(n->name))
		n->name[k++] = *(*p)++;
	if (!k && **p) /* anything else: skip it */
		(*p)++;
	sn_skip(p);
	if (**p == '(') {
		(*p)++;
		n->op = 'f';
		n->a = sn_sum(p);
		sn_skip(p);
		if (**p == ')')
			(*p)++;
	}
	return n;
}

static struct sn *sn_pow(const char **p)
{
	struct sn *a = sn_atom(p);
	sn_skip(p);
	if (**p == '^') {
		(*p)++;
		return sn_bin('^', a, sn_atom(p));
	}
	return a;
}

static struct sn *sn_prod(const char **p)
{
	struct sn *a = sn_pow(p);
	for (;;) {
		sn_skip(p);
		if (**p != '*' && **p != '/')
			return a;
		char op = *(*p)++;
		a = sn_bin(op, a, sn_pow(p));
	}
}

static struct sn *sn_sum(const char **p)
{
	struct sn *a = sn_prod(p);
	for (;;) {
		sn_skip(p);
		if (**p != '+' && **p != '-')
			return a;
		char op = *(*p)++;
		a = sn_bin(op, a, sn_prod(p));
	}
}

static bool is_num(const struct sn *n, double c)
{
	return n->op == 'c' && n->c == c;
}

/* Gathers the factors of a product/quotient: numbers into *coef, the rest
 * into num[] and den[] (taken out of the tree). */
static void gather(struct sn *n, bool up, double *coef, struct sn **num, size_t *nn,
		   struct sn **den, size_t *nd)
{
	if (n->op == '*' || n->op == '/') {
		gather(n->a, up, coef, num, nn, den, nd);
		gather(n->b, n->op == '*' ? up : !up, coef, num, nn, den, nd);
		n->a = n->b = NULL;
		sn_free(n);
		return;
	}
	if (n->op == 'n') {
		*coef = -*coef;
		struct sn *a = n->a;
		n->a = NULL;
		sn_free(n);
		gather(a, up, coef, num, nn, den, nd);
		return;
	}
	if (n->op == 'c') {
		*coef = up ? *coef * n->c : *coef / n->c;
		sn_free(n);
		return;
	}
	if (up && *nn < 32)
		num[(*nn)++] = n;
	else if (!up && *nd < 32)
		den[(*nd)++] = n;
	else
		sn_free(n); /* not reached: 32 factors */
}

static struct sn *sn_simplify(struct sn *n)
{
	if (n->a)
		n->a = sn_simplify(n->a);
	if (n->b)
		n->b = sn_simplify(n->b);
	struct sn *a = n->a, *b = n->b, *r = NULL;
	switch (n->op) {
	case 'n':
		if (a->op == 'c')
			r = sn_num(-a->c);
		else if (a->op == 'n') {
			r = a->a;
			a->a = NULL;
		}
		break;
	case '+':
	case '-':
		/* libmatheval's derivative of abs(x): 2*step(x) - 1, the sign */
		if (n->op == '-' && is_num(b, 1) && a->op == '*' && is_num(a->a, 2) &&
		    a->b->op == 'f' && !strcmp(a->b->name, "step")) {
			r = a->b;
			a->b = NULL;
			snprintf(r->name, sizeof(r->name), "sign");
		} else if (a->op == 'c' && b->op == 'c')
			r = sn_num(n->op == '+' ? a->c + b->c : a->c - b->c);
		else if (is_num(b, 0)) {
			r = a;
			n->a = NULL;
		} else if (is_num(a, 0)) {
			if (n->op == '+') {
				r = b;
				n->b = NULL;
			} else {
				r = sn_new('n');
				r->a = b;
				n->b = NULL;
				return sn_free(n), sn_simplify(r);
			}
		} else if (b->op == 'n') { /* a + -c, a - -c */
			n->op = n->op == '+' ? '-' : '+';
			n->b = b->a;
			b->a = NULL;
			sn_free(b);
			return n;
		} else if (b->op == 'c' && b->c < 0) {
			n->op = n->op == '+' ? '-' : '+';
			b->c = -b->c;
			return n;
		}
		break;
	case '*':
	case '/': {
		double coef = 1;
		struct sn *num[32], *den[32];
		size_t nn = 0, nd = 0;
		gather(n, true, &coef, num, &nn, den, &nd);
		if (coef == 0 || !isfinite(coef)) {
			for (size_t i = 0; i < nn; i++)
				sn_free(num[i]);
			for (size_t i = 0; i < nd; i++)
				sn_free(den[i]);
			return sn_num(coef);
		}
		/* the number as a fraction p/q with a small q where it is one
		 * (1/3, not 0.333333333333) */
		double p = fabs(coef), q = 1;
		for (int k = 1; k <= 100; k++)
			if (fabs(p * k - nearbyint(p * k)) <= 1e-12 * p * k &&
			    nearbyint(p * k) >= 1) {
				q = k;
				p = nearbyint(p * k);
				break;
			}
		if (q == 1)
			p = fabs(coef);
		struct sn *top = NULL;
		if (p != 1 || !nn)
			top = sn_num(p);
		for (size_t i = 0; i < nn; i++)
			top = top ? sn_bin('*', top, num[i]) : num[i];
		for (size_t i = 0; i < nd; i++)
			top = sn_bin('/', top, den[i]);
		if (q != 1)
			top = sn_bin('/', top, sn_num(q));
		if (coef < 0) {
			r = sn_new('n');
			r->a = top;
			return r;
		}
		return top;
	}
	case '^':
		if (is_num(b, 1)) {
			r = a;
			n->a = NULL;
		} else if (is_num(b, 0))
			r = sn_num(1);
		break;
	}
	if (r) {
		sn_free(n);
		return r;
	}
	return n;
}

static int prec(const struct sn *n)
{
	switch (n->op) {
	case '+':
	case '-':
		return 1;
	case '*':
	case '/':
		return 2;
	case 'n':
		return 3;
	case '^':
		return 4;
	default:
		return 5;
	}
}

static void sn_print(const struct sn *n, struct strbuf *out);

static void sn_child(const struct sn *c, int need, struct strbuf *out)
{
	if (prec(c) < need || (c->op == 'c' && c->c < 0 && need > 1)) {
		strbuf_addf(out, "(");
		sn_print(c, out);
		strbuf_addf(out, ")");
	} else {
		sn_print(c, out);
	}
}

static void sn_print(const struct sn *n, struct strbuf *out)
{
	char buf[32];
	switch (n->op) {
	case 'c':
		text_format_number(n->c, buf, sizeof(buf));
		strbuf_addf(out, "%s", buf);
		return;
	case 'v':
		strbuf_addf(out, "%s", n->name);
		return;
	case 'f':
		strbuf_addf(out, "%s(", n->name);
		sn_print(n->a, out);
		strbuf_addf(out, ")");
		return;
	case 'n':
		strbuf_addf(out, "-");
		sn_child(n->a, 4, out);
		return;
	case '^':
		sn_child(n->a, 5, out);
		strbuf_addf(out, "^");
		sn_child(n->b, 5, out);
		return;
	default: {
		const int p = prec(n);
		sn_child(n->a, p, out);
		strbuf_addf(out, n->op == '+' || n->op == '-' ? " %c " : "%c", n->op);
		/* a - (b + c), a/(b*c): the right side binds tighter */
		sn_child(n->b, p + (n->op == '-' || n->op == '/' ? 1 : 0), out);
		return;
	}
	}
}

void sym_readable(const char *text, struct strbuf *out)
{
	const char *p = text;
	struct sn *n = sn_simplify(sn_sum(&p));
	sn_print(n, out);
	sn_free(n);
}
