/* Model ladder's worked steps (ladder_sys.h). */
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

/* The worked steps. */
void lad_steps(struct strbuf *s, const struct lad *r, const struct lad_found *fd,
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
		lad_law_matrix(r, th0, Phi);
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
			lad_outcome_word[run->outcome], run->t_end, run->y[2] * 180 / M_PI,
			run->steps);
}
