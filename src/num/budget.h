/* The budget of a solve: how many integration steps and how many seconds
 * of processor time one solve may take before it is refused, so that
 * every solve ends (a stiff system, a chattering contact, a horizon a
 * million times the motion's time scale) within seconds, with a message
 * that says what ran out, where the run was and what to change.
 *
 * model_run (models/model.c) opens a budget around every solve (a
 * session's solve, each point of a sweep, each solve of lint and each
 * draw of generate), scaled to what the solve asks: budget_scaled. The
 * integrators charge it: ode_run and the stepper (num/ode.c) an accepted
 * step at a time, every right-hand side evaluation a look at the clock
 * now and then (budget_poll), the phase driver (dyn/phase.c) between
 * phases. Once it has run out, every later charge fails at once and
 * num_interrupted is set (to BUDGET_INTERRUPT, not a user's 1) so that
 * loops that only watch for Ctrl-C stop too; model_run clears that when
 * the solve returns, and gives the budget's message. A solve with no
 * budget open (a test calling a model's solve itself) has none. */
#ifndef TRIBO_BUDGET_H
#define TRIBO_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* The default budget, per solve, for a solve that asks no more than its
 * model's defaults (scale 1), and the most any scale gives (man/tribo.1,
 * "Limits of a solve"). The seconds: the slowest shipped solve, at its
 * values or at a lint point, takes 0.17 s (hoop-bead), twelve times less,
 * and a refusal comes within seconds. The steps, which are the same on
 * every machine and under valgrind: the most a shipped solve takes is 5937
 * (imachi-fig6), but ragulskis at h = 30 (a transcript) takes 111641 cheap
 * ones in 0.15 s, nine times less; a model's own cap on its steps (ragulskis'
 * evaluations a period, kozlov-ball's steps a phase) comes first, in its
 * words, and an expensive step (lagrange's) runs out of seconds first. */
#define BUDGET_STEPS_BASE 1000000
#define BUDGET_STEPS_MAX  10000000
#define BUDGET_CPU_BASE	  2.0
#define BUDGET_CPU_MAX	  4.0
/* The processor seconds are a native build's; these builds get as many
 * times more: under valgrind (its own measure, 30-50 times slower), and
 * with AddressSanitizer (and UBSan beside it, 2-5 times). */
#define BUDGET_SLOWER_VALGRIND	50.0
#define BUDGET_SLOWER_SANITIZED 5.0

/* The value num_interrupted has while a budget that ran out unwinds. */
enum { BUDGET_INTERRUPT = 2 };

enum budget_out {
	BUDGET_LEFT,  /* not run out */
	BUDGET_STEPS, /* the steps */
	BUDGET_CPU,   /* the processor seconds */
};

struct budget {
	size_t steps;	    /* accepted steps of all the solve's integrations; 0: no cap */
	double cpu_seconds; /* processor seconds of the solve; 0: no cap */
	double scale;	    /* what the solve asks against its model's defaults (>= 1) */
	char asked[160];    /* what scaled it, for the message: "tmax = 50 s, 5 times
			     * the model's 10 s"; "" at scale 1 */
	double tmax;	    /* the solve's horizon, for the message (NaN: none) */
};

/* The budget of a solve that asks `scale` (>= 1) times its model's
 * defaults: BUDGET_STEPS_BASE steps and BUDGET_CPU_BASE s times the
 * scale, at most BUDGET_STEPS_MAX and BUDGET_CPU_MAX (the seconds times
 * budget_slowdown()). */
struct budget budget_scaled(double scale);

/* What the processor seconds are multiplied by in this build and run:
 * 1, BUDGET_SLOWER_VALGRIND or BUDGET_SLOWER_SANITIZED. */
double budget_slowdown(void);

/* Opens b for this thread's solve, from now. A budget opened while one is
 * open (a model solved inside another's solve) leaves the outer one
 * counting; each open is closed by one budget_close. */
void budget_open(const struct budget *b);
void budget_close(void);
/* Whether a budget is open, and the one that is (NULL: none). */
const struct budget *budget_current(void);

/* One accepted step at (t, y[0..dim)): true once the budget has run out
 * (this step's or earlier), false while it lasts or none is open. */
bool budget_step(double t, const double *y, size_t dim);
/* A look at the clock from any loop (every 64th call reads it): true once
 * the budget has run out. (t, y) as for budget_step; y may be NULL. */
bool budget_poll(double t, const double *y, size_t dim);
/* The accepted steps charged so far to the open budget. */
size_t budget_steps_taken(void);
/* After a run out: where the run was, when the caller knows it better
 * than the look that found it (a right-hand side's trial state). */
void budget_at(double t, const double *y, size_t dim);
/* The same, the clock read at every call: for a loop whose turns are
 * long and integrate nothing (a period of Imachi's construction), from
 * num_settle_check. t may be NaN (not known). */
bool budget_look(double t, const double *y, size_t dim);
/* The periods a loop has run, for the message (num_settle_check). */
void budget_periods(size_t n);
/* What ran out (BUDGET_LEFT: nothing, or no budget open). */
enum budget_out budget_spent(void);

/* The refusal, in d (cleared first), and -1: what ran out, the scale,
 * the simulated time and the state where it did, the solve's tmax (if it
 * has one), the phases run (0: not counted) with their word, and what to
 * change: `why`, the model's words, else the budget's own. */
int budget_refuse(struct diag *d, size_t phases, const char *phase_word, const char *why);

#endif
