/* Model lagrange (issue 23): a system an exercise file states by its
 * kinetic energy T, potential energy V and Rayleigh dissipation function R
 * in generalized coordinates; tribo forms Lagrange's equations
 *
 *	d/dt ∂T/∂q̇ − ∂T/∂q + ∂V/∂q = −∂R/∂q̇
 *
 * by symbolic differentiation (num/sym.h), solves the mass matrix
 * ∂²T/∂q̇² at each step and integrates, stopping a coordinate where R is
 * not smooth at its zero rate (Coulomb friction) and the other forces stay
 * within the bound R allows there. */
#ifndef TRIBO_LAGRANGE_H
#define TRIBO_LAGRANGE_H

#include <stddef.h>

#include "models/model.h"
#include "util/diag.h"

enum { LAGRANGE_MAXQ = 4 };

/* One expression of the file: its text, and where its value starts. */
struct lagrange_expr {
	const char *text; /* NULL: not given */
	int line, col;	  /* col 1-based of the value's first character */
};

/* What the file says: the [system] section, the [param NAME] sections'
 * names (with the unit and value they give, if any) and the [result NAME]
 * sections. */
struct lagrange_text {
	struct lagrange_expr coordinates, T, V, R, stop;
	size_t nparams;
	const char **param_name, **param_unit; /* unit NULL: not given */
	const double *param_value;	       /* NAN: not given */
	const int *param_line;		       /* of each [param NAME] header */
	size_t nresults;
	const char **result_name, **result_unit, **result_doc;
	const struct lagrange_expr *result_expr;
	int system_line; /* of the [system] header */
};

/* The model for one exercise, or NULL with d set and *line, *col the place
 * in the file (col 1-based, 0: the line's first word). */
struct model *lagrange_model_new(const struct lagrange_text *lt, int *line, int *col,
				 struct diag *d);
void lagrange_model_free(struct model *m);

/* R and dR[i] = ∂R/∂q̇_i of the model's system at the parameters `num` (in
 * the model's order), q = q0, q̇ = q̇0 and t = 0, its contact(...) terms
 * included: what a run computes with, for the tests. */
int lagrange_dissipation(const struct model *m, const double *num, double *R, double *dR,
			 struct diag *d);

#endif
