/* tribo: a terminal workbench for textbook exercises on dry friction in
 * Lagrangian mechanics. main() picks the front end; everything else lives
 * in libtribo.a. */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exercise/lint.h"
#include "exercise/session.h"
#include "front/front.h"
#include "num/num.h"
#include "util/infile.h"
#include "util/xalloc.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: tribo [OPTION]... [FILE]\n"
		   "  or:  tribo --lint [--strict] EXERCISE.ini...\n"
		   "A workbench for textbook exercises on dry friction in Lagrangian mechanics.\n"
		   "\n"
		   "With no FILE on a terminal, opens the interactive workbench; with FILE\n"
		   "(or '-', or standard input that is not a terminal), runs its commands,\n"
		   "one a line, and exits.\n"
		   "\n"
		   "  -c, --command=CMDS    run the commands CMDS (separated by ';') and exit;\n"
		   "                        several -c run in order\n"
		   "  -e, --exercise=ID     load exercise ID (or an .ini file) first\n"
		   "      --plain           line-by-line interface, without full-screen panes\n"
		   "      --lint            check the exercise files named and solve each at the\n"
		   "                        ends of its draw ranges; exit 1 if one has an error\n"
		   "      --strict          with --lint, a warning fails too\n"
		   "      --timeout=SECONDS stop any batch command that runs longer (it fails)\n"
		   "  -h, --help            show this help and exit\n"
		   "  -V, --version         show the version and exit\n"
		   "\n"
		   "Inside, 'help' lists the commands. Exit status of a batch: 0 if every\n"
		   "command succeeded, 1 if one failed (the batch stops there), 2 for bad\n"
		   "usage; an interactive session that ends with quit or Ctrl-D: 0.\n"
		   "\n"
		   "Environment: TRIBO_PATH (more exercise directories, ':'-separated),\n"
		   "TRIBO_TIMEOUT (as --timeout), XDG_DATA_HOME, XDG_STATE_HOME, NO_COLOR,\n"
		   "GNUPLOT.\n");
}

/* tribo --lint FILE...: each file's report on stdout; 1 when a file has
 * an error (or, with --strict, a warning). */
static int lint_files(int n, char **files, int strict)
{
	if (n == 0) {
		fprintf(stderr, "tribo: --lint needs an exercise FILE\n"
				"Try 'tribo --help' for more information.\n");
		return 2;
	}
	num_init();
	int status = 0;
	for (int i = 0; i < n; i++) {
		struct strbuf out = STRBUF_INIT;
		struct lint_count count;
		/* each file under the batch's time limit, as a command is */
		num_interrupted = 0;
		front_batch_limit_start();
		exercise_lint(files[i], &out, &count);
		const bool late = front_batch_limit_end();
		num_interrupted = 0;
		fputs(strbuf_str(&out), stdout);
		fflush(stdout);
		strbuf_release(&out);
		if (late) {
			fprintf(stderr,
				"tribo: %s: lint stopped after %g s, the batch's time limit "
				"(TRIBO_TIMEOUT or --timeout)\n",
				files[i], front_batch_limit());
			status = 1;
		}
		if (count.errors || (strict && count.warnings))
			status = 1;
	}
	return status;
}

static bool stdin_is_directory(void)
{
	struct stat st;
	return fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The whole program; `commands` has room for every -c (argc of them). */
static int run(int argc, char **argv, char **commands)
{
	static const struct option longopts[] = {
		{"command", required_argument, NULL, 'c'},
		{"exercise", required_argument, NULL, 'e'},
		{"plain", no_argument, NULL, 'p'},
		{"lint", no_argument, NULL, 'L'},
		{"strict", no_argument, NULL, 'S'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{"timeout", required_argument, NULL, 'T'},
		{NULL, 0, NULL, 0},
	};
	const char *exercise = NULL;
	int ncommands = 0, plain = 0, lint = 0, strict = 0, opt;
	const char *timeout = NULL, *timeout_from = "--timeout";
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+c:e:hV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			commands[ncommands++] = optarg;
			break;
		case 'e':
			exercise = optarg;
			break;
		case 'p':
			plain = 1;
			break;
		case 'L':
			lint = 1;
			break;
		case 'S':
			strict = 1;
			break;
		case 'T':
			timeout = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("tribo %s\n"
			       "Copyright (C) 2026 the tribo developers.\n"
			       "License GPLv3+: GNU GPL version 3 or later "
			       "<https://gnu.org/licenses/gpl.html>.\n"
			       "This is free software: you are free to change and redistribute "
			       "it.\n"
			       "There is NO WARRANTY, to the extent permitted by law.\n",
			       TRIBO_VERSION);
			return 0;
		default:
			if (optopt == 'T')
				fprintf(stderr, "tribo: option '--timeout' needs an argument\n");
			else if (optopt && strchr("ce", optopt))
				fprintf(stderr, "tribo: option '-%c' needs an argument\n", optopt);
			else if (optopt)
				fprintf(stderr, "tribo: unknown option '-%c'\n", optopt);
			else
				fprintf(stderr, "tribo: unknown option '%s'\n", argv[optind - 1]);
			fprintf(stderr, "Try 'tribo --help' for more information.\n");
			return 2;
		}
	}
	if (strict && !lint) {
		fprintf(stderr, "tribo: --strict goes with --lint\n"
				"Try 'tribo --help' for more information.\n");
		return 2;
	}
	if (lint && (ncommands || exercise || plain)) {
		fprintf(stderr, "tribo: --lint takes only exercise files (and --strict)\n"
				"Try 'tribo --help' for more information.\n");
		return 2;
	}
	if (!timeout && getenv("TRIBO_TIMEOUT") && *getenv("TRIBO_TIMEOUT"))
		timeout = getenv("TRIBO_TIMEOUT"), timeout_from = "TRIBO_TIMEOUT";
	if (timeout) {
		struct diag d;
		if (front_batch_set_timeout(timeout, &d)) {
			struct strbuf msg = STRBUF_INIT;
			diag_format(&d, &msg);
			fprintf(stderr, "tribo: %s: %s", timeout_from, strbuf_str(&msg));
			strbuf_release(&msg);
			return 2;
		}
	}
	/* a signal that ends tribo removes its temporary files first (the
	 * interactive modes take the signals over with the terminal) */
	front_batch_signals();
	if (lint)
		return lint_files(argc - optind, argv + optind, strict);
	if (argc - optind > 1 || (ncommands && argc > optind)) {
		fprintf(stderr, "tribo: %s\nTry 'tribo --help' for more information.\n",
			ncommands ? "-c and a script FILE do not go together"
				  : "only one script FILE at a time");
		return 2;
	}

	num_init();
	struct session *s = session_new();
	int status = 0;
	if (exercise) {
		struct diag d;
		if (session_load(s, exercise, &d)) {
			struct strbuf msg = STRBUF_INIT;
			diag_format(&d, &msg);
			fprintf(stderr, "tribo: --exercise: %s", strbuf_str(&msg));
			strbuf_release(&msg);
			session_free(s);
			return 1;
		}
	}
	if (ncommands) {
		status = front_batch_strings(s, commands, ncommands);
	} else if (optind < argc && strcmp(argv[optind], "-")) {
		/* a script that is not a regular file is refused at once, as
		 * every file tribo reads (util/infile.h); it is bad usage, 2,
		 * as a directory always was */
		char why[128];
		int orc;
		FILE *f = infile_fopen(argv[optind], why, sizeof why, &orc);
		if (!f && orc == INFILE_NOT_REGULAR) {
			fprintf(stderr, "tribo: %s: %s\n", argv[optind], why);
			status = 2;
		} else if (!f) {
			fprintf(stderr, "tribo: cannot open script '%s': %s\n", argv[optind], why);
			status = 1;
		} else {
			status = front_batch_file(s, f, argv[optind]);
			fclose(f);
		}
	} else if ((optind < argc || (!plain && !isatty(STDIN_FILENO))) && stdin_is_directory()) {
		/* `tribo < DIR`: reading it fails at once with EISDIR, which
		 * the batch took for the end of its input and exited 0. Bad
		 * usage, 2, as `tribo DIR` */
		fprintf(stderr, "tribo: standard input: is a directory, not a script\n");
		status = 2;
	} else if (optind < argc || (!plain && !isatty(STDIN_FILENO))) {
		status = front_batch_file(s, stdin, "stdin");
	} else {
		/* the interactive modes show μ and θ as the terminal can; numbers
		 * are read and written in the C locale everywhere */
		setlocale(LC_ALL, "");
		setlocale(LC_NUMERIC, "C");
		status = -2;
		if (!plain && isatty(STDOUT_FILENO))
			status = front_screen(s);
		if (status == -2)
			status = front_repl(s);
	}
	session_free(s);
	return status;
}

int main(int argc, char **argv)
{
	char **commands = xcalloc((size_t)argc, sizeof(*commands)); /* each -c, in order */
	int status = run(argc, argv, commands);
	free(commands);
	return status;
}
