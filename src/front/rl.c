#include "front/rl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/command.h"
#include "util/xalloc.h"

/* ---- history ------------------------------------------------------------ */

static int mkdirs(char *path, mode_t mode)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(path, mode) && errno != EEXIST) {
				*p = '/';
				return -1;
			}
			*p = '/';
		}
	return mkdir(path, mode) && errno != EEXIST ? -1 : 0;
}

static char history_path[PATH_MAX];
static int history_read; /* entries the file gave at the start */

void front_history_open(void)
{
	char dir[PATH_MAX - 16];
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	if (state && state[0] == '/')
		snprintf(dir, sizeof(dir), "%s/tribo", state);
	else if (home && home[0])
		snprintf(dir, sizeof(dir), "%s/.local/state/tribo", home);
	else
		return;
	if (mkdirs(dir, 0700))
		return;
	snprintf(history_path, sizeof(history_path), "%s/history", dir);
	int fd = open(history_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (fd < 0) {
		history_path[0] = '\0';
		return;
	}
	fchmod(fd, 0600);
	close(fd);
	read_history(history_path);
	history_read = history_length;
}

void front_history_add(const char *line)
{
	add_history(line);
	if (!history_path[0])
		return;
	append_history(1, history_path);
	history_read++; /* in the file already: not appended again at close */
}

void front_history_close(void)
{
	if (!history_path[0])
		return;
	/* only this session's lines, appended: another session open at the
	 * same time keeps its own */
	int added = history_length - history_read;
	if (added > 0)
		append_history(added, history_path);
	history_truncate_file(history_path, 2000);
	chmod(history_path, 0600);
}

/* ---- completion --------------------------------------------------------- */

static struct session *completion_session;
static char **matches;
static size_t match_i;

static char *match_next(const char *text, int state)
{
	(void)text;
	if (!state)
		match_i = 0;
	return matches && matches[match_i] ? xstrdup(matches[match_i++]) : NULL;
}

/* Words end at blanks, except in an expression, where operators end them
 * too; exercise ids and file names keep their '-' and '/'. */
static char *word_breaks(void)
{
	static char plain[] = " \t\n\"'";
	static char expr[] = " \t\n\"'*/+-^(),=";
	const char *p = rl_line_buffer;
	while (*p == ' ' || *p == '\t')
		p++;
	return strncmp(p, "eval ", 5) ? plain : expr;
}

static char **complete(const char *text, int start, int end)
{
	bool files;
	(void)end;
	matches = command_complete(completion_session, rl_line_buffer, (size_t)start, &files);
	char **r = matches[0] ? rl_completion_matches(text, match_next) : NULL;
	for (size_t i = 0; matches[i]; i++)
		free(matches[i]);
	free(matches);
	matches = NULL;
	rl_attempted_completion_over = !files;
	return r;
}

void front_completion_setup(struct session *s)
{
	completion_session = s;
	rl_attempted_completion_function = complete;
	rl_completion_word_break_hook = word_breaks;
}

const char *front_prompt(const struct session *s)
{
	static char prompt[128];
	const struct exercise *ex = session_exercise(s);
	snprintf(prompt, sizeof(prompt), "tribo%s%s%s> ", ex ? "[" : "", ex ? ex->id : "",
		 ex ? "]" : "");
	return prompt;
}
