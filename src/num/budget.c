#include "num/budget.h"

#include <math.h>
#include <time.h>

#include "num/num.h"
#include "util/strbuf.h"

/* Processor seconds are a native build's: a build that runs slower by
 * design gets as many times more (its solves take that much longer, and
 * its tests solve the same exercises). */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#endif
#endif
#ifndef UNDER_VALGRIND
#define UNDER_VALGRIND() 0
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

double budget_slowdown(void)
{
	return UNDER_VALGRIND() ? BUDGET_SLOWER_VALGRIND : SANITIZED ? BUDGET_SLOWER_SANITIZED : 1;
}

/* The state kept for the message: its first parts. */
enum { KEPT = 8 };

static _Thread_local struct {
	int depth; /* opens not yet closed */
	struct budget b;
	double cpu0;	     /* the thread's processor time at the open */
	size_t steps;	     /* accepted steps so far */
	unsigned polls;	     /* budget_poll calls, to read the clock every 64th */
	enum budget_out out; /* what ran out */
	double t;	     /* where: the simulated time and the state */
	double y[KEPT];
	size_t dim;
	size_t periods; /* periods run (num_settle_check's), when a loop counts them */
} B;

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct budget budget_scaled(double scale)
{
	if (!(scale >= 1))
		scale = 1;
	const double steps = fmin(BUDGET_STEPS_BASE * scale, BUDGET_STEPS_MAX);
	return (struct budget){
		.steps = (size_t)steps,
		.cpu_seconds = fmin(BUDGET_CPU_BASE * scale, BUDGET_CPU_MAX) * budget_slowdown(),
		.scale = scale,
		.tmax = NAN,
	};
}

void budget_open(const struct budget *b)
{
	if (B.depth++ > 0)
		return;
	B.b = *b;
	B.cpu0 = cpu_now();
	B.steps = 0;
	B.polls = 0;
	B.out = BUDGET_LEFT;
	B.t = NAN;
	B.dim = 0;
	B.periods = 0;
}

void budget_close(void)
{
	if (B.depth == 0 || --B.depth > 0)
		return;
	if (num_interrupted == BUDGET_INTERRUPT)
		num_interrupted = 0;
	B.out = BUDGET_LEFT;
}

const struct budget *budget_current(void)
{
	return B.depth ? &B.b : NULL;
}

/* Runs out: what, and where. */
static bool run_out(enum budget_out what, double t, const double *y, size_t dim)
{
	B.out = what;
	B.t = t;
	B.dim = y ? dim : 0;
	for (size_t i = 0; i < B.dim && i < KEPT; i++)
		B.y[i] = y[i];
	if (!num_interrupted)
		num_interrupted = BUDGET_INTERRUPT;
	return true;
}

static bool cpu_out(void)
{
	return B.b.cpu_seconds > 0 && cpu_now() - B.cpu0 > B.b.cpu_seconds;
}

bool budget_step(double t, const double *y, size_t dim)
{
	if (!B.depth)
		return false;
	if (B.out)
		return true;
	if (B.b.steps && ++B.steps > B.b.steps)
		return run_out(BUDGET_STEPS, t, y, dim);
	if ((B.steps & 63) == 0 && cpu_out())
		return run_out(BUDGET_CPU, t, y, dim);
	return false;
}

bool budget_poll(double t, const double *y, size_t dim)
{
	if (!B.depth)
		return false;
	if (B.out)
		return true;
	if ((++B.polls & 63) == 0 && cpu_out())
		return run_out(BUDGET_CPU, t, y, dim);
	return false;
}

size_t budget_steps_taken(void)
{
	return B.depth ? B.steps : 0;
}

void budget_at(double t, const double *y, size_t dim)
{
	if (!B.depth || !B.out)
		return;
	B.t = t;
	B.dim = y ? dim : 0;
	for (size_t i = 0; i < B.dim && i < KEPT; i++)
		B.y[i] = y[i];
}

void budget_periods(size_t n)
{
	if (B.depth && !B.out)
		B.periods = n;
}

bool budget_look(double t, const double *y, size_t dim)
{
	if (!B.depth)
		return false;
	if (B.out)
		return true;
	return cpu_out() && run_out(BUDGET_CPU, t, y, dim);
}

enum budget_out budget_spent(void)
{
	return B.depth ? B.out : BUDGET_LEFT;
}

int budget_refuse(struct diag *d, size_t phases, const char *phase_word, const char *why)
{
	const double tmax = B.b.tmax;
	struct strbuf s = STRBUF_INIT;
	if (B.out == BUDGET_STEPS)
		strbuf_addf(&s, "the solve ran out of its budget of %zu integration steps",
			    B.b.steps);
	else
		strbuf_addf(&s, "the solve ran out of its budget of %.3g s of processor time",
			    B.b.cpu_seconds);
	if (B.b.asked[0])
		strbuf_addf(&s, " (scaled to what it asks: %s)", B.b.asked);
	if (isfinite(B.t)) {
		strbuf_addf(&s, " at t = %.6g", B.t);
		if (isfinite(tmax))
			strbuf_addf(&s, " of tmax = %g", tmax);
	} else
		strbuf_addstr(&s, " before it ended");
	if (B.periods)
		strbuf_addf(&s, ", after %zu period%s", B.periods, B.periods == 1 ? "" : "s");
	if (phases > 1) /* the words are plural */
		strbuf_addf(&s, "%s %zu %s", B.periods ? "," : ", after", phases,
			    phase_word ? phase_word : "phases");
	if (B.dim) {
		strbuf_addstr(&s, "; the state there: (");
		for (size_t i = 0; i < B.dim && i < KEPT; i++)
			strbuf_addf(&s, "%s%.10g", i ? ", " : "", B.y[i]);
		strbuf_addstr(&s, B.dim > KEPT ? ", ...)" : ")");
	}
	strbuf_addf(&s, "; %s",
		    why ? why
			: "ask for less (a shorter tmax, fewer periods), or change the parameter "
			  "that makes the motion this fast or this stiff");
	diag_clear(d);
	diag_set(d, "%s", strbuf_str(&s));
	strbuf_release(&s);
	return -1;
}
