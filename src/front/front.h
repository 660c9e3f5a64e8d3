/* The front ends: batch (-c, script files, standard input) and the plain
 * readline REPL. Each returns the process's exit status. */
#ifndef TRIBO_FRONT_H
#define TRIBO_FRONT_H

#include <stdbool.h>
#include <stdio.h>

#include "exercise/session.h"

/* Each batch command from now on stops after `text` seconds (TRIBO_TIMEOUT,
 * --timeout) and fails with a message saying so. -1 and *d on a bad value. */
int front_batch_set_timeout(const char *text, struct diag *d);

/* The batch's time limit around work that is not a command (each file of
 * `tribo --lint`): start arms it (nothing without a limit), end disarms it
 * and says whether it was reached (the work was stopped as by Ctrl-C). */
void front_batch_limit_start(void);
bool front_batch_limit_end(void);
double front_batch_limit(void);
/* tribo -c 'CMD; CMD …' [-c …]: the n strings in order; stops at the
 * first failing command (or quit). */
int front_batch_strings(struct session *s, char *const *commands, int n);
/* tribo FILE, tribo < FILE: one command a line; `name` is used in messages. */
int front_batch_file(struct session *s, FILE *f, const char *name);
/* tribo --plain (and tribo on a terminal): readline, history, completion.
 * Returns 1 if any command failed, as a batch would. */
int front_repl(struct session *s);

/* tribo on a terminal: the full-screen workbench. Returns the exit status
 * as front_repl does, or -2 when the terminal cannot do it (TERM unset or
 * dumb, no terminfo entry): then the caller falls back to front_repl. */
int front_screen(struct session *s);

/* Writes a command's output to f under the one escaping rule for text
 * from outside (utf8_add_clean): an exercise's title or statement cannot
 * drive the terminal of the batch and --plain modes. */
void front_put_clean(FILE *f, const struct strbuf *out);
/* Whether the environment's locale is not UTF-8: then every output (batch,
 * --plain, the screen) spells its characters in ASCII, with the one table
 * of util/utf8.c (u̇ is "u'", ü "u''", μ "mu"). */
bool front_ascii(void);

/* The interactive modes' signals: SIGINT to `on_int` (stop the command or
 * drop the line); every other signal whose default action ends the
 * process (Term or Core in signal(7): all but CHLD, CONT, STOP, TSTP,
 * TTIN, TTOU, URG, WINCH; XFSZ, XCPU, TRAP, SYS, PROF, VTALRM and the
 * real-time ones included), unless tribo was started with it ignored, to
 * `on_end`, which only sets a flag, the loop then leaving as 'quit' does
 * (history kept, temporary files removed, terminal given back) before
 * tribo dies of the signal; a crash (SEGV, BUS, FPE, ABRT, ILL) to
 * `on_crash`, once, which gives the terminal back, removes the temporary
 * files (outfile_remove_temporaries) and re-raises. */
void front_catch_signals(void (*on_int)(int), void (*on_end)(int), void (*on_crash)(int));
/* The batch modes': the same signals, SIGINT too, remove the temporary
 * files and end tribo as they would have. */
void front_batch_signals(void);

#endif
