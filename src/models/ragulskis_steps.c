/* Model ragulskis: the words of a solve. The worked steps, and why a run
 * without a steady state has no period results. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/ragulskis_sys.h"
#include "num/budget.h"
#include "num/drylaw.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "util/xalloc.h"

/* Why a run that did not reach a steady state has no period results, in
 * the physics' words where it knows them: an undamped resonance that
 * friction cannot bound (Den Hartog: the energy a period, πPA against
 * 4hA, grows the amplitude A by π(P − 4h/π)/k a period whatever A), a mass
 * with no spring that drifts, a free decay creeping toward rest, or only
 * a cap reached too soon. */
void rg_unsteady_why(const struct rg *r, const struct num_settle *conv, long j, char *why, size_t n)
{
	const char *per = j == 1 ? "" : "s";
	const double w0 = r->k > 0 ? sqrt(r->k / r->m) : 0;
	const double grow = w0 > 0 ? M_PI * (r->P - 4 * r->h / M_PI) / r->k : 0;
	const double tol = conv->tol;
	if (r->c == 0 && w0 > 0 && fabs(r->w / w0 - 1) <= 1e-9 && grow > 0 &&
	    conv->change >= grow / 2) {
		snprintf(why, n,
			 "no steady state: at resonance (ω = √(k/m) = %g rad/s) with no damper "
			 "(c = 0), P = %g N above 4h/π = %.6g N: friction cannot bound the "
			 "motion, whose amplitude grows without bound, by π(P − 4h/π)/k = "
			 "%.3g m a period (Den Hartog)",
			 w0, r->P, 4 * r->h / M_PI, grow);
		return;
	}
	if (r->k == 0 && fabs(r->dv) <= tol && fabs(r->du) > tol) {
		snprintf(why, n,
			 "no steady state: with no spring (k = 0) the mass drifts, u̇ repeating "
			 "but u moving on by %.3g m a period, without bound",
			 r->du);
		return;
	}
	if (r->P == 0 && !r->coulomb) {
		snprintf(why, n,
			 "no steady state within %ld period%s: a free decay (P = 0), the mass "
			 "creeping toward rest%s ever more slowly (u = %.3g m, changing by "
			 "%.3g m in the last period against a tolerance of %.3g m), not "
			 "repeating over two successive periods; it comes to rest only as t → ∞",
			 j, per, r->k > 0 ? " at u = 0" : "", r->u_last, fabs(r->du), tol);
		return;
	}
	if (r->P == 0) {
		snprintf(why, n,
			 "no steady state within %ld period%s: a free decay (P = 0) not yet at "
			 "rest over two successive periods; Coulomb friction stops it for good "
			 "at the first turning point with k|u| ≤ h; raise periods",
			 j, per);
		return;
	}
	/* the relative tolerance as the docs write it, 1e-9 (not 1e-09) */
	char rtol[16];
	snprintf(rtol, sizeof rtol, "%.3g", conv->rtol);
	char *e0 = strstr(rtol, "e-0");
	if (e0)
		memmove(e0 + 2, e0 + 3, strlen(e0 + 3) + 1);
	if (conv->run == 1)
		snprintf(why, n,
			 "no steady state within %ld period%s: the motion repeated to %s over "
			 "the last period, not yet over two successive ones; raise periods",
			 j, per, rtol);
	else
		snprintf(why, n,
			 "no steady state within %ld period%s: the motion has not repeated to "
			 "%s over two successive periods (the last changed (u, u̇/ω) by %.3g m, "
			 "against a tolerance of %.3g m); raise periods",
			 j, per, rtol, conv->change, tol);
}

/* The worked steps. */
void ragulskis_steps(struct strbuf *s, const struct rg *r, const struct model_input *in,
		     const struct shooting *sh, const struct num_settle *conv, long j, bool steady,
		     size_t steps_transient, const struct rg_found *f, const char *why)
{
	const double *p = in->num;
	const enum law_id li = rg_law(in);
	model_step(s,
		   "Equation (9): m ü + c u̇ + k u = P sin ωt − H(u̇), m = %g kg, c = %g N·s/m, "
		   "k = %g N/m, P = %g N, ω = %g rad/s; u(0) = %g m, u̇(0) = %g m/s.",
		   r->m, r->c, r->k, r->P, r->w, p[R_U0], p[R_V0]);
	/* the law in the registry's words (dyn/law.c), with its numbers; Coulomb's
	 * row speaks of μ and the normal force, which this model calls h */
	const struct law *law = law_get(li);
	model_step(s, "Dry friction H(u̇) of magnitude h = %g N: %s%s%s.", r->h,
		   law->title[0] == '(' ? "Ragulskis's law " : "the ", law->title,
		   li == LAW_COULOMB	  ? " law, exact"
		   : law->title[0] == '(' ? ""
					  : " law");
	if (r->law.kind == DRYLAW_COULOMB)
		model_step(s, "  H = h sgn u̇ while slipping, |H| ≤ h at rest (set-valued).");
	else
		model_step(s, "  %s; Δ = %g m/s.", law->formula, r->law.Delta);
	if (r->law.kind == DRYLAW_ELLIPTIC_PEAK)
		model_step(
			s,
			"  Δ_a = %g m/s, h_a = h Δ_a/Δ = %g N, h + h_a = %g N; vertical tangents "
			"at 0 and ±(Δ + 1.5Δ_a) = ±%g m/s.",
			r->law.Delta_a, r->h * r->law.Delta_a / r->law.Delta,
			r->h + r->h * r->law.Delta_a / r->law.Delta,
			r->law.Delta + 1.5 * r->law.Delta_a);
	if (r->reduced && r->law.kind == DRYLAW_TANH)
		model_step(s,
			   "Strategy: the transition reduced to its slow manifold (h/(mωΔ) = "
			   "%.3g%s): where the speed relaxes into it faster than %g ω, |u̇| < v_s "
			   "= Δ acosh(√(h/(mωΔ)/%g)) = %.6g m/s, the mass creeps with u̇ = "
			   "v*(t, u), h tanh(v*/Δ) + c v* = P sin ωt − k u (Newton's method), "
			   "while |P sin ωt − k u| < h tanh(v_s/Δ) + c v_s = %.10g N; beyond, it "
			   "slips under the law itself from u̇ = ±v_s until u̇ is back there; a "
			   "slip that meets v_s with the force beyond F_exit the other way "
			   "reverses without sticking, through the layer integrated with u̇ as "
			   "the variable (dt/du̇ = m/(F − c u̇ − H)), not jumped. "
			   "Creep and slip integrated with rk8pd (tolerance 1e-12), their ends "
			   "located by Brent; ü taken as 0 on the creep. The speed lags the "
			   "manifold by about (dF/dt) m/(H′ + c)², at most P/(%g² mω) = %.2g m/s "
			   "at v_s, smaller inside; against SciPy's Radau on the full law (h = "
			   "3.2, Δ = 1e-5) u and u̇ agree to 2e-9, ü's extremes to 3e-6 m/s² "
			   "(the slip starts from the manifold's speed, not the lagging one).",
			   r->h / (r->m * r->w * r->law.Delta),
			   in->choice[R_INNER] == 2 ? ", inner reduce" : ", above 5e3", RG_ETA,
			   RG_ETA, r->vs, r->Fexit, RG_ETA, r->P / (RG_ETA * RG_ETA * r->m * r->w));
	else if (r->reduced)
		model_step(s,
			   "Strategy: the transition |u̇| < Δ reduced to its slow manifold "
			   "(h/(mωΔ) = %.3g%s): the speed relaxes into it in a time of order "
			   "mΔ/h = %.3g s, so the mass creeps with u̇ = v*(t, u), E(v*) + c v* = "
			   "P sin ωt − k u (in closed form), while |P sin ωt − k u| < h + cΔ, and "
			   "slips with H = ±h (law (8) beyond Δ) from u̇ = ±Δ once the force "
			   "passes it, until u̇ is back at ±Δ; a slip that meets ±Δ with the force "
			   "beyond the fold the other way reverses without sticking, through the "
			   "layer integrated with u̇ as the variable (dt/du̇ = m/(F − c u̇ − H), "
			   "in √|u̇| about the vertical tangent), not jumped. Creep and slip "
			   "integrated with "
			   "rk8pd (tolerance 1e-12), their ends located by Brent; ü taken as 0 on "
			   "the creep. Against the full law (8) the error is below "
			   "2Δ·(mωΔ/h)^⅓ = %.2g m in u and u̇ (it comes of the creep's end at "
			   "the fold, where the speed lags the manifold; measured on a family of "
			   "cases against the full law integrated: 0.3 to 1.3 times "
			   "Δ·(mωΔ/h)^⅓; a mass that reverses without creeping, far less), and of "
			   "order Δ^⅓ (h/m)^⅔ ω^⅓ = %.2g m/s² in ü near the fold.",
			   r->h / (r->m * r->w * r->law.Delta),
			   in->choice[R_INNER] == 2 ? ", inner reduce" : ", above 5e3",
			   r->m * r->law.Delta / r->h,
			   2 * r->law.Delta * cbrt(r->m * r->w * r->law.Delta / r->h),
			   cbrt(r->law.Delta * r->w) * pow(r->h / r->m, 2.0 / 3.0));
	else if (r->coulomb)
		model_step(s, "Strategy: event-driven. Slip phases with H = ±h fixed, integrated "
			      "with rk8pd (tolerance 1e-12) until u̇ = 0, located by Brent on the "
			      "step's interpolant; there the mass sticks if |P sin ωt − k u| ≤ h, "
			      "and stays until that force reaches h (scanned, then Brent), then "
			      "slips along it.");
	else
		model_step(s,
			   "Strategy: rk8pd (tolerance 1e-12) in phases cut where u̇ crosses a "
			   "joint of the law (%zu of them: u̇ = 0 and where a piece ends or has a "
			   "vertical tangent), each located by Brent on the step's interpolant. "
			   "Inside a phase the right-hand side is analytic, so the adaptive "
			   "step keeps its 8th order; the √ behaviour of a vertical tangent "
			   "only meets a phase's end, not a step's interior.",
			   r->nj);
	if (sh->iterations > 0 && sh->converged && steady)
		model_step(s,
			   "Steady state by shooting: %ld transient period%s, then Newton's "
			   "method on x ↦ S(x) − x for the period map S, x = (u, u̇/ω) at a "
			   "period's start (Jacobian by finite "
			   "differences, then Broyden's updates): converged in %d iteration%s, "
			   "|S(x) − x| = %.3g against tolerance %.3g; the fixed point attracts "
			   "(|eigenvalue| ≤ %.3g). Run from it, the motion repeats over two "
			   "successive periods (the last changed by %.3g against %.3g). %ld "
			   "period%s in all, %zu steps, %zu phase ends.",
			   sh->transient, model_plural(sh->transient), sh->iterations,
			   model_plural(sh->iterations), sh->change, sh->tol, sh->rho, conv->change,
			   conv->tol, j, model_plural(j), steps_transient, r->phases);
	else
		model_step(s,
			   "Steady state: (u, u̇/ω) at t = 2πj/ω compared with the period "
			   "before%s%s%s; "
			   "%s after %ld period%s of the motion (change %.3g against tolerance "
			   "%.3g); "
			   "%ld period%s integrated in all, %zu steps, %zu phase ends.",
			   sh->why ? " (shooting gave up: " : "", sh->why ? sh->why : "",
			   sh->why ? "; its trial periods are not the motion's, which was run on "
				     "from its transient instead)"
				   : "",
			   steady ? "repeated over two successive periods"
				  : "NOT repeated over two successive periods within the cap",
			   r->own, model_plural(r->own), conv->change, conv->tol, j,
			   model_plural(j), steps_transient, r->phases);
	const double w0 = r->k > 0 ? sqrt(r->k / r->m) : 0;
	if (w0 > 0 && fabs(r->w - w0) <= 0.05 * w0 && r->P > 4 * r->h / M_PI)
		model_step(s,
			   "Resonance (ω ≈ √(k/m) = %g) with P > 4h/π = %.6g (Den Hartog's "
			   "condition): the friction cannot bound the motion, only c does; "
			   "energy per period, πPA = πcωA² + 4hA, gives A ≈ (P − 4h/π)/(cω) = "
			   "%.6g.",
			   w0, 4 * r->h / M_PI,
			   r->c > 0 ? (r->P - 4 * r->h / M_PI) / (r->c * r->w) : INFINITY);
	if (steady)
		model_step(s,
			   "Over the next period: u from %.10g m to %.10g m (amp), max u̇ = %.10g "
			   "m/s, ü from %.10g to %.10g m/s²; stuck for a fraction stick_fraction = "
			   "%.6g of the period.",
			   f->umin, f->umax, f->vmax, f->amin, f->amax, f->stick);
	else
		model_step(s,
			   "No period results: %s. (The next period, "
			   "which does not repeat the one before: u from %.6g to %.6g, max u̇ = "
			   "%.6g, stuck for a fraction %.3g of it.)",
			   why, f->umin, f->umax, f->vmax, f->stick);
}
