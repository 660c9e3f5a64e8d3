#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "cmd/command.h"
#include "front/front.h"
#include "num/num.h"
#include "util/outfile.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* The batch's limit on each command, in seconds (0: none), and whether
 * the command running now has reached it. The alarm stops the command as
 * Ctrl-C does (num_interrupted), and its blocking calls (a FIFO's open)
 * with EINTR. */
static double time_limit;
static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
	num_interrupted = 1;
}

int front_batch_set_timeout(const char *text, struct diag *d)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	while (*end == ' ')
		end++;
	if (end == text || *end || errno || !isfinite(v) || v <= 0 || v > 1e6)
		return diag_set(
			d, "'%s' is not a time limit: give seconds, above 0 and at most 1e6", text);
	time_limit = v;
	return 0;
}

static void arm(double seconds, struct sigaction *old)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, old); /* no SA_RESTART: a blocked read ends */
	struct itimerval it = {{0, 0}, {(time_t)seconds, 0}};
	it.it_value.tv_usec = (suseconds_t)((seconds - (double)it.it_value.tv_sec) * 1e6);
	if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		it.it_value.tv_usec = 1;
	timed_out = 0;
	setitimer(ITIMER_REAL, &it, NULL);
}

static void disarm(const struct sigaction *old)
{
	const struct itimerval off = {{0, 0}, {0, 0}};
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, old, NULL);
}

void front_batch_limit_start(void)
{
	static struct sigaction old;
	if (time_limit > 0)
		arm(time_limit, &old);
}

bool front_batch_limit_end(void)
{
	if (!(time_limit > 0))
		return false;
	const struct itimerval off = {{0, 0}, {0, 0}};
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_DFL);
	return timed_out;
}

double front_batch_limit(void)
{
	return time_limit;
}

/* Runs one command, writes its output, and on failure the message as
 * "tribo: WHERE: message". Returns 0, 1 (failed) or 2 (quit). */
static int run_one(struct session *s, const char *line, const char *where)
{
	struct strbuf out = STRBUF_INIT;
	struct diag d;
	bool quit = false;
	struct sigaction old;
	if (time_limit > 0)
		arm(time_limit, &old);
	int rc = command_run(s, line, false, NULL, &out, &d, &quit);
	if (time_limit > 0) {
		disarm(&old);
		/* a command that swallowed the stop (a figure cut short) fails too */
		if (timed_out) {
			rc = -1;
			char what[64];
			size_t n = strcspn(line + strspn(line, " \t"), " \t");
			snprintf(what, sizeof what, "%.*s", (int)(n < 40 ? n : 40),
				 line + strspn(line, " \t"));
			diag_set(&d,
				 "%s: stopped after %g s, the batch's time limit (TRIBO_TIMEOUT or "
				 "--timeout)",
				 what, time_limit);
		}
	}
	front_put_clean(stdout, &out);
	fflush(stdout);
	strbuf_release(&out);
	if (rc) {
		struct strbuf msg = STRBUF_INIT;
		strbuf_addf(&msg, "tribo: %s: ", where);
		diag_format(&d, &msg);
		front_put_clean(stderr, &msg);
		strbuf_release(&msg);
		return 1;
	}
	return quit ? 2 : 0;
}

/* Whether `sig`'s default action ends the process (Term or Core in
 * signal(7)): every signal but the few whose default is to ignore it, stop
 * the process or continue it. The real-time signals end it too. */
static bool ends_process(int sig)
{
	switch (sig) {
	case SIGCHLD:
	case SIGCONT:
	case SIGSTOP:
	case SIGTSTP:
	case SIGTTIN:
	case SIGTTOU:
	case SIGURG:
	case SIGWINCH:
		return false;
	default:
		return sig != SIGKILL; /* ends it, but cannot be caught */
	}
}

/* A fault of the program itself: returning from its handler would run the
 * failing instruction again. */
static bool is_crash(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGABRT || sig == SIGILL;
}

/* Every signal that would end tribo, but SIGINT (its own) and those tribo
 * was started with ignored (nohup's SIGHUP, a SIGPIPE ignored by the
 * parent): to `on_end`, or to `on_crash` (once) for a crash. Numbers the
 * C library keeps for itself are refused by sigaction and skipped. */
static void catch_ending(void (*on_end)(int), void (*on_crash)(int))
{
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction old;
		if (sig == SIGINT || !ends_process(sig) || sigaction(sig, NULL, &old) ||
		    old.sa_handler == SIG_IGN)
			continue;
		struct sigaction sa = {0};
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = is_crash(sig) ? on_crash : on_end;
		sa.sa_flags = is_crash(sig) ? SA_RESETHAND : 0;
		sigaction(sig, &sa, NULL);
	}
}

void front_catch_signals(void (*on_int)(int), void (*on_end)(int), void (*on_crash)(int))
{
	struct sigaction sa = {0};
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_int;
	sigaction(SIGINT, &sa, NULL);
	catch_ending(on_end, on_crash);
}

/* A batch has no terminal to give back: a signal that ends it removes
 * the temporary files first, then ends it as it would have. */
static void on_batch_end(int sig)
{
	outfile_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
}

void front_batch_signals(void)
{
	struct sigaction old;
	if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		signal(SIGINT, on_batch_end);
	catch_ending(on_batch_end, on_batch_end);
}

/* The answer front_ascii's probe gives, where the environment names a
 * locale the C library has built in (glibc 2.35 on: C, POSIX and
 * C.UTF-8), without loading it (setlocale reads locale.alias, maps the
 * 350 kB C.utf8 table and the gconv cache: some 60k instructions and a
 * dozen system calls a batch): 1 ASCII, 0 UTF-8, -1 not known so. The
 * variable setlocale(LC_CTYPE, "") reads: LC_ALL, LC_CTYPE, then LANG,
 * the first set and not empty; none is "C". */
static int ascii_by_name(void)
{
	const char *v = NULL;
	static const char *const vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
	for (size_t i = 0; i < sizeof vars / sizeof vars[0] && !(v && *v); i++)
		v = getenv(vars[i]);
	if (!v || !*v || !strcmp(v, "C") || !strcmp(v, "POSIX"))
		return 1;
	if (!strcmp(v, "C.UTF-8") || !strcmp(v, "C.utf8"))
		return 0;
	return -1;
}

bool front_ascii(void)
{
	static int ascii = -1;
	if (ascii < 0)
		ascii = ascii_by_name();
	if (ascii < 0) {
		/* the environment's charset, asked without keeping its locale:
		 * a batch computes in the C locale throughout */
		const char *now = setlocale(LC_CTYPE, NULL);
		char *saved = xstrdup(now ? now : "C");
		setlocale(LC_CTYPE, "");
		ascii = strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
		setlocale(LC_CTYPE, saved);
		free(saved);
	}
	return ascii;
}

void front_put_clean(FILE *f, const struct strbuf *out)
{
	struct strbuf clean = STRBUF_INIT;
	utf8_add_clean(&clean, strbuf_str(out));
	if (front_ascii()) {
		struct strbuf ascii = STRBUF_INIT;
		utf8_to_ascii(&ascii, strbuf_str(&clean));
		fwrite(strbuf_str(&ascii), 1, ascii.len, f);
		strbuf_release(&ascii);
	} else {
		fwrite(strbuf_str(&clean), 1, clean.len, f);
	}
	strbuf_release(&clean);
}

static bool blank_or_comment(const char *s)
{
	s += strspn(s, " \t\r");
	return !*s || *s == '#';
}

/* The commands of one -c; *number counts them across all -c options.
 * Returns 0, 1 (failed) or 2 (quit). */
static int run_string(struct session *s, const char *commands, int *number)
{
	char **piece;
	size_t n = split_commands(commands, &piece);
	int rc = 0;
	size_t i;
	for (i = 0; i < n && !rc; i++) {
		if (blank_or_comment(piece[i]))
			continue;
		char where[64];
		snprintf(where, sizeof(where), "-c: command %d", ++*number);
		rc = run_one(s, piece[i], where);
	}
	for (i = 0; i < n; i++)
		free(piece[i]);
	free(piece);
	return rc;
}

int front_batch_strings(struct session *s, char *const *commands, int n)
{
	int number = 0, rc = 0;
	for (int i = 0; i < n && !rc; i++)
		rc = run_string(s, commands[i], &number);
	return rc == 1;
}

/* A script line may be as long as an exercise file. */
enum { SCRIPT_MAX_LINE = 1 << 20 };

int front_batch_file(struct session *s, FILE *f, const char *name)
{
	struct strbuf line = STRBUF_INIT;
	int lineno = 0, status = 0, c;
	for (;;) {
		strbuf_reset(&line);
		/* a NUL or an overlong line stops the script as it is read, so
		 * that tribo < /dev/zero ends at once instead of filling memory */
		while ((c = getc(f)) != EOF && c != '\n' && c != '\0' && line.len < SCRIPT_MAX_LINE)
			strbuf_addch(&line, (char)c);
		if (c == EOF && line.len == 0)
			break;
		lineno++;
		if (c == '\0') {
			fprintf(stderr, "tribo: %s:%d: NUL byte in the script\n", name, lineno);
			status = 1;
			break;
		}
		if (c != EOF && c != '\n') {
			fprintf(stderr, "tribo: %s:%d: line too long (more than %d bytes)\n", name,
				lineno, SCRIPT_MAX_LINE);
			status = 1;
			break;
		}
		if (blank_or_comment(strbuf_str(&line)))
			continue;
		char where[600];
		snprintf(where, sizeof(where), "%s:%d", name, lineno);
		int rc = run_one(s, strbuf_str(&line), where);
		if (rc) {
			status = rc == 1;
			break;
		}
		if (c == EOF)
			break;
	}
	strbuf_release(&line);
	return status;
}
