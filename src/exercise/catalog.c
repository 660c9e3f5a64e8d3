/* Exercise files on disk: reading one (bounded, never blocking on what is
 * not a regular file), the directories they live in, and the catalogue
 * (exercise/exercise.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exercise/exercise.h"
#include "util/infile.h"
#include "util/text.h"
#include "util/xalloc.h"

/* Opens an exercise file for reading: util/infile.c refuses at once a
 * path that names anything but a regular file (a FIFO with no writer
 * blocked `load` forever, a device reads without end); only /dev/stdin,
 * asked for by name, may be a pipe: `... | tribo -c 'load /dev/stdin'`. */
static FILE *open_exercise(const char *path, struct diag *d)
{
	char why[128];
	int rc;
	FILE *f = infile_fopen(path, why, sizeof why, &rc);
	if (!f)
		diag_at(d, path, 0, 0, NULL, "%s%s",
			rc == INFILE_CANNOT_OPEN ? "cannot open: " : "", why);
	return f;
}

/* An exercise file's text into SB (empty on entry), or -1 with the
 * reason in D. */
static int read_text(const char *path, struct strbuf *sb, struct diag *d)
{
	FILE *f = open_exercise(path, d);
	if (!f)
		return -1;
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		diag_at(d, path, 0, 0, NULL, "is a directory");
		return -1;
	}
	/* the size a file says it has, not the 1 MB reading stops at */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > EXERCISE_MAX_BYTES) {
		fclose(f);
		diag_at(d, path, 0, 0, NULL,
			"file too large (%lld bytes; an exercise is at most %d)",
			(long long)st.st_size, EXERCISE_MAX_BYTES);
		return -1;
	}
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		strbuf_add(sb, buf, n);
		if (sb->len > EXERCISE_MAX_BYTES)
			break;
	}
	int err = ferror(f);
	fclose(f);
	if (err) {
		diag_at(d, path, 0, 0, NULL, "read error");
		return -1;
	}
	if (sb->len > EXERCISE_MAX_BYTES) { /* a pipe or a device: no size to tell */
		diag_at(d, path, 0, 0, NULL, "file too large (an exercise is at most %d bytes)",
			EXERCISE_MAX_BYTES);
		return -1;
	}
	return 0;
}

struct exercise *exercise_read(const char *path, struct diag *d)
{
	struct strbuf sb = STRBUF_INIT;
	struct exercise *ex =
		read_text(path, &sb, d) ? NULL : exercise_parse(path, strbuf_str(&sb), sb.len, d);
	strbuf_release(&sb);
	return ex;
}

/* ---- where exercises live ------------------------------------------------- */

static void add_dir(struct exercise_dirs *dirs, const char *dir)
{
	for (size_t i = 0; i < dirs->n; i++)
		if (!strcmp(dirs->dir[i], dir))
			return;
	dirs->dir = xrealloc(dirs->dir, (dirs->n + 1) * sizeof(char *));
	dirs->dir[dirs->n++] = xstrdup(dir);
}

void exercise_dirs_init(struct exercise_dirs *dirs)
{
	char path[PATH_MAX + 64];
	dirs->dir = NULL;
	dirs->n = 0;
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	if (xdg && xdg[0] == '/') {
		snprintf(path, sizeof(path), "%s/tribo/exercises", xdg);
		add_dir(dirs, path);
	} else if (home && home[0]) {
		snprintf(path, sizeof(path), "%s/.local/share/tribo/exercises", home);
		add_dir(dirs, path);
	}
	/* installed: PREFIX/bin/tribo finds PREFIX/share/tribo/exercises; a
	 * build tree keeps them next to the binary */
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(path, sizeof(path), "%s/../share/tribo/exercises", exe);
			char real[PATH_MAX];
			if (realpath(path, real))
				add_dir(dirs, real);
			snprintf(path, sizeof(path), "%s/exercises", exe);
			if (realpath(path, real))
				add_dir(dirs, real);
		}
	}
	const char *tp = getenv("TRIBO_PATH");
	if (tp) {
		char *copy = xstrdup(tp), *save = NULL;
		for (char *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
			add_dir(dirs, tok);
		free(copy);
	}
}

void exercise_dirs_release(struct exercise_dirs *dirs)
{
	for (size_t i = 0; i < dirs->n; i++)
		free(dirs->dir[i]);
	free(dirs->dir);
	dirs->dir = NULL;
	dirs->n = 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct catalog_entry *)a)->id, ((const struct catalog_entry *)b)->id);
}

/* Every directory's exercises (the first of a duplicated id wins), listed
 * by id, so that "conveyor" comes before "conveyor-transverse". */
/* The names of DIR's exercise files (*.ini, not hidden), sorted: the
 * order in which a directory's files are read. */
static char **dir_ini_names(const char *dir, size_t *nn)
{
	*nn = 0;
	DIR *dp = opendir(dir);
	if (!dp)
		return NULL;
	char **names = NULL;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		if (len > 4 && !strcmp(de->d_name + len - 4, ".ini") && de->d_name[0] != '.') {
			names = xrealloc(names, (*nn + 1) * sizeof(char *));
			names[(*nn)++] = xstrdup(de->d_name);
		}
	}
	closedir(dp);
	if (*nn)
		qsort(names, *nn, sizeof(char *), cmp_str);
	return names;
}

/* The id an exercise file gives itself, read the quick way: the first word
 * of the value of `id` in its [exercise] section, the rest of the file
 * unread. False when the file does not say it on such a line (then only
 * exercise_parse can tell). */
static bool quick_id(const char *text, size_t len, char *id, size_t n)
{
	const char *p = text, *end = text + len;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3)) /* a byte-order mark */
		p += 3;
	bool in_exercise = false;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '[') {
			const char *name = q + 1, *close = memchr(name, ']', (size_t)(eol - name));
			in_exercise = close && close - name == 8 && !memcmp(name, "exercise", 8);
		} else if (in_exercise && eol - q > 2 && !memcmp(q, "id", 2) &&
			   (q[2] == ' ' || q[2] == '\t' || q[2] == '=')) {
			q += 2;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if (q == eol || *q != '=')
				return false;
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			size_t k = 0;
			while (q < eol && !strchr(" \t\r;#", *q) && k + 1 < n)
				id[k++] = *q++;
			id[k] = '\0';
			return k > 0;
		}
		p = eol + 1;
	}
	return false;
}

/* Whether file NAME is ID.ini: that file is the exercise ID in its
 * directory, before any other file there that says the same id. */
static bool named_for(const char *name, const char *id)
{
	const size_t n = strlen(id);
	return !strncmp(name, id, n) && !strcmp(name + n, ".ini");
}

/* The exercise in PATH if its id is ID: read the quick way first, parsed
 * only when it says ID or does not say it on an id line; NULL otherwise. */
static struct exercise *load_if(const char *path, const char *id)
{
	struct strbuf sb = STRBUF_INIT;
	struct diag d;
	char said[256];
	struct exercise *found = NULL;
	if (!read_text(path, &sb, &d) &&
	    (!quick_id(strbuf_str(&sb), sb.len, said, sizeof said) || !strcmp(said, id))) {
		struct exercise *ex = exercise_parse(path, strbuf_str(&sb), sb.len, &d);
		if (ex && !strcmp(ex->id, id))
			found = ex;
		else if (ex)
			exercise_free(ex);
	}
	strbuf_release(&sb);
	return found;
}

struct exercise *catalog_load(const char *id)
{
	struct exercise_dirs dirs;
	struct exercise *found = NULL;
	/* an id that could name a path is never a file name here */
	const bool plain = id[0] && id[0] != '.' && !strchr(id, '/');
	exercise_dirs_init(&dirs);
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char path[PATH_MAX + 256];
		if (plain) { /* ID.ini first: `load coin` opens coin.ini alone */
			snprintf(path, sizeof(path), "%s/%s.ini", dirs.dir[i], id);
			found = load_if(path, id);
		}
		size_t nn;
		char **names = found ? NULL : dir_ini_names(dirs.dir[i], &nn);
		for (size_t j = 0; names && j < nn; j++) {
			snprintf(path, sizeof(path), "%s/%s", dirs.dir[i], names[j]);
			if (!found && !(plain && named_for(names[j], id)))
				found = load_if(path, id);
			free(names[j]);
		}
		free(names);
	}
	exercise_dirs_release(&dirs);
	return found;
}

void catalog_scan(struct catalog *cat)
{
	struct exercise_dirs dirs;
	cat->entry = NULL;
	cat->n = 0;
	strbuf_init(&cat->warnings);
	exercise_dirs_init(&dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		size_t nn;
		char **names = dir_ini_names(dirs.dir[i], &nn);
		for (size_t j = 0; j < nn; j++) {
			char path[PATH_MAX + 256];
			struct diag d;
			snprintf(path, sizeof(path), "%s/%s", dirs.dir[i], names[j]);
			bool own = false;
			struct exercise *ex = exercise_read(path, &d);
			if (ex)
				own = named_for(names[j], ex->id);
			free(names[j]);
			if (!ex) {
				strbuf_addstr(&cat->warnings, "skipped ");
				diag_format(&d, &cat->warnings);
				continue;
			}
			struct catalog_entry *old = NULL;
			for (size_t k = 0; k < cat->n && !old; k++)
				if (!strcmp(cat->entry[k].id, ex->id))
					old = &cat->entry[k];
			/* in one directory, ID.ini is the exercise ID (as load
			 * finds it), whatever file before it says the same id */
			const size_t dl = strlen(dirs.dir[i]);
			if (old && own && !strncmp(old->path, path, dl + 1) &&
			    !strchr(old->path + dl + 1, '/')) {
				strbuf_addf(&cat->warnings,
					    "%s: id '%s' is also in %s, which is used\n", old->path,
					    ex->id, path);
				free(old->path);
				old->path = xstrdup(path);
				free(old->title);
				old->title = xstrdup(ex->title);
				free(old->source);
				old->source = xstrdup(ex->source);
				free(old->model);
				old->model = xstrdup(ex->model->name);
			} else if (old) {
				strbuf_addf(&cat->warnings,
					    "%s: id '%s' is also in %s, which is used\n", path,
					    ex->id, old->path);
			} else {
				cat->entry =
					xrealloc(cat->entry, (cat->n + 1) * sizeof(*cat->entry));
				cat->entry[cat->n++] = (struct catalog_entry){
					xstrdup(ex->id), xstrdup(ex->title), xstrdup(ex->source),
					xstrdup(path), xstrdup(ex->model->name)};
			}
			exercise_free(ex);
		}
		free(names);
	}
	exercise_dirs_release(&dirs);
	if (cat->n)
		qsort(cat->entry, cat->n, sizeof(*cat->entry), cmp_entry);
}

void catalog_release(struct catalog *cat)
{
	for (size_t i = 0; i < cat->n; i++) {
		free(cat->entry[i].id);
		free(cat->entry[i].title);
		free(cat->entry[i].source);
		free(cat->entry[i].path);
		free(cat->entry[i].model);
	}
	free(cat->entry);
	strbuf_release(&cat->warnings);
	cat->entry = NULL;
	cat->n = 0;
}

const struct catalog_entry *catalog_find(const struct catalog *cat, const char *id)
{
	for (size_t i = 0; i < cat->n; i++)
		if (!strcmp(cat->entry[i].id, id))
			return &cat->entry[i];
	return NULL;
}
