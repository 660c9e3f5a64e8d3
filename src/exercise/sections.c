/* A model the file states (model.h's makers: lagrange): the file's
 * sections with their keys, read in a pass before the main one, and the
 * model its maker makes of them (exercise/parse.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/parse.h"
#include "util/xalloc.h"

/* ---- a model the file states: its sections, read before the rest ---------- */

struct file_sections {
	struct model_section *secs;
	size_t n;
};

static void file_sections_release(struct file_sections *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		struct model_section *sec = &fs->secs[i];
		for (size_t k = 0; k < sec->nkeys; k++) {
			free((char *)sec->keys[k].name);
			free((char *)sec->keys[k].value);
		}
		free((struct model_key *)sec->keys);
		free((char *)sec->kind);
		free((char *)sec->arg);
	}
	free(fs->secs);
}

/* Every section of the file with its keys, read in a pass of their own
 * for a model the file states: the main pass then checks the rest of the
 * file against the model as for any other, and says what is wrong with
 * the lines; this one only reads what it can. */
static void file_sections_read(const struct parse *ps, struct file_sections *fs)
{
	size_t pos = 0;
	int lineno = 0;
	struct model_key *last = NULL; /* the key an indented line goes on with */
	while (pos < ps->len) {
		const char *start = ps->text + pos;
		const char *nl = memchr(start, '\n', ps->len - pos);
		size_t n = nl ? (size_t)(nl - start) : ps->len - pos;
		pos += n + (nl != NULL);
		lineno++;
		char *raw = xstrndup(start, n);
		size_t len = strlen(raw);
		if (len && raw[len - 1] == '\r')
			raw[--len] = '\0';
		for (char *q = raw + 1; len && *q; q++) /* an inline comment */
			if (*q == ';' && (q[-1] == ' ' || q[-1] == '\t')) {
				*q = '\0';
				break;
			}
		char *p = raw;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == ';' || *p == '#') {
			free(raw);
			continue;
		}
		if (p != raw && last) { /* continues the value before */
			char *v = parse_strip(p, strlen(p));
			char *joined = xmalloc(strlen(last->value) + strlen(v) + 2);
			sprintf(joined, "%s %s", last->value, v);
			free((char *)last->value);
			last->value = joined;
			free(raw);
			continue;
		}
		last = NULL;
		if (*p == '[') {
			char kind[80] = "", arg[80] = "";
			const char *close = strchr(p, ']');
			int nf = close ? sscanf(p + 1, "%79[^] ] %79[^] ]", kind, arg) : 0;
			fs->secs = xrealloc(fs->secs, (fs->n + 1) * sizeof(*fs->secs));
			fs->secs[fs->n++] =
				(struct model_section){.kind = xstrdup(kind),
						       .arg = nf == 2 ? xstrdup(arg) : NULL,
						       .line = lineno};
			free(raw);
			continue;
		}
		char *eq = strpbrk(p, "=:");
		if (!eq || !fs->n) {
			free(raw);
			continue;
		}
		*eq = '\0';
		const char *key = parse_strip(p, (size_t)(eq - p));
		char *v = eq + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		const int col = (int)(v - raw) + 1;
		struct model_section *sec = &fs->secs[fs->n - 1];
		struct model_key *keys =
			xrealloc((struct model_key *)sec->keys, (sec->nkeys + 1) * sizeof(*keys));
		last = &keys[sec->nkeys];
		*last = (struct model_key){xstrdup(key), xstrdup(parse_strip(v, strlen(v))), lineno,
					   col};
		sec->keys = keys;
		sec->nkeys++;
		free(raw);
	}
}

/* The model of a file whose model its maker makes from the file's
 * sections; NULL with the error recorded. */
struct model *parse_file_model(struct parse *ps, const struct model_maker *maker)
{
	struct file_sections fs = {NULL, 0};
	file_sections_read(ps, &fs);
	int line = 0, col = 0;
	struct diag why;
	diag_clear(&why);
	struct model *m = maker->make(fs.secs, fs.n, &line, &col, &why);
	/* a [result NAME] of a parameter's name made `print m` the result's
	 * and hid the parameter without a word (issue 43) */
	for (size_t i = 0; m && i < fs.n; i++)
		for (size_t j = 0; fs.secs[i].arg && j < fs.n; j++)
			if (!strcmp(fs.secs[i].kind, "result") && fs.secs[j].arg &&
			    !strcmp(fs.secs[j].kind, "param") &&
			    !strcmp(fs.secs[i].arg, fs.secs[j].arg)) {
				maker->free(m);
				m = NULL;
				line = fs.secs[i].line;
				col = 0;
				diag_set(&why,
					 "[result %s] has the name of [param %s] (line %d): "
					 "give the result another name",
					 fs.secs[i].arg, fs.secs[j].arg, fs.secs[j].line);
				break;
			}
	if (!m && line)
		parse_err_line(ps, line, col > 0 ? col - 1 : 0, "%s", why.msg);
	else if (!m)
		parse_err(ps, parse_col_of_value(ps), "%s", why.msg);
	file_sections_release(&fs);
	return m;
}
