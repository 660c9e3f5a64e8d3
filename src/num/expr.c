#include "num/expr.h"

#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <matheval.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "util/text.h"
#include "util/xalloc.h"

static const char *const functions[] = {
	"exp",	"log",	"sqrt",	 "sin",	     "cos",   "tan",   "cot",	"sec",	 "csc",
	"asin", "acos", "atan",	 "acot",     "asec",  "acsc",  "sinh",	"cosh",	 "tanh",
	"coth", "sech", "csch",	 "asinh",    "acosh", "atanh", "acoth", "asech", "acsch",
	"abs",	"step", "delta", "nandelta", "erf",   NULL,
};

static const char *const constants[] = {
	"e", "pi", "log2e", "log10e", "ln2", "ln10", "pi_2", "pi_4", "sqrt2", "sqrt1_2", NULL,
};

const char *const *expr_functions(void)
{
	return functions;
}

static bool in_list(const char *const *list, const char *s, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && !strncmp(*list, s, n))
			return true;
	return false;
}

enum { EXPR_MAX_DEPTH = 64, EXPR_MAX_NAME = 64, EXPR_MAX_POWER = 20 };

struct parser {
	const char *src, *p;
	int depth;
	expr_lookup_fn lookup;
	void *ctx;
	struct diag *d;
	bool tiny_literal;	    /* a number typed below DBL_MIN (read as a subnormal) */
	const struct expr_env *env; /* quantities; NULL: numbers (names through lookup) */
	bool dividing;		    /* the value read next is divided by */
	struct expr_tail tail;	    /* the last unit read: where, after what */
	const char *tail_end;
};

static int fail(struct parser *ps, const char *at, const char *fmt, const char *arg)
{
	char msg[sizeof(ps->d->msg)];
	snprintf(msg, sizeof(msg), fmt, arg);
	return diag_at(ps->d, "", 1, (int)(at - ps->src) + 1, ps->src, "%s", msg);
}

/* Not a newline: libmatheval's lexer refuses one (and leaks when it does). */
static void skip(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p) && *ps->p != '\n')
		ps->p++;
}

static int expr(struct parser *ps, struct expr_q *q);
static int unary(struct parser *ps, struct expr_q *q);

static void q_number(struct expr_q *q, double v)
{
	*q = (struct expr_q){v, {0}, false};
}

/* Angles are numbers: the radian's power is no dimension. */
static bool dimensionless(const struct expr_q *q)
{
	return !q->dim[0] && !q->dim[1] && !q->dim[2];
}

static bool same_dim(const struct expr_q *a, const struct expr_q *b)
{
	return !memcmp(a->dim, b->dim, 3);
}

/* "a length (m)", from the caller's names of the dimensions. */
static const char *describe(const struct parser *ps, const struct expr_q *q, char *buf, size_t n)
{
	if (ps->env && ps->env->describe)
		ps->env->describe(q->dim, buf, n);
	else
		snprintf(buf, n, "a quantity");
	return buf;
}

/* q's powers plus `times` b's; at most EXPR_MAX_POWER either way. */
static int add_powers(struct parser *ps, const char *at, struct expr_q *q, const struct expr_q *b,
		      int times)
{
	for (int i = 0; i < EXPR_NDIM; i++) {
		int e = q->dim[i] + times * b->dim[i];
		if (e < -EXPR_MAX_POWER || e > EXPR_MAX_POWER)
			return fail(ps, at, "a power of a unit beyond ±%s", "20");
		q->dim[i] = (signed char)e;
	}
	q->unit |= b->unit;
	return 0;
}

/* The bytes of a unit's word at p: letters, µ or °, up to ² or ³. */
static size_t unit_word_len(const char *p)
{
	const char *s = p;
	while (*p && (isalpha((unsigned char)*p) || ((unsigned char)*p & 0x80)) &&
	       strncmp(p, "²", strlen("²")) && strncmp(p, "³", strlen("³")))
		p++;
	return (size_t)(p - s);
}

/* Whether the word at p (n bytes) is a name of the caller's (or a
 * function's, or a constant's): a word that is both is a name. */
static bool is_name(const struct parser *ps, const char *p, size_t n)
{
	char name[EXPR_MAX_NAME + 1];
	struct expr_q q;
	struct diag d;
	double x;
	if (n > EXPR_MAX_NAME)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)p[i]) && p[i] != '_')
			return false;
	snprintf(name, sizeof name, "%.*s", (int)n, p);
	return in_list(functions, p, n) || sym_constant_value(p, n, &x) ||
	       ps->env->lookup(name, &q, &d, ps->env->ctx) != 1;
}

/* One unit word at ps->p and its power (^2, ^-1, ², ³), times `sign`,
 * into q. 1 when there is none there (ps->p unmoved); with `must` a word
 * that is no unit is an error that says so. */
static int unit_word(struct parser *ps, struct expr_q *q, int sign, bool must)
{
	const char *at = ps->p;
	size_t n = unit_word_len(at);
	if (!n)
		return 1;
	const char *after = at + n;
	while (*after == ' ' || *after == '\t')
		after++;
	struct expr_q u;
	if (*after == '(' || ps->env->unit(at, n, &u, NULL)) {
		if (!must || *after == '(' || is_name(ps, at, n))
			return 1;
		ps->env->unit(at, n, &u, ps->d);
		char msg[sizeof(ps->d->msg)];
		memcpy(msg, ps->d->msg, sizeof(msg));
		return fail(ps, at, "%s", msg);
	}
	ps->p = at + n;
	int e = 1;
	if (*ps->p == '^') {
		const char *d = ps->p + 1 + (ps->p[1] == '-');
		char *end;
		long v = strtol(d, &end, 10);
		if (isdigit((unsigned char)*d) && *end != '.' && !isalnum((unsigned char)*end)) {
			if (v == 0 || v > 9)
				return fail(ps, d,
					    "a unit's power is a small nonzero whole number%s", "");
			e = ps->p[1] == '-' ? (int)-v : (int)v;
			ps->p = end;
		}
	} else if (!strncmp(ps->p, "²", strlen("²"))) {
		e = 2;
		ps->p += strlen("²");
	} else if (!strncmp(ps->p, "³", strlen("³"))) {
		e = 3;
		ps->p += strlen("³");
	}
	/* a factor that takes a value below DBL_MIN ("1e-306 mm") is for
	 * the caller to judge against the unit it wants, not an underflow
	 * of the expression's */
	const bool before = fetestexcept(FE_UNDERFLOW);
	q->v *= pow(u.v, sign * e);
	if (!before)
		feclearexcept(FE_UNDERFLOW);
	u.unit = true;
	return add_powers(ps, at, q, &u, sign * e);
}

/* After a number or a ')': its unit, when a unit word follows, with a
 * blank or glued ("20 cm", "15cm", "(1+2) s", "2 1/s"), and the words
 * glued to it by '*' or '/' or after it with a blank ("N*m", "m/s^2",
 * "kg m^2"). `number`: where the number began (NULL after a ')'). */
static int unit_run(struct parser *ps, struct expr_q *q, const char *number, bool divided)
{
	if (!ps->env || !ps->env->unit)
		return 0;
	const char *save = ps->p;
	skip(ps);
	const char *first = ps->p;
	int rc;
	if (number && first != save && first[0] == '1' && first[1] == '/' &&
	    unit_word_len(first + 2)) { /* "2 1/s" */
		ps->p += 2;
		rc = unit_word(ps, q, -1, true);
	} else {
		rc = unit_word(ps, q, 1, true);
	}
	if (rc) {
		ps->p = save;
		return rc < 0 ? -1 : 0;
	}
	for (;;) {
		const char *at = ps->p;
		int sign = 1;
		if ((*at == '*' || *at == '/') && unit_word_len(at + 1)) {
			sign = *at == '/' ? -1 : 1;
			ps->p++;
		} else {
			skip(ps);
		}
		/* glued to the unit, a word that is no name is a mistyped unit */
		rc = ps->p == at ? 1 : unit_word(ps, q, sign, ps->p == at + 1);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			ps->p = at;
			break;
		}
	}
	ps->tail =
		(struct expr_tail){(size_t)(first - ps->src),
				   number && number == ps->src + strspn(ps->src, " \t"), divided};
	ps->tail_end = ps->p;
	return 0;
}

/* A function of a quantity: a dimensionless argument but for sqrt
 * (halves the powers), abs (keeps them) and step (the sign); the inverse
 * circular functions give an angle. */
static int apply(struct parser *ps, const char *at, const char *name, size_t n, struct expr_q *q)
{
	double (*f)(double) = sym_function(name, n);
	const bool root = n == 4 && !strncmp(name, "sqrt", 4),
		   keep = n == 3 && !strncmp(name, "abs", 3),
		   sign = n == 4 && !strncmp(name, "step", 4);
	static const char *const inverse[] = {"asin", "acos", "atan", "acot", "asec", "acsc", NULL};
	const bool angle = in_list(inverse, name, n);
	if (ps->env && !dimensionless(q) && !root && !keep && !sign) {
		char what[96], m[200];
		snprintf(m, sizeof m, "%.*s wants a number (an angle is one), not %s", (int)n, name,
			 describe(ps, q, what, sizeof what));
		return fail(ps, at, "%s", m);
	}
	if (root) {
		for (int i = 0; i < 3; i++)
			if (q->dim[i] % 2) {
				char what[96], m[200];
				snprintf(m, sizeof m,
					 "the square root of %s has no whole powers of its units",
					 describe(ps, q, what, sizeof what));
				return fail(ps, at, "%s", m);
			}
		for (int i = 0; i < EXPR_NDIM; i++)
			q->dim[i] = (signed char)(q->dim[i] % 2 ? 0 : q->dim[i] / 2);
	} else if (!keep) {
		memset(q->dim, 0, sizeof q->dim);
		q->dim[3] = angle ? 1 : 0;
		q->unit |= angle; /* an angle in radians, not a number in any unit */
	}
	q->v = f ? f(q->v) : NAN;
	return 0;
}

static int primary(struct parser *ps, struct expr_q *q)
{
	const bool divided = ps->dividing;
	ps->dividing = false;
	skip(ps);
	const char *at = ps->p;
	q_number(q, 1);
	if (isdigit((unsigned char)*at) || (*at == '.' && isdigit((unsigned char)at[1]))) {
		while (isdigit((unsigned char)*ps->p))
			ps->p++;
		if (*ps->p == '.')
			ps->p++;
		while (isdigit((unsigned char)*ps->p))
			ps->p++;
		if ((*ps->p == 'e' || *ps->p == 'E') &&
		    (isdigit((unsigned char)ps->p[1]) ||
		     ((ps->p[1] == '-' || ps->p[1] == '+') && isdigit((unsigned char)ps->p[2])))) {
			ps->p += 2;
			while (isdigit((unsigned char)*ps->p))
				ps->p++;
		}
		errno = 0;
		double v = strtod(at, NULL);
		if (errno == ERANGE && !isfinite(v))
			return fail(ps, at, "number too large%s", "");
		/* one that underflows to 0 was read as 0 (issue 43: eval 1e-400) */
		if (errno == ERANGE && v == 0)
			return fail(ps, at, "number too small (it would read as 0)%s", "");
		if (!ps->env && (isalpha((unsigned char)*ps->p) || *ps->p == '_'))
			return fail(ps, ps->p, "expected an operator after the number%s", "");
		if (v != 0 && v < DBL_MIN)
			ps->tiny_literal = true;
		q_number(q, v);
		return unit_run(ps, q, at, divided);
	}
	if (ps->env && ((unsigned char)*at & 0x80) && unit_word_len(at)) {
		/* µm, °: a unit standing as a value */
		int rc = unit_word(ps, q, 1, true);
		if (rc <= 0)
			return rc;
	}
	if (isalpha((unsigned char)*at) || *at == '_') {
		while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
			ps->p++;
		size_t n = (size_t)(ps->p - at);
		char name[EXPR_MAX_NAME + 1];
		if (n > EXPR_MAX_NAME)
			return fail(ps, at, "name longer than %s characters", "64");
		snprintf(name, sizeof(name), "%.*s", (int)n, at);
		skip(ps);
		if (*ps->p == '(') {
			if (!in_list(functions, at, n)) {
				const char *near =
					text_suggest(name, functions,
						     sizeof(functions) / sizeof(*functions) - 1);
				if (near) {
					char m[200];
					snprintf(m, sizeof(m),
						 "unknown function '%s' (did you mean '%s'?)", name,
						 near);
					return fail(ps, at, "%s", m);
				}
				return fail(ps, at, "unknown function '%s'", name);
			}
			if (++ps->depth > EXPR_MAX_DEPTH)
				return fail(ps, ps->p, "parentheses nested deeper than %s", "64");
			ps->p++;
			if (expr(ps, q))
				return -1;
			skip(ps);
			if (*ps->p != ')')
				return fail(ps, ps->p, "expected ')' to close the call of %s",
					    name);
			ps->p++;
			ps->depth--;
			if (apply(ps, at, at, n, q))
				return -1;
			return unit_run(ps, q, NULL, divided);
		}
		if (in_list(functions, at, n))
			return fail(ps, at, "'%s' is a function: write it with parentheses", name);
		double v = 0;
		if (in_list(constants, at, n)) { /* a number: it takes a unit */
			sym_constant_value(at, n, &v);
			q_number(q, v);
			return unit_run(ps, q, NULL, divided);
		} else if (!ps->env) {
			if (ps->lookup(name, &v, ps->d, ps->ctx)) {
				char m[sizeof(ps->d->msg)];
				memcpy(m, ps->d->msg, sizeof(m));
				return fail(ps, at, "%s", m);
			}
			q_number(q, v);
		} else {
			struct diag nd;
			int rc = ps->env->lookup(name, q, &nd, ps->env->ctx);
			if (rc == 1 && ps->env->unit && !ps->env->unit(at, n, q, NULL)) {
				q->unit = true; /* no name: a unit standing as a value */
				return 0;
			}
			if (rc)
				return fail(ps, at, "%s", nd.msg);
		}
		/* "ans ms": a unit binds to a number, and a name has its own */
		const char *w = ps->p;
		size_t wn = ps->env && ps->env->unit ? unit_word_len(w) : 0;
		struct expr_q u;
		if (wn && !ps->env->unit(w, wn, &u, NULL)) {
			char m[300];
			snprintf(m, sizeof m,
				 "a unit goes after a number or ')', not after the name %s, which "
				 "has its own (write %s alone, or a number: 2 %.*s)",
				 name, name, (int)wn, w);
			return fail(ps, w, "%s", m);
		}
		return 0;
	}
	if (*at == '(') {
		if (++ps->depth > EXPR_MAX_DEPTH)
			return fail(ps, at, "parentheses nested deeper than %s", "64");
		ps->p++;
		if (expr(ps, q))
			return -1;
		skip(ps);
		if (*ps->p != ')')
			return fail(ps, ps->p, "expected ')'%s", "");
		ps->p++;
		ps->depth--;
		return unit_run(ps, q, NULL, divided);
	}
	if (!*at)
		return fail(ps, at, "the expression ends where a value is expected%s", "");
	/* the whole character, UTF-8 or not */
	unsigned char b = (unsigned char)*at;
	int len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
	char c[8];
	snprintf(c, sizeof(c), "%.*s", len, at);
	if (b < ' ' || b == 0x7F)
		snprintf(c, sizeof(c), "\\x%02X", b);
	/* stop at the first byte that does not continue it: past a NUL at
	 * the end of the text there is nothing to read */
	for (int i = 1; i < len; i++)
		if (((unsigned char)at[i] & 0xC0) != 0x80) {
			snprintf(c, sizeof(c), "\\x%02X", b);
			break;
		}
	return fail(ps, at, "expected a value, not '%s'", c);
}

/* libmatheval reads a^b^c as (a^b)^c; mathematics reads a^(b^c). The
 * exponent is a number; a quantity's powers times it must stay whole. */
static int power(struct parser *ps, struct expr_q *q)
{
	if (primary(ps, q))
		return -1;
	skip(ps);
	if (*ps->p != '^')
		return 0;
	const char *op = ps->p++;
	skip(ps);
	bool neg = false;
	while (*ps->p == '-') {
		neg = !neg;
		ps->p++;
		skip(ps);
	}
	struct expr_q e;
	if (primary(ps, &e))
		return -1;
	skip(ps);
	if (*ps->p == '^')
		return fail(ps, ps->p, "a^b^c is ambiguous: write a^(b^c) or (a^b)^c%s", "");
	if (neg)
		e.v = -e.v;
	char what[96], m[200];
	if (ps->env && !dimensionless(&e)) {
		snprintf(m, sizeof m, "'^' wants a number for its exponent, not %s",
			 describe(ps, &e, what, sizeof what));
		return fail(ps, op, "%s", m);
	}
	if (ps->env)
		for (int i = 0; i < EXPR_NDIM; i++) {
			double x = q->dim[i] * e.v;
			if (fabs(x - nearbyint(x)) > 1e-9 || fabs(x) > EXPR_MAX_POWER) {
				if (i == 3) { /* the radian's note: dropped */
					q->dim[3] = 0;
					continue;
				}
				snprintf(m, sizeof m,
					 "%s to the power %.6g has no whole powers of its units",
					 describe(ps, q, what, sizeof what), e.v);
				return fail(ps, op, "%s", m);
			}
			q->dim[i] = (signed char)nearbyint(x);
		}
	q->v = pow(q->v, e.v);
	q->unit |= e.unit;
	return 0;
}

static int unary(struct parser *ps, struct expr_q *q)
{
	skip(ps);
	bool neg = false;
	while (*ps->p == '-') {
		neg = !neg;
		ps->p++;
		skip(ps);
	}
	if (*ps->p == '+')
		return fail(ps, ps->p, "a leading '+' is not allowed%s", "");
	if (power(ps, q))
		return -1;
	if (neg)
		q->v = -q->v;
	return 0;
}

static int term(struct parser *ps, struct expr_q *q)
{
	if (unary(ps, q))
		return -1;
	for (;;) {
		skip(ps);
		if (*ps->p != '*' && *ps->p != '/')
			return 0;
		const char *op = ps->p++;
		struct expr_q b;
		ps->dividing = *op == '/';
		if (unary(ps, &b))
			return -1;
		q->v = *op == '/' ? q->v / b.v : q->v * b.v;
		if (add_powers(ps, op, q, &b, *op == '/' ? -1 : 1))
			return -1;
		/* the radian's note goes where it meets a length or a mass (ω r
		 * is a velocity): it stays on rad, rad/s, rad/s^2 */
		if (q->dim[0] || q->dim[1])
			q->dim[3] = 0;
	}
}

static int expr(struct parser *ps, struct expr_q *q)
{
	if (term(ps, q))
		return -1;
	for (;;) {
		skip(ps);
		if (*ps->p != '+' && *ps->p != '-')
			return 0;
		const char *op = ps->p++;
		struct expr_q b;
		if (term(ps, &b))
			return -1;
		if (ps->env && !same_dim(q, &b)) {
			char a1[96], a2[96], m[300];
			describe(ps, q, a1, sizeof a1);
			describe(ps, &b, a2, sizeof a2);
			if (*op == '+')
				snprintf(m, sizeof m, "cannot add %s and %s", a1, a2);
			else
				snprintf(m, sizeof m, "cannot subtract %s from %s", a2, a1);
			return fail(ps, op, "%s", m);
		}
		/* the radian's note: an angular rate plus a rate is one */
		if (!q->dim[3])
			q->dim[3] = b.dim[3];
		else if (b.dim[3] && q->dim[3] != b.dim[3])
			q->dim[3] = 0;
		q->v = *op == '+' ? q->v + b.v : q->v - b.v;
		q->unit |= b.unit;
	}
}

static int check(struct parser *ps, struct expr_q *q)
{
	const char *src = ps->src;
	if (strlen(src) > 4096)
		return diag_at(ps->d, "", 1, 4097, NULL,
			       "expression too long (%zu characters; at most 4096)", strlen(src));
	ps->tail = (struct expr_tail){strlen(src), false, false};
	if (expr(ps, q))
		return -1;
	skip(ps);
	if (*ps->p) {
		if (*ps->p == ')')
			return fail(ps, ps->p, "unmatched ')'%s", "");
		return fail(ps, ps->p, "expected an operator here%s", "");
	}
	return 0;
}

/* Checks src with our parser (every name goes through lookup). */
int expr_check(const char *src, expr_lookup_fn lookup, void *ctx, struct diag *d)
{
	struct parser ps = {src, src, 0, lookup, ctx, d, false, NULL, false, {0}, NULL};
	struct expr_q q;
	return check(&ps, &q);
}

/* A value that underflowed: IEEE's underflow flag (a result below DBL_MIN
 * rounded, to 0 or to a subnormal) was raised on the way to a value below
 * DBL_MIN (issue 43: eval 1e-300*1e-300 printed 0). An honest 0 (0*5, 1-1)
 * raises no flag; an underflow on the way to a normal value (1 + 1e-300^2)
 * lost nothing the value can show. libmatheval folds the numbers when it
 * creates the evaluator, so the flag is watched from there; reading a
 * number typed below DBL_MIN raises it too, so such a number alone is
 * taken as typed and any other value below DBL_MIN with it is refused. */
static int underflowed(const struct parser *ps, bool flag, double v)
{
	if (!flag || !(fabs(v) < DBL_MIN))
		return 0;
	if (ps->tiny_literal) {
		/* the number alone, or negated */
		const char *s = ps->src;
		while (isspace((unsigned char)*s) || *s == '-')
			s++;
		if (isdigit((unsigned char)*s) || *s == '.') {
			char *end;
			strtod(s, &end);
			while (isspace((unsigned char)*end))
				end++;
			if (!*end)
				return 0;
		}
	}
	if (v == 0)
		return diag_at(ps->d, "", 1, 1, ps->src,
			       "the value underflows to 0 (it is nonzero, below the smallest "
			       "double, %.2g)",
			       DBL_TRUE_MIN);
	return diag_at(ps->d, "", 1, 1, ps->src,
		       "the value underflows (below %.2g a double loses digits)", DBL_MIN);
}

int expr_eval(const char *src, expr_lookup_fn lookup, void *ctx, double *out, struct diag *d)
{
	struct parser ps = {src, src, 0, lookup, ctx, d, false, NULL, false, {0}, NULL};
	struct expr_q q;
	if (check(&ps, &q))
		return -1;
	char *copy = xstrdup(src);
	feclearexcept(FE_UNDERFLOW);
	void *f = evaluator_create(copy);
	free(copy);
	if (!f)
		return diag_set(d, "cannot evaluate '%s'", src);
	char **names;
	int count;
	evaluator_get_variables(f, &names, &count);
	double *values = xcalloc((size_t)count + 1, sizeof(double));
	int rc = 0;
	for (int i = 0; i < count && !rc; i++)
		rc = lookup(names[i], &values[i], d, ctx);
	double v = 0;
	if (!rc)
		v = evaluator_evaluate(f, count, names, values);
	const bool flag = fetestexcept(FE_UNDERFLOW);
	free(values);
	evaluator_destroy(f);
	if (!rc)
		rc = underflowed(&ps, flag, v);
	if (!rc)
		*out = v;
	return rc;
}

int expr_eval_q(const char *src, const struct expr_env *env, struct expr_q *out,
		struct expr_tail *tail, struct diag *d)
{
	struct parser ps = {src, src, 0, NULL, NULL, d, false, env, false, {0}, NULL};
	struct expr_q q;
	feclearexcept(FE_UNDERFLOW);
	if (check(&ps, &q))
		return -1;
	if (underflowed(&ps, fetestexcept(FE_UNDERFLOW), q.v))
		return -1;
	/* the last unit ends the text only when nothing follows it */
	const char *e = ps.tail_end;
	while (e && isspace((unsigned char)*e))
		e++;
	if (!e || *e)
		ps.tail = (struct expr_tail){strlen(src), false, false};
	if (tail)
		*tail = ps.tail;
	*out = q;
	return 0;
}

struct expr_fn {
	struct sym *f;
	const char *names[1]; /* the variable: what f is evaluated over */
};

static int only_var(const char *name, double *value, struct diag *d, void *ctx)
{
	const char *var = ctx;
	*value = 0.0;
	if (strcmp(name, var))
		return diag_set(d, "unknown name '%s': the formula may use only %s", name, var);
	return 0;
}

struct expr_fn *expr_fn_compile(const char *src, const char *var, struct diag *d)
{
	struct expr_fn *f = xcalloc(1, sizeof(*f));
	f->names[0] = xstrdup(var);
	f->f = sym_new(src, f->names, 1, only_var, (void *)var, d);
	if (!f->f) {
		expr_fn_free(f);
		return NULL;
	}
	return f;
}

size_t expr_fn_size(const struct expr_fn *f)
{
	return sym_length(f->f);
}

double expr_fn_eval(const struct expr_fn *f, double x)
{
	return sym_eval(f->f, &x);
}

void expr_fn_free(struct expr_fn *f)
{
	if (!f)
		return;
	sym_free(f->f);
	free((char *)f->names[0]);
	free(f);
}
