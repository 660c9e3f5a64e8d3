/* Symbolic expressions: see sym.h. */
#include "num/sym.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* clang-format off */
enum fn {
	F_EXP, F_LOG, F_SQRT, F_SIN, F_COS, F_TAN, F_COT, F_SEC, F_CSC, F_ASIN, F_ACOS,
	F_ATAN, F_ACOT, F_ASEC, F_ACSC, F_SINH, F_COSH, F_TANH, F_COTH, F_SECH, F_CSCH,
	F_ASINH, F_ACOSH, F_ATANH, F_ACOTH, F_ASECH, F_ACSCH, F_ABS, F_STEP, F_DELTA,
	F_NANDELTA, F_ERF, F_N
};
/* clang-format on */

static const struct {
	const char *name;
	double (*f)(double);
} fns[F_N] = {
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
static const double constant_values[] = {
	M_E,	M_LOG2E, M_LOG10E, M_LN2,      M_LN10,	M_PI,	   M_PI_2,
	M_PI_4, M_1_PI,	 M_2_PI,   M_2_SQRTPI, M_SQRT2, M_SQRT1_2,
};

double (*sym_function(const char *name, size_t n))(double)
{
	for (int i = 0; i < F_N; i++)
		if (strlen(fns[i].name) == n && !strncmp(fns[i].name, name, n))
			return fns[i].f;
	return NULL;
}

bool sym_constant_value(const char *name, size_t n, double *x)
{
	for (size_t i = 0; constants[i]; i++)
		if (strlen(constants[i]) == n && !strncmp(constants[i], name, n)) {
			*x = constant_values[i];
			return true;
		}
	return false;
}

/* ---- the tree ------------------------------------------------------------ */

/* libmatheval's tree: 'n' a number, 'c' a constant, 'v' a variable (k its
 * index among the names), 'f' a function (k) of a, 'u' the negation of a,
 * 'b' a op b. */
struct node {
	char type, op;
	int k;
	double x;
	struct node *a, *b;
};

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
		return fns[n->k].f(value(n->a));
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
		if (strlen(fns[k].name) == len && !strncmp(fns[k].name, s, len)) {
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
		strbuf_addf(out, "%s(", fns[n->k].name);
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

struct sym {
	struct node *root;
	const char *const *names;
	size_t nnames;
	char *text; /* NULL: a derivative's, not asked for yet */
	/* its code, compiled on the first evaluation (a load builds many a
	 * derivative that only a solve evaluates) */
	struct sym_prog *code;
};

/* ---- compiled code --------------------------------------------------------- */

/* Straight-line code over registers: the inputs the trees use, their
 * numbers and constants, then one register per distinct operation.
 * Operations are shared (hash-consed) across every tree of a program, so
 * a common subexpression is computed once; an integer power is products
 * (x^3 = (x*x)*x); an operation on registers that only the fixed inputs
 * (slots below nfixed: parameters) and numbers feed goes into a prologue
 * that runs again only when a fixed input changes. */
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_POW, OP_FN };

struct ins {
	unsigned char op, fn;
	unsigned dst, a, b;
};

struct sym_prog {
	size_t nnames, nfixed;
	double *reg;
	size_t nreg, creg;
	bool *fixed; /* per register: fed by fixed inputs and numbers alone */
	bool *num;   /* per register: a number, set at compiling */
	struct ins *pro, *body;
	size_t npro, nbody, cpro, cbody;
	unsigned *in_slot, *in_reg; /* input i: vals[in_slot[i]] into reg[in_reg[i]] */
	size_t nin, nin_fixed;	    /* the fixed inputs first */
	unsigned *out;
	size_t nout;
	bool primed; /* the prologue has run for the fixed inputs in reg */
	/* compiling: operation -> register, open addressing */
	struct ins *hash;
	size_t hcap, hlen;
	int *slot_reg; /* input slot -> register, -1 */
};

static unsigned prog_reg(struct sym_prog *p, double x, bool fixed)
{
	if (p->nreg == p->creg) {
		p->creg = p->creg ? 2 * p->creg : 64;
		p->reg = xrealloc(p->reg, p->creg * sizeof(*p->reg));
		p->fixed = xrealloc(p->fixed, p->creg * sizeof(*p->fixed));
		p->num = xrealloc(p->num, p->creg * sizeof(*p->num));
	}
	p->reg[p->nreg] = x;
	p->fixed[p->nreg] = fixed;
	p->num[p->nreg] = false;
	return (unsigned)p->nreg++;
}

static size_t ins_hash(const struct ins *k)
{
	size_t h = k->op * 31u + k->fn;
	h = h * 1000003u ^ k->a;
	h = h * 1000003u ^ k->b;
	return h * 2654435761u;
}

/* room for one more entry in the table */
static void hash_room(struct sym_prog *p)
{
	if (p->hlen * 2 >= p->hcap) {
		/* grow and rehash */
		size_t ncap = p->hcap ? 2 * p->hcap : 256;
		struct ins *nh = xmalloc(ncap * sizeof(*nh));
		for (size_t i = 0; i < ncap; i++)
			nh[i].dst = UINT32_MAX;
		for (size_t i = 0; i < p->hcap; i++)
			if (p->hash[i].dst != UINT32_MAX) {
				size_t j = ins_hash(&p->hash[i]) & (ncap - 1);
				while (nh[j].dst != UINT32_MAX)
					j = (j + 1) & (ncap - 1);
				nh[j] = p->hash[i];
			}
		free(p->hash);
		p->hash = nh;
		p->hcap = ncap;
	}
}

/* a number's register, shared by value (bitwise) */
static unsigned prog_num(struct sym_prog *p, double x)
{
	struct ins k = {.op = 255, .fn = 0, .a = 0, .b = 0};
	uint64_t bits;
	memcpy(&bits, &x, sizeof(bits));
	k.a = (unsigned)bits;
	k.b = (unsigned)(bits >> 32);
	hash_room(p);
	size_t j = ins_hash(&k) & (p->hcap - 1);
	for (; p->hash[j].dst != UINT32_MAX; j = (j + 1) & (p->hcap - 1))
		if (p->hash[j].op == k.op && p->hash[j].a == k.a && p->hash[j].b == k.b)
			return p->hash[j].dst;
	k.dst = prog_reg(p, x, true);
	p->num[k.dst] = true;
	p->hash[j] = k;
	p->hlen++;
	return k.dst;
}

static double apply(int op, int fn, double a, double b)
{
	switch (op) {
	case OP_ADD:
		return a + b;
	case OP_SUB:
		return a - b;
	case OP_MUL:
		return a * b;
	case OP_DIV:
		return a / b;
	case OP_NEG:
		return -a;
	case OP_POW:
		return pow(a, b);
	default:
		return fns[fn].f(a);
	}
}

static bool reg_is(const struct sym_prog *p, unsigned r, double x)
{
	return p->num[r] && p->reg[r] == x;
}

/* The register of op(a, b), its instruction emitted if it is new. An
 * operation on numbers is a number; a product with a factor 0 is 0, as
 * sym_depends has it (the derivative of 2*x is (0*x)+2: without this, most
 * of a mass matrix's code would multiply by 0), and 0 and 1 as neutral
 * operands are dropped. */
static unsigned prog_op(struct sym_prog *p, int op, int fn, unsigned a, unsigned b)
{
	const bool unary = op == OP_NEG || op == OP_FN;
	if (p->num[a] && (unary || p->num[b]))
		return prog_num(p, apply(op, fn, p->reg[a], unary ? 0 : p->reg[b]));
	switch (op) {
	case OP_MUL:
		if (reg_is(p, a, 0) || reg_is(p, b, 0))
			return prog_num(p, 0);
		if (reg_is(p, a, 1))
			return b;
		if (reg_is(p, b, 1))
			return a;
		break;
	case OP_ADD:
		if (reg_is(p, a, 0))
			return b;
		if (reg_is(p, b, 0))
			return a;
		break;
	case OP_SUB:
		if (reg_is(p, b, 0))
			return a;
		if (reg_is(p, a, 0))
			return prog_op(p, OP_NEG, 0, b, 0);
		break;
	case OP_DIV:
		if (reg_is(p, a, 0))
			return prog_num(p, 0);
		if (reg_is(p, b, 1))
			return a;
		break;
	}
	if ((op == OP_ADD || op == OP_MUL) && a > b) {
		unsigned t = a; /* commutative: one order, so a+b and b+a share */
		a = b;
		b = t;
	}
	struct ins k = {.op = (unsigned char)op, .fn = (unsigned char)fn, .a = a, .b = b};
	hash_room(p);
	size_t j = ins_hash(&k) & (p->hcap - 1);
	for (; p->hash[j].dst != UINT32_MAX; j = (j + 1) & (p->hcap - 1))
		if (p->hash[j].op == k.op && p->hash[j].fn == k.fn && p->hash[j].a == a &&
		    p->hash[j].b == b)
			return p->hash[j].dst;
	const bool fixed = p->fixed[a] && (unary || p->fixed[b]);
	k.dst = prog_reg(p, 0, fixed);
	p->hash[j] = k;
	p->hlen++;
	struct ins **code = fixed ? &p->pro : &p->body;
	size_t *len = fixed ? &p->npro : &p->nbody, *cap = fixed ? &p->cpro : &p->cbody;
	if (*len == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*code = xrealloc(*code, *cap * sizeof(**code));
	}
	(*code)[(*len)++] = k;
	return k.dst;
}

static unsigned prog_node(struct sym_prog *p, const struct node *n)
{
	switch (n->type) {
	case 'n':
		return prog_num(p, n->x);
	case 'c':
		return prog_num(p, constant_values[n->k]);
	case 'v':
		if (p->slot_reg[n->k] < 0) {
			const bool fixed = (size_t)n->k < p->nfixed;
			p->slot_reg[n->k] = (int)prog_reg(p, 0, fixed);
			p->in_slot = xrealloc(p->in_slot, (p->nin + 1) * sizeof(*p->in_slot));
			p->in_reg = xrealloc(p->in_reg, (p->nin + 1) * sizeof(*p->in_reg));
			size_t at = p->nin++;
			if (fixed) { /* the fixed inputs first */
				memmove(p->in_slot + p->nin_fixed + 1, p->in_slot + p->nin_fixed,
					(at - p->nin_fixed) * sizeof(*p->in_slot));
				memmove(p->in_reg + p->nin_fixed + 1, p->in_reg + p->nin_fixed,
					(at - p->nin_fixed) * sizeof(*p->in_reg));
				at = p->nin_fixed++;
			}
			p->in_slot[at] = (unsigned)n->k;
			p->in_reg[at] = (unsigned)p->slot_reg[n->k];
		}
		return (unsigned)p->slot_reg[n->k];
	case 'u':
		return prog_op(p, OP_NEG, 0, prog_node(p, n->a), 0);
	case 'f':
		return prog_op(p, OP_FN, n->k, prog_node(p, n->a), 0);
	}
	const unsigned a = prog_node(p, n->a);
	if (n->op == '^' && n->b->type == 'n' && n->b->x == nearbyint(n->b->x) &&
	    fabs(n->b->x) <= 64) {
		/* a^k as products, by squaring: x^2 = x*x shared with x^4 */
		long k = labs((long)n->b->x);
		unsigned acc = UINT32_MAX, sq = a;
		for (;;) {
			if (k & 1)
				acc = acc == UINT32_MAX ? sq : prog_op(p, OP_MUL, 0, acc, sq);
			k >>= 1;
			if (!k)
				break;
			sq = prog_op(p, OP_MUL, 0, sq, sq);
		}
		if (acc == UINT32_MAX) /* a^0: simplify has made it 1 */
			return prog_num(p, 1);
		return n->b->x < 0 ? prog_op(p, OP_DIV, 0, prog_num(p, 1), acc) : acc;
	}
	const unsigned b = prog_node(p, n->b);
	switch (n->op) {
	case '+':
		return prog_op(p, OP_ADD, 0, a, b);
	case '-':
		return prog_op(p, OP_SUB, 0, a, b);
	case '*':
		return prog_op(p, OP_MUL, 0, a, b);
	case '/':
		return prog_op(p, OP_DIV, 0, a, b);
	default:
		return prog_op(p, OP_POW, 0, a, b);
	}
}

static void run_code(double *restrict reg, const struct ins *code, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		const struct ins *c = &code[i];
		const double a = reg[c->a], b = reg[c->b];
		double v;
		switch (c->op) {
		case OP_ADD:
			v = a + b;
			break;
		case OP_SUB:
			v = a - b;
			break;
		case OP_MUL:
			v = a * b;
			break;
		case OP_DIV:
			v = a / b;
			break;
		case OP_NEG:
			v = -a;
			break;
		case OP_POW:
			v = pow(a, b);
			break;
		default:
			v = fns[c->fn].f(a);
		}
		reg[c->dst] = v;
	}
}

/* Drops the instructions no output needs: a subexpression emitted before
 * a factor 0 folded its product away (x*x of (0*x^2)... in a derivative),
 * and the inputs only they read. */
static void prog_prune(struct sym_prog *p)
{
	bool *live = xcalloc(p->nreg + 1, sizeof(*live));
	for (size_t i = 0; i < p->nout; i++)
		live[p->out[i]] = true;
	for (int part = 1; part >= 0; part--) {
		struct ins *code = part ? p->body : p->pro;
		size_t *len = part ? &p->nbody : &p->npro, k = *len;
		for (size_t i = *len; i-- > 0;)
			if (live[code[i].dst]) {
				live[code[i].a] = true;
				if (code[i].op != OP_NEG && code[i].op != OP_FN)
					live[code[i].b] = true;
			} else {
				code[i].dst = UINT32_MAX;
				k--;
			}
		size_t j = 0;
		for (size_t i = 0; i < *len; i++)
			if (code[i].dst != UINT32_MAX)
				code[j++] = code[i];
		*len = k;
	}
	size_t j = 0, nfixed = 0;
	for (size_t i = 0; i < p->nin; i++)
		if (live[p->in_reg[i]]) {
			p->in_slot[j] = p->in_slot[i];
			p->in_reg[j] = p->in_reg[i];
			nfixed += i < p->nin_fixed;
			j++;
		}
	p->nin = j;
	p->nin_fixed = nfixed;
	free(live);
}

static struct sym_prog *prog_compile(const struct node *const *roots, size_t n,
				     const char *const *names, size_t nnames, size_t nfixed)
{
	(void)names;
	struct sym_prog *p = xcalloc(1, sizeof(*p));
	p->nnames = nnames;
	p->nfixed = nfixed < nnames ? nfixed : nnames;
	p->slot_reg = xmalloc((nnames + 1) * sizeof(*p->slot_reg));
	for (size_t i = 0; i < nnames; i++)
		p->slot_reg[i] = -1;
	p->out = xmalloc((n + 1) * sizeof(*p->out));
	p->nout = n;
	for (size_t i = 0; i < n; i++)
		p->out[i] = roots[i] ? prog_node(p, roots[i]) : prog_num(p, 0);
	prog_prune(p);
	free(p->hash);
	p->hash = NULL;
	free(p->slot_reg);
	p->slot_reg = NULL;
	return p;
}

struct sym_prog *sym_prog_new(const struct sym *const *fs, size_t n, size_t nfixed)
{
	const struct node **roots = xcalloc(n + 1, sizeof(*roots));
	const char *const *names = NULL;
	size_t nnames = 0;
	for (size_t i = 0; i < n; i++)
		if (fs[i]) {
			roots[i] = fs[i]->root;
			names = fs[i]->names;
			nnames = fs[i]->nnames;
		}
	struct sym_prog *p = prog_compile(roots, n, names, nnames, nfixed);
	free(roots);
	return p;
}

void sym_prog_run(struct sym_prog *p, const double *vals, double *out)
{
	double *reg = p->reg;
	bool same = p->primed;
	for (size_t i = 0; i < p->nin_fixed; i++) {
		const double v = vals[p->in_slot[i]];
		/* bitwise: a NaN parameter is the same NaN */
		if (memcmp(&reg[p->in_reg[i]], &v, sizeof(v))) {
			reg[p->in_reg[i]] = v;
			same = false;
		}
	}
	if (!same) {
		run_code(reg, p->pro, p->npro);
		p->primed = true;
	}
	for (size_t i = p->nin_fixed; i < p->nin; i++)
		reg[p->in_reg[i]] = vals[p->in_slot[i]];
	run_code(reg, p->body, p->nbody);
	for (size_t i = 0; i < p->nout; i++)
		out[i] = reg[p->out[i]];
}

size_t sym_prog_size(const struct sym_prog *p)
{
	return p->npro + p->nbody;
}

size_t sym_prog_body_size(const struct sym_prog *p)
{
	return p->nbody;
}

size_t sym_prog_registers(const struct sym_prog *p)
{
	return p->nreg;
}

/* C for a register: r3, or a number */
static void c_reg(const struct sym_prog *p, unsigned r, const bool *computed, struct strbuf *out)
{
	const double x = p->reg[r];
	if (computed[r])
		strbuf_addf(out, "r[%u]", r);
	else if (!isfinite(x))
		strbuf_addstr(out, isnan(x) ? "(0.0/0.0)" : x > 0 ? "(1.0/0.0)" : "(-1.0/0.0)");
	else
		strbuf_addf(out, "(%a)", x);
}

void sym_prog_c(const struct sym_prog *p, const char *fname, struct strbuf *out)
{
	bool *computed = xcalloc(p->nreg + 1, sizeof(*computed));
	for (size_t i = 0; i < p->nin; i++)
		computed[p->in_reg[i]] = true;
	for (size_t i = 0; i < p->npro; i++)
		computed[p->pro[i].dst] = true;
	for (size_t i = 0; i < p->nbody; i++)
		computed[p->body[i].dst] = true;
	static const char *const cfn[F_N] = {
		[F_EXP] = "exp",   [F_LOG] = "log",   [F_SQRT] = "sqrt", [F_SIN] = "sin",
		[F_COS] = "cos",   [F_TAN] = "tan",   [F_ASIN] = "asin", [F_ACOS] = "acos",
		[F_ATAN] = "atan", [F_SINH] = "sinh", [F_COSH] = "cosh", [F_TANH] = "tanh",
		[F_ABS] = "fabs",  [F_ERF] = "erf",
	};
	strbuf_addf(out,
		    "void %s(double *restrict r, const double *restrict v, double *restrict o, int "
		    "pro)\n{\n",
		    fname);
	for (size_t i = 0; i < p->nin_fixed; i++)
		strbuf_addf(out, "r[%u] = v[%u];\n", p->in_reg[i], p->in_slot[i]);
	for (int part = 0; part < 2; part++) {
		const struct ins *code = part ? p->body : p->pro;
		const size_t len = part ? p->nbody : p->npro;
		strbuf_addstr(out, part ? "}\n" : "if (pro) {\n");
		if (part)
			for (size_t i = p->nin_fixed; i < p->nin; i++)
				strbuf_addf(out, "r[%u] = v[%u];\n", p->in_reg[i], p->in_slot[i]);
		for (size_t i = 0; i < len; i++) {
			const struct ins *c = &code[i];
			strbuf_addf(out, "r[%u] = ", c->dst);
			if (c->op == OP_NEG || c->op == OP_FN || c->op == OP_POW) {
				strbuf_addstr(out, c->op == OP_NEG   ? "-("
						   : c->op == OP_POW ? "pow("
						   : cfn[c->fn]	     ? cfn[c->fn]
								     : "fn");
				if (c->op == OP_FN && !cfn[c->fn])
					strbuf_addf(out, "[%u]", c->fn);
				if (c->op == OP_FN)
					strbuf_addch(out, '(');
				c_reg(p, c->a, computed, out);
				if (c->op == OP_POW) {
					strbuf_addstr(out, ", ");
					c_reg(p, c->b, computed, out);
				}
				strbuf_addstr(out, ");\n");
			} else {
				c_reg(p, c->a, computed, out);
				strbuf_addf(out, " %c ", "+-*/"[c->op]);
				c_reg(p, c->b, computed, out);
				strbuf_addstr(out, ";\n");
			}
		}
	}
	for (size_t i = 0; i < p->nout; i++) {
		strbuf_addf(out, "o[%zu] = ", i);
		c_reg(p, p->out[i], computed, out);
		strbuf_addstr(out, ";\n");
	}
	strbuf_addstr(out, "}\n");
	free(computed);
}

double (*sym_fn(unsigned k))(double)
{
	return k < F_N ? fns[k].f : NULL;
}

void sym_prog_free(struct sym_prog *p)
{
	if (!p)
		return;
	free(p->reg);
	free(p->fixed);
	free(p->num);
	free(p->pro);
	free(p->body);
	free(p->in_slot);
	free(p->in_reg);
	free(p->out);
	free(p->hash);
	free(p->slot_reg);
	free(p);
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
		return constant_values[n->k];
	case 'v':
		return vals[n->k];
	case 'u':
		return -walk(n->a, vals);
	case 'f':
		return fns[n->k].f(walk(n->a, vals));
	}
	const double a = walk(n->a, vals), b = walk(n->b, vals);
	return apply(n->op == '+'   ? OP_ADD
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
		*s = fabs(constant_values[n->k]);
		return constant_values[n->k];
	case 'v':
		*s = fabs(vals[n->k]);
		return vals[n->k];
	case 'u':
		return -sized(n->a, vals, s);
	case 'f':
		v = fns[n->k].f(sized(n->a, vals, &sa));
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
		if (!strcmp(fns[k].name, fn))
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
