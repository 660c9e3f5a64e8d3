#include "front/status.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "util/utf8.h"

double front_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void front_status_start(struct front_status *st)
{
	memset(st, 0, sizeof(*st));
	st->start = front_now();
}

static int level_of(enum num_progress_kind k)
{
	return k == NUM_PROGRESS_POINTS ? 0 : k == NUM_PROGRESS_SETTLE ? 1 : 2;
}

bool front_status_take(struct front_status *st, const struct num_progress *p)
{
	int l = level_of(p->kind);
	st->level[l] = *p;
	st->have[l] = true;
	/* a new sweep point or period starts the levels under it afresh */
	for (int k = l + 1; k < STATUS_LEVELS; k++)
		st->have[k] = false;
	double t = front_now();
	if (t - st->start < 0.3 || t - st->drawn < 0.1)
		return false;
	st->drawn = t;
	return true;
}

/* A level's report; `terse`, without what ends it nor "sweep:", for a
 * narrow line. */
static void describe(const struct num_progress *p, bool terse, char *buf, size_t n)
{
	switch (p->kind) {
	case NUM_PROGRESS_POINTS:
		snprintf(buf, n, "%spoint %.0f of %.0f",
			 terse ? "" : "sweep: ", fmin(p->done + 1, p->total), p->total);
		return;
	case NUM_PROGRESS_SETTLE:
		if (isnan(p->change) || terse)
			snprintf(buf, n, "period %ld of %s%ld", p->count + 1,
				 isnan(p->tol) ? "" : "at most ", p->cap);
		else if (isnan(p->tol))
			snprintf(buf, n, "period %ld of %ld", p->count + 1, p->cap);
		else
			/* what ends the run: the change per period below tol */
			snprintf(buf, n, "period %ld: change %.1e, steady below %.1e", p->count + 1,
				 p->change, p->tol);
		return;
	case NUM_PROGRESS_TIME:
		snprintf(buf, n, "%s%.0f%% of tmax", terse ? "t at " : "integrating: t at ",
			 p->total > 0 ? fmin(100, 100 * p->done / p->total) : 0);
		return;
	}
	buf[0] = '\0';
}

/* The line from the levels shown (the innermost `from` on), each terse or
 * not, with the time when `timed`: its columns. */
static int compose(const struct front_status *st, bool ascii, int from, bool terse, bool timed,
		   char *buf, size_t n)
{
	const char *sep = ascii ? ", " : " · ";
	size_t len = 0;
	buf[0] = '\0';
	bool outer = st->have[0] || st->have[1];
	for (int l = from; l < STATUS_LEVELS; l++) {
		/* an integration inside a sweep or a period is only a piece of
		 * it: its share of its own span would mislead */
		if (!st->have[l] || (l == 2 && outer))
			continue;
		char part[128];
		describe(&st->level[l], terse, part, sizeof(part));
		len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, "%s%s",
					len ? sep : "", part);
	}
	if (!len)
		len += (size_t)snprintf(buf, n, "working");
	if (timed)
		len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0,
					"%s%.1f s", sep, front_now() - st->start);
	len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0,
				"%sCtrl-C stops it", sep);
	return utf8_cols(buf, strlen(buf), ascii);
}

void front_status_text(const struct front_status *st, bool ascii, int cols, char *buf, size_t n)
{
	/* narrower and narrower: terse words, then the outer levels dropped
	 * (the innermost moves, it says the work goes on), then the time;
	 * "Ctrl-C stops it" stays to the last */
	for (int from = 0; from < STATUS_LEVELS; from++)
		for (int terse = 0; terse < 2; terse++)
			if (compose(st, ascii, from, terse, true, buf, n) <= cols)
				return;
	compose(st, ascii, STATUS_LEVELS - 1, true, false, buf, n);
}
