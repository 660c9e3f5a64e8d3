/* The friction laws: one registry, a law a row, as a command is a row of
 * the command table. A row says the law's name, its family, its
 * parameters with their units, its formula in words and the paper's
 * equation, and which of num/'s formulas computes it. A model takes the
 * laws it names in its `law` parameter (PARAM_LAW, the names from here)
 * and dispatches on the row's id; who takes a law is read from the
 * models' tables (`help law`), not written here. */
#ifndef TRIBO_LAW_H
#define TRIBO_LAW_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/spec.h"
#include "num/drylaw.h"
#include "num/friction.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum law_id {
	LAW_COULOMB,
	LAW_ISOTROPIC,
	LAW_MATRIX,
	LAW_PROJECTED,
	LAW_FAMILY,
	LAW_STOKES,
	LAW_BOUCHET,
	LAW_EXPR,
	LAW_ELLIPTIC,
	LAW_ELLIPTIC_PEAK,
	LAW_TANH,
	LAW_COUNT
};

/* The names, for the choices of a model's `law` parameter:
 *	[P_LAW] = PARAM_LAW(LAW_NAME_COULOMB "|" LAW_NAME_MATRIX, "..."), */
#define LAW_NAME_COULOMB       "coulomb"
#define LAW_NAME_ISOTROPIC     "isotropic"
#define LAW_NAME_MATRIX	       "matrix"
#define LAW_NAME_PROJECTED     "projected"
#define LAW_NAME_FAMILY	       "family"
#define LAW_NAME_STOKES	       "stokes"
#define LAW_NAME_BOUCHET       "bouchet"
#define LAW_NAME_EXPR	       "expr"
#define LAW_NAME_ELLIPTIC      "elliptic"
#define LAW_NAME_ELLIPTIC_PEAK "elliptic-peak"
#define LAW_NAME_TANH	       "tanh"

/* clang-format off */
#define PARAM_LAW(choices_, doc_) \
	{SPEC_ROW_("law", PARAM_CHOICE, "", doc_), .choices = (choices_), .law = true}

/* The parameters of Kozlov's laws (2.6) in a model of three coordinates:
 * k of the isotropic law, and the nine entries of the matrix law's Φ from
 * the row index at_ on (the model's enum has PHI11 … PHI33 in a run),
 * with the diagonal's defaults and doc_ naming the coordinates' order. */
#define PARAM_LAW_K(def_) \
	PARAM_NUMBER("k", "", def_, PARAM_AT_LEAST(0.0), "isotropic: reduced coefficient, Φ = kA")
/* Bouchet's law μ(v) (Minguzzi §2.1): its three rows, at the indices
 * given, with their defaults. */
#define PARAM_LAW_BOUCHET(mu0_at_, muinf_at_, a_at_, mu0_, muinf_, a_) \
	[mu0_at_] = PARAM_NUMBER("mu0", "", mu0_, PARAM_AT_LEAST(0.0), "Bouchet: μ at v = 0"), \
	[muinf_at_] = PARAM_NUMBER("muinf", "", muinf_, PARAM_AT_LEAST(0.0), "Bouchet: μ as v → ∞"), \
	[a_at_] = PARAM_NUMBER("a", "s/m", a_, PARAM_AT_LEAST(0.0), \
			       "Bouchet: μ = (mu0 - muinf)/(1 + a v) + muinf")
#define PARAM_LAW_PHI(at_, doc_, d11_, d22_, d33_) \
	[(at_) + 0] = PARAM_NUMBER("phi11", "", d11_, PARAM_ANY, doc_), \
	[(at_) + 1] = PARAM_NUMBER("phi12", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 2] = PARAM_NUMBER("phi13", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 3] = PARAM_NUMBER("phi21", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 4] = PARAM_NUMBER("phi22", "", d22_, PARAM_ANY, doc_), \
	[(at_) + 5] = PARAM_NUMBER("phi23", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 6] = PARAM_NUMBER("phi31", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 7] = PARAM_NUMBER("phi32", "", 0.0, PARAM_ANY, doc_), \
	[(at_) + 8] = PARAM_NUMBER("phi33", "", d33_, PARAM_ANY, doc_)
/* clang-format on */

enum law_family {
	FAMILY_COULOMB,	    /* isotropic Coulomb (Amontons) */
	FAMILY_MATRIX,	    /* Kozlov's law (2.6) with a constant Φ */
	FAMILY_PROJECTED,   /* Painlevé's classical force projected, (4.3) */
	FAMILY_ADMISSIBLE,  /* Kozlov's admissible family (5.1)/(5.2) */
	FAMILY_SPEED,	    /* a coefficient μ(v) of the sliding speed */
	FAMILY_REGULARIZED, /* a smooth force H(u̇) in place of the jump */
};

struct law_param {
	const char *name;
	const char *unit; /* "" dimensionless */
	const char *doc;
};

struct law {
	const char *name;
	enum law_family family;
	const char *title; /* how steps name it: "Bouchet, §2.1" */
	struct law_param params[4];
	const char *formula;  /* in words */
	const char *equation; /* the paper's equations */
	/* the formula num/ keeps: friction.c's μ(v), drylaw.c's H(u̇) */
	bool has_friction, has_drylaw;
	enum friction_kind friction;
	enum drylaw_kind drylaw;
};

/* The rows are the registry's own, static: never freed. */
const struct law *law_get(enum law_id id);
enum law_id law_id(const struct law *law);
/* The row named `name`, or NULL. */
const struct law *law_find(const char *name);
/* The family in words: "isotropic Coulomb (Amontons)". */
const char *law_family_name(enum law_family f);
/* The law a model's law parameter (spec->law) names by its choice i;
 * NULL for a parameter that is no law parameter (check_law holds every
 * model's law parameter to registered names). */
const struct law *law_chosen(const struct param_spec *spec, int i);
/* A word for a law parameter that is a law the model does not take: "law
 * projected: model ladder takes coulomb, isotropic, matrix" in d and -1; 0
 * when the word names no law at all (the caller says what it takes). */
int law_refuse(const struct param_spec *spec, const char *model, const char *word, struct diag *d);

/* What Kozlov's laws F = −|R| Φ q̇/|q̇|_A (2.6) need to make Φ, in a
 * model's n = 3 coordinates: A and A⁻¹ at the configuration (row-major),
 * the coefficients, and for Coulomb's and the projected law the slipping
 * coordinate and the constraint's (slide < 0: Coulomb's law acts at
 * several contacts with their own normal forces, not through one Φ). */
struct law_phi {
	const double *A, *Ai;
	double mu, k;
	const double *phi;   /* matrix: Φ as given */
	const double *omega; /* family: Ω, 3×3, row-major */
	/* family: the coordinates ξ in which Ω is given, when they are not
	 * the model's own: E = ∂ξ/∂q (row-major) and B = E⁻¹ = ∂q/∂ξ; NULL
	 * for ξ = q */
	const double *E, *B;
	int slide, normal;
};
/* Φ of the law (coulomb: μ on the slipping coordinate; isotropic: kA
 * (2.7); matrix: the given Φ; projected: (4.3); family: AΩᵀ (5.1)); the
 * μ(v) and regularized laws have none (zero). The family in coordinates
 * ξ: Φ_ξ = A_ξΩᵀ with Φ_ξ = BᵀΦB and A_ξ = BᵀAB (both bilinear in the
 * velocities) gives Φ = A B Ωᵀ E. */
void law_phi_matrix(enum law_id id, const struct law_phi *a, double Phi[9]);

/* Painlevé's projection (4.3) on p = 1 or 2 constraints of a model of 3
 * coordinates (Kozlov §7): of the classical force Λ keep the least force
 * in A⁻¹ among Λ + Jᵀρ, F = Λ − Jᵀ(J A⁻¹ Jᵀ)⁻¹ J A⁻¹ Λ, so that J A⁻¹ F = 0
 * (the force-vector is a possible motion) and F does Λ's work on every
 * motion the constraints allow. J: the constraints' covectors ∂f_j as p
 * rows of 3; Ai: A⁻¹, row-major. */
void law_project(int p, const double J[][3], const double Ai[9], const double Lam[3], double F[3]);

/* The μ(v) law in the worked steps, one line a sentence: fl as made from
 * the parameters, the formula's text (expr), V the largest speed met. */
void law_speed_steps(struct strbuf *s, const struct law *law, const struct friction_law *fl,
		     const char *formula, double V);

#endif
