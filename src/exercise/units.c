#include "exercise/units.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

struct base_unit {
	const char *name;
	double factor;
	signed char dim[NDIM]; /* L M T A */
};

#define PI 3.14159265358979323846

static const struct base_unit bases[] = {
	{"m", 1, {1, 0, 0, 0}},
	{"cm", 1e-2, {1, 0, 0, 0}},
	{"mm", 1e-3, {1, 0, 0, 0}},
	{"um", 1e-6, {1, 0, 0, 0}},
	{"µm", 1e-6, {1, 0, 0, 0}},
	{"km", 1e3, {1, 0, 0, 0}},
	{"in", 0.0254, {1, 0, 0, 0}},
	{"ft", 0.3048, {1, 0, 0, 0}},
	{"kg", 1, {0, 1, 0, 0}},
	{"g", 1e-3, {0, 1, 0, 0}},
	{"mg", 1e-6, {0, 1, 0, 0}},
	{"lb", 0.45359237, {0, 1, 0, 0}},
	{"s", 1, {0, 0, 1, 0}},
	{"ms", 1e-3, {0, 0, 1, 0}},
	{"min", 60, {0, 0, 1, 0}},
	{"h", 3600, {0, 0, 1, 0}},
	{"rad", 1, {0, 0, 0, 1}},
	{"deg", PI / 180, {0, 0, 0, 1}},
	{"°", PI / 180, {0, 0, 0, 1}},
	{"rev", 2 * PI, {0, 0, 0, 1}},
	{"rpm", 2 * PI / 60, {0, 0, -1, 1}},
	{"N", 1, {1, 1, -2, 0}},
	{"kN", 1e3, {1, 1, -2, 0}},
	{"mN", 1e-3, {1, 1, -2, 0}},
	{"J", 1, {2, 1, -2, 0}},
	{"W", 1, {2, 1, -3, 0}},
	{"Hz", 1, {0, 0, -1, 0}},
};

static const char *const names[] = {
	"m", "cm", "mm",  "um",	 "km",	 "in",	 "ft",	  "kg",	   "g",	    "mg",  "lb",
	"s", "ms", "min", "h",	 "rad",	 "deg",	 "rev",	  "rpm",   "N",	    "kN",  "mN",
	"J", "W",  "Hz",  "m/s", "km/h", "cm/s", "rad/s", "deg/s", "m/s^2", "N*m", NULL,
};

const char *const *unit_names(void)
{
	return names;
}

static const struct base_unit *find_base(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
		if (strlen(bases[i].name) == n && !strncmp(bases[i].name, s, n))
			return &bases[i];
	return NULL;
}

int unit_parse(const char *s, struct unit *u, struct diag *d)
{
	*u = (struct unit){1.0, {0}};
	const char *p = s;
	int sign = 1;
	while (isspace((unsigned char)*p))
		p++;
	size_t len = strlen(p);
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	if (len == 0 || (len == 1 && *p == '1'))
		return 0;
	bool want_factor = true;
	while (*p) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (*p == '*' || *p == '.') {
			if (want_factor)
				return diag_set(d, "unit '%s': '%c' needs a unit before it", s, *p);
			p++;
			want_factor = true;
			continue;
		}
		if (*p == '/') {
			if (want_factor)
				return diag_set(
					d, "unit '%s': '/' needs a unit before it (write 1/s)", s);
			/* a/b/c = a/(b c), as people write it */
			sign = -1;
			p++;
			want_factor = true;
			continue;
		}
		if (*p == '1' && want_factor && sign > 0 && p[1] != '1') { /* "1/s" */
			p++;
			want_factor = false;
			continue;
		}
		/* a unit name: letters, µ or °, up to an exponent ² or ³ */
		const char *start = p;
		while (*p && (isalpha((unsigned char)*p) || ((unsigned char)*p & 0x80)) &&
		       strncmp(p, "²", strlen("²")) && strncmp(p, "³", strlen("³")))
			p++;
		if (p == start)
			return diag_set(d, "unit '%s': unexpected '%c'", s, *p);
		const struct base_unit *b = find_base(start, (size_t)(p - start));
		if (!b) {
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)(p - start), start);
			const char *near =
				text_suggest(word, names, sizeof(names) / sizeof(names[0]) - 1);
			if (near)
				return diag_set(d, "unknown unit '%s' (did you mean '%s'?)", word,
						near);
			return diag_set(d, "unknown unit '%s'", word);
		}
		int exp = 1;
		if (*p == '^') {
			p++;
			char *end;
			long e = strtol(p, &end, 10);
			if (end == p || e == 0 || e < -9 || e > 9)
				return diag_set(d, "unit '%s': '^' needs a small nonzero integer",
						s);
			exp = (int)e;
			p = end;
		} else if (!strncmp(p, "²", strlen("²"))) {
			exp = 2;
			p += strlen("²");
		} else if (!strncmp(p, "³", strlen("³"))) {
			exp = 3;
			p += strlen("³");
		}
		exp *= sign;
		u->factor *= pow(b->factor, exp);
		for (int i = 0; i < NDIM; i++) {
			int e = u->dim[i] + exp * b->dim[i];
			if (e < -20 || e > 20)
				return diag_set(d, "unit '%s': a power beyond ±20", s);
			u->dim[i] = (signed char)e;
		}
		want_factor = false;
	}
	if (want_factor)
		return diag_set(d, "unit '%s' ends with an operator", s);
	return 0;
}

bool unit_same_dim(const struct unit *a, const struct unit *b)
{
	return !memcmp(a->dim, b->dim, sizeof(a->dim));
}

static const struct {
	signed char dim[NDIM];
	const char *name;
} dim_names[] = {
	{{0, 0, 0, 0}, "dimensionless number"},
	{{1, 0, 0, 0}, "length"},
	{{0, 1, 0, 0}, "mass"},
	{{0, 0, 1, 0}, "time"},
	{{0, 0, 0, 1}, "angle"},
	{{1, 0, -1, 0}, "velocity"},
	{{0, 0, -1, 1}, "angular velocity"},
	{{0, 0, -2, 1}, "angular acceleration"},
	{{1, 0, -2, 0}, "acceleration"},
	{{1, 1, -2, 0}, "force"},
	{{2, 1, -2, 0}, "torque or energy"},
	{{2, 1, -3, 0}, "power"},
	{{0, 0, -1, 0}, "frequency"},
	{{2, 1, 0, 0}, "moment of inertia"},
	{{0, 1, -1, 0}, "viscous coefficient"},
	{{2, 0, 0, 0}, "area"},
};

const char *unit_dim_name(const struct unit *u, char *buf, size_t n)
{
	for (size_t i = 0; i < sizeof(dim_names) / sizeof(dim_names[0]); i++)
		if (!memcmp(dim_names[i].dim, u->dim, sizeof(u->dim))) {
			snprintf(buf, n, "%s", dim_names[i].name);
			return buf;
		}
	static const char sym[NDIM] = {'L', 'M', 'T', 'A'};
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < NDIM && len < n; i++)
		if (u->dim[i])
			len += (size_t)snprintf(buf + len, n - len, "%s%c^%d", len ? " " : "",
						sym[i], u->dim[i]);
	return buf;
}

/* "a" or "an" before a dimension's name ("an angular velocity"; the
 * L^a M^b form is read "an L", "an M", "a T", "an A"). */
static const char *article(const char *name)
{
	return strchr("aeiouLMA", name[0]) ? "an" : "a";
}

void unit_mismatch(struct strbuf *out, const char *given, bool is_unit, const struct unit *got,
		   const char *name, const struct unit *want, const char *want_unit)
{
	char g[64], w[64];
	unit_dim_name(got, g, sizeof(g));
	unit_dim_name(want, w, sizeof(w));
	if (is_unit)
		strbuf_addf(out, "'%s' is a unit of %s", given, g);
	else
		strbuf_addf(out, "%s is %s %s", given, article(g), g);
	strbuf_addf(out, ", but %s is %s %s (%s)", name, article(w), w,
		    want_unit[0] ? want_unit : "no unit");
}

double unit_convert(double x, const struct unit *from, const struct unit *to)
{
	return x * from->factor / to->factor;
}
