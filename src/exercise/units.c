#include "exercise/units.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/expr.h"
#include "util/text.h"
#include "util/xalloc.h"

struct base_unit {
	const char *name;
	double factor;
	signed char dim[NDIM]; /* L M T A */
	const char *words;     /* the long names a person types, blank-separated */
};

#define PI 3.14159265358979323846

/* Every unit tribo knows: parsing, completion, suggestions and `help units`
 * all read this table. */
static const struct base_unit bases[] = {
	{"m", 1, {1, 0, 0, 0}, "meter meters metre metres"},
	{"cm", 1e-2, {1, 0, 0, 0}, "centimeter centimeters centimetre centimetres"},
	{"mm", 1e-3, {1, 0, 0, 0}, "millimeter millimeters millimetre millimetres"},
	{"um", 1e-6, {1, 0, 0, 0}, "micrometer micrometers micrometre micrometres"},
	{"µm", 1e-6, {1, 0, 0, 0}, ""},
	{"km", 1e3, {1, 0, 0, 0}, "kilometer kilometers kilometre kilometres"},
	{"in", 0.0254, {1, 0, 0, 0}, "inch inches"},
	{"ft", 0.3048, {1, 0, 0, 0}, "foot feet"},
	{"kg", 1, {0, 1, 0, 0}, "kilogram kilograms"},
	{"g", 1e-3, {0, 1, 0, 0}, "gram grams"},
	{"mg", 1e-6, {0, 1, 0, 0}, "milligram milligrams"},
	{"lb", 0.45359237, {0, 1, 0, 0}, "pound pounds"},
	{"s", 1, {0, 0, 1, 0}, "second seconds"},
	{"ms", 1e-3, {0, 0, 1, 0}, "millisecond milliseconds"},
	{"min", 60, {0, 0, 1, 0}, "minute minutes"},
	{"h", 3600, {0, 0, 1, 0}, "hour hours"},
	{"rad", 1, {0, 0, 0, 1}, "radian radians"},
	{"deg", PI / 180, {0, 0, 0, 1}, "degree degrees"},
	{"°", PI / 180, {0, 0, 0, 1}, ""},
	{"rev", 2 * PI, {0, 0, 0, 1}, "revolution revolutions"},
	{"rpm", 2 * PI / 60, {0, 0, -1, 1}, ""},
	{"N", 1, {1, 1, -2, 0}, "newton newtons"},
	{"kN", 1e3, {1, 1, -2, 0}, "kilonewton kilonewtons"},
	{"mN", 1e-3, {1, 1, -2, 0}, "millinewton millinewtons"},
	{"J", 1, {2, 1, -2, 0}, "joule joules"},
	{"W", 1, {2, 1, -3, 0}, "watt watts"},
	{"Hz", 1, {0, 0, -1, 0}, "hertz"},
};

enum { NBASES = sizeof(bases) / sizeof(bases[0]) };

/* Compounds offered by completion after the units themselves. */
static const char *const compounds[] = {
	"m/s", "km/h", "cm/s", "rad/s", "deg/s", "m/s^2", "N*m",
};

enum { NCOMPOUNDS = sizeof(compounds) / sizeof(compounds[0]) };

const char *const *unit_names(void)
{
	static const char *names[NBASES + NCOMPOUNDS + 1];
	if (!names[0]) {
		size_t n = 0;
		for (size_t i = 0; i < NBASES; i++)
			names[n++] = bases[i].name;
		for (size_t i = 0; i < NCOMPOUNDS; i++)
			names[n++] = compounds[i];
		names[n] = NULL;
	}
	return names;
}

/* Whether the n bytes at s are one of the blank-separated words. */
static bool in_words(const char *words, const char *s, size_t n)
{
	for (const char *w = words; *w;) {
		size_t len = strcspn(w, " ");
		if (len == n && !strncmp(w, s, n))
			return true;
		w += len;
		w += strspn(w, " ");
	}
	return false;
}

/* The unit nearest to a mistyped word, symbols and long names alike. Each
 * unit's long names are offered last first, so that of a singular and a
 * plural equally near ("degreez") the plural, as long as the word, wins. */
static const char *suggest(const char *word)
{
	enum { MAX_CANDS = 256 };
	static char store[2048];
	const char *cands[MAX_CANDS];
	size_t n = 0, used = 0;
	for (size_t i = 0; i < NBASES && n < MAX_CANDS; i++) {
		cands[n++] = bases[i].name;
		size_t first = n;
		for (const char *w = bases[i].words; *w && n < MAX_CANDS;) {
			size_t len = strcspn(w, " ");
			if (used + len + 1 > sizeof(store))
				break;
			memcpy(store + used, w, len);
			store[used + len] = '\0';
			cands[n++] = store + used;
			used += len + 1;
			w += len;
			w += strspn(w, " ");
		}
		for (size_t j = first, k = n; j + 1 < k; j++, k--) {
			const char *t = cands[j];
			cands[j] = cands[k - 1];
			cands[k - 1] = t;
		}
	}
	return text_suggest(word, cands, n);
}

static const struct base_unit *find_base(const char *s, size_t n)
{
	for (size_t i = 0; i < NBASES; i++)
		if ((strlen(bases[i].name) == n && !strncmp(bases[i].name, s, n)) ||
		    in_words(bases[i].words, s, n))
			return &bases[i];
	return NULL;
}

/* unit_parse; with d NULL it only says whether s is a unit, at the cost of
 * the part it reads (unit_quantity_parse tries many places of one text). */
static int parse(const char *s, struct unit *u, struct diag *d)
{
	char clip[TEXT_CLIP_SIZE];
#define FAIL(...) (d ? diag_set(d, __VA_ARGS__) : -1)
#define S	  text_clip(s, clip, sizeof(clip))
	*u = (struct unit){1.0, {0}};
	const char *p = s;
	int sign = 1;
	while (isspace((unsigned char)*p))
		p++;
	/* "" and "1" are numbers; looked at without strlen, for
	 * unit_quantity_parse tries many places of one long text */
	const char *q = p + (*p == '1');
	while (isspace((unsigned char)*q))
		q++;
	if (!*q)
		return 0;
	bool want_factor = true;
	while (*p) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (*p == '*' || *p == '.') {
			if (want_factor)
				return FAIL("unit '%s': '%c' needs a unit before it", S, *p);
			p++;
			want_factor = true;
			continue;
		}
		if (*p == '/') {
			if (want_factor)
				return FAIL("unit '%s': '/' needs a unit before it (write 1/s)", S);
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
			return FAIL("unit '%s': unexpected '%c'", S, *p);
		const struct base_unit *b = find_base(start, (size_t)(p - start));
		if (!b) {
			if (!d)
				return -1;
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)(p - start), start);
			const char *near = suggest(word);
			if (near)
				return FAIL("unknown unit '%s' (did you mean '%s'?)", word, near);
			return FAIL("unknown unit '%s'", word);
		}
		int exp = 1;
		if (*p == '^') {
			p++;
			char *end;
			long e = strtol(p, &end, 10);
			if (end == p || e == 0 || e < -9 || e > 9)
				return FAIL("unit '%s': '^' needs a small nonzero integer", S);
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
				return FAIL("unit '%s': a power beyond ±20", S);
			u->dim[i] = (signed char)e;
		}
		want_factor = false;
	}
	if (want_factor)
		return FAIL("unit '%s' ends with an operator", S);
	return 0;
#undef S
#undef FAIL
}

int unit_parse(const char *s, struct unit *u, struct diag *d)
{
	return parse(s, u, d);
}

/* An angle is a number (the radian's power is no dimension), as GNU units
 * has it: rad/s and Hz are both 1/s. */
bool unit_same_dim(const struct unit *a, const struct unit *b)
{
	return !memcmp(a->dim, b->dim, DIM_ANGLE);
}

static const struct {
	signed char dim[NDIM];
	const char *name;
	const char *si; /* the coherent SI unit, as tribo writes it */
} dim_names[] = {
	{{0, 0, 0, 0}, "dimensionless number", ""},
	{{1, 0, 0, 0}, "length", "m"},
	{{0, 1, 0, 0}, "mass", "kg"},
	{{0, 0, 1, 0}, "time", "s"},
	{{0, 0, 0, 1}, "angle", "rad"},
	{{1, 0, -1, 0}, "velocity", "m/s"},
	{{0, 0, -1, 1}, "angular velocity", "rad/s"},
	{{0, 0, -2, 1}, "angular acceleration", "rad/s^2"},
	{{1, 0, -2, 0}, "acceleration", "m/s^2"},
	{{1, 1, -2, 0}, "force", "N"},
	{{2, 1, -2, 0}, "torque or energy", "N*m"},
	{{2, 1, -3, 0}, "power", "W"},
	{{0, 0, -1, 0}, "frequency", "Hz"},
	{{2, 1, 0, 0}, "moment of inertia", "kg*m^2"},
	{{0, 1, -1, 0}, "viscous coefficient", "kg/s"},
	{{2, 0, 0, 0}, "area", "m^2"},
};

enum { NDIM_NAMES = sizeof(dim_names) / sizeof(dim_names[0]) };

const char *unit_dim_name(const struct unit *u, char *buf, size_t n)
{
	for (size_t i = 0; i < NDIM_NAMES; i++)
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
	char g[64], w[64], si[64];
	unit_dim_name(got, g, sizeof(g));
	unit_dim_name(want, w, sizeof(w));
	if (is_unit)
		strbuf_addf(out, "'%s' is a unit of %s", given, g);
	else if (strchr(g, '^')) /* no name: its SI unit says what it is */
		strbuf_addf(out, "%s is in %s", given, unit_quantity_name(got->dim, si, sizeof si));
	else
		strbuf_addf(out, "%s is %s %s", given, article(g), g);
	strbuf_addf(out, ", but %s is %s %s (%s)", name, article(w), w,
		    want_unit[0] ? want_unit : "no unit");
}

double unit_convert(double x, const struct unit *from, const struct unit *to)
{
	return x * from->factor / to->factor;
}

bool unit_underflows(double x, double y)
{
	return x != 0 && fabs(y) < DBL_MIN && fabs(y) < fabs(x);
}

const char *unit_si_name(const struct unit *u, char *buf, size_t n)
{
	for (size_t i = 0; i < NDIM_NAMES; i++)
		if (!memcmp(dim_names[i].dim, u->dim, sizeof(u->dim))) {
			snprintf(buf, n, "%s", dim_names[i].si);
			return buf;
		}
	static const char *const sym[NDIM] = {"m", "kg", "s", "rad"};
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < NDIM && len < n; i++)
		if (u->dim[i])
			len += (size_t)snprintf(buf + len, n - len,
						u->dim[i] == 1 ? "%s%s" : "%s%s^%d", len ? " " : "",
						sym[i], u->dim[i]);
	return buf;
}

void unit_list(struct strbuf *out)
{
	/* by dimension, in the order of dim_names, then any other */
	bool shown[NBASES] = {false}, first = true;
	for (size_t k = 0; k <= NDIM_NAMES; k++) {
		bool head = false;
		char si[64];
		for (size_t i = 0; i < NBASES; i++) {
			const struct base_unit *b = &bases[i];
			if (shown[i] ||
			    (k < NDIM_NAMES && memcmp(b->dim, dim_names[k].dim, sizeof(b->dim))))
				continue;
			struct unit u = {1, {b->dim[0], b->dim[1], b->dim[2], b->dim[3]}};
			unit_si_name(&u, si, sizeof(si));
			if (!head) {
				char dim[64];
				strbuf_addf(out, "%s%s (SI: %s):\n", first ? "" : "\n",
					    unit_dim_name(&u, dim, sizeof(dim)), si);
				head = true;
				first = false;
			}
			shown[i] = true;
			char f[32], conv[128];
			text_format_number(b->factor, f, sizeof(f));
			snprintf(conv, sizeof(conv), "= %s %s", f, si);
			strbuf_addstr(out, "  ");
			strbuf_addpad(out, b->name, 5);
			if (*b->words) {
				strbuf_addpad(out, conv, 24);
				strbuf_addstr(out, b->words);
			} else {
				strbuf_addstr(out, conv);
			}
			strbuf_addch(out, '\n');
		}
	}
	strbuf_addstr(out, "\nUnits combine: N*m, N m, m/s, m/s^2, m/s², kg m^2, 1/s. A number\n"
			   "may have its unit glued on: 15cm, 45deg, 45°.\n");
}

/* A unit word for the expressions (num/expr.h). */
static int unit_word(const char *s, size_t n, struct expr_q *q, struct diag *d)
{
	const struct base_unit *b = find_base(s, n);
	if (!b) {
		if (!d)
			return -1;
		char word[64];
		snprintf(word, sizeof(word), "%.*s", (int)n, s);
		const char *near = suggest(word);
		if (near)
			return diag_set(d, "unknown unit '%s' (did you mean '%s'?)", word, near);
		return diag_set(d, "unknown unit '%s'", word);
	}
	*q = (struct expr_q){b->factor, {b->dim[0], b->dim[1], b->dim[2], b->dim[3]}, true};
	return 0;
}

int unit_eval(const char *text, expr_qlookup_fn lookup, void *ctx, struct expr_q *q, struct diag *d)
{
	const struct expr_env env = {lookup, unit_word, unit_describe, ctx};
	return expr_eval_q(text, &env, q, NULL, d);
}

const char *unit_quantity_name(const signed char *dim, char *buf, size_t n)
{
	struct unit u = {1, {dim[0], dim[1], dim[2], dim[3]}};
	char name[64];
	/* the radian where the dimension is named with it: rad, rad/s */
	unit_dim_name(&u, name, sizeof name);
	if (strchr(name, '^'))
		u.dim[DIM_ANGLE] = 0;
	if (!u.dim[0] && !u.dim[1] && u.dim[2] == -1 && !u.dim[3]) {
		snprintf(buf, n, "1/s"); /* a rate: Hz is for a frequency */
		return buf;
	}
	return unit_si_name(&u, buf, n);
}

void unit_describe(const signed char *dim, char *buf, size_t n)
{
	struct unit u = {1, {dim[0], dim[1], dim[2], dim[3]}};
	char name[64], si[64];
	/* the radian's note where the dimension has a name with it (rad/s) */
	unit_dim_name(&u, name, sizeof name);
	if (strchr(name, '^')) {
		u.dim[DIM_ANGLE] = 0;
		unit_dim_name(&u, name, sizeof name);
	}
	unit_si_name(&u, si, sizeof si);
	if (!si[0])
		snprintf(buf, n, "a number");
	else
		snprintf(buf, n, "%s %s (%s)", article(name), name, si);
}

static int quantity_parse(const char *text, expr_qlookup_fn lookup, void *ctx, struct quantity *q,
			  struct diag *d);

/* The no-break spaces a word processor or a spreadsheet puts between a
 * number and its unit (U+00A0, U+2007, U+202F) and the thin space
 * (U+2009) read as spaces, in set, check and grade alike ("0.6678 s"
 * with a no-break space was "unknown unit", issue 43): each becomes as
 * many ASCII spaces as it has bytes, so every place in the copy is the
 * same place in the text. */
/* A decimal comma, as many locales and their spreadsheets write one: in
 * a run of digits, points and commas, one comma between digits is the
 * decimal mark ("1,4126", "0,412", "12,5", "1234,567"), unless the run
 * could as well be a number grouped in thousands: 1 to 3 digits, not a
 * lone 0, then exactly 3 ("1,412": 1.412 or 1412?), which is refused
 * rather than guessed; a run with two commas, or a comma and a point
 * ("1,234.5", "1.234,5"), is refused too. *copy (made from text when
 * NULL) gets the points. */
static int decimal_commas(const char *text, char **copy, struct diag *d)
{
	for (size_t i = 0; text[i]; i++) {
		if (text[i] != ',' || !i || !isdigit((unsigned char)text[i - 1]) ||
		    !isdigit((unsigned char)text[i + 1]))
			continue;
		size_t a = i, b = i + 1;
		while (a && strchr("0123456789.,", text[a - 1]))
			a--;
		while (text[b] && strchr("0123456789.,", text[b]))
			b++;
		size_t commas = 0, points = 0;
		for (size_t k = a; k < b; k++) {
			commas += text[k] == ',';
			points += text[k] == '.';
		}
		char clip[TEXT_CLIP_SIZE], run[64];
		snprintf(run, sizeof run, "%.*s", (int)(b - a), text + a);
		if (commas > 1 || points)
			return diag_set(d,
					"'%s': one decimal mark, a point or a comma, and no "
					"thousands separator (1234.5 or 1234,5)",
					text_clip(run, clip, sizeof clip));
		const size_t left = i - a, right = b - i - 1;
		if (left >= 1 && left <= 3 && !(left == 1 && text[a] == '0') && right == 3) {
			char as_point[64];
			snprintf(as_point, sizeof as_point, "%.*s.%.*s", (int)left, text + a, 3,
				 text + i + 1);
			return diag_set(d,
					"'%s' is ambiguous: %s, or %.*s%.*s grouped in thousands? "
					"write %s, or %.*s%.*s",
					text_clip(run, clip, sizeof clip), as_point, (int)left,
					text + a, 3, text + i + 1, as_point, (int)left, text + a, 3,
					text + i + 1);
		}
		if (!*copy)
			*copy = xstrdup(text);
		(*copy)[i] = '.';
		i = b - 1;
	}
	return 0;
}

int unit_quantity_parse(const char *text, expr_qlookup_fn lookup, void *ctx, struct quantity *q,
			struct diag *d)
{
	size_t len = strlen(text);
	char *copy = NULL;
	for (size_t i = 0; i + 1 < len; i++) {
		const unsigned char *u = (const unsigned char *)text + i;
		size_t n = u[0] == 0xc2 && u[1] == 0xa0 ? 2
			   : i + 2 < len && u[0] == 0xe2 && u[1] == 0x80 &&
					   (u[2] == 0x87 || u[2] == 0x89 || u[2] == 0xaf)
				   ? 3
				   : 0;
		if (!n)
			continue;
		if (!copy)
			copy = xstrdup(text);
		memset(copy + i, ' ', n);
		i += n - 1;
	}
	if (decimal_commas(copy ? copy : text, &copy, d)) {
		free(copy);
		return -1;
	}
	if (!copy)
		return quantity_parse(text, lookup, ctx, q, d);
	int rc = quantity_parse(copy, lookup, ctx, q, d);
	if (!rc)
		q->unit_text = text + (q->unit_text - copy);
	free(copy);
	return rc;
}

static int quantity_parse(const char *text, expr_qlookup_fn lookup, void *ctx, struct quantity *q,
			  struct diag *d)
{
	size_t len = strlen(text);
	*q = (struct quantity){0, {1, {0}}, text + len, len, false, false, false};
	/* a plain number, or one too large, or inf or nan: said as such */
	const char *why;
	if (!text_parse_double(text, &q->value, &why))
		return 0;
	if (strcmp(why, "is not a number")) {
		char clip[TEXT_CLIP_SIZE];
		return diag_set(d, "'%s' %s", text_clip(text, clip, sizeof(clip)), why);
	}
	/* a leading number that underflows, a unit after it ("1e-400 m"):
	 * said as the number alone is, not as a unit 'e' */
	const char *lead = text + strspn(text, " \t");
	size_t nlead = strspn(lead, "0123456789.");
	if (nlead && (lead[nlead] == 'e' || lead[nlead] == 'E')) {
		nlead += 1 + (lead[nlead + 1] == '-' || lead[nlead + 1] == '+');
		size_t nexp = strspn(lead + nlead, "0123456789");
		char *num = nexp ? xstrndup(lead, nlead + nexp) : NULL;
		double v;
		const char *nwhy;
		if (num && text_parse_double(num, &v, &nwhy) && strstr(nwhy, "out of range")) {
			char clip[TEXT_CLIP_SIZE];
			diag_set(d, "'%s' %s", text_clip(num, clip, sizeof(clip)), nwhy);
			free(num);
			return -1;
		}
		free(num);
	}
	const struct expr_env env = {lookup, unit_word, unit_describe, ctx};
	struct expr_q x;
	struct expr_tail tail;
	if (expr_eval_q(text, &env, &x, &tail, d))
		return -1;
	q->unit_text = text + tail.unit_at;
	q->expr_len = tail.unit_at;
	while (q->expr_len && isspace((unsigned char)text[q->expr_len - 1]))
		q->expr_len--;
	q->has_unit = x.unit;
	q->divided = tail.divided;
	/* a number and its unit: the number as typed, in the unit (its
	 * conversion to SI, or to another unit, is the caller's to judge:
	 * "1e308 km" is a number too large in m, not a bad number) */
	struct diag scratch;
	if (tail.number_unit && !parse(q->unit_text, &q->unit, &scratch)) {
		q->value = strtod(lead, NULL);
		q->number_unit = true;
		return 0;
	}
	if (!isfinite(x.v)) {
		char clip[TEXT_CLIP_SIZE], *e = xstrndup(text, q->expr_len);
		diag_set(d, "'%s' is not a finite number", text_clip(e, clip, sizeof(clip)));
		free(e);
		return -1;
	}
	q->value = x.v;
	q->unit = (struct unit){1, {x.dim[0], x.dim[1], x.dim[2], x.dim[3]}};
	return 0;
}

int unit_refuse(struct diag *d, const char *given, const struct unit *got, const char *name,
		const struct unit *want, const char *want_unit)
{
	struct strbuf msg = STRBUF_INIT;
	unit_mismatch(&msg, given, true, got, name, want, want_unit);
	diag_set(d, "%s", strbuf_str(&msg));
	strbuf_release(&msg);
	return -1;
}
