/* The scene's pieces and its gnuplot script (scene.h). */
#include "scene/scene.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"
#include "util/xalloc.h"

void scene_init(struct scene *sc)
{
	memset(sc, 0, sizeof(*sc));
	sc->unit[VEC_FORCE] = "N";
	sc->unit[VEC_VELOCITY] = "m/s";
	sc->unit[VEC_SPIN] = "rad/s";
	sc->size = 1.0;
}

void scene_release(struct scene *sc)
{
	for (size_t i = 0; i < sc->npath; i++) {
		free(sc->path[i].x);
		free(sc->path[i].y);
	}
	for (size_t i = 0; i < sc->narrow; i++) {
		free(sc->arrow[i].name);
		free(sc->arrow[i].label);
	}
	for (size_t i = 0; i < sc->nlabel; i++)
		free(sc->label[i].text);
	free(sc->path);
	free(sc->arrow);
	free(sc->label);
	free(sc->caption);
	memset(sc, 0, sizeof(*sc));
}

struct scene_path *scene_path(struct scene *sc, enum scene_pen p)
{
	if (sc->npath == sc->pathcap) {
		sc->pathcap = sc->pathcap ? 2 * sc->pathcap : 16;
		sc->path = xrealloc(sc->path, sc->pathcap * sizeof(*sc->path));
	}
	struct scene_path *q = &sc->path[sc->npath++];
	memset(q, 0, sizeof(*q));
	q->pen = p;
	return q;
}

void scene_to(struct scene_path *p, double x, double y)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 8;
		p->x = xrealloc(p->x, p->cap * sizeof(double));
		p->y = xrealloc(p->y, p->cap * sizeof(double));
	}
	p->x[p->n] = x;
	p->y[p->n++] = y;
}

void scene_segment(struct scene *sc, enum scene_pen p, double x0, double y0, double x1, double y1)
{
	struct scene_path *q = scene_path(sc, p);
	scene_to(q, x0, y0);
	scene_to(q, x1, y1);
}

void scene_arc(struct scene *sc, enum scene_pen p, double x, double y, double r, double a0,
	       double a1)
{
	struct scene_path *q = scene_path(sc, p);
	int n = 4 + (int)(fabs(a1 - a0) / (2 * M_PI) * 72);
	for (int i = 0; i <= n; i++) {
		double a = a0 + (a1 - a0) * i / n;
		scene_to(q, x + r * cos(a), y + r * sin(a));
	}
}

void scene_circle(struct scene *sc, enum scene_pen p, double x, double y, double r)
{
	scene_arc(sc, p, x, y, r, 0, 2 * M_PI);
}

void scene_mass(struct scene *sc, double x, double y, double r)
{
	scene_circle(sc, PEN_BODY, x, y, r);
	scene_segment(sc, PEN_THIN, x - r, y, x + r, y);
	scene_segment(sc, PEN_THIN, x, y - r, x, y + r);
}

void scene_ground(struct scene *sc, double x0, double y0, double x1, double y1, double h)
{
	scene_segment(sc, PEN_GROUND, x0, y0, x1, y1);
	double len = hypot(x1 - x0, y1 - y0);
	if (!(len > 0))
		return;
	double ux = (x1 - x0) / len, uy = (y1 - y0) / len;
	/* the right of the direction: (uy, -ux); the strokes lean back 45° */
	double nx = uy, ny = -ux;
	int n = (int)(len / h);
	for (int i = 1; i <= n; i++) {
		double px = x0 + ux * h * i, py = y0 + uy * h * i;
		scene_segment(sc, PEN_GROUND, px, py, px + h * (nx - ux), py + h * (ny - uy));
	}
}

void scene_spring(struct scene *sc, double x0, double y0, double x1, double y1, double w, int turns)
{
	double len = hypot(x1 - x0, y1 - y0);
	if (!(len > 0))
		return;
	double ux = (x1 - x0) / len, uy = (y1 - y0) / len, nx = -uy, ny = ux;
	struct scene_path *q = scene_path(sc, PEN_BODY);
	double lead = 0.15 * len;
	scene_to(q, x0, y0);
	scene_to(q, x0 + ux * lead, y0 + uy * lead);
	int n = 2 * turns;
	for (int i = 0; i < n; i++) {
		double s = lead + (len - 2 * lead) * (i + 0.5) / n;
		double side = i % 2 ? -w / 2 : w / 2;
		scene_to(q, x0 + ux * s + nx * side, y0 + uy * s + ny * side);
	}
	scene_to(q, x1 - ux * lead, y1 - uy * lead);
	scene_to(q, x1, y1);
}

void scene_damper(struct scene *sc, double x0, double y0, double x1, double y1, double w)
{
	double len = hypot(x1 - x0, y1 - y0);
	if (!(len > 0))
		return;
	double ux = (x1 - x0) / len, uy = (y1 - y0) / len, nx = -uy * w / 2, ny = ux * w / 2;
	/* the cylinder from 0.3 to 0.7 of the way, open at its far end; the
	 * piston's rod from the far end to a plate inside it */
	double a = 0.3 * len, b = 0.7 * len, p = 0.55 * len;
	scene_segment(sc, PEN_BODY, x0, y0, x0 + ux * a, y0 + uy * a);
	struct scene_path *q = scene_path(sc, PEN_BODY);
	scene_to(q, x0 + ux * b + nx, y0 + uy * b + ny);
	scene_to(q, x0 + ux * a + nx, y0 + uy * a + ny);
	scene_to(q, x0 + ux * a - nx, y0 + uy * a - ny);
	scene_to(q, x0 + ux * b - nx, y0 + uy * b - ny);
	scene_segment(sc, PEN_BODY, x0 + ux * p + 0.8 * nx, y0 + uy * p + 0.8 * ny,
		      x0 + ux * p - 0.8 * nx, y0 + uy * p - 0.8 * ny);
	scene_segment(sc, PEN_BODY, x0 + ux * p, y0 + uy * p, x1, y1);
}

void scene_box(struct scene *sc, enum scene_pen p, double x0, double y0, double x1, double y1)
{
	struct scene_path *q = scene_path(sc, p);
	scene_to(q, x0, y0);
	scene_to(q, x1, y0);
	scene_to(q, x1, y1);
	scene_to(q, x0, y1);
	scene_to(q, x0, y0);
}

static struct scene_arrow *new_arrow(struct scene *sc)
{
	if (sc->narrow == sc->arrowcap) {
		sc->arrowcap = sc->arrowcap ? 2 * sc->arrowcap : 16;
		sc->arrow = xrealloc(sc->arrow, sc->arrowcap * sizeof(*sc->arrow));
	}
	struct scene_arrow *a = &sc->arrow[sc->narrow++];
	memset(a, 0, sizeof(*a));
	return a;
}

void scene_vector(struct scene *sc, enum scene_vec k, const char *name, double x, double y,
		  double vx, double vy)
{
	struct scene_arrow *a = new_arrow(sc);
	a->kind = k;
	a->name = xstrdup(name);
	a->x = x, a->y = y, a->vx = vx, a->vy = vy;
}

void scene_spin(struct scene *sc, const char *name, double x, double y, double w, double r)
{
	struct scene_arrow *a = new_arrow(sc);
	a->kind = VEC_SPIN;
	a->name = xstrdup(name);
	a->x = x, a->y = y, a->vx = w, a->vy = r;
}

void scene_text(struct scene *sc, double x, double y, int align, const char *fmt, ...)
{
	if (sc->nlabel == sc->labelcap) {
		sc->labelcap = sc->labelcap ? 2 * sc->labelcap : 16;
		sc->label = xrealloc(sc->label, sc->labelcap * sizeof(*sc->label));
	}
	struct scene_label *l = &sc->label[sc->nlabel++];
	struct strbuf b = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	l->x = x, l->y = y, l->align = align;
	l->text = strbuf_detach(&b);
}

void scene_dimension(struct scene *sc, double x0, double y0, double x1, double y1, double off,
		     const char *text)
{
	double len = hypot(x1 - x0, y1 - y0);
	if (!(len > 0))
		return;
	double nx = -(y1 - y0) / len * off, ny = (x1 - x0) / len * off;
	scene_text(sc, (x0 + x1) / 2 + nx, (y0 + y1) / 2 + ny, 0, "%s", text);
}

void scene_angle(struct scene *sc, double x, double y, double r, double a0, double a1,
		 const char *text)
{
	scene_arc(sc, PEN_THIN, x, y, r, a0, a1);
	double am = (a0 + a1) / 2;
	scene_text(sc, x + 1.35 * r * cos(am), y + 1.35 * r * sin(am), cos(am) < -0.3 ? 1 : -1,
		   "%s", text);
}

/* A round value near x > 0: 1, 2 or 5 times a power of ten, at most x. */
static double round_down(double x)
{
	double p = pow(10, floor(log10(x)));
	double m = x / p;
	return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * p;
}

/* A spin a label shows as 0 (add_value): its arc would turn a way the
 * rounding chose, so none is drawn. */
static bool spin_still(const struct scene_arrow *a)
{
	return fabs(a->vx) < 5e-13;
}

/* A number as a label shows it: three significant digits, no "-0". */
static void add_value(struct strbuf *out, double v)
{
	if (fabs(v) < 5e-13)
		v = 0;
	char buf[32];
	snprintf(buf, sizeof buf, "%.3g", v);
	strbuf_addstr(out, buf);
}

static void grow_box(struct scene *sc, double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return;
	if (x < sc->xmin)
		sc->xmin = x;
	if (x > sc->xmax)
		sc->xmax = x;
	if (y < sc->ymin)
		sc->ymin = y;
	if (y > sc->ymax)
		sc->ymax = y;
}

void scene_finish(struct scene *sc)
{
	double most[VEC_N] = {0};
	for (size_t i = 0; i < sc->narrow; i++) {
		const struct scene_arrow *a = &sc->arrow[i];
		double m = a->kind == VEC_SPIN ? fabs(a->vx) : hypot(a->vx, a->vy);
		if (isfinite(m) && m > most[a->kind])
			most[a->kind] = m;
	}
	for (int k = 0; k < VEC_N; k++) {
		/* the longest arrow 0.45 of the system's size; the reference a
		 * round value at most the longest (or 1 when all are 0) */
		if (sc->fixed)
			continue; /* an animation's frame: the run's scales */
		sc->ref[k] = most[k] > 0 ? round_down(most[k]) : 1.0;
		sc->scale[k] = most[k] > 0 ? 0.45 * sc->size / most[k] : 0.45 * sc->size;
	}
	sc->xmin = sc->ymin = INFINITY;
	sc->xmax = sc->ymax = -INFINITY;
	for (size_t i = 0; i < sc->npath; i++)
		for (size_t j = 0; j < sc->path[i].n; j++)
			grow_box(sc, sc->path[i].x[j], sc->path[i].y[j]);
	for (size_t i = 0; i < sc->narrow; i++) {
		struct scene_arrow *a = &sc->arrow[i];
		struct strbuf b = STRBUF_INIT;
		double m = a->kind == VEC_SPIN ? a->vx : hypot(a->vx, a->vy);
		if (*a->name) {
			strbuf_addf(&b, "%s = ", a->name);
			add_value(&b, m);
			if (*sc->unit[a->kind])
				strbuf_addf(&b, " %s", sc->unit[a->kind]);
		}
		free(a->label);
		a->label = strbuf_detach(&b);
		if (a->kind == VEC_SPIN) {
			grow_box(sc, a->x - a->vy, a->y - a->vy);
			grow_box(sc, a->x + a->vy, a->y + a->vy);
			continue;
		}
		a->x1 = a->x + a->vx * sc->scale[a->kind];
		a->y1 = a->y + a->vy * sc->scale[a->kind];
		grow_box(sc, a->x, a->y);
		grow_box(sc, a->x1, a->y1);
	}
	for (size_t i = 0; i < sc->nlabel; i++)
		grow_box(sc, sc->label[i].x, sc->label[i].y);
	if (!(sc->xmin <= sc->xmax)) {
		sc->xmin = sc->ymin = -sc->size;
		sc->xmax = sc->ymax = sc->size;
	}
	double w = sc->xmax - sc->xmin, h = sc->ymax - sc->ymin;
	double span = fmax(w, h) > 0 ? fmax(w, h) : sc->size;
	sc->bar = round_down(0.3 * span);
	/* room for the labels beside the arrows, and below for the legend */
	sc->xmin -= 0.2 * span;
	sc->xmax += 0.2 * span;
	sc->ymax += 0.08 * span;
	sc->ymin -= 0.22 * span;
}

/* ---- the script ------------------------------------------------------ */

static const char *const pen_name[PEN_N] = {"body", "ground", "thin", "dashed"};
static const char *const pen_style[PEN_N] = {
	"lw 3 lc rgb '#000000'",
	"lw 1 lc rgb '#777777'",
	"lw 1 lc rgb '#333333'",
	"lw 1.5 lc rgb '#555555' dt 2",
};
static const char *const vec_name[VEC_N] = {"force", "velocity", "spin"};
static const char *const vec_color[VEC_N] = {"#D55E00", "#0072B2", "#009E73"};

static void add_xy(struct strbuf *out, double x, double y)
{
	gp_number(out, x);
	strbuf_addch(out, ',');
	gp_number(out, y);
}

/* Where the labels go. On a text terminal a label is a run of cells, and
 * one that would overwrite a label placed before it is left out (the
 * arrows' values come first, then the figure's words): the text shows
 * the labels that fit.
 *
 * On a page (PNG, SVG, PDF, a window, sixel) the plot's frame is set in
 * the script, so a metre is a known number of pixels: each label's box is
 * estimated from its characters' widths in the font (text_em) and its
 * size (measured on pngcairo's: an em of 15.3 pixels and a line of 17 in
 * a 1000 by 700 image, to 3 % on the legend's words; the PDF's and the
 * SVG's fonts are smaller, so their boxes are on the safe side), and the
 * label is put where its box meets no label placed
 * before it, no body, arrow or line of the drawing, and stays inside the
 * frame: first where the builder put it, then at rings of anchor points
 * around the point it labels (the arrow's head, the text's own point),
 * the nearest first; a label put beyond the first rings has a thin
 * leader line back to its point. Where nothing is free, the place with
 * the fewest and lightest crossings. */
enum { PLACED_MAX = 96, LEADER_MAX = 32 };
/* a label whose box is this many lines from its point has a leader */
#define LEADER_FROM 1.5

struct placer {
	int id;
	bool text;
	double xmin, ymax, s; /* cells a metre across; a cell is twice as high */
	int n;
	double box[64][3]; /* row, first and last column of the labels placed */
	/* a page */
	const struct scene *sc;
	double em, ch;		   /* the font's em and a line's height, in metres */
	double fx0, fy0, fx1, fy1; /* the frame, in metres */
	int np;
	double placed[PLACED_MAX][4]; /* x0, y0, x1, y1 of the labels placed */
	int nl;
	double leader[LEADER_MAX][4]; /* the leader lines drawn */
	bool fixed_next;	      /* the labels now added are the legend's: not moved */
	int own; /* the figure's text being placed (its anchor is its own), or -1 */
	int *aid;
};

/* Whether the segment (x0, y0)-(x1, y1) meets the box b (x0, y0, x1, y1):
 * Liang and Barsky's clipping. */
static bool seg_meets(double x0, double y0, double x1, double y1, const double b[4])
{
	double t0 = 0, t1 = 1, dx = x1 - x0, dy = y1 - y0;
	const double p[4] = {-dx, dx, -dy, dy};
	const double q[4] = {x0 - b[0], b[2] - x0, y0 - b[1], b[3] - y0};
	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return false;
			continue;
		}
		double r = q[i] / p[i];
		if (p[i] < 0)
			t0 = fmax(t0, r);
		else
			t1 = fmin(t1, r);
		if (t0 > t1)
			return false;
	}
	return true;
}

/* What the box b would cross: labels placed and arrows (3 each), the
 * points the figure's texts are anchored at but the own (2: a label would
 * cover where another one goes), bodies (2 a segment), the other lines
 * (1), and the frame's edge (5). */
static double crossings(const struct placer *pl, const double b[4])
{
	const struct scene *sc = pl->sc;
	double c = 0;
	if (b[0] < pl->fx0 || b[2] > pl->fx1 || b[1] < pl->fy0 || b[3] > pl->fy1)
		c += 5;
	for (int i = 0; i < pl->np; i++)
		if (b[0] < pl->placed[i][2] && b[2] > pl->placed[i][0] && b[1] < pl->placed[i][3] &&
		    b[3] > pl->placed[i][1])
			c += 3;
	for (size_t i = 0; i < sc->nlabel; i++)
		if ((int)i != pl->own && sc->label[i].x > b[0] && sc->label[i].x < b[2] &&
		    sc->label[i].y > b[1] && sc->label[i].y < b[3])
			c += 2;
	for (size_t i = 0; i < sc->npath; i++) {
		const struct scene_path *q = &sc->path[i];
		double w = q->pen == PEN_BODY ? 2 : 1;
		for (size_t j = 0; j + 1 < q->n; j++)
			if (seg_meets(q->x[j], q->y[j], q->x[j + 1], q->y[j + 1], b))
				c += w;
	}
	for (size_t i = 0; i < sc->narrow; i++) {
		const struct scene_arrow *a = &sc->arrow[i];
		if (a->kind == VEC_SPIN) {
			if (spin_still(a))
				continue; /* no arc: its label alone */
			/* the three quarters of a turn the script draws */
			double r = a->vy, sg = a->vx >= 0 ? 1 : -1;
			double a0 = -0.75 * M_PI * sg + M_PI / 2, a1 = M_PI / 2;
			for (int j = 0; j < 12; j++) {
				double p0 = a0 + (a1 - a0) * j / 12,
				       p1 = a0 + (a1 - a0) * (j + 1) / 12;
				if (seg_meets(a->x + r * cos(p0), a->y + r * sin(p0),
					      a->x + r * cos(p1), a->y + r * sin(p1), b))
					c += 3;
			}
		} else if (hypot(a->x1 - a->x, a->y1 - a->y) > 0 &&
			   seg_meets(a->x, a->y, a->x1, a->y1, b)) {
			c += 3;
		}
	}
	for (int i = 0; i < pl->nl; i++)
		if (seg_meets(pl->leader[i][0], pl->leader[i][1], pl->leader[i][2],
			      pl->leader[i][3], b))
			c += 1;
	return c;
}

/* The width of `text` in ems of DejaVu Sans (its advance widths: digits
 * 0.636, a space or a point 0.318, '=' 0.838; letters by their kind; a
 * character past ASCII 0.65, a combining one nothing), which gnuplot's
 * cairo terminals take for "Sans". */
static double text_em(const char *text)
{
	double w = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p;) {
		unsigned c = *p;
		if (c < 0x80) {
			p++;
			w += isdigit((int)c)				    ? 0.636
			     : c == ' ' || c == '.' || c == ','		    ? 0.318
			     : c == '=' || c == '+' || c == '<' || c == '>' ? 0.838
			     : strchr("iljtf:;!|'()[]/-", (int)c)	    ? 0.34
			     : c == 'm' || c == 'w'			    ? 0.95
			     : isupper((int)c)				    ? 0.72
									    : 0.6;
			continue;
		}
		/* the length of the UTF-8 sequence, and whether it combines
		 * (U+0300..U+036F: 0xCC 0x80 to 0xCD 0xAF) */
		int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		bool comb = (c == 0xCC) || (c == 0xCD && p[1] <= 0xAF);
		w += comb ? 0 : 0.65;
		for (int i = 0; i < n && *p; i++)
			p++;
	}
	return w;
}

/* The box of a label of `text` at (x, y) with `align`, padded. */
static void label_box(const struct placer *pl, const char *text, double x, double y, int align,
		      double b[4])
{
	double w = text_em(text) * pl->em, h = pl->ch, pad = 0.25 * pl->ch;
	double x0 = align < 0 ? x : align > 0 ? x - w : x - w / 2;
	b[0] = x0 - pad, b[2] = x0 + w + pad;
	b[1] = y - h / 2 - pad, b[3] = y + h / 2 + pad;
}

/* Where a label anchored at (ax, ay) goes on a page: (x, y, align) in,
 * the place chosen out; true when it wants a leader line. */
static bool place_label(struct placer *pl, const char *text, double ax, double ay, double *x,
			double *y, int *align)
{
	double b[4];
	label_box(pl, text, *x, *y, *align, b);
	double best = crossings(pl, b), bx = *x, by = *y;
	int balign = *align, bring = -1;
	/* the rings, in lines' heights from the point to the box's edge; the
	 * directions nearest the builder's first */
	static const double ring[] = {0.3, 0.9, 1.8, 3.0, 4.5, 6.5, 8.5, 11.0};
	double w = text_em(text) * pl->em, h = pl->ch;
	double da = atan2(*y - ay, (b[0] + b[2]) / 2 - ax);
	for (size_t r = 0; r < sizeof ring / sizeof ring[0] && best > 0; r++) {
		double order[8][2];
		for (int k = 0; k < 8; k++) {
			/* k = 0, 1, -1, 2, -2, ... turns from the builder's way */
			int step = (k + 1) / 2 * (k % 2 ? 1 : -1);
			double a = da + step * M_PI / 4;
			order[k][0] = cos(a), order[k][1] = sin(a);
		}
		for (int k = 0; k < 8 && best > 0; k++) {
			double ux = order[k][0], uy = order[k][1];
			/* the box's centre so that its edge is ring[r] lines out */
			double d = ring[r] * pl->ch;
			double ex = fabs(ux) > 1e-9 ? (w / 2) / fabs(ux) : INFINITY;
			double ey = fabs(uy) > 1e-9 ? (h / 2) / fabs(uy) : INFINITY;
			double reach = fmin(ex, ey) + d;
			double cx = ax + ux * reach, cy = ay + uy * reach;
			label_box(pl, text, cx, cy, 0, b);
			double c = crossings(pl, b);
			if (ring[r] >= LEADER_FROM) {
				/* its leader line keeps off the labels placed */
				double px = fmin(fmax(ax, b[0]), b[2]),
				       py = fmin(fmax(ay, b[1]), b[3]);
				for (int i = 0; i < pl->np; i++)
					if (seg_meets(ax, ay, px, py, pl->placed[i]))
						c += 3;
			}
			if (c < best)
				best = c, bx = cx, by = cy, balign = 0, bring = (int)r;
		}
	}
	*x = bx, *y = by, *align = balign;
	label_box(pl, text, bx, by, balign, b);
	if (pl->np < PLACED_MAX)
		memcpy(pl->placed[pl->np++], b, sizeof b);
	return bring >= 0 && ring[bring] >= LEADER_FROM;
}

static void add_arrow(struct strbuf *out, int *id, double x0, double y0, double x1, double y1,
		      const char *style);

/* A label anchored at (ax, ay): on a page placed clear of the drawing
 * (place_label), with a leader line when it went far. */
static void add_label_at(struct strbuf *out, struct placer *pl, const char *text, double ax,
			 double ay, double x, double y, int align, const char *color);

static void add_label(struct strbuf *out, struct placer *pl, const char *text, double x, double y,
		      int align, const char *color)
{
	if (pl->text) {
		/* where gnuplot rounds to a cell is not known here: rows less
		 * than one apart may meet */
		double w = utf8_width(text), row = (pl->ymax - y) * pl->s / 2;
		double c = (x - pl->xmin) * pl->s;
		double c0 = align < 0 ? c : align > 0 ? c - w : c - w / 2, c1 = c0 + w;
		for (int i = 0; i < pl->n; i++)
			if (fabs(pl->box[i][0] - row) < 1.0 && c0 <= pl->box[i][2] + 1.5 &&
			    c1 >= pl->box[i][1] - 1.5)
				return;
		if (pl->n < 64) {
			pl->box[pl->n][0] = row;
			pl->box[pl->n][1] = c0;
			pl->box[pl->n++][2] = c1;
		}
	}
	if (pl->sc && pl->fixed_next) {
		/* the legend: where it is, a box the others keep off */
		double b[4];
		label_box(pl, text, x, y, align, b);
		if (pl->np < PLACED_MAX)
			memcpy(pl->placed[pl->np++], b, sizeof b);
	}
	strbuf_addf(out, "set label %d ", pl->id++);
	gp_quote(out, text);
	strbuf_addstr(out, " at ");
	add_xy(out, x, y);
	strbuf_addf(out, " %s front noenhanced",
		    align < 0	? "left"
		    : align > 0 ? "right"
				: "center");
	if (color)
		strbuf_addf(out, " tc rgb '%s'", color);
	strbuf_addch(out, '\n');
}

/* A line of the drawing that is no path of the scene (a leader, the
 * legend's arrows): the labels keep off it. */
static void obstacle(struct placer *pl, double x0, double y0, double x1, double y1)
{
	if (pl->sc && pl->nl < LEADER_MAX) {
		double *l = pl->leader[pl->nl++];
		l[0] = x0, l[1] = y0, l[2] = x1, l[3] = y1;
	}
}

static void add_label_at(struct strbuf *out, struct placer *pl, const char *text, double ax,
			 double ay, double x, double y, int align, const char *color)
{
	if (pl->sc && !pl->fixed_next && *text) {
		bool lead = place_label(pl, text, ax, ay, &x, &y, &align);
		if (lead) {
			/* from the point to the box's nearest point */
			const double *b = pl->placed[pl->np - 1];
			double px = fmin(fmax(ax, b[0]), b[2]), py = fmin(fmax(ay, b[1]), b[3]);
			add_arrow(out, pl->aid, ax, ay, px, py,
				  "nohead lw 0.8 lc rgb '#888888' back\n");
			obstacle(pl, ax, ay, px, py);
		}
	}
	add_label(out, pl, text, x, y, align, color);
}

static void add_arrow(struct strbuf *out, int *id, double x0, double y0, double x1, double y1,
		      const char *style)
{
	strbuf_addf(out, "set arrow %d from ", (*id)++);
	add_xy(out, x0, y0);
	strbuf_addstr(out, " to ");
	add_xy(out, x1, y1);
	strbuf_addf(out, " %s", style);
}

static const char *head_style_of(bool text)
{
	return text ? "head" : "head filled size screen 0.018,18";
}

/* The legend along the bottom: the scale bar, then a reference arrow for
 * each kind drawn. On a page its labels are placed first and stay where
 * they are; the others keep off them. */
static void legend(struct strbuf *out, const struct scene *sc, struct placer *pl, int *aid,
		   double span, bool text, const char *head_style)
{
	pl->fixed_next = true;
	double y = sc->ymin + 0.06 * span, x = sc->xmin + 0.03 * span;
	struct strbuf b = STRBUF_INIT;
	if (!sc->no_bar) {
		add_arrow(out, aid, x, y, x + sc->bar, y,
			  "heads size screen 0.006,90 lw 2 lc rgb '#000000' front");
		obstacle(pl, x, y, x + sc->bar, y);
		strbuf_addstr(out, " # bar ");
		gp_number(out, sc->bar);
		strbuf_addch(out, '\n');
		strbuf_addstr(&b, "");
		add_value(&b, sc->bar);
		strbuf_addstr(&b, " m");
		add_label(out, pl, strbuf_str(&b), x + sc->bar / 2, y - 0.035 * span, 0, NULL);
		x += fmax(sc->bar, 0.12 * span) + 0.08 * span;
	}
	for (int k = 0; k < VEC_SPIN; k++) {
		bool used = false;
		for (size_t i = 0; i < sc->narrow; i++)
			used |= (int)sc->arrow[i].kind == k &&
				hypot(sc->arrow[i].vx, sc->arrow[i].vy) > 0;
		if (!used)
			continue;
		double len = sc->ref[k] * sc->scale[k];
		char style[128];
		snprintf(style, sizeof style, "%s lw 2.5 lc rgb '%s' front", head_style,
			 vec_color[k]);
		add_arrow(out, aid, x, y, x + len, y, style);
		obstacle(pl, x, y, x + len, y);
		strbuf_addf(out, " # scale %s ", vec_name[k]);
		gp_number(out, sc->scale[k]);
		strbuf_addch(out, '\n');
		strbuf_reset(&b);
		strbuf_addf(&b, "%s: ", k == VEC_FORCE ? "forces" : "velocities");
		add_value(&b, sc->ref[k]);
		if (*sc->unit[k])
			strbuf_addf(&b, " %s", sc->unit[k]);
		add_label(out, pl, strbuf_str(&b), x, y - 0.035 * span, -1,
			  text ? NULL : vec_color[k]);
		x += fmax(len, 0.12 * span) + 0.12 * span;
	}
	strbuf_release(&b);

	pl->fixed_next = false;
}

/* The script of one drawing; `frame` > 0: a later frame of an animation,
 * whose terminal is set and whose output stays open. */
static void script(struct strbuf *out, const struct scene *sc, const char *title,
		   const struct gp_term *t, int frame)
{
	bool text = t->kind == GP_TERM_DUMB;
	if (frame == 0) {
		strbuf_addstr(out, "reset\nset encoding utf8\n");
		gp_script_term(out, t);
		strbuf_addstr(out, "set termoption noenhanced\n");
	} else {
		strbuf_addstr(out, "unset arrow\nunset label\n");
	}
	struct strbuf head = STRBUF_INIT;
	if (title && *title)
		strbuf_addstr(&head, title);
	if (sc->caption && *sc->caption)
		strbuf_addf(&head, "%s%s", head.len ? ", " : "", sc->caption);
	if (!t->compact && head.len) {
		strbuf_addstr(out, "set title ");
		gp_quote(out, strbuf_str(&head));
		strbuf_addstr(out, text ? " noenhanced\n" : " font ',13' noenhanced\n");
	}
	strbuf_release(&head);
	strbuf_addstr(out, "unset border\nunset tics\nunset key\n");
	double fx0 = sc->xmin, fx1 = sc->xmax, fy0 = sc->ymin, fy1 = sc->ymax;
	/* a page: its size and font in pixels (sixel: its own), the plot's
	 * frame set at fixed fractions of it, and the ranges widened to the
	 * frame's shape, so that a metre is the same on both axes and a known
	 * number of pixels (place_label needs it) */
	double W = 1000, H = 700, emp = 15.3, chp = 17, ppm = 0;
	if (t->kind == GP_TERM_SIXEL && t->width > 0 && t->height > 0) {
		double k = t->font_pt > 0 ? t->font_pt / 12.0 : 1.0;
		W = t->width, H = t->height, emp *= k, chp *= k;
	}
	if (text) {
		strbuf_addstr(out, "set size ratio -1\n");
		strbuf_addf(out, "set margins 0, 0, 0, %d\n", t->compact ? 0 : 2);
	} else {
		double top = H - (t->compact ? 0.5 : 3.2) * chp, bot = 0.5 * chp;
		double lm = 0.5 * chp, rm = W - 0.5 * chp;
		strbuf_addf(out,
			    "set lmargin at screen %.6f\nset rmargin at screen %.6f\n"
			    "set tmargin at screen %.6f\nset bmargin at screen %.6f\n",
			    lm / W, rm / W, top / H, bot / H);
		double pw = rm - lm, ph = top - bot, xs = fx1 - fx0, ys = fy1 - fy0;
		if (xs / ys < pw / ph) {
			double grow = ys * pw / ph - xs;
			fx0 -= grow / 2, fx1 += grow / 2;
		} else {
			double grow = xs * ph / pw - ys;
			fy0 -= grow / 2, fy1 += grow / 2;
		}
		ppm = pw / (fx1 - fx0);
	}
	strbuf_addstr(out, "set xrange [");
	gp_number(out, fx0);
	strbuf_addch(out, ':');
	gp_number(out, fx1);
	strbuf_addstr(out, "]\nset yrange [");
	gp_number(out, fy0);
	strbuf_addch(out, ':');
	gp_number(out, fy1);
	strbuf_addstr(out, "]\n");
	double span = fmax(sc->xmax - sc->xmin, sc->ymax - sc->ymin);
	int aid = 1;
	/* the plot fills the terminal's cells as far as the equal axes let it */
	double xs = sc->xmax - sc->xmin, ys = sc->ymax - sc->ymin;
	struct placer place = {
		.id = 1, .text = text, .xmin = sc->xmin, .ymax = sc->ymax, .own = -1};
	if (text) {
		place.s = fmin(t->cols / xs, 2.0 * (t->rows - (t->compact ? 0 : 2)) / ys);
	} else {
		place.sc = sc, place.aid = &aid;
		place.em = emp / ppm, place.ch = chp / ppm;
		place.fx0 = fx0, place.fx1 = fx1, place.fy0 = fy0, place.fy1 = fy1;
	}
	struct placer *pl = &place;
	if (!text)
		legend(out, sc, pl, &aid, span, text, head_style_of(text));
	const char *head_style = head_style_of(text);

	/* the bodies' middle: values beside vertical arrows go away from it */
	double cx = 0, nb = 0;
	for (size_t i = 0; i < sc->npath; i++)
		for (size_t j = 0; sc->path[i].pen == PEN_BODY && j < sc->path[i].n; j++)
			cx += sc->path[i].x[j], nb++;
	cx = nb > 0 ? cx / nb : (sc->xmin + sc->xmax) / 2;
	/* the vectors, each with its value beside its head */
	for (size_t i = 0; i < sc->narrow; i++) {
		const struct scene_arrow *a = &sc->arrow[i];
		const char *col = text ? NULL : vec_color[a->kind];
		char style[160];
		if (a->kind == VEC_SPIN) {
			/* three quarters of a turn ending in a head the way it turns */
			double r = a->vy, s = a->vx >= 0 ? 1 : -1;
			double a0 = -0.75 * M_PI * s + M_PI / 2, a1 = M_PI / 2;
			int n = spin_still(a) ? 0 : 24; /* at rest: no way to turn */
			if (!n)
				strbuf_addf(out, "# %s %s 0\n", vec_name[VEC_SPIN],
					    *a->name ? a->name : "-");
			for (int j = 0; j < n; j++) {
				double p0 = a0 + (a1 - a0) * j / n,
				       p1 = a0 + (a1 - a0) * (j + 1) / n;
				snprintf(style, sizeof style, "%s lw 2 lc rgb '%s' front\n",
					 j == n - 1 ? head_style : "nohead", vec_color[VEC_SPIN]);
				add_arrow(out, &aid, a->x + r * cos(p0), a->y + r * sin(p0),
					  a->x + r * cos(p1), a->y + r * sin(p1), style);
			}
			add_label_at(out, pl, a->label, a->x, a->y + r, a->x,
				     a->y + 1.15 * r + 0.02 * span, 0, col);
			continue;
		}
		double len = hypot(a->x1 - a->x, a->y1 - a->y);
		if (len > 0) {
			snprintf(style, sizeof style, "%s lw 2.5 lc rgb '%s' front", head_style,
				 vec_color[a->kind]);
			add_arrow(out, &aid, a->x, a->y, a->x1, a->y1, style);
			strbuf_addf(out, " # %s %s ", vec_name[a->kind], *a->name ? a->name : "-");
			gp_number(out, hypot(a->vx, a->vy));
			strbuf_addch(out, '\n');
		} else {
			strbuf_addf(out, "# %s %s 0\n", vec_name[a->kind],
				    *a->name ? a->name : "-");
		}
		/* the label past the head, on the side the arrow points to */
		double ux = len > 0 ? (a->x1 - a->x) / len : 0,
		       uy = len > 0 ? (a->y1 - a->y) / len : 1;
		double lx = a->x1 + ux * 0.03 * span, ly = a->y1 + uy * 0.03 * span;
		int align = ux > 0.3 ? -1 : ux < -0.3 ? 1 : 0;
		if (align != 0 && fabs(uy) < 0.3 && !text)
			ly += 0.02 * span; /* along a floor: above its line */
		if (align == 0) {
			/* up or down: beside the head, not on the line, on the
			 * side away from the bodies */
			double off = fmax(0.015 * span, text ? 2.5 / pl->s : 0);
			bool left = a->x1 < cx - 0.05 * span;
			lx = a->x1 + (left ? -off : off), ly = a->y1 - uy * 0.02 * span;
			align = left ? 1 : -1;
		}
		if (*a->label)
			add_label_at(out, pl, a->label, a->x1, a->y1, lx, ly, align, col);
	}
	for (size_t i = 0; i < sc->nlabel; i++) {
		pl->own = (int)i;
		add_label_at(out, pl, sc->label[i].text, sc->label[i].x, sc->label[i].y,
			     sc->label[i].x, sc->label[i].y, sc->label[i].align, NULL);
	}
	pl->own = -1;
	if (text)
		legend(out, sc, pl, &aid, span, text, head_style);

	/* the paths, a data block a pen, a blank line between paths */
	bool any[PEN_N] = {0};
	for (size_t i = 0; i < sc->npath; i++)
		any[sc->path[i].pen] |= sc->path[i].n > 0;
	for (int p = 0; p < PEN_N; p++) {
		if (!any[p])
			continue;
		strbuf_addf(out, "$pen_%s << EOD\n", pen_name[p]);
		for (size_t i = 0; i < sc->npath; i++) {
			const struct scene_path *q = &sc->path[i];
			if (q->pen != (enum scene_pen)p || !q->n)
				continue;
			for (size_t j = 0; j < q->n; j++) {
				gp_number(out, q->x[j]);
				strbuf_addch(out, ' ');
				gp_number(out, q->y[j]);
				strbuf_addch(out, '\n');
			}
			strbuf_addch(out, '\n');
		}
		strbuf_addstr(out, "EOD\n");
	}
	const char *sep = "plot ";
	/* the ground first, the bodies over it */
	static const int order[PEN_N] = {PEN_GROUND, PEN_DASHED, PEN_THIN, PEN_BODY};
	bool drew = false;
	for (int k = 0; k < PEN_N; k++) {
		int p = order[k];
		if (!any[p])
			continue;
		strbuf_addf(out, "%s$pen_%s with lines %s notitle", sep, pen_name[p],
			    text ? "" : pen_style[p]);
		sep = ", ";
		drew = true;
	}
	/* nothing but arrows: a point off the drawing carries the plot */
	if (!drew)
		strbuf_addstr(out, "plot NaN notitle");
	strbuf_addch(out, '\n');
	if (frame >= 0 && t->kind != GP_TERM_WINDOW)
		strbuf_addstr(out, "set output\n");
	else if (frame >= 0 && !strcmp(t->window, "x11"))
		strbuf_addstr(out, "set terminal unknown\n");
}

void scene_script(struct strbuf *out, const struct scene *sc, const char *title,
		  const struct gp_term *t)
{
	script(out, sc, title, t, 0);
}

void scene_script_gif(struct strbuf *out, const struct scene *frames, size_t n, const char *title,
		      const char *output, int delay_cs)
{
	/* gd's GIF terminal, a frame a plot; the PNG's styles */
	struct gp_term t = {.kind = GP_TERM_PNG, .output = output};
	strbuf_addstr(out, "reset\nset encoding utf8\n");
	strbuf_addf(out,
		    "set terminal gif animate delay %d loop 0 size 1000,700 noenhanced "
		    "font 'DejaVu Sans,12'\nset output ",
		    delay_cs);
	gp_quote(out, output);
	strbuf_addstr(out, "\nset termoption noenhanced\n");
	for (size_t i = 0; i < n; i++) {
		/* every frame but the first starts by clearing the last's; the
		 * output closes after the last */
		script(out, &frames[i], title, &t, i + 1 < n ? -(int)(i + 1) : (int)(i + 1));
	}
}
