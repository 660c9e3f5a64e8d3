/* The command language: tokens, dispatch and its errors, the session
 * commands end to end, completion and help. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/command.h"
#include "cmd/token.h"
#include "testutil.h"
#include "util/xalloc.h"

START_TEST(test_tokenize)
{
	struct tokens t;
	struct diag d;
	ck_assert_int_eq(tokenize("  set  r 20 cm", &t, &d), 0);
	ck_assert_int_eq(t.n, 4);
	ck_assert_str_eq(t.v[0].text, "set");
	ck_assert_int_eq(t.v[0].col, 3);
	ck_assert_str_eq(t.v[3].text, "cm");
	ck_assert_int_eq(t.v[3].col, 13);
	tokens_release(&t);
	ck_assert_int_eq(tokenize("set mu_expr 'a b' \"c \\\" d\" e'f g'h # note", &t, &d), 0);
	ck_assert_int_eq(t.n, 5);
	ck_assert_str_eq(t.v[2].text, "a b");
	ck_assert_str_eq(t.v[3].text, "c \" d");
	ck_assert_str_eq(t.v[4].text, "ef gh");
	tokens_release(&t);
	ck_assert_int_eq(tokenize("# only a comment", &t, &d), 0);
	ck_assert_int_eq(t.n, 0);
	tokens_release(&t);
	ck_assert_int_eq(tokenize("load 'unterminated", &t, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "unterminated quote"));
	ck_assert_ptr_nonnull(strstr(d.msg, "column 6"));
}
END_TEST

START_TEST(test_split)
{
	char **p;
	size_t n = split_commands("load x; set a 'b;c'; print \"d;e\"\nquit", &p);
	ck_assert_int_eq(n, 4);
	ck_assert_str_eq(p[0], "load x");
	ck_assert_str_eq(p[1], " set a 'b;c'");
	ck_assert_str_eq(p[2], " print \"d;e\"");
	ck_assert_str_eq(p[3], "quit");
	for (size_t i = 0; i < n; i++)
		free(p[i]);
	free(p);
}
END_TEST

/* A session with TRIBO_PATH at the shipped exercises; one command a call. */
static struct session *s;
static struct strbuf out;
static struct diag d;

static void setup(void)
{
	setenv("TRIBO_PATH", "exercises", 1);
	setenv("XDG_DATA_HOME", "/nonexistent", 1);
	s = session_new();
	strbuf_init(&out);
}

static void teardown(void)
{
	session_free(s);
	strbuf_release(&out);
}

static int run(const char *line)
{
	strbuf_reset(&out);
	return command_run(s, line, false, NULL, &out, &d, NULL);
}

static void ok(const char *line)
{
	ck_assert_msg(run(line) == 0, "'%s' failed: %s%s", line, d.prefix, d.msg);
}

static void fails(const char *line, const char *prefix, const char *part)
{
	ck_assert_msg(run(line) == -1, "'%s' should fail", line);
	ck_assert_str_eq(d.prefix, prefix);
	ck_assert_msg(strstr(d.msg, part), "'%s': message '%s' lacks '%s'", line, d.msg, part);
}

START_TEST(test_dispatch_errors)
{
	fails("frobnicate", "", "unknown command 'frobnicate'");
	fails("lod disk-reye", "", "did you mean 'load'?");
	fails("load", "load: ", "missing argument; usage: load ID|FILE");
	fails("load a b", "load: ", "too many arguments");
	fails("show", "show: ", "no exercise loaded");
	fails("solve", "solve: ", "no exercise loaded");
	fails("print m", "print: ", "no exercise loaded");
	fails("load nosuch", "load: ", "no exercise 'nosuch'");
	fails("load disk-reyes", "load: ", "did you mean 'disk-reye'?");
	fails("load /nonexistent/x.ini", "load: ", "cannot open");
	ok("load disk-reye");
	fails("table", "table: ", "nothing solved yet");
	fails("steps", "steps: ", "nothing solved yet");
	fails("print stop_time", "print: ", "run 'solve' first");
	fails("help nosuch",
	      "help: ", "no command, topic, parameter, result, exercise or model 'nosuch'");
	ok("");
	ok("   # a comment");
}
END_TEST

/* A command line of 1 MiB: tribo -c cannot be given one (Linux caps one
 * argument at 128 KiB), but a script line or a pasted line can. Each must
 * fail with its message, the text cut to the message's size, or work. */
enum { MIB = 1 << 20 };

static char *repeat(const char *head, const char *unit, size_t total)
{
	char *line = xmalloc(total + 1);
	size_t n = strlen(head), u = strlen(unit);
	memcpy(line, head, n);
	while (n + u <= total) {
		memcpy(line + n, unit, u);
		n += u;
	}
	line[n] = '\0';
	return line;
}

START_TEST(test_megabyte_lines)
{
	char **p;
	char *line = repeat("", "print m;", MIB);
	size_t n = split_commands(line, &p);
	ck_assert_int_eq(n, MIB / 8 + 1);
	ck_assert_str_eq(p[0], "print m");
	ck_assert_str_eq(p[n - 1], "");
	for (size_t i = 0; i < n; i++)
		free(p[i]);
	free(p);
	free(line);

	/* (not fails(): check cannot carry a 1 MiB line in its message) */
	static const struct {
		const char *head, *unit, *prefix, *part;
	} bad[] = {
		{"eval 1", "+1",
		 "eval: ", "expression too long (1048571 characters; at most 4096)"},
		{"set m ", "1", "set: ", "' is out of range (too large for a double)"},
		{"", "x", "", "unknown command 'xxxx"},
		{"set m 2 ", "k", "set: ", "expression too long (1048570 characters"},
		{"load ", "a", "load: ", "no exercise 'aaaa"},
	};
	ok("load disk-reye");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		line = repeat(bad[i].head, bad[i].unit, MIB);
		int rc = run(line);
		free(line);
		ck_assert_msg(rc == -1, "a 1 MiB '%s…' line should fail", bad[i].head);
		ck_assert_str_eq(d.prefix, bad[i].prefix);
		ck_assert_msg(strstr(d.msg, bad[i].part), "message '%.200s…' lacks '%s'", d.msg,
			      bad[i].part);
	}
	/* the reason survives: the text is cut to 60 bytes and '…' */
	line = repeat("", "x", MIB);
	run(line);
	free(line);
	ck_assert_str_eq(d.msg, "unknown command "
				"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'; "
				"'help' lists the commands");
	/* one that works; 1/8 MiB only, for the sanitizers' sake (hostile.sh
	 * runs the whole megabyte) */
	line = repeat("print", " m", MIB / 8);
	int rc = run(line);
	free(line);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(out.len, 2 * ((MIB / 8 - 5) / 2));
	ck_assert_int_eq(memcmp(out.buf, "2\n2\n", 4), 0);
}
END_TEST

START_TEST(test_set_and_print)
{
	ok("load disk-reye");
	ok("print m r omega pressure");
	ck_assert_str_eq(strbuf_str(&out), "2\n0.15\n20\nreye\n");
	ok("set r 20 cm");
	ok("set omega 300 rpm");
	ok("print r omega");
	ck_assert_str_eq(strbuf_str(&out), "0.2\n31.4159265359\n");
	ok("set pressure uniform");
	ok("print pressure");
	ck_assert_str_eq(strbuf_str(&out), "uniform\n");
	fails("set r banana", "set: ", "unknown name 'banana' in disk-reye");
	fails("set r nan", "set: ", "is not finite");
	fails("set r 1e400", "set: ", "out of range");
	fails("set r -1", "set: ", "r must be > 0 m");
	fails("set mu 3", "set: ", "mu must be [0, 2]");
	fails("set m 0", "set: ", "m must be > 0 kg");
	fails("set r 2 kg", "set: ", "'kg' is a unit of mass, but r is a length (m)");
	fails("set omega 2 m/s^2", "set: ",
	      "'m/s^2' is a unit of acceleration, but omega is an angular velocity (rad/s)");
	fails("set r 2 furlong", "set: ", "unknown unit 'furlong'");
	fails("set pressure sideways", "set: ", "pressure is one of reye|uniform");
	fails("set pressure reye cm", "set: ", "takes no unit");
	fails("set nosuch 1", "set: ", "no parameter 'nosuch'");
	fails("set omgea 1", "set: ", "did you mean 'omega'?");
	fails("set stop_time 1", "set: ", "is a result");
	fails("print m nosuch", "print: ", "unknown name 'nosuch'");
	ck_assert_int_eq(out.len, 0); /* a bad name prints nothing at all */
	/* a refused value leaves the old one */
	ok("print r");
	ck_assert_str_eq(strbuf_str(&out), "0.2\n");

	/* a relation between parameters (the model's check) is checked at
	 * solve; set takes the value and notes the relation broken for now,
	 * so the order of two sets does not matter (issue 37) */
	ok("load imachi");
	ok("set mu1 0.5");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "note: mu1 = 0.5 is below mu0 = 0.9"));
	ok("print mu1");
	ck_assert_str_eq(strbuf_str(&out), "0.5\n");
	fails("solve", "solve: ", "mu1 = 0.5 is below mu0 = 0.9");
	ok("set mu0 0.4"); /* holds again: no note */
	ck_assert_ptr_null(strstr(strbuf_str(&out), "note:"));
	ok("solve");
	/* from mu0 0.5, mu1 0.55 to mu0 0.8, mu1 1.0, in either order; in
	 * imachi-1d too (every model with a check) */
	static const char *const ids[] = {"imachi", "imachi-1d"};
	for (int i = 0; i < 2; i++) {
		char line[64];
		snprintf(line, sizeof line, "load %s", ids[i]);
		ok(line);
		ok("set mu0 0.5");
		ok("set mu1 0.55");
		ok("set mu0 0.8");
		ck_assert_ptr_nonnull(
			strstr(strbuf_str(&out), "note: mu1 = 0.55 is below mu0 = 0.8"));
		ok("set mu1 1.0");
		ck_assert_ptr_null(strstr(strbuf_str(&out), "note:"));
		ok("solve");
		ok("set mu1 1.0");
		ok("set mu0 0.8");
		ck_assert_ptr_null(strstr(strbuf_str(&out), "note:"));
		ok("solve");
	}
	/* a single parameter's own rule is a note too, refused at solve */
	ok("load imachi");
	ok("set n 12.5");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "note: n = 12.5: the number of steps"));
	fails("solve", "solve: ", "n = 12.5: the number of steps per half period is an integer");
	ok("reset n");
	ok("solve");
}
END_TEST

START_TEST(test_solve_stale_reset)
{
	ok("load disk-reye");
	ok("set r 20 cm");
	ok("set omega 10");
	ok("set mu 0.3");
	ok("solve");
	ok("print stop_time stop_time_exact");
	ck_assert_str_eq(strbuf_str(&out), "0.67957866123\n0.67957866123\n");
	ok("table");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "stop_time = 0.67957866123 s\n"));
	ok("steps");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "stop_time_exact = ω r/(μ g)"));
	ok("eval omega*r/(mu*g) / stop_time");
	ck_assert_str_eq(strbuf_str(&out), "1\n");
	ok("set mu 0.6");
	fails("print stop_time", "print: ", "out of date (mu changed");
	fails("table", "table: ", "out of date");
	fails("eval stop_time", "eval: ", "out of date");
	ok("print mu"); /* parameters are never stale */
	ck_assert_str_eq(strbuf_str(&out), "0.6\n");
	ok("solve");
	ok("print stop_time");
	ck_assert_str_eq(strbuf_str(&out), "0.339789330615\n");
	ok("reset mu");
	ok("print mu");
	ck_assert_str_eq(strbuf_str(&out), "0.25\n");
	ok("reset");
	ok("print r omega");
	ck_assert_str_eq(strbuf_str(&out), "0.15\n20\n");
	ok("show");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "results (out of date"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "mass 2 kg and radius 0.15 m"));
	/* loading again starts afresh */
	ok("load disk-uniform");
	fails("print stop_time", "print: ", "run 'solve' first");
}
END_TEST

START_TEST(test_eval)
{
	ok("eval 2^10");
	ck_assert_str_eq(strbuf_str(&out), "1024\n");
	ok("eval sqrt(2)*sqrt(2) # a comment");
	ck_assert_str_eq(strbuf_str(&out), "2\n");
	fails("eval omega", "eval: ", "unknown name 'omega'");
	ok("load disk-reye");
	ok("eval omega*r"); /* SI: 20 rad/s · 0.15 m, a velocity (the radian is a number) */
	ck_assert_str_eq(strbuf_str(&out), "3 m/s\n");
	ok("set r 15 cm");
	ok("eval r"); /* a lone name: with its SI unit */
	ck_assert_str_eq(strbuf_str(&out), "0.15 m\n");
	fails("eval pressure", "eval: ", "pressure is not a number");
	fails("eval sqrt(-1)", "eval: ", "not a number");
	/* the column points into the whole command line */
	fails("eval 1 + omgea", "eval: ", "did you mean 'omega'?");
	ck_assert_int_eq(d.col, 10);
	ck_assert_str_eq(d.source, "eval 1 + omgea");
}
END_TEST

START_TEST(test_quit_and_help)
{
	bool quit = false;
	strbuf_reset(&out);
	ck_assert_int_eq(command_run(s, "quit", false, NULL, &out, &d, &quit), 0);
	ck_assert(quit);
	ok("help");
	/* help is derived from the table: every command is in it */
	for (const struct command *const *c = command_all(); *c; c++)
		ck_assert_ptr_nonnull(strstr(strbuf_str(&out), (*c)->usage));
	ok("help set");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "usage: set NAME VALUE [UNIT]"));
}
END_TEST

static bool has(char **v, const char *w)
{
	for (; *v; v++)
		if (!strcmp(*v, w))
			return true;
	return false;
}

static size_t count(char **v)
{
	size_t n = 0;
	while (v[n])
		n++;
	return n;
}

static void free_all(char **v)
{
	for (size_t i = 0; v[i]; i++)
		free(v[i]);
	free(v);
}

START_TEST(test_complete)
{
	bool files;
	char **c = command_complete(s, "s", 0, &files);
	ck_assert(has(c, "save") && has(c, "set") && has(c, "show") && has(c, "solve") &&
		  has(c, "step") && has(c, "steps") && has(c, "sweep"));
	ck_assert_int_eq(count(c), 7);
	free_all(c);
	/* help takes exercise ids and model names too (issue 40) */
	c = command_complete(s, "help ragul", 5, &files);
	ck_assert(has(c, "ragulskis") && has(c, "ragulskis-fig1") && !files);
	free_all(c);
	c = command_complete(s, "load disk-", 5, &files);
	ck_assert(has(c, "disk-reye") && has(c, "disk-uniform"));
	ck_assert(files);
	free_all(c);
	ok("load disk-reye");
	c = command_complete(s, "set o", 4, &files);
	ck_assert(has(c, "omega") && count(c) == 1 && !files);
	free_all(c);
	c = command_complete(s, "set pressure ", 13, &files);
	ck_assert(has(c, "reye") && has(c, "uniform") && count(c) == 2);
	free_all(c);
	c = command_complete(s, "set omega 300 r", 14, &files);
	ck_assert(has(c, "rpm") && has(c, "rad/s") && !has(c, "rad"));
	free_all(c);
	c = command_complete(s, "print m stop", 8, &files);
	ck_assert(has(c, "stop_time") && has(c, "stop_time_exact") && has(c, "stop_angle"));
	free_all(c);
	c = command_complete(s, "eval sq", 5, &files);
	ck_assert(has(c, "sqrt"));
	free_all(c);
	c = command_complete(s, "eval omega*s", 11, &files);
	ck_assert(has(c, "stop_time") && has(c, "sin") && has(c, "sqrt"));
	free_all(c);
	c = command_complete(s, "help se", 5, &files);
	ck_assert(has(c, "set") && count(c) == 1);
	free_all(c);
	c = command_complete(s, "help law ell", 9, &files);
	ck_assert(has(c, "elliptic") && has(c, "elliptic-peak") && count(c) == 2);
	free_all(c);
	c = command_complete(s, "help units ", 11, &files);
	ck_assert_int_eq(count(c), 0);
	free_all(c);
	c = command_complete(s, "quit ", 5, &files);
	ck_assert_int_eq(count(c), 0);
	free_all(c);
	/* sweep: a parameter, three numbers, then results as many as wanted */
	c = command_complete(s, "sweep om", 6, &files);
	ck_assert(has(c, "omega") && count(c) == 1);
	free_all(c);
	c = command_complete(s, "sweep mu 0 1 ", 13, &files);
	ck_assert_int_eq(count(c), 0);
	free_all(c);
	c = command_complete(s, "sweep mu 0 1 3 stop_time stop", 25, &files);
	ck_assert(has(c, "stop_time_exact") && !files);
	free_all(c);
	/* plot: figures (the sweep once there is one), its words, a file after 'to' */
	c = command_complete(s, "plot ", 5, &files);
	ck_assert(has(c, "to") && has(c, "window") && !has(c, "sweep") && !files);
	free_all(c);
	ok("sweep mu 0.1 0.2 2 stop_time");
	c = command_complete(s, "plot sw", 5, &files);
	ck_assert(has(c, "sweep") && count(c) == 1);
	free_all(c);
	c = command_complete(s, "plot sweep ", 11, &files);
	ck_assert(has(c, "to") && has(c, "window"));
	free_all(c);
	c = command_complete(s, "plot sweep window ", 18, &files);
	ck_assert(has(c, "persist") && count(c) == 1 && !files);
	free_all(c);
	c = command_complete(s, "plot window p", 12, &files);
	ck_assert(has(c, "persist") && count(c) == 1);
	free_all(c);
	c = command_complete(s, "plot sweep to ", 14, &files);
	ck_assert(count(c) == 0 && files);
	free_all(c);
	c = command_complete(s, "export ", 7, &files);
	ck_assert(has(c, "csv") && count(c) == 1 && !files);
	free_all(c);
	c = command_complete(s, "export csv ", 11, &files);
	ck_assert(count(c) == 0 && files);
	free_all(c);
	c = command_complete(s, "export csv f.csv ", 17, &files);
	ck_assert(has(c, "sweep") && !files);
	free_all(c);
}
END_TEST

/* A value of 2,000 characters without a blank reads the same from an
 * exercise file as from `set` (issue 16: the reader cut lines at 200). */
/* imachi-fig4 (overlay = phi 90 67.5 45 22.5): one hodograph with the
 * four limit cycles, each the very cycle of its one-direction exercise
 * (imachi-fig4-90 ...), in a colour and a key entry of its own, with its
 * base and mean unkeyed; the results are those of the file's φ' = 45°;
 * and step, on the same session, steps the 45° construction. */
START_TEST(test_overlay_fig4)
{
	static const char *const one[] = {"imachi-fig4-90", "imachi-fig4-67", "imachi-fig4-45",
					  "imachi-fig4-22"};
	static const char *const keys[] = {"phi = 90°", "phi = 67.5°", "phi = 45°", "phi = 22.5°"};
	struct figure cyc[4];
	double xmean45 = 0;
	for (int k = 0; k < 4; k++) {
		char line[64];
		snprintf(line, sizeof line, "load %s", one[k]);
		ok(line);
		ok("solve");
		const struct figure *f = figures_find(session_figures(s), "hodograph");
		ck_assert_ptr_nonnull(f);
		cyc[k] = (struct figure){0};
		figure_overlay(&cyc[k], f, 1, "x"); /* a copy of the cycle, base and mean */
		if (k == 2)
			xmean45 = session_result(s, 0)->num;
	}
	ok("load imachi-fig4");
	ok("solve");
	ck_assert(session_result(s, 0)->num == xmean45);
	const struct figure *f = figures_find(session_figures(s), "hodograph");
	ck_assert_ptr_nonnull(strstr(f->title, "Limit cycles for phi = 90, 67.5, 45, 22.5°"));
	ck_assert_uint_eq(f->ncurves, 12);
	for (int k = 0; k < 4; k++)
		for (int j = 0; j < 3; j++) {
			const struct curve *c = &f->curves[3 * k + j], *w = &cyc[k].curves[j];
			ck_assert_int_eq(c->group, k + 1);
			ck_assert_str_eq(c->label, j == 1 ? keys[k] : "");
			ck_assert_int_eq(c->style, w->style);
			ck_assert_uint_eq(c->n, w->n);
			for (size_t i = 0; i < c->n; i++)
				ck_assert(c->x[i] == w->x[i] && c->y[i] == w->y[i]);
		}
	/* the cycles' points: 25 each (Δτ = π/12, closed) */
	for (int k = 0; k < 4; k++)
		ck_assert_uint_eq(f->curves[3 * k + 1].n, 25);
	/* the frame holds every run */
	for (size_t i = 0; i < f->ncurves; i++)
		for (size_t j = 0; j < f->curves[i].n; j++)
			ck_assert(f->curves[i].x[j] >= f->xmin && f->curves[i].x[j] <= f->xmax &&
				  f->curves[i].y[j] >= f->ymin && f->curves[i].y[j] <= f->ymax);
	ok("steps");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "The figure hodograph overlays runs at "
						       "phi = 90, 67.5, 45, 22.5°"));
	ok("step 3");
	ck_assert_ptr_nonnull(strstr(strbuf_str(&out), "step 3: from point 2 to 3"));
	for (int k = 0; k < 4; k++)
		figure_release(&cyc[k]);
}
END_TEST

/* Issue 36: a solve runs the model once; its figures, worked steps and
 * export are read from that run, never from another (issue 20 made them
 * on demand, by a second run); a `set` after the solve moves none of
 * them, and a sweep and lint leave them alone. */
START_TEST(test_one_run_per_solve)
{
	static const char *const ids[] = {"disk-reye",
					  "conveyor",
					  "polisher",
					  "kozlov-ball",
					  "painleve-rod",
					  "ragulskis",
					  "imachi",
					  "hoop-bead",
					  "ladder",
					  "rayleigh-reye",
					  "curling",
					  "painleve-compliant",
					  "painleve-lagrange",
					  "coin-lagrange"};
	char csv[1024];
	int fd = mkstemp(test_tmp(csv, sizeof csv, "tribo-runs-XXXXXX"));
	ck_assert_int_ge(fd, 0);
	close(fd);
	char line[1200];
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		snprintf(line, sizeof line, "load %s", ids[i]);
		ok(line);
		const unsigned long before = model_runs();
		ok("solve");
		ck_assert_msg(session_figures_made(s), "%s", ids[i]);
		const struct figures *fs = session_figures(s);
		ck_assert_msg(fs->nfig > 0, "%s drew nothing", ids[i]);
		snprintf(line, sizeof line, "plot %s", fs->fig[0].name);
		run(line); /* with or without a gnuplot: the figure is asked for */
		ok("steps");
		ck_assert_msg(out.len > 0, "%s: no steps", ids[i]);
		snprintf(line, sizeof line, "export csv %s", csv);
		ok(line);
		ck_assert_msg(model_runs() - before == 1, "%s: %lu runs", ids[i],
			      model_runs() - before);
	}
	unlink(csv);

	ok("load disk-reye");
	ok("solve");
	const double stop =
		session_result(s, model_result_index(session_exercise(s)->model, "stop_time"))->num;
	const unsigned long runs = model_runs();
	ok("set mu 0.5");
	ok("sweep mu 0.1 0.4 4 stop_time");
	ck_assert_int_eq(model_runs() - runs, 4); /* the sweep's own */
	/* the spin reaches 0 at the solve's stop_time, not the new mu's */
	const struct figure *f = figures_find(session_figures(s), "spin");
	ck_assert_ptr_nonnull(f);
	const struct curve *c = &f->curves[0];
	ck_assert_double_eq_tol(c->x[c->n - 1], stop, 1e-9 * stop);
	ck_assert_double_eq_tol(c->y[c->n - 1], 0, 1e-9);
	ck_assert_int_eq(model_runs() - runs, 4);
}
END_TEST

/* Figures left for later (num/figure.h): not drawn until figures_ready,
 * then once; dropped undrawn by a release. */
static int later_drawn, later_dropped;

static void later_draw(struct figures *fs, void *ctx)
{
	later_drawn++;
	figure_add(fs, "late", ctx, "x", "y");
}

static void later_drop(void *ctx)
{
	(void)ctx;
	later_dropped++;
}

START_TEST(test_figures_later)
{
	struct figures fs = FIGURES_INIT;
	later_drawn = later_dropped = 0;
	figures_later(&fs, later_draw, later_drop, "drawn late");
	ck_assert_uint_eq(fs.nfig, 0);
	ck_assert_int_eq(later_drawn, 0);
	figures_ready(&fs);
	figures_ready(&fs);
	ck_assert_int_eq(later_drawn, 1);
	ck_assert_int_eq(later_dropped, 1);
	ck_assert_uint_eq(fs.nfig, 1);
	ck_assert_str_eq(fs.fig[0].title, "drawn late");
	figures_release(&fs);
	figures_later(&fs, later_draw, later_drop, "never drawn");
	figures_release(&fs);
	ck_assert_int_eq(later_drawn, 1);
	ck_assert_int_eq(later_dropped, 2);

	/* rayleigh leaves its sweeps for later: drawn when looked at, from the
	 * solve's inputs (u from 0 to twice the solve's vx = 0.3 m/s, R there
	 * the solve's), a `set` after it moving nothing, no model run again */
	ok("load rayleigh");
	const unsigned long before = model_runs();
	ok("solve");
	ok("set vx 0.5");
	const double R =
		session_result(s, model_result_index(session_exercise(s)->model, "R"))->num;
	ck_assert_double_eq_tol(R, 1.26372506015, 1e-10);
	const struct figure *f = figures_find(session_figures(s), "R_P");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(figures_find(session_figures(s), "Q"));
	const struct curve *c = &f->curves[0];
	ck_assert_uint_gt(c->n, 30);
	ck_assert_double_eq(c->x[0], 0.0);
	ck_assert_double_eq_tol(c->x[c->n - 1], 0.6, 1e-15);
	bool at_u0 = false;
	for (size_t i = 0; i < c->n; i++)
		if (c->x[i] == 0.3) {
			ck_assert_double_eq(c->y[i], R);
			at_u0 = true;
		}
	ck_assert(at_u0);
	ck_assert_int_eq(model_runs() - before, 1);
}
END_TEST

START_TEST(test_long_value_file_vs_set)
{
	/* long, but no dearer to evaluate than a short one */
	char *formula = repeat("0.3+0.1*exp(-v)*1.", "0", 2000);
	ck_assert_int_eq(strlen(formula), 2000);
	char path[1024];
	int fd = mkstemps(test_tmp(path, sizeof path, "tribo-long-XXXXXX.ini"), 4);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	fprintf(f,
		"[exercise]\nid = long\ntitle = A long formula\nmodel = rayleigh\n"
		"[param vx]\nvalue = 0.3\n[param law]\nvalue = expr\n[param mu_expr]\nvalue = %s\n",
		formula);
	fclose(f);
	char *load = xmalloc(strlen(path) + 8);
	sprintf(load, "load %s", path);
	ok(load);
	unlink(path);
	free(load);
	ok("print mu_expr");
	ck_assert_int_eq(out.len, strlen(formula) + 1);
	ck_assert(!strncmp(strbuf_str(&out), formula, strlen(formula)));
	ok("solve");
	ok("print R");
	char *from_file = xstrdup(strbuf_str(&out));

	/* the same exercise, the value typed at the prompt */
	ok("set mu_expr 0.5");
	ok("solve");
	ok("print R");
	ck_assert_str_ne(strbuf_str(&out), from_file);
	char *set = xmalloc(strlen(formula) + 16);
	sprintf(set, "set mu_expr %s", formula);
	ok(set);
	ok("print mu_expr");
	ck_assert_int_eq(out.len, strlen(formula) + 1);
	ok("solve");
	ok("print R");
	ck_assert_str_eq(strbuf_str(&out), from_file);
	free(set);
	free(from_file);
	free(formula);
}
END_TEST

/* issue 16: an angle as a person types it, said back in the parameter's
 * unit; a quoted command name; ans. */
START_TEST(test_units_as_typed)
{
	static const char *const phi[] = {"set phi 45 degrees", "set phi 45°", "set phi 45deg",
					  "set phi pi/4 rad", "set phi 45 °"};
	ok("load imachi");
	for (size_t i = 0; i < sizeof(phi) / sizeof(phi[0]); i++) {
		strbuf_reset(&out);
		ck_assert_msg(command_run(s, phi[i], true, NULL, &out, &d, NULL) == 0, "%s: %s",
			      phi[i], d.msg);
		ck_assert_str_eq(strbuf_str(&out), "phi = 45 deg\n");
	}
	ok("print phi rad");
	ck_assert_str_eq(strbuf_str(&out), "0.785398163397\n");
	ok("eval 4*ans"); /* ans, a quantity: phi's 0.785398163397 rad */
	ck_assert_str_eq(strbuf_str(&out), "3.14159265359 rad\n");
	fails("print phi m", "print: ", "'m' is a unit of length");
	ok("\"eval\" 1+2");
	ck_assert_str_eq(strbuf_str(&out), "3\n");
	ok("eval 2*ans");
	ck_assert_str_eq(strbuf_str(&out), "6\n");
	ok("'eval' ans to ms");
	ck_assert_str_eq(strbuf_str(&out), "6000 ms\n");
	ok("help units");
	ck_assert_msg(strstr(strbuf_str(&out), "\n  deg  = 0.0174532925199 rad   degree degrees\n"),
		      "%s", strbuf_str(&out));
}
END_TEST

/* A command typed at the prompt (interactive) says what it did; the
 * figures and tables of a solve are refused once a parameter changed. */
static void said(const char *line, const char *want)
{
	strbuf_reset(&out);
	ck_assert_msg(command_run(s, line, true, NULL, &out, &d, NULL) == 0, "'%s': %s%s", line,
		      d.prefix, d.msg);
	ck_assert_str_eq(strbuf_str(&out), want);
}

START_TEST(test_interactive_words)
{
	ok("load disk-reye");
	/* solve prints every result, as print does them one by one */
	said("set omega 10", "omega = 10 rad/s\n");
	strbuf_reset(&out);
	ck_assert_int_eq(command_run(s, "solve", true, NULL, &out, &d, NULL), 0);
	char *solved = strbuf_detach(&out);
	strbuf_init(&out);
	ck_assert_msg(strstr(solved, "stop_time = "), "%s", solved);
	ok("print stop_time");
	char line[1200];
	snprintf(line, sizeof line, "\nstop_time = %.*s s\n", (int)out.len - 1, strbuf_str(&out));
	ck_assert_msg(strstr(solved, line), "'%s' not in '%s'", line, solved);
	free(solved);
	/* reset says what it put back, and what was there */
	said("set r 0.2", "r = 0.2 m\n");
	said("set mu 0.3", "mu = 0.3\n");
	said("reset omega", "omega = 20 rad/s (the exercise's value; was 10 rad/s)\n");
	said("reset omega", "omega = 20 rad/s (the exercise's value, not changed)\n");
	said("reset", "2 parameters back to the exercise's values:\n"
		      "  r = 0.15 m (was 0.2 m)\n"
		      "  mu = 0.25 (was 0.3)\n");
	said("reset", "no parameter was changed: all have the exercise's values\n");
	fails("plot spin",
	      "plot: ", "the figures are out of date (r changed since 'solve'): run 'solve'");
	fails("export csv x.csv",
	      "export: ", "the results are out of date (r changed since 'solve'): run 'solve'");
	fails("plot to a.png to b.png", "plot: ", "one 'to FILE' at a time");
	/* a figure written, and a sweep overlaid, said so */
	ok("solve");
	char pdir[1024], png[1100], said_png[1200];
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(pdir, sizeof pdir, "check_command_XXXXXX")));
	snprintf(png, sizeof png, "%s/spin.png", pdir);
	snprintf(line, sizeof line, "plot spin to %s", png);
	snprintf(said_png, sizeof said_png, "wrote %s (spin)\n", png);
	said(line, said_png);
	ck_assert_int_eq(access(png, R_OK), 0);
	unlink(png);
	rmdir(pdir);
	strbuf_reset(&out);
	ck_assert_int_eq(command_run(s, "sweep mu 0.2 0.4 2 plot", true, NULL, &out, &d, NULL), 0);
	ck_assert_msg(strstr(strbuf_str(&out), "\nkept as 'sweep': 'plot sweep' draws it, "
					       "'export csv FILE' writes the runs' results\n"),
		      "%s", strbuf_str(&out));
	/* export names the table written and its size, and the other tables */
	ok("load imachi-fig2");
	ok("solve");
	char dir[1024], path[1100], want[1400];
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(dir, sizeof dir, "check_command_XXXXXX")));
	snprintf(path, sizeof path, "%s/h.csv", dir);
	strbuf_reset(&out);
	snprintf(line, sizeof line, "export csv %s", path);
	ck_assert_int_eq(command_run(s, line, true, NULL, &out, &d, NULL), 0);
	size_t len, rows = 0, cols = 1;
	char *csv = test_slurp(path, &len);
	for (size_t i = 0; i < len; i++)
		rows += csv[i] == '\n';
	for (const char *p = csv; *p != '\n'; p++)
		cols += *p == ',';
	free(csv);
	ck_assert_uint_gt(rows, 2);
	snprintf(want, sizeof want,
		 "wrote %s: hodograph, %zu rows of %zu columns\n"
		 "the other tables (export csv FILE TABLE): steps\n",
		 path, rows - 1, cols); /* the first line is the header */
	ck_assert_str_eq(strbuf_str(&out), want);
	unlink(path);
	rmdir(dir);
	/* step reset: back to the solve's own construction */
	said("step reset", "the construction is the solve's own again\n");
}
END_TEST

static Suite *command_suite(void)
{
	Suite *su = suite_create("command");
	TCase *tc = tcase_create("tokens");
	tcase_add_test(tc, test_tokenize);
	tcase_add_test(tc, test_split);
	suite_add_tcase(su, tc);
	tc = tcase_create("session");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_dispatch_errors);
	tcase_add_test(tc, test_set_and_print);
	tcase_add_test(tc, test_solve_stale_reset);
	tcase_add_test(tc, test_eval);
	tcase_add_test(tc, test_units_as_typed);
	tcase_add_test(tc, test_quit_and_help);
	tcase_add_test(tc, test_complete);
	tcase_add_test(tc, test_megabyte_lines);
	tcase_add_test(tc, test_long_value_file_vs_set);
	tcase_add_test(tc, test_overlay_fig4);
	tcase_add_test(tc, test_one_run_per_solve);
	tcase_add_test(tc, test_figures_later);
	tcase_add_test(tc, test_interactive_words);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(command_suite());
}
