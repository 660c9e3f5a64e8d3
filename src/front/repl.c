/* The plain REPL: GNU readline through its callback interface, so that a
 * Ctrl-C at the prompt clears the line and a Ctrl-C during a solve stops
 * the solve, and neither ends the program. */
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
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
#include <termios.h>
#include <unistd.h>

#include "cmd/command.h"
#include "front/front.h"
#include "front/rl.h"
#include "front/status.h"
#include "num/num.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

static struct session *repl_session;
static volatile sig_atomic_t got_sigint;
static volatile sig_atomic_t got_term; /* the signal that ends the session */
static struct termios saved_tty;       /* the terminal as tribo found it */
static bool tty_saved;
static bool done;
static bool any_failed; /* the exit status says whether a command failed */

/* ---- the status of a long command, on standard error ---------------------- */

/* On a terminal, a long command shows the screen's status line as one line
 * of standard error, redrawn in place and cleared at its end; never in
 * batch use or when standard error is not a terminal. */
static bool status_shown, status_ascii;
static struct front_status work;

static void progress(const struct num_progress *p)
{
	if (!front_status_take(&work, p))
		return;
	char text[256];
	/* one line of the terminal, never two: whole characters up to its width */
	int rows, cols;
	rl_get_screen_size(&rows, &cols);
	front_status_text(&work, status_ascii, cols - 1, text, sizeof(text));
	size_t end = 0;
	for (int w = 0; text[end];) {
		uint32_t c;
		size_t k = utf8_decode(text + end, &c);
		w += utf8_cp_width(c);
		if (w > cols - 1)
			break;
		end += k;
	}
	fprintf(stderr, "\r%.*s\033[K", (int)end, text);
	fflush(stderr);
	status_shown = true;
}

static void status_clear(void)
{
	if (status_shown)
		fputs("\r\033[K", stderr);
	status_shown = false;
}

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
	num_interrupted = 1;
}

/* ---- the loop ------------------------------------------------------------ */

static void prompt_update(void)
{
	rl_set_prompt(front_prompt(repl_session));
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
		front_history_add(line);
	struct strbuf out = STRBUF_INIT;
	struct diag d;
	bool quit = false;
	/* a Ctrl-C now interrupts the command, not the line */
	got_sigint = 0;
	front_status_start(&work);
	int rc = command_run(repl_session, line, true, NULL, &out, &d, &quit);
	status_clear();
	if (rc) {
		any_failed = true;
		front_put_clean(stdout, &out);
		strbuf_reset(&out);
		diag_format(&d, &out);
		fflush(stdout);
		front_put_clean(stderr, &out);
	} else {
		front_put_clean(stdout, &out);
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

static void on_term(int sig)
{
	got_term = sig;
	num_interrupted = 1;
}

/* A crash: the terminal as it was (tcsetattr is async-signal-safe), then
 * die of the same signal. The history is in its file already. */
static void on_fatal(int sig)
{
	if (tty_saved)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
	outfile_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
}

int front_repl(struct session *s)
{
	repl_session = s;
	rl_readline_name = "tribo";
	front_completion_setup(s);
	rl_change_environment = 0;
	rl_catch_signals = 0; /* our own handler; readline's would re-raise */
	tty_saved = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
	front_catch_signals(on_sigint, on_term, on_fatal);
	front_history_open();
	bool terminal = isatty(STDIN_FILENO);
	bool status_on = terminal && isatty(STDERR_FILENO);
	status_ascii = front_ascii();
	if (status_on)
		num_set_progress_hook(progress);
	if (isatty(STDOUT_FILENO))
		printf("tribo %s, dry friction in Lagrangian mechanics. 'help' lists the "
		       "commands, 'quit' leaves.\n",
		       TRIBO_VERSION);
	/* typed at a terminal, the prompt and the echoed line go to a
	 * terminal only: `tribo > file` wrote every prompt into the file
	 * (issue 43); with stdout elsewhere they go to stderr where that is
	 * the terminal, else nowhere. Fed from a pipe (--plain) they stay the
	 * log on stdout. */
	FILE *prompt_null = NULL;
	if (terminal && !isatty(STDOUT_FILENO)) {
		if (isatty(STDERR_FILENO))
			rl_outstream = stderr;
		else if ((prompt_null = fopen("/dev/null", "w")))
			rl_outstream = prompt_null;
	}
	rl_callback_handler_install("tribo> ", on_line);
	prompt_update();
	rl_redisplay();
	done = false;
	while (!done && !got_term) {
		struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
		int n = poll(&pfd, 1, -1);
		if (got_term)
			break;
		if (got_sigint) {
			/* Ctrl-C at the prompt: leave the line on the screen marked ^C,
			 * as a shell does, and start a fresh one */
			got_sigint = 0;
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
		rl_callback_handler_remove(); /* the terminal as readline found it */
	num_set_progress_hook(NULL);
	front_history_close();
	if (prompt_null) {
		rl_outstream = NULL;
		fclose(prompt_null);
	}
	signal(SIGINT, SIG_DFL);
	int sig = got_term;
	if (sig) {
		if (tty_saved)
			tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
		fflush(stdout);
		signal(sig, SIG_DFL);
		raise(sig);
	}
	/* on a terminal the session ends well however many commands failed on
	 * the way, as GNU units' and qalc's do; fed from a pipe it is a batch */
	return terminal ? 0 : any_failed;
}
