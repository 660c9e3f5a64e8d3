/* The command language (SPEC §2): one table from which dispatch, argument
 * checks, completion and help are all derived. */
#ifndef TRIBO_COMMAND_H
#define TRIBO_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/token.h"
#include "exercise/session.h"
#include "plot/plot.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* What a word on the command line can be, for completion. */
enum complete_kind {
	COMPLETE_NONE,
	COMPLETE_COMMAND,
	COMPLETE_EXERCISE, /* ids, and file names */
	COMPLETE_PARAM,
	COMPLETE_NAME,	/* parameters and results */
	COMPLETE_VALUE, /* the choices of the parameter before it */
	COMPLETE_UNIT,
	COMPLETE_EXPR,	 /* names and functions */
	COMPLETE_FIGURE, /* figure names, 'to' and 'window'; a file after 'to' */
	COMPLETE_FORMAT, /* export formats */
	COMPLETE_FILE,
	COMPLETE_TABLE,	   /* table and figure names */
	COMPLETE_GENERATE, /* generate's words and exercise ids; their values after them */
	COMPLETE_LAW,	   /* the friction laws' names, after help's 'law' */
};

/* Completion kinds given per argument: enough for sweep's five. */
enum { CMD_COMPLETE_MAX = 5 };

struct cmd_ctx {
	struct session *s;
	const struct tokens *args; /* args->v[0] is the command's name */
	const char *line;
	const char *rest; /* the line after the command's name, for CMD_RAW */
	struct strbuf *out;
	struct diag *d;
	bool interactive; /* say what was done, not only what was asked */
	bool quit;
	struct plot_pane *pane; /* the screen's plot pane; NULL in the other modes */
	size_t rest_off;	/* where rest starts in line (carets point into the line) */
};

enum {
	CMD_NEEDS_EXERCISE = 1 << 0,
	CMD_NEEDS_SOLUTION = 1 << 1,
	CMD_RAW = 1 << 2, /* takes the rest of the line as one argument */
};

struct command {
	const char *name;
	int (*run)(struct cmd_ctx *c);
	int min_args, max_args; /* not counting the name; -1: no limit */
	unsigned flags;
	const char *usage;
	const char *summary;
	const char *help;
	enum complete_kind complete[CMD_COMPLETE_MAX]; /* per argument; the last one repeats */
};

/* NULL-terminated. */
const struct command *const *command_all(void);
const struct command *command_find(const char *name);

/* Runs one command line. Output goes to `out`; a failure returns -1 with
 * d->msg starting with the command's name. An empty line or a comment is
 * a success that does nothing. *quit is set by `quit`. `pane` is the
 * full-screen mode's plot pane, which `plot` and `zoom` change; NULL
 * elsewhere. */
int command_run(struct session *s, const char *line, bool interactive, struct plot_pane *pane,
		struct strbuf *out, struct diag *d, bool *quit);

/* Completion of the word that starts at byte `start` of `line`: a
 * NULL-terminated array of candidates (caller frees each and the array),
 * and *files set when file names fit there too. */
char **command_complete(const struct session *s, const char *line, size_t start, bool *files);

#endif
