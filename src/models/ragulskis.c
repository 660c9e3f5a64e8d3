/* Ragulskis et al., "Investigation of elliptical approximation in the
 * model of the force of dry friction" (2018): the forced oscillator of
 * eq. (9), m ü + c u̇ + k u = P sin ωt − H(u̇), with H the elliptic law (8),
 * the peaked law (10), h tanh(u̇/Δ), or exact Coulomb friction.
 *
 * Smooth laws: the run is cut into phases at every velocity where the law
 * is not analytic (drylaw_joints: u̇ = 0, ±Δ, and for (10) the joints and
 * the vertical tangents ±(Δ+1.5Δ_a)), each integrated with rk8pd and ended
 * by an event located on the step's interpolant. Inside a phase the
 * right-hand side is analytic, so the adaptive step keeps its order; the
 * square-root behaviour of a vertical tangent is met only at a phase's
 * ends. Coulomb: slip phases with the friction's sign fixed, u̇ = 0 an
 * event; then stick while |P sin ωt − k u| ≤ h, the end of stick scanned
 * for and located by Brent, slip resuming along the net force.
 *
 * Steady state: (u, u̇/ω) at t = 2πj/ω against the previous period, to
 * 1e-9 over two successive periods of one run (issue 37: a cycle is a
 * cycle); the results are measured over one more period, sampled densely,
 * and without a steady state they have no value, each saying why. The figures
 * (Figs. 1-4) draw that period twice (or, short of the steady state, it
 * and the one after it, run once the results are fixed), and the law H(u̇)
 * itself. */
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

static const struct param_spec r_params[R_NPARAMS] = {
	[R_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0.0), "mass"),
	[R_C] = PARAM_NUMBER("c", "N*s/m", 0.1, PARAM_AT_LEAST(0.0), "viscous damping coefficient"),
	[R_K] = PARAM_NUMBER("k", "N/m", 1.0, PARAM_AT_LEAST(0.0), "stiffness"),
	[R_P] = PARAM_NUMBER("P", "N", 4.0, PARAM_AT_LEAST(0.0), "amplitude of the force P sin ωt"),
	[R_OMEGA] = PARAM_NUMBER("omega", "rad/s", 1.0, PARAM_ABOVE(0.0), "frequency of the force"),
	[R_H] = PARAM_NUMBER("h", "N", 3.2, PARAM_AT_LEAST(0.0),
			     "dry friction force at large speeds"),
	[R_DELTA] = PARAM_NUMBER("Delta", "m/s", 0.8, PARAM_ABOVE(0.0),
				 "width of the transition of (8), (10)"),
	[R_DELTA_A] = PARAM_NUMBER("Delta_a", "m/s", 0.8, PARAM_ABOVE(0.0),
				   "(10): width of the peak's descent; h_a = h Delta_a/Delta"),
	[R_LAW] = PARAM_LAW(LAW_NAME_ELLIPTIC "|" LAW_NAME_ELLIPTIC_PEAK "|" LAW_NAME_COULOMB
					      "|" LAW_NAME_TANH,
			    "friction law: (8), (10), exact Coulomb (stick-slip), h tanh(u̇/Δ)"),
	[R_PERIODS] = PARAM_NUMBER(
		"periods", "", 500.0, PARAM_AT_LEAST(1.0),
		"the most periods of the motion run while waiting for the steady state (the "
		"shooting's trial periods aside)"),
	[R_INNER] = PARAM_CHOICE(
		"inner", "auto|integrate|reduce",
		"the transition of law (8) or tanh: integrated, or reduced to its slow "
		"manifold H(u̇) + c u̇ = P sin ωt − k u (law (8): an error below "
		"2Δ·(mωΔ/h)^⅓); auto reduces it when h/(mωΔ) > 5e3 (law (8): 2e4); "
		"integrate takes any Δ within the budget; reduce needs it ≥ 10"),
	[R_U0] = PARAM_NUMBER("u0", "m", 0.0, PARAM_ANY, "initial displacement"),
	[R_V0] = PARAM_NUMBER("v0", "m/s", 0.0, PARAM_ANY, "initial velocity"),
};

/* The period results are read over a period of the steady state; without
 * one (the motion has not repeated over two successive periods within
 * `periods`, or it grows or drifts without bound) they do not exist, and
 * each says why (rg_unsteady_why). */
static const struct result_spec r_results[R_NRESULTS] = {
	[R_AMP] = RESULT_NUMBER("amp", "m",
				"max u over a period of the steady state (none without one)"),
	[R_UMIN] = RESULT_NUMBER("umin", "m",
				 "min u over a period of the steady state (none without one)"),
	[R_VMAX] = RESULT_NUMBER("vmax", "m/s",
				 "max u̇ over a period of the steady state (none without one)"),
	[R_AMIN] = RESULT_NUMBER("amin", "m/s^2",
				 "min ü over a period of the steady state (none without one)"),
	[R_AMAX] = RESULT_NUMBER("amax", "m/s^2",
				 "max ü over a period of the steady state (none without one)"),
	[R_STEADY] = RESULT_BOOL_VERDICT(
		"steady", VERDICT_REACHED,
		"whether the motion repeated, (u, u̇/ω) to 1e-9, over two successive periods "
		"(a rest for good is one)"),
	[R_STICK] = RESULT_NUMBER("stick_fraction", "",
				  "share of a period of the steady state with u̇ = 0 (Coulomb; 0 "
				  "for smooth laws; none without a steady state)"),
	[R_CYCLES] = RESULT_NUMBER("cycles", "",
				   "periods integrated before the measured one (the transient, the "
				   "shooting's trials and the two that show the motion repeats)"),
	[R_UEND] = RESULT_NUMBER("u_end", "m", "u at the end of the run"),
};

/* The law the parameters choose (a row of dyn/law.c's registry). */
enum law_id rg_law(const struct model_input *in)
{
	return law_id(law_chosen(&r_params[R_LAW], in->choice[R_LAW]));
}

/* Whether the transition of law (8) or tanh is reduced to its slow
 * manifold: asked (inner reduce), or left to auto and too narrow to
 * integrate, h/(mωΔ) above RG_ETA. */
static bool ragulskis_reduced(const struct model_input *in)
{
	const double *p = in->num;
	const enum law_id law = rg_law(in);
	if ((law != LAW_ELLIPTIC && law != LAW_TANH) || !(p[R_H] > 0))
		return false;
	const int inner = in->choice[R_INNER];
	const double lim = law == LAW_ELLIPTIC ? RG_ETA_LAW8 : RG_ETA;
	return inner == 2 || (inner == 0 && p[R_H] / (p[R_M] * p[R_OMEGA] * p[R_DELTA]) > lim);
}

static int ragulskis_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	const double periods = p[R_PERIODS];
	if (periods != floor(periods) || periods > 1e7)
		return diag_set(d, "periods = %g: must be a whole number of periods (at most 10⁷)",
				periods);
	static const int positive[] = {R_M, R_OMEGA, R_DELTA, R_DELTA_A};
	for (size_t i = 0; i < sizeof positive / sizeof *positive; i++) {
		const double v = p[positive[i]];
		if (!(v >= 1 / RG_BIG && v <= RG_BIG))
			return diag_set(d,
					"%s = %g: outside 1e-9..1e9 %s, where the model's "
					"products and ratios of scales stay finite",
					r_params[positive[i]].name, v, r_params[positive[i]].unit);
	}
	static const int bounded[] = {R_C, R_K, R_P, R_H, R_U0, R_V0};
	for (size_t i = 0; i < sizeof bounded / sizeof *bounded; i++) {
		const double v = p[bounded[i]];
		if (!(fabs(v) <= RG_BIG))
			return diag_set(d,
					"%s = %g: beyond 1e9 %s, where the model's products "
					"and ratios of scales stay finite",
					r_params[bounded[i]].name, v, r_params[bounded[i]].unit);
	}
	const double m = p[R_M], w = p[R_OMEGA], h = p[R_H];
	const double kappa = p[R_K] / (m * w * w), gamma = p[R_C] / (m * w);
	if (kappa > RG_KAPPA)
		return diag_set(d,
				"k/(mω²) = %.3g: above 1e5, the spring's period 2π√(m/k) would "
				"be over 300 times shorter than the forcing's 2π/ω = %.3g s, "
				"too many steps per period; raise omega or m, or lower k",
				kappa, 2 * M_PI / w);
	if (gamma > RG_GAMMA)
		return diag_set(d,
				"c/(mω) = %.3g: above 1e3, the damper's time m/c would be over "
				"1000 times shorter than the forcing's 1/ω = %.3g s, too many "
				"steps per period; raise omega or m, or lower c",
				gamma, 1 / w);
	const enum law_id law = rg_law(in);
	if (law == LAW_COULOMB) /* exact Coulomb: no transition, sticking is exact */
		return 0;
	const int inner = in->choice[R_INNER];
	if (inner == 2 && law != LAW_ELLIPTIC && law != LAW_TANH)
		return diag_set(d,
				"inner = reduce: only law (8), elliptic, and tanh have their "
				"transition reduced (law %s has not); use inner auto or integrate",
				law_get(law)->name);
	if (inner == 2 && !(h > 0))
		return diag_set(d, "inner = reduce with h = 0: there is no friction, no "
				   "transition to reduce; use inner auto or integrate");
	/* reduced on request: only a narrow transition has a slow manifold
	 * that the motion keeps to (its relaxation, mΔ/h, short against the
	 * forcing's 1/ω), and only one whose damper is weaker than its
	 * friction there (cΔ ≤ h) creeps as E(v*) shapes it */
	if (inner == 2 && h / (m * w * p[R_DELTA]) < 10)
		return diag_set(d,
				"inner = reduce: h/(mωΔ) = %.3g, below 10: the transition is not "
				"narrow, so there is no slow manifold for the motion to keep to; "
				"narrow Delta first, or use inner auto or integrate",
				h / (m * w * p[R_DELTA]));
	if (inner == 2 && p[R_C] * p[R_DELTA] > h)
		return diag_set(d,
				"inner = reduce: cΔ = %.3g N is above h = %g N: the damper, not "
				"the friction, shapes the creep; use inner auto or integrate",
				p[R_C] * p[R_DELTA], h);
	if (ragulskis_reduced(in)) {
		/* A force below h only creeps the mass, at u̇ ≈ Δ(P/h)²/2 at the
		 * most (law (8); tanh: Δ atanh(P/h)): a displacement per period
		 * not far above the integration's absolute 1e-12 m is not
		 * resolved (at 1e-17 m its signs come out wrong), nor is where a
		 * spring that barely pulls centres it. */
		const double ph = p[R_P] / h;
		const double creep =
			p[R_P] < h ? p[R_DELTA] * (law == LAW_TANH ? atanh(ph) : ph * ph / 2) / w
				   : INFINITY;
		if (creep < 1e-6)
			return diag_set(
				d,
				"P = %g N against h = %g N: the force only creeps the mass, "
				"by about %s = %.2g m a period, too little for the "
				"integration's 1e-12 m to resolve to the digits printed; "
				"raise P, or lower h",
				p[R_P], h, law == LAW_TANH ? "Δ atanh(P/h)/ω" : "Δ(P/h)²/(2ω)",
				creep);
		return 0;
	}
	const double width = law == LAW_ELLIPTIC_PEAK ? fmin(p[R_DELTA], p[R_DELTA_A]) : p[R_DELTA];
	const double eta = h / (m * w * width);
	/* integrate asked for: any width, within the budget of evaluations
	 * (a motion that reverses without creeping crosses the transition in
	 * a few hundred steps; one held creeping runs out of it and says so) */
	if (eta > (law == LAW_ELLIPTIC ? RG_ETA_LAW8 : RG_ETA) && inner != 1)
		return diag_set(d,
				"h/(mωΔ) = %.3g: above 5e3, the friction's transition of width "
				"%.3g m/s would be crossed over 5000 times faster than the "
				"forcing's 1/ω = %.3g s, too many steps per period; widen Delta%s "
				"or use law coulomb%s",
				eta, width, 1 / w, law == LAW_ELLIPTIC_PEAK ? " or Delta_a" : "",
				law == LAW_ELLIPTIC || law == LAW_TANH
					? " (or inner auto or reduce: the "
					  "transition reduced to its slow manifold)"
					: "");
	return 0;
}

/* The strategy: the reduced transition (its creep speed v_s and the force
 * Fexit that ends a creep), the phases beside a vertical tangent, and the
 * mode at the start. */
static void ragulskis_setup(struct rg *r, const struct model_input *in, double y[2])
{
	const enum law_id li = rg_law(in);
	r->reduced = ragulskis_reduced(in);
	const double width =
		li == LAW_ELLIPTIC_PEAK ? fmin(r->law.Delta, r->law.Delta_a) : r->law.Delta;
	/* at every tolerance: in t, a looser one paid for each crossing of
	 * the tangent's square root with more steps than a tight one in τ
	 * (ragulskis-fig4 at 1e-6: 3.9 times the evaluations of 1e-12); a
	 * crossing a long step in τ gets wrong is taken again in t
	 * (tangent_phase) */
	r->tangent_ok = r->h / (r->m * r->w * width) <= RG_TANGENT_ETA;
	/* well above the integration's absolute error in u̇, or the level
	 * the stiff phases end at is lost in it (at rtol 1e-8, 7e-11 was) */
	r->veps = fmax(1e-7 * r->law.Delta, 100 * ode_tolerance(1e-12));
	if (r->reduced && r->law.kind == DRYLAW_TANH) {
		/* the creep where the manifold relaxes faster than RG_ETA·ω,
		 * (h/Δ) sech²(v/Δ) + c ≥ RG_ETA mω (c aside): where integrating
		 * would be as stiff as inner auto lets it be; beyond, the slip
		 * integrates the law itself */
		const double eta = r->h / (r->m * r->w * r->law.Delta);
		r->vs = r->law.Delta * acosh(sqrt(fmax(1.0, eta / RG_ETA)));
		r->Fexit = r->h * tanh(r->vs / r->law.Delta) + r->c * r->vs;
	} else if (r->reduced) {
		const double cD = r->c * r->law.Delta;
		r->vs = r->law.Delta;
		r->Fexit = r->h + cD;
		r->R = hypot(r->h, cD);
		r->phi0 = atan2(cD, r->h);
	}
	if (r->coulomb || r->reduced)
		r->mode = rg_start_mode(r, 0, y);
	const double vscale = fmax(r->P * r->w / (r->k + r->m * r->w * r->w),
				   fmax(fabs(y[1]), r->w * fabs(y[0])));
	r->sigma = ode_motion_scale(vscale);
	r->atol_scale[0] = r->atol_scale[1] = r->sigma;
}

/* The steady state: the transient's periods, then, short of a repeat, the
 * shooting (rg_shoot) and the two periods that test its fixed point, and
 * the motion's own periods until it repeats or reaches `periods`; j counts
 * every period integrated. */
static int rg_steady_state(struct rg *r, double *t, double y[], long *j, long periods, double T,
			   double step, struct num_settle *conv, struct shooting *sh, bool *steady,
			   struct diag *d)
{
	if (rg_run_periods(r, t, y, j, &r->own,
			   labs(periods) < SHOOT_TRANSIENT ? periods : SHOOT_TRANSIENT, T, step,
			   conv, steady, d))
		return -1;
	/* the shooting leaves two periods of the cap for the run to show that
	 * what it found repeats */
	const long shoot_cap = periods - 2;
	if (!*steady && *j < shoot_cap) {
		if (rg_shoot(r, t, y, j, shoot_cap, T, step, conv, sh, d))
			return -1;
		/* Newton's trials start where it puts them: the motion is steady
		 * only once a run repeats over two successive periods */
		conv->run = 0;
		long tested = 0;
		if (sh->converged &&
		    rg_run_periods(r, t, y, j, &tested, 2, T, step, conv, steady, d))
			return -1;
		if (!*steady) {
			/* the trials are not the motion's: it goes on from where its
			 * transient left it, a period on (P of the transient's end),
			 * for `periods` of its own, so that u_end is u at t =
			 * (periods + 1)·2π/ω */
			if (sh->converged) {
				sh->converged = false;
				sh->why = "the run from its fixed point did not repeat over two "
					  "successive periods";
				conv->run = 0;
			}
			y[0] = sh->next[0];
			y[1] = sh->next[1] * r->w;
			if (r->coulomb || r->reduced)
				r->mode = sh->next_mode;
			*t = (double)*j * T;
			r->own++;
		}
	}
	if (rg_run_periods(r, t, y, j, &r->own, periods, T, step, conv, steady, d))
		return -1;
	return 0;
}

/* The results from the measured period f: with a steady state its
 * extremes, those within the test's tolerance of 0 read as 0; without one,
 * none of the period's, each saying why (written to why, n bytes). */
static void rg_results(struct model_output *out, const struct rg *r, const struct num_settle *conv,
		       bool steady, long j, double u_end, const struct rg_found *f, char *why,
		       size_t n)
{
	if (steady) {
		/* a state that repeats to conv.tol is known to no better: at rest
		 * about u = 0 the extremes are the integration's rounding */
		const double tu = conv->tol, tv = tu * r->w, ta = tv * r->w;
		out->res[R_AMP] = value_number(fabs(f->umax) <= tu ? 0 : f->umax);
		out->res[R_UMIN] = value_number(fabs(f->umin) <= tu ? 0 : f->umin);
		out->res[R_VMAX] = value_number(fabs(f->vmax) <= tv ? 0 : f->vmax);
		out->res[R_AMIN] = value_number(fabs(f->amin) <= ta ? 0 : f->amin);
		out->res[R_AMAX] = value_number(fabs(f->amax) <= ta ? 0 : f->amax);
		out->res[R_STICK] = value_number(f->stick);
		out->res[R_UEND] = value_number(fabs(u_end) <= tu ? 0 : u_end);
	} else {
		rg_unsteady_why(r, conv, r->own, why, n);
		static const int period_results[] = {R_AMP,  R_UMIN, R_VMAX,
						     R_AMIN, R_AMAX, R_STICK};
		for (size_t i = 0; i < sizeof period_results / sizeof *period_results; i++)
			out->res[period_results[i]] = value_undefined(why);
	}
	out->res[R_STEADY] = value_bool(steady);
	out->res[R_CYCLES] = value_number((double)j);
	if (!steady)
		out->res[R_UEND] = value_number(u_end);
}

static int ragulskis_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	const enum law_id li = rg_law(in);
	struct rg r = {
		.law = {law_get(li)->drylaw, p[R_H], p[R_DELTA], p[R_DELTA_A]},
		.m = p[R_M],
		.c = p[R_C],
		.k = p[R_K],
		.P = p[R_P],
		.w = p[R_OMEGA],
		.h = p[R_H],
		.hs = p[R_H] * (1 + 1e-10),
		.coulomb = li == LAW_COULOMB,
	};
	r.nj = drylaw_joints(&r.law, r.joints, 8);
	const long periods = (long)p[R_PERIODS];
	/* what the periods asked for may take: 50000 evaluations each, and
	 * never less than RG_BUDGET (500 periods, the default) */
	r.budget = fmax(RG_BUDGET, 5e4 * (double)periods);
	const double T = 2 * M_PI / r.w, step = T / 2000;
	double t = 0, y[2] = {p[R_U0], p[R_V0]};
	ragulskis_setup(&r, in, y);
	bool steady = false;
	long j = 0;
	/* (u, u̇/ω) against the period before, to 1e-9 of its size or of the
	 * forcing's length scale (a thousandth of it: 1e-12 of it is the
	 * integration's own accuracy) */
	const double reach = fmax((r.P + r.h) / (r.k + r.m * r.w * r.w),
				  fmax(fabs(p[R_U0]), fabs(p[R_V0]) / r.w));
	/* 1e-9, or ten times a looser integration's tolerance: a
	 * repeat closer than the integration's own error is not seen */
	struct num_settle conv = {.rtol = fmax(1e-9, 10 * ode_tolerance(1e-12)),
				  .floor = 1e-3 * reach * r.sigma,
				  .cap = periods,
				  .need = 2};
	num_settle_start(&conv);
	struct shooting sh = {.transient = SHOOT_TRANSIENT};
	if (rg_steady_state(&r, &t, y, &j, periods, T, step, &conv, &sh, &steady, d))
		return -1;
	const size_t steps_transient = r.steps;
	const struct sample s0 = {t, y[0], y[1], rg_accel(&r, t, y)};
	const int mode0 = r.mode;
	r.record = true;
	r.stuck = 0; /* the measured period's stick, for stick_fraction */
	if (rg_advance(&r, &t, y, (j + 1) * T, step, d)) {
		free(r.s);
		return -1;
	}
	const size_t off_v = offsetof(struct sample, v) / sizeof(double);
	const size_t off_a = offsetof(struct sample, a) / sizeof(double);
	const size_t off_u = offsetof(struct sample, u) / sizeof(double);
	/* Coulomb's extrema of u sit at u̇ = 0, a phase end (a sample); a
	 * smooth law's u̇ = 0 is no event, so they are located like the rest */
	double umax, umin, vmax, amin, amax;
	if (rg_extremum(&r, off_u, 1, &umax, d) || rg_extremum(&r, off_u, -1, &umin, d) ||
	    rg_extremum(&r, off_v, 1, &vmax, d) || rg_extremum(&r, off_a, -1, &amin, d) ||
	    rg_extremum(&r, off_a, 1, &amax, d)) {
		free(r.s);
		return rg_run_failed(&r, d);
	}
	/* of the measured period's own length, (j+1)T − jT: exactly 1 for a
	 * mass stuck throughout, whatever j's rounding */
	const double stick = r.coulomb ? r.stuck / (t - s0.t) : 0.0;
	/* inside the domain of ragulskis_check every one is finite; one that is
	 * not is refused, never printed */
	const struct named_result got[] = {{"amp", umax},  {"umin", umin},
					   {"vmax", vmax}, {"amin", amin},
					   {"amax", amax}, {"stick_fraction", stick},
					   {"u_end", y[0]}};
	if (model_require_finite(got, sizeof got / sizeof *got,
				 "the integration lost its accuracy at these scales; bring "
				 "m, k, c, h, P and omega nearer each other",
				 d)) {
		free(r.s);
		return -1;
	}

	char why[400] = "";
	const struct rg_found f = {umax, umin, vmax, amin, amax, stick};
	rg_results(out, &r, &conv, steady, j, y[0], &f, why, sizeof why);

	struct strbuf *s = out->steps;
	ragulskis_steps(s, &r, in, &sh, &conv, j, steady, steps_transient, &f, why);
	if (out->figs) {
		struct rg_later *l = xmalloc(sizeof(*l));
		*l = (struct rg_later){.r = r,
				       .s0 = s0,
				       .T = T,
				       .step = step,
				       .tend = (double)(j + (steady ? 1 : 2)) * T,
				       .mode0 = mode0,
				       .steady = steady,
				       .li = li};
		r.s = NULL; /* the samples' buffer is l's now */
		figures_later(out->figs, rg_later_draw, rg_later_drop, l);
	}
	free(r.s);
	return 0;
}

const struct model model_ragulskis = {
	.name = "ragulskis",
	.summary = "forced oscillator with elliptic or exact dry friction (Ragulskis 2018)",
	.params = r_params,
	.nparams = R_NPARAMS,
	.results = r_results,
	.nresults = R_NRESULTS,
	.solve = ragulskis_solve,
	.check = ragulskis_check,
};
