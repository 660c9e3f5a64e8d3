/* Symbolic expressions: see sym.h. */
#include "num/sym.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym_tree.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- the functions and constants, as libmatheval has them ---------------- */

/* libmatheval's own definitions (its xmath.c), so that a function of a
 * number folds to the number libmatheval would compute. */
static double m_cot(double x)
{
	return 1 / tan(x);
}
static double m_sec(double x)
{
	return 1 / cos(x);
}
static double m_csc(double x)
{
	return 1 / sin(x);
}
static double m_acot(double x)
{
	return atan(1 / x);
}
static double m_asec(double x)
{
	return acos(1 / x);
}
static double m_acsc(double x)
{
	return asin(1 / x);
}
static double m_coth(double x)
{
	return 1 / tanh(x);
}
static double m_sech(double x)
{
	return 1 / cosh(x);
}
static double m_csch(double x)
{
	return 1 / sinh(x);
}
static double m_asinh(double x)
{
	return log(x + sqrt(x * x + 1));
}
static double m_acosh(double x)
{
	return log(x + sqrt(x * x - 1));
}
static double m_atanh(double x)
{
	return 0.5 * log((1 + x) / (1 - x));
}
static double m_acoth(double x)
{
	return 0.5 * log((x + 1) / (x - 1));
}
static double m_asech(double x)
{
	return m_acosh(1 / x);
}
static double m_acsch(double x)
{
	return m_asinh(1 / x);
}
static double m_step(double x)
{
	return isnan(x) ? x : x < 0 ? 0 : 1;
}
static double m_delta(double x)
{
	return isnan(x) ? x : x == 0 ? INFINITY : 0;
}
static double m_nandelta(double x)
{
	return isnan(x) ? x : x == 0 ? NAN : 0;
}

const struct sym_fn_row sym_fns[F_N] = {
	{"exp", exp},	    {"log", log},	{"sqrt", sqrt},		  {"sin", sin},
	{"cos", cos},	    {"tan", tan},	{"cot", m_cot},		  {"sec", m_sec},
	{"csc", m_csc},	    {"asin", asin},	{"acos", acos},		  {"atan", atan},
	{"acot", m_acot},   {"asec", m_asec},	{"acsc", m_acsc},	  {"sinh", sinh},
	{"cosh", cosh},	    {"tanh", tanh},	{"coth", m_coth},	  {"sech", m_sech},
	{"csch", m_csch},   {"asinh", m_asinh}, {"acosh", m_acosh},	  {"atanh", m_atanh},
	{"acoth", m_acoth}, {"asech", m_asech}, {"acsch", m_acsch},	  {"abs", fabs},
	{"step", m_step},   {"delta", m_delta}, {"nandelta", m_nandelta}, {"erf", erf},
};

enum { C_2_SQRTPI = 10 };
static const char *const constants[] = {"e",	    "log2e", "log10e",	"ln2",	"ln10",
					"pi",	    "pi_2",  "pi_4",	"1_pi", "2_pi",
					"2_sqrtpi", "sqrt2", "sqrt1_2", NULL};

/* their values, in the order of the names */
const double sym_constant_values[] = {
	M_E,	M_LOG2E, M_LOG10E, M_LN2,      M_LN10,	M_PI,	   M_PI_2,
	M_PI_4, M_1_PI,	 M_2_PI,   M_2_SQRTPI, M_SQRT2, M_SQRT1_2,
};

double (*sym_function(const char *name, size_t n))(double)
{
	for (int i = 0; i < F_N; i++)
		if (strlen(sym_fns[i].name) == n && !strncmp(sym_fns[i].name, name, n))
			return sym_fns[i].f;
	return NULL;
}

bool sym_constant_value(const char *name, size_t n, double *x)
{
	for (size_t i = 0; constants[i]; i++)
		if (strlen(constants[i]) == n && !strncmp(constants[i], name, n)) {
			*x = sym_constant_values[i];
			return true;
		}
	return false;
}

/* ---- the tree ------------------------------------------------------------ */

static struct node *nd(char type)
{
	struct node *n = xcalloc(1, sizeof(*n));
	n->type = type;
	return n;
}

static struct node *N(double x)
{
	struct node *n = nd('n');
	n->x = x;
	return n;
}

static struct node *U(struct node *a)
{
	struct node *n = nd('u');
	n->op = '-';
	n->a = a;
	return n;
}

static struct node *B(char op, struct node *a, struct node *b)
{
	struct node *n = nd('b');
	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static struct node *F(int k, struct node *a)
{
	struct node *n = nd('f');
	n->k = k;
	n->a = a;
	return n;
}

static void node_free(struct node *n)
{
	if (!n)
		return;
	node_free(n->a);
	node_free(n->b);
	free(n);
}

static struct node *cp(const struct node *n)
{
	if (!n)
		return NULL;
	struct node *c = xmalloc(sizeof(*c));
	*c = *n;
	c->a = cp(n->a);
	c->b = cp(n->b);
	return c;
}

static double value(const struct node *n)
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
	node_free(n);
	return c;
}

static struct node *folded(struct node *n, double x)
{
	node_free(n);
	return N(x);
}

/* libmatheval's node_simplify, rule for rule: numbers folded, 0 and 1 as
 * neutral operands dropped, nothing else (0*x stays). The derivatives are
 * of the simplified trees, as libmatheval's are. */
static struct node *simplify(struct node *n)
{
	switch (n->type) {
	case 'f':
	case 'u':
		n->a = simplify(n->a);
		return n->a->type == 'n' ? folded(n, value(n)) : n;
	case 'b':
		n->a = simplify(n->a);
		n->b = simplify(n->b);
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
static struct node *derive(const struct node *n, int v)
{
	switch (n->type) {
	case 'n':
	case 'c':
		return N(0);
	case 'v':
		return N(n->k == v ? 1 : 0);
	case 'u':
		return U(derive(n->a, v));
	case 'b': {
		const struct node *a = n->a, *b = n->b;
		switch (n->op) {
		case '+':
		case '-':
			return B(n->op, derive(a, v), derive(b, v));
		case '*':
			return B('+', B('*', derive(a, v), cp(b)), B('*', cp(a), derive(b, v)));
		case '/':
			return B('/',
				 B('-', B('*', derive(a, v), cp(b)), B('*', cp(a), derive(b, v))),
				 B('^', cp(b), N(2)));
		default:
			if (b->type == 'n')
				return B('*', B('*', N(b->x), derive(a, v)),
					 B('^', cp(a), N(b->x - 1.0)));
			/* (f^g)' = f^g (g log f)' */
			struct node *lg = B('*', cp(b), F(F_LOG, cp(a)));
			struct node *r = B('*', cp(n), derive(lg, v));
			node_free(lg);
			return r;
		}
	}
	}
	/* a function of a: the chain rule, D = a' */
	const struct node *a = n->a;
	struct node *D = derive(a, v);
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

/* ---- reading text --------------------------------------------------------- */

/* libmatheval's grammar: + - left, then * / left, then unary minus, then ^
 * left (so -a^2 is -(a^2) and 2^-a*b is (2^(-a))*b). The text has passed
 * tribo's parser. */
struct reader {
	const char *p;
	const char *const *names;
	size_t nnames;
	const char *bad; /* a name not in the list, or a token out of place */
};

static void blank(struct reader *r)
{
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool ident(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && digit(c));
}

static struct node *sum(struct reader *r);

static struct node *atom(struct reader *r)
{
	blank(r);
	const char *s = r->p;
	if (*s == '(') {
		r->p++;
		struct node *n = sum(r);
		blank(r);
		if (*r->p == ')')
			r->p++;
		else if (!r->bad)
			r->bad = r->p;
		return n;
	}
	if (digit(*s) || (*s == '.' && digit(s[1]))) {
		const char *e = s;
		while (digit(*e))
			e++;
		if (*e == '.')
			for (e++; digit(*e); e++)
				;
		if ((*e == 'e' || *e == 'E') &&
		    (digit(e[1]) || ((e[1] == '+' || e[1] == '-') && digit(e[2]))))
			for (e += 2; digit(*e); e++)
				;
		char buf[64];
		size_t len = (size_t)(e - s) < sizeof(buf) - 1 ? (size_t)(e - s) : sizeof(buf) - 1;
		memcpy(buf, s, len);
		buf[len] = 0;
		r->p = e;
		return N(strtod(buf, NULL));
	}
	if (!ident(*s, true)) {
		if (!r->bad)
			r->bad = s;
		return N(0);
	}
	const char *e = s;
	while (ident(*e, false))
		e++;
	const size_t len = (size_t)(e - s);
	r->p = e;
	for (int k = 0; constants[k]; k++)
		if (strlen(constants[k]) == len && !strncmp(constants[k], s, len)) {
			struct node *c = nd('c');
			c->k = k;
			return c;
		}
	for (int k = 0; k < F_N; k++)
		if (strlen(sym_fns[k].name) == len && !strncmp(sym_fns[k].name, s, len)) {
			blank(r);
			if (*r->p != '(') {
				if (!r->bad)
					r->bad = r->p;
				return N(0);
			}
			return F(k, atom(r));
		}
	for (size_t i = 0; i < r->nnames; i++)
		if (strlen(r->names[i]) == len && !strncmp(r->names[i], s, len)) {
			struct node *v = nd('v');
			v->k = (int)i;
			return v;
		}
	if (!r->bad)
		r->bad = s;
	return N(0);
}

static struct node *negation(struct reader *r);

static struct node *power(struct reader *r)
{
	struct node *n = atom(r);
	for (;;) {
		blank(r);
		if (*r->p != '^')
			return n;
		r->p++;
		blank(r);
		n = B('^', n, *r->p == '-' ? negation(r) : atom(r));
	}
}

static struct node *negation(struct reader *r)
{
	blank(r);
	if (*r->p != '-')
		return power(r);
	r->p++;
	return U(negation(r));
}

static struct node *product(struct reader *r)
{
	struct node *n = negation(r);
	for (;;) {
		blank(r);
		if (*r->p != '*' && *r->p != '/')
			return n;
		char op = *r->p++;
		n = B(op, n, negation(r));
	}
}

static struct node *sum(struct reader *r)
{
	struct node *n = product(r);
	for (;;) {
		blank(r);
		if (*r->p != '+' && *r->p != '-')
			return n;
		char op = *r->p++;
		n = B(op, n, product(r));
	}
}

/* ---- writing text --------------------------------------------------------- */

/* In full parentheses as libmatheval writes a tree: numbers as %g for
 * people, or exactly (%.17g, and inf and nan as the quotients that make
 * them) for libmatheval to read back into the same tree. */
static void write_node(const struct node *n, const char *const *names, bool exact,
		       struct strbuf *out)
{
	switch (n->type) {
	case 'n':
		if (n->x >= 0 && n->x < 1e6 && n->x == (double)(long)n->x && !signbit(n->x)) {
			/* a whole number, as %g and %.17g write it, without printf (a
			 * derivative has hundreds) */
			char buf[8], *q = buf + sizeof(buf);
			long k = (long)n->x;
			*--q = '\0';
			do
				*--q = (char)('0' + k % 10);
			while (k /= 10);
			strbuf_addstr(out, q);
		} else if (exact && !isfinite(n->x))
			strbuf_addstr(out, isnan(n->x) ? "(0/0)" : n->x > 0 ? "(1/0)" : "(-1/0)");
		else if (exact)
			strbuf_addf(out, signbit(n->x) ? "(%.17g)" : "%.17g", n->x);
		else
			strbuf_addf(out, n->x < 0 ? "(%g)" : "%g", n->x);
		return;
	case 'c':
		strbuf_addstr(out, constants[n->k]);
		return;
	case 'v':
		strbuf_addstr(out, names[n->k]);
		return;
	case 'f':
		strbuf_addf(out, "%s(", sym_fns[n->k].name);
		write_node(n->a, names, exact, out);
		strbuf_addch(out, ')');
		return;
	case 'u':
		strbuf_addstr(out, "(-");
		write_node(n->a, names, exact, out);
		strbuf_addch(out, ')');
		return;
	}
	strbuf_addch(out, '(');
	write_node(n->a, names, exact, out);
	strbuf_addch(out, n->op);
	write_node(n->b, names, exact, out);
	strbuf_addch(out, ')');
}

/* ---- the expression ------------------------------------------------------- */

struct name_check {
	expr_lookup_fn check;
	void *ctx;
	const char *const *names;
	size_t nnames;
};

static int in_list(const char *name, double *value, struct diag *d, void *ctx)
{
	const struct name_check *nc = ctx;
	*value = 0.5;
	if (nc->check && nc->check(name, value, d, nc->ctx))
		return -1;
	for (size_t i = 0; i < nc->nnames; i++)
		if (!strcmp(name, nc->names[i]))
			return 0;
	return diag_set(d, "unknown name '%s'", name);
}

struct sym *sym_new(const char *text, const char *const *names, size_t nnames, expr_lookup_fn check,
		    void *ctx, struct diag *d)
{
	struct name_check nc = {check, ctx, names, nnames};
	if (expr_check(text, in_list, &nc, d))
		return NULL;
	struct reader r = {text, names, nnames, NULL};
	struct node *root = sum(&r);
	blank(&r);
	if (!r.bad && *r.p)
		r.bad = r.p;
	if (r.bad) {
		node_free(root);
		diag_at(d, "", 1, (int)(r.bad - text) + 1, text, "cannot evaluate '%s'", text);
		return NULL;
	}
	struct sym *f = xcalloc(1, sizeof(*f));
	f->root = simplify(root);
	f->names = names;
	f->nnames = nnames;
	f->text = xstrdup(text);
	return f;
}

struct sym *sym_derivative(const struct sym *f, const char *name)
{
	int v = -1;
	for (size_t i = 0; i < f->nnames; i++)
		if (!strcmp(f->names[i], name))
			v = (int)i;
	struct sym *g = xcalloc(1, sizeof(*g));
	g->root = simplify(derive(f->root, v));
	g->names = f->names;
	g->nnames = f->nnames;
	return g; /* its code and its text when asked for */
}

double sym_eval(const struct sym *f, const double *vals)
{
	struct sym *g = (struct sym *)f;
	if (!g->code) {
		const struct node *root = g->root;
		g->code = prog_compile(&root, 1, g->names, g->nnames, 0);
	}
	double v;
	sym_prog_run(g->code, vals, &v);
	return v;
}

/* The value of f by walking its tree: the reference the compiled code is
 * tested against. */
static double walk(const struct node *n, const double *vals)
{
	switch (n->type) {
	case 'n':
		return n->x;
	case 'c':
		return sym_constant_values[n->k];
	case 'v':
		return vals[n->k];
	case 'u':
		return -walk(n->a, vals);
	case 'f':
		return sym_fns[n->k].f(walk(n->a, vals));
	}
	const double a = walk(n->a, vals), b = walk(n->b, vals);
	return prog_apply(n->op == '+'	 ? OP_ADD
			  : n->op == '-' ? OP_SUB
			  : n->op == '*' ? OP_MUL
			  : n->op == '/' ? OP_DIV
					 : OP_POW,
			  0, a, b);
}

double sym_eval_tree(const struct sym *f, const double *vals)
{
	return walk(f->root, vals);
}

/* n's value at vals, and in *s the size of its terms: the terms of a sum
 * added in size, so that a value far below *s is what cancellation left
 * (a function's value and a power of a sum other than by a positive
 * number count as they are, which can only make *s smaller). */
static double sized(const struct node *n, const double *vals, double *s)
{
	double sa, sb, v;
	switch (n->type) {
	case 'n':
		*s = fabs(n->x);
		return n->x;
	case 'c':
		*s = fabs(sym_constant_values[n->k]);
		return sym_constant_values[n->k];
	case 'v':
		*s = fabs(vals[n->k]);
		return vals[n->k];
	case 'u':
		return -sized(n->a, vals, s);
	case 'f':
		v = sym_fns[n->k].f(sized(n->a, vals, &sa));
		*s = fabs(v);
		return v;
	}
	const double a = sized(n->a, vals, &sa), b = sized(n->b, vals, &sb);
	switch (n->op) {
	case '+':
		*s = sa + sb;
		return a + b;
	case '-':
		*s = sa + sb;
		return a - b;
	case '*':
		*s = sa * sb;
		return a * b;
	case '/':
		*s = sa / fabs(b);
		return a / b;
	}
	v = pow(a, b);
	*s = n->b->type == 'n' && b > 0 ? pow(sa, b) : fabs(v);
	return v;
}

double sym_size(const struct sym *f, const double *vals)
{
	double s;
	sized(f->root, vals, &s);
	return s;
}

static bool has(const struct node *n, char type, int k)
{
	return n && ((n->type == type && n->k == k) || has(n->a, type, k) || has(n->b, type, k));
}

static bool has_type(const struct node *n, char type)
{
	return n && (n->type == type || has_type(n->a, type) || has_type(n->b, type));
}

bool sym_uses(const struct sym *f, const char *name)
{
	for (size_t i = 0; i < f->nnames; i++)
		if (!strcmp(f->names[i], name))
			return has(f->root, 'v', (int)i);
	return false;
}

/* Whether n is 0 by its form: the number 0, a product with a factor that
 * is, a sum, difference or negation of such (the derivative of 2*k*xdot
 * is ((0*k)*xdot)+(2*k): its (0*k)*xdot). */
static bool zero(const struct node *n)
{
	if (n->type == 'n')
		return n->x == 0;
	if (n->type == 'u')
		return zero(n->a);
	if (n->type != 'b')
		return false;
	if (n->op == '*')
		return zero(n->a) || zero(n->b);
	return (n->op == '+' || n->op == '-') && zero(n->a) && zero(n->b);
}

static bool depends(const struct node *n, int k)
{
	if (!n)
		return false;
	if (n->type == 'v')
		return n->k == k;
	if (zero(n))
		return false;
	return depends(n->a, k) || depends(n->b, k);
}

bool sym_depends(const struct sym *f, const char *name)
{
	for (size_t i = 0; i < f->nnames; i++)
		if (!strcmp(f->names[i], name))
			return depends(f->root, (int)i);
	return false;
}

bool sym_constant(const struct sym *f, double *x)
{
	if (has_type(f->root, 'v'))
		return false;
	double *zero = xcalloc(f->nnames + 1, sizeof(double));
	*x = sym_eval(f, zero);
	free(zero);
	return true;
}

bool sym_calls(const struct sym *f, const char *fn)
{
	for (int k = 0; k < F_N; k++)
		if (!strcmp(sym_fns[k].name, fn))
			return has(f->root, 'f', k);
	return false;
}

const char *sym_text(const struct sym *f)
{
	if (!f->text) { /* a derivative's, written once asked for */
		struct strbuf s = STRBUF_INIT;
		write_node(f->root, f->names, false, &s);
		((struct sym *)f)->text = strbuf_detach(&s);
	}
	return f->text;
}

size_t sym_length(const struct sym *f)
{
	struct strbuf s = STRBUF_INIT;
	write_node(f->root, f->names, false, &s);
	const size_t n = s.len;
	strbuf_release(&s);
	return n;
}

const char *sym_readable_of(const struct sym *f, struct strbuf *out)
{
	struct strbuf s = STRBUF_INIT;
	write_node(f->root, f->names, false, &s);
	strbuf_reset(out);
	sym_readable(s.buf, out);
	strbuf_release(&s);
	return strbuf_str(out);
}

void sym_free(struct sym *f)
{
	if (!f)
		return;
	node_free(f->root);
	sym_prog_free(f->code);
	free(f->text);
	free(f);
}
