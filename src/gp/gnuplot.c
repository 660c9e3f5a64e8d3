#include "gp/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gp/gpscript.h"
#include "num/num.h"
#include "util/outfile.h"
#include "util/xalloc.h"

extern char **environ;

enum { DEFAULT_TIMEOUT_MS = 20000, CLOSE_WAIT_MS = 1000 };

struct gnuplot {
	char *program; /* NULL: $GNUPLOT or "gnuplot", looked up at each start */
	pid_t pid;     /* 0: not running */
	int in, out, err;
	unsigned long batch; /* numbers the sentinels */
	unsigned long nonce; /* makes them unlike any text a plot can hold */
	int timeout_ms;
	bool timed_out;		  /* the last batch waited its whole timeout */
	struct strbuf obuf, ebuf; /* this batch's output so far */
	char *terminals;	  /* GPVAL_TERMINALS, once asked */
};

struct gnuplot *gnuplot_new(const char *program)
{
	struct gnuplot *g = xcalloc(1, sizeof(*g));
	g->program = program ? xstrdup(program) : NULL;
	g->in = g->out = g->err = -1;
	g->timeout_ms = DEFAULT_TIMEOUT_MS;
	strbuf_init(&g->obuf);
	strbuf_init(&g->ebuf);
	return g;
}

static const char *program_name(const struct gnuplot *g)
{
	if (g->program)
		return g->program;
	const char *env = getenv("GNUPLOT");
	return env && *env ? env : "gnuplot";
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Waits up to `ms` for the child to end; then kills its process group. The
 * status is filled either way. */
static void reap(struct gnuplot *g, int ms, int *status)
{
	int st = 0;
	if (g->pid <= 0)
		return;
	for (long end = now_ms() + ms;;) {
		pid_t r = waitpid(g->pid, &st, WNOHANG);
		if (r == g->pid || (r < 0 && errno != EINTR))
			break;
		if (now_ms() >= end) {
			/* the group: gnuplot and the helpers it started (gnuplot_qt) */
			kill(-g->pid, SIGKILL);
			kill(g->pid, SIGKILL);
			while (waitpid(g->pid, &st, 0) < 0 && errno == EINTR)
				;
			break;
		}
		struct timespec pause = {0, 5 * 1000000L};
		nanosleep(&pause, NULL);
	}
	if (status)
		*status = st;
	g->pid = 0;
}

/* Ends the child: input closed so that it leaves by itself, else killed. */
static void stop(struct gnuplot *g, int ms, int *status)
{
	close_fd(&g->in);
	close_fd(&g->out);
	close_fd(&g->err);
	reap(g, ms, status);
	free(g->terminals);
	g->terminals = NULL;
}

void gnuplot_free(struct gnuplot *g)
{
	if (!g)
		return;
	stop(g, CLOSE_WAIT_MS, NULL);
	strbuf_release(&g->obuf);
	strbuf_release(&g->ebuf);
	free(g->program);
	free(g);
}

static int cloexec_pipe(int fd[2])
{
	if (pipe(fd))
		return -1;
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/* 0 when `prog` names an executable (a path, or a name found in PATH),
 * else the errno that running it would give. posix_spawnp says so too,
 * but not everywhere (a fork-based one, or under valgrind, reports only
 * the child's exit status 127). */
static int findable(const char *prog)
{
	if (strchr(prog, '/'))
		return access(prog, X_OK) ? errno : 0;
	const char *path = getenv("PATH");
	int err = ENOENT;
	for (const char *p = path && *path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		struct strbuf full = STRBUF_INIT;
		strbuf_addf(&full, "%.*s/%s", (int)n, n ? p : ".", prog);
		if (!access(strbuf_str(&full), X_OK)) {
			strbuf_release(&full);
			return 0;
		}
		if (errno == EACCES)
			err = EACCES;
		strbuf_release(&full);
		p += n + (p[n] == ':');
	}
	return err;
}

static int start(struct gnuplot *g, struct diag *d)
{
	const char *prog = program_name(g);
	int rc = findable(prog);
	if (rc)
		return diag_set(d,
				"cannot run gnuplot '%s': %s (install gnuplot-nox or set GNUPLOT)",
				prog, strerror(rc));
	int pin[2] = {-1, -1}, pout[2] = {-1, -1}, perr[2] = {-1, -1};
	if (cloexec_pipe(pin) || cloexec_pipe(pout) || cloexec_pipe(perr)) {
		int e = errno;
		for (int i = 0; i < 2; i++) {
			close_fd(&pin[i]);
			close_fd(&pout[i]);
			close_fd(&perr[i]);
		}
		return diag_set(d, "cannot run gnuplot: pipe: %s", strerror(e));
	}
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	posix_spawn_file_actions_init(&fa);
	/* dup2 clears close-on-exec on the copies, and only on them */
	posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_adddup2(&fa, perr[1], 2);
	posix_spawnattr_init(&at);
	/* its own process group: a Ctrl-C at tribo's terminal does not reach
	 * it; default signal actions and mask whatever tribo ignores or blocks */
	sigset_t none, def;
	sigemptyset(&none);
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	sigaddset(&def, SIGINT);
	sigaddset(&def, SIGQUIT);
	sigaddset(&def, SIGTERM);
	sigaddset(&def, SIGCHLD);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
					      POSIX_SPAWN_SETSIGDEF);
	/* -d: no init files, so that a user's ~/.gnuplot does not change
	 * what tribo draws or run commands of its own */
	char *argv[] = {(char *)prog, "-d", NULL};
	pid_t pid;
	rc = posix_spawnp(&pid, prog, &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(pin[0]);
	close(pout[1]);
	close(perr[1]);
	if (rc) {
		close(pin[1]);
		close(pout[0]);
		close(perr[0]);
		return diag_set(d,
				"cannot run gnuplot '%s': %s (install gnuplot-nox or set GNUPLOT)",
				prog, strerror(rc));
	}
	g->pid = pid;
	g->nonce = ((unsigned long)time(NULL) << 20) ^ ((unsigned long)pid << 4) ^
		   (unsigned long)now_ms() ^ (unsigned long)(size_t)g;
	g->in = pin[1];
	g->out = pout[0];
	g->err = perr[0];
	fcntl(g->in, F_SETFL, fcntl(g->in, F_GETFL) | O_NONBLOCK);
	return 0;
}

/* Why the child went away, for a message: "exited with status 1",
 * "was killed by signal 9 (Killed)". */
static void describe_end(int status, char *buf, size_t n)
{
	if (WIFSIGNALED(status))
		snprintf(buf, n, "was killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status))
		snprintf(buf, n, "exited with status %d", WEXITSTATUS(status));
	else
		snprintf(buf, n, "stopped");
}

/* The last non-blank line of gnuplot's messages, to say what it said. */
static void last_line(const char *s, char *buf, size_t n)
{
	const char *best = NULL, *end = NULL;
	for (const char *p = s; *p;) {
		const char *e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		const char *q = p;
		while (q < e && (*q == ' ' || *q == '\t' || *q == '^'))
			q++;
		if (q < e && strncmp(q, "gnuplot>", 8)) {
			best = q;
			end = e;
		}
		p = *e ? e + 1 : e;
	}
	if (best)
		snprintf(buf, n, ": %.*s", (int)(end - best), best);
	else
		buf[0] = '\0';
}

/* Finds `tag` followed by the rest of its line; returns its start, or
 * NULL. Not only at a line's start: the dumb terminal in colour ends its
 * page with an escape and no newline. The nonce in the tag keeps a plot's
 * text from ever matching it. */
static const char *find_sentinel(const struct strbuf *sb, const char *tag)
{
	size_t taglen = strlen(tag);
	const char *p = strstr(strbuf_str(sb), tag);
	return p && strchr(p + taglen - 1, '\n') ? p : NULL;
}

/* Reads what gnuplot still had to say on standard error, for a message. */
static void drain_err(struct gnuplot *g)
{
	for (long end = now_ms() + 200; g->err >= 0 && now_ms() < end;) {
		struct pollfd pfd = {g->err, POLLIN, 0};
		if (poll(&pfd, 1, 50) <= 0)
			continue;
		char buf[4096];
		ssize_t k = read(g->err, buf, sizeof(buf));
		if (k <= 0)
			break;
		strbuf_add(&g->ebuf, buf, (size_t)k);
	}
}

static int fail_dead(struct gnuplot *g, struct diag *d, const char *doing)
{
	int status = 0;
	char why[96], said[200];
	drain_err(g);
	stop(g, 200, &status);
	describe_end(status, why, sizeof(why));
	last_line(strbuf_str(&g->ebuf), said, sizeof(said));
	return diag_set(d, "gnuplot %s %s%s; the next plot starts it again", why, doing, said);
}

/* The batch's script, written to a file of tribo's own (mode 0600, in
 * $TMPDIR, else /tmp) for gnuplot to `load`: gnuplot reads a pipe one byte
 * a read(), a file a buffer at a time (a megabyte script: 800 ms of its CPU
 * through the pipe, 130 ms loaded). *path is malloc'd. */
static int script_file(const char *script, char **path, struct diag *d)
{
	const char *dir = getenv("TMPDIR");
	/* the name goes to gnuplot single-quoted, where a control character
	 * could not be written */
	bool usable = dir && *dir == '/';
	for (const char *p = dir; usable && *p; p++)
		usable = (unsigned char)*p >= 0x20 && *p != 0x7f;
	struct strbuf name = STRBUF_INIT;
	int fd = -1, e = 0;
	/* $TMPDIR, and /tmp when it is not usable or will not take the file */
	for (int k = usable ? 0 : 1; k < 2 && fd < 0; k++) {
		const char *at = k ? "/tmp" : dir;
		strbuf_reset(&name);
		strbuf_addf(&name, "%s%stribo-plot-XXXXXX", at,
			    at[strlen(at) - 1] == '/' ? "" : "/");
		fd = mkstemp(name.buf);
		e = errno;
	}
	if (fd >= 0)
		outfile_track(name.buf); /* a signal that ends tribo removes it */
	if (fd < 0) {
		diag_set(d, "cannot write gnuplot's script in /tmp: %s", strerror(e));
		strbuf_release(&name);
		return -1;
	}
	size_t n = strlen(script), done = 0;
	while (done < n) {
		ssize_t k = write(fd, script + done, n - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			e = errno;
			close(fd);
			outfile_untrack(name.buf);
			unlink(name.buf);
			diag_set(d, "cannot write gnuplot's script %s: %s", name.buf, strerror(e));
			strbuf_release(&name);
			return -1;
		}
		done += (size_t)k;
	}
	close(fd);
	*path = strbuf_detach(&name);
	return 0;
}

/* One try: 0, -1 with d set, or (when `may_retry`) 1 when gnuplot was
 * found dead before it said anything about this batch. */
static int run_batch(struct gnuplot *g, const char *script, struct strbuf *out, bool may_retry,
		     struct diag *d)
{
	strbuf_reset(&g->obuf);
	strbuf_reset(&g->ebuf);
	g->timed_out = false;
	int st;
	if (g->pid > 0 && waitpid(g->pid, &st, WNOHANG) == g->pid) {
		g->pid = 0;
		stop(g, 0, NULL);
	}
	if (g->pid == 0 && start(g, d))
		return -1;
	/* The sentinel: the dumb terminal writes to standard output and the
	 * error state goes to standard error, so both are marked. */
	unsigned long b = ++g->batch;
	char outtag[64], errtag[64];
	snprintf(outtag, sizeof(outtag), "TRIBO-END-OUT %lx-%lu\n", g->nonce, b);
	snprintf(errtag, sizeof(errtag), "TRIBO-END %lx-%lu ", g->nonce, b);
	char *file = NULL;
	if (script_file(script, &file, d))
		return -1;
	struct strbuf all = STRBUF_INIT;
	/* Each line indented: gnuplot 5.4 on x11, its gnuplot_x11 killed
	 * from X, loses a letter or two at the start of lines it reads (the
	 * sentinel's, and the batch waited 20 s for nothing). */
	strbuf_addstr(&all, "    load ");
	gp_quote(&all, file);
	strbuf_addf(&all,
		    "\n    set print '-'\n    print 'TRIBO-END-OUT %lx-%lu'\n    set print\n"
		    "    print sprintf('TRIBO-END %lx-%lu %%d %%s', GPVAL_ERRNO, GPVAL_ERRMSG)\n"
		    "    reset errors\n",
		    g->nonce, b, g->nonce, b);

	/* A write to a gnuplot that has just died must fail with EPIPE, not
	 * end tribo: SIGPIPE is ignored while we talk to it. */
	struct sigaction ign = {0}, old;
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);

	size_t sent = 0;
	int rc = 0;
	long deadline = now_ms() + g->timeout_ms;
	const char *eline = NULL;
	for (;;) {
		bool out_done = find_sentinel(&g->obuf, outtag) != NULL;
		eline = find_sentinel(&g->ebuf, errtag);
		if (out_done && eline && sent == all.len)
			break;
		struct pollfd pfd[3] = {{g->out, POLLIN, 0}, {g->err, POLLIN, 0}, {-1, 0, 0}};
		int n = 2;
		if (sent < all.len)
			pfd[n++] = (struct pollfd){g->in, POLLOUT, 0};
		long left = deadline - now_ms();
		if (left <= 0) {
			g->timed_out = true;
			stop(g, 0, NULL);
			rc = diag_set(d,
				      "gnuplot did not answer in %d s and was stopped; the next "
				      "plot starts it again",
				      g->timeout_ms / 1000);
			break;
		}
		int r = poll(pfd, (nfds_t)n, (int)left);
		if (r < 0) {
			if (errno == EINTR && num_interrupted) {
				stop(g, 0, NULL);
				rc = diag_set(d, "interrupted; gnuplot was stopped");
				break;
			}
			if (errno == EINTR)
				continue;
			rc = diag_set(d, "poll: %s", strerror(errno));
			stop(g, 0, NULL);
			break;
		}
		bool dead = false;
		for (int i = 0; i < 2; i++) {
			if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char buf[8192];
			ssize_t k = read(pfd[i].fd, buf, sizeof(buf));
			if (k > 0)
				strbuf_add(i == 0 ? &g->obuf : &g->ebuf, buf, (size_t)k);
			else if (k == 0 || errno != EINTR)
				dead = true;
		}
		if (n == 3 && (pfd[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
			ssize_t k = write(g->in, all.buf + sent, all.len - sent);
			if (k > 0)
				sent += (size_t)k;
			else if (k < 0 && errno != EAGAIN && errno != EINTR)
				dead = true;
		}
		if (dead && may_retry && !g->obuf.len && !g->ebuf.len) {
			stop(g, 200, NULL);
			rc = 1;
			break;
		}
		if (dead) {
			rc = fail_dead(g, d, "while plotting");
			break;
		}
	}
	sigaction(SIGPIPE, &old, NULL);
	strbuf_release(&all);
	/* gnuplot has read it all once the sentinel came, or is gone */
	outfile_untrack(file);
	unlink(file);
	free(file);
	if (rc)
		return rc;

	/* "TRIBO-END <b> <errno> <message>" */
	int gperr = 0, used = 0;
	const char *msg = "";
	if (sscanf(eline + strlen(errtag), "%d %n", &gperr, &used) >= 1)
		msg = eline + strlen(errtag) + used;
	char emsg[512];
	snprintf(emsg, sizeof(emsg), "%.*s", (int)strcspn(msg, "\n"), msg);
	/* what came before the sentinel is the batch's own output */
	size_t olen = (size_t)(find_sentinel(&g->obuf, outtag) - g->obuf.buf);
	size_t elen = (size_t)(eline - g->ebuf.buf);
	if (out)
		strbuf_add(out, g->obuf.buf, olen);
	g->obuf.len = olen;
	g->obuf.buf[olen] = '\0';
	g->ebuf.len = elen;
	g->ebuf.buf[elen] = '\0';
	if (gperr)
		return diag_set(d, "gnuplot: %s", emsg[0] ? emsg : "error");
	return 0;
}

int gnuplot_run(struct gnuplot *g, const char *script, struct strbuf *out, struct diag *d)
{
	/* A gnuplot that died since the last batch (killed, crashed) is
	 * replaced without a word: this batch lost nothing to it. Once only,
	 * so that one this batch kills is reported. */
	int rc = run_batch(g, script, out, true, d);
	if (rc == 1)
		rc = run_batch(g, script, out, false, d);
	return rc ? -1 : 0;
}

const char *gnuplot_messages(const struct gnuplot *g)
{
	return strbuf_str(&g->ebuf);
}

int gnuplot_has_terminal(struct gnuplot *g, const char *name, bool *has, struct diag *d)
{
	if (!g->terminals || g->pid == 0) {
		struct strbuf out = STRBUF_INIT;
		if (gnuplot_run(g, "set print '-'\nprint GPVAL_TERMINALS\nset print\n", &out, d)) {
			strbuf_release(&out);
			return -1;
		}
		free(g->terminals);
		g->terminals = strbuf_detach(&out);
	}
	*has = false;
	size_t n = strlen(name);
	for (const char *p = g->terminals; (p = strstr(p, name)) != NULL; p += n)
		if ((p == g->terminals || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
			*has = true;
	return 0;
}

pid_t gnuplot_pid(const struct gnuplot *g)
{
	return g->pid;
}

int gnuplot_timeout(const struct gnuplot *g)
{
	return g->timeout_ms;
}

bool gnuplot_timed_out(const struct gnuplot *g)
{
	return g->timed_out;
}

void gnuplot_set_timeout(struct gnuplot *g, int ms)
{
	g->timeout_ms = ms;
}

static struct gnuplot *shared;

struct gnuplot *gnuplot_shared(void)
{
	static bool registered;
	if (!shared)
		shared = gnuplot_new(NULL);
	if (!registered) {
		atexit(gnuplot_close);
		registered = true;
	}
	return shared;
}

void gnuplot_close(void)
{
	gnuplot_free(shared);
	shared = NULL;
}
