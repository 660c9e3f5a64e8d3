/* Planar stick-slip on a support: the landing of a slip on w = 0 and the
 * decision there, shared by the models whose friction is Coulomb's with a
 * set-valued force at rest (conveyor, imachi).
 *
 * w is the velocity relative to the support (a plane vector). While it
 * slips,
 *     dw/dt = g − f ŵ,
 * g the rate w would take without friction, f > 0 the friction's
 * deceleration. A slip phase toward rest is integrated only to |w| = w_ev
 * (a small fraction of the problem's speed): there d|w|/dt = ŵ·g − f is
 * finite and smooth, so the rest of the way to w = 0 is taken in closed
 * form, |w| falling linearly (error O(w_ev²)), instead of asking the ODE
 * solver to meet a kink. At rest static friction holds while |g| ≤ the
 * static limit; otherwise the slip starts along g, from w = 0, where ŵ is
 * undefined: that phase uses `dir` for ŵ and ends at |w| = 2 w_ev, clear
 * of w = 0, after which ŵ is w's own. */
#ifndef TRIBO_STICKSLIP_H
#define TRIBO_STICKSLIP_H

#include <stdbool.h>

struct num_slip {
	double w_ev;   /* |w| where a slip toward rest hands over to the closed form */
	bool away;     /* the phase breaks away from w = 0 (along dir) */
	double dir[2]; /* ŵ while breaking away */
};

/* The slip phase's event function, of |w|: it ends at w_ev (toward rest) or
 * at 2 w_ev (breaking away). */
double num_slip_event(const struct num_slip *s, double speed);

/* The phase has ended at its event, w and g taken there. Breaking away,
 * that is the end of the break-away (s->away cleared) and the slip goes
 * on: returns false. Toward rest, returns true with *dt the time to w = 0,
 * |w|/(f − ŵ·g), or false when ŵ·g ≥ f (the slip turns away before it
 * meets the support and goes on). */
bool num_slip_land(struct num_slip *s, const double w[2], const double g[2], double f, double *dt);

/* A slip starts from w = 0 along g (g ≠ 0): sets up the break-away. */
void num_slip_break_away(struct num_slip *s, const double g[2]);

/* Whether static friction up to `limit` holds a load of size `load`: a
 * constant load within a few roundings of the limit (8 ulps: both are
 * products of the typed parameters, each rounded) is a tie, and a tie
 * with a constant load holds (it is limiting equilibrium, not a
 * break-away): a push typed one rounding step past N μ0 is not decided by
 * the sign of a 1e-16 difference. A load that changes in time is decided
 * by num_slip_at_rest, whose stuck phase watches the load's trend. */
bool num_slip_holds(double load, double limit);

/* At rest on the support: true if static friction (up to `limit`, in g's
 * units) holds against g; false with a break-away set up along g. */
bool num_slip_at_rest(struct num_slip *s, const double g[2], double limit);

#endif
