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
	[O_COND29_RESIDUAL] = RESULT_NUMBER(
		"cond29_residual", "", "|w − ρ∂f|/(‖Φ‖|A⁻¹∂f|), w = ΦᵀA⁻¹∂f (holds below 1e-9)"),
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
			      "largest over smallest |eigenvalue| of the Jacobian along the run"),
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

/* The most steps of a rigid run: about half a second. The exercises take
 * hundreds; a matrix law with Φ₂₂ = 1e6 took a million, 16 s. */
#define RD_STEPS 20000

/* A point of a phase of the rigid run: its time, state, λ and dλ/dt. */
struct peak_pt {
	double t, y[4], lambda, dl;
};

/* The largest λ of the rigid run so far, and the last two step ends of the
 * phase being run (p0 taken, p1 seen after it). */
struct peak {
	struct peak_pt p0, p1;
	bool has_p1;
	double max;
	int status; /* -1 once a search for a maximum has failed (diag filled) */
};

struct rod {
	double m1, m2, l, g;
	enum law_id law;
	double mu, k;
	double phi[9];	 /* matrix law, row-major */
	double omega[9]; /* family law: Ω, row-major, last column (0, 0, ν) */
	int contact;
	double kc, cc;
	double sigma; /* coulomb: direction of sliding held in a phase */
	double v_reg; /* compliant coulomb: regularizing speed */
	double stiff_threshold;
	double slow;	/* rates below this (1/tmax) are not time scales of the run */
	bool at_rest;	/* coulomb: the phase being run holds the foot (static friction) */
	double fscale;	/* rigid: (m1+m2) g, the scale of the contact's forces */
	double tscale;	/* rigid: √(l/g), the time scale of the fall */
	struct peak pk; /* rigid: the largest λ met along the run */
	/* rigid, sliding: the largest (2.9) residual and |λ − λ0| met */
	double res_max, dev_max;
	struct diag *d;
};

static void inertia(const struct rod *r, double th, double A[9])
{
	const double M = r->m1 + r->m2, b = r->m2 * r->l;
	const double s = sin(th), c = cos(th);
	const double a[9] = {M, -b * s, 0, -b * s, r->m2 * r->l * r->l, b * c, 0, b * c, M};
	memcpy(A, a, sizeof(a));
}

/* A⁻¹ in closed form: det A = (m1+m2) m1 m2 l². */
static void inertia_inv(const struct rod *r, double th, double Ai[9])
{
	const double M = r->m1 + r->m2, m2 = r->m2, l = r->l, s = sin(th), c = cos(th);
	const double det = M * r->m1 * m2 * l * l;
	const double I = m2 * l * l, b = m2 * l;
	Ai[0] = (I * M - b * b * c * c) / det;
	Ai[1] = Ai[3] = b * s * M / det;
	Ai[2] = Ai[6] = -b * b * s * c / det;
	Ai[4] = M * M / det;
	Ai[5] = Ai[7] = -b * c * M / det;
	Ai[8] = (M * I - b * b * s * s) / det;
}

static void matvec(const double A[9], const double v[3], double out[3])
{
	for (int i = 0; i < 3; i++)
		out[i] = A[3 * i] * v[0] + A[3 * i + 1] * v[1] + A[3 * i + 2] * v[2];
}

static void law_matrix(const struct rod *r, double th, double Phi[9])
{
	double A[9], Ai[9];
	inertia(r, th, A);
	if (r->law == LAW_PROJECTED)
		inertia_inv(r, th, Ai);
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
 * vanishes (θ = 90° for Painlevé's law) counts as parallel. */
#define COND29_TOL 1e-9
static double cond29_residual_of(const double Phi[9], const double Ai[9], double w[3])
{
	double fro = 0;
	for (int i = 0; i < 3; i++)
		w[i] = Phi[0 * 3 + i] * Ai[2] + Phi[1 * 3 + i] * Ai[5] + Phi[2 * 3 + i] * Ai[8];
	for (int i = 0; i < 9; i++)
		fro += Phi[i] * Phi[i];
	const double wscale = sqrt(fro) * sqrt(Ai[2] * Ai[2] + Ai[5] * Ai[5] + Ai[8] * Ai[8]);
	return wscale > 0 ? hypot(w[0], w[1]) / wscale : 0.0;
}

/* Painlevé's classical law and its projection act with the multiplier λ
 * and hold the foot by static friction; Kozlov's laws act with |R| on the
 * whole q̇. */
static bool classical(const struct rod *r)
{
	return r->law == LAW_COULOMB || r->law == LAW_PROJECTED;
}

/* The velocity-independent and centripetal terms: A q̈ = X + λ e_y + F. */
static void forces(const struct rod *r, double th, double thd, double X[3])
{
	const double s = sin(th), c = cos(th), b = r->m2 * r->l;
	X[0] = b * c * thd * thd;
	X[1] = -r->m2 * r->g * r->l * c;
	X[2] = -(r->m1 + r->m2) * r->g + b * s * thd * thd;
}

/* The friction per unit λ (the force is λ G) for the sliding state
 * (ẋ, θ̇, ẏ). Classical: −μ σ e_x. Kozlov: −√(A⁻¹_33) Φq̇/|q̇|_A, and 0 at
 * q̇ = 0. `vreg` > 0 regularizes the speeds (compliant contact). */
static void friction_dir(const struct rod *r, double th, const double qd[3], double vreg,
			 double G[3])
{
	G[0] = G[1] = G[2] = 0.0;
	if (classical(r)) {
		double sg = vreg > 0 ? qd[0] / sqrt(qd[0] * qd[0] + vreg * vreg) : r->sigma;
		G[0] = -r->mu * sg;
		if (r->law == LAW_PROJECTED) {
			/* (4.3): F = Λ − ((A⁻¹Λ, η)/(A⁻¹η, η)) η, η = e_y */
			double Ai[9];
			inertia_inv(r, th, Ai);
			G[2] = -G[0] * Ai[2] / Ai[8];
		}
		return;
	}
	double A[9], Ai[9], Phi[9], Aq[3], Pq[3];
	inertia(r, th, A);
	inertia_inv(r, th, Ai);
	law_matrix(r, th, Phi);
	matvec(A, qd, Aq);
	double n2 = qd[0] * Aq[0] + qd[1] * Aq[1] + qd[2] * Aq[2] + vreg * vreg;
	if (!(n2 > 0))
		return;
	matvec(Phi, qd, Pq);
	double k = -sqrt(Ai[8]) / sqrt(n2);
	for (int i = 0; i < 3; i++)
		G[i] = k * Pq[i];
}

/* The sliding contact (y = 0, ẏ = 0): λ from ÿ = 0, i.e.
 * λ D = −b0 with b0 = (A⁻¹X)_y and D = (A⁻¹(e_y + G))_y, eq. (2.13). */
struct slide {
	double b0, D, lambda;
	double qdd[3];
};

static void slide_state(const struct rod *r, double th, double xd, double thd, struct slide *o)
{
	double Ai[9], X[3], G[3], AiX[3], AiG[3], qd[3] = {xd, thd, 0.0};
	inertia_inv(r, th, Ai);
	forces(r, th, thd, X);
	friction_dir(r, th, qd, 0.0, G);
	matvec(Ai, X, AiX);
	matvec(Ai, G, AiG);
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
static bool slide_presses(struct rod *r, double th, double thd, double Fx)
{
	if (Fx == 0)
		return false;
	const double keep = r->sigma;
	struct slide sl;
	r->sigma = Fx > 0 ? -1.0 : 1.0;
	slide_state(r, th, 0.0, thd, &sl);
	r->sigma = keep;
	return sl.D > 0 && sl.lambda > 0;
}

/* The classical critical coefficient at θ for sliding direction σ:
 * D = [(m1 + m2 cos²θ) + μ σ m2 sinθ cosθ]/((m1+m2) m1) vanishes at
 * μ = (m1 + m2 cos²θ)/(m2 |sinθ cosθ|) when σ sinθ cosθ < 0. */
static double mu_crit_at(const struct rod *r, double th, double sigma)
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
	*mu = mu_crit_at(r, *th, 0.0);
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

/* ---- the rigid run -------------------------------------------------------- */

enum outcome { OUT_STOPS, OUT_SLIDES, OUT_LIFTS_OFF, OUT_PARADOX, OUT_FALLS, OUT_RESTS, OUT_HELD };

/* What the contact does at a recorded point of the run (the figures draw
 * each with its own line). */
enum phase { PH_BACK, PH_FORWARD, PH_SLIDES, PH_REST, PH_FLIGHT, PH_N };
static const char *const phase_label[PH_N] = {"sliding, ẋ < 0", "sliding, ẋ > 0", "sliding",
					      "foot held (sticking)", "lifted off"};
/* "held": the run reached tmax with the foot held by static friction while
 * the rod still turns about it; "stops" is kept for a contact that stops
 * sliding and ends the run there (Kozlov's law, q̇ = 0). */
static const char *const outcome_word[] = {"stops", "slides", "lifts-off", "paradox",
					   "falls", "rests",  "held"};

/* The foot held at rest by static friction (ẍ = ÿ = 0): the rod pivots
 * about it, θ̈ = X_θ/A_θθ = −(g/l) cosθ, and the contact must supply the
 * tangential force F_x = A_xθ θ̈ − X_x and the normal force λ = A_yθ θ̈ − X_y:
 * λ = (m1+m2) g + m2 l (cosθ θ̈ − sinθ θ̇²), F_x = −m2 l (sinθ θ̈ + cosθ θ̇²). */
struct stick {
	double thdd, lambda, Fx;
};

static void stick_state(const struct rod *r, double th, double thd, struct stick *o)
{
	double A[9], X[3];
	inertia(r, th, A);
	forces(r, th, thd, X);
	o->thdd = X[1] / A[4];
	o->lambda = A[7] * o->thdd - X[2];
	o->Fx = A[1] * o->thdd - X[0];
}

/* y = (x, θ, ẋ, θ̇); the phase's equations: sliding (2.13), or the pivot
 * about the stuck foot. */
static int rigid_rhs(double t, const double y[], double f[], void *p)
{
	struct rod *r = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	f[0] = y[2];
	f[1] = y[3];
	if (r->at_rest) {
		struct stick st;
		stick_state(r, y[1], y[3], &st);
		f[2] = 0.0;
		f[3] = st.thdd;
		return GSL_SUCCESS;
	}
	struct slide sl;
	slide_state(r, y[1], y[2], y[3], &sl);
	f[2] = sl.qdd[0];
	f[3] = sl.qdd[1];
	return GSL_SUCCESS;
}

/* λ of the phase being run at the state y. */
static double phase_lambda(const struct rod *r, const double y[4])
{
	if (r->at_rest) {
		struct stick st;
		stick_state(r, y[1], y[3], &st);
		return st.lambda;
	}
	struct slide sl;
	slide_state(r, y[1], y[2], y[3], &sl);
	return sl.lambda;
}

/* Every reason to end the phase, each positive while it goes on. Sliding:
 * in the phase's direction (coulomb) or moving at all (Kozlov), λ > 0,
 * D > 0, 0 < θ < π. Stuck: static friction holds, μλ − |F_x| ≥ 0, λ > 0,
 * 0 < θ < π. Their minimum crosses zero at the first of them. */
static double rigid_event_parts(const struct rod *r, const double y[], double parts[4])
{
	const double M = r->m1 + r->m2, L = r->l;
	parts[3] = fmin(y[1], M_PI - y[1]) * L;
	if (r->at_rest) {
		struct stick st;
		stick_state(r, y[1], y[3], &st);
		parts[0] = (r->mu * st.lambda - fabs(st.Fx)) / r->fscale;
		parts[1] = st.lambda / r->fscale;
		parts[2] = INFINITY; /* no paradox while the foot is held */
	} else {
		struct slide sl;
		slide_state(r, y[1], y[2], y[3], &sl);
		if (classical(r)) {
			parts[0] = r->sigma * y[2];
		} else {
			double A[9], q[3] = {y[2], y[3], 0}, Aq[3];
			inertia(r, y[1], A);
			matvec(A, q, Aq);
			parts[0] =
				sqrt(fmax(0.0, q[0] * Aq[0] + q[1] * Aq[1])) / sqrt(M) - r->v_reg;
		}
		parts[1] = sl.lambda / r->fscale;
		parts[2] = sl.D * r->m1;
	}
	double g = parts[0];
	for (int i = 1; i < 4; i++)
		g = fmin(g, parts[i]);
	return g;
}

/* ---- the rigid run: the largest λ ----------------------------------------- */

/* The largest λ met along the run is taken on each phase's dense solution:
 * at the phase's ends, at its step ends, and where dλ/dt falls through 0
 * between two step ends (a root by Brent, on the solution re-integrated
 * from the step's start), never extrapolated. A step end counts only once
 * the next step is accepted: the step that meets the phase's event ends
 * past it, and the phase's end is taken in its place. */
static double phase_dlambda(struct rod *r, const double y[4])
{
	double f[4], yp[4], ym[4];
	const double h = 1e-6 * r->tscale;
	if (rigid_rhs(0.0, y, f, r) != GSL_SUCCESS)
		return NAN; /* interrupted: f was not written */
	for (int i = 0; i < 4; i++) {
		yp[i] = y[i] + h * f[i];
		ym[i] = y[i] - h * f[i];
	}
	return (phase_lambda(r, yp) - phase_lambda(r, ym)) / (2 * h);
}

static void peak_point(struct rod *r, double t, const double y[4], struct peak_pt *p)
{
	p->t = t;
	memcpy(p->y, y, sizeof(p->y));
	p->lambda = phase_lambda(r, y);
	p->dl = phase_dlambda(r, y);
}

/* A run's solution inside one accepted step, re-integrated from the
 * step's start (t0, y0) as the step was taken, and the rate of the normal
 * force there: dλ/dt of the rigid run, dN/dt of the compliant one. */
struct dense {
	struct rod *r;
	struct ode_system sys;
	ode_jacobian *jac;
	enum ode_method method;
	double tol, t0;
	const double *y0;
	double (*rate)(struct rod *r, const double *y);
	double y[6];
	int status;
};

static double dense_rate(double t, void *p)
{
	struct dense *dn = p;
	double tt = dn->t0;
	memcpy(dn->y, dn->y0, dn->sys.dim * sizeof(double));
	if (t > tt) {
		int s = ode_solve_to(&dn->sys, dn->jac, dn->method, t - tt, dn->tol, &tt, t, dn->y);
		if (s) {
			dn->status = s;
			return GSL_NAN;
		}
	}
	return dn->rate(dn->r, dn->y);
}

/* Where the rate falls through 0 inside the step [t0, t1] (Brent, to
 * tol): 1 with dn->y the state there; 0 where it does not on the step's
 * solution (within rounding of a maximum at an end, taken there); -1 with
 * d filled. */
static int dense_peak(struct dense *dn, double t1, double tol, struct diag *d)
{
	const double fa = dense_rate(dn->t0, dn), fb = dense_rate(t1, dn);
	if (dn->status)
		return num_fail(d, dn->status, "the largest normal force");
	if (!(fa > 0 && fb < 0))
		return 0;
	struct num_root root;
	if (num_brent(dense_rate, dn, dn->t0, t1, 0.0, tol, &root, "the largest normal force", d))
		return -1;
	dense_rate(root.root, dn);
	if (dn->status)
		return num_fail(d, dn->status, "the largest normal force");
	return 1;
}

static void peak_take(struct rod *r, const struct peak_pt *a, const struct peak_pt *b)
{
	if (isfinite(b->lambda))
		r->pk.max = fmax(r->pk.max, b->lambda);
	if (r->pk.status || !(a->dl > 0 && b->dl < 0) || !(b->t > a->t))
		return;
	struct dense dn = {.r = r,
			   .sys = {4, rigid_rhs, NULL, r},
			   .method = ODE_RK8PD,
			   .tol = 1e-13,
			   .t0 = a->t,
			   .y0 = a->y,
			   .rate = phase_dlambda};
	const int found = dense_peak(&dn, b->t, 1e-13, r->d);
	if (found < 0)
		r->pk.status = -1;
	else if (found)
		r->pk.max = fmax(r->pk.max, phase_lambda(r, dn.y));
}

/* A phase starts at (t, y). */
static void peak_start(struct rod *r, double t, const double y[4])
{
	peak_point(r, t, y, &r->pk.p0);
	if (isfinite(r->pk.p0.lambda))
		r->pk.max = fmax(r->pk.max, r->pk.p0.lambda);
	r->pk.has_p1 = false;
}

/* An accepted step's end (calls at earlier times locate an event). */
static void peak_step(struct rod *r, double t, const double y[4])
{
	if (!(t > (r->pk.has_p1 ? r->pk.p1.t : r->pk.p0.t)))
		return;
	if (r->pk.has_p1) {
		peak_take(r, &r->pk.p0, &r->pk.p1);
		r->pk.p0 = r->pk.p1;
	}
	peak_point(r, t, y, &r->pk.p1);
	r->pk.has_p1 = true;
}

/* The phase ended at (t, y): the last stretch, from the last step end
 * taken. */
static int peak_end(struct rod *r, double t, const double y[4])
{
	struct peak_pt e;
	peak_point(r, t, y, &e);
	peak_take(r, &r->pk.p0, &e);
	return r->pk.status ? -1 : 0;
}

/* Called after every accepted step (and while an event is located). */
/* (2.9) at a state of the run, and, sliding, λ against the frictionless
 * λ0 = −(A⁻¹X)_y/(A⁻¹)_yy: where (2.9) holds along the run, both stay 0. */
static double cond29_residual_at(const struct rod *r, double th)
{
	double Ai[9], Phi[9], w[3];
	inertia_inv(r, th, Ai);
	law_matrix(r, th, Phi);
	return cond29_residual_of(Phi, Ai, w);
}

static void cond29_watch(struct rod *r, const double y[4])
{
	r->res_max = fmax(r->res_max, cond29_residual_at(r, y[1]));
	if (r->at_rest)
		return;
	double Ai[9], X[3], AiX[3];
	inertia_inv(r, y[1], Ai);
	forces(r, y[1], y[3], X);
	matvec(Ai, X, AiX);
	const double lambda0 = -AiX[2] / Ai[8];
	r->dev_max = fmax(r->dev_max, fabs(phase_lambda(r, y) - lambda0));
}

static double rigid_event(double t, const double y[], void *p)
{
	struct rod *r = p;
	double parts[4];
	peak_step(r, t, y);
	cond29_watch(r, y);
	return rigid_event_parts(r, y, parts);
}

struct run {
	enum outcome outcome;
	double t_end;
	double y[6]; /* x, θ, y, ẋ, θ̇, ẏ */
	double ratio;
	bool stiff;
	double N_max;
	size_t steps;
	int slips; /* times the contact came to rest and slid on */
	const char *why;
	/* the first slip of a stuck foot: t, θ, θ̇, λ and F_x there (nan: none) */
	double t_slip, th_slip, thd_slip, lambda_slip, Fx_slip;
	double t_stick; /* the first stick phase's start (nan: none) */
	int sticks;	/* stick phases */
};

/* The derived columns at a recorded point of the phase: λ, the phase,
 * and the line's horizontal force on the foot at the state (the scene
 * draws it): the held foot's static friction F_x from the pivot's
 * equations, or the law's λ G_x while it slides. */
static void rigid_extra(void *ctx, double t, const double *y, double *out)
{
	struct rod *r = ctx;
	(void)t;
	out[0] = phase_lambda(r, y);
	out[1] = r->at_rest	 ? PH_REST
		 : !classical(r) ? PH_SLIDES
		 : r->sigma < 0	 ? PH_BACK
				 : PH_FORWARD;
	if (r->at_rest) {
		struct stick st;
		stick_state(r, y[1], y[3], &st);
		out[2] = st.Fx;
	} else {
		double G[3];
		friction_dir(r, y[1], (const double[3]){y[2], y[3], 0.0}, 0.0, G);
		out[2] = out[0] * G[0];
	}
}

static void jac_ratio(struct rod *r, int (*rhs)(double, const double[], double[], void *), size_t n,
		      const double y[], double *ratio);

/* The rod at rest in equilibrium with its foot held: θ̇ = 0 and θ̈ = 0,
 * upright (cos θ = 0 to rounding, as in mu_crit_at) or without gravity.
 * Nothing changes from then on. */
static bool rod_rests(const struct rod *r, const double y[4])
{
	return y[3] == 0 && (r->g == 0 || fabs(cos(y[1])) <= DBL_EPSILON * fabs(y[1]));
}

/* The rigid run between phases. */
struct rigid_run {
	struct rod *r;
	struct run *out;
	bool decide;	 /* the foot at rest under the classical law: held, or it slips */
	bool from_stick; /* released at rest: a slip now is a stuck foot's */
	double x_slip;	 /* x where the first slip from rest began */
	int iter;	 /* the runs of the loop so far: phases and decisions */
};

enum { RIGID_GO, RIGID_DONE };

/* The foot at rest slips on, against F_x; the first slip of a stuck foot
 * (stuck: it was) is kept, for the steps and the figures. */
static void foot_slips(struct rod *r, struct run *out, double t, const double y[4],
		       const struct stick *st, bool stuck, double *x_slip)
{
	r->sigma = st->Fx > 0 ? -1.0 : 1.0;
	if (stuck && isnan(out->t_slip)) {
		out->t_slip = t, out->th_slip = y[1], out->thd_slip = y[3];
		out->lambda_slip = st->lambda, out->Fx_slip = st->Fx;
		*x_slip = y[0];
	}
	out->slips++;
}

/* The foot at rest (ẋ = 0, classical law): held by static friction, or
 * slipping against F_x; or the run ends there. */
static int rigid_decide(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y;
	struct stick st;
	rr->decide = false;
	y[2] = 0.0;
	stick_state(r, y[1], y[3], &st);
	if (rod_rests(r, y)) {
		r->at_rest = true;
		out->outcome = OUT_RESTS;
		out->why = "the foot is held and the rod is at rest upright";
		return RIGID_DONE;
	}
	if (st.lambda <= 0 && !slide_presses(r, y[1], y[3], st.Fx)) {
		out->outcome = OUT_LIFTS_OFF;
		out->why = "the contact at rest has no normal force";
		return RIGID_DONE;
	}
	if (fabs(st.Fx) <= r->mu * st.lambda)
		r->at_rest = true;
	else
		foot_slips(r, out, run->t, y, &st, rr->from_stick, &rr->x_slip);
	rr->from_stick = false;
	return RIGID_GO;
}

/* Before a phase: whether the rod moves on. */
static int rigid_start_next(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y, parts[4];
	if (rr->decide && rigid_decide(run, rr) == RIGID_DONE)
		return RIGID_DONE;
	if (r->at_rest) {
		out->sticks++;
		if (isnan(out->t_stick))
			out->t_stick = run->t;
	}
	jac_ratio(r, rigid_rhs, 4, y, &out->ratio);
	cond29_watch(r, y);
	rigid_event_parts(r, y, parts);
	/* a slip that starts from rest has ẋ = 0: only the others count */
	bool from_rest = classical(r) && y[2] == 0 && !r->at_rest;
	if (parts[1] <= 0 || parts[2] <= 0 || parts[3] <= 0 ||
	    (parts[0] <= 0 && !from_rest && !r->at_rest)) {
		out->outcome = parts[3] <= 0   ? OUT_FALLS
			       : parts[2] <= 0 ? OUT_PARADOX
			       : parts[1] <= 0 ? OUT_LIFTS_OFF
					       : OUT_STOPS;
		out->why = rr->iter > 0 ? NULL
			   : parts[0] <= 0 && !classical(r)
				   ? "the rod is at rest at the start; whether Kozlov's "
				     "law lets it start is the rest principle of §3 (see "
				     "kozlov-rest), not run here"
				   : "at the start";
		return RIGID_DONE;
	}
	return RIGID_GO;
}

/* Kozlov's law stops the rod where q̇ = 0; the phase's event is at
 * |q̇|_A/√M = v_reg (1e-9 √(g l)), where the deceleration, of degree 0 in
 * q̇, is finite: the rest of the way in closed form, q̇ falling linearly
 * over dt = |q̇|²_A/(−q̇·Aq̈) (the distance is O(v_reg²)). The run said
 * "stops" beside xdot_end = −2.6e-9 m/s (painleve-rod-isotropic). The
 * classical laws never come here: their ẋ = 0 is a stick-or-slip decision. */
static void rigid_kozlov_land(struct phase_run *run, struct rod *r, double *ratio)
{
	double *y = run->y, f[4], A[9], Aq[3];
	const double q[3] = {y[2], y[3], 0};
	/* the stiffness where the integration ended, as before the landing */
	jac_ratio(r, rigid_rhs, 4, y, ratio);
	if (rigid_rhs(run->t, y, f, r)) /* interrupted: the driver says so */
		return;
	inertia(r, y[1], A);
	matvec(A, q, Aq);
	const double qAq = q[0] * Aq[0] + q[1] * Aq[1], rate = -(f[2] * Aq[0] + f[3] * Aq[1]);
	if (!(qAq > 0 && rate > 0))
		return;
	const double dt = fmin(qAq / rate, run->tmax - run->t);
	if (!(dt > 0))
		return;
	const double k = dt * rate / qAq; /* 1 where q̇ reaches 0 */
	y[0] += (y[2] - 0.5 * k * y[2]) * dt;
	y[1] += (y[3] - 0.5 * k * y[3]) * dt;
	y[2] = k >= 1 ? 0.0 : y[2] * (1 - k);
	y[3] = k >= 1 ? 0.0 : y[3] * (1 - k);
	phase_jump(run, run->t + dt, y);
}

/* After a phase that ended at an event: which one, and what follows. */
static int rigid_event_next(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y, parts[4];
	const double t = run->t;
	rigid_event_parts(r, y, parts);
	int which = 0;
	for (int i = 1; i < 4; i++)
		if (parts[i] < parts[which])
			which = i;
	if (which == 0 && r->at_rest) {
		/* static friction gives way: the foot slips against F_x */
		struct stick st;
		phase_mark(run, t, y);
		stick_state(r, y[1], y[3], &st);
		foot_slips(r, out, t, y, &st, true, &rr->x_slip);
		r->at_rest = false;
		y[2] = 0.0;
		return RIGID_GO;
	}
	if (which == 0 && classical(r)) {
		phase_mark(run, t, y);
		rr->decide = true; /* ẋ = 0 located: stick or slip on */
		/* A first slip from rest that ends having moved the foot less
		 * than the rounding of its place (1e-12 l) is a tie at the
		 * static bound, not the slip t_slip asks for: μ one rounding
		 * below |F_x|/λ at the release slid 1e-32 m for 1e-8 s, and
		 * t_slip said 0 where at the tie it is the pivot's 0.2616 s. */
		if (out->slips == 1 && !isnan(out->t_slip) &&
		    fabs(y[0] - rr->x_slip) <= 1e-12 * r->l) {
			out->t_slip = out->th_slip = out->thd_slip = NAN;
			out->lambda_slip = out->Fx_slip = NAN;
			out->slips = 0;
		}
		return RIGID_GO;
	}
	if (which == 0)
		rigid_kozlov_land(run, r, &out->ratio);
	out->outcome = which == 0   ? OUT_STOPS
		       : which == 1 ? OUT_LIFTS_OFF
		       : which == 2 ? OUT_PARADOX
				    : OUT_FALLS;
	if (which == 3) /* located to 1e-13 s: the rod lies on the line */
		y[1] = y[1] < M_PI_2 ? 0.0 : M_PI;
	return RIGID_DONE;
}

static int rigid_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct rigid_run *rr = ctx;
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y;
	int next = RIGID_GO;
	if (run->end) {
		if (peak_end(r, run->t, y))
			return -1;
		out->steps = run->steps;
		if (!run->end->event) {
			/* tmax with the foot held: the rod still pivots about it */
			out->outcome = r->at_rest ? OUT_HELD : OUT_SLIDES;
			if (r->at_rest)
				out->why = "tmax reached with the foot held by static friction";
			next = RIGID_DONE;
		} else {
			next = rigid_event_next(run, rr);
		}
		rr->iter++;
	}
	if (next == RIGID_GO && rr->iter > 1000)
		return diag_set(d, "more than 1000 stick and slip phases before tmax");
	if (next == RIGID_GO && rigid_start_next(run, rr) == RIGID_GO) {
		mode->sys = (struct ode_system){4, rigid_rhs, rigid_event, r};
		/* the fall's own scale: tmax may be any horizon */
		mode->opts.h0 = 1e-6 * r->tscale;
		/* A slip from rest with |F_x| a hair past μλ and the margin
		 * turning back inside returns to ẋ = 0 within √(excess) of the
		 * fall's time (3e-7 of it at 1e-13): a first step of 1e-6 of
		 * it stepped over the return (σẋ 0, +1e-24, then negative: no
		 * sign change at the step's end), and the foot slid on with
		 * its friction pointing the wrong way (x_end 2.27 m where μ at
		 * the tie gives the pivot's 0.0034 m). Such a slip starts at
		 * 1e-12 of it. */
		if (classical(r) && !r->at_rest && y[2] == 0)
			mode->opts.h0 = 1e-12 * r->tscale;
		mode->quiet_end = true; /* marked after, once the event is known */
		phase_mark(run, run->t, y);
		peak_start(r, run->t, y);
		return PHASE_RUN;
	}
	jac_ratio(r, rigid_rhs, 4, y, &out->ratio);
	out->t_end = run->t;
	phase_mark(run, run->t, y);
	out->N_max = fmax(fmax(phase_lambda(r, y), r->pk.max), 0.0);
	out->y[0] = y[0];
	out->y[1] = y[1];
	out->y[3] = y[2];
	out->y[4] = y[3];
	return PHASE_END;
}

/* tr: NULL, or a record of (x, θ, ẋ, θ̇) with the columns of rigid_extra.
 * Phases of sliding and, under the classical law, of the foot held by
 * static friction (the rod pivoting about it), to tmax or to what ends
 * the run. *out comes in as rod_solve starts it (sliding, no slip met). */
static int run_rigid(struct rod *r, double th0, double xd0, double thd0, double tmax,
		     struct run *out, struct record *tr, struct diag *d)
{
	double y[4] = {0.0, th0, xd0, thd0};
	r->v_reg = 1e-9 * sqrt(r->g * r->l);
	r->fscale = (r->m1 + r->m2) * (r->g > 0 ? r->g : 1.0);
	r->tscale = r->g > 0 ? sqrt(r->l / r->g) : fmax(tmax, 1e-3);
	r->pk = (struct peak){0};
	r->res_max = r->dev_max = 0.0;
	r->sigma = xd0 > 0 ? 1.0 : xd0 < 0 ? -1.0 : 0.0;
	r->at_rest = false;
	if (tr) {
		tr->extra = rigid_extra;
		tr->ctx = r;
	}
	const bool decide = classical(r) && r->sigma == 0;
	struct rigid_run rr = {.r = r, .out = out, .decide = decide, .from_stick = decide};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 0; /* rigid_next counts the phases with the decisions */
	caps.max_steps = RD_STEPS;
	caps.steps_why = "friction this strong against the rod's inertia (Φ large against A) "
			 "makes its equations stiff; lower the friction, or tmax";
	const struct phase_system ps = {4, rigid_next, &rr};
	return phase_run(&ps, &caps, 0.0, tmax, y, tr, NULL, d);
}

/* ---- the compliant run ---------------------------------------------------- */

static double contact_force(const struct rod *r, double yy, double yd)
{
	if (yy >= 0)
		return 0.0;
	return fmax(0.0, -r->kc * yy - r->cc * yd);
}

/* y = (x, θ, y, ẋ, θ̇, ẏ): A q̈ = X + N e_y + N G, G per unit normal force. */
static int compliant_rhs(double t, const double y[], double f[], void *p)
{
	struct rod *r = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	double Ai[9], X[3], G[3], rhs[3], qdd[3];
	const double qd[3] = {y[3], y[4], y[5]};
	const double N = contact_force(r, y[2], y[5]);
	inertia_inv(r, y[1], Ai);
	forces(r, y[1], y[4], X);
	friction_dir(r, y[1], qd, r->v_reg, G);
	for (int i = 0; i < 3; i++)
		rhs[i] = X[i] + N * G[i];
	rhs[2] += N;
	matvec(Ai, rhs, qdd);
	for (int i = 0; i < 3; i++) {
		f[i] = y[3 + i];
		f[3 + i] = qdd[i];
	}
	return GSL_SUCCESS;
}

/* The Jacobian of an n-dimensional right-hand side (n ≤ 6) by central
 * differences: msbdf needs one, and so does the stiffness check. */
static int fd_jacobian(int (*rhs)(double, const double[], double[], void *), void *p, size_t n,
		       double t, const double y[], double *J)
{
	double yp[6], f1[6], f2[6];
	for (size_t j = 0; j < n; j++) {
		memcpy(yp, y, n * sizeof(double));
		double h = 1e-7 * fmax(fabs(y[j]), 1e-3);
		yp[j] = y[j] + h;
		if (rhs(t, yp, f1, p))
			return GSL_EBADFUNC;
		yp[j] = y[j] - h;
		if (rhs(t, yp, f2, p))
			return GSL_EBADFUNC;
		for (size_t i = 0; i < n; i++)
			J[i * n + j] = (f1[i] - f2[i]) / (2 * h);
	}
	return GSL_SUCCESS;
}

static int compliant_jac(double t, const double y[], double *dfdy, double dfdt[], void *p)
{
	for (int i = 0; i < 6; i++)
		dfdt[i] = 0.0;
	return fd_jacobian(compliant_rhs, p, 6, t, y, dfdy);
}

/* Fastest over slowest time scale of the run: max |eig| / min |eig| of the
 * Jacobian J (n×n, overwritten), leaving out rates slower than `floor`
 * (1/tmax: what does not change within the run, such as x itself). */
static double eig_ratio(double *J, size_t n, double floor)
{
	gsl_matrix_view m = gsl_matrix_view_array(J, n, n);
	gsl_vector_complex *ev = gsl_vector_complex_alloc(n);
	gsl_eigen_nonsymm_workspace *w = gsl_eigen_nonsymm_alloc(n);
	int s = gsl_eigen_nonsymm(&m.matrix, ev, w);
	double big = 0, small = INFINITY;
	if (!s) {
		for (size_t i = 0; i < n; i++)
			big = fmax(big, gsl_complex_abs(gsl_vector_complex_get(ev, i)));
		for (size_t i = 0; i < n; i++) {
			double a = gsl_complex_abs(gsl_vector_complex_get(ev, i));
			if (a > floor && a > 1e-12 * big)
				small = fmin(small, a);
		}
	}
	gsl_eigen_nonsymm_free(w);
	gsl_vector_complex_free(ev);
	return s || !(big > 0) ? NAN : big / small;
}

/* The Jacobian of a run's right-hand side (the rigid one's n = 4, the
 * compliant one's 6) by central differences: the ratio of its time scales
 * at y, the largest met kept in *ratio. */
static void jac_ratio(struct rod *r, int (*rhs)(double, const double[], double[], void *), size_t n,
		      const double y[], double *ratio)
{
	double J[36];
	if (fd_jacobian(rhs, r, n, 0.0, y, J))
		return;
	const double q = eig_ratio(J, n, r->slow);
	if (isfinite(q))
		*ratio = fmax(*ratio, q);
}

/* Where in [t0, t1] the rod lies down (θ reaches 0 or π): bisection with
 * fresh integrations from the step's start. */
static int fall_time(const struct ode_system *sys, enum ode_method method, double t0,
		     const double y0[6], double t1, double *tf, double yf[6])
{
	double lo = t0, hi = t1;
	int s = 0;
	for (int it = 0; it < 60 && !s && hi - lo > 1e-13 * fmax(t1, 1e-300); it++) {
		double mid = 0.5 * (lo + hi), tt = t0, yy[6];
		memcpy(yy, y0, sizeof(yy));
		s = ode_solve_to(sys, compliant_jac, method, 1e-6, 1e-10, &tt, mid, yy);
		if (yy[1] <= 0 || yy[1] >= M_PI) {
			hi = mid;
			memcpy(yf, yy, 6 * sizeof(double));
		} else {
			lo = mid;
		}
	}
	*tf = hi;
	return s;
}

enum { STIFF_EVERY = 20 }; /* accepted steps between two stiffness checks */

/* The compliant run's derived columns: the spring's normal force, and the
 * phase (lifted off where it is 0; at rest where ẋ creeps below 10 v, the
 * same test as the outcome's). */
static void compliant_extra(void *ctx, double t, const double *y, double *out)
{
	const struct rod *r = ctx;
	(void)t;
	out[0] = contact_force(r, y[2], y[5]);
	double G[3];
	friction_dir(r, y[1], (const double[3]){y[3], y[4], y[5]}, r->v_reg, G);
	out[2] = out[0] * G[0]; /* the friction along the line, as compliant_rhs has it */
	out[1] = out[0] == 0		      ? PH_FLIGHT
		 : fabs(y[3]) < 10 * r->v_reg ? PH_REST
		 : !classical(r)	      ? PH_SLIDES
		 : y[3] < 0		      ? PH_BACK
					      : PH_FORWARD;
}

/* dN/dt = −k ẏ − c ÿ of the spring-damper force, where it presses. */
static double compliant_dN(struct rod *r, const double y[6])
{
	double f[6];
	if (compliant_rhs(0.0, y, f, r) != GSL_SUCCESS)
		return NAN; /* interrupted: f was not written */
	return -r->kc * y[5] - r->cc * f[5];
}

/* The largest normal force inside the step [t0, t1] where dN/dt falls
 * through 0 with the spring pressing at both ends; 0 when there is none.
 * The step's cubic in N through its ends' N and dN/dt (exact, from the
 * right-hand side), at the one zero of its derivative inside: the run's
 * own solution, where Brent on re-integrations from the step's start (a
 * fresh implicit start each time) cost 17% of the solve and was the less
 * accurate. painleve-compliant's N_max: 110.660573709 N, against
 * 110.660572475889 N of DOP853 at rtol 1e-13 (tests/ref/painleve_nmax.py;
 * Radau 1e-11: ...476302); the re-integrations gave 110.660329938. */
static double compliant_peak(const struct rod *r, double t0, const double y0[6], double dN0,
			     double t1, const double y1[6], double dN1)
{
	const double N0 = contact_force(r, y0[2], y0[5]), N1 = contact_force(r, y1[2], y1[5]);
	if (!(dN0 > 0 && dN1 < 0) || N0 <= 0 || N1 <= 0)
		return 0.0;
	/* p(s) = h00 N0 + h10 A0 + h01 N1 + h11 A1 on s in [0, 1], A = h dN/dt;
	 * p'(s) = a s^2 + b s + c, positive at 0 and negative at 1: one root */
	const double h = t1 - t0, A0 = h * dN0, A1 = h * dN1;
	const double a = 6 * (N0 - N1) + 3 * (A0 + A1), b = 6 * (N1 - N0) - 4 * A0 - 2 * A1, c = A0;
	double sr;
	if (a == 0) {
		sr = -c / b;
	} else {
		const double q = -0.5 * (b + copysign(sqrt(fmax(b * b - 4 * a * c, 0.0)), b));
		const double r1 = q / a, r2 = c / q;
		sr = r1 > 0 && r1 < 1 ? r1 : r2;
	}
	sr = fmin(fmax(sr, 0.0), 1.0);
	const double s2 = sr * sr, s3 = s2 * sr;
	return (2 * s3 - 3 * s2 + 1) * N0 + (s3 - 2 * s2 + sr) * A0 + (3 * s2 - 2 * s3) * N1 +
	       (s3 - s2) * A1;
}

/* tr: NULL, or a record of (x, θ, y, ẋ, θ̇, ẏ) with compliant_extra's
 * columns; *out as for run_rigid. N_max is the largest force on the
 * solution: at the step ends and at the peaks between them. */
static int run_compliant(struct rod *r, double th0, double xd0, double thd0, double tmax,
			 struct run *out, struct record *tr, struct diag *d)
{
	/* start resting on the spring: m1's share of the weight held */
	double y[6] = {0.0, th0, 0.0, xd0, thd0, 0.0};
	struct slide sl;
	r->sigma = xd0 > 0 ? 1.0 : -1.0;
	slide_state(r, th0, xd0, thd0, &sl);
	if (sl.lambda > 0 && isfinite(sl.lambda))
		y[2] = -sl.lambda / r->kc;
	r->v_reg = 1e-4 * sqrt(r->g * r->l);
	const struct ode_system csys = {6, compliant_rhs, NULL, r};
	double t = 0.0;
	int s = 0;
	out->N_max = contact_force(r, y[2], y[5]);
	if (tr) {
		tr->extra = compliant_extra;
		tr->ctx = r;
		record_wrap(tr, &csys);
		record_mark(tr, 0.0, y);
	}
	num_gsl_clear();
	/* Step by step, so that every accepted step is seen: the largest normal
	 * force, and the Jacobian's time scales every STIFF_EVERY steps. */
	struct ode_stepper *st = ode_stepper_new(&csys, compliant_jac, ODE_RK8PD, t, 1e-6, 1e-9);
	r->res_max = cond29_residual_at(r, y[1]);
	r->dev_max = NAN; /* no multiplier: the spring gives the normal force */
	double dN0 = compliant_dN(r, y);
	for (size_t n = 0; t < tmax; n++) {
		if (n >= 5000000) {
			s = GSL_EMAXITER;
			break;
		}
		if (n % STIFF_EVERY == 0) {
			jac_ratio(r, compliant_rhs, 6, y, &out->ratio);
			if (!out->stiff && out->ratio > r->stiff_threshold) {
				out->stiff = true;
				ode_stepper_set_method(st, ODE_MSBDF);
			}
		}
		double t0 = t, y0[6];
		memcpy(y0, y, sizeof(y0));
		if ((s = ode_stepper_step(st, &t, tmax, y)))
			break;
		out->steps++;
		r->res_max = fmax(r->res_max, cond29_residual_at(r, y[1]));
		out->N_max = fmax(out->N_max, contact_force(r, y[2], y[5]));
		const double dN1 = compliant_dN(r, y);
		if (!(y[1] <= 0 || y[1] >= M_PI))
			out->N_max = fmax(out->N_max, compliant_peak(r, t0, y0, dN0, t, y, dN1));
		dN0 = dN1;
		if (y[1] <= 0 || y[1] >= M_PI) {
			s = fall_time(&csys, ode_stepper_method(st), t0, y0, t, &t, y);
			out->outcome = OUT_FALLS;
			if (tr && !s)
				record_mark(tr, t, y);
			break;
		}
		if (tr)
			record_point(tr, t, y);
	}
	ode_stepper_free(st);
	if (s || num_interrupted)
		return num_fail(d, s, "integration of the compliant contact");
	out->t_end = t;
	if (out->outcome != OUT_FALLS) {
		if (y[2] > 0 && contact_force(r, y[2], y[5]) == 0)
			out->outcome = OUT_LIFTS_OFF;
		else if (fabs(y[3]) < 10 * r->v_reg) /* creeping at the smoothing speed */
			/* under Coulomb's law the smoothed static friction holds the
			 * foot at tmax (the rod may still turn): held, not stopped */
			out->outcome = classical(r) ? OUT_HELD : OUT_STOPS;
	}
	memcpy(out->y, y, sizeof(y));
	return 0;
}

/* ---- figures -------------------------------------------------------------- */

/* The run as a table (θ in degrees, as the model's parameter; y = 0 on the
 * rigid line) and its figures, each phase of the contact its own line. */
static void rod_run_figures(struct figures *fs, const struct record *tr, bool compliant,
			    const struct run *run)
{
	struct table *t = figures_table(
		fs, "run",
		"t [s]|x [m]|theta [deg]|y [m]|xdot [m/s]|thetadot "
		"[rad/s]|lambda [N]|phase (0 back/1 fwd/2 slide/3 rest/4 off)|F_x [N]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *q = record_row(tr, i);
		double row[9];
		if (compliant)
			row[0] = tr->t[i], row[1] = q[0], row[2] = q[1], row[3] = q[2],
			row[4] = q[3], row[5] = q[4], row[6] = q[6], row[7] = q[7], row[8] = q[8];
		else
			row[0] = tr->t[i], row[1] = q[0], row[2] = q[1], row[3] = 0.0,
			row[4] = q[2], row[5] = q[3], row[6] = q[4], row[7] = q[5], row[8] = q[6];
		row[2] = row[2] * 180 / M_PI; /* as theta_end is */
		table_row(t, row);
	}
	struct figure *f =
		figure_add(fs, "angle", "Angle θ(t) of the rod to the line", "t [s]", "θ [deg]");
	figure_curves_by_phase(f, t, 0, 2, 7, phase_label, PH_N);
	if (isfinite(run->t_slip))
		curve_point(figure_curve(f, "the foot starts to slip", CURVE_POINTS), run->t_slip,
			    run->th_slip * 180 / M_PI);
	f = figure_add(fs, "position", "Position x(t) of the contact point m1", "t [s]", "x [m]");
	figure_curves_by_phase(f, t, 0, 1, 7, phase_label, PH_N);
	f = figure_add(fs, "reaction",
		       compliant ? "Normal force N(t) of the compliant contact (spring and damper)"
				 : "Normal reaction λ(t) at the contact",
		       "t [s]", "λ [N]");
	figure_curves_by_phase(f, t, 0, 6, 7, phase_label, PH_N);
	if (isfinite(run->t_slip))
		curve_point(figure_curve(f, "the foot starts to slip", CURVE_POINTS), run->t_slip,
			    run->lambda_slip);
	f = figure_add(fs, "rates", "Sliding velocity ẋ(t) and turning rate θ̇(t)", "t [s]",
		       "ẋ [m/s], θ̇ [rad/s]");
	enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	figure_curve_from(f, "ẋ [m/s]", st, t, 0, 4);
	figure_curve_from(f, "θ̇ [rad/s]", st, t, 0, 5);
	if (compliant) {
		f = figure_add(fs, "height",
			       "Height y(t) of the contact point (below 0 the spring is pressed)",
			       "t [s]", "y [m]");
		figure_curves_by_phase(f, t, 0, 3, 7, phase_label, PH_N);
	}
}

/* μ_crit(θ) of the classical law over the quarter where the paradox can
 * be (0 < θ < 90° sliding back, 90° < θ < 180° sliding forward), up to the
 * figure's top, where m1 t² − m2 μ t + (m1 + m2) = 0 (t = |tanθ|) gives the
 * ends; above it, the region where D < 0: no solution, or two. */
static void rod_mu_crit_figure(struct figures *fs, const struct rod *r, double th0_deg, double mu,
			       double mu_min, double th_min)
{
	const double th0 = th0_deg * M_PI / 180;
	enum { NPTS = 401 };
	const bool back = th0 <= M_PI_2;
	const double m1 = r->m1, m2 = r->m2;
	double top = 2.5 * mu_min;
	if (classical(r))
		top = fmax(top, 1.25 * mu);
	const double disc = sqrt(fmax(0.0, m2 * m2 * top * top - 4 * m1 * (m1 + m2)));
	double a = atan((m2 * top - disc) / (2 * m1)), b = atan((m2 * top + disc) / (2 * m1));
	if (!back) {
		double a2 = M_PI - b;
		b = M_PI - a;
		a = a2;
	}
	struct table *t = figures_table(fs, "mu_crit", "theta [deg]|mu_crit");
	for (int i = 0; i < NPTS; i++) {
		double th = i == NPTS - 1 ? b : a + (b - a) * i / (NPTS - 1);
		double row[2] = {th * 180 / M_PI, mu_crit_at(r, th, back ? -1.0 : 1.0)};
		table_row(t, row);
	}
	struct figure *f = figure_add(
		fs, "mu_crit",
		back ? "Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ < 0"
		     : "Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ > 0",
		"θ [deg]", "μ");
	f->xmin = back ? 0 : 90;
	f->xmax = back ? 90 : 180;
	f->ymin = 0;
	f->ymax = top;
	struct curve *c = figure_curve(f, "paradox (D < 0: no solution, or two)", CURVE_FILL);
	for (size_t i = 0; i < t->nrows; i++)
		curve_band(c, table_at(t, i, 0), fmin(table_at(t, i, 1), top), top);
	figure_curve_from(f, "μ_crit(θ)", CURVE_LINE, t, 0, 1);
	c = figure_curve(f, "least μ_crit", CURVE_POINTS);
	curve_point(c, (back ? th_min : M_PI - th_min) * 180 / M_PI, mu_min);
	if (classical(r)) {
		const double crit = mu_crit_at(r, th0, back ? -1.0 : 1.0);
		c = figure_curve(f,
				 r->law == LAW_PROJECTED
					 ? (mu > crit
						    ? "this exercise (θ, μ): paradox for the "
						      "classical law, none projected (4.3)"
						    : "this exercise (θ, μ): no paradox, classical "
						      "or projected (4.3)")
				 : mu > crit ? "this exercise (θ, μ), in the paradox region"
					     : "this exercise (θ, μ), outside the paradox region",
				 CURVE_POINTS);
		curve_point(c, th0_deg, mu);
	}
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
	inertia(r, th, A);
	inertia_inv(r, th, Ai);
	law_matrix(r, th, Phi);
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
	at->residual = cond29_residual_of(Phs, Ai, w);
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
	if (classical(r) && at->sigma == 0) {
		/* at rest at the contact: can static friction hold it? */
		struct stick st;
		stick_state(r, th, thd, &st);
		if (st.lambda <= 0 && !slide_presses(r, th, thd, st.Fx)) {
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
			slide_state(r, th, 0.0, thd, sl);
			enum mode m1 = classify(sl->b0, sl->D);
			r->sigma = -r->sigma;
			struct slide s2;
			slide_state(r, th, 0.0, thd, &s2);
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
		slide_state(r, th, xd, thd, sl);
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
	if (classical(r) && at->sigma == 0)
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
		if (classical(r)) {
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
			   "  (2.9) along the run, for Φ at each state's θ: largest residual "
			   "%.3g, %s; sliding, λ differs from the frictionless λ0 = "
			   "−(A⁻¹X)_y/(A⁻¹)_yy by at most %.3g N.",
			   r->res_max,
			   r->res_max <= COND29_TOL ? "it held throughout (cond29_run)"
						    : "it failed on the way (cond29_run false)",
			   r->dev_max);
		model_step(s,
			   "  Largest normal force N_max = %.12g N: the peak of λ on the dense "
			   "solution (phase ends, step ends, and Brent roots of dλ/dt).",
			   run->N_max);
		model_step(s, "  The run ends (%s) at t = %.12g s after %zu steps%s%s.",
			   outcome_word[run->outcome], run->t_end, run->steps, run->why ? ": " : "",
			   run->why ? run->why : "");
	} else {
		model_step(s,
			   "Compliant run: N = max(0, −k y − c ẏ) for y < 0, k = %g N/m, c = %g "
			   "N·s/m; %s.",
			   r->kc, r->cc,
			   classical(r) ? "sgn ẋ smoothed as ẋ/√(ẋ² + v²), v = 1e-4 √(gl)"
					: "|q̇|_A smoothed as √(q̇·Aq̇ + v²), v = 1e-4 √(gl)");
		model_step(s,
			   "  The Jacobian's eigenvalues (gsl_eigen_nonsymm) every %d steps: "
			   "fastest/slowest time scale up to %.6g, %s; %zu steps.",
			   STIFF_EVERY, run->ratio,
			   run->stiff ? "above 1e3: tribo switched to the implicit msbdf"
				      : "below 1e3: the explicit rk8pd was kept",
			   run->steps);
		model_step(s,
			   "  The largest normal force is %.9g N; the run ends (%s) at t = %.9g s.",
			   run->N_max, outcome_word[run->outcome], run->t_end);
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
	rod_state_at(&r, th, classical(&r) && fabs(xd) <= v_rest ? 0.0 : xd, thd, &at);
	at.mu_c = mu_crit_at(&r, th, at.sigma);
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
	int rc = compliant ? run_compliant(&r, th, xd, thd, tmax, &run, trp, d)
			   : run_rigid(&r, th, xd, thd, tmax, &run, trp, d);
	if (!rc && trp) {
		/* a run that is its first point alone (the paradox: no motion
		 * to follow) draws μ_crit(θ) first, where the state is marked */
		if (tr.n <= 1)
			rod_mu_crit_figure(out->figs, &r, p[R_THETA], r.mu, at.mu_min, at.th_min);
		rod_run_figures(out->figs, trp, compliant, &run);
		if (tr.n > 1)
			rod_mu_crit_figure(out->figs, &r, p[R_THETA], r.mu, at.mu_min, at.th_min);
	}
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
	out->res[O_OUTCOME] = value_word(outcome_word[run.outcome]);
	out->res[O_T_END] = value_number(run.t_end);
	out->res[O_STIFFNESS_RATIO] = value_number(run.ratio);
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
