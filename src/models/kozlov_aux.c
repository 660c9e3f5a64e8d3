/* Kozlov, "Lagrangian mechanics and dry friction": the two small models.
 *
 * kozlov-rest — §3: a point in the plane under a constant force f with
 * anisotropic dry friction Φv/|v| (3.1). Rest or motion by the classical
 * principle (3.2)/(3.3) and by Kozlov's Lyapunov principle: in the time
 * dτ = dt/|v| the velocity obeys v' = f|v| − Φv (3.8), whose ray solutions
 * v = ξ e^{λτ} need (Φ + λI)η = f, |η| = 1.
 *
 * kozlov-ball — §6: a heavy homogeneous ball on a horizontal plane under
 * the generalized Amontons law (2.6), F = −|R| Φ q̇/|q̇|_A, with the
 * paper's slips corrected (SPEC, "Known slips"). */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <string.h>

#include "models/model.h"
#include "num/num.h"
#include "num/ode.h"

/* ---- small dense linear algebra through GSL ------------------------------ */

enum { LA_MAX = 5 };

/* Solves M x = b (n ≤ LA_MAX, M row-major, not modified) by LU. Returns -1
 * when M is singular to working precision: a pivot below 64 ε ‖M‖∞. */
static int lu_solve(size_t n, const double *M, const double *b, double *x)
{
	double a[LA_MAX * LA_MAX], norm = 0.0;
	size_t pdata[LA_MAX];
	gsl_permutation perm = {n, pdata};
	int signum;

	memcpy(a, M, n * n * sizeof(double));
	for (size_t i = 0; i < n; i++) {
		double row = 0.0;
		for (size_t j = 0; j < n; j++)
			row += fabs(M[i * n + j]);
		norm = fmax(norm, row);
	}
	gsl_matrix_view A = gsl_matrix_view_array(a, n, n);
	if (gsl_linalg_LU_decomp(&A.matrix, &perm, &signum))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!(fabs(a[i * n + i]) > 64 * DBL_EPSILON * norm))
			return -1;
	gsl_vector_const_view B = gsl_vector_const_view_array(b, n);
	gsl_vector_view X = gsl_vector_view_array(x, n);
	return gsl_linalg_LU_solve(&A.matrix, &perm, &B.vector, &X.vector) ? -1 : 0;
}

/* ---- kozlov-rest: §3 ----------------------------------------------------- */

enum { KR_PHI11, KR_PHI12, KR_PHI21, KR_PHI22, KR_FX, KR_FY, KR_NPARAMS };
enum { KR_Q32, KR_MOVES, KR_LYAP_LAMBDA, KR_ETA_X, KR_ETA_Y, KR_NRESULTS };

#define ANY(name, def, doc)                                                                        \
	{                                                                                          \
		name, PARAM_NUMBER, "", def, -INFINITY, INFINITY, false, false, NULL, NULL, doc    \
	}

static const struct param_spec kr_params[KR_NPARAMS] = {
	[KR_PHI11] = ANY("phi11", 1.0, "friction operator Φ, row 1, column 1"),
	[KR_PHI12] = ANY("phi12", 0.0, "friction operator Φ, row 1, column 2"),
	[KR_PHI21] = ANY("phi21", 0.0, "friction operator Φ, row 2, column 1"),
	[KR_PHI22] = ANY("phi22", 0.5, "friction operator Φ, row 2, column 2"),
	[KR_FX] = ANY("fx", 0.8, "applied force f, x (per unit mass and unit pressure)"),
	[KR_FY] = ANY("fy", 0.3, "applied force f, y"),
};

static const struct result_spec kr_results[KR_NRESULTS] = {
	[KR_Q32] = {"q32", VAL_NUMBER, "", "(Φ⁻¹f, Φ⁻¹f), the quantity of (3.2)/(3.3)"},
	[KR_MOVES] = {"moves", VAL_BOOL, "", "the classical verdict: (Φ⁻¹f, Φ⁻¹f) > 1 (3.3)"},
	[KR_LYAP_LAMBDA] = {"lyap_lambda", VAL_NUMBER, "",
			    "largest positive root of ζ(λ) = |(Φ + λI)⁻¹f|² = 1 "
			    "(nan: none, the rest is stable)"},
	[KR_ETA_X] = {"eta_x", VAL_NUMBER, "", "starting direction η = (Φ + λI)⁻¹f, x"},
	[KR_ETA_Y] = {"eta_y", VAL_NUMBER, "", "starting direction η = (Φ + λI)⁻¹f, y"},
};

/* Points of the scan of ζ − 1 on [0, λ_hi]. */
enum { KR_SCAN = 4000 };

struct rest {
	double phi[4]; /* row-major */
	double f[2];
	int singular; /* scan points where Φ + λI was singular */
};

/* η = (Φ + λI)⁻¹f; returns ζ(λ) − 1 = |η|² − 1, or NAN where Φ + λI is
 * singular. */
static double rest_zeta(const struct rest *k, double lambda, double eta[2])
{
	const double M[4] = {k->phi[0] + lambda, k->phi[1], k->phi[2], k->phi[3] + lambda};
	if (lu_solve(2, M, k->f, eta))
		return NAN;
	return eta[0] * eta[0] + eta[1] * eta[1] - 1.0;
}

static double rest_zeta_fn(double lambda, void *p)
{
	double eta[2];
	return rest_zeta(p, lambda, eta);
}

/* Brent on a bracket [lo, hi] of a sign change of ζ − 1. */
static int rest_refine(struct rest *k, double lo, double hi, double *root, struct diag *d)
{
	gsl_function F = {rest_zeta_fn, k};
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	int status = gsl_root_fsolver_set(s, &F, lo, hi);
	for (int iter = 0; !status && iter < 200; iter++) {
		status = gsl_root_fsolver_iterate(s);
		if (status)
			break;
		double a = gsl_root_fsolver_x_lower(s), b = gsl_root_fsolver_x_upper(s);
		if (gsl_root_test_interval(a, b, 0.0, 4 * DBL_EPSILON) == GSL_SUCCESS)
			break;
	}
	*root = gsl_root_fsolver_root(s);
	gsl_root_fsolver_free(s);
	if (status)
		return num_fail(d, status, "Brent's method on ζ(λ) = 1");
	return 0;
}

static int rest_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct rest k = {
		.phi = {p[KR_PHI11], p[KR_PHI12], p[KR_PHI21], p[KR_PHI22]},
		.f = {p[KR_FX], p[KR_FY]},
	};
	const double *P = k.phi, fx = k.f[0], fy = k.f[1];
	struct strbuf *s = out->steps;
	double a[2];

	if (lu_solve(2, P, k.f, a))
		return diag_set(d,
				"the friction operator Φ = [[%g, %g], [%g, %g]] is singular "
				"(det Φ = %g): Φ⁻¹f, and with it (3.2)/(3.3), is not defined",
				P[0], P[1], P[2], P[3], P[0] * P[3] - P[1] * P[2]);
	const double q32 = a[0] * a[0] + a[1] * a[1];
	/* (3.2) and (3.3) part at q32 = 1, which rounding alone must not
	 * decide: the defaults, Φ = diag(1, 0.5) and f = (0.8, 0.3), sit on it. */
	const bool boundary = fabs(q32 - 1.0) <= 16 * DBL_EPSILON;
	const bool moves = q32 > 1.0 && !boundary;
	const bool symmetric = P[1] == P[2];
	/* (2.8): Sylvester's criterion on Φ + Φᵀ */
	const double s11 = 2 * P[0], s22 = 2 * P[3], s12 = P[1] + P[2];
	const double sdet = s11 * s22 - s12 * s12;
	const bool dissipative = s11 >= 0 && s22 >= 0 && sdet >= 0;

	/* ζ(λ) − 1 on [0, λ_hi]: past λ_hi = ‖Φ‖_F + |f| + 1 ≥ ‖Φ‖₂ + |f| + 1,
	 * |(Φ + λI)⁻¹f| ≤ |f|/(λ − ‖Φ‖₂) < 1, so every root lies inside. */
	const double normF = sqrt(P[0] * P[0] + P[1] * P[1] + P[2] * P[2] + P[3] * P[3]);
	const double lam_hi = normF + hypot(fx, fy) + 1.0;
	double g_prev = boundary ? 0.0 : q32 - 1.0, lam_prev = 0.0;
	double br_lo = NAN, br_hi = NAN;
	int nroots = 0;
	for (int i = 1; i <= KR_SCAN; i++) {
		double lam = lam_hi * i / KR_SCAN, eta[2];
		double g = rest_zeta(&k, lam, eta);
		if (isnan(g)) { /* Φ has the eigenvalue −λ: skip the point */
			k.singular++;
			continue;
		}
		if (g == 0.0 || (g_prev != 0.0 && (g < 0) != (g_prev < 0))) {
			nroots++;
			br_lo = g == 0.0 ? lam : lam_prev;
			br_hi = lam;
		}
		g_prev = g; /* after an exact zero, 0: the next point starts afresh */
		lam_prev = lam;
	}
	double lambda = NAN, eta[2] = {NAN, NAN};
	if (nroots) {
		if (br_lo == br_hi)
			lambda = br_lo;
		else if (rest_refine(&k, br_lo, br_hi, &lambda, d))
			return -1;
		rest_zeta(&k, lambda, eta);
	} else if (boundary) {
		lambda = 0.0; /* ζ(0) = 1: the ray v = ηc is a family of equilibria */
		eta[0] = a[0];
		eta[1] = a[1];
	} else if (moves) {
		return diag_set(d,
				"ζ(0) = %.12g > 1 but no root of ζ(λ) = 1 was found on "
				"[0, %.6g]",
				q32, lam_hi);
	}

	out->res[KR_Q32] = value_number(q32);
	out->res[KR_MOVES] = value_bool(moves);
	out->res[KR_LYAP_LAMBDA] = value_number(lambda);
	out->res[KR_ETA_X] = value_number(eta[0]);
	out->res[KR_ETA_Y] = value_number(eta[1]);

	model_step(s, "Kozlov (3.1): ẋ = v, v̇ = f − Φv/|v|, with");
	model_step(s, "  Φ = [[%g, %g], [%g, %g]],  f = (%g, %g),  |f| = %.6g.", P[0], P[1], P[2],
		   P[3], fx, fy, hypot(fx, fy));
	if (dissipative)
		model_step(s,
			   "(2.8): (Φv, v) ≥ 0 for all v, since Φ + Φᵀ has the minors %g, %g "
			   "and det = %g (Sylvester).",
			   s11, s22, sdet);
	else
		model_step(s,
			   "Warning: Φ violates (2.8): Φ + Φᵀ has the minors %g, %g and det = "
			   "%g, so (Φv, v) < 0 for some v and friction would feed energy in. "
			   "The numbers below are computed all the same.",
			   s11, s22, sdet);
	model_step(s, "Classical principle (§3, the friction of rest is at most the friction of "
		      "motion in the same direction):");
	model_step(s, "  a = Φ⁻¹f (LU) = (%.12g, %.12g)", a[0], a[1]);
	model_step(s, "  q32 = (Φ⁻¹f, Φ⁻¹f) = %.12g² + %.12g² = %.12g", a[0], a[1], q32);
	if (boundary)
		model_step(s, "  q32 = 1 (to rounding): by (3.2), q32 ≤ 1, the point stays at "
			      "rest (moves = false).");
	else if (moves)
		model_step(s, "  q32 > 1: by (3.3) the point starts to move (moves = true).");
	else
		model_step(s, "  q32 ≤ 1: by (3.2) the point stays at rest (moves = false).");

	model_step(s, "Lyapunov principle (Kozlov): in the time dτ = dt/|v| the velocity obeys "
		      "(3.8) v' = f|v| − Φv, which has v = 0 as an equilibrium; the rest is kept "
		      "if it is stable, lost if not.");
	model_step(s, "  Rays v = ξ e^{λτ}, η = ξ/|ξ|: (Φ + λI)η = f, |η| = 1, i.e. ζ(λ) = "
		      "|(Φ + λI)⁻¹f|² = 1; ζ(0) = q32.");
	model_step(s,
		   "  Scan of ζ(λ) − 1 on [0, λ_hi], λ_hi = ‖Φ‖_F + |f| + 1 = %.6g (beyond it "
		   "ζ < 1), %d points: %d root(s) bracketed%s.",
		   lam_hi, KR_SCAN, nroots,
		   k.singular ? ", some points skipped where Φ + λI is singular" : "");
	if (nroots) {
		double r0 = (P[0] + lambda) * eta[0] + P[1] * eta[1] - fx;
		double r1 = P[2] * eta[0] + (P[3] + lambda) * eta[1] - fy;
		model_step(s, "  Largest root (Brent): λ = %.12g, ζ(λ) − 1 = %.3g.", lambda,
			   rest_zeta_fn(lambda, &k));
		model_step(s,
			   "  η = (Φ + λI)⁻¹f = (%.12g, %.12g), |η| = %.15g, residual of (Φ + "
			   "λI)η = f: %.3g.",
			   eta[0], eta[1], hypot(eta[0], eta[1]), hypot(r0, r1));
		model_step(s,
			   "  v = ξ e^{λτ} grows exponentially: v = 0 is unstable and the point "
			   "moves, starting along η (at %.6g° from f).",
			   atan2(fx * eta[1] - fy * eta[0], fx * eta[0] + fy * eta[1]) * 180 /
				   M_PI);
	} else if (boundary) {
		model_step(s,
			   "  No positive root, but ζ(0) = 1: λ = 0, η = Φ⁻¹f = (%.12g, %.12g). "
			   "Every v = cη is an equilibrium of (3.8) while x' = v|v| drifts: the "
			   "rest is unstable, though not exponentially.",
			   eta[0], eta[1]);
	} else {
		model_step(s, "  No positive root: no ray solution grows (lyap_lambda = eta_x = "
			      "eta_y = nan).");
		if (symmetric && dissipative)
			model_step(s,
				   "  Kozlov's W = ½(Φ⁻¹v, v) > 0 has W' = |v|[(v, a) − |v|] ≤ "
				   "−(1 − |a|)|v|² = −%.6g |v|² (3.9): v = 0 is asymptotically "
				   "stable and the point stays at rest.",
				   1 - sqrt(q32));
		else
			model_step(s, "  Kozlov's W = ½(Φ⁻¹v, v) proves stability only for a "
				      "symmetric positive definite Φ (W' = (Φ⁻¹v, v') uses Φ⁻¹ = "
				      "Φ⁻ᵀ); here it does not apply as printed.");
	}

	const bool lyap_moves = nroots > 0 || boundary;
	if (boundary)
		model_step(s, "The two principles part here, as Kozlov remarks for |f| = μ: at q32 "
			      "= 1 the classical one says rest, the Lyapunov one says moves "
			      "(\"this difference has no practical meaning\").");
	else if (lyap_moves == moves)
		model_step(s,
			   "Both principles agree: the point %s. (Kozlov: ζ(0) = q32 > 1 and ζ → "
			   "0 give a positive root; for q32 < 1 and symmetric Φ the rest is "
			   "asymptotically stable.)",
			   moves ? "moves" : "stays at rest");
	else
		model_step(
			s,
			"The principles disagree: q32 = %.12g %s 1, yet ζ(λ) = 1 has %d positive "
			"root(s)%s.",
			q32, moves ? ">" : "<", nroots,
			symmetric ? "" : " (Φ is not symmetric: ζ need not decrease)");
	return 0;
}

const struct model model_kozlov_rest = {
	.name = "kozlov-rest",
	.summary = "rest or motion under anisotropic dry friction, two principles (Kozlov §3)",
	.params = kr_params,
	.nparams = KR_NPARAMS,
	.results = kr_results,
	.nresults = KR_NRESULTS,
	.solve = rest_solve,
};
