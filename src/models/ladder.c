/* Kozlov, "Lagrangian mechanics and dry friction", §7: several constraints
 * (7.1)-(7.4). A uniform ladder (mass m, length L) leans with its top on a
 * rough wall and its foot on a rough floor.
 *
 * Coordinates q = (x, y, θ): the centre of the rod and its angle to the
 * floor; the wall is the plane x = 0, the floor y = 0, the ladder on the
 * side x > 0. With h = L/2 the foot is at (x + h cosθ, y − h sinθ), the
 * top at (x − h cosθ, y + h sinθ), and the one-sided constraints (7.1) are
 *   f_floor = y − h sinθ ≥ 0,   f_wall = x − h cosθ ≥ 0,
 * with covectors (7.2) ∂f_floor = (0, 1, −h cosθ), ∂f_wall = (1, 0, h sinθ).
 * T = ½ m (ẋ² + ẏ²) + ½ I θ̇², I = m L²/12, so A = diag(m, m, I), and
 * Lagrange's equations with multipliers read
 *   A q̈ = X + λ_floor ∂f_floor + λ_wall ∂f_wall + F,  X = (0, −m g, 0),
 * closed by the constraints' second derivatives J q̈ = Z (a 2×2 system for
 * the multipliers).
 *
 * Friction laws: `coulomb`, Amontons at each contact with its own normal
 * force (−μ λ_j sgn(sliding speed) along the contact); `isotropic`,
 * Kozlov's law (2.6) with Φ = kA; `matrix`, Kozlov's law with a constant Φ
 * in the coordinates (x, y, θ); `family`, the family (5.1) carried over to
 * two constraints, Φ = A(θ)Ωᵀ with Ω given in the coordinates (θ, f_floor,
 * f_wall) and keeping the constraints' span, so that (7.4) holds at every
 * θ. Kozlov's F = −|R| Φq̇/|q̇|_A with R = Σ λ_j ∂f_j computed without
 * friction (§7) and |R|² = R·A⁻¹R (2.5). Off the wall (the floor alone),
 * (2.9) asks Ω32 = 0 as well.
 *
 * `projected`: Painlevé's friction (4.3) carried to the p active
 * constraints of §7. Λ is the classical force, Amontons at each sliding
 * contact with the frictionless multiplier λ⁰_j of the same constraints:
 * per unit λ the foot gives G_floor = −μ_floor s_f (1, 0, −h sinθ) (a force
 * along x at the foot) and the top G_wall = −μ_wall s_w (0, 1, h cosθ), s
 * the contact's sliding direction, Λ = Σ λ⁰_j G_j. Among Λ' = Λ + Σ ρ_j
 * ∂f_j (4.2), the work on the motions (7.3) being the same, F is the least
 * in A⁻¹: ρ = −M⁻¹ J A⁻¹ Λ with M = J A⁻¹ Jᵀ, F = Λ + Jᵀρ, so J A⁻¹ F = 0
 * (the force-vector is a possible motion, (7.4) holds whatever μ), the
 * multipliers of J q̈ = Z are the frictionless λ⁰, and no paradox arises.
 * On both contacts (q̇ = vθ̇, v = (−h sinθ, h cosθ, 1), v·Av = mL²/3,
 * v·A dv/dθ = 0) only F·v = Λ·v counts: the foot slides along x at
 * −L sinθ θ̇ and the top along y at L cosθ θ̇, so
 *   (mL²/3) θ̈ = −m g h cosθ − σ L (μ_floor λ⁰_floor sinθ + μ_wall λ⁰_wall cosθ),
 *   λ⁰_wall = m cosθ ((3/4) g sinθ − h θ̇²),  λ⁰_floor = m (g − (3/4) g cos²θ − h sinθ θ̇²),
 * σ = sgn θ̇; μ = 0 is the frictionless ladder. Rest (§3 on q̇ = vθ̇):
 * static friction is at most the friction of the motion gravity starts
 * (σ = −1, θ̇ = 0): rest where μ_floor sinθ (1 − (3/4)cos²θ) + (3/4)
 * μ_wall sinθ cos²θ ≥ (1/2) cosθ. The top leaves the wall where the
 * wall's multiplier λ⁰_wall vanishes: h θ̇² = (3/4) g sinθ, at sinθ =
 * (2/3) sinθ0 without friction. On the floor alone (one constraint, p =
 * 1) F is (4.3) itself: G_floor projected, F = λ⁰ μ_floor s_f (−1, κ, h
 * sinθ − κ h cosθ) with κ = 3 sinθ cosθ/(1 + 3 cos²θ). The projection
 * depends on the constraints that act: at the top's leaving the force
 * jumps by Λ's part along ∂f_wall, and the gap f_wall then starts with
 *   f̈_wall = −μ_floor λ⁰_floor s_f (1 + 3 cos 2θ)/(m (1 + 3 cos²θ)),
 * which for a foot sliding out (s_f = +1) is negative below θ = ½ arccos
 * (−1/3) = 54.7356°: the top cannot leave (the floor's projected friction
 * drives it into the wall) and cannot stay (the wall would have to pull).
 * Falling from rest it leaves below arcsin(2/3) = 41.8°, so with μ_floor
 * > 0 such a run ends there as a paradox of the law (the run is not
 * followed); with μ_floor = 0, or leaving above 54.7°, it goes on. A foot
 * that stops off the wall is held by the pin's own reactions (the held
 * foot is no sliding contact, it has no Λ to project) inside Coulomb's
 * cone |F_x| ≤ μ_floor λ, as under the classical law. */
#include <float.h>
#include <gsl/gsl_errno.h>
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
	P_M,
	P_L,
	P_G,
	P_MU_FLOOR,
	P_MU_WALL,
	P_THETA0,
	P_THETADOT0,
	P_LAW,
	P_K,
	P_PHI11,
	P_PHI12,
	P_PHI13,
	P_PHI21,
	P_PHI22,
	P_PHI23,
	P_PHI31,
	P_PHI32,
	P_PHI33,
	P_OMEGA11,
	P_OMEGA21,
	P_OMEGA31,
	P_OMEGA22,
	P_OMEGA23,
	P_OMEGA32,
	P_OMEGA33,
	P_TMAX,
	P_NPARAMS
};
enum {
	O_THETA_MIN,
	O_LAMBDA_FLOOR_LIM,
	O_LAMBDA_WALL_LIM,
	O_MOVES,
	O_LAMBDA_WALL,
	O_LAMBDA_FLOOR,
	O_THETA_LEAVE,
	O_T_LEAVE,
	O_OUTCOME,
	O_T_END,
	O_T_FLOOR,
	O_THETA_END,
	O_THETADOT_END,
	O_X_FOOT_END,
	O_COND74,
	O_COND74_RESIDUAL,
	O_NRESULTS
};

static const char phi_doc[] = "law matrix: Φ entry (order x, y, θ of the centre; units follow A's)";
static const char omega_doc[] = "law family: Ω entry of Φ = A(θ)Ωᵀ (5.1), order θ, f_floor, f_wall "
				"(Ω12 = Ω13 = 0 by (7.4))";

static const struct param_spec lad_params[P_NPARAMS] = {
	[P_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0.0), "mass of the ladder"),
	[P_L] = PARAM_NUMBER("L", "m", 4.0, PARAM_ABOVE(0.0), "length of the ladder"),
	[P_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[P_MU_FLOOR] =
		PARAM_NUMBER("mu_floor", "", 0.4, PARAM_AT_LEAST(0.0), "friction at the floor"),
	[P_MU_WALL] = PARAM_NUMBER("mu_wall", "", 0.2, PARAM_AT_LEAST(0.0), "friction at the wall"),
	[P_THETA0] = PARAM_NUMBER("theta0", "deg", 30.0, PARAM_OPEN(0.0, 90.0),
				  "initial angle of the ladder to the floor"),
	[P_THETADOT0] = PARAM_NUMBER("thetadot0", "rad/s", 0.0, PARAM_ANY,
				     "initial turning rate (a push; < 0 falls, > 0 rises)"),
	[P_LAW] = PARAM_LAW(LAW_NAME_COULOMB "|" LAW_NAME_ISOTROPIC "|" LAW_NAME_MATRIX
					     "|" LAW_NAME_PROJECTED "|" LAW_NAME_FAMILY,
			    "coulomb (Amontons at each contact), isotropic (Kozlov, Φ = kA), "
			    "matrix (Kozlov, any constant Φ), projected (Painlevé (4.3): Amontons "
			    "at each contact with the frictionless normal forces, projected onto "
			    "the motions the acting constraints allow; mu_floor, mu_wall) or "
			    "family (Kozlov, Φ = A(θ)Ωᵀ of (5.1) in the coordinates (θ, f_floor, "
			    "f_wall), Ω keeping the constraints' span (7.4), recomputed along the "
			    "run)"),
	[P_K] = PARAM_LAW_K(0.3),
	PARAM_LAW_PHI(P_PHI11, phi_doc, 0.3, 0.3, 0.4),
	[P_OMEGA11] = PARAM_NUMBER("Omega11", "", 0.3, PARAM_ANY, omega_doc),
	[P_OMEGA21] = PARAM_NUMBER("Omega21", "", 0.0, PARAM_ANY, omega_doc),
	[P_OMEGA31] = PARAM_NUMBER("Omega31", "", 0.0, PARAM_ANY, omega_doc),
	[P_OMEGA22] = PARAM_NUMBER("Omega22", "", 0.3, PARAM_ANY, omega_doc),
	[P_OMEGA23] = PARAM_NUMBER("Omega23", "", 0.0, PARAM_ANY, omega_doc),
	[P_OMEGA32] = PARAM_NUMBER("Omega32", "", 0.0, PARAM_ANY, omega_doc),
	[P_OMEGA33] = PARAM_NUMBER("Omega33", "", 0.3, PARAM_ANY, omega_doc),
	[P_TMAX] = PARAM_NUMBER("tmax", "s", 10.0, PARAM_ABOVE(0.0), "bound on the run"),
};

static const struct result_spec lad_results[O_NRESULTS] = {
	[O_THETA_MIN] = RESULT_NUMBER("theta_min", "deg",
				      "least angle at which the ladder can rest (90: never, 0: "
				      "at every angle)"),
	[O_LAMBDA_FLOOR_LIM] =
		RESULT_NUMBER("lambda_floor_lim", "N",
			      "floor's normal force in limiting equilibrium at theta_min (nan: "
			      "there is none, it rests at every angle)"),
	[O_LAMBDA_WALL_LIM] = RESULT_NUMBER("lambda_wall_lim", "N",
					    "wall's normal force in limiting equilibrium at "
					    "theta_min (nan: there is none)"),
	[O_MOVES] = RESULT_BOOL_VERDICT("moves", VERDICT_MOTION, "whether the ladder moves at all"),
	[O_LAMBDA_WALL] =
		RESULT_NUMBER("lambda_wall", "N",
			      "wall's normal force at the start (negative: the wall would "
			      "have to pull, and the top leaves it at once; nan: at rest "
			      "with both contacts rough, statically indeterminate, or the "
			      "paradox at the start)"),
	[O_LAMBDA_FLOOR] = RESULT_NUMBER("lambda_floor", "N",
					 "floor's normal force at the start (negative: the ladder "
					 "lifts off at once; nan: at rest, statically "
					 "indeterminate, or the paradox at the start)"),
	[O_THETA_LEAVE] = RESULT_NUMBER("theta_leave", "deg",
					"angle where the top leaves the wall (none: it stays on "
					"the wall through the run)"),
	[O_T_LEAVE] = RESULT_NUMBER("t_leave", "s",
				    "when the top leaves the wall (none: it stays on the wall "
				    "through the run)"),
	[O_OUTCOME] = RESULT_WORD_SHUNS("outcome", "paradox",
					"how the run ended: rests, stops, falls, hits-wall, "
					"lifts-off, upright, moving, paradox, jam (the wall "
					"would have to pull, and off it the top would move "
					"into the wall)"),
	[O_T_END] = RESULT_NUMBER("t_end", "s", "when the run ended"),
	[O_T_FLOOR] = RESULT_NUMBER(
		"t_floor", "s", "when the ladder comes to lie on the floor (nan: not in the run)"),
	[O_THETA_END] = RESULT_NUMBER("theta_end", "deg", "θ at the end of the run"),
	[O_THETADOT_END] = RESULT_NUMBER("thetadot_end", "rad/s", "θ̇ at the end of the run"),
	[O_X_FOOT_END] = RESULT_NUMBER("x_foot_end", "m",
				       "distance of the foot from the wall at the end of the run"),
	[O_COND74] =
		RESULT_BOOL("cond74", "(7.4) at theta0: ΦᵀA⁻¹ keeps the span of ∂f_floor, ∂f_wall "
				      "(coulomb: false, not a law of the form (2.6))"),
	[O_COND74_RESIDUAL] = RESULT_NUMBER_OR(
		"cond74_residual", "",
		"largest |ΦᵀA⁻¹∂f_j·v|/(‖Φ‖|A⁻¹∂f_j||v|), v the tangent of the two constraints "
		"(projected: |∂f_j·A⁻¹F|/(|∂f_j||A⁻¹F|) of the force at the fall's start; "
		"holds below 1e-9; nan: coulomb)",
		"the law is coulomb, not one of the form (2.6): condition (7.4) is not asked of "
		"it"),
};

/* ---- the ladder's mechanics ---------------------------------------------- */

/* The most steps of a run. */
#define LD_STEPS 200000

/* What holds the ladder in a phase: both contacts sliding, the floor alone
 * with the foot sliding, or the floor alone with the foot held by static
 * friction (the ladder pivots about it). */
enum phase { PH_TWO, PH_FLOOR, PH_PIVOT, PH_N };
static const char *const phase_label[PH_N] = {"on the wall and the floor", "off the wall",
					      "off the wall, foot held"};

enum outcome {
	OUT_RESTS,
	OUT_STOPS,
	OUT_FALLS,
	OUT_HITS_WALL,
	OUT_LIFTS_OFF,
	OUT_UPRIGHT,
	OUT_MOVING,
	OUT_PARADOX,
	OUT_JAM
};
/* "jam": a Painlevé-type jam at the start: on the wall the wall would have
 * to pull (λ_wall < 0), off it the top would move into the wall; no motion
 * of the rigid ladder fits, and none is followed. */
static const char *const outcome_word[] = {"rests",   "stops",	"falls",   "hits-wall", "lifts-off",
					   "upright", "moving", "paradox", "jam"};

struct lad {
	double m, L, h, I, g, muf, muw, k;
	enum law_id law;
	double phi[9];
	double omega[9]; /* family: Ω in ξ = (θ, f_floor, f_wall), row-major */
	enum phase ph;
	double sig;    /* PH_TWO: sgn θ̇ held in the phase */
	double sigf;   /* PH_FLOOR, coulomb: sgn of the foot's sliding speed */
	bool wall_tie; /* PH_TWO: λ_wall within rounding of 0 and rising (see
			* wall_turns_in): its event is |λ_wall| for a short stretch */
	double fscale, tscale, vreg;
};

/* The state of a phase: multipliers (floor first; the wall's, or the held
 * foot's tangential force), accelerations, the system's determinant
 * against the frictionless one, and Kozlov's |R|. */
struct dyn {
	double lam[2];
	double qdd[3];
	double det;
	double R;
	int n;
};

/* Φ of Kozlov's laws at θ; zero under Coulomb's, which acts at each
 * contact with the contact's own normal force, not through Φ. The family
 * (5.1) is given in ξ = (θ, f_floor, f_wall), where the constraints are
 * coordinates as y is the rod's: E = ∂ξ/∂q has the rows e_θ, ∂f_floor,
 * ∂f_wall, and B = E⁻¹ the columns v = (−h sinθ, h cosθ, 1), e_y, e_x.
 * ΦᵀA⁻¹ = Eᵀ Ω E⁻ᵀ, and E⁻ᵀ∂f_j is ξ's unit covector of f_j: (7.4) holds
 * at every θ when Ω maps span(e_2, e_3) into itself, Ω12 = Ω13 = 0. */
static void law_matrix(const struct lad *r, double th, double Phi[9])
{
	const double A[9] = {r->m, 0, 0, 0, r->m, 0, 0, 0, r->I};
	const double hs = r->h * sin(th), hc = r->h * cos(th);
	const double E[9] = {0, 0, 1, 0, 1, -hc, 1, 0, hs};
	const double B[9] = {-hs, 0, 1, hc, 1, 0, 1, 0, 0};
	law_phi_matrix(r->law,
		       &(struct law_phi){.A = A,
					 .k = r->k,
					 .phi = r->phi,
					 .omega = r->omega,
					 .E = E,
					 .B = B,
					 .slide = -1},
		       Phi);
}

/* The active constraints' rows J_j and their Z_j = −J̇_j q̇ (J q̈ = Z). */
static int rows(const struct lad *r, enum phase ph, const double y[6], double J[2][3], double Z[2])
{
	const double h = r->h, s = sin(y[2]), c = cos(y[2]), w2 = y[5] * y[5];
	J[0][0] = 0, J[0][1] = 1, J[0][2] = -h * c, Z[0] = -h * s * w2;
	if (ph == PH_FLOOR)
		return 1;
	if (ph == PH_TWO)
		J[1][0] = 1, J[1][1] = 0, J[1][2] = h * s, Z[1] = -h * c * w2;
	else /* the foot's x held: x + h cosθ constant */
		J[1][0] = 1, J[1][1] = 0, J[1][2] = -h * s, Z[1] = h * c * w2;
	return 2;
}

/* Painlevé's classical laws: Coulomb's, and its projection (4.3), act at
 * each sliding contact with a normal force, slide and stop by the
 * contacts' own speeds, and hold a foot that stops by Coulomb's cone. */
static bool classical(const struct lad *r)
{
	return r->law == LAW_COULOMB || r->law == LAW_PROJECTED;
}

/* Solves M λ = b for n = 1 or 2; returns the determinant. */
static double solve_small(int n, double M[2][2], const double b[2], double lam[2])
{
	if (n == 1) {
		lam[0] = b[0] / M[0][0];
		return M[0][0];
	}
	const double det = M[0][0] * M[1][1] - M[0][1] * M[1][0];
	lam[0] = (b[0] * M[1][1] - M[0][1] * b[1]) / det;
	lam[1] = (M[0][0] * b[1] - M[1][0] * b[0]) / det;
	return det;
}

/* The multipliers of the constraints J without friction, given the forces
 * Fa besides them: J A⁻¹ Jᵀ λ = Z − J A⁻¹ Fa. */
static double frictionless(const struct lad *r, int n, double J[2][3], const double Z[2],
			   const double Fa[3], double lam[2])
{
	const double ai[3] = {1 / r->m, 1 / r->m, 1 / r->I};
	double M[2][2], b[2];
	for (int i = 0; i < n; i++) {
		b[i] = Z[i];
		for (int a = 0; a < 3; a++)
			b[i] -= J[i][a] * ai[a] * Fa[a];
		for (int j = 0; j < n; j++) {
			M[i][j] = 0;
			for (int a = 0; a < 3; a++)
				M[i][j] += J[i][a] * ai[a] * J[j][a];
		}
	}
	return solve_small(n, M, b, lam);
}

/* The state on both constraints at angle th and rate thd. */
static void two_state(const struct lad *r, double th, double thd, double y[6])
{
	const double h = r->h, s = sin(th), c = cos(th);
	y[0] = h * c, y[1] = h * s, y[2] = th;
	y[3] = -h * s * thd, y[4] = h * c * thd, y[5] = thd;
}

/* The frictionless multipliers (floor, wall) of the ladder at rest at θ on
 * both constraints, and the constraints' rows there: Kozlov's reaction R
 * at rest (§7). */
static void rest_multipliers(const struct lad *r, double th, double lam[2], double J[2][3])
{
	const double X[3] = {0, -r->m * r->g, 0};
	double y[6], Z[2];
	two_state(r, th, 0, y);
	rows(r, PH_TWO, y, J, Z);
	frictionless(r, 2, J, Z, X, lam);
}

/* The classical friction per unit normal force of each sliding contact
 * (floor first), as generalized forces. */
static void classical_g(const struct lad *r, enum phase ph, double th, double G[2][3])
{
	const double h = r->h, s = sin(th), c = cos(th);
	if (ph == PH_TWO) {
		/* the foot moves along x at −L sinθ θ̇, the top along y at L cosθ θ̇ */
		const double sf = -r->sig, sw = r->sig;
		G[0][0] = -r->muf * sf, G[0][2] = r->muf * sf * h * s;
		G[1][1] = -r->muw * sw, G[1][2] = -r->muw * sw * h * c;
	} else if (ph == PH_FLOOR) {
		G[0][0] = -r->muf * r->sigf, G[0][2] = r->muf * r->sigf * h * s;
	}
}

/* (4.3): Λ = Σ λ⁰_j G_j with the frictionless multipliers, projected; the
 * multipliers then stay λ⁰. A held foot has no Λ (G = 0 there). */
static void projected_force(const struct lad *r, int n, double J[2][3], double G[2][3],
			    const double lam0[2], double F[3])
{
	double Lam[3];
	for (int a = 0; a < 3; a++)
		Lam[a] = lam0[0] * G[0][a] + (n > 1 ? lam0[1] * G[1][a] : 0.0);
	const double Ai[9] = {1 / r->m, 0, 0, 0, 1 / r->m, 0, 0, 0, 1 / r->I};
	law_project(n, (const double(*)[3])J, Ai, Lam, F);
}

/* The phase's equations at y = (x, y, θ, ẋ, ẏ, θ̇). */
static void dyn_at(const struct lad *r, enum phase ph, const double y[6], struct dyn *o)
{
	const double ai[3] = {1 / r->m, 1 / r->m, 1 / r->I};
	const double X[3] = {0, -r->m * r->g, 0};
	const double h = r->h, s = sin(y[2]), c = cos(y[2]);
	double J[2][3], Z[2], G[2][3] = {{0}}, F[3] = {0, 0, 0}, lam0[2] = {0, 0};
	const int n = rows(r, ph, y, J, Z);
	o->n = n;
	const double det0 = frictionless(r, n, J, Z, X, lam0);
	o->R = 0;
	if (classical(r)) {
		classical_g(r, ph, y[2], G);
		if (r->law == LAW_PROJECTED) {
			projected_force(r, n, J, G, lam0, F);
			memset(G, 0, sizeof G);
		}
	} else {
		/* Kozlov §7: R from the frictionless multipliers, |R|² = R·A⁻¹R */
		double R[3] = {0, 0, 0}, Phi[9], qd[3], Aq2 = 0;
		for (int j = 0; j < n; j++)
			for (int a = 0; a < 3; a++)
				R[a] += lam0[j] * J[j][a];
		o->R = sqrt(R[0] * R[0] * ai[0] + R[1] * R[1] * ai[1] + R[2] * R[2] * ai[2]);
		if (ph == PH_TWO) /* q̇ = v θ̇ on both constraints: its direction is σ v */
			qd[0] = -h * s * r->sig, qd[1] = h * c * r->sig, qd[2] = r->sig;
		else
			memcpy(qd, y + 3, sizeof(qd));
		Aq2 = r->m * (qd[0] * qd[0] + qd[1] * qd[1]) + r->I * qd[2] * qd[2];
		law_matrix(r, y[2], Phi);
		if (Aq2 > 0)
			for (int a = 0; a < 3; a++)
				F[a] = -o->R *
				       (Phi[3 * a] * qd[0] + Phi[3 * a + 1] * qd[1] +
					Phi[3 * a + 2] * qd[2]) /
				       sqrt(Aq2);
	}
	/* J A⁻¹ (Jᵀ + G) λ = Z − J A⁻¹ (X + F) */
	double M[2][2], b[2];
	for (int i = 0; i < n; i++) {
		b[i] = Z[i];
		for (int a = 0; a < 3; a++)
			b[i] -= J[i][a] * ai[a] * (X[a] + F[a]);
		for (int j = 0; j < n; j++) {
			M[i][j] = 0;
			for (int a = 0; a < 3; a++)
				M[i][j] += J[i][a] * ai[a] * (J[j][a] + G[j][a]);
		}
	}
	o->det = solve_small(n, M, b, o->lam) / det0;
	if (n == 1)
		o->lam[1] = 0;
	for (int a = 0; a < 3; a++) {
		double q = X[a] + F[a];
		for (int j = 0; j < n; j++)
			q += o->lam[j] * (J[j][a] + G[j][a]);
		o->qdd[a] = ai[a] * q;
	}
}

static int lad_rhs(double t, const double y[], double f[], void *p)
{
	const struct lad *r = p;
	struct dyn dn;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	dyn_at(r, r->ph, y, &dn);
	for (int a = 0; a < 3; a++) {
		f[a] = y[3 + a];
		f[3 + a] = dn.qdd[a];
	}
	return GSL_SUCCESS;
}

/* The foot's sliding speed along x. */
static double foot_speed(const struct lad *r, const double y[6])
{
	return y[3] - r->h * sin(y[2]) * y[5];
}

/* Every reason to end the phase, each positive while it goes on; their
 * minimum crosses zero at the first. 0: sliding stops (both contacts
 * together in PH_TWO, the foot in PH_FLOOR) or the held foot slips; 1: the
 * top leaves the wall; 2: the floor's normal force vanishes; 3: the
 * multipliers' system is singular (a paradox); 4: the ladder lies on the
 * floor; 5: it stands upright (PH_TWO) or meets the wall again. */
enum { EV_STOP, EV_WALL, EV_FLOOR, EV_PARADOX, EV_FALLS, EV_UP, EV_N };

static double event_parts(const struct lad *r, const double y[6], double parts[EV_N])
{
	struct dyn dn;
	dyn_at(r, r->ph, y, &dn);
	const double th = y[2];
	for (int i = 0; i < EV_N; i++)
		parts[i] = INFINITY;
	parts[EV_FLOOR] = dn.lam[0] / r->fscale;
	parts[EV_PARADOX] = dn.det;
	parts[EV_FALLS] = th;
	if (r->ph == PH_TWO) {
		parts[EV_STOP] = r->sig * y[5] * r->tscale;
		parts[EV_WALL] = (r->wall_tie ? fabs(dn.lam[1]) : dn.lam[1]) / r->fscale;
		parts[EV_UP] = M_PI_2 - th;
	} else {
		if (r->ph == PH_PIVOT)
			parts[EV_STOP] = (r->muf * dn.lam[0] - fabs(dn.lam[1])) / r->fscale;
		else if (classical(r))
			parts[EV_STOP] = r->sigf * foot_speed(r, y) * r->tscale / r->L;
		else
			parts[EV_STOP] =
				sqrt(r->m * (y[3] * y[3] + y[4] * y[4]) + r->I * y[5] * y[5]) /
					sqrt(r->m) * r->tscale / r->L -
				r->vreg;
		parts[EV_FALLS] = fmin(th, M_PI - th);
		/* the top leaves the wall at a gap growing from 0 (as t³ where
		 * λ_wall falls through 0): rounding below 1e-12 L is no hit */
		parts[EV_UP] = (y[0] - r->h * fabs(cos(th))) / r->L + 1e-12;
	}
	double g = parts[0];
	for (int i = 1; i < EV_N; i++)
		g = fmin(g, parts[i]);
	return g;
}

static double lad_event(double t, const double y[], void *p)
{
	double parts[EV_N];
	(void)t;
	return event_parts(p, y, parts);
}

/* ---- rest ------------------------------------------------------------------ */

/* Kozlov's rest principle on the one degree of freedom the two contacts
 * leave (q̇ = v θ̇, v = (−h sinθ, h cosθ, 1)): static friction is at most
 * the friction of the motion gravity starts, |R| (v·Φv)/|v|_A, against
 * gravity's −v·X = m g h cosθ, with |R| of the frictionless multipliers at
 * rest. Positive where the ladder can rest. */
static double kozlov_rest_margin(const struct lad *r, double th)
{
	const double h = r->h, s = sin(th), c = cos(th);
	const double v[3] = {-h * s, h * c, 1};
	double J[2][3], lam[2], Phi[9];
	rest_multipliers(r, th, lam, J);
	if (r->law == LAW_PROJECTED) /* Λ·v of the fall's start, σ = −1 */
		return (r->L * (r->muf * lam[0] * s + r->muw * lam[1] * c) - r->m * r->g * h * c) /
		       r->fscale;
	double R[3];
	for (int a = 0; a < 3; a++)
		R[a] = lam[0] * J[0][a] + lam[1] * J[1][a];
	const double Rn = sqrt((R[0] * R[0] + R[1] * R[1]) / r->m + R[2] * R[2] / r->I);
	law_matrix(r, th, Phi);
	double vPv = 0;
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 3; b++)
			vPv += v[a] * Phi[3 * a + b] * v[b];
	const double vA = sqrt(r->m * h * h + r->I);
	return (Rn * vPv / vA - r->m * r->g * h * c) / r->fscale;
}

static double kozlov_margin_fn(double th, void *p)
{
	return kozlov_rest_margin(p, th);
}

/* Whether the ladder at rest at θ stays at rest. A margin within the
 * rounding of θ0 (typed in degrees, converted: a few ulps) and of the
 * products is a tie, and a tie is limiting equilibrium, which holds: at
 * θ0 = θ_min two ulps low the ladder slid (moves, thetadot_end −4.7e-6
 * rad/s at t = 10 s, the 1e-16 amplified by the fall's instability) where
 * at θ_min and one ulp low it rested. */
static bool can_rest(const struct lad *r, double th)
{
	const double tie = 32 * DBL_EPSILON;
	if (r->law == LAW_COULOMB) {
		const double a = 2 * r->muf * sin(th), b = (1 - r->muw * r->muf) * cos(th);
		return a >= b - tie * (fabs(a) + fabs(b));
	}
	return kozlov_rest_margin(r, th) >= -tie;
}

/* The least angle of rest: Coulomb's closed form, tan θ_min = (1 − μ_w μ_f)/
 * (2 μ_f); for Kozlov's laws the largest root of the rest margin, scanned
 * down from 90° and refined by Brent. */
static int theta_min(const struct lad *r, double *out, struct diag *d)
{
	if (r->law == LAW_COULOMB) {
		if (r->muf == 0)
			*out = M_PI_2;
		else if (r->muw * r->muf >= 1)
			*out = 0;
		else
			*out = atan2(1 - r->muw * r->muf, 2 * r->muf);
		return 0;
	}
	enum { NSCAN = 900 };
	double hi = M_PI_2;
	/* 0.1° steps, then halving down to 3e-15 rad: with coefficients up to
	 * 1e6 (lad_check) a root lies above 1e-7 rad (the projected law's
	 * margin is −1/2 at θ = 0: it always has one) */
	for (int i = 1; i < NSCAN + 40; i++) {
		double th = i < NSCAN ? M_PI_2 * (1 - (double)i / NSCAN) : hi / 2;
		if (kozlov_rest_margin(r, th) < 0) {
			if (i == 1 && kozlov_rest_margin(r, hi) < 0) {
				*out = M_PI_2;
				return 0;
			}
			struct num_root root;
			if (num_brent(kozlov_margin_fn, (void *)r, th, hi, 0.0, 1e-14, &root,
				      "the least angle of rest", d))
				return -1;
			*out = root.hi;
			return 0;
		}
		hi = th;
	}
	*out = 0;
	return 0;
}

/* ---- the run --------------------------------------------------------------- */

struct run {
	enum outcome outcome;
	double t_end, t_leave, th_leave, t_floor;
	double y[6];
	size_t steps;
	bool moved;
	const char *why;	/* "wall": the paradox of the projected law at the top's leaving */
	double fdd_wall;	/* projected: f̈_wall on the floor alone as the top left */
	double jam_lw, jam_acc; /* OUT_JAM: λ_wall on the wall, f̈_wall off it */
	double lift_lf;		/* OUT_LIFTS_OFF: the λ_floor that would pull */
};

static void lad_extra(void *ctx, double t, const double *y, double *out)
{
	const struct lad *r = ctx;
	struct dyn dn;
	(void)t;
	dyn_at(r, r->ph, y, &dn);
	out[0] = dn.lam[0];
	out[1] = r->ph == PH_TWO ? dn.lam[1] : 0.0;
	out[2] = r->ph;
	/* the frictions at the state, for the scene: the floor's along x,
	 * the wall's along y. Coulomb's law: μ λ of each sliding contact
	 * against its slip (λ_j G_j); the held foot: its constraint's
	 * multiplier. Kozlov's and the projected law act as one generalized
	 * force, not a force at each contact: none (NaN). */
	double G[2][3] = {{0}};
	out[3] = out[4] = NAN;
	if (r->law == LAW_COULOMB) {
		classical_g(r, r->ph, y[2], G);
		out[3] = r->ph == PH_PIVOT ? dn.lam[1] : dn.lam[0] * G[0][0];
		out[4] = r->ph == PH_TWO ? dn.lam[1] * G[1][1] : 0.0;
	}
}

/* After the foot stopped (coulomb, off the wall): held, or slipping
 * against the force the hold would need. Returns false where the floor
 * would not press (lift-off). */
static bool foot_decide(struct lad *r, double y[6])
{
	struct dyn dn;
	dyn_at(r, PH_PIVOT, y, &dn);
	if (!(dn.lam[0] > 0))
		return false;
	if (fabs(dn.lam[1]) <= r->muf * dn.lam[0]) {
		r->ph = PH_PIVOT;
	} else {
		r->ph = PH_FLOOR;
		r->sigf = dn.lam[1] > 0 ? -1.0 : 1.0;
	}
	return true;
}

/* The acceleration of the gap between the top and the wall, f̈_wall =
 * ẍ + h sinθ θ̈ + h cosθ θ̇², in the phase r->ph (off the wall). */
static double wall_gap_acc(const struct lad *r, const double y[6])
{
	struct dyn dn;
	dyn_at(r, r->ph, y, &dn);
	return dn.qdd[0] + r->h * sin(y[2]) * dn.qdd[2] + r->h * cos(y[2]) * y[5] * y[5];
}

/* The top leaves the wall at (t, y): the floor alone holds the ladder,
 * its foot sliding on, or (coulomb, at rest) held or slipping. False where
 * the floor would not press (the outcome is then set). */
static bool leave_wall(struct lad *r, double t, double y[6], struct run *out)
{
	out->t_leave = t, out->th_leave = y[2];
	r->ph = PH_FLOOR;
	const double v = foot_speed(r, y);
	if (classical(r) && v == 0) {
		if (!foot_decide(r, y)) {
			out->outcome = OUT_LIFTS_OFF;
			return false;
		}
	} else {
		r->sigf = v > 0 ? 1.0 : -1.0;
	}
	if (r->law == LAW_PROJECTED && r->ph == PH_FLOOR) {
		/* the projection (4.3) onto the floor alone presses the top back
		 * into the wall where f̈_wall < 0 at the gap's opening */
		out->fdd_wall = wall_gap_acc(r, y);
		if (out->fdd_wall < -1e-9 * r->g) {
			out->outcome = OUT_PARADOX;
			out->why = "wall";
			return false;
		}
	}
	return true;
}

/* The run between phases: the ladder's state of contact, and what it did. */
struct lad_run {
	struct lad *r;
	struct run *out;
	bool at_rest; /* at rest on both contacts: it stays, or slides down */
	int iter;     /* the runs of the loop so far: phases and jumps */
};

enum { LAD_GO, LAD_DONE };

/* After a phase ended at an event: which one, and what follows. */
static int lad_event_next(struct phase_run *run, struct lad_run *lr)
{
	struct lad *r = lr->r;
	struct run *out = lr->out;
	double *y = run->y, parts[EV_N];
	const double t = run->t;
	event_parts(r, y, parts);
	int which = 0;
	for (int i = 1; i < EV_N; i++)
		if (parts[i] < parts[which])
			which = i;
	phase_mark(run, t, y);
	if (which == EV_STOP) {
		if (r->ph == PH_TWO) {
			two_state(r, y[2], 0.0, y);
			lr->at_rest = true;
			return LAD_GO;
		}
		if (r->ph == PH_PIVOT) {
			struct dyn dn;
			dyn_at(r, PH_PIVOT, y, &dn);
			r->ph = PH_FLOOR;
			r->sigf = dn.lam[1] > 0 ? -1.0 : 1.0;
			return LAD_GO;
		}
		if (classical(r)) {
			y[3] = r->h * sin(y[2]) * y[5]; /* the foot's speed is 0 */
			if (!foot_decide(r, y)) {
				out->outcome = OUT_LIFTS_OFF;
				return LAD_DONE;
			}
			return LAD_GO;
		}
		out->outcome = OUT_STOPS;
		return LAD_DONE;
	}
	if (which == EV_WALL) {
		/* on both constraints exactly, the top at x = 0 */
		two_state(r, y[2], y[5], y);
		return leave_wall(r, t, y, out) ? LAD_GO : LAD_DONE;
	}
	out->outcome = which == EV_FLOOR     ? OUT_LIFTS_OFF
		       : which == EV_PARADOX ? OUT_PARADOX
		       : which == EV_FALLS   ? OUT_FALLS
		       : r->ph == PH_TWO     ? OUT_UPRIGHT
					     : OUT_HITS_WALL;
	if (which == EV_FALLS) {
		out->t_floor = t;
		y[2] = y[2] < M_PI_2 ? 0.0 : M_PI; /* located to 1e-13 s */
	}
	return LAD_DONE;
}

/* λ_wall within this of 0 (of the weight's scale) is a tie: rounding. */
#define WALL_TIE 1e-12

/* On both contacts with λ_wall a tie: whether λ_wall rises along the
 * motion on both (then the wall keeps pressing: it is touched, not left).
 * Pushed down at the θ̇0 where λ_wall = 0 (θ0 75°, θ̇0 = −0.75344813169
 * rad/s, tests/check_rounding.c), the top left the wall, the gap went
 * below −1e-12 L after 1e-4 s, and the run ended as hits-wall; a rounding
 * the other way it stayed and stopped at 0.4632 s. */
static bool wall_turns_in(const struct lad *r, const double y[6])
{
	struct dyn d0, d1;
	dyn_at(r, PH_TWO, y, &d0);
	const double dt = 1e-6 * r->tscale;
	double y1[6];
	two_state(r, y[2] + y[5] * dt + 0.5 * d0.qdd[2] * dt * dt, y[5] + d0.qdd[2] * dt, y1);
	dyn_at(r, PH_TWO, y1, &d1);
	return d1.lam[1] > d0.lam[1];
}

/* λ_wall < 0 on both contacts: off the wall, the gap opens at f̈_wall =
 * a0 > 0; where it turns back at once (d³f_wall/dt³ = j < 0), it opens at most
 * (2/3) a0³/j² before it shuts again (f = a0 t²/2 + j t³/6). A gap that
 * never opens beyond rounding (1e-12 L) is no separation: the top stays
 * on the wall. Pushed 1e-9 past the tie above, λ_wall = −2e-9 N, the gap
 * shut again after 1e-11 s having opened 1e-30 m, and the run ended as
 * hits-wall at 1e-4 s (the return seen only at −1e-12 L). */
static bool wall_gap_stays_shut(struct lad *r, const double y[6])
{
	const double v = foot_speed(r, y);
	if (!classical(r) || v == 0) /* a foot at rest: leave_wall decides it */
		return false;
	const enum phase ph = r->ph;
	const double sigf = r->sigf, dt = 1e-6 * r->tscale;
	r->ph = PH_FLOOR;
	r->sigf = v > 0 ? 1.0 : -1.0;
	struct dyn d0;
	dyn_at(r, PH_FLOOR, y, &d0);
	const double a0 = wall_gap_acc(r, y);
	double y1[6];
	for (int i = 0; i < 3; i++) {
		y1[i] = y[i] + y[3 + i] * dt + 0.5 * d0.qdd[i] * dt * dt;
		y1[3 + i] = y[3 + i] + d0.qdd[i] * dt;
	}
	const double j = (wall_gap_acc(r, y1) - a0) / dt;
	r->ph = ph;
	r->sigf = sigf;
	return a0 >= 0 && j < 0 && 2.0 / 3 * a0 * a0 * a0 / (j * j) <= 1e-12 * r->L;
}

/* Before a phase: whether the ladder moves on, and on what. */
static int lad_start_next(struct phase_run *run, struct lad_run *lr)
{
	struct lad *r = lr->r;
	struct run *out = lr->out;
	double *y = run->y, parts[EV_N];
	r->wall_tie = false;
	if (lr->at_rest && r->ph == PH_TWO) {
		lr->at_rest = false;
		if (can_rest(r, y[2])) {
			out->outcome = lr->iter == 0 ? OUT_RESTS : OUT_STOPS;
			return LAD_DONE;
		}
		r->sig = -1.0; /* below θ_min it slides down */
	}
	event_parts(r, y, parts);
	if (r->ph == PH_TWO && parts[EV_WALL] <= 0 && parts[EV_FLOOR] > 0 &&
	    parts[EV_PARADOX] > 0 &&
	    ((parts[EV_WALL] >= -WALL_TIE && wall_turns_in(r, y)) || wall_gap_stays_shut(r, y))) {
		r->wall_tie = true; /* on both, a short stretch past the tie */
		event_parts(r, y, parts);
	} else if (r->ph == PH_TWO && parts[EV_WALL] <= 0 && parts[EV_PARADOX] > 0) {
		/* the wall does not press: off the wall at once, unless off
		 * the wall, the floor pressing, the top would move into it (a
		 * Painlevé-type jam: neither the two contacts nor the floor
		 * alone fit; rounding of f̈_wall is 1e-9 g). Where the floor
		 * would pull as well, the floor alone decides: it may hold the
		 * foot once the top is off (θ̇0 = 2.22 rad/s at 75°, no
		 * friction), else both leave at once, the top too (a lift-off
		 * at t = 0 said the top never left the wall) */
		struct dyn dn;
		dyn_at(r, PH_TWO, y, &dn);
		const double lw = dn.lam[1];
		phase_mark(run, run->t, y);
		if (!leave_wall(r, run->t, y, out))
			return LAD_DONE;
		struct dyn off;
		dyn_at(r, r->ph, y, &off);
		const double acc = wall_gap_acc(r, y);
		/* off the wall with the floor pressing (λ_floor ≤ 0 there is a
		 * lift-off, said as such on the next pass) */
		if (off.lam[0] > 0 && acc < -1e-9 * r->g) {
			out->outcome = OUT_JAM;
			out->jam_lw = lw, out->jam_acc = acc;
			out->t_leave = out->th_leave = NAN;
			r->ph = PH_TWO;
			return LAD_DONE;
		}
		return -1; /* again, from the new contact */
	}
	/* a phase that starts from rest has its speed at 0: the others count */
	bool stop_ok = parts[EV_STOP] > 0 || (r->ph == PH_TWO && y[5] == 0) ||
		       (r->ph == PH_FLOOR && foot_speed(r, y) == 0);
	/* off the wall, the top starts at x = 0: only x < 0 is a hit */
	bool up = r->ph == PH_TWO ? parts[EV_UP] <= 0 : parts[EV_UP] < 0;
	if (parts[EV_FLOOR] <= 0 || parts[EV_PARADOX] <= 0 || parts[EV_FALLS] <= 0 || up ||
	    !stop_ok) {
		out->lift_lf = parts[EV_FLOOR] * r->fscale;
		out->outcome = parts[EV_PARADOX] <= 0 ? OUT_PARADOX
			       : parts[EV_FLOOR] <= 0 ? OUT_LIFTS_OFF
			       : parts[EV_FALLS] <= 0 ? OUT_FALLS
			       : up ? (r->ph == PH_TWO ? OUT_UPRIGHT : OUT_HITS_WALL)
				    : OUT_STOPS;
		return LAD_DONE;
	}
	return LAD_GO;
}

static int lad_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct lad_run *lr = ctx;
	struct lad *r = lr->r;
	struct run *out = lr->out;
	int next = LAD_GO;
	if (run->end) {
		out->steps = run->steps;
		if (!run->end->event && r->wall_tie && run->t < run->tmax) {
			next = LAD_GO; /* the tie's stretch is over: on as usual */
		} else if (!run->end->event) {
			out->outcome = OUT_MOVING;
			next = LAD_DONE;
		} else {
			next = lad_event_next(run, lr);
		}
		lr->iter++;
	}
	while (next == LAD_GO) {
		if (lr->iter > 1000)
			return diag_set(d, "more than 1000 phases before tmax");
		next = lad_start_next(run, lr);
		if (next == -1) { /* off the wall: the loop again */
			next = LAD_GO;
			lr->iter++;
			continue;
		}
		if (next == LAD_DONE)
			break;
		out->moved = true;
		mode->sys = (struct ode_system){6, lad_rhs, lad_event, r};
		mode->opts.h0 = 1e-6 * r->tscale;
		if (r->wall_tie) /* λ_wall clear of rounding by then */
			mode->opts.tmax = fmin(mode->opts.tmax, run->t + 1e-3 * r->tscale);
		mode->quiet_end = true; /* marked above, after the event is known */
		phase_mark(run, run->t, run->y);
		return PHASE_RUN;
	}
	out->t_end = run->t;
	phase_mark(run, run->t, run->y);
	memcpy(out->y, run->y, sizeof(out->y));
	return PHASE_END;
}

static int run_ladder(struct lad *r, double th0, double thd0, double tmax, struct run *out,
		      struct record *tr, struct diag *d)
{
	double y[6];
	memset(out, 0, sizeof(*out));
	out->t_leave = out->th_leave = out->t_floor = out->fdd_wall = NAN;
	two_state(r, th0, thd0, y);
	r->ph = PH_TWO;
	r->sig = thd0 > 0 ? 1.0 : -1.0;
	if (tr) {
		tr->extra = lad_extra;
		tr->ctx = r;
	}
	struct lad_run lr = {.r = r, .out = out, .at_rest = thd0 == 0};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 0; /* lad_next counts the phases with the jumps */
	caps.max_steps = LD_STEPS;
	caps.steps_why = "lower tmax, or the friction";
	const struct phase_system ps = {6, lad_next, &lr};
	return phase_run(&ps, &caps, 0.0, tmax, y, tr, NULL, d);
}

/* ---- figures -------------------------------------------------------------- */

static void lad_figures(struct figures *fs, const struct record *tr, const struct run *run,
			double h)
{
	struct table *t = figures_table(fs, "run",
					"t [s]|theta [deg]|thetadot [rad/s]|x_foot [m]|"
					"lambda_floor [N]|lambda_wall [N]|phase (0 both/1 "
					"floor/2 held)|F_floor [N]|F_wall [N]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *q = record_row(tr, i);
		const double row[9] = {tr->t[i], q[2] * 180 / M_PI,
				       q[5],	 q[0] + h * cos(q[2]),
				       q[6],	 q[7],
				       q[8],	 q[9],
				       q[10]};
		table_row(t, row);
	}
	struct figure *f = figure_add(fs, "theta", "Angle θ(t) of the ladder to the floor", "t [s]",
				      "θ [deg]");
	figure_curves_by_phase(f, t, 0, 1, 6, phase_label, PH_N);
	if (isfinite(run->t_leave))
		curve_point(figure_curve(f, "leaves the wall", CURVE_POINTS), run->t_leave,
			    run->th_leave * 180 / M_PI);
	f = figure_add(fs, "forces", "Normal forces against the angle", "θ [deg]", "λ [N]");
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	figure_curve_from(f, "floor, λ_floor", st, t, 1, 4);
	struct curve *c = figure_curve(f, "wall, λ_wall", st);
	for (size_t i = 0; i < t->nrows && table_at(t, i, 6) == PH_TWO; i++)
		curve_point(c, table_at(t, i, 1), table_at(t, i, 5));
}

/* ---- solve ----------------------------------------------------------------- */

/* (7.4) at θ0: Φᵀ A⁻¹ ∂f_j has no part along the tangent v; the
 * residual, relative (NAN under Coulomb's law, where it is not asked). */
static double lad_cond74(const struct lad *r, double th0)
{
	double resid = NAN;
	if (r->law == LAW_PROJECTED) {
		/* no Φ: the force itself, at the fall's start, J A⁻¹ F = 0 */
		struct lad r0 = *r;
		double y[6], J[2][3], Z[2], F[3], G[2][3] = {{0}}, lam0[2];
		const double X[3] = {0, -r->m * r->g, 0}, ai[3] = {1 / r->m, 1 / r->m, 1 / r->I};
		r0.sig = -1.0;
		two_state(&r0, th0, 0, y);
		rows(&r0, PH_TWO, y, J, Z);
		frictionless(&r0, 2, J, Z, X, lam0);
		classical_g(&r0, PH_TWO, th0, G);
		projected_force(&r0, 2, J, G, lam0, F);
		double fa = 0;
		for (int a = 0; a < 3; a++)
			fa += F[a] * F[a] * ai[a] * ai[a];
		resid = 0;
		for (int j = 0; j < 2 && fa > 0; j++) {
			const double jn =
				sqrt(J[j][0] * J[j][0] + J[j][1] * J[j][1] + J[j][2] * J[j][2]);
			const double w = J[j][0] * F[0] * ai[0] + J[j][1] * F[1] * ai[1] +
					 J[j][2] * F[2] * ai[2];
			resid = fmax(resid, fabs(w) / (jn * sqrt(fa)));
		}
	} else if (r->law != LAW_COULOMB) {
		double Phi[9], y[6], J[2][3], Z[2], fro = 0;
		const double ai[3] = {1 / r->m, 1 / r->m, 1 / r->I};
		const double v[3] = {-r->h * sin(th0), r->h * cos(th0), 1};
		law_matrix(r, th0, Phi);
		for (int i = 0; i < 9; i++)
			fro += Phi[i] * Phi[i];
		fro = sqrt(fro);
		two_state(r, th0, 0, y);
		rows(r, PH_TWO, y, J, Z);
		resid = 0;
		for (int j = 0; j < 2; j++) {
			double u[3], w[3], un = 0, wv = 0;
			for (int a = 0; a < 3; a++)
				u[a] = ai[a] * J[j][a], un += u[a] * u[a];
			for (int a = 0; a < 3; a++) {
				w[a] = Phi[a] * u[0] + Phi[3 + a] * u[1] + Phi[6 + a] * u[2];
				wv += w[a] * v[a];
			}
			const double sc = fro * sqrt(un) * sqrt(v[0] * v[0] + v[1] * v[1] + 1);
			if (sc > 0)
				resid = fmax(resid, fabs(wv) / sc);
		}
	}
	return resid;
}

/* What lad_solve finds before and besides the run. */
struct lad_found {
	double thmin, lf_lim, lw_lim; /* the limiting equilibrium */
	double resid;		      /* (7.4) at θ0 */
	bool cond74;
	double lf, lw; /* the normal forces at the start */
};

/* The normal forces at the start, λ_floor and λ_wall: NAN where they are
 * not the forces (indeterminate at rest, the paradox). */
static void lad_start_forces(const struct lad *r, double th0, double thd0, const struct run *run,
			     struct lad_found *fd)
{
	fd->lf = fd->lw = NAN;
	if (run->outcome == OUT_RESTS) {
		if (r->law != LAW_COULOMB) {
			double J[2][3], lam[2];
			rest_multipliers(r, th0, lam, J);
			fd->lf = lam[0], fd->lw = lam[1];
		} else if (r->muw == 0) {
			fd->lf = r->m * r->g;
			fd->lw = r->m * r->g / (2 * tan(th0));
		}
	} else {
		struct lad r0 = *r;
		double y[6];
		struct dyn dn;
		r0.sig = thd0 > 0 ? 1.0 : -1.0;
		two_state(&r0, th0, thd0, y);
		dyn_at(&r0, PH_TWO, y, &dn);
		/* a singular or reversed system (the paradox at the start):
		 * no solution, or several; none is the forces */
		if (dn.det > 0)
			fd->lf = dn.lam[0], fd->lw = dn.lam[1];
	}
}

/* The worked steps. */
static void lad_steps(struct strbuf *s, const struct lad *r, const struct lad_found *fd,
		      const struct run *run, double theta0_deg, double thd0)
{
	const double th0 = theta0_deg * M_PI / 180, thmin = fd->thmin;
	/* ---- steps ---- */
	model_step(s,
		   "A ladder of length L = %g m and mass m = %g kg against the wall x = 0 on the "
		   "floor y = 0; coordinates q = (x, y, θ): its centre and its angle to the "
		   "floor; h = L/2 = %g m.",
		   r->L, r->m, r->h);
	model_step(s, "Constraints (7.1): f_floor = y − h sinθ ≥ 0, f_wall = x − h cosθ ≥ 0; "
		      "covectors (7.2) ∂f_floor = (0, 1, −h cosθ), ∂f_wall = (1, 0, h sinθ).");
	model_step(s,
		   "Mass matrix A = diag(m, m, I) with I = mL²/12 = %.9g kg·m²; the weight as a "
		   "generalized force X = (0, −mg, 0).",
		   r->I);
	if (r->law == LAW_COULOMB) {
		model_step(s, "Friction: Amontons-Coulomb at each contact, with the normal forces "
			      "λ_floor and λ_wall: |F_floor| ≤ μ_floor λ_floor, |F_wall| ≤ "
			      "μ_wall λ_wall.");
		model_step(s,
			   "Rest: λ_wall = F_floor, λ_floor + F_wall = mg, moments about the foot "
			   "(mg/2) cosθ = λ_wall sinθ + F_wall cosθ.");
		model_step(s,
			   "  Limiting equilibrium (F_floor = μ_floor λ_floor, F_wall = μ_wall "
			   "λ_wall): λ_floor = mg/(1 + μ_wall μ_floor), λ_wall = μ_floor λ_floor, "
			   "tan θ_min = (1 − μ_wall μ_floor)/(2 μ_floor).");
		if (r->muf == 0)
			model_step(s, "  μ_floor = 0: nothing holds the foot; it rests only "
				      "upright, θ_min = 90°.");
		else if (r->muw * r->muf >= 1)
			model_step(s,
				   "  μ_wall μ_floor = %g ≥ 1: it rests at every angle, θ_min = 0.",
				   r->muw * r->muf);
		else
			model_step(s,
				   "  tan θ_min = (1 − %g × %g)/(2 × %g) = %.12g: θ_min = %.12g°; "
				   "λ_floor = %.12g N, λ_wall = %.12g N.",
				   r->muw, r->muf, r->muf, tan(thmin), thmin * 180 / M_PI,
				   fd->lf_lim, fd->lw_lim);
	} else if (r->law == LAW_PROJECTED) {
		model_step(
			s,
			"Friction: Painlevé's (4.3) on the acting constraints J: Λ = Amontons at "
			"each sliding contact with the frictionless multipliers λ⁰ (§7), F = Λ − "
			"Jᵀ(J A⁻¹ Jᵀ)⁻¹ J A⁻¹ Λ, the least of Λ + Jᵀρ (4.2) in A⁻¹.");
		model_step(s,
			   "  J A⁻¹ F = 0: the force-vector is a possible motion, (7.4) holds at "
			   "every μ, the normal forces are λ⁰ and no paradox of the multipliers "
			   "arises (residual %.3g at θ0).",
			   fd->resid);
		model_step(
			s,
			"Rest (the principle of §3 on q̇ = vθ̇, v = (−h sinθ, h cosθ, 1)): "
			"Λ·v of the fall's start against gravity, μ_floor sinθ (1 − (3/4)cos²θ) + "
			"(3/4) μ_wall sinθ cos²θ ≥ (1/2) cosθ; largest root: θ_min = %.12g°.",
			thmin * 180 / M_PI);
	} else {
		double Phi[9];
		law_matrix(r, th0, Phi);
		model_step(s, "Friction: Kozlov's law (2.6), F = −|R| Φq̇/|q̇|_A, %s.",
			   r->law == LAW_ISOTROPIC ? "Φ = kA (2.7)"
			   : r->law == LAW_FAMILY
				   ? "Φ = A B Ωᵀ E (5.1) with Ω in ξ = (θ, f_floor, f_wall), "
				     "E = ∂ξ/∂q, B = E⁻¹; on both contacts Φv = Ω11 Av, as "
				     "isotropic friction with k = Ω11; at θ0, recomputed along "
				     "the run"
				   : "the given Φ");
		for (int i = 0; i < 3; i++)
			model_step(s, "  %s | %12.6g %12.6g %12.6g |", i == 1 ? "Φ =" : "   ",
				   Phi[3 * i], Phi[3 * i + 1], Phi[3 * i + 2]);
		model_step(s,
			   "(7.4) ΦᵀA⁻¹∂f_j in span(∂f_floor, ∂f_wall), i.e. A⁻¹Φv ∥ v for the "
			   "tangent v = (−h sinθ, h cosθ, 1): residual %.3g at θ0: %s.",
			   fd->resid,
			   fd->cond74 ? "holds, the multipliers do not depend on Φ"
				      : "fails, the normal forces depend on Φ");
		model_step(s,
			   "Rest (the principle of §3 on q̇ = vθ̇): |R| (v·Φv)/|v|_A ≥ m g h cosθ, "
			   "|R| from the frictionless multipliers (§7); largest root: θ_min = "
			   "%.12g°.",
			   thmin * 180 / M_PI);
	}
	if (r->law != LAW_COULOMB && thmin > 0) /* the rest principle's root */
		model_step(s, "  There (frictionless R): λ_floor = %.12g N, λ_wall = %.12g N.",
			   fd->lf_lim, fd->lw_lim);
	model_step(s, "Released at θ0 = %g° with θ̇0 = %g rad/s: %s.", theta0_deg, thd0,
		   run->outcome == OUT_RESTS ? "it rests (θ0 ≥ θ_min)"
		   : run->moved		     ? "it moves"
		   : run->outcome == OUT_PARADOX
			   ? "the multipliers' system J A⁻¹ (Jᵀ + G) is singular or reversed "
			     "(determinant ≤ 0, as Painlevé's D < 0): no solution, or several; "
			     "the run is not followed (paradox)"
		   : run->outcome == OUT_LIFTS_OFF
			   ? "the floor would have to pull (λ_floor < 0): it lifts off at once, "
			     "and the flight is not followed"
		   : run->outcome == OUT_JAM
			   ? "a jam (Painlevé-type): on the wall the wall would have to pull, "
			     "off it the top would move into the wall; no motion of the rigid "
			     "ladder fits, and none is followed"
			   : "it ends at once");
	model_step(s, "Motion on both contacts: J q̈ = Z, J the matrix of rows ∂f_floor, ∂f_wall, Z "
		      "= (−h sinθ "
		      "θ̇², −h cosθ θ̇²); J A⁻¹ (Jᵀ + G) λ = Z − J A⁻¹ (X + F), G the friction per "
		      "unit λ.");
	if (r->law == LAW_COULOMB)
		model_step(s, "  Coulomb: the foot slides along x at −L sinθ θ̇, the top along y at "
			      "L cosθ θ̇; each friction −μ_j λ_j sgn(speed).");
	else if (r->law == LAW_PROJECTED)
		model_step(s, "  Projected: G = 0, λ = λ⁰; on both contacts only F·v = Λ·v counts: "
			      "(mL²/3) θ̈ = −m g h cosθ − σ L (μ_floor λ⁰_floor sinθ + μ_wall "
			      "λ⁰_wall cosθ), λ⁰_wall = m cosθ ((3/4) g sinθ − h θ̇²), λ⁰_floor = "
			      "m (g − (3/4) g cos²θ − h sinθ θ̇²).");
	else
		model_step(s, "  Kozlov: G = 0; F = −|R| Φq̇/|q̇|_A with |R| from the frictionless "
			      "multipliers of the same constraints (§7), q̇ = vθ̇ while both hold.");
	if (run->outcome == OUT_JAM)
		model_step(s,
			   "  At the start, on the wall: λ_floor = %.12g N, λ_wall = %.12g N < "
			   "0 (the wall would have to pull); off the wall the gap's "
			   "acceleration f̈_wall = ẍ + h sinθ θ̈ + h cosθ θ̇² = %.12g m/s² < 0 "
			   "(the top would move into the wall): a jam, no consistent contact "
			   "mode.",
			   fd->lf, run->jam_lw, run->jam_acc);
	else if (isfinite(fd->lw))
		model_step(s, "  At the start: λ_floor = %.12g N, λ_wall = %.12g N.", fd->lf,
			   fd->lw);
	else if (run->outcome == OUT_RESTS)
		model_step(s,
			   "  At rest with both contacts rough, λ_floor and λ_wall are statically "
			   "indeterminate (three equations, four forces).");
	model_step(s,
		   "Frictionless check: θ̈ = −(3g/2L) cosθ, θ̇² = (3g/L)(sinθ0 − sinθ), λ_wall = "
		   "(3/4) m g cosθ (3 sinθ − 2 sinθ0): it leaves the wall at sinθ = (2/3) sinθ0, "
		   "θ = %.12g°; λ_floor(0) = m g (1 − (3/4) cos²θ0) = %.12g N.",
		   asin(2.0 / 3.0 * sin(th0)) * 180 / M_PI,
		   r->m * r->g * (1 - 0.75 * cos(th0) * cos(th0)));
	if (isfinite(run->t_leave) && run->why && !strcmp(run->why, "wall"))
		model_step(s,
			   "  λ⁰_wall = 0 at t = %.12g s, θ = %.12g°; on the floor alone (4.3) "
			   "projects the foot's friction on one constraint, and the gap starts "
			   "with f̈_wall = %.9g m/s² < 0 (−μ_floor λ⁰_floor s_f (1 + 3 cos 2θ)/(m "
			   "(1 + 3 cos²θ)), below θ = 54.7356° for a foot sliding out): the top "
			   "can neither leave nor stay (the wall would pull). The projected law "
			   "has no motion there; the run is not followed (paradox).",
			   run->t_leave, run->th_leave * 180 / M_PI, run->fdd_wall);
	else if (isfinite(run->t_leave) && run->t_leave == 0 && fd->lw < 0 &&
		 run->outcome == OUT_LIFTS_OFF && run->t_end == 0)
		model_step(s,
			   "  The top leaves the wall at once (on it the wall would have to "
			   "pull, λ_wall = %.12g N < 0; off it the gap opens), θ_leave = "
			   "%.12g°, and the foot the floor with it (the floor alone would have "
			   "to pull, λ_floor = %.12g N < 0): the ladder flies off both, and "
			   "the flight is not followed.",
			   fd->lw, run->th_leave * 180 / M_PI, run->lift_lf);
	else if (isfinite(run->t_leave) && run->t_leave == 0 && fd->lw < 0)
		model_step(s,
			   "  The top leaves the wall at once (on it the wall would have to "
			   "pull, λ_wall = %.12g N < 0; off it the gap opens), θ_leave = "
			   "%.12g°; then the floor alone holds it.",
			   fd->lw, run->th_leave * 180 / M_PI);
	else if (isfinite(run->t_leave))
		model_step(s,
			   "  The top leaves the wall (λ_wall falls to 0) at t_leave = %.12g s, "
			   "θ_leave = %.12g°; then the floor alone holds it.",
			   run->t_leave, run->th_leave * 180 / M_PI);
	else if (run->moved)
		model_step(s, "  The top stays on the wall.");
	if (run->moved)
		model_step(
			s,
			"Events located on the step (rk8pd, 1e-12): %s at t = %.12g s, θ = %.12g° "
			"(%zu steps).",
			outcome_word[run->outcome], run->t_end, run->y[2] * 180 / M_PI, run->steps);
}

/* Why a run has no leaving of the wall: at rest on both contacts it never
 * leaves; otherwise the run ended with the top on the wall, and what
 * follows its end is not known. */
static struct value leave_none(const struct run *run, bool angle)
{
	if (run->outcome == OUT_RESTS || (run->outcome == OUT_STOPS && run->y[5] == 0))
		return value_undefined(angle ? "never leaves" : "never");
	if (run->outcome == OUT_LIFTS_OFF)
		return value_undefinedf("the foot lifts off at t = %.6g s with the top still on "
					"the wall, and the flight is not followed",
					run->t_end);
	return value_undefinedf("the top stays on the wall through the run, which ends at t = "
				"%.6g s: %s",
				run->t_end, outcome_word[run->outcome]);
}

static int lad_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct lad r = {.m = p[P_M],
			.L = p[P_L],
			.g = p[P_G],
			.muf = p[P_MU_FLOOR],
			.muw = p[P_MU_WALL],
			.k = p[P_K],
			.law = law_id(law_chosen(&lad_params[P_LAW], in->choice[P_LAW]))};
	r.h = r.L / 2;
	r.I = r.m * r.L * r.L / 12;
	for (int i = 0; i < 9; i++)
		r.phi[i] = p[P_PHI11 + i];
	const double omega[9] = {p[P_OMEGA11], 0.0,	     0.0,
				 p[P_OMEGA21], p[P_OMEGA22], p[P_OMEGA23],
				 p[P_OMEGA31], p[P_OMEGA32], p[P_OMEGA33]};
	memcpy(r.omega, omega, sizeof omega);
	r.fscale = r.m * r.g;
	r.tscale = sqrt(r.L / r.g);
	r.vreg = 1e-9;
	const double th0 = p[P_THETA0] * M_PI / 180, thd0 = p[P_THETADOT0];
	const double tmax = p[P_TMAX];
	struct strbuf *s = out->steps;

	struct lad_found fd = {.lf_lim = NAN, .lw_lim = NAN};
	if (theta_min(&r, &fd.thmin, d))
		return -1;
	/* limiting equilibrium at θ_min */
	if (fd.thmin > 0) {
		if (r.law == LAW_COULOMB) {
			fd.lf_lim = r.m * r.g / (1 + r.muw * r.muf);
			fd.lw_lim = r.muf * fd.lf_lim;
		} else {
			double J[2][3], lam[2];
			rest_multipliers(&r, fd.thmin, lam, J);
			fd.lf_lim = lam[0], fd.lw_lim = lam[1];
		}
	}
	fd.resid = lad_cond74(&r, th0);
	fd.cond74 = fd.resid <= 1e-9;

	/* the run */
	struct run run;
	struct record tr, *trp = record_open(&tr, out->figs, 6, 5, tmax / 1000, NULL, NULL);
	int rc = run_ladder(&r, th0, thd0, tmax, &run, trp, d);
	if (!rc && trp)
		lad_figures(out->figs, trp, &run, r.h);
	record_release(trp);
	if (rc)
		return -1;

	lad_start_forces(&r, th0, thd0, &run, &fd);

	const struct solve_number nums[] = {{O_THETA_MIN, fd.thmin * 180 / M_PI, true},
					    {O_LAMBDA_FLOOR_LIM, fd.lf_lim, false},
					    {O_LAMBDA_WALL_LIM, fd.lw_lim, false},
					    {O_T_END, run.t_end, true},
					    {O_T_FLOOR, run.t_floor, false},
					    {O_THETA_END, run.y[2] * 180 / M_PI, true},
					    {O_THETADOT_END, run.y[5], true},
					    {O_X_FOOT_END, run.y[0] + r.h * cos(run.y[2]), true},
					    {O_COND74_RESIDUAL, fd.resid, false}};
	if (solve_numbers(out->res, lad_results, nums, sizeof nums / sizeof *nums,
			  "the run lost its digits; lower tmax or the push", d))
		return -1;
	out->res[O_MOVES] = value_bool(run.moved);
	if (run.outcome == OUT_JAM) {
		/* the contact's multipliers solve a motion that cannot happen */
		out->res[O_LAMBDA_WALL] = value_undefinedf(
			"a jam: on the wall it would have to pull (λ_wall = %.6g N), off it "
			"the top would move into the wall (f̈_wall = %.6g m/s²)",
			run.jam_lw, run.jam_acc);
		out->res[O_LAMBDA_FLOOR] = value_undefined(
			"a jam at the start: no motion of the rigid ladder fits, so no forces");
		/* each value owns its reason: one call each */
		out->res[O_THETA_LEAVE] = value_undefined(
			"a jam at the start: the top neither stays on the wall nor leaves it");
		out->res[O_T_LEAVE] = value_undefined(
			"a jam at the start: the top neither stays on the wall nor leaves it");
	} else {
		out->res[O_LAMBDA_WALL] = value_number(fd.lw);
		out->res[O_LAMBDA_FLOOR] = value_number(fd.lf);
		out->res[O_THETA_LEAVE] = value_number(run.th_leave * 180 / M_PI);
		out->res[O_T_LEAVE] = value_number(run.t_leave);
		if (!isfinite(run.t_leave))
			for (int k = O_THETA_LEAVE; k <= O_T_LEAVE; k++)
				out->res[k] = leave_none(&run, k == O_THETA_LEAVE);
	}
	out->res[O_OUTCOME] = value_word(outcome_word[run.outcome]);
	out->res[O_COND74] = value_bool(fd.cond74);

	lad_steps(s, &r, &fd, &run, p[P_THETA0], thd0);
	return 0;
}

/* The domain where a run answers in a bounded time: lengths, gravity,
 * friction and pushes within RD_BIG of the ladder's own scales. */
#define LD_BIG 1e6
static int lad_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	const double L = p[P_L], g = p[P_G];
	if (!(L >= 1 / LD_BIG && L <= LD_BIG))
		return diag_set(d,
				"L = %g m: outside 1e-6..1e6 m, the lengths a ladder of a "
				"textbook has",
				L);
	if (!(g >= 1 / LD_BIG && g <= LD_BIG))
		return diag_set(d, "g = %g m/s²: outside 1e-6..1e6 m/s²", g);
	if (!(p[P_M] >= 1 / LD_BIG && p[P_M] <= LD_BIG))
		return diag_set(d, "m = %g kg: outside 1e-6..1e6 kg", p[P_M]);
	if (!(fabs(p[P_THETADOT0]) * sqrt(L / g) <= 1e3))
		return diag_set(d,
				"thetadot0 = %g rad/s: a push beyond 1e3 √(g/L), where the "
				"ladder flies off rather than slides",
				p[P_THETADOT0]);
	if (!(p[P_TMAX] <= 1e7 * sqrt(L / g)) || !(p[P_TMAX] >= 1e-9 * sqrt(L / g)))
		return diag_set(d,
				"tmax = %g s: outside 1e-9..1e7 times the fall's time scale "
				"√(L/g) = %g s",
				p[P_TMAX], sqrt(L / g));
	/* the friction coefficients: the rows from mu_floor to Omega33 but
	 * theta0, thetadot0 and law */
	for (int i = P_MU_FLOOR; i <= P_OMEGA33; i++)
		if ((i < P_THETA0 || i > P_LAW) && !(fabs(p[i]) <= LD_BIG))
			return diag_set(d, "%s = %g: beyond 1e6 in size", lad_params[i].name, p[i]);
	return 0;
}

const struct model model_ladder = {
	.name = "ladder",
	.summary = "A ladder against a rough wall on a rough floor: two constraints (Kozlov §7)",
	.params = lad_params,
	.nparams = P_NPARAMS,
	.results = lad_results,
	.nresults = O_NRESULTS,
	.solve = lad_solve,
	.check = lad_check,
};
