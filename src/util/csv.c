#include "util/csv.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/infile.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

void csv_release(struct csv *c)
{
	for (size_t i = 0; i < c->n; i++) {
		for (size_t j = 0; j < c->row[i].n; j++)
			free(c->row[i].field[j]);
		free(c->row[i].field);
	}
	free(c->row);
	*c = (struct csv){0};
}

static void add_field(struct csv_row *r, struct strbuf *f)
{
	r->field = xrealloc(r->field, (r->n + 1) * sizeof(char *));
	r->field[r->n++] = strbuf_detach(f);
}

/* The separator: a comma, unless the first line has none outside quotes
 * and has a semicolon. */
static char separator(const char *p, const char *end)
{
	bool q = false, semi = false;
	for (; p < end && (q || (*p != '\n' && *p != '\r')); p++) {
		if (*p == '"')
			q = !q;
		else if (!q && *p == ',')
			return ',';
		else if (!q && *p == ';')
			semi = true;
	}
	return semi ? ';' : ',';
}

int csv_parse(const char *name, const char *text, size_t len, struct csv *out, struct diag *d)
{
	const char *p = text, *end = text + len;
	*out = (struct csv){0};
	if (len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	if (memchr(p, '\0', (size_t)(end - p)))
		return diag_set(d, "%s: a NUL byte: not a text file", name);
	const char sep = separator(p, end);
	int line = 1;
	while (p < end) {
		struct csv_row r = {NULL, 0, line};
		struct strbuf f = STRBUF_INIT;
		bool blank = true;
		for (;;) {
			if (p < end && *p == '"' && f.len == 0) {
				const int qline = line;
				p++;
				for (;;) {
					if (p >= end) {
						strbuf_release(&f);
						csv_release(out);
						for (size_t i = 0; i < r.n; i++)
							free(r.field[i]);
						free(r.field);
						return diag_set(
							d,
							"%s:%d: a quoted field is not closed "
							"(a \" without its pair)",
							name, qline);
					}
					if (*p == '"' && p + 1 < end && p[1] == '"') {
						strbuf_addch(&f, '"');
						p += 2;
					} else if (*p == '"') {
						p++;
						break;
					} else {
						line += *p == '\n';
						strbuf_addch(&f, *p++);
					}
				}
				blank = false;
				/* text after the closing quote: kept, as spreadsheets do */
				while (p < end && *p != sep && *p != '\n' && *p != '\r')
					strbuf_addch(&f, *p++);
			}
			while (p < end && *p != sep && *p != '\n' && *p != '\r')
				strbuf_addch(&f, *p++), blank = false;
			add_field(&r, &f);
			if (p < end && *p == sep) {
				p++;
				blank = false;
				continue;
			}
			break;
		}
		if (p < end && *p == '\r')
			p++;
		if (p < end && *p == '\n')
			p++;
		line++;
		if (blank && r.n == 1) { /* an empty line */
			free(r.field[0]);
			free(r.field);
			continue;
		}
		out->row = xrealloc(out->row, (out->n + 1) * sizeof(*out->row));
		out->row[out->n++] = r;
	}
	return 0;
}

int read_whole_file(const char *path, size_t max_bytes, struct strbuf *out, struct diag *d)
{
	char why[128];
	FILE *f = infile_fopen(path, why, sizeof why, NULL);
	if (!f)
		return diag_set(d, "%s: %s", path, why);
	const size_t start = out->len;
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0 && out->len - start <= max_bytes)
		strbuf_add(out, buf, n);
	const int err = ferror(f), err_no = errno;
	fclose(f);
	if (err)
		return diag_set(d, "%s: read error: %s", path, strerror(err_no));
	if (out->len - start > max_bytes)
		return diag_set(d, "%s: larger than %zu bytes", path, max_bytes);
	return 0;
}

int csv_read(const char *path, size_t max_bytes, struct csv *out, struct diag *d)
{
	*out = (struct csv){0};
	struct strbuf sb = STRBUF_INIT;
	int rc = read_whole_file(path, max_bytes, &sb, d);
	if (!rc)
		rc = csv_parse(path, strbuf_str(&sb), sb.len, out, d);
	strbuf_release(&sb);
	return rc;
}

/* Whether a spreadsheet would take a cell beginning so for a formula
 * (OWASP's CSV injection list): =, +, -, @, a tab or a carriage return,
 * and their full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20), which
 * some locales' spreadsheets read as the ASCII ones. */
static bool formula_like(const char *s)
{
	static const char *const wide[] = {"\xEF\xBC\x9D", "\xEF\xBC\x8B", "\xEF\xBC\x8D",
					   "\xEF\xBC\xA0"};
	if (strchr("=+-@\t\r", s[0]) && s[0])
		return true;
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++)
		if (!strncmp(s, wide[i], 3))
			return true;
	return false;
}

void csv_add_cell(struct strbuf *out, const char *s)
{
	const bool formula = formula_like(s);
	if (!formula && !s[strcspn(s, ",\"\r\n")] && s[0] != ' ' &&
	    (!s[0] || s[strlen(s) - 1] != ' ')) {
		strbuf_addstr(out, s);
		return;
	}
	strbuf_addch(out, '"');
	if (formula) /* text, not a formula: the spreadsheet shows it without the quote */
		strbuf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '"')
			strbuf_addch(out, '"');
		strbuf_addch(out, *s);
	}
	strbuf_addch(out, '"');
}
