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
#include "models/ladder_sys.h"
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

const char *const lad_outcome_word[] = {"rests",   "stops",  "falls",	"hits-wall", "lifts-off",
					"upright", "moving", "paradox", "jam"};

/* Φ of Kozlov's laws at θ; zero under Coulomb's, which acts at each
 * contact with the contact's own normal force, not through Φ. The family
 * (5.1) is given in ξ = (θ, f_floor, f_wall), where the constraints are
 * coordinates as y is the rod's: E = ∂ξ/∂q has the rows e_θ, ∂f_floor,
 * ∂f_wall, and B = E⁻¹ the columns v = (−h sinθ, h cosθ, 1), e_y, e_x.
 * ΦᵀA⁻¹ = Eᵀ Ω E⁻ᵀ, and E⁻ᵀ∂f_j is ξ's unit covector of f_j: (7.4) holds
 * at every θ when Ω maps span(e_2, e_3) into itself, Ω12 = Ω13 = 0. */
void lad_law_matrix(const struct lad *r, double th, double Phi[9])
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
int lad_rows(const struct lad *r, enum phase ph, const double y[6], double J[2][3], double Z[2])
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
bool lad_classical(const struct lad *r)
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
double lad_frictionless(const struct lad *r, int n, double J[2][3], const double Z[2],
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
void lad_two_state(const struct lad *r, double th, double thd, double y[6])
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
	lad_two_state(r, th, 0, y);
	lad_rows(r, PH_TWO, y, J, Z);
	lad_frictionless(r, 2, J, Z, X, lam);
}

/* The classical friction per unit normal force of each sliding contact
 * (floor first), as generalized forces. */
void lad_classical_g(const struct lad *r, enum phase ph, double th, double G[2][3])
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
void lad_dyn_at(const struct lad *r, enum phase ph, const double y[6], struct dyn *o)
{
	const double ai[3] = {1 / r->m, 1 / r->m, 1 / r->I};
	const double X[3] = {0, -r->m * r->g, 0};
	const double h = r->h, s = sin(y[2]), c = cos(y[2]);
	double J[2][3], Z[2], G[2][3] = {{0}}, F[3] = {0, 0, 0}, lam0[2] = {0, 0};
	const int n = lad_rows(r, ph, y, J, Z);
	o->n = n;
	const double det0 = lad_frictionless(r, n, J, Z, X, lam0);
	o->R = 0;
	if (lad_classical(r)) {
		lad_classical_g(r, ph, y[2], G);
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
		lad_law_matrix(r, y[2], Phi);
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

int lad_rhs(double t, const double y[], double f[], void *p)
{
	const struct lad *r = p;
	struct dyn dn;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	lad_dyn_at(r, r->ph, y, &dn);
	for (int a = 0; a < 3; a++) {
		f[a] = y[3 + a];
		f[3 + a] = dn.qdd[a];
	}
	return GSL_SUCCESS;
}

/* The foot's sliding speed along x. */
double lad_foot_speed(const struct lad *r, const double y[6])
{
	return y[3] - r->h * sin(y[2]) * y[5];
}

double lad_event_parts(const struct lad *r, const double y[6], double parts[EV_N])
{
	struct dyn dn;
	lad_dyn_at(r, r->ph, y, &dn);
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
		else if (lad_classical(r))
			parts[EV_STOP] = r->sigf * lad_foot_speed(r, y) * r->tscale / r->L;
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

double lad_event(double t, const double y[], void *p)
{
	double parts[EV_N];
	(void)t;
	return lad_event_parts(p, y, parts);
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
	lad_law_matrix(r, th, Phi);
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
bool lad_can_rest(const struct lad *r, double th)
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
		lad_two_state(&r0, th0, 0, y);
		lad_rows(&r0, PH_TWO, y, J, Z);
		lad_frictionless(&r0, 2, J, Z, X, lam0);
		lad_classical_g(&r0, PH_TWO, th0, G);
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
		lad_law_matrix(r, th0, Phi);
		for (int i = 0; i < 9; i++)
			fro += Phi[i] * Phi[i];
		fro = sqrt(fro);
		lad_two_state(r, th0, 0, y);
		lad_rows(r, PH_TWO, y, J, Z);
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
		lad_two_state(&r0, th0, thd0, y);
		lad_dyn_at(&r0, PH_TWO, y, &dn);
		/* a singular or reversed system (the paradox at the start):
		 * no solution, or several; none is the forces */
		if (dn.det > 0)
			fd->lf = dn.lam[0], fd->lw = dn.lam[1];
	}
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
				run->t_end, lad_outcome_word[run->outcome]);
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
	int rc = lad_run_ladder(&r, th0, thd0, tmax, &run, trp, d);
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
	out->res[O_OUTCOME] = value_word(lad_outcome_word[run.outcome]);
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
