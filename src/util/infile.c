#include "util/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *infile_kind(mode_t mode)
{
	return S_ISDIR(mode)	? "is a directory"
	       : S_ISFIFO(mode) ? "is not a regular file (a FIFO)"
	       : S_ISCHR(mode)	? "is not a regular file (a character device)"
	       : S_ISBLK(mode)	? "is not a regular file (a block device)"
	       : S_ISSOCK(mode) ? "is not a regular file (a socket)"
				: "is not a regular file";
}

int infile_open(const char *path, char *why, size_t n)
{
	const int by_name_stdin = strcmp(path, "/dev/stdin") == 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, n, "%s", strerror(errno));
		return INFILE_CANNOT_OPEN;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		close(fd);
		return INFILE_CANNOT_OPEN;
	}
	if (!S_ISREG(st.st_mode) && (!by_name_stdin || S_ISDIR(st.st_mode))) {
		snprintf(why, n, "%s", infile_kind(st.st_mode));
		close(fd);
		return INFILE_NOT_REGULAR;
	}
	/* reads wait again: a regular file never makes them, and /dev/stdin
	 * is read as the user gave it */
	int fl = fcntl(fd, F_GETFL);
	if (fl != -1)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

FILE *infile_fopen(const char *path, char *why, size_t n, int *rc)
{
	int fd = infile_open(path, why, n);
	if (rc)
		*rc = fd < 0 ? fd : 0;
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		snprintf(why, n, "%s", strerror(errno));
		close(fd);
		if (rc)
			*rc = INFILE_CANNOT_OPEN;
	}
	return f;
}
