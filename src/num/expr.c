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

enum { EXPR_MAX_DEPTH = 64, EXPR_MAX_NAME = 64 };

struct parser {
	const char *src, *p;
	int depth;
	expr_lookup_fn lookup;
	void *ctx;
	struct diag *d;
	bool tiny_literal; /* a number typed below DBL_MIN (read as a subnormal) */
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

static int expr(struct parser *ps);
static int unary(struct parser *ps);

static int primary(struct parser *ps)
{
	skip(ps);
	const char *at = ps->p;
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
		if (isalpha((unsigned char)*ps->p) || *ps->p == '_')
			return fail(ps, ps->p, "expected an operator after the number%s", "");
		if (v != 0 && v < DBL_MIN)
			ps->tiny_literal = true;
		return 0;
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
			if (expr(ps))
				return -1;
			skip(ps);
			if (*ps->p != ')')
				return fail(ps, ps->p, "expected ')' to close the call of %s",
					    name);
			ps->p++;
			ps->depth--;
			return 0;
		}
		if (in_list(functions, at, n))
			return fail(ps, at, "'%s' is a function: write it with parentheses", name);
		if (!in_list(constants, at, n)) {
			double v;
			if (ps->lookup(name, &v, ps->d, ps->ctx)) {
				char m[sizeof(ps->d->msg)];
				memcpy(m, ps->d->msg, sizeof(m));
				return fail(ps, at, "%s", m);
			}
		}
		return 0;
	}
	if (*at == '(') {
		if (++ps->depth > EXPR_MAX_DEPTH)
			return fail(ps, at, "parentheses nested deeper than %s", "64");
		ps->p++;
		if (expr(ps))
			return -1;
		skip(ps);
		if (*ps->p != ')')
			return fail(ps, ps->p, "expected ')'%s", "");
		ps->p++;
		ps->depth--;
		return 0;
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

/* libmatheval reads a^b^c as (a^b)^c; mathematics reads a^(b^c). */
static int power(struct parser *ps)
{
	if (primary(ps))
		return -1;
	skip(ps);
	if (*ps->p != '^')
		return 0;
	ps->p++;
	skip(ps);
	while (*ps->p == '-') {
		ps->p++;
		skip(ps);
	}
	if (primary(ps))
		return -1;
	skip(ps);
	if (*ps->p == '^')
		return fail(ps, ps->p, "a^b^c is ambiguous: write a^(b^c) or (a^b)^c%s", "");
	return 0;
}

static int unary(struct parser *ps)
{
	skip(ps);
	while (*ps->p == '-') {
		ps->p++;
		skip(ps);
	}
	if (*ps->p == '+')
		return fail(ps, ps->p, "a leading '+' is not allowed%s", "");
	return power(ps);
}

static int term(struct parser *ps)
{
	if (unary(ps))
		return -1;
	for (;;) {
		skip(ps);
		if (*ps->p != '*' && *ps->p != '/')
			return 0;
		ps->p++;
		if (unary(ps))
			return -1;
	}
}

static int expr(struct parser *ps)
{
	if (term(ps))
		return -1;
	for (;;) {
		skip(ps);
		if (*ps->p != '+' && *ps->p != '-')
			return 0;
		ps->p++;
		if (term(ps))
			return -1;
	}
}

static int check(struct parser *ps)
{
	const char *src = ps->src;
	if (strlen(src) > 4096)
		return diag_at(ps->d, "", 1, 4097, NULL,
			       "expression too long (%zu characters; at most 4096)", strlen(src));
	if (expr(ps))
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
	struct parser ps = {src, src, 0, lookup, ctx, d, false};
	return check(&ps);
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
	struct parser ps = {src, src, 0, lookup, ctx, d, false};
	if (check(&ps))
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
