/* Units: a factor to coherent SI and a dimension over length, mass, time
 * and angle. Angle is kept as a dimension of its own so that rpm converts
 * to rad/s and a length is never taken for an angle; its SI unit is the
 * radian. */
#ifndef TRIBO_UNITS_H
#define TRIBO_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "num/expr.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum { DIM_LENGTH, DIM_MASS, DIM_TIME, DIM_ANGLE, NDIM };

struct unit {
	double factor; /* value in this unit × factor = value in SI */
	signed char dim[NDIM];
};

/* Parses "m", "cm", "rad/s", "m/s^2", "N*m", "kg m/s^2", "rpm"; "" and "1"
 * are dimensionless. On error d names the unknown piece. */
int unit_parse(const char *s, struct unit *u, struct diag *d);
bool unit_same_dim(const struct unit *a, const struct unit *b);
/* "length", "angular velocity", … or the dimension as L^a M^b T^c A^d. */
const char *unit_dim_name(const struct unit *u, char *buf, size_t n);
/* Why a quantity cannot be NAME: "'kg' is a unit of mass, but r is a length
 * (m)" when `given` is a unit (is_unit), "0.68 m is a length, but stop_time
 * is a time (s)" when it is a value with its unit; `want_unit` is NAME's
 * unit as written ("" says "no unit"). Appended to out. */
/* The same as the message of d for a unit (is_unit): returns -1. */
int unit_refuse(struct diag *d, const char *given, const struct unit *got, const char *name,
		const struct unit *want, const char *want_unit);
void unit_mismatch(struct strbuf *out, const char *given, bool is_unit, const struct unit *got,
		   const char *name, const struct unit *want, const char *want_unit);
/* x in unit `from` expressed in unit `to` (same dimension assumed). */
double unit_convert(double x, const struct unit *from, const struct unit *to);
/* Whether y, x converted, underflowed: a nonzero x became 0 or a subnormal
 * smaller than it ("set r 1e-306 mm" is 1e-309 m, issue 43). */
bool unit_underflows(double x, double y);
/* The symbols of the known units and a few compounds, NULL-terminated
 * (for completion). */
const char *const *unit_names(void);
/* The coherent SI unit of u's dimension: "m", "rad/s", "N*m", "" for a
 * number, else the powers of m, kg, s and rad. Returns buf. */
const char *unit_si_name(const struct unit *u, char *buf, size_t n);
/* Appends every unit tribo knows, by dimension, with its factor to SI and
 * its long names (for `help units`). */
void unit_list(struct strbuf *out);

/* A value as a person types it: an expression and maybe a unit. */
struct quantity {
	double value;	       /* the expression's value, in `unit` (not converted) */
	struct unit unit;      /* dimensionless when none was given */
	const char *unit_text; /* the unit as typed, inside the text; "" when none */
	size_t expr_len;       /* the expression is the text's first expr_len bytes */
};

/* Reads "VALUE [UNIT]": the unit is the longest trailing run of the text
 * that parses as a unit after a complete expression; all of the text is
 * the expression when no such run exists. So "45deg", "45 °", "pi/4 rad",
 * "3/4 m", "15cm" and "300 rpm" have units; "2e-3" is a number and "2*g"
 * the expression (g is no unit there: "2*" is not an expression). A unit
 * that begins with a digit needs a blank before it ("2 1/s"). Names in the
 * expression go to `lookup`. A value that is not finite is an error. A
 * decimal comma between digits is a point ("0,35", "1,4126"), but one
 * that could as well group thousands ("1,412") is refused as ambiguous,
 * as is a number with two marks ("1,234.5"): set, check and grade read
 * numbers alike. */
int unit_quantity_parse(const char *text, expr_lookup_fn lookup, void *ctx, struct quantity *q,
			struct diag *d);

#endif
