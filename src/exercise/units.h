/* Units: a factor to coherent SI and the powers of length, mass, time and
 * angle. An angle is a number, as GNU units has it (deg = pi/180, rpm =
 * 2 pi/60 1/s): unit_same_dim leaves its power out; it is kept to name a
 * unit (rad/s, "angle") as people do. */
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

/* A value as a person types it: an expression over quantities (num/expr.h). */
struct quantity {
	double value;	       /* in `unit`: value × unit.factor is in SI */
	struct unit unit;      /* a number and its unit ("15 cm"): that unit;
				* else factor 1 and the value's powers */
	const char *unit_text; /* the unit that ends the text, inside it; "" when none */
	size_t expr_len;       /* the text before that unit */
	bool has_unit;	       /* a unit, or a name that has one, took part */
	bool divided;	       /* the unit that ends the text binds to a divisor ("3/4 m") */
	bool number_unit;      /* the text is a number and its unit ("3 s") */
};

/* Reads an expression over quantities (num/expr.h): "45deg", "45 °",
 * "pi/4 rad", "(3/4) m", "15cm", "300 rpm", "20 cm * 300 rpm", "2*r" (r
 * with its unit, from `lookup`), "2 1/s" (a unit that begins with a digit
 * needs a blank before it). A value that is not finite is an error. A
 * decimal comma between digits is a point ("0,35", "1,4126"), but one
 * that could as well group thousands ("1,412") is refused as ambiguous,
 * as is a number with two marks ("1,234.5"): set, check and grade read
 * numbers alike. */
int unit_quantity_parse(const char *text, expr_qlookup_fn lookup, void *ctx, struct quantity *q,
			struct diag *d);
/* Evaluates an expression over quantities (no decimal comma, no unit
 * split off): *q in SI. */
int unit_eval(const char *text, expr_qlookup_fn lookup, void *ctx, struct expr_q *q,
	      struct diag *d);
/* The SI unit eval shows a quantity of these powers in: that of its
 * dimension ("m", "N", "N*m", "m/s"), "rad", "rad/s" or "rad/s^2" where
 * the radian's note is kept with them, "1/s" for a rate, else the powers
 * of m, kg and s; "" for a number. Returns buf. */
const char *unit_quantity_name(const signed char *dim, char *buf, size_t n);
/* "a length (m)", "a number": a quantity of these powers (expr_dim_fn). */
void unit_describe(const signed char *dim, char *buf, size_t n);

#endif
