/* Units (parsing, dimensions, conversion to SI) and the text helpers they
 * lean on (number parsing, suggestions, number formatting, wrapping). */
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "exercise/units.h"
#include "testutil.h"
#include "util/diag.h"
#include "util/strbuf.h"
#include "util/text.h"

#define PI 3.14159265358979323846

struct named_unit {
	const char *name;
	double factor;
	signed char dim[NDIM]; /* L M T A */
};

/* Every named unit, with its factor to SI written out independently. */
static const struct named_unit named[] = {
	{"m", 1, {1, 0, 0, 0}},
	{"cm", 0.01, {1, 0, 0, 0}},
	{"mm", 0.001, {1, 0, 0, 0}},
	{"um", 1e-6, {1, 0, 0, 0}},
	{"µm", 1e-6, {1, 0, 0, 0}},
	{"km", 1000, {1, 0, 0, 0}},
	{"in", 0.0254, {1, 0, 0, 0}},
	{"ft", 0.3048, {1, 0, 0, 0}},
	{"kg", 1, {0, 1, 0, 0}},
	{"g", 0.001, {0, 1, 0, 0}},
	{"mg", 1e-6, {0, 1, 0, 0}},
	{"lb", 0.45359237, {0, 1, 0, 0}},
	{"s", 1, {0, 0, 1, 0}},
	{"ms", 0.001, {0, 0, 1, 0}},
	{"min", 60, {0, 0, 1, 0}},
	{"h", 3600, {0, 0, 1, 0}},
	{"rad", 1, {0, 0, 0, 1}},
	{"deg", PI / 180, {0, 0, 0, 1}},
	{"°", PI / 180, {0, 0, 0, 1}},
	{"rev", 2 * PI, {0, 0, 0, 1}},
	{"rpm", 2 * PI / 60, {0, 0, -1, 1}},
	{"N", 1, {1, 1, -2, 0}},
	{"kN", 1000, {1, 1, -2, 0}},
	{"mN", 0.001, {1, 1, -2, 0}},
	{"J", 1, {2, 1, -2, 0}},
	{"W", 1, {2, 1, -3, 0}},
	{"Hz", 1, {0, 0, -1, 0}},
};

/* Compound forms. */
static const struct named_unit compound[] = {
	{"m/s", 1, {1, 0, -1, 0}},
	{"km/h", 1 / 3.6, {1, 0, -1, 0}},
	{"cm/s", 0.01, {1, 0, -1, 0}},
	{"m/s^2", 1, {1, 0, -2, 0}},
	{"N*m", 1, {2, 1, -2, 0}},
	{"N.m", 1, {2, 1, -2, 0}},
	{"kg m/s^2", 1, {1, 1, -2, 0}},
	{"kg*m/s^2", 1, {1, 1, -2, 0}},
	{"rad/s", 1, {0, 0, -1, 1}},
	{"deg/s", PI / 180, {0, 0, -1, 1}},
	{"rad/s^2", 1, {0, 0, -2, 1}},
	{"rpm", 2 * PI / 60, {0, 0, -1, 1}},
	{"deg", PI / 180, {0, 0, 0, 1}},
	{"1/s", 1, {0, 0, -1, 0}},
	{"1/min", 1.0 / 60, {0, 0, -1, 0}},
	{"", 1, {0, 0, 0, 0}},
	{"1", 1, {0, 0, 0, 0}},
	{"  ", 1, {0, 0, 0, 0}},
	{" 1 ", 1, {0, 0, 0, 0}}, /* spaces around "1" as around "m/s" */
	{" m/s ", 1, {1, 0, -1, 0}},
	{"m^2", 1, {2, 0, 0, 0}},
	{"cm^2", 1e-4, {2, 0, 0, 0}},
	{"m^-1", 1, {-1, 0, 0, 0}},
	{"m/s/s", 1, {1, 0, -2, 0}}, /* a/b/c = a/(b c) */
	{"kg m^2", 1, {2, 1, 0, 0}},
	{"mm/min", 0.001 / 60, {1, 0, -1, 0}},
	{"kN*mm", 1, {2, 1, -2, 0}},
};

static void check_unit(const struct named_unit *want)
{
	struct unit u;
	struct diag d;
	diag_clear(&d);
	int rc = unit_parse(want->name, &u, &d);
	ck_assert_msg(rc == 0, "unit_parse(\"%s\") failed: %s", want->name, d.msg);
	ck_assert_msg(fabs(u.factor - want->factor) <= 1e-15 * fabs(want->factor),
		      "factor of \"%s\" = %.17g, expected %.17g", want->name, u.factor,
		      want->factor);
	for (int i = 0; i < NDIM; i++)
		ck_assert_msg(u.dim[i] == want->dim[i], "\"%s\": dim[%d] = %d, expected %d",
			      want->name, i, u.dim[i], want->dim[i]);
}

static struct unit parse_ok(const char *s)
{
	struct unit u;
	struct diag d;
	diag_clear(&d);
	ck_assert_msg(unit_parse(s, &u, &d) == 0, "unit_parse(\"%s\") failed: %s", s, d.msg);
	return u;
}

/* unit_parse(s) must fail, with `part` in the message. */
static void parse_bad(const char *s, const char *part)
{
	struct unit u;
	struct diag d;
	diag_clear(&d);
	int rc = unit_parse(s, &u, &d);
	ck_assert_msg(rc == -1, "unit_parse(\"%s\") accepted (dims %d %d %d %d, factor %g)", s,
		      u.dim[0], u.dim[1], u.dim[2], u.dim[3], u.factor);
	ck_assert_msg(d.msg[0] != '\0', "unit_parse(\"%s\") failed without a message", s);
	ck_assert_msg(strstr(d.msg, part), "unit_parse(\"%s\"): message \"%s\" lacks \"%s\"", s,
		      d.msg, part);
}

/* ---- parsing ---- */

START_TEST(test_parse_named)
{
	check_unit(&named[_i]);
}
END_TEST

START_TEST(test_parse_compound)
{
	check_unit(&compound[_i]);
}
END_TEST

START_TEST(test_parse_all_listed_names)
{
	const char *const *n = unit_names();
	size_t count = 0;
	for (; *n; n++, count++)
		parse_ok(*n);
	ck_assert_uint_ge(count, sizeof(named) / sizeof(named[0]) - 2); /* less µm and ° */
}
END_TEST

START_TEST(test_parse_factors)
{
	/* the factors the brief names, each to 1e-15 relative */
	ck_assert_rel(parse_ok("cm").factor, 0.01, 1e-15);
	ck_assert_rel(parse_ok("rpm").factor, 2 * M_PI / 60, 1e-15);
	ck_assert_rel(parse_ok("deg").factor, M_PI / 180, 1e-15);
	ck_assert_rel(parse_ok("km/h").factor, 1 / 3.6, 1e-15);
	ck_assert_rel(parse_ok("in").factor, 0.0254, 1e-15);
	ck_assert_rel(parse_ok("lb").factor, 0.45359237, 1e-15);
}
END_TEST

/* "m²" is area: the superscript is an exponent, not part of the name. */
START_TEST(test_parse_superscript_square)
{
	const struct named_unit m2 = {"m²", 1, {2, 0, 0, 0}};
	check_unit(&m2);
}
END_TEST

START_TEST(test_parse_superscript_after_slash)
{
	const struct named_unit a = {"m/s²", 1, {1, 0, -2, 0}};
	const struct named_unit v = {"cm³", 1e-6, {3, 0, 0, 0}};
	check_unit(&a);
	check_unit(&v);
}
END_TEST

/* ---- dimensions ---- */

static bool same(const char *a, const char *b)
{
	struct unit ua = parse_ok(a), ub = parse_ok(b);
	return unit_same_dim(&ua, &ub);
}

START_TEST(test_same_dim)
{
	ck_assert(same("rpm", "rad/s"));
	ck_assert(same("rad/s", "rpm"));
	ck_assert(!same("deg", "m"));
	ck_assert(same("N*m", "J"));
	/* an angle is a number, as GNU units has it: rad/s and Hz are 1/s */
	ck_assert(same("Hz", "rad/s"));
	ck_assert(same("Hz", "1/s"));
	ck_assert(same("km/h", "m/s"));
	ck_assert(same("", "1"));
	ck_assert(same("", "rad"));
	ck_assert(same("", "deg"));
	ck_assert(same("rpm", "Hz"));
	ck_assert(!same("rad", "m"));
	ck_assert(!same("rpm", "s"));
	ck_assert(same("W", "J/s"));
	ck_assert(same("kg m/s^2", "N"));
	ck_assert(!same("N", "J"));
	ck_assert(same("deg", "°"));
	ck_assert(same("µm", "um"));
}
END_TEST

static const struct {
	const char *unit, *name;
} dim_names[] = {
	{"", "dimensionless number"},
	{"m", "length"},
	{"kg", "mass"},
	{"s", "time"},
	{"rad", "angle"},
	{"deg", "angle"},
	{"m/s", "velocity"},
	{"rpm", "angular velocity"},
	{"rad/s", "angular velocity"},
	{"rad/s^2", "angular acceleration"},
	{"m/s^2", "acceleration"},
	{"N", "force"},
	{"N*m", "torque or energy"},
	{"J", "torque or energy"},
	{"W", "power"},
	{"Hz", "frequency"},
	{"kg m^2", "moment of inertia"},
	{"kg/s", "viscous coefficient"},
	{"m^2", "area"},
	/* dimensions without a name: L^a M^b T^c A^d, zero powers left out */
	{"m^3", "L^3"},
	{"kg/s^2", "M^1 T^-2"},
	{"rad/m", "L^-1 A^1"},
	{"kg m rad", "L^1 M^1 A^1"},
	{"1/kg", "M^-1"},
};

START_TEST(test_dim_name)
{
	struct unit u = parse_ok(dim_names[_i].unit);
	char buf[64];
	memset(buf, 'x', sizeof(buf));
	const char *got = unit_dim_name(&u, buf, sizeof(buf));
	ck_assert_ptr_eq(got, buf);
	ck_assert_msg(!strcmp(got, dim_names[_i].name),
		      "unit_dim_name(\"%s\") = \"%s\", expected \"%s\"", dim_names[_i].unit, got,
		      dim_names[_i].name);
}
END_TEST

START_TEST(test_dim_name_small_buffer)
{
	/* truncated, NUL-terminated, nothing written past n */
	struct unit u = parse_ok("kg/s^2");
	char buf[16];
	memset(buf, '#', sizeof(buf));
	unit_dim_name(&u, buf, 5);
	ck_assert_str_eq(buf, "M^1 ");
	for (size_t i = 5; i < sizeof(buf); i++)
		ck_assert_int_eq(buf[i], '#');
	memset(buf, '#', sizeof(buf));
	unit_dim_name(&u, buf, 3);
	ck_assert_str_eq(buf, "M^");
	for (size_t i = 3; i < sizeof(buf); i++)
		ck_assert_int_eq(buf[i], '#');
	struct unit v = parse_ok("m/s");
	memset(buf, '#', sizeof(buf));
	unit_dim_name(&v, buf, 4);
	ck_assert_str_eq(buf, "vel");
	ck_assert_int_eq(buf[4], '#');
}
END_TEST

static void mismatch_is(const char *given, bool is_unit, const char *got, const char *name,
			const char *want, const char *expect)
{
	struct unit g = parse_ok(got), w = parse_ok(want);
	struct strbuf sb = STRBUF_INIT;
	unit_mismatch(&sb, given, is_unit, &g, name, &w, want);
	ck_assert_str_eq(strbuf_str(&sb), expect);
	strbuf_release(&sb);
}

START_TEST(test_mismatch)
{
	mismatch_is("m/s^2", true, "m/s^2", "omega", "rad/s",
		    "'m/s^2' is a unit of acceleration, but omega is an angular velocity (rad/s)");
	mismatch_is("1 m/s^2", false, "m/s^2", "t", "s",
		    "1 m/s^2 is an acceleration, but t is a time (s)");
	mismatch_is("2 kg", false, "kg", "mu", "",
		    "2 kg is a mass, but mu is a dimensionless number (no unit)");
	mismatch_is("3 m^3", false, "m^3", "x", "m", "3 m^3 is in m^3, but x is a length (m)");
	mismatch_is("4 s^2", false, "s^2", "x", "m", "4 s^2 is in s^2, but x is a length (m)");
}
END_TEST

/* ---- conversion ---- */

static double convert(double x, const char *from, const char *to)
{
	struct unit f = parse_ok(from), t = parse_ok(to);
	ck_assert_msg(unit_same_dim(&f, &t), "%s and %s differ in dimension", from, to);
	return unit_convert(x, &f, &t);
}

START_TEST(test_convert)
{
	double w = convert(300, "rpm", "rad/s");
	ck_assert_rel(w, 10 * M_PI, 1e-15);
	ck_assert_rel(w, 31.4159265358979, 1e-14); /* the value as written, 15 digits */
	ck_assert_rel(convert(20, "cm", "m"), 0.2, 1e-15);
	ck_assert_rel(convert(45, "deg", "rad"), M_PI / 4, 1e-15);
	ck_assert_rel(convert(1, "km/h", "m/s"), 1 / 3.6, 1e-15);
	ck_assert_rel(convert(36, "km/h", "m/s"), 10, 1e-15);
	ck_assert_rel(convert(2 * M_PI, "rad/s", "rpm"), 60, 1e-15);
	ck_assert_rel(convert(12, "in", "ft"), 1, 1e-15);
	ck_assert_rel(convert(1, "lb", "kg"), 0.45359237, 1e-15);
	ck_assert_rel(convert(1, "h", "min"), 60, 1e-15);
	ck_assert_rel(convert(180, "°", "deg"), 180, 1e-15);
	ck_assert_rel(convert(1, "rev", "deg"), 360, 1e-15);
	ck_assert_rel(convert(1, "kN*mm", "J"), 1, 1e-15);
	ck_assert_rel(convert(3, "m", "m"), 3, 0);
	ck_assert_double_eq(convert(0, "rpm", "rad/s"), 0);
	ck_assert_rel(convert(-300, "rpm", "rad/s"), -10 * M_PI, 1e-15);
}
END_TEST

/* ---- errors ---- */

START_TEST(test_unknown_unit_suggests)
{
	struct unit u;
	struct diag d;
	diag_clear(&d);
	ck_assert_int_eq(unit_parse("cms", &u, &d), -1);
	ck_assert_msg(strstr(d.msg, "unknown unit 'cms'"), "%s", d.msg);
	ck_assert_msg(strstr(d.msg, "did you mean 'cm'?") || strstr(d.msg, "did you mean 'ms'?"),
		      "%s", d.msg);
	diag_clear(&d);
	ck_assert_int_eq(unit_parse("rmp", &u, &d), -1);
	ck_assert_str_eq(d.msg, "unknown unit 'rmp' (did you mean 'rpm'?)");
	diag_clear(&d);
	ck_assert_int_eq(unit_parse("m/sec", &u, &d), -1);
	ck_assert_msg(strstr(d.msg, "unknown unit 'sec'"), "%s", d.msg);
	/* too far from every name: no suggestion */
	diag_clear(&d);
	ck_assert_int_eq(unit_parse("furlong", &u, &d), -1);
	ck_assert_str_eq(d.msg, "unknown unit 'furlong'");
	diag_clear(&d);
	ck_assert_int_eq(unit_parse("µ", &u, &d), -1);
	ck_assert_msg(strstr(d.msg, "unknown unit"), "%s", d.msg);
}
END_TEST

START_TEST(test_unit_syntax_errors)
{
	parse_bad("m/", "ends with an operator");
	parse_bad("m*", "ends with an operator");
	parse_bad("*m", "'*' needs a unit before it");
	parse_bad("m**s", "'*' needs a unit before it");
	parse_bad("m^", "'^' needs a small nonzero integer");
	parse_bad("m^0", "'^' needs a small nonzero integer");
	parse_bad("m^x", "'^' needs a small nonzero integer");
	parse_bad("m^10", "'^' needs a small nonzero integer");
	parse_bad("m^2^3", "unexpected '^'");
	parse_bad("2/s", "unexpected '2'");
	parse_bad("m1", "unexpected '1'");
	parse_bad("m-s", "unexpected '-'");
	parse_bad("(m)", "unexpected '('");
	parse_bad("11", "unit '11'");
}
END_TEST

/* "*m" is refused for the operator lacking a unit before it; a '/' in the
 * same place is the same mistake. */
static const char *const slash_bad[] = {"/s", "m//s", "m*/s"};

START_TEST(test_slash_without_unit_before)
{
	parse_bad(slash_bad[_i], "'/' needs a unit before it");
}
END_TEST

/* The dimension powers are signed chars: many factors must not wrap. */
START_TEST(test_dimension_overflow)
{
	static char s[256];
	s[0] = '\0';
	for (int i = 0; i < 15; i++) /* m^135 */
		strcat(s, "m^9 ");
	struct unit u;
	struct diag d;
	diag_clear(&d);
	int rc = unit_parse(s, &u, &d);
	ck_assert_msg(rc == -1 || u.dim[DIM_LENGTH] == 135,
		      "\"%s\" accepted with length power %d (wrapped)", s, u.dim[DIM_LENGTH]);
}
END_TEST

/* ---- text_parse_double ---- */

START_TEST(test_parse_double_ok)
{
	static const struct {
		const char *s;
		double v;
	} ok[] = {
		{"2", 2},    {"-1.5e3", -1500}, {" 3 ", 3},	      {"+2.5", 2.5},
		{".5", 0.5}, {"1.", 1},		{"1E2", 100},	      {"\t7\n", 7},
		{"0", 0},    {"1e308", 1e308},	{"-2.5e-3", -2.5e-3},
	};
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		double v = -999;
		const char *why = NULL;
		int rc = text_parse_double(ok[i].s, &v, &why);
		ck_assert_msg(rc == 0, "text_parse_double(\"%s\") failed: %s", ok[i].s,
			      why ? why : "(no reason)");
		ck_assert_msg(v == ok[i].v, "text_parse_double(\"%s\") = %.17g, expected %.17g",
			      ok[i].s, v, ok[i].v);
	}
	/* a subnormal keeps its value (with fewer digits); one that
	 * underflows to 0 is refused (issue 43: set m 1e-330 said m = 0 kg) */
	double v = -1;
	const char *why = NULL;
	ck_assert_int_eq(text_parse_double("1e-310", &v, &why), 0);
	ck_assert(v > 0.99e-310 && v < 1.01e-310);
	ck_assert_int_eq(text_parse_double("1e-400", &v, &why), -1);
	ck_assert_str_eq(why, "is out of range (too small for a double: it would read as 0)");
	ck_assert_int_eq(text_parse_double("0e-400", &v, &why), 0);
	ck_assert(v == 0);
	ck_assert_int_eq(text_parse_double("-0", &v, &why), 0);
	ck_assert(v == 0 && signbit(v));
}
END_TEST

START_TEST(test_parse_double_bad)
{
	static const struct {
		const char *s, *why;
	} bad[] = {
		{"banana", "is not a number"},
		{"nan", "is not finite"},
		{"NaN", "is not finite"},
		{"inf", "is not finite"},
		{"-inf", "is not finite"},
		{"+inf", "is not finite"},
		{"Infinity", "is not finite"},
		{" -nan", "is not finite"},
		{"1e400", "is out of range"},
		{"-1e400", "is out of range"},
		{"0x10", "is not a decimal number"},
		{"-0x10", "is not a decimal number"},
		{"", "is not a number"},
		{"   ", "is not a number"},
		{"1.5kg", "is not a number"},
		{"1 2", "is not a number"},
		{"1,5", "is not a number"},
		{"-", "is not a number"},
		{".", "is not a number"},
		{"1e", "is not a number"},
		{"- 5", "is not a number"},
		{"+-5", "is not a number"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		double v = 42;
		const char *why = NULL;
		int rc = text_parse_double(bad[i].s, &v, &why);
		ck_assert_msg(rc == -1, "text_parse_double(\"%s\") accepted: %g", bad[i].s, v);
		ck_assert_msg(why != NULL, "text_parse_double(\"%s\"): no reason", bad[i].s);
		ck_assert_msg(!strncmp(why, bad[i].why, strlen(bad[i].why)),
			      "text_parse_double(\"%s\"): why = \"%s\", expected \"%s\"", bad[i].s,
			      why, bad[i].why);
		ck_assert_msg(v == 42, "text_parse_double(\"%s\") wrote %g on failure", bad[i].s,
			      v);
	}
	const char *why = NULL;
	double v;
	text_parse_double("1e400", &v, &why);
	ck_assert_str_eq(why, "is out of range (too large for a double)");
}
END_TEST

/* ---- text_parse_int ---- */

START_TEST(test_parse_int)
{
	int v = -1;
	ck_assert_int_eq(text_parse_int("42", 0, 100, &v), 0);
	ck_assert_int_eq(v, 42);
	ck_assert_int_eq(text_parse_int("-5", -10, 10, &v), 0);
	ck_assert_int_eq(v, -5);
	ck_assert_int_eq(text_parse_int("+7", 0, 10, &v), 0);
	ck_assert_int_eq(v, 7);
	ck_assert_int_eq(text_parse_int("0", 0, 0, &v), 0);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(text_parse_int("100", 0, 100, &v), 0); /* bounds are inclusive */
	ck_assert_int_eq(v, 100);
	ck_assert_int_eq(text_parse_int("2147483647", INT_MIN, INT_MAX, &v), 0);
	ck_assert_int_eq(v, INT_MAX);
	ck_assert_int_eq(text_parse_int("-2147483648", INT_MIN, INT_MAX, &v), 0);
	ck_assert_int_eq(v, INT_MIN);
	ck_assert_int_eq(text_parse_int("010", 0, 100, &v), 0); /* decimal, not octal */
	ck_assert_int_eq(v, 10);

	static const struct {
		const char *s;
		int lo, hi;
	} bad[] = {
		{"", 0, 100},
		{"x", 0, 100},
		{"4x", 0, 100},
		{"4.0", 0, 100},
		{"1e2", 0, 1000},
		{"0x10", 0, 100},
		{"101", 0, 100},
		{"-1", 0, 100},
		{"- 1", -10, 10},
		{"99999999999999999999", INT_MIN, INT_MAX},
		{"2147483648", INT_MIN, INT_MAX},
		{"-2147483649", INT_MIN, INT_MAX},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 12345;
		ck_assert_msg(text_parse_int(bad[i].s, bad[i].lo, bad[i].hi, &v) == -1,
			      "text_parse_int(\"%s\", %d, %d) accepted: %d", bad[i].s, bad[i].lo,
			      bad[i].hi, v);
		ck_assert_int_eq(v, 12345);
	}
}
END_TEST

/* ---- text_suggest ---- */

START_TEST(test_suggest)
{
	static const char *const names[] = {"omega", "r", "mu", "g", "stop_time"};
	const size_t n = sizeof(names) / sizeof(names[0]);
	ck_assert_str_eq(text_suggest("omgea", names, n), "omega"); /* a transposition */
	ck_assert_str_eq(text_suggest("omeg", names, n), "omega");
	ck_assert_str_eq(text_suggest("OMEGA", names, n), "omega"); /* case is a slip too */
	ck_assert_str_eq(text_suggest("stoptime", names, n), "stop_time");
	ck_assert_str_eq(text_suggest("stop_tmie", names, n), "stop_time");
	ck_assert_str_eq(text_suggest("nu", names, n), "mu");
	ck_assert_ptr_null(text_suggest("banana", names, n));
	ck_assert_ptr_null(text_suggest("xyz", names, n));
	ck_assert_ptr_null(text_suggest("omega", names, 0));
	/* the allowance grows with the word: 1 up to 3 letters, 2 up to 6, 3 beyond */
	static const char *const ab[] = {"abcd"};
	ck_assert_ptr_null(text_suggest("ab", ab, 1));
	ck_assert_str_eq(text_suggest("abxy", ab, 1), "abcd");
	ck_assert_ptr_null(text_suggest("wxyz", ab, 1));
	static const char *const long_one[] = {"abcdefghij"};
	ck_assert_str_eq(text_suggest("abcdefgxyz", long_one, 1), "abcdefghij");
	ck_assert_ptr_null(text_suggest("abcdefwxyz", long_one, 1));
	/* the first of equally close candidates */
	static const char *const units[] = {"m", "cm", "ms", "rpm", "rad"};
	ck_assert_str_eq(text_suggest("cms", units, 5), "cm");
	ck_assert_str_eq(text_suggest("rmp", units, 5), "rpm");
	/* a word too long to compare is not suggested for, and does not crash */
	static char big[200];
	memset(big, 'a', sizeof(big) - 1);
	static const char *const as[] = {"aaaa"};
	ck_assert_ptr_null(text_suggest(big, as, 1));
}
END_TEST

/* ---- text_format_number ---- */

START_TEST(test_clip)
{
	char buf[TEXT_CLIP_SIZE], s[200], want[200];
	ck_assert_str_eq(text_clip("omega", buf, sizeof(buf)), "omega");
	memset(s, 'x', 100);
	s[100] = '\0';
	snprintf(want, sizeof(want), "%.60s…", s);
	ck_assert_str_eq(text_clip(s, buf, sizeof(buf)), want);
	/* 63 bytes fit whole; the cut never splits a character */
	s[63] = '\0';
	ck_assert_str_eq(text_clip(s, buf, sizeof(buf)), s);
	strcpy(s, "a");
	for (int i = 0; i < 40; i++)
		strcat(s, "μ");
	strcpy(want, "a");
	for (int i = 0; i < 29; i++)
		strcat(want, "μ");
	strcat(want, "…");
	ck_assert_str_eq(text_clip(s, buf, sizeof(buf)), want);
}
END_TEST

START_TEST(test_format_number)
{
	char buf[64];
	text_format_number(-0.0, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0");
	text_format_number(0.0, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0");
	text_format_number(1.0 / 3, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.333333333333");
	text_format_number(2, buf, sizeof(buf));
	ck_assert_str_eq(buf, "2");
	text_format_number(-1.5, buf, sizeof(buf));
	ck_assert_str_eq(buf, "-1.5");
	text_format_number(0.1 + 0.2, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.3");
	text_format_number(1e20, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1e+20");
	text_format_number(1.5e-7, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1.5e-07");
	text_format_number(0.679578661230037, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.67957866123");
	text_format_number(-1e-300 * 1e-300, buf, sizeof(buf)); /* -0 from underflow */
	ck_assert_str_eq(buf, "0");
	/* truncated to the buffer */
	memset(buf, '#', sizeof(buf));
	text_format_number(1.0 / 3, buf, 5);
	ck_assert_str_eq(buf, "0.33");
	ck_assert_int_eq(buf[5], '#');
}
END_TEST

/* ---- text_wrap ---- */

static void check_wrap(const char *s, int width, int indent, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	text_wrap(&sb, s, width, indent);
	char got[1024];
	snprintf(got, sizeof(got), "%s", strbuf_str(&sb));
	strbuf_release(&sb);
	ck_assert_msg(!strcmp(got, want), "text_wrap(\"%s\", %d, %d) = \"%s\", expected \"%s\"", s,
		      width, indent, got, want);
}

START_TEST(test_wrap)
{
	check_wrap("the quick brown fox", 80, 0, "the quick brown fox\n");
	check_wrap("the quick brown fox", 11, 2, "  the quick\n  brown fox\n");
	check_wrap("the quick brown fox", 10, 2, "  the\n  quick\n  brown\n  fox\n");
	check_wrap("the quick brown fox", 9, 0, "the quick\nbrown fox\n"); /* exactly full */
	check_wrap("the quick brown fox", 8, 0, "the\nquick\nbrown\nfox\n");
	check_wrap("  many   spaces\nand\n\nlines  ", 80, 0, "many spaces and lines\n");
	check_wrap("", 80, 4, "");
	check_wrap("   \n ", 80, 4, "");
	/* a word longer than the width has a line of its own, unbroken */
	check_wrap("a incomprehensibilities b", 10, 0, "a\nincomprehensibilities\nb\n");
	/* widths count code points, not bytes */
	check_wrap("ééé ééé", 7, 0, "ééé ééé\n");
	check_wrap("ééé ééé", 6, 0, "ééé\nééé\n");
	check_wrap("μ·m·g·r ω", 9, 0, "μ·m·g·r ω\n");

	/* appends to what is there */
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "> ");
	text_wrap(&sb, "one two", 80, 1);
	char got[64];
	snprintf(got, sizeof(got), "%s", strbuf_str(&sb));
	strbuf_release(&sb);
	ck_assert_str_eq(got, ">  one two\n");
}
END_TEST

/* steps: short lines keep their spacing, long ones hang 4 deeper */
START_TEST(test_wrap_lines)
{
	struct strbuf sb = STRBUF_INIT;
	text_wrap_lines(&sb, "N =  m g\n  aa bb cc dd\nμ ∂v/∂q̇ ok\n", 10);
	ck_assert_str_eq(strbuf_str(&sb), "N =  m g\n  aa bb cc\n      dd\nμ ∂v/∂q̇ ok\n");
	strbuf_reset(&sb);
	text_wrap_lines(&sb, "no newline at the end", 80);
	ck_assert_str_eq(strbuf_str(&sb), "no newline at the end\n");
	strbuf_reset(&sb);
	text_wrap_lines(&sb, "", 80);
	ck_assert_str_eq(strbuf_str(&sb), "");
	strbuf_release(&sb);
	/* columns: the dot of q̇ is a combining mark; a stray byte counts one */
	ck_assert_int_eq(utf8_width("q̇"), 1);
	ck_assert_int_eq(utf8_width("μ ∂v/∂q̇"), 7);
	ck_assert_int_eq(utf8_width("a\xFF"
				    "b"),
			 3);
	/* a truncated sequence: a '?' a byte, as the screen draws it */
	ck_assert_int_eq(utf8_width("\xE2\x88"), 2);
}
END_TEST

/* ---- long names, glued units, expressions (unit_quantity_parse) ---- */

/* Every long name and plural a person types, with the symbol it means. */
static const struct {
	const char *word, *symbol;
} long_names[] = {
	{"meter", "m"},
	{"meters", "m"},
	{"metre", "m"},
	{"metres", "m"},
	{"centimeter", "cm"},
	{"centimeters", "cm"},
	{"centimetre", "cm"},
	{"centimetres", "cm"},
	{"millimeter", "mm"},
	{"millimeters", "mm"},
	{"millimetre", "mm"},
	{"millimetres", "mm"},
	{"micrometer", "um"},
	{"micrometres", "um"},
	{"kilometer", "km"},
	{"kilometers", "km"},
	{"kilometre", "km"},
	{"kilometres", "km"},
	{"inch", "in"},
	{"inches", "in"},
	{"foot", "ft"},
	{"feet", "ft"},
	{"kilogram", "kg"},
	{"kilograms", "kg"},
	{"gram", "g"},
	{"grams", "g"},
	{"milligram", "mg"},
	{"milligrams", "mg"},
	{"pound", "lb"},
	{"pounds", "lb"},
	{"second", "s"},
	{"seconds", "s"},
	{"millisecond", "ms"},
	{"milliseconds", "ms"},
	{"minute", "min"},
	{"minutes", "min"},
	{"hour", "h"},
	{"hours", "h"},
	{"radian", "rad"},
	{"radians", "rad"},
	{"degree", "deg"},
	{"degrees", "deg"},
	{"revolution", "rev"},
	{"revolutions", "rev"},
	{"newton", "N"},
	{"newtons", "N"},
	{"kilonewton", "kN"},
	{"millinewtons", "mN"},
	{"joule", "J"},
	{"joules", "J"},
	{"watt", "W"},
	{"watts", "W"},
	{"hertz", "Hz"},
	/* compounds of long names, as the parser does compounds */
	{"meters/second", "m/s"},
	{"kilometers/hour", "km/h"},
	{"revolutions/minute", "rpm"},
	{"degrees/second", "deg/s"},
	{"newton*meters", "N*m"},
	{"newton meter", "N*m"},
	{"meters/second^2", "m/s^2"},
	{"centimeters/s", "cm/s"},
};

START_TEST(test_long_name)
{
	struct unit a = parse_ok(long_names[_i].word), b = parse_ok(long_names[_i].symbol);
	ck_assert_msg(unit_same_dim(&a, &b), "%s and %s differ in dimension", long_names[_i].word,
		      long_names[_i].symbol);
	ck_assert_rel(a.factor, b.factor, 1e-15);
}
END_TEST

/* The names of the tests: r, a length of 0.11 m, and ans, the number 3;
 * any other is no name (1), so that a unit of its spelling is one. */
static int test_lookup(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	(void)ctx;
	if (!strcmp(name, "r")) {
		*q = (struct expr_q){0.11, {1, 0, 0, 0}, true};
		return 0;
	}
	if (!strcmp(name, "ans")) {
		*q = (struct expr_q){3, {0}, false};
		return 0;
	}
	diag_set(d, "unknown name '%s'", name);
	return 1;
}

static const struct {
	const char *text;
	double value;	  /* in the unit */
	const char *unit; /* the unit that ends the text; "" for none */
	double si;	  /* value × the unit's factor */
} quantities[] = {
	{"45", 45, "", 45},
	{"2e-3", 2e-3, "", 2e-3},
	{"-1.5e3", -1500, "", -1500},
	{"45 deg", 45, "deg", PI / 4},
	{"45deg", 45, "deg", PI / 4},
	{"45 degrees", 45, "degrees", PI / 4},
	{"45degrees", 45, "degrees", PI / 4},
	{"45°", 45, "°", PI / 4},
	{"45 °", 45, "°", PI / 4},
	/* pi/(4 rad): an angle is a number, so the same value */
	{"pi/4 rad", PI / 4, "rad", PI / 4},
	{"pi/4rad", PI / 4, "rad", PI / 4},
	{"pi / 4 radians", PI / 4, "radians", PI / 4},
	{"(3/4) m", 0.75, "m", 0.75},
	{"15cm", 15, "cm", 0.15},
	{"15 centimetres", 15, "centimetres", 0.15},
	{"300 rpm", 300, "rpm", 10 * PI},
	{"300rpm", 300, "rpm", 10 * PI},
	{"2 m/s^2", 2, "m/s^2", 2},
	{"9.81 meters/second^2", 9.81, "meters/second^2", 9.81},
	{"2 1/s", 2, "1/s", 2},
	{"1e3m", 1000, "m", 1000},
	{"2.5e-3 kg", 2.5e-3, "kg", 2.5e-3},
	/* not a number and its unit: the value in SI */
	{"(1+2) s", 3, "s", 3},
	{"(1+2)s", 3, "s", 3},
	{"sqrt(2) m", 1.4142135623730951, "m", 1.4142135623730951},
	{"2*r", 0.22, "", 0.22}, /* r with its unit, in SI */
	{"ans", 3, "", 3},	 /* "an" and "s" would be a name glued to a unit */
	{"2*ans", 6, "", 6},
	{"21", 21, "", 21}, /* "1" alone is never a unit */
	{"1 h", 1, "h", 3600},
	{"90 minutes", 90, "minutes", 5400},
	{"20 cm * 300 rpm", 2 * PI, "rpm", 2 * PI},
	/* a no-break space (U+00A0), a narrow one (U+202F), a thin one
	 * (U+2009) as a word processor puts them (issue 43) */
	{"0.6678\u00a0s", 0.6678, "s", 0.6678},
	{"7.5\u202fg", 7.5, "g", 0.0075},
	{"2\u2009m/s", 2, "m/s", 2},
};

START_TEST(test_quantity)
{
	struct quantity q;
	struct diag d;
	diag_clear(&d);
	const char *t = quantities[_i].text;
	int rc = unit_quantity_parse(t, test_lookup, NULL, &q, &d);
	ck_assert_msg(rc == 0, "\"%s\" refused: %s", t, d.msg);
	ck_assert_rel(q.value, quantities[_i].value, 1e-15);
	ck_assert_str_eq(q.unit_text, quantities[_i].unit);
	ck_assert_rel(q.value * q.unit.factor, quantities[_i].si, 1e-15);
}
END_TEST

/* Refused, with `part` in the message. */
static const struct {
	const char *text, *part;
} bad_quantities[] = {
	{"45 degreez", "unknown unit 'degreez' (did you mean 'degrees'?)"},
	{"45degreez", "unknown unit 'degreez' (did you mean 'degrees'?)"},
	{"45 degre", "unknown unit 'degre' (did you mean 'degree'?)"},
	{"45 metrs", "unknown unit 'metrs' (did you mean 'metres'?)"},
	{"pi/4 radx", "unknown unit 'radx' (did you mean 'rad'?)"},
	{"2 m/sx", "unknown unit 'sx'"},
	{"1/0 m", "'1/0' is not a finite number"},
	{"1/0", "'1/0' is not a finite number"},
	{"-1/0 deg", "'-1/0' is not a finite number"},
	{"sqrt(-1) m", "'sqrt(-1)' is not a finite number"},
	{"inf", "'inf' is not finite"},
	{"1e400", "'1e400' is out of range"},
	/* one that underflows to 0 is no number it can hold (issue 43) */
	{"1e-330", "'1e-330' is out of range (too small for a double"},
	{"1e-400 m", "'1e-400' is out of range (too small for a double"},
	{"2*1e-400 m", "number too small (it would read as 0)"},
	{"banana", "unknown name 'banana'"},
	{"2*", "ends where a value is expected"},
	{"2 1", "expected an operator"}, /* "1" alone is no unit */
	/* a unit binds to a number or a ')': a name has its own */
	{"2*r cm", "not after the name r"},
	{"2*ans ms", "not after the name ans"},
	{"1 m + 1 s", "cannot add a length (m) and a time (s)"},
	{"", "ends where a value is expected"},
};

START_TEST(test_quantity_bad)
{
	struct quantity q;
	struct diag d;
	diag_clear(&d);
	const char *t = bad_quantities[_i].text;
	ck_assert_msg(unit_quantity_parse(t, test_lookup, NULL, &q, &d) == -1, "\"%s\" accepted",
		      t);
	ck_assert_msg(strstr(d.msg, bad_quantities[_i].part), "\"%s\": \"%s\" lacks \"%s\"", t,
		      d.msg, bad_quantities[_i].part);
}
END_TEST

/* The wrong dimension is for the caller to judge: the unit comes back. */
START_TEST(test_quantity_dimension)
{
	struct quantity q;
	struct diag d;
	diag_clear(&d);
	ck_assert_int_eq(unit_quantity_parse("3 s", test_lookup, NULL, &q, &d), 0);
	struct unit m = parse_ok("m");
	ck_assert(!unit_same_dim(&q.unit, &m));
	char buf[64];
	ck_assert_str_eq(unit_dim_name(&q.unit, buf, sizeof(buf)), "time");
}
END_TEST

/* Quantities in expressions: each value and its powers of m, kg, s worked
 * out by hand (an angle is a number: deg = pi/180, rpm = 2 pi/60 1/s). */
static const struct {
	const char *text;
	double si;
	signed char dim[3];
	const char *shown; /* the unit eval shows it in */
} q_ok[] = {
	{"20 cm * 300 rpm", 0.2 * 300 * 2 * PI / 60, {1, 0, -1}, "m/s"},
	{"sin(30 deg)", 0.5, {0, 0, 0}, ""},
	{"2 N * 3 m", 6, {2, 1, -2}, "N*m"},
	{"2 N*m", 2, {2, 1, -2}, "N*m"},
	{"2 N m", 2, {2, 1, -2}, "N*m"},
	{"sqrt(4 m^2)", 2, {1, 0, 0}, "m"},
	{"1/(2 s)", 0.5, {0, 0, -1}, "1/s"},
	{"3 m^2", 3, {2, 0, 0}, "m^2"},
	{"3 m²", 3, {2, 0, 0}, "m^2"},
	{"3/4 m", 0.75, {-1, 0, 0}, "m^-1"}, /* 3/(4 m) */
	{"(3/4) m", 0.75, {1, 0, 0}, "m"},
	{"300 rpm", 10 * PI, {0, 0, -1}, "rad/s"},
	{"30 deg", PI / 6, {0, 0, 0}, "rad"},
	{"45°", PI / 4, {0, 0, 0}, "rad"},
	{"9.81 m/s^2 * 2 kg", 19.62, {1, 1, -2}, "N"},
	{"36 km/h", 10, {1, 0, -1}, "m/s"},
	{"(2 m)^2", 4, {2, 0, 0}, "m^2"},
	{"r/(2 s)", 0.055, {1, 0, -1}, "m/s"},
	{"2 kg m^2", 2, {2, 1, 0}, "kg*m^2"},
	{"1 m/s/s", 1, {1, 0, -2}, "m/s^2"},
	{"2 1/s", 2, {0, 0, -1}, "1/s"},
	{"1/s", 1, {0, 0, -1}, "1/s"}, /* a unit standing as a value */
	{"atan(1)", PI / 4, {0, 0, 0}, "rad"},
	{"2*pi*5 rad/s", 10 * PI, {0, 0, -1}, "rad/s"},
	{"1 m + 50 cm", 1.5, {1, 0, 0}, "m"},
	{"abs(-2 s)", 2, {0, 0, 1}, "s"},
	{"10 min", 600, {0, 0, 1}, "s"},
};

START_TEST(test_q_ok)
{
	struct expr_q q;
	struct diag d;
	diag_clear(&d);
	const char *t = q_ok[_i].text;
	ck_assert_msg(unit_eval(t, test_lookup, NULL, &q, &d) == 0, "\"%s\" refused: %s", t, d.msg);
	ck_assert_rel(q.v, q_ok[_i].si, 1e-15);
	for (int k = 0; k < 3; k++)
		ck_assert_msg(q.dim[k] == q_ok[_i].dim[k], "\"%s\": power %d of %s is %d", t,
			      q_ok[_i].dim[k],
			      k == 0   ? "m"
			      : k == 1 ? "kg"
				       : "s",
			      q.dim[k]);
	char buf[64];
	ck_assert_str_eq(unit_quantity_name(q.dim, buf, sizeof buf), q_ok[_i].shown);
}
END_TEST

/* Refused, with the message and the column of the mistake. */
static const struct {
	const char *text, *part;
	int col;
} q_bad[] = {
	{"1 m + 1 s", "cannot add a length (m) and a time (s)", 5},
	{"1 m - 1 s", "cannot subtract a time (s) from a length (m)", 5},
	{"1 m + 1", "cannot add a length (m) and a number", 5},
	{"sin(1 m)", "sin wants a number (an angle is one), not a length (m)", 1},
	{"exp(2 s)", "exp wants a number", 1},
	{"2^(1 s)", "'^' wants a number for its exponent, not a time (s)", 2},
	{"sqrt(2 m)", "the square root of a length (m) has no whole powers", 1},
	{"(2 m)^0.5", "a length (m) to the power 0.5 has no whole powers", 6},
	{"r cm", "not after the name r", 3},
	{"45 degreez", "unknown unit 'degreez' (did you mean 'degrees'?)", 4},
	{"2 banana", "unknown unit 'banana'", 3},
	{"2 N * 3 m + 1 kg", "cannot add a torque or energy (N*m) and a mass (kg)", 11},
};

START_TEST(test_q_bad)
{
	struct expr_q q;
	struct diag d;
	diag_clear(&d);
	const char *t = q_bad[_i].text;
	ck_assert_msg(unit_eval(t, test_lookup, NULL, &q, &d) == -1, "\"%s\" accepted", t);
	ck_assert_msg(strstr(d.msg, q_bad[_i].part), "\"%s\": \"%s\" lacks \"%s\"", t, d.msg,
		      q_bad[_i].part);
	ck_assert_msg(d.col == q_bad[_i].col, "\"%s\": column %d, expected %d", t, d.col,
		      q_bad[_i].col);
}
END_TEST

START_TEST(test_si_name)
{
	static const struct {
		const char *unit, *si;
	} si[] = {
		{"cm", "m"},	       {"g", "kg"},	 {"min", "s"},
		{"deg", "rad"},	       {"rpm", "rad/s"}, {"km/h", "m/s"},
		{"kN", "N"},	       {"J", "N*m"},	 {"", ""},
		{"Hz", "Hz"},	       {"m^3", "m^3"},	 {"kg/s^2", "kg s^-2"},
		{"rad/m", "m^-1 rad"},
	};
	for (size_t i = 0; i < sizeof(si) / sizeof(si[0]); i++) {
		struct unit u = parse_ok(si[i].unit);
		char buf[64];
		ck_assert_str_eq(unit_si_name(&u, buf, sizeof(buf)), si[i].si);
	}
}
END_TEST

/* help units: every unit of the table, and its long names, by dimension. */
START_TEST(test_unit_list)
{
	struct strbuf sb = STRBUF_INIT;
	unit_list(&sb);
	const char *all = strbuf_str(&sb);
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		char line[64];
		snprintf(line, sizeof(line), "\n  %s ", named[i].name);
		ck_assert_msg(strstr(all, line), "help units lacks %s", named[i].name);
	}
	for (size_t i = 0; i < sizeof(long_names) / sizeof(long_names[0]); i++)
		if (!strchr(long_names[i].word, '/') && !strchr(long_names[i].word, '*') &&
		    !strchr(long_names[i].word, ' '))
			ck_assert_msg(strstr(all, long_names[i].word), "help units lacks %s",
				      long_names[i].word);
	ck_assert(strstr(all, "length (SI: m):\n  m    = 1 m "));
	ck_assert(strstr(all, "\n  cm   = 0.01 m "));
	ck_assert(strstr(all, "angular velocity (SI: rad/s):\n  rpm  = 0.10471975512 rad/s\n"));
	strbuf_release(&sb);
}
END_TEST

static Suite *units_suite(void)
{
	Suite *s = suite_create("units");

	TCase *tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse_named, 0, sizeof(named) / sizeof(named[0]));
	tcase_add_loop_test(tc, test_parse_compound, 0, sizeof(compound) / sizeof(compound[0]));
	tcase_add_test(tc, test_parse_all_listed_names);
	tcase_add_test(tc, test_parse_factors);
	tcase_add_test(tc, test_parse_superscript_square);
	tcase_add_test(tc, test_parse_superscript_after_slash);
	suite_add_tcase(s, tc);

	tc = tcase_create("dimensions");
	tcase_add_test(tc, test_same_dim);
	tcase_add_loop_test(tc, test_dim_name, 0, sizeof(dim_names) / sizeof(dim_names[0]));
	tcase_add_test(tc, test_dim_name_small_buffer);
	tcase_add_test(tc, test_convert);
	tcase_add_test(tc, test_mismatch);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_unknown_unit_suggests);
	tcase_add_test(tc, test_unit_syntax_errors);
	tcase_add_loop_test(tc, test_slash_without_unit_before, 0,
			    sizeof(slash_bad) / sizeof(slash_bad[0]));
	tcase_add_test(tc, test_dimension_overflow);
	suite_add_tcase(s, tc);

	tc = tcase_create("as typed");
	tcase_add_loop_test(tc, test_long_name, 0, sizeof(long_names) / sizeof(long_names[0]));
	tcase_add_loop_test(tc, test_quantity, 0, sizeof(quantities) / sizeof(quantities[0]));
	tcase_add_loop_test(tc, test_quantity_bad, 0,
			    sizeof(bad_quantities) / sizeof(bad_quantities[0]));
	tcase_add_test(tc, test_quantity_dimension);
	tcase_add_loop_test(tc, test_q_ok, 0, sizeof(q_ok) / sizeof(q_ok[0]));
	tcase_add_loop_test(tc, test_q_bad, 0, sizeof(q_bad) / sizeof(q_bad[0]));
	tcase_add_test(tc, test_si_name);
	tcase_add_test(tc, test_unit_list);
	suite_add_tcase(s, tc);

	tc = tcase_create("text");
	tcase_add_test(tc, test_parse_double_ok);
	tcase_add_test(tc, test_parse_double_bad);
	tcase_add_test(tc, test_parse_int);
	tcase_add_test(tc, test_suggest);
	tcase_add_test(tc, test_format_number);
	tcase_add_test(tc, test_clip);
	tcase_add_test(tc, test_wrap);
	tcase_add_test(tc, test_wrap_lines);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(units_suite());
}
