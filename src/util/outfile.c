#include "util/outfile.h"

#include <errno.h>
#include <limits.h>
#include <pwd.h>
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

/* The directory part of path: "." for a bare name, "/" for "/x". */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
}

/* A user's name for a message: "root", or "uid 1234" when it has none. */
static void user_name(uid_t uid, char *buf, size_t n)
{
	const struct passwd *pw = getpwuid(uid);
	if (pw && pw->pw_name && !has_control(pw->pw_name))
		snprintf(buf, n, "%s", pw->pw_name);
	else
		snprintf(buf, n, "uid %lu", (unsigned long)uid);
}

/* The link at the end of a name is tribo's to follow: rename(2) would
 * replace the link itself, so it writes to the file the link names, and
 * must not follow where the kernel would not. The kernel's rule
 * (fs.protected_symlinks, on in every distribution; applied here whatever
 * the sysctl says): a link in a sticky world-writable directory (/tmp) is
 * followed only by its owner, or when the directory's owner owns it too;
 * else anyone who may write in /tmp could point a link at root's files
 * and have root's `export csv` replace them. Each link of a chain is
 * checked so. The directories on the way are the kernel's own walk (the
 * temporary file is named through them, not through a resolved path), so
 * the kernel's rule holds there too.
 * Returns the name of the file at the end of the chain (owned), or NULL
 * with d set. */
static char *follow_links(const char *path, struct diag *d)
{
	char *cur = xstrdup(path);
	for (int hops = 0;; hops++) {
		struct stat ls, ds;
		if (lstat(cur, &ls)) {
			int e = errno;
			if (e == ENOENT)
				diag_set(d, "'%s' is a symbolic link to nothing: not written",
					 path);
			else
				diag_set(d, "'%s': cannot follow its link to '%s': %s", path, cur,
					 strerror(e));
			free(cur);
			return NULL;
		}
		if (!S_ISLNK(ls.st_mode))
			return cur;
		if (hops >= 40) { /* the kernel's own bound, ELOOP */
			diag_set(d, "'%s': too many levels of symbolic links: not written", path);
			free(cur);
			return NULL;
		}
		char *dir = dir_of(cur);
		if (stat(dir, &ds)) {
			int e = errno;
			diag_set(d, "'%s': directory '%s': %s", path, dir, strerror(e));
			free(dir);
			free(cur);
			return NULL;
		}
		const mode_t shared = S_ISVTX | S_IWOTH;
		if ((ds.st_mode & shared) == shared && ls.st_uid != geteuid() &&
		    ls.st_uid != ds.st_uid) {
			char owner[96], downer[96], me[96];
			user_name(ls.st_uid, owner, sizeof owner);
			user_name(ds.st_uid, downer, sizeof downer);
			user_name(geteuid(), me, sizeof me);
			static const char rule[] =
				"in the sticky world-writable directory '%s' owned by %s: not "
				"followed, as the kernel's protected_symlinks would not for %s";
			char where[PATH_MAX + 256];
			snprintf(where, sizeof where, rule, dir, downer, me);
			if (hops == 0)
				diag_set(d, "'%s' is a symbolic link owned by %s %s", path, owner,
					 where);
			else
				diag_set(d, "'%s' leads to '%s', a symbolic link owned by %s %s",
					 path, cur, owner, where);
			free(dir);
			free(cur);
			return NULL;
		}
		char buf[PATH_MAX];
		ssize_t k = readlink(cur, buf, sizeof buf - 1);
		if (k < 0) {
			int e = errno;
			diag_set(d, "'%s': cannot read the link '%s': %s", path, cur, strerror(e));
			free(dir);
			free(cur);
			return NULL;
		}
		buf[k] = '\0';
		if (has_control(buf)) {
			diag_set(d, "'%s': the name its link '%s' gives holds a control character",
				 path, cur);
			free(dir);
			free(cur);
			return NULL;
		}
		free(cur);
		if (buf[0] == '/' || !strcmp(dir, ".")) {
			cur = xstrdup(buf);
		} else {
			size_t n = strlen(dir) + strlen(buf) + 2;
			cur = xmalloc(n);
			snprintf(cur, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
				 buf);
		}
		free(dir);
	}
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
	 * names, where the kernel would follow it (follow_links); anything
	 * else (a device, a FIFO: as root /dev/stdout was once replaced by a
	 * regular file) is refused. */
	char *target = NULL;
	bool exists = false;
	mode_t keep = 0;
	if (!lstat(path, &st)) {
		if (S_ISLNK(st.st_mode)) {
			target = follow_links(path, d);
			if (!target)
				return -1;
			if (stat(target, &st)) {
				free(target);
				return diag_set(
					d, "'%s' is a symbolic link to nothing: not written", path);
			}
		}
		exists = true;
		if (!S_ISREG(st.st_mode)) {
			free(target);
			return diag_set(d, "'%s' is not a regular file (%s): not replaced", path,
					S_ISFIFO(st.st_mode)   ? "a FIFO"
					: S_ISCHR(st.st_mode)  ? "a character device"
					: S_ISBLK(st.st_mode)  ? "a block device"
					: S_ISSOCK(st.st_mode) ? "a socket"
					: S_ISDIR(st.st_mode)  ? "a directory"
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

	/* The directory, absolute so that the temporary name starts with '/'
	 * (no program it is handed to can take it for '|command'), but not
	 * resolved: its links are the kernel's to follow, by its rules. */
	char *dir = dir_of(path);
	int e = 0;
	if (stat(dir, &st))
		e = errno;
	else if (!S_ISDIR(st.st_mode))
		e = ENOTDIR;
	else if (access(dir, W_OK))
		e = errno;
	if (e) {
		diag_set(d, "cannot write '%s': directory '%s': %s", path, dir, strerror(e));
		free(dir);
		free(target);
		return -1;
	}
	if (dir[0] != '/') {
		char *cwd = getcwd(NULL, 0);
		if (!cwd) {
			e = errno;
			diag_set(d, "cannot write '%s': the current directory: %s", path,
				 strerror(e));
			free(dir);
			free(target);
			return -1;
		}
		size_t m = strlen(cwd) + strlen(dir) + 2;
		char *abs = xmalloc(m);
		if (!strcmp(dir, "."))
			snprintf(abs, m, "%s", cwd);
		else
			snprintf(abs, m, "%s%s%s", cwd, cwd[strlen(cwd) - 1] == '/' ? "" : "/",
				 dir);
		free(cwd);
		free(dir);
		dir = abs;
	}
	if (has_control(dir)) {
		free(dir);
		free(target);
		return diag_set(d, "the directory's name holds a control character");
	}
	size_t len = strlen(dir);
	char *tmp = xmalloc(len + 32);
	snprintf(tmp, len + 32, "%s%s.tribo-XXXXXX", dir, dir[len - 1] == '/' ? "" : "/");
	free(dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
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
