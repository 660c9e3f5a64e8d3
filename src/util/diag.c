#include "util/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/text.h"

void diag_clear(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

int diag_set(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	diag_clear(d);
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int diag_at(struct diag *d, const char *file, int line, int col, const char *source,
	    const char *fmt, ...)
{
	va_list ap;
	diag_clear(d);
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	snprintf(d->file, sizeof(d->file), "%s", file ? file : "");
	d->line = line;
	d->col = col;
	if (source) {
		size_t n = strcspn(source, "\r\n");
		if (n >= sizeof(d->source))
			n = sizeof(d->source) - 1;
		memcpy(d->source, source, n);
		d->source[n] = '\0';
	}
	return -1;
}

void diag_prefix(struct diag *d, const char *fmt, ...)
{
	char both[2 * sizeof(d->prefix)];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(both, sizeof(d->prefix), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(d->prefix))
		n = sizeof(d->prefix) - 1;
	memcpy(both + n, d->prefix, sizeof(d->prefix));
	memcpy(d->prefix, both, sizeof(d->prefix) - 1);
	d->prefix[sizeof(d->prefix) - 1] = '\0';
}

/* Appends s, which may hold what a hostile file or command line put in a
 * message, so that it cannot drive the terminal: control characters (but
 * a newline or a tab), DEL, the C1 controls and bytes that are not UTF-8
 * are written as \xHH. */
static void add_clean(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t n = text_utf8_char((const char *)p);
		bool c1 = n == 2 && p[0] == 0xC2 && p[1] < 0xA0;
		if (n == 0 || c1 || (*p < ' ' && *p != '\n' && *p != '\t') || *p == 0x7F) {
			strbuf_addf(out, "\\x%02X", *p);
			p += c1 ? 2 : 1;
			if (c1)
				strbuf_addf(out, "\\x%02X", p[-1]);
			continue;
		}
		strbuf_add(out, (const char *)p, n);
		p += n;
	}
}

void diag_format(const struct diag *d, struct strbuf *out)
{
	add_clean(out, d->prefix);
	if (d->file[0]) {
		add_clean(out, d->file);
		if (d->line > 0)
			strbuf_addf(out, ":%d", d->line);
		if (d->line > 0 && d->col > 0)
			strbuf_addf(out, ":%d", d->col);
		strbuf_addstr(out, ": ");
	}
	add_clean(out, d->msg[0] ? d->msg : "unknown error");
	strbuf_addch(out, '\n');
	/* a caret only where it can point into the line shown */
	if (d->source[0] && d->col > 0 && (size_t)d->col <= strlen(d->source) + 1) {
		strbuf_addstr(out, "    ");
		/* Tabs and control characters would misplace the caret, and
		 * could drive the terminal: a blank each, and a '?' for each
		 * byte that is not UTF-8, so that every one still takes a column. */
		char src[sizeof(d->source)];
		const unsigned char *p = (const unsigned char *)d->source;
		size_t k = 0;
		while (*p) {
			size_t n = text_utf8_char((const char *)p);
			if (n == 2 && p[0] == 0xC2 && p[1] < 0xA0)
				n = 0;
			if (n == 0) {
				src[k++] = '?';
				p++;
			} else if (n == 1 && (*p < ' ' || *p == 0x7F)) {
				src[k++] = ' ';
				p++;
			} else {
				memcpy(src + k, p, n);
				k += n;
				p += n;
			}
		}
		src[k] = '\0';
		strbuf_addstr(out, src);
		strbuf_addstr(out, "\n    ");
		/* The caret goes under the col-th byte, counted in code points. */
		int w = 0;
		for (int i = 0; i < d->col - 1 && src[i]; i++)
			if (((unsigned char)src[i] & 0xC0) != 0x80)
				w++;
		for (int i = 0; i < w; i++)
			strbuf_addch(out, ' ');
		strbuf_addstr(out, "^\n");
	}
}
