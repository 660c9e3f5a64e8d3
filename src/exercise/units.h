/* Units: a factor to coherent SI and a dimension over length, mass, time
 * and angle. Angle is kept as a dimension of its own so that rpm converts
 * to rad/s and a length is never taken for an angle; its SI unit is the
 * radian. */
#ifndef TRIBO_UNITS_H
#define TRIBO_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

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
void unit_mismatch(struct strbuf *out, const char *given, bool is_unit, const struct unit *got,
		   const char *name, const struct unit *want, const char *want_unit);
/* x in unit `from` expressed in unit `to` (same dimension assumed). */
double unit_convert(double x, const struct unit *from, const struct unit *to);
/* Names of the known units, NULL-terminated (for completion). */
const char *const *unit_names(void);

#endif
