/* The scene of a system stated by T, V and R (model lagrange) whose
 * exercise file declares its drawing in [scene] (exercise/scene_spec.h):
 * the file's points, rods, circles, springs and ground at the run's state
 * at T, its forces and velocities as arrows. A file without [scene]: the
 * coordinates' gauges (scene_coords). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "exercise/scene_spec.h"
#include "models/lagrange.h"
#include "scene/scene_int.h"
#include "util/xalloc.h"

/* A number as a label shows it and an arrow is drawn: round-off about 0
 * (θ = −3e-16 where the rod lies flat, ẋ = −1e-16 where the coin stops)
 * is 0, as scene.c's labels have it. */
static double tidy(double x)
{
	return fabs(x) < 5e-13 ? 0 : x;
}

int scene_lagrange(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	const struct exercise *ex = session_exercise(s);
	if (!ex->scene)
		return scene_coords(s, T, sc, d);
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	const struct model *m = ex->model;
	size_t n, nq = (a.tab->ncols - 2) / 2;
	const struct ex_scene_item *it = ex_scene_items(ex->scene, &n);
	double *num = xcalloc(m->nparams + 1, sizeof(double));
	double *vals = xcalloc(m->nparams + 2 * LAGRANGE_MAXQ + 2, sizeof(double));
	double(*v)[3] = xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < m->nparams; i++)
		if (ex->params[i].spec->kind == PARAM_NUMBER)
			num[i] = ex_param_to_model(&ex->params[i], session_param(s, i)->num);
	ex_scene_start(m, num, vals);
	/* the state at T: q and q̇ from the run's table, t */
	for (size_t i = 0; i < nq; i++) {
		vals[m->nparams + i] = a.row[1 + 2 * i];
		vals[m->nparams + nq + i] = a.row[2 + 2 * i];
	}
	vals[m->nparams + 2 * nq] = a.row[0];
	int line = 0, rc = ex_scene_eval(ex->scene, m, vals, v, &line, d);
	if (rc) {
		char why[sizeof d->msg];
		snprintf(why, sizeof why, "%s", d->msg);
		diag_set(d, "%s at t = %g s", why, a.row[0]);
		goto out;
	}
	double box[4];
	if (!ex_scene_box(ex->scene, (const double(*)[3])v, box)) {
		rc = diag_set(d, "[scene] has no point to draw");
		goto out;
	}
	double size = fmax(box[2] - box[0], box[3] - box[1]);
	sc->size = size > 0 ? size : 1;
	size = sc->size;
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "t = %.4g s", a.row[0]);
	for (size_t i = 0; i < nq; i++)
		strbuf_addf(&cap, ", %s = %.4g", a.tab->cols[1 + 2 * i], tidy(a.row[1 + 2 * i]));
	sc->caption = strbuf_detach(&cap);
	double cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2;
	for (size_t i = 0; i < n; i++) {
		const struct ex_scene_item *e = &it[i];
		const double *p = e->npt ? v[e->pt[0]] : NULL, *q = e->npt > 1 ? v[e->pt[1]] : NULL;
		switch (e->kind) {
		case XS_POINT:
		case XS_LET:
			break;
		case XS_SEGMENT:
		case XS_DASHED: {
			struct scene_path *path =
				scene_path(sc, e->kind == XS_SEGMENT ? PEN_BODY : PEN_DASHED);
			for (size_t k = 0; k < e->npt; k++)
				scene_to(path, v[e->pt[k]][0], v[e->pt[k]][1]);
			break;
		}
		case XS_CIRCLE:
			scene_circle(sc, PEN_BODY, p[0], p[1], v[i][0]);
			break;
		case XS_SPRING: {
			double len = hypot(q[0] - p[0], q[1] - p[1]);
			scene_spring(sc, p[0], p[1], q[0], q[1], fmin(0.25 * len, 0.06 * size), 8);
			break;
		}
		case XS_FLOOR:
			scene_ground(sc, box[0] - 0.15 * size, v[i][0], box[2] + 0.15 * size,
				     v[i][0], 0.04 * size);
			break;
		case XS_WALL:
			/* hatched on the side away from the drawing */
			if (v[i][0] >= cx)
				scene_ground(sc, v[i][0], box[1] - 0.1 * size, v[i][0],
					     box[3] + 0.15 * size, 0.04 * size);
			else
				scene_ground(sc, v[i][0], box[3] + 0.15 * size, v[i][0],
					     box[1] - 0.1 * size, 0.04 * size);
			break;
		case XS_GROUND:
			scene_ground(sc, p[0], p[1], q[0], q[1], 0.04 * size);
			break;
		case XS_FORCE:
		case XS_VELOCITY:
			scene_vector(sc, e->kind == XS_FORCE ? VEC_FORCE : VEC_VELOCITY, e->name,
				     p[0], p[1], tidy(v[i][0]), tidy(v[i][1]));
			break;
		case XS_SPIN:
			scene_spin(sc, e->name, p[0], p[1], tidy(v[i][0]), 0.08 * size);
			break;
		case XS_ANGLE: {
			/* its text with its value where it names one */
			double w = v[i][2];
			char text[160];
			if (isfinite(w))
				snprintf(text, sizeof text, "%s = %.4g%s%s", e->name, tidy(w),
					 *e->unit ? " " : "", e->unit);
			else
				snprintf(text, sizeof text, "%s", e->name);
			scene_angle(sc, p[0], p[1], 0.1 * size, v[i][0], v[i][1], text);
			break;
		}
		case XS_LABEL: {
			/* beside its point, away from the drawing's middle */
			double dx = p[0] - cx, dy = p[1] - cy, r = hypot(dx, dy);
			double ox = r > 0 ? dx / r : 1, oy = r > 0 ? dy / r : 0;
			double lx = p[0] + 0.04 * size * ox, ly = p[1] + 0.04 * size * oy;
			int align = ox > 0.3 ? -1 : ox < -0.3 ? 1 : 0;
			if (isfinite(v[i][0]))
				scene_text(sc, lx, ly, align, "%s = %.4g%s%s", e->name,
					   tidy(v[i][0]), *e->unit ? " " : "", e->unit);
			else
				scene_text(sc, lx, ly, align, "%s", e->name);
			break;
		}
		}
	}
out:
	free(v);
	free(vals);
	free(num);
	return rc;
}
