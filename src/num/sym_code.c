/* Symbolic expressions compiled (sym.h's struct sym_prog): straight-line
 * register code from the trees (num/sym_tree.h), run and written as C. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "num/sym_tree.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- compiled code --------------------------------------------------------- */

/* Straight-line code over registers: the inputs the trees use, their
 * numbers and constants, then one register per distinct operation.
 * Operations are shared (hash-consed) across every tree of a program, so
 * a common subexpression is computed once; an integer power is products
 * (x^3 = (x*x)*x); an operation on registers that only the fixed inputs
 * (slots below nfixed: parameters) and numbers feed goes into a prologue
 * that runs again only when a fixed input changes. */

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

double prog_apply(int op, int fn, double a, double b)
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
		return sym_fns[fn].f(a);
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
		return prog_num(p, prog_apply(op, fn, p->reg[a], unary ? 0 : p->reg[b]));
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

static bool is_zero(const struct node *n)
{
	return n->type == 'n' && n->x == 0;
}

/* Whether n's code is sure to be no number (prog_op folds operations on
 * numbers, a product with 0 and a quotient of 0): a variable is none, and
 * what prog_op makes of one stays none (a + 0 is a, x*y with neither a
 * number is an operation). False where unsure. */
static bool no_number(const struct node *n)
{
	switch (n->type) {
	case 'v':
		return true;
	case 'u':
	case 'f':
		return no_number(n->a);
	case 'b':
		switch (n->op) {
		case '+':
		case '-':
			return no_number(n->a) || no_number(n->b);
		case '*':
			return no_number(n->a) && no_number(n->b);
		case '^': /* x^0 is 1 */
			return !is_zero(n->b) && no_number(n->a);
		default: /* a quotient of no number */
			return no_number(n->a);
		}
	}
	return false;
}

static unsigned prog_node(struct sym_prog *p, const struct node *n)
{
	switch (n->type) {
	case 'n':
		return prog_num(p, n->x);
	case 'c':
		return prog_num(p, sym_constant_values[n->k]);
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
	/* a product with a literal factor 0 (a derivative is full of them:
	 * (0*x)+2 for 2*x) is prog_op's 0 once the other factor is no number,
	 * without the other factor's code, which prog_prune would drop */
	if (n->op == '*' &&
	    ((is_zero(n->a) && no_number(n->b)) || (is_zero(n->b) && no_number(n->a))))
		return prog_num(p, 0);
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
			v = sym_fns[c->fn].f(a);
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

struct sym_prog *prog_compile(const struct node *const *roots, size_t n, const char *const *names,
			      size_t nnames, size_t nfixed)
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
	return k < F_N ? sym_fns[k].f : NULL;
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
