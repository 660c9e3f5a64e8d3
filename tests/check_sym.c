/* Symbolic expressions (num/sym.h): derivatives against calculus and
 * against libmatheval's own (the tree, its simplification and its
 * derivative rules are libmatheval's, so the same text must come out, and
 * the same numbers), evaluation by slots, the readable printer, errors with
 * their column. The test alone calls evaluator_get_string, to compare. */
#include <check.h>
#include <math.h>
#include <matheval.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "num/sym_tree.h"
#include "testutil.h"
#include "util/diag.h"
#include "util/strbuf.h"

static const char *const names[] = {"m", "g", "x", "xdot", "phi", "phidot", "t"};
enum { NN = sizeof(names) / sizeof(names[0]) };
static const double vals[NN] = {2, 9.81, 0.3, -1.7, 0.6, 2.5, 0.25};

static struct sym *mk(const char *text)
{
	struct diag d;
	diag_clear(&d);
	struct sym *f = sym_new(text, names, NN, NULL, NULL, &d);
	ck_assert_msg(f, "%s: %s", text, d.msg);
	return f;
}

/* Whether two trees are the same node for node, numbers to the bit. */
static bool same_tree(const struct node *a, const struct node *b)
{
	if (!a || !b)
		return a == b;
	return a->type == b->type && a->op == b->op && a->k == b->k &&
	       !memcmp(&a->x, &b->x, sizeof(a->x)) && same_tree(a->a, b->a) &&
	       same_tree(a->b, b->b);
}

/* The derivative built simplified (sym_derivative's) is the simplified
 * derivative, node for node: of f, and of the derivative's tree. */
static void derived_simplified(const struct sym *f, const char *name)
{
	int v = -1;
	for (size_t i = 0; i < NN; i++)
		if (!strcmp(names[i], name))
			v = (int)i;
	struct node *slow = tree_simplify(tree_derive(f->root, v));
	struct node *fast = tree_derive_simplified(f->root, v);
	ck_assert_msg(same_tree(slow, fast), "d/d%s of %s", name, sym_text(f));
	struct node *slow2 = tree_simplify(tree_derive(fast, v));
	struct node *fast2 = tree_derive_simplified(fast, v);
	ck_assert_msg(same_tree(slow2, fast2), "d2/d%s2 of %s", name, sym_text(f));
	tree_free(slow);
	tree_free(fast);
	tree_free(slow2);
	tree_free(fast2);
}

/* ∂f/∂name: its text is libmatheval's, and so is its value. */
static void same_as_libmatheval(const char *text, const char *name)
{
	struct sym *f = mk(text);
	derived_simplified(f, name);
	struct sym *df = sym_derivative(f, name);
	char *copy = strdup(text);
	void *ev = evaluator_create(copy);
	free(copy);
	ck_assert_ptr_nonnull(ev);
	void *dev = evaluator_derivative(ev, (char *)name);
	ck_assert_uint_eq(sym_length(f), strlen(evaluator_get_string(ev)));
	ck_assert_str_eq(sym_text(df), evaluator_get_string(dev));
	ck_assert_uint_eq(sym_length(df), strlen(sym_text(df)));
	const double a = sym_eval(df, vals);
	const double b = evaluator_evaluate(dev, NN, (char **)names, (double *)vals);
	ck_assert_msg(a == b || (isnan(a) && isnan(b)), "d/d%s %s: %.17g, libmatheval %.17g", name,
		      text, a, b);
	/* and the second derivative, of the derivative's tree */
	struct sym *ddf = sym_derivative(df, name);
	void *ddev = evaluator_derivative(dev, (char *)name);
	ck_assert_str_eq(sym_text(ddf), evaluator_get_string(ddev));
	const double c = sym_eval(ddf, vals);
	const double e = evaluator_evaluate(ddev, NN, (char **)names, (double *)vals);
	ck_assert_msg(c == e || (isnan(c) && isnan(e)), "d2/d%s2 %s: %.17g, libmatheval %.17g",
		      name, text, c, e);
	evaluator_destroy(ddev);
	evaluator_destroy(dev);
	evaluator_destroy(ev);
	sym_free(ddf);
	sym_free(df);
	sym_free(f);
}

START_TEST(test_like_libmatheval)
{
	static const char *const texts[] = {
		"m*xdot^2/2",
		"m*g*x",
		"m*(xdot^2 + phidot^2*x^2)/2 - m*g*x*cos(phi)",
		"0.01*m*g*abs(xdot)",
		"-x^2 + 2^-x*3",
		"sqrt(xdot^2 + phidot^2)*m",
		"exp(-t/3)*sin(2*pi*t)*x",
		"x^phi + log(x)/x",
		"tan(x) + cot(x) + sec(x) + csc(x)",
		"asin(x/2) + acos(x/3) + atan(x) + acot(x) + asec(3*x+2) + acsc(x+2)",
		"sinh(x) + cosh(x) + tanh(x) + coth(x) + sech(x) + csch(x)",
		"acosh(x+2) + atanh(x) + acoth(x+2) + asech(x) + acsch(x)",
		"step(x) + delta(x) + nandelta(x) + erf(x)",
		"1/3*x^3 + 0*xdot + 1*x + x^1 + x^0 + 0^x + 1^x",
		"(2*3 - 6)*x + sqrt(2)*x + -(-x)",
		"e*x + log2e + ln2*pi_2*sqrt1_2*x^2",
		"1.5e-3*x + .5*x + 2.*x",
	};
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		for (size_t k = 0; k < NN; k++)
			same_as_libmatheval(texts[i], names[k]);
}
END_TEST

/* libmatheval has d asinh(x)/dx = 1/sqrt(1 - x^2): sym has 1/sqrt(1 + x^2). */
START_TEST(test_asinh)
{
	struct sym *f = mk("asinh(2*x)");
	struct sym *df = sym_derivative(f, "x");
	ck_assert_double_eq_tol(sym_eval(df, vals), 2 / sqrt(1 + 0.36), 1e-15);
	sym_free(df);
	sym_free(f);
}
END_TEST

START_TEST(test_calculus)
{
	struct sym *T = mk("m*(xdot^2 + x^2*phidot^2)/2");
	struct sym *p = sym_derivative(T, "phidot");
	struct sym *M = sym_derivative(p, "phidot");
	struct sym *dp = sym_derivative(p, "x");
	/* m x² φ̇, m x², 2 m x φ̇ */
	ck_assert_double_eq_tol(sym_eval(p, vals), 2 * 0.09 * 2.5, 1e-15);
	ck_assert_double_eq_tol(sym_eval(M, vals), 2 * 0.09, 1e-15);
	ck_assert_double_eq_tol(sym_eval(dp, vals), 2 * 2 * 0.3 * 2.5, 1e-15);
	ck_assert_double_eq_tol(sym_eval(T, vals), (1.7 * 1.7 + 0.09 * 6.25), 1e-15);
	ck_assert(sym_uses(T, "x") && sym_uses(T, "phidot") && !sym_uses(T, "t"));
	/* 0*phidot is kept, as libmatheval keeps it */
	ck_assert(sym_uses(M, "x") && !sym_uses(M, "t"));
	ck_assert(!sym_uses(T, "nosuchname"));
	/* ∂(2*xdot)/∂xdot is (0*xdot)+2: it uses xdot, but does not depend on it */
	struct sym *w = mk("2*xdot - x"), *a = sym_derivative(w, "xdot");
	ck_assert(sym_uses(a, "xdot") && !sym_depends(a, "xdot"));
	ck_assert_double_eq(sym_eval(a, vals), 2);
	ck_assert(sym_depends(w, "xdot") && sym_depends(w, "x") && !sym_depends(w, "nosuchname"));
	/* ∂(2*m*xdot)/∂xdot is ((0*m)*xdot)+(2*m): a factor 0 by its form
	 * inside a factor */
	struct sym *w2 = mk("2*m*xdot - phi"), *a2 = sym_derivative(w2, "xdot");
	ck_assert(sym_uses(a2, "xdot") && !sym_depends(a2, "xdot") && sym_depends(a2, "m"));
	ck_assert_double_eq(sym_eval(a2, vals), 4);
	sym_free(a2);
	sym_free(w2);
	sym_free(a);
	sym_free(w);
	sym_free(dp);
	sym_free(M);
	sym_free(p);
	sym_free(T);
}
END_TEST

/* A program of several expressions (sym_prog): the values the trees give,
 * walked (sym_eval_tree), to 1e-12 relative at random states; a shared
 * subexpression computed once (x^4 is two products, x^2 of it shared with
 * x^2 itself); what only the fixed slots (m, g) feed computed again when
 * one of them changes, and only then. */
START_TEST(test_program)
{
	static const char *const texts[] = {
		"m*(xdot^2 + x^2*phidot^2)/2 - m*g*x*cos(phi)",
		"x^4 + x^2 + x^-3 + m*g",
		"sqrt(xdot^2 + phidot^2)*m + exp(-t/3)*sin(2*pi*t)*x",
		"m*g*x^2.5 + abs(xdot)*step(x) + 0*log(phi)",
		"(m*g)^2 + 2^xdot",
	};
	enum { NT = sizeof(texts) / sizeof(texts[0]) };
	struct sym *f[NT + 1];
	const struct sym *fs[NT + 1];
	for (size_t i = 0; i < NT; i++)
		fs[i] = f[i] = mk(texts[i]);
	fs[NT] = NULL; /* stands for 0 */
	struct sym_prog *p = sym_prog_new(fs, NT + 1, 2);
	srand(7);
	for (int k = 0; k < 200; k++) {
		double v[NN], out[NT + 1];
		for (size_t j = 0; j < NN; j++)
			v[j] = 0.1 + 3.0 * rand() / RAND_MAX;
		if (k % 50) /* the parameters change now and then only */
			v[0] = 2, v[1] = 9.81;
		sym_prog_run(p, v, out);
		for (size_t i = 0; i < NT; i++) {
			const double want = sym_eval_tree(f[i], v);
			ck_assert_msg(fabs(out[i] - want) <= 1e-12 * fabs(want),
				      "%s: %.17g, tree %.17g", texts[i], out[i], want);
			ck_assert_double_eq_tol(sym_eval(f[i], v), want, 1e-12 * fabs(want));
		}
		ck_assert(out[NT] == 0);
	}
	/* the parameters changed: the fixed part follows */
	double v[NN] = {3, 1, 0.5, 1, 0.2, 1, 0}, out[NT + 1];
	sym_prog_run(p, v, out);
	ck_assert_double_eq_tol(out[4], 9 + 2, 1e-14);
	v[1] = 2;
	sym_prog_run(p, v, out);
	ck_assert_double_eq_tol(out[4], 36 + 2, 1e-14);
	sym_prog_free(p);
	/* x^4 + x^2 over x alone: x*x, (x*x)*(x*x), the sum: three */
	static const char *const x_only[] = {"x"};
	struct diag d;
	diag_clear(&d);
	struct sym *q = sym_new("x^4 + x^2", x_only, 1, NULL, NULL, &d);
	const struct sym *qs[] = {q, q};
	p = sym_prog_new(qs, 2, 0);
	ck_assert_uint_eq(sym_prog_size(p), 3);
	const double x = 1.5;
	sym_prog_run(p, &x, out);
	ck_assert(out[0] == out[1] && out[0] == 1.5 * 1.5 * (1.5 * 1.5) + 1.5 * 1.5);
	sym_prog_free(p);
	/* a constant mass matrix: nothing left to run at each call */
	struct sym *T = mk("m*xdot^2/2 + m*g*phidot^2/4"), *pT = sym_derivative(T, "xdot"),
		   *M = sym_derivative(pT, "xdot");
	const struct sym *ms[] = {M};
	p = sym_prog_new(ms, 1, 2);
	ck_assert_uint_eq(sym_prog_body_size(p), 0);
	sym_prog_run(p, vals, out);
	ck_assert_double_eq(out[0], 2);
	sym_prog_free(p);
	sym_free(M);
	sym_free(pT);
	sym_free(T);
	sym_free(q);
	for (size_t i = 0; i < NT; i++)
		sym_free(f[i]);
}
END_TEST

/* The slots are the list's order, whatever order the text names them in. */
START_TEST(test_slots)
{
	static const char *const ab[] = {"b", "a"};
	struct diag d;
	diag_clear(&d);
	struct sym *f = sym_new("a - 10*b", ab, 2, NULL, NULL, &d);
	ck_assert_ptr_nonnull(f);
	const double v[] = {1, 100};
	ck_assert_double_eq(sym_eval(f, v), 90);
	struct sym *df = sym_derivative(f, "b");
	ck_assert_double_eq(sym_eval(df, v), -10);
	ck_assert_str_eq(sym_text(f), "a - 10*b");
	sym_free(df);
	sym_free(f);
}
END_TEST

/* The size of the terms: sums added in size, products multiplied, a
 * quotient over the divisor's value, a function's value as it is; and
 * the size's value at least the value's where nothing cancels. */
START_TEST(test_size)
{
	static const struct {
		const char *text;
		double size;
	} cases[] = {
		/* m g x - m g x cancels: 2 9.81 0.3 twice */
		{"m*g*x - m*g*x", 2 * 2 * 9.81 * 0.3},
		{"(x - 0.3)*m", (0.3 + 0.3) * 2},
		{"-(xdot + 1.7)/m", (1.7 + 1.7) / 2},
		{"(x + xdot)^2", (0.3 + 1.7) * (0.3 + 1.7)},
		{"cos(phi)*(3*sin(phi) - 2*sin(x))", 0}, /* filled below */
		{"pi*e - e*pi", 2 * M_PI * M_E},
	};
	const double lw = cos(0.6) * (3 * sin(0.6) + 2 * sin(0.3));
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct sym *f = mk(cases[i].text);
		const double want = cases[i].size ? cases[i].size : lw;
		ck_assert_msg(fabs(sym_size(f, vals) - want) <= 1e-14 * want,
			      "%s: size %.17g, not %.17g", cases[i].text, sym_size(f, vals), want);
		sym_free(f);
	}
	/* where nothing cancels it is the value's size */
	static const char *const plain[] = {"m*g*x", "exp(phi)/xdot", "sqrt(g) + m", "-m^3"};
	for (size_t i = 0; i < sizeof(plain) / sizeof(*plain); i++) {
		struct sym *f = mk(plain[i]);
		ck_assert_double_eq_tol(sym_size(f, vals), fabs(sym_eval(f, vals)),
					1e-14 * fabs(sym_eval(f, vals)));
		sym_free(f);
	}
}
END_TEST

START_TEST(test_calls)
{
	struct sym *R = mk("0.01*m*g*abs(xdot) + sqrt(phidot^2 + 1)");
	struct sym *dx = sym_derivative(R, "xdot");
	struct sym *dphi = sym_derivative(R, "phidot");
	ck_assert(sym_calls(R, "abs") && !sym_calls(R, "step"));
	ck_assert(sym_calls(dx, "step") && !sym_calls(dx, "delta"));
	ck_assert(sym_calls(dphi, "sqrt"));
	ck_assert(!sym_calls(R, "nosuchfunction"));
	double x = -1;
	ck_assert(!sym_constant(R, &x) && !sym_constant(dx, &x));
	/* libmatheval's rules keep 0*t in d(3*t)/dxdot: that uses t */
	struct sym *w = mk("xdot - g + 2*pi"), *a = sym_derivative(w, "xdot"),
		   *b = sym_derivative(w, "g"), *c = sym_derivative(w, "t");
	ck_assert(sym_constant(a, &x) && x == 1);
	ck_assert(sym_constant(b, &x) && x == -1);
	ck_assert(sym_constant(c, &x) && x == 0);
	struct sym *u = mk("xdot - 3*t"), *du = sym_derivative(u, "xdot");
	ck_assert(!sym_constant(du, &x) && sym_uses(du, "t"));
	sym_free(du);
	sym_free(u);
	sym_free(c);
	sym_free(b);
	sym_free(a);
	sym_free(w);
	sym_free(dphi);
	sym_free(dx);
	sym_free(R);
}
END_TEST

static void readable_is(const char *text, const char *name, const char *want)
{
	struct sym *f = mk(text);
	struct sym *df = sym_derivative(f, name);
	struct strbuf out = STRBUF_INIT;
	ck_assert_str_eq(sym_readable_of(df, &out), want);
	strbuf_release(&out);
	sym_free(df);
	sym_free(f);
}

START_TEST(test_readable)
{
	readable_is("m*xdot^2/2", "xdot", "m*xdot");
	readable_is("m*xdot^2/2", "x", "0");
	readable_is("0.01*m*g*abs(xdot)", "xdot", "m*g*sign(xdot)/100");
	readable_is("m*g*x*cos(phi)", "phi", "-(m*g*x*sin(phi))");
	readable_is("x^3/3", "x", "x^2");
	readable_is("m*x/3", "x", "m/3");
	readable_is("m/(x + g)", "x", "-(m/(x + g)^2)");
	readable_is("erf(x)", "x", "2_sqrtpi*exp(-x^2)");
	struct strbuf out = STRBUF_INIT;
	sym_readable("((0*x)+(m*(2*xdot)))/2 - (1*((-3)*phi))", &out);
	ck_assert_str_eq(out.buf, "m*xdot + 3*phi");
	strbuf_release(&out);
}
END_TEST

static int no_t(const char *name, double *value, struct diag *d, void *ctx)
{
	(void)ctx;
	*value = 0;
	return strcmp(name, "t") ? 0 : diag_set(d, "no time here");
}

START_TEST(test_errors)
{
	struct diag d;
	diag_clear(&d);
	ck_assert_ptr_null(sym_new("m*y^2", names, NN, NULL, NULL, &d));
	ck_assert_int_eq(d.col, 3);
	ck_assert_msg(strstr(d.msg, "'y'"), "%s", d.msg);
	diag_clear(&d);
	ck_assert_ptr_null(sym_new("m*(x + ", names, NN, NULL, NULL, &d));
	ck_assert_int_gt(d.col, 0);
	diag_clear(&d);
	ck_assert_ptr_null(sym_new("x + t", names, NN, no_t, NULL, &d));
	ck_assert_str_eq(d.msg, "no time here");
	ck_assert_int_eq(d.col, 5);
	diag_clear(&d);
	struct sym *f = sym_new("x + xdot", names, NN, no_t, NULL, &d);
	ck_assert_ptr_nonnull(f);
	sym_free(f);
}
END_TEST

static Suite *sym_suite(void)
{
	Suite *s = suite_create("sym");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_like_libmatheval);
	tcase_add_test(tc, test_asinh);
	tcase_add_test(tc, test_calculus);
	tcase_add_test(tc, test_slots);
	tcase_add_test(tc, test_program);
	tcase_add_test(tc, test_calls);
	tcase_add_test(tc, test_size);
	tcase_add_test(tc, test_readable);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(sym_suite());
}
