/* The commands' handlers (handlers.c, help.c and the cmd/ files named for
 * their command); the table in command.c is their only user. */
#ifndef TRIBO_HANDLERS_H
#define TRIBO_HANDLERS_H

#include "cmd/command.h"

int cmd_list(struct cmd_ctx *c);
int cmd_load(struct cmd_ctx *c);
int cmd_show(struct cmd_ctx *c);
int cmd_set(struct cmd_ctx *c);
int cmd_reset(struct cmd_ctx *c);
int cmd_solve(struct cmd_ctx *c);
int cmd_print(struct cmd_ctx *c);
int cmd_table(struct cmd_ctx *c);
int cmd_steps(struct cmd_ctx *c);
int cmd_eval(struct cmd_ctx *c);
int cmd_check(struct cmd_ctx *c);
int cmd_lint(struct cmd_ctx *c);
int cmd_plot(struct cmd_ctx *c);
int cmd_sweep(struct cmd_ctx *c);
int cmd_zoom(struct cmd_ctx *c);
int cmd_step(struct cmd_ctx *c);
int cmd_export(struct cmd_ctx *c);
int cmd_generate(struct cmd_ctx *c);
int cmd_grade(struct cmd_ctx *c);
int cmd_help(struct cmd_ctx *c);
int cmd_save(struct cmd_ctx *c);
int cmd_quit(struct cmd_ctx *c);
/* help NAME for a parameter or result of the loaded exercise: 0 when it
 * wrote that, 1 when NAME is neither. */
int cmd_help_name(struct cmd_ctx *c, const char *name);
/* help ID, help MODEL: an exercise of the catalogue (its title, model,
 * source, statement's first lines, parameters and results) or a model
 * (what it models, its parameters and results, its exercises); both when
 * NAME is an exercise's id and a model's name. 0 when it wrote that, 1
 * when NAME is neither. */
int cmd_help_exercise(struct cmd_ctx *c, const char *name);

/* Shared by the handlers' files (handlers.c, help.c). */
/* s as text from an exercise file is written: escaped, so that a hostile
 * file cannot drive the terminal (util/utf8.h). Returns tmp's text. */
const char *cmd_escaped(struct strbuf *tmp, const char *s);
/* A result in the exercise's units: those its [answer] asks in, else the
 * model's; "NAME = VALUE UNIT", or without the name ("value: VALUE UNIT"
 * in help). */
void cmd_add_result(struct cmd_ctx *c, size_t i, bool named);

#endif
