/* An exercise's [scene] (issue 41): how a system stated by T, V and R
 * (model lagrange) is drawn, one element a line, its numbers expressions
 * of the parameters, the coordinates, their rates, t, the file's results
 * and the contacts' normal forces (N_NAME of [contact NAME]):
 *
 *	let NAME = EXPR			a number the lines after it may use
 *	point NAME = X, Y		a named point
 *	segment P Q [R ...]		a rod (a path through the points)
 *	dashed P Q [R ...]		a dashed line (an axis, a radius)
 *	circle P r = R			a circle about P
 *	spring P Q			a spring, its coils drawn
 *	floor y = Y, wall x = X		hatched ground across the drawing
 *	ground P Q			hatched ground from P to Q (an incline)
 *	force NAME at P = FX, FY	an arrow to the force scale
 *	velocity NAME at P = VX, VY	an arrow to the velocity scale
 *	spin NAME at P = W		a turning about P
 *	label TEXT at P			a text (a name: "NAME = value")
 *	angle TEXT at P = A0, A1		an arc at P from A0 to A1 (radians)
 *
 * The parser (exercise.c) keeps the lines; ex_scene_compile reads and
 * compiles them with the model's names; ex_scene_eval gives each element's
 * numbers at a state; scene/scene_lagrange.c draws them. */
#ifndef TRIBO_SCENE_SPEC_H
#define TRIBO_SCENE_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "models/model.h"
#include "util/diag.h"

enum ex_scene_kind {
	XS_POINT,
	XS_SEGMENT,
	XS_DASHED,
	XS_CIRCLE,
	XS_SPRING,
	XS_FLOOR,
	XS_WALL,
	XS_GROUND,
	XS_FORCE,
	XS_VELOCITY,
	XS_SPIN,
	XS_LABEL,
	XS_LET,
	XS_ANGLE,
};

enum { EX_SCENE_PTS = 16 };

struct ex_scene_item {
	enum ex_scene_kind kind;
	int line;
	char *name;		 /* a point's, an arrow's; a label's text */
	size_t pt[EX_SCENE_PTS]; /* the items (XS_POINT) it is drawn at or through */
	size_t npt;
	int label_slot;	  /* a label or angle that names a value, a let: its slot among the names,
			     else -1 */
	const char *unit; /* and that value's unit ("" none) */
};

struct ex_scene;

struct ex_scene *ex_scene_new(int line);
void ex_scene_free(struct ex_scene *sc);
/* The line of its [scene] header. */
int ex_scene_line(const struct ex_scene *sc);
/* A line of the section as the file has it (its inline comment cut). */
void ex_scene_add(struct ex_scene *sc, int line, const char *text);
/* Reads the lines and compiles their expressions over m's names (model
 * lagrange); -1 with d, *line and *col (1-based; 0: the line's first
 * word) at the first line that is wrong. */
int ex_scene_compile(struct ex_scene *sc, const struct model *m, int *line, int *col,
		     struct diag *d);
const struct ex_scene_item *ex_scene_items(const struct ex_scene *sc, size_t *n);
/* The numbers of each item at vals (the model's evaluation names: the
 * parameters in the model's units, q, q̇, t): v[i] a point's x and y, a
 * circle's r, a floor's y, a wall's x, an arrow's vector, a spin's rate,
 * a label's value (NaN: a text), a let's value, an angle's ends and
 * (v[i][2]) its text's value. -1 with d and *line at the first that
 * is not finite. */
int ex_scene_eval(const struct ex_scene *sc, const struct model *m, const double *vals,
		  double (*v)[3], int *line, struct diag *d);
/* The evaluation names at the exercise's start: the parameters `num` (the
 * model's units, in its order), q = q0, q̇ = q̇0, t = 0, into vals (as
 * many as the model's names; returned). */
size_t ex_scene_start(const struct model *m, const double *num, double *vals);
/* The box of the points and circles at v: box[4] = xmin, ymin, xmax, ymax;
 * false when there is nothing to box. */
bool ex_scene_box(const struct ex_scene *sc, const double (*v)[3], double box[4]);

#endif
