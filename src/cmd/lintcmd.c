/* lint [FILE|ID]: the exercise file checked and solved at the ends of its
 * draw ranges (src/exercise/lint.h), without touching the session. */
#include <stdlib.h>
#include <string.h>

#include "cmd/handlers.h"
#include "exercise/lint.h"
#include "util/text.h"
#include "util/xalloc.h"

/* Lints the file; what it finds is the command's output, not its failure
 * (as a wrong answer is for check): the command fails only when there is
 * nothing to lint. */
int cmd_lint(struct cmd_ctx *c)
{
	const struct exercise *ex = session_exercise(c->s);
	if (c->args->n < 2) {
		if (!ex)
			return diag_set(c->d, "no exercise loaded: lint FILE or ID, or 'load' one");
		exercise_lint(ex->path, c->out, NULL);
		return 0;
	}
	const char *what = c->args->v[1].text;
	size_t n = strlen(what);
	if (strchr(what, '/') || (n > 4 && !strcmp(what + n - 4, ".ini"))) {
		exercise_lint(what, c->out, NULL);
		return 0;
	}
	struct catalog cat;
	catalog_scan(&cat);
	const struct catalog_entry *e = catalog_find(&cat, what);
	if (e) {
		exercise_lint(e->path, c->out, NULL);
		catalog_release(&cat);
		return 0;
	}
	const char **ids = xmalloc((cat.n + 1) * sizeof(*ids));
	for (size_t i = 0; i < cat.n; i++)
		ids[i] = cat.entry[i].id;
	char hint[96];
	if (*text_did_you_mean(what, ids, cat.n, hint, sizeof(hint)))
		diag_set(c->d, "no exercise '%s'%s", what, hint);
	else
		diag_set(c->d, "no exercise '%s'; 'list' shows the exercises there are", what);
	free(ids);
	catalog_release(&cat);
	return -1;
}
