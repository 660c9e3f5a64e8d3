/* A CPU-time budget for a solve in a test or a fuzz harness: after the
 * given seconds of CPU a timer sets num_interrupted, as Ctrl-C does, which
 * every model polls; then it fires every 0.1 s, so that a model that
 * clears the flag as it starts a phase still sees it. */
#ifndef TRIBO_CPU_BUDGET_H
#define TRIBO_CPU_BUDGET_H

#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include "num/num.h"

static void cpu_budget_interrupt(int sig)
{
	(void)sig;
	num_interrupted = 1;
}

/* Installs the handler for `timer`'s signal (ITIMER_PROF: SIGPROF,
 * ITIMER_VIRTUAL: SIGVTALRM; libFuzzer keeps SIGALRM for its -timeout). */
static inline void cpu_budget_init(int timer)
{
	struct sigaction sa = {.sa_handler = cpu_budget_interrupt};
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(timer == ITIMER_PROF ? SIGPROF : SIGVTALRM, &sa, NULL);
}

/* Arms `timer` for `seconds` of CPU; 0 disarms it. */
static inline void cpu_budget_arm(int timer, double seconds)
{
	struct itimerval t = {{0, 0}, {0, 0}};
	if (seconds > 0) {
		t.it_value.tv_sec = (time_t)seconds;
		t.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
		t.it_interval.tv_usec = 100000;
	}
	setitimer(timer, &t, NULL);
}

#endif
