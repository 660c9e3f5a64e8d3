/* Files tribo reads (exercises, scripts, headers, rosters, answer sheets,
 * manifests): a name that is not a regular file is refused at once,
 * before a byte is read. The open does not wait (O_NONBLOCK: a FIFO with
 * no writer blocked `roster` and `header` forever in open(2)), and what
 * it opened is looked at with fstat: a directory, a FIFO, a device or a
 * socket is refused with what it is. Only /dev/stdin, asked for by name,
 * is read as it is (a pipe: `... | tribo -c 'load /dev/stdin'`), unless
 * it is a directory. */
#ifndef TRIBO_INFILE_H
#define TRIBO_INFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* What a file of this mode is, as the end of a sentence whose subject is
 * the file: "is a directory", "is not a regular file (a FIFO)", ... */
const char *infile_kind(mode_t mode);

enum { INFILE_CANNOT_OPEN = -1, INFILE_NOT_REGULAR = -2 };

/* Opens path for reading (blocking reads, close-on-exec). The descriptor,
 * or INFILE_CANNOT_OPEN with why set to strerror's words, or
 * INFILE_NOT_REGULAR with why set to infile_kind's. */
int infile_open(const char *path, char *why, size_t n);
/* The same as a stdio stream; *rc (when not NULL) gets the negative code
 * on failure. */
FILE *infile_fopen(const char *path, char *why, size_t n, int *rc);

#endif
