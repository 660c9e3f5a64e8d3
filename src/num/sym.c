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

const char *const sym_constants[] = {"e",	 "log2e", "log10e",  "ln2",  "ln10",
				     "pi",	 "pi_2",  "pi_4",    "1_pi", "2_pi",
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
	for (size_t i = 0; sym_constants[i]; i++)
		if (strlen(sym_constants[i]) == n && !strncmp(sym_constants[i], name, n)) {
			*x = sym_constant_values[i];
			return true;
		}
	return false;
}

/* ---- the tree ------------------------------------------------------------ */

/* Nodes come in slabs, and the nodes a tree gives back are chained through
 * a for the next trees: a lagrange load derives and simplifies some 16,000
 * nodes and frees most of them, where malloc and free took ~250
 * instructions a node. The slabs are kept until the process ends,
 * chained (reachable, as a cache is); one chain a thread. */
enum { SLAB_NODES = 510 };
struct slab {
	struct slab *next;
	struct node node[SLAB_NODES];
};
static _Thread_local struct slab *slabs;
static _Thread_local size_t slab_used = SLAB_NODES;
static _Thread_local struct node *spare;

struct node *node_alloc(void)
{
	struct node *n = spare;
	if (n) {
		spare = n->a;
		return n;
	}
	if (slab_used == SLAB_NODES) {
		struct slab *s = xmalloc(sizeof(*s));
		s->next = slabs;
		slabs = s;
		slab_used = 0;
	}
	return &slabs->node[slab_used++];
}

void tree_free(struct node *n)
{
	while (n) {
		tree_free(n->b);
		struct node *a = n->a;
		n->a = spare;
		spare = n;
		n = a;
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
		strbuf_addstr(out, sym_constants[n->k]);
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
	struct node *root = read_sum(&r);
	read_blank(&r);
	if (!r.bad && *r.p)
		r.bad = r.p;
	if (r.bad) {
		tree_free(root);
		diag_at(d, "", 1, (int)(r.bad - text) + 1, text, "cannot evaluate '%s'", text);
		return NULL;
	}
	struct sym *f = xcalloc(1, sizeof(*f));
	f->root = tree_simplify(root);
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
	g->root = tree_derive_simplified(f->root, v);
	g->names = f->names;
	g->nnames = f->nnames;
	return g; /* its code and its text when asked for */
}

double sym_eval(const struct sym *f, const double *vals)
{
	/* a variable or a number alone: the value its code would copy (a
	 * Coulomb contact's slip xdot and its ∂w/∂q̇ = 1, at every right-hand
	 * side), without the code's run */
	if (f->root->type == 'v')
		return vals[f->root->k];
	if (f->root->type == 'n')
		return f->root->x;
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
	tree_free(f->root);
	sym_prog_free(f->code);
	free(f->text);
	free(f);
}
