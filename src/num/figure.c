#include "num/figure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define GROW(p, n, cap)                                                                            \
	do {                                                                                       \
		if ((n) == (cap)) {                                                                \
			(cap) = (cap) ? 2 * (cap) : 8;                                             \
			(p) = xrealloc((p), (cap) * sizeof(*(p)));                                 \
		}                                                                                  \
	} while (0)

struct figure *figure_add(struct figures *fs, const char *name, const char *title,
			  const char *xlabel, const char *ylabel)
{
	GROW(fs->fig, fs->nfig, fs->figcap);
	struct figure *f = &fs->fig[fs->nfig++];
	*f = (struct figure){
		.name = xstrdup(name),
		.title = xstrdup(title ? title : ""),
		.xlabel = xstrdup(xlabel ? xlabel : ""),
		.ylabel = xstrdup(ylabel ? ylabel : ""),
		.xmin = NAN,
		.xmax = NAN,
		.ymin = NAN,
		.ymax = NAN,
	};
	return f;
}

struct curve *figure_curve(struct figure *f, const char *label, enum curve_style style)
{
	GROW(f->curves, f->ncurves, f->cap);
	struct curve *c = &f->curves[f->ncurves++];
	*c = (struct curve){.label = xstrdup(label ? label : ""), .style = style};
	return c;
}

static void curve_grow(struct curve *c)
{
	if (c->n < c->cap)
		return;
	c->cap = c->cap ? 2 * c->cap : 64;
	c->x = xrealloc(c->x, c->cap * sizeof(double));
	c->y = xrealloc(c->y, c->cap * sizeof(double));
	if (c->style == CURVE_FILL)
		c->y2 = xrealloc(c->y2, c->cap * sizeof(double));
	if (c->style == CURVE_LABELS)
		c->text = xrealloc(c->text, c->cap * sizeof(char *));
}

void curve_point(struct curve *c, double x, double y)
{
	curve_grow(c);
	c->x[c->n] = x;
	c->y[c->n] = y;
	if (c->y2)
		c->y2[c->n] = y;
	c->n++;
}

struct curve *figure_segment(struct figure *f, const char *label, enum curve_style style, double x0,
			     double y0, double x1, double y1)
{
	struct curve *c = figure_curve(f, label, style);
	curve_point(c, x0, y0);
	curve_point(c, x1, y1);
	return c;
}

void curve_label(struct curve *c, double x, double y, const char *text)
{
	curve_grow(c);
	c->x[c->n] = x;
	c->y[c->n] = y;
	if (c->text)
		c->text[c->n] = xstrdup(text);
	c->n++;
}

void curve_arrow(struct curve *c, double x0, double y0, double x1, double y1)
{
	curve_point(c, x0, y0);
	curve_point(c, x1, y1);
}

void curve_circle(struct curve *c, double x, double y, double r)
{
	if (c->n)
		curve_point(c, NAN, NAN);
	for (int i = 0; i <= 72; i++)
		curve_point(c, x + r * cos(i * M_PI / 36), y + r * sin(i * M_PI / 36));
}

void curve_band(struct curve *c, double x, double ylo, double yhi)
{
	curve_grow(c);
	c->x[c->n] = x;
	c->y[c->n] = ylo;
	if (c->y2)
		c->y2[c->n] = yhi;
	c->n++;
}

struct curve *figure_curve_from(struct figure *f, const char *label, enum curve_style style,
				const struct table *t, size_t xcol, size_t ycol)
{
	struct curve *c = figure_curve(f, label, style);
	for (size_t i = 0; i < t->nrows; i++)
		curve_point(c, table_at(t, i, xcol), table_at(t, i, ycol));
	return c;
}

struct table *figures_table(struct figures *fs, const char *name, const char *cols)
{
	GROW(fs->tab, fs->ntab, fs->tabcap);
	struct table *t = &fs->tab[fs->ntab++];
	*t = (struct table){.name = xstrdup(name)};
	size_t n = 1;
	for (const char *p = cols; *p; p++)
		n += *p == '|';
	t->cols = xcalloc(n, sizeof(char *));
	for (const char *p = cols;; p++) {
		const char *e = strchr(p, '|');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		t->cols[t->ncols++] = xstrndup(p, len);
		if (!e)
			break;
		p = e;
	}
	return t;
}

void table_row(struct table *t, const double *row)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = xrealloc(t->v, t->cap * t->ncols * sizeof(double));
	}
	memcpy(t->v + t->nrows * t->ncols, row, t->ncols * sizeof(double));
	t->nrows++;
}

const struct figure *figures_find(const struct figures *fs, const char *name)
{
	for (size_t i = 0; i < fs->nfig; i++)
		if (!strcmp(fs->fig[i].name, name))
			return &fs->fig[i];
	return NULL;
}

const struct table *figures_find_table(const struct figures *fs, const char *name)
{
	for (size_t i = 0; i < fs->ntab; i++)
		if (!strcmp(fs->tab[i].name, name))
			return &fs->tab[i];
	return NULL;
}

void figure_overlay(struct figure *into, const struct figure *from, int group, const char *label)
{
	bool marked = false, first = true;
	for (size_t i = 0; i < from->ncurves; i++)
		marked |= from->curves[i].family != FAMILY_NONE;
	for (size_t i = 0; i < from->ncurves; i++) {
		const struct curve *c = &from->curves[i];
		if (!c->n)
			continue;
		enum curve_family fam = marked ? c->family : first ? FAMILY_KEY : FAMILY_NONE;
		first = false;
		if (fam == FAMILY_NONE)
			continue;
		struct curve *k = figure_curve(into, fam == FAMILY_KEY ? label : "", c->style);
		k->family = fam;
		k->group = group;
		for (size_t j = 0; j < c->n; j++) {
			if (c->style == CURVE_LABELS)
				curve_label(k, c->x[j], c->y[j], c->text ? c->text[j] : "");
			else if (c->y2)
				curve_band(k, c->x[j], c->y[j], c->y2[j]);
			else
				curve_point(k, c->x[j], c->y[j]);
		}
	}
}

void figure_release(struct figure *f)
{
	for (size_t j = 0; j < f->ncurves; j++) {
		struct curve *c = &f->curves[j];
		free(c->label);
		free(c->x);
		free(c->y);
		free(c->y2);
		for (size_t k = 0; c->text && k < c->n; k++)
			free(c->text[k]);
		free(c->text);
	}
	free(f->curves);
	free(f->name);
	free(f->title);
	free(f->xlabel);
	free(f->ylabel);
	free(f->family);
	*f = (struct figure){0};
}

void figures_swap(struct figures *fs, struct figure *f)
{
	for (size_t i = 0; i < fs->nfig; i++)
		if (f->name && !strcmp(fs->fig[i].name, f->name)) {
			struct figure old = fs->fig[i];
			fs->fig[i] = *f;
			*f = old;
			return;
		}
	GROW(fs->fig, fs->nfig, fs->figcap);
	fs->fig[fs->nfig++] = *f;
	*f = (struct figure){0};
}

void figures_later(struct figures *fs, void (*draw)(struct figures *fs, void *ctx),
		   void (*drop)(void *ctx), void *ctx)
{
	figures_ready(fs);
	fs->later = (struct figures_later){draw, drop, ctx};
}

void figures_ready(struct figures *fs)
{
	const struct figures_later l = fs->later;
	if (!l.draw)
		return;
	fs->later = (struct figures_later){0};
	l.draw(fs, l.ctx);
	if (l.drop)
		l.drop(l.ctx);
}

void figures_release(struct figures *fs)
{
	if (fs->later.drop)
		fs->later.drop(fs->later.ctx);
	for (size_t i = 0; i < fs->nfig; i++)
		figure_release(&fs->fig[i]);
	free(fs->fig);
	for (size_t i = 0; i < fs->ntab; i++) {
		struct table *t = &fs->tab[i];
		for (size_t j = 0; j < t->ncols; j++)
			free(t->cols[j]);
		free(t->cols);
		free(t->name);
		free(t->v);
	}
	free(fs->tab);
	*fs = (struct figures)FIGURES_INIT;
}

void figures_move(struct figures *to, struct figures *from)
{
	if (to == from)
		return;
	figures_release(to);
	*to = *from;
	*from = (struct figures)FIGURES_INIT;
}

bool figure_has_data(const struct figure *f)
{
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].n > 0)
			return true;
	return false;
}

/* "t = 0 s" of the axis label "t [s]", or "u_x / a = 0.5" of one without
 * a unit. */
static void axis_value(char *buf, size_t n, const char *label, double v)
{
	const char *u = strstr(label, " [");
	size_t len = strlen(label);
	if (u && len > 0 && label[len - 1] == ']')
		snprintf(buf, n, "%.*s = %.6g %.*s", (int)(u - label), label, v,
			 (int)(label + len - 1 - (u + 2)), u + 2);
	else
		snprintf(buf, n, "%s = %.6g", *label ? label : "x", v);
}

static bool flat(double lo, double hi)
{
	return hi - lo <= 1e-12 * fmax(fabs(lo), fabs(hi));
}

bool figure_empty(const struct figure *f, char *why, size_t n)
{
	bool aux_only = true;
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].style != CURVE_DASHED && f->curves[i].n)
			aux_only = false;
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	size_t points = 0;
	for (size_t i = 0; i < f->ncurves; i++) {
		const struct curve *c = &f->curves[i];
		if (!aux_only && c->style == CURVE_DASHED)
			continue;
		for (size_t k = 0; k < c->n; k++) {
			double ys[2] = {c->y[k], c->y2 ? c->y2[k] : NAN};
			for (int j = 0; j < 2; j++) {
				if (!isfinite(c->x[k]) || !isfinite(ys[j]))
					continue;
				points++;
				x0 = fmin(x0, c->x[k]);
				x1 = fmax(x1, c->x[k]);
				y0 = fmin(y0, ys[j]);
				y1 = fmax(y1, ys[j]);
			}
		}
	}
	char xs[96], ys[96];
	if (!points) {
		snprintf(why, n, "no point to draw");
		return true;
	}
	axis_value(xs, sizeof xs, f->xlabel, x0);
	if (flat(x0, x1) && flat(y0, y1)) {
		axis_value(ys, sizeof ys, f->ylabel, y0);
		snprintf(why, n, "one point only (%s, %s)", xs, ys);
		return true;
	}
	if (flat(x0, x1) && !f->equal_axes) {
		snprintf(why, n, "every point at %s", xs);
		return true;
	}
	return false;
}
