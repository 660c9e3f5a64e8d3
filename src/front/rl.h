/* What the two interactive front ends (the plain REPL and the full-screen
 * workbench) share of GNU readline: the history file and completion. */
#ifndef TRIBO_FRONT_RL_H
#define TRIBO_FRONT_RL_H

#include "exercise/session.h"

/* Reads $XDG_STATE_HOME/tribo/history (created with mode 0600). */
void front_history_open(void);
/* Writes it back, keeping the last 2000 lines. */
void front_history_close(void);
/* Adds an accepted line to the history and appends it to the history file
 * at once: a session that ends by a signal or a crash keeps its lines. */
void front_history_add(const char *line);
/* Sets readline's completion to tribo's command table over session s. */
void front_completion_setup(struct session *s);
/* The prompt for the session: "tribo> " or "tribo[ID]> ". */
const char *front_prompt(const struct session *s);

#endif
