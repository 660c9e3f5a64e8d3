#include "util/outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/xalloc.h"

static bool has_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return true;
	return false;
}

/* The temporary files that exist now, for a signal that ends tribo to
 * remove (outfile_remove_temporaries): a fixed table, so that the handler
 * reads it without locks or allocation. A name is fully written before
 * its slot points at it and the slot cleared before it is freed. */
enum { TRACKED = 16 };
static const char *volatile tracked[TRACKED];

void outfile_track(const char *tmp)
{
	for (int i = 0; i < TRACKED; i++)
		if (!tracked[i]) {
			tracked[i] = tmp;
			return;
		}
}

void outfile_untrack(const char *tmp)
{
	for (int i = 0; i < TRACKED; i++)
		if (tracked[i] == tmp)
			tracked[i] = NULL;
}

void outfile_remove_temporaries(void)
{
	for (int i = 0; i < TRACKED; i++) {
		const char *p = tracked[i];
		if (p)
			unlink(p);
		tracked[i] = NULL;
	}
}

int outfile_open(struct outfile *f, const char *path, struct diag *d)
{
	*f = (struct outfile){NULL, NULL, -1};
	if (!*path)
		return diag_set(d, "the file name is empty");
	if (has_control(path))
		return diag_set(d, "the file name holds a control character");
	size_t n = strlen(path);
	if (path[n - 1] == '/')
		return diag_set(d, "'%s' is a directory, not a file name", path);
	struct stat st;
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return diag_set(d, "'%s' is a directory", path);
	/* What is there already: a regular file is replaced (keeping its
	 * mode), unless it is read-only, which even root's rename would
	 * ignore; a symbolic link is written through, to the regular file it
	 * names; anything else (a device, a FIFO: as root /dev/stdout was
	 * once replaced by a regular file) is refused. */
	char *target = NULL;
	bool exists = false;
	mode_t keep = 0;
	if (!lstat(path, &st)) {
		if (S_ISLNK(st.st_mode)) {
			target = realpath(path, NULL);
			if (!target || stat(target, &st))
				return diag_set(
					d, "'%s' is a symbolic link to nothing: not written", path);
		}
		exists = true;
		if (!S_ISREG(st.st_mode)) {
			free(target);
			return diag_set(d, "'%s' is not a regular file (%s): not replaced", path,
					S_ISFIFO(st.st_mode)   ? "a FIFO"
					: S_ISCHR(st.st_mode)  ? "a character device"
					: S_ISBLK(st.st_mode)  ? "a block device"
					: S_ISSOCK(st.st_mode) ? "a socket"
							       : "not a file");
		}
		if (!(st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) ||
		    access(target ? target : path, W_OK)) {
			free(target);
			return diag_set(d, "'%s' is read-only: not replaced", path);
		}
		keep = st.st_mode & 07777;
	}
	if (target)
		path = target; /* the temporary file goes next to it, and is renamed over it */

	const char *slash = strrchr(path, '/');
	char *dir =
		slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	/* An absolute, resolved directory: the temporary name starts with '/',
	 * so no program it is handed to can take it for '|command'. */
	char *real = realpath(dir, NULL);
	if (!real) {
		int e = errno;
		diag_set(d, "cannot write '%s': directory '%s': %s", path, dir, strerror(e));
		free(dir);
		free(target);
		return -1;
	}
	if (access(real, W_OK)) {
		int e = errno;
		diag_set(d, "cannot write '%s': directory '%s': %s", path, dir, strerror(e));
		free(dir);
		free(real);
		free(target);
		return -1;
	}
	free(dir);
	if (has_control(real)) {
		free(real);
		free(target);
		return diag_set(d, "the directory's name holds a control character");
	}
	size_t len = strlen(real);
	char *tmp = xmalloc(len + 32);
	snprintf(tmp, len + 32, "%s%s.tribo-XXXXXX", real, real[len - 1] == '/' ? "" : "/");
	free(real);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = errno;
		diag_set(d, "cannot write '%s': %s", path, strerror(e));
		free(tmp);
		free(target);
		return -1;
	}
	/* mkstemp makes it 0600; the user's file keeps its mode, or gets the
	 * usual one */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, exists ? keep : 0666 & ~mask);
	f->path = target ? target : xstrdup(path);
	f->tmp = tmp;
	f->fd = fd;
	outfile_track(tmp);
	return 0;
}

int outfile_write(struct outfile *f, const char *data, size_t n, struct diag *d)
{
	while (n > 0) {
		ssize_t k = write(f->fd, data, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return diag_set(d, "cannot write '%s': %s", f->path, strerror(errno));
		data += k;
		n -= (size_t)k;
	}
	return 0;
}

static void release(struct outfile *f)
{
	if (f->tmp)
		outfile_untrack(f->tmp);
	if (f->fd >= 0)
		close(f->fd);
	free(f->path);
	free(f->tmp);
	*f = (struct outfile){NULL, NULL, -1};
}

void outfile_abort(struct outfile *f)
{
	if (f->tmp)
		unlink(f->tmp);
	release(f);
}

int outfile_commit(struct outfile *f, struct diag *d)
{
	struct stat st;
	int rc = 0;
	if (f->fd >= 0 && close(f->fd)) {
		rc = diag_set(d, "cannot write '%s': %s", f->path, strerror(errno));
		f->fd = -1;
		outfile_abort(f);
		return rc;
	}
	f->fd = -1;
	if (stat(f->tmp, &st) || st.st_size == 0)
		rc = diag_set(d, "nothing was written to '%s'", f->path);
	else if (rename(f->tmp, f->path))
		rc = diag_set(d, "cannot write '%s': %s", f->path, strerror(errno));
	if (rc)
		unlink(f->tmp);
	release(f);
	return rc;
}
