#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*fail_hook)(void);

void xalloc_set_fail_hook(void (*hook)(void))
{
	fail_hook = hook;
}

static _Noreturn void fail(size_t n)
{
	if (fail_hook)
		fail_hook();
	fprintf(stderr, "tribo: out of memory (%zu bytes)\n", n);
	exit(EXIT_FAILURE);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		fail(n);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		fail(count * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		fail(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
