/* The plain REPL: GNU readline through its callback interface, so that a
 * Ctrl-C at the prompt clears the line and a Ctrl-C during a solve stops
 * the solve, and neither ends the program. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/command.h"
#include "front/front.h"
#include "num/num.h"
#include "util/xalloc.h"

static struct session *repl_session;
static volatile sig_atomic_t got_sigint;
static bool done;
static bool any_failed; /* the exit status says whether a command failed */

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
	num_interrupted = 1;
}

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

static void history_open(void)
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
}

static void history_close(void)
{
	if (!history_path[0])
		return;
	write_history(history_path);
	history_truncate_file(history_path, 2000);
	chmod(history_path, 0600);
}

/* ---- completion --------------------------------------------------------- */

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
	(void)text;
	(void)end;
	matches = command_complete(repl_session, rl_line_buffer, (size_t)start, &files);
	char **r = matches[0] ? rl_completion_matches(text, match_next) : NULL;
	for (size_t i = 0; matches[i]; i++)
		free(matches[i]);
	free(matches);
	matches = NULL;
	rl_attempted_completion_over = !files;
	return r;
}

/* ---- the loop ------------------------------------------------------------ */

static void prompt_update(void)
{
	static char prompt[128];
	const struct exercise *ex = session_exercise(repl_session);
	snprintf(prompt, sizeof(prompt), "tribo%s%s%s> ", ex ? "[" : "", ex ? ex->id : "",
		 ex ? "]" : "");
	rl_set_prompt(prompt);
}

static void on_line(char *line)
{
	if (!line) { /* Ctrl-D */
		done = true;
		rl_callback_handler_remove();
		putchar('\n');
		return;
	}
	if (line[0] && line[0] != ' ')
		add_history(line);
	struct strbuf out = STRBUF_INIT;
	struct diag d;
	bool quit = false;
	/* a Ctrl-C now interrupts the command, not the line */
	num_interrupted = 0;
	got_sigint = 0;
	if (command_run(repl_session, line, true, &out, &d, &quit)) {
		any_failed = true;
		fwrite(strbuf_str(&out), 1, out.len, stdout);
		strbuf_reset(&out);
		diag_format(&d, &out);
		fflush(stdout);
		fwrite(strbuf_str(&out), 1, out.len, stderr);
	} else {
		fwrite(strbuf_str(&out), 1, out.len, stdout);
	}
	fflush(stdout);
	got_sigint = 0;
	strbuf_release(&out);
	free(line);
	if (quit) {
		done = true;
		rl_callback_handler_remove();
		return;
	}
	prompt_update();
}

int front_repl(struct session *s)
{
	repl_session = s;
	rl_readline_name = "tribo";
	rl_attempted_completion_function = complete;
	rl_completion_word_break_hook = word_breaks;
	rl_change_environment = 0;
	rl_catch_signals = 0; /* our own handler; readline's would re-raise */
	struct sigaction sa = {0};
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	history_open();
	if (isatty(STDOUT_FILENO))
		printf("tribo %s, dry friction in Lagrangian mechanics. 'help' lists the "
		       "commands, 'quit' leaves.\n",
		       TRIBO_VERSION);
	rl_callback_handler_install("tribo> ", on_line);
	prompt_update();
	rl_redisplay();
	done = false;
	while (!done) {
		struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
		int n = poll(&pfd, 1, -1);
		if (got_sigint) {
			/* Ctrl-C at the prompt: leave the line on the screen marked ^C,
			 * as a shell does, and start a fresh one */
			got_sigint = 0;
			num_interrupted = 0;
			rl_point = rl_end;
			rl_redisplay();
			fputs("^C", rl_outstream ? rl_outstream : stdout);
			rl_crlf();
			rl_free_line_state();
			rl_callback_sigcleanup();
			rl_replace_line("", 0);
			rl_on_new_line();
			rl_redisplay();
			continue;
		}
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd.revents & (POLLIN | POLLHUP | POLLERR))
			rl_callback_read_char();
	}
	if (!done)
		rl_callback_handler_remove();
	history_close();
	signal(SIGINT, SIG_DFL);
	return any_failed;
}
