/* libFuzzer: the command line. The first byte picks a shipped exercise
 * (parsed once, at start-up) and whether the session is interactive; the
 * rest is split into commands as `tribo -c` splits them, each tokenized
 * and run on a fresh session. Every command runs (issue 18: plot, export,
 * generate, sweep, save, load and list were skipped), inside a scratch
 * directory that is emptied after each input: a command that writes a
 * file (save, export, plot ... to, generate ... to) is skipped only when a
 * word of it holds a '/' (no file outside the scratch directory, whatever
 * the user running the fuzzer may write), and gnuplot is not on PATH, so
 * `plot` takes its no-gnuplot path. A sweep or generate of more than 20 is
 * skipped: one input must not run a thousand solves.
 *
 * The files the set commands read come with the input (issue 43: no input
 * ever reached roster, header or grade with a real file): after the
 * commands, each NUL byte starts the next of roster.csv, header.tex and
 * answers.csv, written into the scratch directory before the commands run
 * (an absent one is written as a small valid file), so that
 * `generate 3 to set roster roster.csv header header.tex; grade set
 * answers.csv` reads what the fuzzer made.
 *
 * A solve that is merely slow in this build (30 times slower than the
 * plain one) is stopped as Ctrl-C stops it: after FUZZ_SOLVE_CPU seconds
 * of CPU (default 0.05, for thousands of runs a minute) a timer sets
 * num_interrupted, which every model polls. What still runs into
 * libFuzzer's -timeout does not poll it: a real hang. */
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "../cpu_budget.h"
#include "cmd/command.h"
#include "cmd/token.h"
#include "exercise/exercise.h"
#include "exercise/session.h"
#include "num/num.h"
#include "util/diag.h"
#include "util/strbuf.h"

#ifndef FUZZ_EXERCISES
#define FUZZ_EXERCISES "exercises"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_EXERCISES = 64, MAX_COMMANDS = 16 };

static struct shipped {
	char *path;
	char *text;
	size_t len;
} shipped[MAX_EXERCISES];
static size_t nshipped;

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct shipped *)a)->path, ((const struct shipped *)b)->path);
}

static double solve_cpu = 0.05;
static char scratch[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	num_init();
	const char *cpu = getenv("FUZZ_SOLVE_CPU");
	if (cpu)
		solve_cpu = atof(cpu);
	cpu_budget_init(ITIMER_VIRTUAL);
	const char *dir = getenv("TRIBO_FUZZ_EXERCISES");
	if (!dir)
		dir = FUZZ_EXERCISES;
	/* the shipped exercises by id, files written in a scratch directory,
	 * and no gnuplot to start */
	setenv("TRIBO_PATH", dir, 1);
	setenv("PATH", "/nonexistent", 1);
	unsetenv("GNUPLOT");
	snprintf(scratch, sizeof(scratch), "/tmp/tribo-fuzz-XXXXXX");
	if (!mkdtemp(scratch) || chdir(scratch)) {
		perror("fuzz_command: scratch directory");
		exit(1);
	}
	setenv("HOME", scratch, 1);
	unsetenv("XDG_DATA_HOME");
	DIR *dp = opendir(dir);
	struct dirent *de;
	while (dp && (de = readdir(dp)) && nshipped < MAX_EXERCISES) {
		size_t n = strlen(de->d_name);
		if (n < 5 || strcmp(de->d_name + n - 4, ".ini"))
			continue;
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		FILE *f = fopen(path, "rb");
		if (!f)
			continue;
		struct strbuf sb = STRBUF_INIT;
		char buf[4096];
		size_t k;
		while ((k = fread(buf, 1, sizeof(buf), f)) > 0)
			strbuf_add(&sb, buf, k);
		fclose(f);
		shipped[nshipped].path = strdup(path);
		shipped[nshipped].len = sb.len;
		shipped[nshipped++].text = strbuf_detach(&sb);
	}
	if (dp)
		closedir(dp);
	if (!nshipped) {
		fprintf(stderr, "fuzz_command: no exercises in %s (set TRIBO_FUZZ_EXERCISES)\n",
			dir);
		exit(1);
	}
	/* the same byte picks the same exercise whatever the directory order */
	qsort(shipped, nshipped, sizeof(shipped[0]), by_path);
	return 0;
}

/* What a command may not do here: write outside the scratch directory, or
 * run more than 20 solves. */
static bool skipped(const struct tokens *t)
{
	static const char *const writers[] = {"save", "export", "plot", "generate", "grade", NULL};
	const char *name = t->v[0].text;
	bool writes = false;
	for (const char *const *w = writers; *w; w++)
		writes = writes || !strcmp(name, *w);
	bool counted = !strcmp(name, "sweep") || !strcmp(name, "generate");
	for (size_t i = 1; i < t->n; i++) {
		const char *a = t->v[i].text;
		if (writes && (strchr(a, '/') || a[0] == '~'))
			return true;
		if (counted && strspn(a, "0123456789.eE+") == strlen(a) && atof(a) > 20)
			return true;
	}
	return false;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	if (ftw->level > 0)
		remove(path);
	return 0;
}

static const char *const given_name[] = {"roster.csv", "header.tex", "answers.csv"};
static const char *const given_default[] = {
	"name\n\"Ada, L.\"\nBo\nCy\n",
	"\\textbf{Mechanics 2}, sheet 3\n",
	"student,t_stop,x_stop\nAda,0.6678 s,1.2 m\nBo,1\n",
};

/* Writes the input's files (or the defaults) into the scratch directory;
 * returns where the commands end. */
static size_t write_given(const char *text, size_t len)
{
	const char *p = memchr(text, '\0', len);
	size_t end = p ? (size_t)(p - text) : len;
	for (size_t k = 0; k < 3; k++) {
		const char *from = given_default[k];
		size_t n = strlen(from);
		if (p && p < text + len) {
			const char *start = p + 1;
			const char *next = memchr(start, '\0', (size_t)(text + len - start));
			from = start;
			n = (size_t)((next ? next : text + len) - start);
			p = next;
		} else
			p = NULL;
		FILE *f = fopen(given_name[k], "wb");
		if (f) {
			fwrite(from, 1, n, f);
			fclose(f);
		}
	}
	return end;
}

/* Empties the scratch directory (what save, export and generate wrote). */
static void clean_scratch(void)
{
	nftw(scratch, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t which = data[0] % nshipped;
	bool interactive = data[0] & 0x80;
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[write_given((const char *)data + 1, size - 1)] = '\0';

	struct diag d;
	struct exercise *ex =
		exercise_parse(shipped[which].path, shipped[which].text, shipped[which].len, &d);
	if (!ex) {
		fprintf(stderr, "fuzz_command: %s does not parse: %s\n", shipped[which].path,
			d.msg);
		abort();
	}
	struct session *s = session_new();
	session_adopt(s, ex);
	num_interrupted = 0;
	cpu_budget_arm(ITIMER_VIRTUAL, solve_cpu);

	char **piece;
	size_t n = split_commands(text, &piece);
	for (size_t i = 0, run = 0; i < n; i++) {
		struct tokens t;
		bool go = false;
		if (tokenize(piece[i], &t, &d) == 0) {
			go = t.n > 0 && !skipped(&t);
			tokens_release(&t);
		}
		if (go && run++ < MAX_COMMANDS) {
			struct strbuf out = STRBUF_INIT, msg = STRBUF_INIT;
			bool quit = false;
			if (command_run(s, piece[i], interactive, NULL, &out, &d, &quit)) {
				diag_format(&d, &msg);
				strbuf_release(&msg);
			}
			strbuf_release(&out);
		}
		free(piece[i]);
	}
	free(piece);
	cpu_budget_arm(ITIMER_VIRTUAL, 0);
	num_interrupted = 0;
	session_free(s);
	free(text);
	clean_scratch();
	return 0;
}
