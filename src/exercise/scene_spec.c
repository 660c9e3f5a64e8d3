/* An exercise's [scene]: its lines read and compiled, and evaluated at a
 * state (exercise/scene_spec.h). */
#include "exercise/scene_spec.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/lagrange.h"
#include "num/sym.h"
#include "util/xalloc.h"

struct sline {
	int line;
	char *text;
};

struct ex_scene {
	int line; /* of the header */
	struct sline *lines;
	size_t nlines;
	struct ex_scene_item *item;
	size_t nitem;
	struct sym **e; /* two a item (NULL: none) */
	/* the names: the model's (nmodel), its file's results, N_CONTACT */
	char **names;
	const char **units; /* each name's unit: the model's strings */
	size_t nnames, nmodel, nres, ncont;
	const struct sym *const *res;
};

struct ex_scene *ex_scene_new(int line)
{
	struct ex_scene *sc = xcalloc(1, sizeof(*sc));
	sc->line = line;
	return sc;
}

int ex_scene_line(const struct ex_scene *sc)
{
	return sc->line;
}

void ex_scene_free(struct ex_scene *sc)
{
	if (!sc)
		return;
	for (size_t i = 0; i < sc->nlines; i++)
		free(sc->lines[i].text);
	for (size_t i = 0; i < sc->nitem; i++) {
		free(sc->item[i].name);
		sym_free(sc->e[2 * i]);
		sym_free(sc->e[2 * i + 1]);
	}
	for (size_t i = 0; i < sc->nnames; i++)
		free(sc->names[i]);
	free(sc->names);
	free(sc->units);
	free(sc->lines);
	free(sc->item);
	free(sc->e);
	free(sc);
}

void ex_scene_add(struct ex_scene *sc, int line, const char *text)
{
	sc->lines = xrealloc(sc->lines, (sc->nlines + 1) * sizeof(*sc->lines));
	sc->lines[sc->nlines++] = (struct sline){line, xstrdup(text)};
}

const struct ex_scene_item *ex_scene_items(const struct ex_scene *sc, size_t *n)
{
	*n = sc->nitem;
	return sc->item;
}

/* ---- reading a line ------------------------------------------------------- */

struct reader {
	struct ex_scene *sc;
	const struct sline *sl;
	const char *p; /* where reading is */
	int *line, *col;
	struct diag *d;
};

static int fail(struct reader *r, const char *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct reader *r, const char *at, const char *fmt, ...)
{
	*r->line = r->sl->line;
	*r->col = at ? (int)(at - r->sl->text) + 1 : 0;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return diag_set(r->d, "[scene]: %s", msg);
}

static void blanks(struct reader *r)
{
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
}

/* A word: up to a blank, '=' or ','; its length (0: none). */
static size_t word(struct reader *r, char *buf, size_t n)
{
	blanks(r);
	size_t k = 0;
	while (r->p[k] && r->p[k] != ' ' && r->p[k] != '\t' && r->p[k] != '=' && r->p[k] != ',')
		k++;
	if (k >= n)
		k = n - 1;
	memcpy(buf, r->p, k);
	buf[k] = '\0';
	return k;
}

static int find_point(const struct ex_scene *sc, const char *name)
{
	for (size_t i = sc->nitem; i-- > 0;)
		if (sc->item[i].kind == XS_POINT && !strcmp(sc->item[i].name, name))
			return (int)i;
	return -1;
}

/* A point's name at r->p into it->pt[]. */
static int point(struct reader *r, struct ex_scene_item *it)
{
	char name[64];
	const char *at = (blanks(r), r->p);
	size_t k = word(r, name, sizeof name);
	if (!k)
		return fail(r, at, "a point's name expected here");
	int i = find_point(r->sc, name);
	if (i < 0)
		return fail(r, at,
			    "no point '%s' before this line (define it first: point %s = X, Y)",
			    name, name);
	if (it->npt == EX_SCENE_PTS)
		return fail(r, at, "at most 16 points on one line");
	it->pt[it->npt++] = (size_t)i;
	r->p += k;
	return 0;
}

/* The literal word w next (after blanks). */
static int expect(struct reader *r, const char *w, const char *what)
{
	blanks(r);
	size_t n = strlen(w);
	if (strncmp(r->p, w, n) ||
	    (r->p[n] && r->p[n] != ' ' && r->p[n] != '\t' && w[n - 1] != '=' && r->p[n] != '='))
		return fail(r, r->p, "'%s' expected here (%s)", w, what);
	r->p += n;
	return 0;
}

struct namecheck {
	const struct ex_scene *sc;
};

static int known(const char *name, double *value, struct diag *d, void *ctx)
{
	const struct ex_scene *sc = ((const struct namecheck *)ctx)->sc;
	*value = 0.5;
	for (size_t i = 0; i < sc->nnames; i++)
		if (!strcmp(name, sc->names[i]))
			return 0;
	if (find_point(sc, name) >= 0)
		return diag_set(d,
				"'%s' is a point: an expression takes numbers (write its "
				"coordinates' expressions)",
				name);
	return diag_set(d,
			"unknown name '%s': a scene's expressions may use the parameters, the "
			"coordinates, their rates (NAMEdot), t, the file's results and a "
			"[contact NAME]'s N_NAME",
			name);
}

/* n expressions separated by top-level commas, the rest of the line. */
static int exprs(struct reader *r, size_t item, size_t n, const char *what)
{
	blanks(r);
	const char *start = r->p;
	for (size_t k = 0; k < n; k++) {
		const char *s = r->p;
		int depth = 0;
		const char *q = s;
		for (; *q; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')')
				depth--;
			else if (*q == ',' && depth == 0)
				break;
		}
		if ((k + 1 < n) != (*q == ','))
			return fail(r, k + 1 < n ? start : q,
				    k + 1 < n ? "%s: %s, separated by commas"
					      : "%s: %s, no more (a comma too many)",
				    what, n == 2 ? "two expressions" : "one expression");
		char *text = xstrndup(s, (size_t)(q - s));
		struct diag why;
		diag_clear(&why);
		struct namecheck nc = {r->sc};
		struct sym *f = NULL;
		const char *t = text;
		while (*t == ' ' || *t == '\t')
			t++;
		if (!*t) {
			free(text);
			return fail(r, s, "%s: an expression is missing", what);
		}
		f = sym_new(text, (const char *const *)r->sc->names, r->sc->nnames, known, &nc,
			    &why);
		free(text);
		if (!f) {
			*r->line = r->sl->line;
			*r->col = (int)(s - r->sl->text) + (why.col > 0 ? why.col : 1);
			return diag_set(r->d, "[scene]: %s", why.msg);
		}
		r->sc->e[2 * item + k] = f;
		r->p = *q ? q + 1 : q;
	}
	return 0;
}

static int end_of_line(struct reader *r)
{
	blanks(r);
	if (*r->p)
		return fail(r, r->p, "nothing more expected on this line: '%s'", r->p);
	return 0;
}

static const char *const kinds[] = {"point", "segment", "dashed", "circle", "spring",
				    "floor", "wall",	"ground", "force",  "velocity",
				    "spin",  "label",	"let",	  "angle",  NULL};

static int read_line(struct reader *r)
{
	struct ex_scene *sc = r->sc;
	char kw[32];
	r->p = r->sl->text;
	const char *at = (blanks(r), r->p);
	size_t k = word(r, kw, sizeof kw);
	int kind = -1;
	for (int i = 0; kinds[i]; i++)
		if (!strcmp(kw, kinds[i]))
			kind = i;
	if (kind < 0)
		return fail(
			r, at,
			"unknown element '%s': a line is point, segment, dashed, circle, "
			"spring, floor, wall, ground, force, velocity, spin, label, angle or let",
			kw);
	r->p += k;
	sc->item = xrealloc(sc->item, (sc->nitem + 1) * sizeof(*sc->item));
	sc->e = xrealloc(sc->e, 2 * (sc->nitem + 1) * sizeof(*sc->e));
	size_t idx = sc->nitem++;
	struct ex_scene_item *it = &sc->item[idx];
	*it = (struct ex_scene_item){.kind = (enum ex_scene_kind)kind,
				     .line = r->sl->line,
				     .label_slot = -1,
				     .unit = ""};
	sc->e[2 * idx] = sc->e[2 * idx + 1] = NULL;
	char name[64];
	switch (it->kind) {
	case XS_LET:
		at = (blanks(r), r->p);
		if (!(k = word(r, name, sizeof name)))
			return fail(r, at, "let NAME = EXPR: the name is missing");
		for (size_t i = 0; i < sc->nnames; i++)
			if (!strcmp(sc->names[i], name))
				return fail(r, at, "'%s' is taken: a let needs a name of its own",
					    name);
		if (find_point(sc, name) >= 0)
			return fail(r, at, "'%s' is a point: a let needs a name of its own", name);
		r->p += k;
		it->name = xstrdup(name);
		if (expect(r, "=", "let NAME = EXPR") || exprs(r, idx, 1, "let NAME = EXPR"))
			return -1;
		/* from here on a name (the array was made big enough) */
		it->label_slot = (int)sc->nnames;
		sc->units[sc->nnames] = "";
		sc->names[sc->nnames++] = xstrdup(name);
		return 0;
	case XS_POINT:
		at = (blanks(r), r->p);
		if (!(k = word(r, name, sizeof name)))
			return fail(r, at, "point NAME = X, Y: the name is missing");
		for (size_t i = 0; i < sc->nnames; i++)
			if (!strcmp(sc->names[i], name))
				return fail(r, at,
					    "a point may not be named '%s', a name its expressions "
					    "use",
					    name);
		r->p += k;
		it->name = xstrdup(name);
		if (expect(r, "=", "point NAME = X, Y"))
			return -1;
		return exprs(r, idx, 2, "point NAME = X, Y");
	case XS_SEGMENT:
	case XS_DASHED:
		do {
			if (point(r, it))
				return -1;
			blanks(r);
		} while (*r->p);
		if (it->npt < 2)
			return fail(r, NULL, "%s P Q [R ...]: two points at least", kw);
		return 0;
	case XS_SPRING:
	case XS_GROUND:
		if (point(r, it) || point(r, it))
			return -1;
		return end_of_line(r);
	case XS_CIRCLE:
		if (point(r, it) || expect(r, "r", "circle P r = R") ||
		    expect(r, "=", "circle P r = R"))
			return -1;
		return exprs(r, idx, 1, "circle P r = R");
	case XS_FLOOR:
	case XS_WALL: {
		const char *w = it->kind == XS_FLOOR ? "y" : "x";
		const char *usage = it->kind == XS_FLOOR ? "floor y = Y" : "wall x = X";
		if (expect(r, w, usage) || expect(r, "=", usage))
			return -1;
		return exprs(r, idx, 1, usage);
	}
	case XS_FORCE:
	case XS_VELOCITY:
	case XS_SPIN: {
		const char *usage = it->kind == XS_FORCE      ? "force NAME at P = FX, FY"
				    : it->kind == XS_VELOCITY ? "velocity NAME at P = VX, VY"
							      : "spin NAME at P = W";
		at = (blanks(r), r->p);
		if (!(k = word(r, name, sizeof name)) || !strcmp(name, "at"))
			return fail(r, at, "%s: the name is missing", usage);
		r->p += k;
		it->name = xstrdup(name);
		if (expect(r, "at", usage) || point(r, it) || expect(r, "=", usage))
			return -1;
		return exprs(r, idx, it->kind == XS_SPIN ? 1 : 2, usage);
	}
	case XS_ANGLE:
	case XS_LABEL: {
		const char *usage =
			it->kind == XS_LABEL ? "label TEXT at P" : "angle TEXT at P = A0, A1";
		/* the text up to the last " at " (an angle's: the first, its
		 * expressions after it) */
		blanks(r);
		const char *s = r->p, *a = NULL;
		for (const char *q = s; (q = strstr(q, " at ")); q++)
			if (!a || it->kind == XS_LABEL)
				a = q;
		if (!strncmp(s, "at ", 3))
			return fail(r, s, "%s: the text is missing", usage);
		if (!a || a == s)
			return fail(r, s, "%s: %s", usage,
				    a ? "the text is missing" : "' at P' is missing");
		it->name = xstrndup(s, (size_t)(a - s));
		for (size_t i = 0; i < sc->nnames; i++)
			if (!strcmp(sc->names[i], it->name)) {
				it->label_slot = (int)i;
				it->unit = sc->units[i];
			}
		r->p = a + 4;
		if (point(r, it))
			return -1;
		if (it->kind == XS_ANGLE)
			return expect(r, "=", usage) || exprs(r, idx, 2, usage) ? -1 : 0;
		return end_of_line(r);
	}
	}
	return 0;
}

int ex_scene_compile(struct ex_scene *sc, const struct model *m, int *line, int *col,
		     struct diag *d)
{
	const char *const *mn;
	size_t nq;
	sc->nmodel = lagrange_names(m, &mn, &nq);
	if (!sc->nmodel) {
		*line = sc->line, *col = 0;
		return diag_set(d, "[scene] is for a system stated by T, V and R (model lagrange)");
	}
	sc->nres = lagrange_file_results(m, &sc->res);
	sc->ncont = lagrange_contacts(m);
	sc->nnames = sc->nmodel + sc->nres + sc->ncont;
	/* room for a let a line: sym_new's names may not move */
	sc->names = xcalloc(sc->nnames + sc->nlines, sizeof(char *));
	sc->units = xcalloc(sc->nnames + sc->nlines, sizeof(char *));
	/* the units: a parameter's; q's and q̇'s those of q0 and q̇0 */
	for (size_t i = 0; i < sc->nmodel; i++) {
		sc->names[i] = xstrdup(mn[i]);
		size_t j = i - m->nparams;
		sc->units[i] = i < m->nparams ? m->params[i].unit
			       : j < nq	      ? m->params[2 * j].unit
			       : j < 2 * nq   ? m->params[2 * (j - nq) + 1].unit
					      : "s";
	}
	for (size_t k = 0; k < sc->nres; k++) {
		const struct result_spec *rs = &m->results[m->nresults - sc->nres + k];
		sc->names[sc->nmodel + k] = xstrdup(rs->name);
		sc->units[sc->nmodel + k] = rs->unit ? rs->unit : "";
	}
	for (size_t c = 0; c < sc->ncont; c++) {
		char buf[96];
		snprintf(buf, sizeof buf, "N_%s", lagrange_contact_name(m, c));
		sc->names[sc->nmodel + sc->nres + c] = xstrdup(buf);
		sc->units[sc->nmodel + sc->nres + c] = "N";
	}
	for (size_t i = 0; i < sc->nlines; i++) {
		struct reader r = {sc, &sc->lines[i], NULL, line, col, d};
		if (read_line(&r))
			return -1;
	}
	if (!sc->nitem) {
		*line = sc->line, *col = 0;
		return diag_set(d, "[scene] is empty: it needs a point and something drawn at it");
	}
	return 0;
}

size_t ex_scene_start(const struct model *m, const double *num, double *vals)
{
	const char *const *mn;
	size_t nq, n = lagrange_names(m, &mn, &nq);
	for (size_t i = 0; i < m->nparams; i++)
		vals[i] = num[i];
	for (size_t i = 0; i < nq; i++) {
		vals[m->nparams + i] = num[2 * i];
		vals[m->nparams + nq + i] = num[2 * i + 1];
	}
	vals[m->nparams + 2 * nq] = 0;
	return n;
}

static const char *const what_of[][2] = {
	[XS_POINT] = {"x", "y"},  [XS_CIRCLE] = {"r", ""},   [XS_FLOOR] = {"y", ""},
	[XS_WALL] = {"x", ""},	  [XS_FORCE] = {"FX", "FY"}, [XS_VELOCITY] = {"VX", "VY"},
	[XS_SPIN] = {"W", ""},	  [XS_SEGMENT] = {"", ""},   [XS_SPRING] = {"", ""},
	[XS_GROUND] = {"", ""},	  [XS_LABEL] = {"", ""},     [XS_DASHED] = {"", ""},
	[XS_LET] = {"value", ""}, [XS_ANGLE] = {"A0", "A1"},
};

int ex_scene_eval(const struct ex_scene *sc, const struct model *m, const double *vals,
		  double (*v)[3], int *line, struct diag *d)
{
	double *all = xcalloc(sc->nnames + 1, sizeof(double));
	memcpy(all, vals, sc->nmodel * sizeof(double));
	for (size_t k = 0; k < sc->nres; k++)
		all[sc->nmodel + k] = sym_eval(sc->res[k], vals);
	for (size_t c = 0; c < sc->ncont; c++)
		all[sc->nmodel + sc->nres + c] = lagrange_contact_N(m, c, vals);
	int rc = 0;
	for (size_t i = 0; i < sc->nitem && !rc; i++) {
		const struct ex_scene_item *it = &sc->item[i];
		v[i][0] = v[i][1] = v[i][2] = NAN;
		if (it->kind == XS_LABEL) {
			v[i][0] = it->label_slot >= 0 ? all[it->label_slot] : NAN;
			continue;
		}
		if (it->kind == XS_ANGLE && it->label_slot >= 0)
			v[i][2] = all[it->label_slot];
		for (int k = 0; k < 2 && !rc; k++) {
			if (!sc->e[2 * i + k])
				continue;
			v[i][k] = sym_eval(sc->e[2 * i + k], all);
			if (it->kind == XS_LET)
				all[it->label_slot] = v[i][k];
			if (!isfinite(v[i][k])) {
				char num[32];
				snprintf(num, sizeof num, isnan(v[i][k]) ? "not a number" : "%g",
					 v[i][k]);
				*line = it->line;
				rc = diag_set(d, "[scene] line %d: %s%s%s's %s is %s", it->line,
					      kinds[it->kind], it->name ? " " : "",
					      it->name ? it->name : "", what_of[it->kind][k], num);
			}
		}
		if (!rc && it->kind == XS_CIRCLE && !(v[i][0] > 0)) {
			*line = it->line;
			rc = diag_set(d, "[scene] line %d: the circle's r is %g, not above 0",
				      it->line, v[i][0]);
		}
	}
	free(all);
	return rc;
}

bool ex_scene_box(const struct ex_scene *sc, const double (*v)[3], double box[4])
{
	box[0] = box[1] = INFINITY;
	box[2] = box[3] = -INFINITY;
	bool any = false;
	for (size_t i = 0; i < sc->nitem; i++) {
		const struct ex_scene_item *it = &sc->item[i];
		double r = 0, x, y;
		if (it->kind == XS_POINT)
			x = v[i][0], y = v[i][1];
		else if (it->kind == XS_CIRCLE)
			x = v[it->pt[0]][0], y = v[it->pt[0]][1], r = v[i][0];
		else
			continue;
		if (!isfinite(x) || !isfinite(y) || !isfinite(r))
			continue;
		box[0] = fmin(box[0], x - r), box[1] = fmin(box[1], y - r);
		box[2] = fmax(box[2], x + r), box[3] = fmax(box[3], y + r);
		any = true;
	}
	return any;
}
