/* What the scene's builders share (scene/build.c): the session's values
 * in SI units and its run's tables read at a time. */
#ifndef TRIBO_SCENE_INT_H
#define TRIBO_SCENE_INT_H

#include "exercise/session.h"
#include "num/figure.h"
#include "scene/scene.h"
#include "util/diag.h"

/* A run's table read at T: `row` its columns there (linear between the
 * recorded rows; at a jump, the later row), `rate` their rate of change
 * over the recorded stretch that starts at T (the one that ends there at
 * the run's end), and `at` that stretch's first row. */
struct scene_at {
	const struct table *tab;
	double row[32], rate[32];
	size_t at;
};

/* The table `name` of the last solve read at T; fails (d saying the run's
 * span) for a T outside the run or a table that is not there. */
int scene_read(const struct session *s, const char *name, double T, struct scene_at *a,
	       struct diag *d);
/* A parameter's value in SI units (angles in radians); NaN if none. */
double scene_param(const struct session *s, const char *name);
/* A choice parameter's word ("coulomb"); "" if none. */
const char *scene_choice(const struct session *s, const char *name, char *buf, size_t n);
/* A result's number (SI), NaN when it has none. */
double scene_result(const struct session *s, const char *name);

/* The builders, one a model family; each fills sc (not finished). */
int scene_painleve(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_ladder(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_disk_slide(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_disk(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_polisher(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_conveyor(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_rayleigh(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_kozlov_rest(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_kozlov_ball(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_ragulskis(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_imachi(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_imachi1d(const struct session *s, double T, struct scene *sc, struct diag *d);
int scene_coords(const struct session *s, double T, struct scene *sc, struct diag *d);
/* model lagrange: the file's [scene] (scene_lagrange.c), else scene_coords. */
int scene_lagrange(const struct session *s, double T, struct scene *sc, struct diag *d);

#endif
