/* Allocation that never returns NULL: on exhaustion the front end's cleanup
 * hook runs (it restores the terminal) and the program exits. */
#ifndef TRIBO_XALLOC_H
#define TRIBO_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Called once before exiting on out-of-memory; the full-screen front end
 * sets it to restore the terminal. */
void xalloc_set_fail_hook(void (*hook)(void));

#endif
