/* Files tribo writes for the user (plots, CSV): written whole to a
 * temporary file next to the target, then renamed over it, so that a
 * failure never leaves half a file where the user asked for one. */
#ifndef TRIBO_OUTFILE_H
#define TRIBO_OUTFILE_H

#include "util/diag.h"

struct outfile {
	char *path; /* the user's name for it (owned copy) */
	char *tmp;  /* the temporary file: an absolute path tribo chose */
	int fd;	    /* open on tmp for writing; -1 once closed */
};

/* Checks the name (not empty, no control characters, not a directory, its
 * directory there and writable) and creates the temporary file, mode
 * 0666 less the umask. 0, or -1 with d set (nothing created). */
int outfile_open(struct outfile *f, const char *path, struct diag *d);
/* Writes all of data to the temporary file. */
int outfile_write(struct outfile *f, const char *data, size_t n, struct diag *d);
/* Renames the temporary file over path when it is not empty; else, or on
 * failure, removes it. 0, or -1 with d set. Releases f either way. */
int outfile_commit(struct outfile *f, struct diag *d);
/* Removes the temporary file and releases f. */
void outfile_abort(struct outfile *f);

/* Every temporary file tribo has made and not yet renamed or removed (the
 * outfiles', gnuplot's script) is tracked, so that a signal that ends
 * tribo removes it: outfile_remove_temporaries is async-signal-safe. A
 * tracked name must stay allocated until it is untracked; at most 16 are. */
void outfile_track(const char *tmp);
void outfile_untrack(const char *tmp);
void outfile_remove_temporaries(void);

#endif
