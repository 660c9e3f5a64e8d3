#include "util/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

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

void diag_format(const struct diag *d, struct strbuf *out)
{
	utf8_add_clean(out, d->prefix);
	if (d->file[0]) {
		utf8_add_clean(out, d->file);
		if (d->line > 0)
			strbuf_addf(out, ":%d", d->line);
		if (d->line > 0 && d->col > 0)
			strbuf_addf(out, ":%d", d->col);
		strbuf_addstr(out, ": ");
	}
	utf8_add_clean(out, d->msg[0] ? d->msg : "unknown error");
	strbuf_addch(out, '\n');
	/* a caret only where it can point into the line shown */
	if (d->source[0] && d->col > 0 && (size_t)d->col <= strlen(d->source) + 1) {
		strbuf_addstr(out, "    ");
		/* Tabs and control characters would misplace the caret, and
		 * could drive the terminal: a blank each, and a '?' for each
		 * byte that is not UTF-8 and each noncharacter, so that every
		 * one still takes a column.
		 * The caret goes under the col-th byte, in columns as drawn. */
		char src[sizeof(d->source)];
		size_t k = 0;
		int col = -1; /* the caret's column, once the col-th byte is reached */
		for (const char *p = d->source; *p;) {
			if (col < 0 && p - d->source >= d->col - 1) {
				src[k] = '\0';
				col = utf8_width(src);
			}
			uint32_t c;
			size_t n = utf8_decode(p, &c);
			if (c == UTF8_INVALID || (c >= 0x80 && c < 0xA0)) {
				for (size_t i = 0; i < n; i++)
					src[k++] = '?';
			} else if (c < ' ' || c == 0x7F) {
				src[k++] = ' ';
			} else if (utf8_cp_unwritable(c)) { /* a noncharacter (U+FFFE) */
				src[k++] = '?';
			} else {
				memcpy(src + k, p, n);
				k += n;
			}
			p += n;
		}
		src[k] = '\0';
		if (col < 0)
			col = utf8_width(src);
		strbuf_addstr(out, src);
		strbuf_addstr(out, "\n    ");
		for (int i = 0; i < col; i++)
			strbuf_addch(out, ' ');
		strbuf_addstr(out, "^\n");
	}
	if (d->more[0])
		utf8_add_clean(out, d->more);
}
