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

/* The model: made from the exercise file's [system], [param NAME] and
 * [result NAME] sections (model.h's makers). */
extern const struct model_maker model_maker_lagrange;

/* R and dR[i] = ∂R/∂q̇_i of the model's system at the parameters `num` (in
 * the model's order), q = q0, q̇ = q̇0 and t = 0, its contact(...) terms
 * included: what a run computes with, for the tests. */
int lagrange_dissipation(const struct model *m, const double *num, double *R, double *dR,
			 struct diag *d);

/* The model's compiled system (num/sym.h's struct sym_prog, owned by the
 * model) and the expressions it computes, in its order (NULL for 0), at
 * most max of them: their number. *nvals: how many values an evaluation
 * takes (the parameters, q, q̇, t). For the tests and the bench, which
 * hold the code against the trees and against native code. */
struct sym;
struct sym_prog;
size_t lagrange_code(const struct model *m, struct sym_prog **code, const struct sym **terms,
		     size_t max, size_t *nvals);

/* What a drawing of the system (an exercise's [scene]) evaluates with
 * (lagrange_scene.c): the names an evaluation takes (the parameters, q,
 * q̇, t; *nq the coordinates), the file's [result NAME] expressions over
 * them (the last of the model's results, in order), and the [contact
 * NAME] sections with their normal force N at vals (the file's expression,
 * or the reaction (2.13); NaN where it has none). */
size_t lagrange_names(const struct model *m, const char *const **names, size_t *nq);
size_t lagrange_file_results(const struct model *m, const struct sym *const **exprs);
size_t lagrange_contacts(const struct model *m);
const char *lagrange_contact_name(const struct model *m, size_t c);
double lagrange_contact_N(const struct model *m, size_t c, const double *vals);

#endif
