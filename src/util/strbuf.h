/* A growing, always NUL-terminated byte buffer (after git's strbuf). */
#ifndef TRIBO_STRBUF_H
#define TRIBO_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "util/utf8.h" /* strbuf_addpad measures with utf8_width */

struct strbuf {
	char *buf; /* owned; "" until something is added */
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT                                                                                \
	{                                                                                          \
		NULL, 0, 0                                                                         \
	}

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_add(struct strbuf *sb, const char *data, size_t n);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Appends s and pads it with spaces to `width` columns (utf8_width). */
void strbuf_addpad(struct strbuf *sb, const char *s, int width);
/* The buffer's text; never NULL. */
const char *strbuf_str(const struct strbuf *sb);
/* Hands the buffer to the caller (free() it) and resets sb. */
char *strbuf_detach(struct strbuf *sb);

#endif
