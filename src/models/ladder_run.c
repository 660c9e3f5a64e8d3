/* Model ladder's run (ladder_sys.h): the phases on the phase driver (on
 * both contacts, off the wall, pivoting), their events and decisions, and
 * the run's figures. */
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

/* ---- the run --------------------------------------------------------------- */

/* The most steps of a run. */
#define LD_STEPS 200000

static const char *const phase_label[PH_N] = {"on the wall and the floor", "off the wall",
					      "off the wall, foot held"};

static void lad_extra(void *ctx, double t, const double *y, double *out)
{
	const struct lad *r = ctx;
	struct dyn dn;
	(void)t;
	lad_dyn_at(r, r->ph, y, &dn);
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
		lad_classical_g(r, r->ph, y[2], G);
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
	lad_dyn_at(r, PH_PIVOT, y, &dn);
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
	lad_dyn_at(r, r->ph, y, &dn);
	return dn.qdd[0] + r->h * sin(y[2]) * dn.qdd[2] + r->h * cos(y[2]) * y[5] * y[5];
}

/* The top leaves the wall at (t, y): the floor alone holds the ladder,
 * its foot sliding on, or (coulomb, at rest) held or slipping. False where
 * the floor would not press (the outcome is then set). */
static bool leave_wall(struct lad *r, double t, double y[6], struct run *out)
{
	out->t_leave = t, out->th_leave = y[2];
	r->ph = PH_FLOOR;
	const double v = lad_foot_speed(r, y);
	if (lad_classical(r) && v == 0) {
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
	lad_event_parts(r, y, parts);
	int which = 0;
	for (int i = 1; i < EV_N; i++)
		if (parts[i] < parts[which])
			which = i;
	phase_mark(run, t, y);
	if (which == EV_STOP) {
		if (r->ph == PH_TWO) {
			lad_two_state(r, y[2], 0.0, y);
			lr->at_rest = true;
			return LAD_GO;
		}
		if (r->ph == PH_PIVOT) {
			struct dyn dn;
			lad_dyn_at(r, PH_PIVOT, y, &dn);
			r->ph = PH_FLOOR;
			r->sigf = dn.lam[1] > 0 ? -1.0 : 1.0;
			return LAD_GO;
		}
		if (lad_classical(r)) {
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
		lad_two_state(r, y[2], y[5], y);
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
	lad_dyn_at(r, PH_TWO, y, &d0);
	const double dt = 1e-6 * r->tscale;
	double y1[6];
	lad_two_state(r, y[2] + y[5] * dt + 0.5 * d0.qdd[2] * dt * dt, y[5] + d0.qdd[2] * dt, y1);
	lad_dyn_at(r, PH_TWO, y1, &d1);
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
	const double v = lad_foot_speed(r, y);
	if (!lad_classical(r) || v == 0) /* a foot at rest: leave_wall decides it */
		return false;
	const enum phase ph = r->ph;
	const double sigf = r->sigf, dt = 1e-6 * r->tscale;
	r->ph = PH_FLOOR;
	r->sigf = v > 0 ? 1.0 : -1.0;
	struct dyn d0;
	lad_dyn_at(r, PH_FLOOR, y, &d0);
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
		if (lad_can_rest(r, y[2])) {
			out->outcome = lr->iter == 0 ? OUT_RESTS : OUT_STOPS;
			return LAD_DONE;
		}
		r->sig = -1.0; /* below θ_min it slides down */
	}
	lad_event_parts(r, y, parts);
	if (r->ph == PH_TWO && parts[EV_WALL] <= 0 && parts[EV_FLOOR] > 0 &&
	    parts[EV_PARADOX] > 0 &&
	    ((parts[EV_WALL] >= -WALL_TIE && wall_turns_in(r, y)) || wall_gap_stays_shut(r, y))) {
		r->wall_tie = true; /* on both, a short stretch past the tie */
		lad_event_parts(r, y, parts);
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
		lad_dyn_at(r, PH_TWO, y, &dn);
		const double lw = dn.lam[1];
		phase_mark(run, run->t, y);
		if (!leave_wall(r, run->t, y, out))
			return LAD_DONE;
		struct dyn off;
		lad_dyn_at(r, r->ph, y, &off);
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
		       (r->ph == PH_FLOOR && lad_foot_speed(r, y) == 0);
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

int lad_run_ladder(struct lad *r, double th0, double thd0, double tmax, struct run *out,
		   struct record *tr, struct diag *d)
{
	double y[6];
	memset(out, 0, sizeof(*out));
	out->t_leave = out->th_leave = out->t_floor = out->fdd_wall = NAN;
	lad_two_state(r, th0, thd0, y);
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

void lad_figures(struct figures *fs, const struct record *tr, const struct run *run, double h)
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
