/* Kozlov, "Lagrangian mechanics and dry friction", §2, §4, §5: the Painlevé
 * rod. Two point masses, m1 on the rough horizontal line and m2 at the end
 * of a massless rod of length l at the angle θ to the line; coordinates
 * (x, θ, y) of the paper, y the height of m1, the one-sided constraint
 * f = y ≥ 0.
 *
 * T = ½(m1+m2)(ẋ²+ẏ²) − m2 l sinθ ẋθ̇ + m2 l cosθ ẏθ̇ + ½ m2 l² θ̇², so
 * A(θ) is the paper's matrix, and Lagrange's equations (2.2) read
 * A q̈ = X + λ e_y + F with X = (m2 l cosθ θ̇², −m2 g l cosθ,
 * −(m1+m2) g + m2 l sinθ θ̇²).
 *
 * Friction laws: `coulomb`, Painlevé's classical law F = −μ λ sgn(ẋ) e_x,
 * which is Φ = diag(μ, 0, 0) acting with the physical normal force at the
 * contact; `isotropic`, Kozlov's law (2.6) with Φ = kA (2.7); `matrix`,
 * Kozlov's law with any Φ. Kozlov's law is F = −|R| Φq̇/|q̇|_A with
 * |R| = λ √(e_y·A⁻¹e_y) (2.5) and |q̇|_A² = q̇·Aq̇. */
#include <float.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/painleve_rod.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"

enum {
	R_M1,
	R_M2,
	R_L,
	R_G,
	R_THETA,
	R_XDOT,
	R_THETADOT,
	R_LAW,
	R_MU,
	R_K,
	R_PHI11,
	R_PHI12,
	R_PHI13,
	R_PHI21,
	R_PHI22,
	R_PHI23,
	R_PHI31,
	R_PHI32,
	R_PHI33,
	R_OMEGA11,
	R_OMEGA12,
	R_OMEGA21,
	R_OMEGA22,
	R_OMEGA31,
	R_OMEGA32,
	R_NU,
	R_TMAX,
	R_CONTACT,
	R_K_CONTACT,
	R_C_CONTACT,
	R_NPARAMS
};
enum {
	O_A,
	O_COND28,
	O_COND28_MIN,
	O_COND29,
	O_COND29_RESIDUAL,
	O_RHO,
	O_LAMBDA,
	O_D,
	O_B0,
	O_MU_CRIT,
	O_MU_CRIT_MIN,
	O_THETA_CRIT_MIN,
	O_MODE,
	O_OUTCOME,
	O_T_END,
	O_STIFFNESS_RATIO,
	O_STIFF,
	O_X_END,
	O_THETA_END,
	O_XDOT_END,
	O_THETADOT_END,
	O_N_MAX,
	O_T_SLIP,
	O_THETA_SLIP,
	O_COND29_RUN,
	O_COND29_RESIDUAL_MAX,
	O_LAMBDA_DEV_MAX,
	O_NRESULTS
};
enum { CONTACT_RIGID, CONTACT_COMPLIANT };

static const char phi_doc[] = "law matrix: Φ entry (order x, θ, y; units follow A's)";
static const char omega_doc[] = "law family: Ω entry of Φ = A(θ)Ωᵀ (5.1), order x, θ, y";

static const struct param_spec rod_params[R_NPARAMS] = {
	[R_M1] = PARAM_NUMBER("m1", "kg", 1.0, PARAM_ABOVE(0.0), "mass at the contact"),
	[R_M2] = PARAM_NUMBER("m2", "kg", 1.0, PARAM_ABOVE(0.0), "mass at the free end"),
	[R_L] = PARAM_NUMBER("l", "m", 1.0, PARAM_ABOVE(0.0), "length of the massless rod"),
	[R_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_AT_LEAST(0.0), "gravitational acceleration"),
	[R_THETA] = PARAM_NUMBER("theta", "deg", 30.0, PARAM_OPEN(0.0, 180.0),
				 "angle of the rod to the line"),
	[R_XDOT] = PARAM_NUMBER("xdot", "m/s", -1.0, PARAM_ANY,
				"sliding velocity of the contact (its sign is the direction)"),
	[R_THETADOT] = PARAM_NUMBER("thetadot", "rad/s", 0.0, PARAM_ANY, "turning rate of the rod"),
	[R_LAW] = PARAM_LAW(LAW_NAME_COULOMB "|" LAW_NAME_ISOTROPIC "|" LAW_NAME_MATRIX
					     "|" LAW_NAME_PROJECTED "|" LAW_NAME_FAMILY,
			    "coulomb (Painlevé: Φ = diag(μ,0,0) with the normal force), isotropic "
			    "(Kozlov, Φ = kA), matrix (Kozlov, any constant Φ), projected (the "
			    "classical force projected by (4.3): Painlevé friction) or family "
			    "(Kozlov, Φ = A(θ)Ωᵀ of (5.1)-(5.2), recomputed along the run)"),
	[R_MU] = PARAM_NUMBER("mu", "", 0.5, PARAM_AT_LEAST(0.0), "coulomb: friction coefficient"),
	[R_K] = PARAM_LAW_K(0.5),
	PARAM_LAW_PHI(R_PHI11, phi_doc, 0.5, 0.0, 0.0),
	[R_OMEGA11] = PARAM_NUMBER("Omega11", "", 0.5, PARAM_ANY, omega_doc),
	[R_OMEGA12] = PARAM_NUMBER("Omega12", "", 0.0, PARAM_ANY, omega_doc),
	[R_OMEGA21] = PARAM_NUMBER("Omega21", "", 0.0, PARAM_ANY, omega_doc),
	[R_OMEGA22] = PARAM_NUMBER("Omega22", "", 0.5, PARAM_ANY, omega_doc),
	[R_OMEGA31] = PARAM_NUMBER("Omega31", "", 0.0, PARAM_ANY, omega_doc),
	[R_OMEGA32] = PARAM_NUMBER("Omega32", "", 0.0, PARAM_ANY, omega_doc),
	[R_NU] = PARAM_NUMBER("nu", "", 0.5, PARAM_ANY,
			      "law family: ν, Ω's last column is (0, 0, ν) by (5.2)"),
	[R_TMAX] = PARAM_NUMBER("tmax", "s", 1.0, PARAM_AT_LEAST(0.0), "length of the run"),
	[R_CONTACT] =
		PARAM_CHOICE("contact", "rigid|compliant",
			     "rigid (y = 0 while λ > 0) or compliant (a spring-damper contact)"),
	[R_K_CONTACT] = PARAM_NUMBER("k_contact", "N/m", 1e4, PARAM_ABOVE(0.0),
				     "compliant: contact stiffness"),
	[R_C_CONTACT] = PARAM_NUMBER("c_contact", "N*s/m", 20.0, PARAM_AT_LEAST(0.0),
				     "compliant: contact damping"),
};

static const struct result_spec rod_results[O_NRESULTS] = {
	[O_A] = RESULT_MATRIX("A", "inertia matrix at θ, order (x, θ, y)"),
	[O_COND28] = RESULT_BOOL("cond28", "(2.8): (Φq̇, q̇) ≥ 0 for every q̇"),
	[O_COND28_MIN] = RESULT_NUMBER("cond28_min", "", "smallest eigenvalue of Φ + Φᵀ"),
	[O_COND29] = RESULT_BOOL("cond29", "(2.9): ΦᵀA⁻¹∂f/∂x parallel to ∂f/∂x"),
	[O_COND29_RESIDUAL] =
		RESULT_NUMBER("cond29_residual", "",
			      "|w − ρ∂f|/(‖Φ‖|A⁻¹∂f|), w = ΦᵀA⁻¹∂f (holds below 1e-9; 0 within the "
			      "rounding of A⁻¹, 64ε‖A‖‖A⁻¹‖)"),
	[O_RHO] = RESULT_NUMBER_OR("rho", "", "ρ of (2.9) when it holds (nan otherwise)",
				   "(2.9) does not hold here, and ρ is its factor"),
	[O_LAMBDA] = RESULT_NUMBER("lambda", "N",
				   "normal reaction at the current state (nan: none, the "
				   "inconsistent case of the paradox)"),
	[O_D] = RESULT_NUMBER("D", "1/kg",
			      "sliding: ÿ = b0 + λD, eq. (2.13): D = (A⁻¹(e_y + G))_y, the normal "
			      "force's coefficient (D < 0: Painlevé's paradox); nan when the "
			      "contact does not slide"),
	[O_B0] = RESULT_NUMBER("b0", "m/s^2",
			       "sliding: the free normal acceleration b0 = (A⁻¹X)_y of eq. (2.13); "
			       "nan when the contact does not slide"),
	[O_MU_CRIT] = RESULT_NUMBER("mu_crit", "",
				    "μ where the classical normal-force denominator vanishes at θ "
				    "(inf: at no μ, for this θ and sense of sliding)"),
	[O_MU_CRIT_MIN] =
		RESULT_NUMBER("mu_crit_min", "", "smallest mu_crit over θ (inf: at no μ at any θ)"),
	[O_THETA_CRIT_MIN] = RESULT_NUMBER("theta_crit_min", "deg", "the θ of mu_crit_min"),
	[O_MODE] = RESULT_WORD_EXPECTS(
		"mode", "consistent", "Painlevé's paradox",
		"Painlevé's classification: consistent, inconsistent, indeterminate, both"),
	[O_OUTCOME] = RESULT_WORD_SHUNS(
		"outcome", "paradox",
		"how the run ended: stops (the contact stops sliding), slides, held (tmax "
		"reached with the foot held by static friction), lifts-off, paradox, falls, rests"),
	[O_T_END] = RESULT_NUMBER("t_end", "s", "when the run ended"),
	[O_STIFFNESS_RATIO] =
		RESULT_NUMBER("stiffness_ratio", "",
			      "largest over smallest |eigenvalue| of the Jacobian along the run, "
			      "its least upper bound: where a rate crosses 1/tmax, the largest "
			      "rate over 1/tmax (none where a Kozlov law stops a rigid run: it "
			      "grows as 1/|q̇|; none where no rate is faster than 1/tmax; a "
			      "compliant run's at every 20th step, where it checks for msbdf)"),
	[O_STIFF] = RESULT_BOOL("stiff", "whether tribo switched to the implicit msbdf"),
	[O_X_END] = RESULT_NUMBER("x_end", "m", "x at the end of the run"),
	[O_THETA_END] = RESULT_NUMBER("theta_end", "deg", "θ at the end of the run"),
	[O_XDOT_END] = RESULT_NUMBER("xdot_end", "m/s", "ẋ at the end of the run"),
	[O_THETADOT_END] = RESULT_NUMBER("thetadot_end", "rad/s", "θ̇ at the end of the run"),
	[O_N_MAX] = RESULT_NUMBER("N_max", "N", "largest normal force met along the run"),
	[O_T_SLIP] = RESULT_NUMBER_OR(
		"t_slip", "s",
		"coulomb, rigid: when a stuck foot first starts to slip (nan: never)",
		"the foot does not start to slip in this run (it slides from the start, or stays "
		"held, or the law is not coulomb with a rigid contact)"),
	[O_THETA_SLIP] = RESULT_NUMBER_OR(
		"theta_slip", "deg",
		"coulomb, rigid: θ where a stuck foot first starts to slip (nan: never)",
		"the foot does not start to slip in this run (it slides from the start, or stays "
		"held, or the law is not coulomb with a rigid contact)"),
	[O_COND29_RUN] =
		RESULT_BOOL("cond29_run", "(2.9) held at every state of the rigid run's sliding "
					  "phases, for the law's Φ at that θ"),
	[O_COND29_RESIDUAL_MAX] = RESULT_NUMBER("cond29_residual_max", "",
						"the largest cond29_residual met along the "
						"rigid run's sliding phases"),
	[O_LAMBDA_DEV_MAX] = RESULT_NUMBER(
		"lambda_dev_max", "N",
		"the largest |λ − λ0| along the rigid run's sliding phases, λ0 the "
		"frictionless normal reaction at the same state (0 where (2.9) holds; nan: a "
		"compliant run, which has no multiplier)"),
};

/* ---- the rod's mechanics -------------------------------------------------- */

void rod_inertia(const struct rod *r, double th, double A[9])
{
	rod_inertia_sc(r, sin(th), cos(th), A);
}

void rod_inertia_sc(const struct rod *r, double s, double c, double A[9])
{
	const double M = r->m1 + r->m2, b = r->m2 * r->l;
	const double a[9] = {M, -b * s, 0, -b * s, r->m2 * r->l * r->l, b * c, 0, b * c, M};
	memcpy(A, a, sizeof(a));
}

/* A⁻¹ in closed form: det A = (m1+m2) m1 m2 l². */
void rod_inertia_inv(const struct rod *r, double th, double Ai[9])
{
	rod_inertia_inv_sc(r, sin(th), cos(th), Ai);
}

void rod_inertia_inv_sc(const struct rod *r, double s, double c, double Ai[9])
{
	const double M = r->m1 + r->m2, m2 = r->m2, l = r->l;
	const double det = M * r->m1 * m2 * l * l;
	const double I = m2 * l * l, b = m2 * l;
	Ai[0] = (I * M - b * b * c * c) / det;
	Ai[1] = Ai[3] = b * s * M / det;
	Ai[2] = Ai[6] = -b * b * s * c / det;
	Ai[4] = M * M / det;
	Ai[5] = Ai[7] = -b * c * M / det;
	Ai[8] = (M * I - b * b * s * s) / det;
}

void rod_matvec(const double A[9], const double v[3], double out[3])
{
	for (int i = 0; i < 3; i++)
		out[i] = A[3 * i] * v[0] + A[3 * i + 1] * v[1] + A[3 * i + 2] * v[2];
}

void rod_law_matrix(const struct rod *r, double th, double Phi[9])
{
	double A[9], Ai[9];
	rod_inertia(r, th, A);
	if (r->law == LAW_PROJECTED)
		rod_inertia_inv(r, th, Ai);
	rod_law_matrix_of(r, A, Ai, Phi);
}

void rod_law_matrix_of(const struct rod *r, const double A[9], const double Ai[9], double Phi[9])
{
	law_phi_matrix(r->law,
		       &(struct law_phi){.A = A,
					 .Ai = Ai,
					 .mu = r->mu,
					 .k = r->k,
					 .phi = r->phi,
					 .omega = r->omega,
					 .slide = 0,
					 .normal = 2},
		       Phi);
}

/* (2.9) at θ for the law's Φ: w = ΦᵀA⁻¹e_y, and the part of w across
 * e_y relative to the largest w can be, ‖Φ‖_F |A⁻¹e_y|, so that a w that
 * vanishes (θ = 90° for Painlevé's law) counts as parallel.
 *
 * A residual within the rounding of its own computation is 0: the laws
 * made to satisfy (2.9) (isotropic, projected, family) came out at 1e-17
 * to 4e-17, which is A⁻¹'s rounding (relative, κ(A) ε) carried through
 * ΦᵀA⁻¹, not a part of w across e_y. The bound is 64 ε ‖A‖_F ‖A⁻¹‖_F,
 * κ_F bounding the condition number. */
#define COND29_TOL 1e-9
double rod_cond29_residual_of(const double A[9], const double Phi[9], const double Ai[9],
			      double w[3])
{
	double fro = 0, fa = 0, fai = 0;
	for (int i = 0; i < 3; i++)
		w[i] = Phi[0 * 3 + i] * Ai[2] + Phi[1 * 3 + i] * Ai[5] + Phi[2 * 3 + i] * Ai[8];
	for (int i = 0; i < 9; i++) {
		fro += Phi[i] * Phi[i];
		fa += A[i] * A[i];
		fai += Ai[i] * Ai[i];
	}
	const double wscale = sqrt(fro) * sqrt(Ai[2] * Ai[2] + Ai[5] * Ai[5] + Ai[8] * Ai[8]);
	const double res = wscale > 0 ? hypot(w[0], w[1]) / wscale : 0.0;
	return res <= 64 * DBL_EPSILON * sqrt(fa * fai) ? 0.0 : res;
}

/* Painlevé's classical law and its projection act with the multiplier λ
 * and hold the foot by static friction; Kozlov's laws act with |R| on the
 * whole q̇. */
bool rod_classical(const struct rod *r)
{
	return r->law == LAW_COULOMB || r->law == LAW_PROJECTED;
}

/* The velocity-independent and centripetal terms: A q̈ = X + λ e_y + F. */
void rod_forces(const struct rod *r, double th, double thd, double X[3])
{
	rod_forces_sc(r, sin(th), cos(th), thd, X);
}

void rod_forces_sc(const struct rod *r, double s, double c, double thd, double X[3])
{
	const double b = r->m2 * r->l;
	X[0] = b * c * thd * thd;
	X[1] = -r->m2 * r->g * r->l * c;
	X[2] = -(r->m1 + r->m2) * r->g + b * s * thd * thd;
}

/* The friction per unit λ (the force is λ G) for the sliding state
 * (ẋ, θ̇, ẏ). Classical: −μ σ e_x. Kozlov: −√(A⁻¹_33) Φq̇/|q̇|_A, and 0 at
 * q̇ = 0. `vreg` > 0 regularizes the speeds (compliant contact). */
void rod_friction_dir(const struct rod *r, double th, const double qd[3], double vreg, double G[3])
{
	G[0] = G[1] = G[2] = 0.0;
	if (rod_classical(r)) {
		double sg = vreg > 0 ? qd[0] / sqrt(qd[0] * qd[0] + vreg * vreg) : r->sigma;
		G[0] = -r->mu * sg;
		if (r->law == LAW_PROJECTED) {
			/* (4.3): F = Λ − ((A⁻¹Λ, η)/(A⁻¹η, η)) η, η = e_y */
			double Ai[9];
			rod_inertia_inv(r, th, Ai);
			G[2] = -G[0] * Ai[2] / Ai[8];
		}
		return;
	}
	double A[9], Ai[9], Phi[9], Aq[3], Pq[3];
	rod_inertia(r, th, A);
	rod_inertia_inv(r, th, Ai);
	rod_law_matrix(r, th, Phi);
	rod_matvec(A, qd, Aq);
	double n2 = qd[0] * Aq[0] + qd[1] * Aq[1] + qd[2] * Aq[2] + vreg * vreg;
	if (!(n2 > 0))
		return;
	rod_matvec(Phi, qd, Pq);
	double k = -sqrt(Ai[8]) / sqrt(n2);
	for (int i = 0; i < 3; i++)
		G[i] = k * Pq[i];
}

void rod_slide_state(const struct rod *r, double th, double xd, double thd, struct slide *o)
{
	double Ai[9], X[3], G[3], AiX[3], AiG[3], qd[3] = {xd, thd, 0.0};
	rod_inertia_inv(r, th, Ai);
	rod_forces(r, th, thd, X);
	rod_friction_dir(r, th, qd, 0.0, G);
	rod_matvec(Ai, X, AiX);
	rod_matvec(Ai, G, AiG);
	o->b0 = AiX[2];
	o->D = Ai[8] + AiG[2];
	o->lambda = -o->b0 / o->D;
	for (int i = 0; i < 3; i++)
		o->qdd[i] = AiX[i] + o->lambda * (Ai[3 * i + 2] + AiG[i]);
}

/* At rest under the classical law with the held foot's λ not positive:
 * the foot cannot be held (that needs |F_x| ≤ μλ ≤ 0), and sliding along
 * −F_x, where the friction is μλ and not F_x, may still press on the line
 * (D > 0, λ > 0: the one solution, lift-off needing b0 ≥ 0). The rod
 * thrown up at θ̇ = √((m1+m2) g/(m2 l sinθ)) − 1e-16 slid (λ 3.74 N)
 * and lifted off at 0.115 s, at that θ̇ it lifted off at t = 0. */
bool rod_slide_presses(struct rod *r, double th, double thd, double Fx)
{
	if (Fx == 0)
		return false;
	const double keep = r->sigma;
	struct slide sl;
	r->sigma = Fx > 0 ? -1.0 : 1.0;
	rod_slide_state(r, th, 0.0, thd, &sl);
	r->sigma = keep;
	return sl.D > 0 && sl.lambda > 0;
}

/* The classical critical coefficient at θ for sliding direction σ:
 * D = [(m1 + m2 cos²θ) + μ σ m2 sinθ cosθ]/((m1+m2) m1) vanishes at
 * μ = (m1 + m2 cos²θ)/(m2 |sinθ cosθ|) when σ sinθ cosθ < 0. */
double rod_mu_crit_at(const struct rod *r, double th, double sigma)
{
	/* θ = 90° as a double is π/2 rounded, where cos θ = 6e-17 is round-off
	 * of a true 0: the rod upright has no critical μ (inf, not 1.6e16) */
	if (fabs(cos(th)) <= DBL_EPSILON * fabs(th))
		return INFINITY;
	double sc = sin(th) * cos(th);
	if (!(sigma * sc < 0) && sigma != 0)
		return INFINITY;
	if (sc == 0)
		return INFINITY;
	return (r->m1 + r->m2 * cos(th) * cos(th)) / (r->m2 * fabs(sc));
}

/* μ_crit(θ) = N/D with N = m1 + m2 cos²θ, D = m2 sinθ cosθ is least where
 * N'D − N D' = 0, i.e. where g(θ) = −2 m2² sin²θ cos²θ − (m1 + m2 cos²θ) m2
 * cos 2θ vanishes: g < 0 near 0 and g > 0 near 90°, one root between.
 * A root of g, found by GSL's Brent solver, is exact to rounding, where a
 * minimizer of μ_crit itself only resolves θ to √ε. */
static double mu_crit_slope(double th, void *p)
{
	const struct rod *r = p;
	const double s = sin(th), c = cos(th);
	return -2 * r->m2 * r->m2 * s * s * c * c - (r->m1 + r->m2 * c * c) * r->m2 * cos(2 * th);
}

static int mu_crit_min(const struct rod *r, double *mu, double *th, struct diag *d)
{
	struct num_root root;
	if (num_brent(mu_crit_slope, (void *)r, 1e-9, M_PI_2 - 1e-9, 0.0, 1e-15, &root,
		      "the least μ_crit over θ", d))
		return -1;
	*th = root.root;
	*mu = rod_mu_crit_at(r, *th, 0.0);
	return 0;
}

enum mode { MODE_CONSISTENT, MODE_INCONSISTENT, MODE_INDETERMINATE, MODE_BOTH };
static const char *const mode_word[] = {"consistent", "inconsistent", "indeterminate", "both"};

/* Painlevé's classification of the sliding contact: λ D = −b0 with λ ≥ 0,
 * ÿ = b0 + λ D ≥ 0, λ ÿ = 0. */
static enum mode classify(double b0, double D)
{
	if (D > 0)
		return MODE_CONSISTENT;
	return b0 < 0 ? MODE_INCONSISTENT : MODE_INDETERMINATE;
}

/* ---- solve ---------------------------------------------------------------- */

/* The rod at the exercise's state, before any run: the matrices, the
 * conditions (2.8) and (2.9), λ and Painlevé's classification. */
struct rod_at {
	double A[9], Ai[9], Phi[9], sym[9];
	double emin, residual, rho, w[3];
	bool cond28, cond29;
	double sigma, lambda;
	enum mode mode;
	const char *mode_why;
	struct slide sl;
	bool slides; /* sl holds the sliding contact's b0 and D */
	double mu_c, mu_min, th_min;
};

/* The matrices at θ and the conditions (2.8) and (2.9) on Φ. */
static int rod_conditions(struct rod *r, double th, struct rod_at *at, struct diag *d)
{
	double *A = at->A, *Ai = at->Ai, *Phi = at->Phi, *sym = at->sym, *w = at->w;
	/* the matrices at θ */
	rod_inertia(r, th, A);
	rod_inertia_inv(r, th, Ai);
	rod_law_matrix(r, th, Phi);
	/* Both conditions are unchanged by Φ's scale: they are tested on
	 * Φ/max|Φ_ij|, so that tiny coefficients and huge ones are as well
	 * conditioned as k = 1. Subnormal ones are refused: k = 1e-310 kept
	 * gsl_eigen_symm's QR iteration from converging, forever. */
	double phimax = 0, Phs[9];
	for (int i = 0; i < 9; i++)
		phimax = fmax(phimax, fabs(Phi[i]));
	if (phimax > 0 && phimax < DBL_MIN)
		return diag_set(d,
				"the friction matrix Φ has no entry above %.3g in size: "
				"subnormal numbers, with too few digits to test (2.8) and "
				"(2.9) on; friction this weak is zero to the run's "
				"precision, so set it to 0",
				DBL_MIN);
	for (int i = 0; i < 9; i++)
		Phs[i] = phimax > 0 ? Phi[i] / phimax : 0.0;
	double work[9];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			sym[3 * i + j] = Phi[3 * i + j] + Phi[3 * j + i];
			work[3 * i + j] = Phs[3 * i + j] + Phs[3 * j + i];
		}

	/* (2.8): the smallest eigenvalue of Φ + Φᵀ */
	double eig[3];
	gsl_matrix_view sm = gsl_matrix_view_array(work, 3, 3);
	gsl_vector_view ev = gsl_vector_view_array(eig, 3);
	gsl_eigen_symm_workspace *ew = gsl_eigen_symm_alloc(3);
	gsl_eigen_symm(&sm.matrix, &ev.vector, ew);
	gsl_eigen_symm_free(ew);
	double emin = fmin(eig[0], fmin(eig[1], eig[2]));
	double scale = fmax(fabs(eig[0]), fmax(fabs(eig[1]), fabs(eig[2])));
	at->cond28 = emin >= -1e-12 * scale;
	at->emin = emin * phimax;

	/* (2.9): w = ΦᵀA⁻¹e_y against e_y */
	at->residual = rod_cond29_residual_of(A, Phs, Ai, w);
	at->cond29 = at->residual <= COND29_TOL;
	for (int i = 0; i < 3; i++)
		w[i] *= phimax;
	at->rho = at->cond29 ? w[2] : NAN;
	return 0;
}

/* λ and Painlevé's classification at the state (θ, ẋ, θ̇). */
static void rod_state_at(struct rod *r, double th, double xd, double thd, struct rod_at *at)
{
	struct slide *sl = &at->sl;
	*sl = (struct slide){0};
	at->sigma = xd > 0 ? 1 : xd < 0 ? -1 : 0;
	at->slides = true;
	if (rod_classical(r) && at->sigma == 0) {
		/* at rest at the contact: can static friction hold it? */
		struct stick st;
		rod_stick_state(r, th, thd, &st);
		if (st.lambda <= 0 && !rod_slide_presses(r, th, thd, st.Fx)) {
			at->slides = false;
			at->lambda = 0;
			at->mode = MODE_CONSISTENT;
			at->mode_why = "at rest the rod would lift off (λ ≤ 0): no contact force";
		} else if (fabs(st.Fx) <= r->mu * st.lambda) {
			at->slides = false;
			at->lambda = st.lambda;
			at->mode = MODE_CONSISTENT;
			at->mode_why = "static friction holds the contact (|F| ≤ μλ)";
		} else {
			r->sigma = st.Fx > 0 ? -1 : 1;
			rod_slide_state(r, th, 0.0, thd, sl);
			enum mode m1 = classify(sl->b0, sl->D);
			r->sigma = -r->sigma;
			struct slide s2;
			rod_slide_state(r, th, 0.0, thd, &s2);
			enum mode m2 = classify(s2.b0, s2.D);
			r->sigma = -r->sigma;
			at->lambda = m1 == MODE_INCONSISTENT ? NAN : sl->lambda;
			at->mode = (m1 != m2 && m1 != MODE_CONSISTENT && m2 != MODE_CONSISTENT)
					   ? MODE_BOTH
					   : m1;
			at->mode_why =
				"static friction cannot hold the contact: it starts to slide";
		}
	} else {
		r->sigma = at->sigma;
		rod_slide_state(r, th, xd, thd, sl);
		at->mode = classify(sl->b0, sl->D);
		at->lambda = at->mode == MODE_INCONSISTENT ? NAN : fmax(sl->lambda, 0.0);
		at->mode_why = at->mode == MODE_CONSISTENT ? "D > 0: one solution"
			       : at->mode == MODE_INCONSISTENT
				       ? "D < 0 and b0 < 0: neither contact nor lift-off"
				       : "D < 0 and b0 > 0: both contact (λ > 0) and lift-off";
	}
}

/* The worked steps: the matrices, the conditions, the state, μ_crit and
 * the run-> */
/* Whether the run's stiffness ratio does not exist, and why (into why).
 * Kozlov's force is of degree 0 in q̇: its Jacobian grows as 1/|q̇|,
 * without bound on a rigid run that comes to rest, and has none at a start
 * at rest; a run whose rates are all at or below 1/tmax has no time scale
 * to compare (the ratio came out as 0). */
static bool ratio_none(const struct rod *r, const struct run *run, char *why, size_t n)
{
	const bool kozlov_stop =
		r->contact == CONTACT_RIGID && !rod_classical(r) && run->outcome == OUT_STOPS;
	if (kozlov_stop && run->t_end == 0)
		snprintf(why, n,
			 "the rod is at rest at the start, where Kozlov's force, of "
			 "degree 0 in q̇, has no Jacobian");
	else if (kozlov_stop)
		snprintf(why, n,
			 "it grows without bound toward the stop: Kozlov's force is of "
			 "degree 0 in q̇, so its Jacobian grows as 1/|q̇| as the rod "
			 "comes to rest");
	else if (!(run->ratio > 0))
		snprintf(why, n,
			 "no rate of the run's Jacobian is faster than 1/tmax = %.6g 1/s: it "
			 "has no time scale within the run to compare",
			 r->slow);
	else
		return false;
	return true;
}

static void rod_steps(struct strbuf *s, const struct rod *r, const struct rod_at *at,
		      const struct run *run, double theta_deg)
{
	const double *A = at->A, *Ai = at->Ai, *Phi = at->Phi, *sym = at->sym, *w = at->w;
	const char *mode_why = at->mode_why;
	const struct slide sl = at->sl;
	/* ---- steps ---- */
	static const char *const law_name[LAW_COUNT] = {
		[LAW_COULOMB] =
			"Painlevé's classical Coulomb law, F = −μ λ sgn(ẋ) e_x (Φ = diag(μ, 0, 0))",
		[LAW_ISOTROPIC] = "Kozlov's law (2.6) with isotropic Φ = kA (2.7)",
		[LAW_MATRIX] = "Kozlov's law (2.6) with the given Φ",
		[LAW_PROJECTED] = "Painlevé friction (4.3): the classical force −μ λ sgn(ẋ) e_x "
				  "projected",
		[LAW_FAMILY] =
			("Kozlov's law (2.6) with the admissible family Φ = A(θ)Ωᵀ (5.1), Ω's last "
			 "column (0, 0, ν) (5.2)"),
	};
	model_step(s,
		   "Painlevé's rod: a mass m1 = %g kg on the rough line, a mass m2 = %g kg at the "
		   "end of a massless rod of length l = %g m at the angle θ to the line; "
		   "coordinates (x, θ, y) as in Kozlov §4, y the height of m1; constraint f = y "
		   "≥ 0, ∂f/∂x = (0, 0, 1).",
		   r->m1, r->m2, r->l);
	model_step(s,
		   "T = ½(m1+m2)(ẋ²+ẏ²) − m2 l sinθ ẋθ̇ + m2 l cosθ ẏθ̇ + ½ m2 l² θ̇², so at "
		   "θ = %g°",
		   theta_deg);
	for (int i = 0; i < 3; i++)
		model_step(s, "  %s | %12.6g %12.6g %12.6g |", i == 1 ? "A =" : "   ", A[3 * i],
			   A[3 * i + 1], A[3 * i + 2]);
	model_step(s,
		   "det A = (m1+m2) m1 m2 l² = %.9g; (A⁻¹)_yy = (m1 + m2 cos²θ)/((m1+m2) m1) = "
		   "%.9g, (A⁻¹)_xy = −m2 sinθ cosθ/((m1+m2) m1) = %.9g.",
		   (r->m1 + r->m2) * r->m1 * r->m2 * r->l * r->l, Ai[8], Ai[2]);
	model_step(s, "Friction: %s.", law_name[r->law]);
	if (r->law == LAW_PROJECTED) {
		const double q = Ai[2] / Ai[8];
		model_step(s,
			   "  Λ = −μ λ σ e_x, σ = sgn ẋ, η = ∂f/∂x = e_y: (A⁻¹Λ, η)/(A⁻¹η, η) = "
			   "−μ λ σ (A⁻¹)_xy/(A⁻¹)_yy, so F = Λ − ((A⁻¹Λ, η)/(A⁻¹η, η)) η = "
			   "−μ λ σ (e_x − ((A⁻¹)_xy/(A⁻¹)_yy) e_y) = −%g λ σ (1, 0, %.9g).",
			   r->mu, -q);
		model_step(s,
			   "  (A⁻¹F, η) = 0: the force-vector A⁻¹F lies in the tangent plane "
			   "(4.1), and the normal reaction does not feel it. As a Φ acting on the "
			   "sliding velocities (ẏ = 0): Φq̇ = μẋ (1, 0, %.9g); its y column, "
			   "never met while sliding, is completed antisymmetrically:",
			   -q);
	} else if (r->law == LAW_FAMILY) {
		for (int i = 0; i < 3; i++)
			model_step(s, "  %s | %12.6g %12.6g %12.6g |", i == 1 ? "Ω =" : "   ",
				   r->omega[3 * i], r->omega[3 * i + 1], r->omega[3 * i + 2]);
		model_step(s,
			   "  Φ = A(θ)Ωᵀ at θ = %g°, recomputed from A(θ) at every state of "
			   "the run:",
			   theta_deg);
	}
	for (int i = 0; i < 3; i++)
		model_step(s, "  %s | %12.6g %12.6g %12.6g |", i == 1 ? "Φ =" : "   ", Phi[3 * i],
			   Phi[3 * i + 1], Phi[3 * i + 2]);
	double m11 = sym[0], m22 = sym[4], m33 = sym[8];
	double m12 = sym[0] * sym[4] - sym[1] * sym[3], m13 = sym[0] * sym[8] - sym[2] * sym[6],
	       m23 = sym[4] * sym[8] - sym[5] * sym[7];
	double m123 = sym[0] * m23 - sym[1] * (sym[3] * sym[8] - sym[5] * sym[6]) +
		      sym[2] * (sym[3] * sym[7] - sym[4] * sym[6]);
	model_step(s,
		   "(2.8) (Φq̇, q̇) ≥ 0: Sylvester's principal minors of Φ + Φᵀ: %.6g, %.6g, "
		   "%.6g (1×1); %.6g, %.6g, %.6g (2×2); %.6g (3×3).",
		   m11, m22, m33, m12, m13, m23, m123);
	model_step(s, "  Smallest eigenvalue %.9g: (2.8) %s.", at->emin,
		   at->cond28 ? "holds" : "fails (the law would feed energy in)");
	model_step(s, "(2.9) ΦᵀA⁻¹∂f/∂x = ρ ∂f/∂x: w = ΦᵀA⁻¹e_y = (%.9g, %.9g, %.9g);", w[0], w[1],
		   w[2]);
	if (at->cond29)
		model_step(s,
			   "  w is along e_y (relative residual %.2g ≤ 1e-9): (2.9) holds, "
			   "ρ = %.12g. The friction lies in the constraint's tangent plane, and "
			   "λ does not depend on Φ (§2).",
			   at->residual, at->rho);
	else
		model_step(s,
			   "  w has a part across e_y (relative residual %.6g > 1e-9): (2.9) "
			   "fails, so this is not friction in Painlevé's sense (§4, §5), and the "
			   "normal force depends on the friction coefficient.",
			   at->residual);
	model_step(s, "Generalized forces: X = (m2 l cosθ θ̇², −m2 g l cosθ, −(m1+m2) g + m2 l "
		      "sinθ θ̇²).");
	model_step(s, "Sliding on y = 0: ÿ = b0 + λ D = 0 with b0 = (A⁻¹X)_y and D = (A⁻¹(e_y + "
		      "G))_y, G the friction per unit λ (2.13).");
	if (rod_classical(r) && at->sigma == 0)
		model_step(s, "  ẋ = 0: %s.", mode_why);
	else
		model_step(s, "  b0 = %.9g, D = %.9g: %s.", sl.b0, sl.D, mode_why);
	if (isfinite(at->lambda))
		model_step(s, "  λ = %.12g N; Painlevé's classification: %s.", at->lambda,
			   mode_word[at->mode]);
	else
		model_step(s, "  No λ satisfies it; Painlevé's classification: %s.",
			   mode_word[at->mode]);
	model_step(s,
		   "Classical law: D = [(m1 + m2 cos²θ) + μ σ m2 sinθ cosθ]/((m1+m2) m1), σ = "
		   "sgn ẋ, vanishes (for σ sinθ cosθ < 0) at μ_crit(θ) = (m1 + m2 cos²θ)/(m2 "
		   "|sinθ cosθ|) = %.12g here.",
		   at->mu_c);
	model_step(s,
		   "  With τ = tanθ, μ_crit = ((m1+m2) + m1 τ²)/(m2 τ), least at τ = "
		   "√((m1+m2)/m1): μ_crit_min = 2√(m1(m1+m2))/m2 = %.12g at θ = %.9g° (GSL's "
		   "Brent root of dμ_crit/dθ: %.12g at %.12g°).",
		   2 * sqrt(r->m1 * (r->m1 + r->m2)) / r->m2,
		   atan(sqrt((r->m1 + r->m2) / r->m1)) * 180 / M_PI, at->mu_min,
		   at->th_min * 180 / M_PI);
	if (r->law == LAW_PROJECTED)
		model_step(s, "  (μ_crit belongs to the classical law; projected by (4.3) the "
			      "friction drops out of D = (A⁻¹)_yy > 0 at every θ and μ: no "
			      "paradox.)");
	else if (r->law != LAW_COULOMB)
		model_step(
			s,
			"  (μ_crit belongs to the classical law; Kozlov's law with (2.9) has D = "
			"(A⁻¹)_yy > 0 at every θ: no paradox.)");
	if (r->contact == CONTACT_RIGID) {
		model_step(s,
			   "Rigid run (rk8pd, 1e-12), phases ended by events located on the "
			   "step: the contact stops sliding, static friction gives way, λ reaches "
			   "0 (lift-off), D reaches 0 (paradox), or the rod lies down (θ = 0 or "
			   "180°).");
		char why[200];
		if (ratio_none(r, run, why, sizeof(why)))
			model_step(s, "  Stiffness: none; %s.", why);
		else
			model_step(s,
				   "  Stiffness: the Jacobian of (x, θ, ẋ, θ̇)' by central "
				   "differences, its largest over smallest |eigenvalue| (rates "
				   "above 1/tmax) at every step end and at its peaks between "
				   "them (Brent), and where a rate crosses 1/tmax, the largest "
				   "rate over 1/tmax, which the ratio tends to there: "
				   "stiffness_ratio = %.12g.",
				   run->ratio);
		if (rod_classical(r)) {
			model_step(
				s,
				"Foot held (ẋ = 0, static friction): the rod pivots about it, "
				"θ̈ = −(g/l) cosθ, and the contact supplies λ = (m1+m2) g + m2 l "
				"(cosθ θ̈ − sinθ θ̇²) and F_x = −m2 l (sinθ θ̈ + cosθ θ̇²); it holds "
				"while |F_x| ≤ μλ and λ > 0 (each an event located on the step).");
			if (run->sticks > 0)
				model_step(
					s,
					"  The foot is held from t = %.12g s (%d stick phase%s).",
					run->t_stick, run->sticks, run->sticks > 1 ? "s" : "");
			if (isfinite(run->t_slip))
				model_step(s,
					   "  It slips at t_slip = %.12g s, θ_slip = %.12g°, θ̇ = "
					   "%.12g "
					   "rad/s: |F_x| = %.12g N = μλ = %g × %.12g N; it slides "
					   "with "
					   "ẋ %s 0, against F_x.",
					   run->t_slip, run->th_slip * 180 / M_PI, run->thd_slip,
					   fabs(run->Fx_slip), r->mu, run->lambda_slip,
					   run->Fx_slip > 0 ? "<" : ">");
			else if (run->sticks > 0)
				model_step(s, "  Static friction holds it to the end of the run "
					      "(no slip: t_slip does not exist).");
			else
				model_step(s,
					   "  The foot is never held in this run (t_slip does not "
					   "exist).");
		} else {
			model_step(s,
				   "Kozlov's law acts on the whole q̇ and is defined while the rod "
				   "moves at all: the foot passes through ẋ = 0 without a static "
				   "phase; the run ends where q̇ = 0 (stops).");
		}
		model_step(s,
			   "  (2.9) along the sliding phases, for Φ at each θ they pass "
			   "through (their range of θ, and Brent's maximum over it): largest "
			   "residual %.3g, %s; λ differs from the frictionless λ0 = "
			   "−(A⁻¹X)_y/(A⁻¹)_yy by at most %.3g N (at phase and step ends, and "
			   "Brent roots of its rate between them).",
			   r->res_max,
			   r->res_max <= COND29_TOL ? "it held throughout (cond29_run)"
						    : "it failed on the way (cond29_run false)",
			   r->dev_max);
		model_step(s,
			   "  Largest normal force N_max = %.12g N: the peak of λ on the dense "
			   "solution (phase ends, step ends, and Brent roots of dλ/dt).",
			   run->N_max);
		model_step(s, "  The run ends (%s) at t = %.12g s after %zu steps%s%s.",
			   rod_outcome_word[run->outcome], run->t_end, run->steps,
			   run->why ? ": " : "", run->why ? run->why : "");
	} else {
		model_step(s,
			   "Compliant run: N = max(0, −k y − c ẏ) for y < 0, k = %g N/m, c = %g "
			   "N·s/m; %s; integrated at rtol = atol = 1e-9, which bounds each "
			   "step's error and not the run's: the values below are good to "
			   "1e-8 to 1e-6 of the motion's scale, fewer digits than print "
			   "shows (and a value near 0, such as ẋ at the end, fewer still).",
			   r->kc, r->cc,
			   rod_classical(r) ? "sgn ẋ smoothed as ẋ/√(ẋ² + v²), v = 1e-4 √(gl)"
					    : "|q̇|_A smoothed as √(q̇·Aq̇ + v²), v = 1e-4 √(gl)");
		char why[200];
		if (ratio_none(r, run, why, sizeof(why)))
			model_step(s,
				   "  The Jacobian's eigenvalues (gsl_eigen_nonsymm) every %d "
				   "steps: %s; the explicit rk8pd was kept; %zu step%s.",
				   STIFF_EVERY, why, run->steps, run->steps == 1 ? "" : "s");
		else
			model_step(s,
				   "  The Jacobian's eigenvalues (gsl_eigen_nonsymm) every %d "
				   "steps: fastest/slowest time scale up to %.6g, %s; %zu step%s.",
				   STIFF_EVERY, run->ratio,
				   run->stiff ? "above 1e3: tribo switched to the implicit msbdf"
					      : "below 1e3: the explicit rk8pd was kept",
				   run->steps, run->steps == 1 ? "" : "s");
		model_step(s,
			   "  The largest normal force is %.9g N; the run ends (%s) at t = %.9g s.",
			   run->N_max, rod_outcome_word[run->outcome], run->t_end);
	}
	model_step(s, "End: x = %.9g m, θ = %.9g°, ẋ = %.9g m/s, θ̇ = %.9g rad/s.", run->y[0],
		   run->y[1] * 180 / M_PI, run->y[3], run->y[4]);
}

static int rod_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct rod r = {
		.m1 = p[R_M1],
		.m2 = p[R_M2],
		.l = p[R_L],
		.g = p[R_G],
		.law = law_id(law_chosen(&rod_params[R_LAW], in->choice[R_LAW])),
		.mu = p[R_MU],
		.k = p[R_K],
		.contact = in->choice[R_CONTACT],
		.kc = p[R_K_CONTACT],
		.cc = p[R_C_CONTACT],
		.stiff_threshold = 1e3,
		.d = d,
	};
	for (int i = 0; i < 9; i++)
		r.phi[i] = p[R_PHI11 + i];
	const double omega[9] = {p[R_OMEGA11], p[R_OMEGA12], 0.0,
				 p[R_OMEGA21], p[R_OMEGA22], 0.0,
				 p[R_OMEGA31], p[R_OMEGA32], p[R_NU]};
	memcpy(r.omega, omega, sizeof(omega));
	const double th = p[R_THETA] * M_PI / 180, xd = p[R_XDOT], thd = p[R_THETADOT];
	r.slow = p[R_TMAX] > 0 ? 1.0 / p[R_TMAX] : 0.0;
	struct strbuf *s = out->steps;

	struct rod_at at;
	if (rod_conditions(&r, th, &at, d))
		return -1;
	/* The start's state as the run takes it: under the classical law a
	 * foot sliding slower than 1e-12 of the fall's speed √(g l) stops
	 * within rounding of t = 0 and the run goes on from rest (held, then
	 * t_slip), so λ, D, b0 and mu_crit at the start are the foot's at
	 * rest. They followed the sign of the rounding: xdot = ±1e-300 gave
	 * λ = 9.98 N (sliding forward, mu_crit none) or 12.79 N (back,
	 * mu_crit 4.04), xdot = 0 the held foot's 12.26 N, with the same run. */
	const double v_rest = 1e-12 * (r.g > 0 ? sqrt(r.g * r.l) : r.l / fmax(p[R_TMAX], 1e-3));
	rod_state_at(&r, th, rod_classical(&r) && fabs(xd) <= v_rest ? 0.0 : xd, thd, &at);
	at.mu_c = rod_mu_crit_at(&r, th, at.sigma);
	at.mu_min = at.th_min = NAN;
	if (mu_crit_min(&r, &at.mu_min, &at.th_min, d))
		return -1;

	/* the run: no slip, no stick phase until one is met */
	struct run run = {.outcome = OUT_SLIDES, .t_stick = NAN};
	run.t_slip = run.th_slip = run.thd_slip = run.lambda_slip = run.Fx_slip = NAN;
	const double tmax = p[R_TMAX];
	const bool compliant = r.contact == CONTACT_COMPLIANT;
	struct record tr,
		*trp = record_open(&tr, out->figs, compliant ? 6 : 4, 3, tmax / 1000, NULL, NULL);
	int rc = compliant ? rod_run_compliant(&r, th, xd, thd, tmax, &run, trp, d)
			   : rod_run_rigid(&r, th, xd, thd, tmax, &run, trp, d);
	if (!rc && trp) /* drawn from the record when first looked at */
		rod_figures_later(out->figs, &r, trp, compliant, &run, p[R_THETA], at.mu_min,
				  at.th_min);
	record_release(trp);
	if (rc)
		return -1;

	out->res[O_A] = value_matrix(3, 3, at.A);
	out->res[O_COND28] = value_bool(at.cond28);
	out->res[O_COND28_MIN] = value_number(at.emin);
	out->res[O_COND29] = value_bool(at.cond29);
	out->res[O_COND29_RESIDUAL] = value_number(at.residual);
	out->res[O_RHO] = value_number(at.rho);
	out->res[O_LAMBDA] = value_number(at.lambda);
	out->res[O_MU_CRIT] = value_number(at.mu_c);
	out->res[O_MU_CRIT_MIN] = value_number(at.mu_min);
	out->res[O_THETA_CRIT_MIN] = value_number(at.th_min * 180 / M_PI);
	out->res[O_MODE] = value_word(mode_word[at.mode]);
	out->res[O_OUTCOME] = value_word(rod_outcome_word[run.outcome]);
	out->res[O_T_END] = value_number(run.t_end);
	char why[200];
	out->res[O_STIFFNESS_RATIO] = ratio_none(&r, &run, why, sizeof(why))
					      ? value_undefined(why)
					      : value_number(run.ratio);
	out->res[O_STIFF] = value_bool(run.stiff);
	out->res[O_X_END] = value_number(run.y[0]);
	out->res[O_THETA_END] = value_number(run.y[1] * 180 / M_PI);
	out->res[O_XDOT_END] = value_number(run.y[3]);
	out->res[O_THETADOT_END] = value_number(run.y[4]);
	out->res[O_N_MAX] = value_number(run.N_max);
	out->res[O_T_SLIP] = value_number(run.t_slip);
	out->res[O_THETA_SLIP] = value_number(run.th_slip * 180 / M_PI);
	out->res[O_COND29_RUN] = value_bool(r.res_max <= COND29_TOL);
	out->res[O_COND29_RESIDUAL_MAX] = value_number(r.res_max);
	out->res[O_LAMBDA_DEV_MAX] = value_number(r.dev_max);
	out->res[O_D] = value_number(at.slides ? at.sl.D : NAN);
	out->res[O_B0] = value_number(at.slides ? at.sl.b0 : NAN);

	rod_steps(s, &r, &at, &run, p[R_THETA]);
	return 0;
}

/* The domain where a run answers, finite, in a bounded time: each
 * magnitude within RD_BIG of the rod's own scales. The masses' ratio sets
 * how stiff the rod's equations are (m2/m1 = 1e9 ran for seconds), l and
 * g its time scale √(l/g), the rates against l its speeds (θ̇ = 1e300 made
 * every end value nan), the friction coefficients its forces against mg,
 * and a compliant contact's rates √(k/m) and c/m the stiffness the
 * implicit method meets. */
#define RD_BIG 1e6
static int rod_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	const double m1 = p[R_M1], m2 = p[R_M2], l = p[R_L], g = p[R_G];
	if (!(m2 / m1 <= RD_BIG && m1 / m2 <= RD_BIG))
		return diag_set(d,
				"m2/m1 = %.3g: the masses must be within a factor of 1e6 of "
				"each other, where the rod's equations stay well conditioned",
				m2 / m1);
	if (!(l >= 1 / RD_BIG && l <= RD_BIG))
		return diag_set(d,
				"l = %g m: outside 1e-6..1e6 m, the lengths a rod of a "
				"textbook has, where its time scale √(l/g) and speeds "
				"stay finite",
				l);
	if (!(g <= RD_BIG))
		return diag_set(d, "g = %g m/s²: above 1e6 m/s²", g);
	if (!(fabs(p[R_THETADOT]) * l <= 1e8) || !(fabs(p[R_XDOT]) <= 1e8))
		return diag_set(d,
				"xdot = %g m/s, thetadot·l = %g m/s: speeds beyond 1e8 m/s, "
				"where the rod's energies lose their digits",
				p[R_XDOT], p[R_THETADOT] * l);
	for (int i = R_MU; i <= R_NU; i++) /* the laws' coefficients */
		if (!(fabs(p[i]) <= RD_BIG))
			return diag_set(d,
					"%s = %g: beyond 1e6 in size, where friction forces "
					"outweigh gravity so far that the run cannot follow them",
					rod_params[i].name, p[i]);
	if (in->choice[R_CONTACT] == CONTACT_COMPLIANT) {
		const double m = m1 + m2, kk = p[R_K_CONTACT] / m, cc = p[R_C_CONTACT] / m;
		if (!(kk >= 1e-6 && kk <= 1e14) || !(cc <= 1e7))
			return diag_set(d,
					"k_contact/(m1 + m2) = %.3g 1/s², c_contact/(m1 + m2) = "
					"%.3g 1/s: the contact's rates must be within 1e-6..1e14 "
					"and below 1e7, where the implicit method follows them",
					kk, cc);
	}
	return 0;
}

const struct model model_painleve_rod = {
	.name = "painleve-rod",
	.summary = "Painlevé's rod with Kozlov's conditions (2.8)/(2.9) and the paradox (Kozlov "
		   "§5)",
	.params = rod_params,
	.nparams = R_NPARAMS,
	.results = rod_results,
	.nresults = O_NRESULTS,
	.solve = rod_solve,
	.check = rod_check,
};
