/* The status of a long command, shared by the two interactive front ends
 * (the screen's status line, --plain's line on standard error): what each
 * level of the work last reported, shown against what ends it, with the
 * time it has taken. */
#ifndef TRIBO_FRONT_STATUS_H
#define TRIBO_FRONT_STATUS_H

#include <stdbool.h>
#include <stddef.h>

#include "num/num.h"

/* The levels a command's work nests in: a sweep runs solves, a solve runs
 * periods, a period runs integrations. */
enum { STATUS_LEVELS = 3 };

struct front_status {
	double start; /* when the command began (front_now) */
	double drawn; /* when the status was last shown; 0: not yet */
	bool have[STATUS_LEVELS];
	struct num_progress level[STATUS_LEVELS];
};

/* Seconds on a monotonic clock. */
double front_now(void);
/* A command begins: nothing reported yet. */
void front_status_start(struct front_status *st);
/* Takes a report. True when it is time to show the status: not before the
 * command has run 0.3 s (a short one shows none), then ten times a second. */
bool front_status_take(struct front_status *st, const struct num_progress *p);
/* The status as one line: "period 12: change 3.2e-06, steady below 1e-09
 * · 4.1 s · Ctrl-C stops it" (with ", " for "·" when ascii), in at most
 * `cols` columns where it can be: tersely, then without its outer levels,
 * then without the time, "Ctrl-C stops it" kept. */
void front_status_text(const struct front_status *st, bool ascii, int cols, char *buf, size_t n);

#endif
