/* A gnuplot child process (SPEC §7, STYLE "Two external programs,
 * safely"): started with posix_spawnp, no shell, `gnuplot -d` in its own
 * process group, fed batches of commands through a pipe. Each batch ends
 * with a sentinel that reports gnuplot's error state, so an error is
 * matched to the batch that caused it. A gnuplot that exits, crashes or
 * hangs is reaped and reported; the next batch starts a new one. */
#ifndef TRIBO_GNUPLOT_H
#define TRIBO_GNUPLOT_H

#include <stdbool.h>
#include <sys/types.h>

#include "util/diag.h"
#include "util/strbuf.h"

struct gnuplot;

/* A handle; no process runs until the first batch. `program` is the
 * binary to run (searched in PATH); NULL: $GNUPLOT, else "gnuplot". */
struct gnuplot *gnuplot_new(const char *program);
/* Closes gnuplot's input and reaps it (killing it when it does not go). */
void gnuplot_free(struct gnuplot *g);

/* Runs one batch of commands (lines ending in '\n'). What gnuplot writes
 * to its standard output (the dumb terminal's text) is appended to `out`
 * (may be NULL). Returns 0, or -1 with d set: gnuplot's own message when a
 * command failed, or why gnuplot could not be run or stopped answering.
 * Waits at most the timeout (20 s by default). */
int gnuplot_run(struct gnuplot *g, const char *script, struct strbuf *out, struct diag *d);
/* What gnuplot wrote to its standard error during the last batch, the
 * sentinel taken out (warnings, the context of an error). */
const char *gnuplot_messages(const struct gnuplot *g);
/* Whether this gnuplot has terminal `name` (asked once: GPVAL_TERMINALS). */
int gnuplot_has_terminal(struct gnuplot *g, const char *name, bool *has, struct diag *d);

/* The running child's process id, or 0 when none runs (tests). */
pid_t gnuplot_pid(const struct gnuplot *g);
/* The longest wait for one batch, in milliseconds (tests shorten it). */
void gnuplot_set_timeout(struct gnuplot *g, int ms);
int gnuplot_timeout(const struct gnuplot *g);
/* Whether the last batch failed for want of an answer within the timeout
 * (gnuplot was stopped). */
bool gnuplot_timed_out(const struct gnuplot *g);

/* The one gnuplot the commands share, created on first use; its process is
 * ended at exit (atexit) or by gnuplot_close(), which the fronts may call
 * earlier. A later gnuplot_shared() starts afresh. */
struct gnuplot *gnuplot_shared(void);
void gnuplot_close(void);

#endif
