/* save FILE [force]: the session kept in a file (issue 40). A script that
 * `tribo FILE` replays (the load, every set in effect, solve), or, for a
 * name ending in .ini, the loaded exercise with its current values, an
 * exercise file that `load FILE.ini` reads back. Numbers are written to
 * the fewest digits that read back as the same double (%.17g at most), so
 * that a replay solves the very same problem. Nothing of the user's text
 * goes to a shell: the file is written through util/outfile.h, whole or
 * not at all. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/handlers.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/xalloc.h"

/* x to the fewest significant digits (15 to 17) that read back as x. */
static void format_exact(double x, char *buf, size_t n)
{
	for (int p = 15; p <= 17; p++) {
		snprintf(buf, n, "%.*g", p, x);
		if (strtod(buf, NULL) == x)
			return;
	}
}

/* A word as the tokenizer reads it back: bare when it is plain, else in
 * double quotes with " and \ escaped. Refuses a control character (a
 * newline would end the command). */
static int add_word(struct strbuf *out, const char *w, struct diag *d)
{
	bool plain = *w != '\0';
	for (const char *p = w; *p; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return diag_set(d, "'%s' holds a control character: a script cannot say it",
					w);
		if (strchr(" \t'\"#;\\", *p))
			plain = false;
	}
	if (plain) {
		strbuf_addstr(out, w);
		return 0;
	}
	strbuf_addch(out, '"');
	for (const char *p = w; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, *p);
	}
	strbuf_addch(out, '"');
	return 0;
}

/* How the script loads the exercise: by id when the catalogue finds the
 * very file loaded under it, else by the file's absolute path. */
static int add_load(struct strbuf *out, const struct exercise *ex, struct diag *d)
{
	struct catalog cat;
	char here[PATH_MAX], there[PATH_MAX];
	bool found_here = realpath(ex->path, here) != NULL;
	catalog_scan(&cat);
	const struct catalog_entry *e = catalog_find(&cat, ex->id);
	bool by_id = e && found_here && realpath(e->path, there) && !strcmp(here, there);
	catalog_release(&cat);
	strbuf_addstr(out, "load ");
	if (by_id)
		return add_word(out, ex->id, d);
	if (!found_here)
		return diag_set(d,
				"the exercise's file %s is no longer there: a script could not "
				"load it ('save FILE.ini' keeps the exercise itself)",
				ex->path);
	return add_word(out, here, d);
}

static int script_text(struct cmd_ctx *c, struct strbuf *out)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct model *m = ex->model;
	strbuf_addf(out,
		    "# tribo session on exercise %s, saved by 'save'; 'tribo FILE' replays it\n",
		    ex->id);
	if (add_load(out, ex, c->d))
		return -1;
	strbuf_addch(out, '\n');
	for (size_t i = 0; i < m->nparams; i++) {
		const struct param_state *st = session_param(c->s, i);
		if (!st->changed)
			continue;
		strbuf_addf(out, "set %s ", m->params[i].name);
		if (m->params[i].kind == PARAM_NUMBER) {
			/* in the parameter's own unit, which the value is kept in:
			 * no conversion, so no rounding; the unit as a comment */
			char num[32];
			format_exact(st->num, num, sizeof num);
			strbuf_addstr(out, num);
			if (ex->params[i].unit[0])
				strbuf_addf(out, "  # %s", ex->params[i].unit);
		} else {
			struct strbuf v = STRBUF_INIT;
			session_param_text(c->s, i, &v);
			int rc = add_word(out, strbuf_str(&v), c->d);
			strbuf_release(&v);
			if (rc)
				return -1;
		}
		strbuf_addch(out, '\n');
	}
	strbuf_addstr(out, "solve\n");
	return 0;
}

/* The value parameter i has now, as the file's `value =` says it. */
static int ini_value(struct cmd_ctx *c, size_t i, struct strbuf *out)
{
	const struct param_state *st = session_param(c->s, i);
	const struct exercise *ex = session_exercise(c->s);
	if (ex->params[i].spec->kind == PARAM_NUMBER) {
		char num[32];
		format_exact(st->num, num, sizeof num);
		strbuf_addstr(out, num);
		return 0;
	}
	struct strbuf v = STRBUF_INIT;
	session_param_text(c->s, i, &v);
	const char *t = strbuf_str(&v);
	int rc = 0;
	for (const char *p = t; *p && !rc; p++)
		if ((unsigned char)*p < 0x20)
			rc = diag_set(c->d,
				      "%s holds a control character: an exercise file cannot "
				      "say it",
				      ex->params[i].spec->name);
	if (!rc)
		strbuf_addstr(out, t);
	strbuf_release(&v);
	return rc;
}

/* The exercise file as it was read, every `value =` of a changed
 * parameter rewritten (and its continuation lines dropped), a `value =`
 * put under the [param] of a changed parameter that had none, and a
 * [param] section at the end for a changed one the file did not name. */
static int ini_text(struct cmd_ctx *c, struct strbuf *out)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct model *m = ex->model;
	if (!ex->text)
		return diag_set(c->d, "the exercise was not read from a file");
	const char *p = ex->text, *end = ex->text + ex->text_len;
	int lineno = 0;
	bool dropping = false; /* the continuation lines of a value rewritten */
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		lineno++;
		bool cont = n > 0 && (*p == ' ' || *p == '\t') && strspn(p, " \t\r") < n;
		if (dropping && cont) {
			p += n + (nl != NULL);
			continue;
		}
		dropping = false;
		bool replaced = false;
		for (size_t i = 0; i < m->nparams; i++) {
			const struct ex_param *ep = &ex->params[i];
			if (!session_param(c->s, i)->changed)
				continue;
			if (ep->value_line == lineno) {
				strbuf_addstr(out, "value = ");
				if (ini_value(c, i, out))
					return -1;
				strbuf_addch(out, '\n');
				replaced = dropping = true;
			}
		}
		if (!replaced) {
			strbuf_add(out, p, n);
			strbuf_addch(out, '\n');
		}
		for (size_t i = 0; i < m->nparams; i++) {
			const struct ex_param *ep = &ex->params[i];
			if (session_param(c->s, i)->changed && ep->line == lineno &&
			    !ep->value_line) {
				strbuf_addstr(out, "value = ");
				if (ini_value(c, i, out))
					return -1;
				strbuf_addch(out, '\n');
			}
		}
		p += n + (nl != NULL);
	}
	for (size_t i = 0; i < m->nparams; i++) {
		const struct ex_param *ep = &ex->params[i];
		if (!session_param(c->s, i)->changed || ep->line)
			continue;
		strbuf_addf(out, "\n[param %s]\nvalue = ", m->params[i].name);
		if (ini_value(c, i, out))
			return -1;
		strbuf_addch(out, '\n');
		if (ep->spec->kind == PARAM_NUMBER && ep->unit[0])
			strbuf_addf(out, "unit = %s\n", ep->unit);
	}
	return 0;
}

int cmd_save(struct cmd_ctx *c)
{
	bool force = c->args->n == 3;
	if (force && strcmp(c->args->v[2].text, "force"))
		return diag_set(c->d, "'%s' is not 'force'; usage: save FILE [force]",
				c->args->v[2].text);
	char *path = token_path(c->args->v[1].text);
	size_t len = strlen(path);
	bool ini = len > 4 && !strcmp(path + len - 4, ".ini");
	struct strbuf text = STRBUF_INIT;
	struct outfile f;
	struct stat sb;
	int rc = -1;
	if (!force && lstat(path, &sb) == 0) {
		diag_set(c->d, "%s exists: 'save %s force' replaces it", path, c->args->v[1].text);
		goto done;
	}
	if (ini ? ini_text(c, &text) : script_text(c, &text))
		goto done;
	if (outfile_open(&f, path, c->d))
		goto done;
	if (outfile_write(&f, text.buf, text.len, c->d)) {
		outfile_abort(&f);
		goto done;
	}
	if (outfile_commit(&f, c->d))
		goto done;
	strbuf_addf(c->out, "wrote %s: %s\n", path,
		    ini ? "the exercise with its current values ('load' reads it)"
			: "the session as a script ('tribo FILE' replays it)");
	rc = 0;
done:
	strbuf_release(&text);
	free(path);
	return rc;
}
