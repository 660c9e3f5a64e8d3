/* A course's header and roster (sheet/course.h). */
#include "sheet/course.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* ---- a course's header ------------------------------------------------- */

enum { HEADER_MAX_BYTES = 1 << 16 };

void sheet_header_release(struct ps_header *h)
{
	free(h->course);
	free(h->title);
	free(h->date);
	free(h->instructions);
	*h = (struct ps_header){0};
}

int sheet_header_load(const char *path, struct ps_header *h, struct diag *d)
{
	*h = (struct ps_header){0};
	struct strbuf text = STRBUF_INIT;
	if (read_whole_file(path, HEADER_MAX_BYTES, &text, d)) {
		strbuf_release(&text);
		return -1;
	}
	static const char *const keys[] = {"course", "title", "date", "instructions"};
	char **slot[] = {&h->course, &h->title, &h->date, &h->instructions};
	char **cur = NULL;
	int line = 0, rc = 0;
	for (const char *p = strbuf_str(&text); *p && !rc; line++) {
		size_t len = strcspn(p, "\n");
		char *l = strndup(p, len);
		p += len + (p[len] == '\n');
		if (len && l[len - 1] == '\r')
			l[--len] = '\0';
		char *t = l + strspn(l, " \t");
		if (!*t || *t == '#' || *t == ';') {
			cur = *t ? cur : NULL;
			free(l);
			continue;
		}
		if (t != l && cur) { /* the value goes on */
			struct strbuf j = STRBUF_INIT;
			strbuf_addf(&j, "%s%s%s", *cur, **cur ? " " : "", t);
			free(*cur);
			*cur = strbuf_detach(&j);
			free(l);
			continue;
		}
		char *eq = strchr(t, '=');
		if (!eq) {
			rc = diag_set(d, "%s:%d: not 'key = value'", path, line + 1);
			free(l);
			break;
		}
		char *k = t, *ke = eq;
		while (ke > k && (ke[-1] == ' ' || ke[-1] == '\t'))
			ke--;
		*ke = '\0';
		char *v = eq + 1 + strspn(eq + 1, " \t");
		size_t vl = strlen(v);
		while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
			v[--vl] = '\0';
		int which = -1;
		for (int i = 0; i < 4; i++)
			if (!strcmp(k, keys[i]))
				which = i;
		if (which < 0)
			rc = diag_set(d,
				      "%s:%d: unknown key '%s' (course, title, date, instructions)",
				      path, line + 1, k);
		else if (*slot[which])
			rc = diag_set(d, "%s:%d: '%s' is given twice", path, line + 1, k);
		else {
			*slot[which] = xstrdup(v);
			cur = slot[which];
		}
		free(l);
	}
	strbuf_release(&text);
	if (rc)
		sheet_header_release(h);
	return rc;
}

/* ---- a roster ---------------------------------------------------------- */

enum { ROSTER_MAX_BYTES = 1 << 20 };

/* A header cell, trimmed and lower-cased, against names (NULL-ended). */
static bool header_is(const char *cell, const char *const *names)
{
	char buf[64];
	size_t n = 0;
	const char *p = cell;
	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p && n + 1 < sizeof buf; p++)
		buf[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
	for (; *names; names++)
		if (!strcmp(buf, *names))
			return true;
	return false;
}

static char *trimmed(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return strndup(s, n);
}

/* The students of a roster CSV (a header row, then one student a row):
 * the column headed name, full name, student or student name; else first
 * name and last name (or surname, family name), as an LMS exports them,
 * joined; else the first column. Each name once, none empty. */
int sheet_roster_load(const char *path, char ***out, size_t *count, struct diag *d)
{
	static const char *const full[] = {"name", "full name", "student", "student name", NULL};
	static const char *const first[] = {"first name", "firstname", "given name", NULL};
	static const char *const last[] = {"last name", "lastname", "surname", "family name", NULL};
	struct csv c;
	if (csv_read(path, ROSTER_MAX_BYTES, &c, d))
		return -1;
	if (c.n < 2) {
		csv_release(&c);
		return diag_set(d, "%s: no students: a header row, then one student a row", path);
	}
	long col = -1, fcol = -1, lcol = -1;
	for (size_t j = 0; j < c.row[0].n; j++) {
		const char *h = c.row[0].field[j];
		if (col < 0 && header_is(h, full))
			col = (long)j;
		if (fcol < 0 && header_is(h, first))
			fcol = (long)j;
		if (lcol < 0 && header_is(h, last))
			lcol = (long)j;
	}
	if (col < 0 && (fcol < 0 || lcol < 0))
		col = 0;
	char **names = xcalloc(c.n - 1, sizeof(char *));
	size_t n = 0;
	int rc = 0;
	for (size_t i = 1; i < c.n && !rc; i++) {
		const struct csv_row *r = &c.row[i];
		struct strbuf sb = STRBUF_INIT;
		if (col >= 0) {
			if ((size_t)col < r->n)
				strbuf_addstr(&sb, r->field[col]);
		} else {
			char *f = (size_t)fcol < r->n ? trimmed(r->field[fcol]) : strdup("");
			char *l = (size_t)lcol < r->n ? trimmed(r->field[lcol]) : strdup("");
			strbuf_addf(&sb, "%s%s%s", f, *f && *l ? " " : "", l);
			free(f);
			free(l);
		}
		char *name = trimmed(strbuf_str(&sb));
		strbuf_release(&sb);
		if (!*name) {
			rc = diag_set(d, "%s:%d: no name in the %s", path, r->line,
				      col >= 0 ? "name column" : "first and last name columns");
			free(name);
			break;
		}
		/* a name is one line: a line break in it (a quoted field may
		 * hold one) broke the Markdown heading and reached the text
		 * sheet raw (issue 43) */
		const char *brk = NULL;
		for (const unsigned char *u = (const unsigned char *)name; *u && !brk; u++)
			if (*u < 0x20 || *u == 0x7f ||
			    (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f) ||
			    (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)))
				brk = (const char *)u;
		if (brk) {
			rc = diag_set(d,
				      "%s:%d: the name holds %s: a student's name is one line "
				      "of printable characters",
				      path, r->line,
				      *brk == '\n' || *brk == '\r' || (unsigned char)*brk == 0xe2
					      ? "a line break"
					      : "a control character");
			free(name);
			break;
		}
		for (size_t k = 0; k < n && !rc; k++)
			if (!strcmp(names[k], name))
				rc = diag_set(d,
					      "%s:%d: '%s' is on the roster twice (line %d too): "
					      "the key could not tell them apart",
					      path, r->line, name, c.row[k + 1].line);
		if (rc) {
			free(name);
			break;
		}
		names[n++] = name;
	}
	csv_release(&c);
	if (rc) {
		for (size_t k = 0; k < n; k++)
			free(names[k]);
		free(names);
		return -1;
	}
	*out = names;
	*count = n;
	return 0;
}
