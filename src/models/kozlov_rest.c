/* Kozlov, "Lagrangian mechanics and dry friction", §3: kozlov-rest, a
 * point in the plane under a constant force f with anisotropic dry
 * friction Φv/|v| (3.1). Rest or motion by the classical principle
 * (3.2)/(3.3) and by Kozlov's Lyapunov principle: in the time dτ = dt/|v|
 * the velocity obeys v' = f|v| − Φv (3.8), whose ray solutions
 * v = ξ e^{λτ} need (Φ + λI)η = f, |η| = 1. */
#include <float.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_poly.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/model.h"
#include "num/roots.h"

/* ---- small dense linear algebra through GSL ------------------------------ */

enum { LA_MAX = 5 };

/* Solves M x = b (n ≤ LA_MAX, M row-major, not modified) by LU. Returns -1
 * when M is singular to working precision: a pivot below 64 ε once each
 * row is scaled to largest entry 1, so that a matrix whose rows differ in
 * scale (diag(1e300, 0.3)) is not called singular. */
static int lu_solve(size_t n, const double *M, const double *b, double *x)
{
	double a[LA_MAX * LA_MAX], c[LA_MAX];
	size_t pdata[LA_MAX];
	gsl_permutation perm = {n, pdata};
	int signum;

	for (size_t i = 0; i < n; i++) {
		double big = 0.0;
		for (size_t j = 0; j < n; j++)
			big = fmax(big, fabs(M[i * n + j]));
		if (!(big > 0) || !isfinite(big))
			return -1;
		for (size_t j = 0; j < n; j++)
			a[i * n + j] = M[i * n + j] / big;
		c[i] = b[i] / big;
	}
	gsl_matrix_view A = gsl_matrix_view_array(a, n, n);
	if (gsl_linalg_LU_decomp(&A.matrix, &perm, &signum))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!(fabs(a[i * n + i]) > 64 * DBL_EPSILON))
			return -1;
	gsl_vector_const_view B = gsl_vector_const_view_array(c, n);
	gsl_vector_view X = gsl_vector_view_array(x, n);
	return gsl_linalg_LU_solve(&A.matrix, &perm, &B.vector, &X.vector) ? -1 : 0;
}

/* ---- kozlov-rest: §3 ----------------------------------------------------- */

enum { KR_PHI11, KR_PHI12, KR_PHI21, KR_PHI22, KR_FX, KR_FY, KR_NPARAMS };
enum { KR_Q32, KR_MOVES, KR_LYAP_LAMBDA, KR_ETA_X, KR_ETA_Y, KR_NRESULTS };

static const struct param_spec kr_params[KR_NPARAMS] = {
	[KR_PHI11] =
		PARAM_NUMBER("phi11", "", 1.0, PARAM_ANY, "friction operator Φ, row 1, column 1"),
	[KR_PHI12] =
		PARAM_NUMBER("phi12", "", 0.0, PARAM_ANY, "friction operator Φ, row 1, column 2"),
	[KR_PHI21] =
		PARAM_NUMBER("phi21", "", 0.0, PARAM_ANY, "friction operator Φ, row 2, column 1"),
	[KR_PHI22] =
		PARAM_NUMBER("phi22", "", 0.5, PARAM_ANY, "friction operator Φ, row 2, column 2"),
	[KR_FX] = PARAM_NUMBER("fx", "", 0.8, PARAM_ANY,
			       "applied force f, x (per unit mass and unit pressure)"),
	[KR_FY] = PARAM_NUMBER("fy", "", 0.4, PARAM_ANY, "applied force f, y"),
};

static const struct result_spec kr_results[KR_NRESULTS] = {
	[KR_Q32] = RESULT_NUMBER("q32", "", "(Φ⁻¹f, Φ⁻¹f), the quantity of (3.2)/(3.3)"),
	[KR_MOVES] = RESULT_BOOL_VERDICT("moves", VERDICT_MOTION,
					 "the classical verdict: (Φ⁻¹f, Φ⁻¹f) > 1 (3.3)"),
	[KR_LYAP_LAMBDA] = RESULT_NUMBER("lyap_lambda", "",
					 "largest positive root of ζ(λ) = |(Φ + λI)⁻¹f|² = 1 "
					 "(nan: none, the rest is stable)"),
	[KR_ETA_X] = RESULT_NUMBER("eta_x", "",
				   "starting direction η = (Φ + λI)⁻¹f, x (nan: none, the rest "
				   "is stable)"),
	[KR_ETA_Y] = RESULT_NUMBER("eta_y", "",
				   "starting direction η = (Φ + λI)⁻¹f, y (nan: none, the rest "
				   "is stable)"),
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
	struct num_root r;
	if (num_brent(rest_zeta_fn, k, lo, hi, 0.0, 4 * DBL_EPSILON, &r,
		      "Brent's method on ζ(λ) = 1", d))
		return -1;
	*root = r.root;
	return 0;
}

/* The sign changes of ζ(λ) − 1 on (0, λ_hi] (g0 = ζ(0) − 1, or 0 at the
 * boundary ζ(0) = 1), by a scan: KR_SCAN points evenly on [0, λ_hi],
 * merged with KR_SCAN points geometric from λ_hi·1e-300 up, so that a root
 * on a scale far below ‖Φ‖ (Φ = diag(1e300, 0.3): λ near |f| − 0.3) is not
 * stepped over. *nroots of them; [*br_lo, *br_hi] brackets the last. */
static void rest_scan(struct rest *k, double g0, double lam_hi, int *nroots, double *br_lo,
		      double *br_hi)
{
	double g_prev = g0, lam_prev = 0.0;
	*nroots = 0;
	int iu = 1, ig = 0;
	const double decades = fmin(300.0, -log10(fmax(DBL_MIN / lam_hi, 1e-300)));
	while (iu <= KR_SCAN) {
		const double lu = lam_hi * iu / KR_SCAN;
		const double lg = ig < KR_SCAN
					  ? lam_hi * pow(10.0, -decades * (KR_SCAN - ig) / KR_SCAN)
					  : INFINITY;
		double lam;
		if (lg < lu) {
			lam = lg;
			ig++;
		} else {
			lam = lu;
			iu++;
		}
		if (!(lam > lam_prev))
			continue;
		double eta[2];
		double g = rest_zeta(k, lam, eta);
		if (isnan(g)) { /* Φ has the eigenvalue −λ: skip the point */
			k->singular++;
			continue;
		}
		/* ζ − 1 at rounding level, 0 included (the geometric points next
		 * to a ζ(0) = 1 boundary), says nothing of its sign: the bracket
		 * skips it, and a root on a point is bracketed by its neighbours */
		if (fabs(g) <= 16 * DBL_EPSILON)
			continue;
		if (g == 0.0 || (g_prev != 0.0 && (g < 0) != (g_prev < 0))) {
			(*nroots)++;
			*br_lo = g == 0.0 ? lam : lam_prev;
			*br_hi = lam;
		}
		g_prev = g; /* after an exact zero, 0: the next point starts afresh */
		lam_prev = lam;
	}
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The same by the quartic ζ(λ) = 1 is: with Φ + λI = M(λ),
 *   Q(λ) = |adj M(λ) f|² − det M(λ)² = 0,
 * ζ − 1 = Q/det², so ζ − 1 changes sign exactly where Q has a real root of
 * odd multiplicity (at a pole, det = 0, ζ − 1 keeps its sign). Q's roots
 * by gsl_poly_complex_solve (Q's leading coefficient is −1); ζ − 1 is then
 * evaluated between the real ones in (0, λ_hi], and a change of sign there
 * is the root's bracket, as the scan's would be. Coefficients q[0..4] of
 * λ⁰..λ⁴. Returns false where it cannot decide (coefficients that
 * overflow, a point where ζ is not defined): the scan then does. */
static bool rest_quartic(struct rest *k, double g0, double lam_hi, double q[5], int *nroots,
			 double *br_lo, double *br_hi)
{
	const double *P = k->phi, fx = k->f[0], fy = k->f[1];
	const double b = P[0] + P[3], c = P[0] * P[3] - P[1] * P[2];
	const double c1 = P[3] * fx - P[1] * fy, c2 = P[0] * fy - P[2] * fx;
	q[4] = -1;
	q[3] = -2 * b;
	q[2] = fx * fx + fy * fy - b * b - 2 * c;
	q[1] = 2 * (fx * c1 + fy * c2) - 2 * b * c;
	q[0] = c1 * c1 + c2 * c2 - c * c;
	for (int i = 0; i < 5; i++)
		if (!isfinite(q[i]))
			return false;
	double z[8];
	gsl_poly_complex_workspace *w = gsl_poly_complex_workspace_alloc(5);
	const int st = gsl_poly_complex_solve(q, 5, w, z);
	gsl_poly_complex_workspace_free(w);
	if (st)
		return false;
	/* the real roots in (0, λ_hi]: a pair of near-double roots comes out
	 * with an imaginary part near √ε of its size */
	double re[4];
	int n = 0;
	for (int i = 0; i < 4; i++) {
		const double x = z[2 * i], y = z[2 * i + 1];
		if (fabs(y) <= 1e-7 * (fabs(x) + lam_hi) && x > 0 && x <= lam_hi)
			re[n++] = x;
	}
	qsort(re, (size_t)n, sizeof(double), cmp_double);
	/* ζ − 1 at 0, between the roots and at λ_hi: each change of sign
	 * brackets one. At the boundary ζ(0) = 1 the sign starts where ζ − 1
	 * leaves rounding, as the scan's does: halfway to the first root past
	 * λ = 0's own. */
	double pts[6];
	int np = 0, i0 = 0;
	if (g0 == 0) {
		while (i0 < n && re[i0] <= 1e-9 * lam_hi)
			i0++;
		pts[np++] = 0.5 * (i0 < n ? re[i0] : lam_hi);
	}
	for (int i = i0; i + 1 < n; i++)
		pts[np++] = 0.5 * (re[i] + re[i + 1]);
	pts[np++] = lam_hi;
	double g_prev = g0, lam_prev = 0.0, eta[2];
	*nroots = 0;
	for (int i = 0; i < np; i++) {
		const double g = rest_zeta(k, pts[i], eta);
		if (!isfinite(g) || fabs(g) <= 16 * DBL_EPSILON)
			return false;
		if (g_prev != 0.0 && (g < 0) != (g_prev < 0)) {
			(*nroots)++;
			*br_lo = lam_prev;
			*br_hi = pts[i];
		}
		g_prev = g;
		lam_prev = pts[i];
	}
	return true;
}

/* The two principles drawn: ζ(λ) against 1 (Kozlov's, a root λ > 0 means
 * the rest is lost), and the force plane, where the classical principle
 * (3.2) keeps the point at rest for f inside {Φa : |a| ≤ 1}, the ellipse
 * zᵀ(ΦΦᵀ)⁻¹z ≤ 1. */
static void rest_figures(struct figures *fs, struct rest *k, double q32, double lam_hi,
			 double lambda, const double eta[2])
{
	enum { NZ = 401, NE = 201 };
	struct table *t = figures_table(fs, "zeta", "lambda|zeta");
	double zmax = fmax(1.0, q32);
	for (int i = 0; i < NZ; i++) {
		double lam = lam_hi * i / (NZ - 1), e[2];
		double z = rest_zeta(k, lam, e) + 1.0;
		if (isnan(z))
			continue; /* Φ + λI singular */
		double row[2] = {lam, z};
		table_row(t, row);
		if (z <= 10 * fmax(1.0, q32))
			zmax = fmax(zmax, z);
	}
	struct figure *f = figure_add(fs, "zeta",
				      "Kozlov's principle: ζ(λ) = |(Φ + λI)⁻¹f|²; a root of ζ = 1 "
				      "at λ > 0 means the rest is lost",
				      "λ", "ζ(λ)");
	f->ymin = 0;
	f->ymax = 1.25 * zmax;
	figure_curve_from(f, "ζ(λ)", CURVE_LINE, t, 0, 1);
	figure_segment(f, "ζ = 1", CURVE_DASHED, 0.0, 1.0, lam_hi, 1.0);
	struct curve *c = figure_curve(f, "ζ(0) = q32 (classical: moves if > 1)", CURVE_POINTS);
	curve_point(c, 0.0, q32);
	if (isfinite(lambda)) {
		c = figure_curve(f, "root λ (lyap_lambda)", CURVE_POINTS);
		curve_point(c, lambda, 1.0);
	}

	const double *P = k->phi;
	const double M11 = P[0] * P[0] + P[1] * P[1], M12 = P[0] * P[2] + P[1] * P[3],
		     M22 = P[2] * P[2] + P[3] * P[3], det = M11 * M22 - M12 * M12;
	const double B11 = M22 / det, B12 = -M12 / det, B22 = M11 / det; /* (ΦΦᵀ)⁻¹ */
	const double xm = sqrt(M11);
	f = figure_add(fs, "forces",
		       "Forces: the rest region {Φa : |a| ≤ 1} of (3.2), the force f, and η", "f_x",
		       "f_y");
	f->equal_axes = true;
	c = figure_curve(f, "rest by (3.2)", CURVE_FILL);
	for (int i = 0; i < NE; i++) {
		double x = -xm * cos(M_PI * i / (NE - 1));
		double disc = sqrt(fmax(0.0, B12 * B12 * x * x - B22 * (B11 * x * x - 1)));
		curve_band(c, x, (-B12 * x - disc) / B22, (-B12 * x + disc) / B22);
	}
	c = figure_curve(f, "Φ(cos φ, sin φ)", CURVE_LINE);
	for (int i = 0; i < NE; i++) {
		double a = 2 * M_PI * i / (NE - 1);
		curve_point(c, P[0] * cos(a) + P[1] * sin(a), P[2] * cos(a) + P[3] * sin(a));
	}
	figure_segment(f, "f", CURVE_LINEPOINTS, 0.0, 0.0, k->f[0], k->f[1]);
	if (isfinite(eta[0]))
		figure_segment(f, "η, where the motion starts", CURVE_DASHED, 0.0, 0.0, eta[0],
			       eta[1]);
}

/* A coefficient's sign written between terms. */
#define SIGN(x) ((x) < 0 ? "−" : "+")

/* What rest_solve finds: the classical principle's q32, (2.8), and the
 * Lyapunov principle's root of ζ(λ) = 1. */
struct rest_found {
	double a[2], q32, s11, s22, sdet, lam_hi, qc[5], lambda, eta[2];
	bool boundary, moves, dissipative, symmetric, by_quartic;
	int nroots;
};

/* The worked steps. */
static void rest_steps(struct strbuf *s, const struct rest *k, const struct rest_found *r)
{
	const double *P = k->phi, fx = k->f[0], fy = k->f[1];
	const double *a = r->a, *qc = r->qc, *eta = r->eta;
	model_step(s, "Kozlov (3.1), per unit mass: ẋ = v, v̇ = f − Φv/|v|, with the applied "
		      "force f and the friction matrix Φ");
	model_step(s, "  Φ = [[%g, %g], [%g, %g]],  f = (%g, %g),  |f| = %.6g.", P[0], P[1], P[2],
		   P[3], fx, fy, hypot(fx, fy));
	if (r->dissipative)
		model_step(s,
			   "(2.8): (Φv, v) ≥ 0 for all v, since Φ + Φᵀ has the minors %g, %g "
			   "and det = %g (Sylvester).",
			   r->s11, r->s22, r->sdet);
	else
		model_step(s,
			   "Warning: Φ violates (2.8): Φ + Φᵀ has the minors %g, %g and det = "
			   "%g, so (Φv, v) < 0 for some v and friction would feed energy in. "
			   "The numbers below are computed all the same.",
			   r->s11, r->s22, r->sdet);
	model_step(s, "Classical principle (§3, the friction of rest is at most the friction of "
		      "motion in the same direction):");
	model_step(s, "  a = Φ⁻¹f (LU) = (%.12g, %.12g)", a[0], a[1]);
	model_step(s, "  q32 = (Φ⁻¹f, Φ⁻¹f) = %.12g² + %.12g² = %.12g", a[0], a[1], r->q32);
	if (r->boundary)
		model_step(s, "  q32 = 1 (to rounding): by (3.2), q32 ≤ 1, the point stays at "
			      "rest (moves = false).");
	else if (r->moves)
		model_step(s, "  q32 > 1: by (3.3) the point starts to move (moves = true).");
	else
		model_step(s, "  q32 ≤ 1: by (3.2) the point stays at rest (moves = false).");

	model_step(s, "Lyapunov principle (Kozlov): in the time dτ = dt/|v| the velocity obeys "
		      "(3.8) v' = f|v| − Φv, which has v = 0 as an equilibrium; the rest is kept "
		      "if it is stable, lost if not.");
	model_step(s, "  Rays v = ξ e^{λτ}, η = ξ/|ξ|: (Φ + λI)η = f, |η| = 1, i.e. ζ(λ) = "
		      "|(Φ + λI)⁻¹f|² = 1; ζ(0) = q32.");
	if (r->by_quartic)
		model_step(
			s,
			"  ζ(λ) = 1 is the quartic Q(λ) = |adj(Φ + λI) f|² − det(Φ + λI)² = "
			"−λ⁴ %s %.6gλ³ %s %.6gλ² %s %.6gλ %s %.6g = 0 (ζ − 1 = Q/det²). Its real "
			"roots in (0, λ_hi], λ_hi = ‖Φ‖_F + |f| + 1 = %.6g (beyond it ζ < 1), by "
			"gsl_poly_complex_solve; ζ − 1 between them and at λ_hi: %d change%s "
			"of sign.",
			SIGN(qc[3]), fabs(qc[3]), SIGN(qc[2]), fabs(qc[2]), SIGN(qc[1]),
			fabs(qc[1]), SIGN(qc[0]), fabs(qc[0]), r->lam_hi, r->nroots,
			model_plural(r->nroots));
	else
		model_step(s,
			   "  Scan of ζ(λ) − 1 on [0, λ_hi], λ_hi = ‖Φ‖_F + |f| + 1 = %.6g (beyond "
			   "it ζ < 1), %d points: %d root%s bracketed%s (the quartic ζ = 1 "
			   "could not decide: its coefficients overflow, or ζ − 1 is at rounding "
			   "level where its sign was needed).",
			   r->lam_hi, KR_SCAN, r->nroots, model_plural(r->nroots),
			   k->singular ? ", some points skipped where Φ + λI is singular" : "");
	if (r->nroots) {
		double r0 = (P[0] + r->lambda) * eta[0] + P[1] * eta[1] - fx;
		double r1 = P[2] * eta[0] + (P[3] + r->lambda) * eta[1] - fy;
		model_step(s, "  Largest root (Brent): λ = %.12g, ζ(λ) − 1 = %.3g.", r->lambda,
			   rest_zeta(k, r->lambda, (double[2]){0}));
		model_step(s,
			   "  η = (Φ + λI)⁻¹f = (%.12g, %.12g), |η| = %.15g, residual of (Φ + "
			   "λI)η = f: %.3g.",
			   eta[0], eta[1], hypot(eta[0], eta[1]), hypot(r0, r1));
		model_step(s,
			   "  v = ξ e^{λτ} grows exponentially: v = 0 is unstable and the point "
			   "moves, starting along η (at %.6g° from f).",
			   atan2(fx * eta[1] - fy * eta[0], fx * eta[0] + fy * eta[1]) * 180 /
				   M_PI);
	} else if (r->boundary) {
		model_step(s,
			   "  No positive root, but ζ(0) = 1: λ = 0, η = Φ⁻¹f = (%.12g, %.12g). "
			   "Every v = cη is an equilibrium of (3.8) while x' = v|v| drifts: the "
			   "rest is unstable, though not exponentially.",
			   eta[0], eta[1]);
	} else {
		model_step(s, "  No positive root: no ray solution grows (lyap_lambda, eta_x and "
			      "eta_y do not exist).");
		if (r->symmetric && r->dissipative)
			model_step(s,
				   "  Kozlov's W = ½(Φ⁻¹v, v) > 0 has W' = |v|[(v, a) − |v|] ≤ "
				   "−(1 − |a|)|v|² = −%.6g |v|² (3.9): v = 0 is asymptotically "
				   "stable and the point stays at rest.",
				   1 - sqrt(r->q32));
		else
			model_step(s, "  Kozlov's W = ½(Φ⁻¹v, v) proves stability only for a "
				      "symmetric positive definite Φ (W' = (Φ⁻¹v, v') uses Φ⁻¹ = "
				      "Φ⁻ᵀ); here it does not apply as printed.");
	}

	const bool lyap_moves = r->nroots > 0 || r->boundary;
	if (r->boundary)
		model_step(s, "The two principles part here, as Kozlov remarks for |f| = μ: at q32 "
			      "= 1 the classical one says rest, the Lyapunov one says moves "
			      "(\"this difference has no practical meaning\").");
	else if (lyap_moves == r->moves)
		model_step(s,
			   "Both principles agree: the point %s. (Kozlov: ζ(0) = q32 > 1 and ζ → "
			   "0 give a positive root; for q32 < 1 and symmetric Φ the rest is "
			   "asymptotically stable.)",
			   r->moves ? "moves" : "stays at rest");
	else
		model_step(
			s,
			"The principles disagree: q32 = %.12g %s 1, yet ζ(λ) = 1 has %d positive "
			"root%s%s.",
			r->q32, r->moves ? ">" : "<", r->nroots, model_plural(r->nroots),
			/* with u = (Φ + λI)⁻¹w, w = (Φ + λI)⁻¹f: dζ/dλ = −2((Φu, u) + λ|u|²),
			 * < 0 for λ > 0 whenever (2.8) holds, symmetric Φ or not */
			r->dissipative
				? " (which (2.8) rules out, since dζ/dλ = −2((Φu, u) + λ|u|²) < 0: "
				  "a numerical fault)"
				: " (Φ violates (2.8): ζ need not decrease)");
}

static int rest_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct rest k = {
		.phi = {p[KR_PHI11], p[KR_PHI12], p[KR_PHI21], p[KR_PHI22]},
		.f = {p[KR_FX], p[KR_FY]},
	};
	const double *P = k.phi, fx = k.f[0], fy = k.f[1];
	struct rest_found r = {.lambda = NAN, .eta = {NAN, NAN}};
	const double *a = r.a;

	if (lu_solve(2, P, k.f, r.a))
		return diag_set(d,
				"the friction operator Φ = [[%g, %g], [%g, %g]] is singular to "
				"working precision (its rows are parallel to within 64 ε): Φ⁻¹f, "
				"and with it (3.2)/(3.3), is not defined",
				P[0], P[1], P[2], P[3]);
	const double q32 = r.q32 = a[0] * a[0] + a[1] * a[1];
	if (!isfinite(q32))
		return diag_set(d,
				"(Φ⁻¹f, Φ⁻¹f) is beyond the largest double (Φ⁻¹f = (%g, %g)): Φ "
				"= [[%g, %g], [%g, %g]] is too small for f = (%g, %g) to be "
				"compared with 1",
				a[0], a[1], P[0], P[1], P[2], P[3], k.f[0], k.f[1]);
	/* (3.2) and (3.3) part at q32 = 1, which rounding alone must not
	 * decide: the defaults, Φ = diag(1, 0.5) and f = (0.8, 0.3), sit on it. */
	r.boundary = fabs(q32 - 1.0) <= 16 * DBL_EPSILON;
	r.moves = q32 > 1.0 && !r.boundary;
	r.symmetric = P[1] == P[2];
	/* (2.8): Sylvester's criterion on Φ + Φᵀ */
	r.s11 = 2 * P[0], r.s22 = 2 * P[3];
	const double s12 = P[1] + P[2];
	r.sdet = r.s11 * r.s22 - s12 * s12;
	r.dissipative = r.s11 >= 0 && r.s22 >= 0 && r.sdet >= 0;

	/* ζ(λ) − 1 on [0, λ_hi]: past λ_hi = ‖Φ‖_F + |f| + 1 ≥ ‖Φ‖₂ + |f| + 1,
	 * |(Φ + λI)⁻¹f| ≤ |f|/(λ − ‖Φ‖₂) < 1, so every root lies inside. */
	const double normF = hypot(hypot(P[0], P[1]), hypot(P[2], P[3])); /* no overflow */
	const double lam_hi = r.lam_hi = normF + hypot(fx, fy) + 1.0;
	double br_lo = NAN, br_hi = NAN;
	const double g0 = r.boundary ? 0.0 : q32 - 1.0;
	r.by_quartic = rest_quartic(&k, g0, lam_hi, r.qc, &r.nroots, &br_lo, &br_hi);
	if (!r.by_quartic)
		rest_scan(&k, g0, lam_hi, &r.nroots, &br_lo, &br_hi);
	if (r.nroots) {
		if (br_lo == br_hi)
			r.lambda = br_lo;
		else if (rest_refine(&k, br_lo, br_hi, &r.lambda, d))
			return -1;
		rest_zeta(&k, r.lambda, r.eta);
	} else if (r.boundary) {
		r.lambda = 0.0; /* ζ(0) = 1: the ray v = ηc is a family of equilibria */
		r.eta[0] = a[0];
		r.eta[1] = a[1];
	} else if (r.moves) {
		return diag_set(d,
				"ζ(0) = %.12g > 1 but no root of ζ(λ) = 1 was found on "
				"[0, %.6g]",
				q32, lam_hi);
	}

	out->res[KR_Q32] = value_number(q32);
	out->res[KR_MOVES] = value_bool(r.moves);
	out->res[KR_LYAP_LAMBDA] = value_number(r.lambda);
	out->res[KR_ETA_X] = value_number(r.eta[0]);
	out->res[KR_ETA_Y] = value_number(r.eta[1]);
	if (out->figs)
		rest_figures(out->figs, &k, q32, lam_hi, r.lambda, r.eta);
	rest_steps(out->steps, &k, &r);
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
