/* Pictures in the plot pane: the terminal's replies taken apart from the
 * keys typed around them (front/sixel.c), the font for a cell height, the
 * sixelgd script, and a real gnuplot drawing the pane as a sixel image,
 * again only when something changed, and refusing where it has no
 * sixelgd. */
#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/command.h"
#include "front/sixel.h"
#include "gp/gnuplot.h"
#include "gp/gpscript.h"
#include "plot/plot.h"
#include "testutil.h"

/* sixel_parse over a string: what is left, in left[]. */
static size_t parse(const char *in, struct sixel_replies *r, char *left, size_t *kept)
{
	unsigned char buf[256];
	size_t n = strlen(in);
	memcpy(buf, in, n);
	n = sixel_parse(buf, n, r, kept);
	memcpy(left, buf, n);
	left[n] = '\0';
	return n;
}

START_TEST(test_parse_replies)
{
	struct sixel_replies r = {0};
	char left[256];
	size_t kept;
	/* xterm -ti vt340: the sizes, then the attributes with 4 */
	parse("\033[4;608;900t\033[6;19;9t\033[?63;1;2;4;6;9;15;16;22;28c", &r, left, &kept);
	ck_assert_str_eq(left, "");
	ck_assert(r.da1 && r.sixel);
	ck_assert_str_eq(r.attrs, "?63;1;2;4;6;9;15;16;22;28");
	ck_assert_int_eq(r.cell_w, 9);
	ck_assert_int_eq(r.cell_h, 19);
	ck_assert_int_eq(r.area_w, 900);
	ck_assert_int_eq(r.area_h, 608);
	ck_assert_int_eq(kept, 0);
	/* the colour registers and the largest image (XTSMGRAPHICS) */
	parse("\033[?1;0;256S\033[?2;0;1000;1000S\033[?63;4c", &r, left, &kept);
	ck_assert_int_eq(r.registers, 256);
	ck_assert_int_eq(r.max_w, 1000);
	ck_assert_int_eq(r.max_h, 1000);
	/* an error status leaves them unsaid */
	r = (struct sixel_replies){0};
	parse("\033[?1;3;0S\033[?2;3;0;0S", &r, left, &kept);
	ck_assert_str_eq(left, "");
	ck_assert_int_eq(r.registers, 0);
	ck_assert_int_eq(r.max_w, 0);
	ck_assert(!r.da1);

	/* tmux and a VT420: no 4 among the attributes (64, the class, and
	 * 14 are not 4) */
	r = (struct sixel_replies){0};
	parse("\033[?1;2c", &r, left, &kept);
	ck_assert(r.da1 && !r.sixel);
	r = (struct sixel_replies){0};
	parse("\033[?64;1;2;6;9;14;15c", &r, left, &kept);
	ck_assert(r.da1 && !r.sixel);
	r = (struct sixel_replies){0};
	parse("\033[?4;1c", &r, left, &kept); /* class 4: not the attribute */
	ck_assert(r.da1 && !r.sixel);
	/* 8-bit CSI */
	r = (struct sixel_replies){0};
	parse("\x9b?62;4c", &r, left, &kept);
	ck_assert(r.da1 && r.sixel);

	/* keys typed around the replies stay, in order, arrows too */
	r = (struct sixel_replies){0};
	parse("lo\033[6;19;9ta\033[Ad\033[?63;4c\r", &r, left, &kept);
	ck_assert_str_eq(left, "loa\033[Ad\r");
	ck_assert(r.sixel);
	ck_assert_int_eq(r.cell_h, 19);
	/* replies that are not ours are no keys either (issue 43): a window
	 * report, a second DA1, a DA2, OSC and DCS strings (BEL or ST, 7- or
	 * 8-bit), a report garbled after its separator; keys around them stay */
	r = (struct sixel_replies){0};
	parse("\033[8;24;80t", &r, left, &kept);
	ck_assert_str_eq(left, "");
	parse("a\033[?63;4c\033[?62;1c\033[>41;390;0cb", &r, left, &kept);
	ck_assert_str_eq(left, "ab");
	ck_assert(r.da1);
	parse("\033]11;rgb:0000/0000/0000\007x\033]10;?\033\\y\x9d"
	      "0;t\x9c",
	      &r, left, &kept);
	ck_assert_str_eq(left, "xy");
	parse("\033P1$r0m\033\\\x90"
	      ">|XTerm(390)\x9c"
	      "z\033[B",
	      &r, left, &kept);
	ck_assert_str_eq(left, "z\033[B");
	parse("\033[4;abc tq", &r, left, &kept);
	ck_assert_str_eq(left, "q");
	/* an OSC cut by the read waits for the rest, and is then dropped */
	ck_assert_int_eq(parse("k\033]11;rgb:00", &r, left, &kept), 12);
	ck_assert_int_eq(kept, 11);

	/* a reply cut by the read waits for the rest */
	r = (struct sixel_replies){0};
	ck_assert_int_eq(parse("x\033[?63;1", &r, left, &kept), 8);
	ck_assert_int_eq(kept, 7);
	ck_assert(!r.da1);
	ck_assert_int_eq(parse("x\033", &r, left, &kept), 2);
	ck_assert_int_eq(kept, 1);
	/* a parameter too long for an int is held, not overflowed */
	r = (struct sixel_replies){0};
	parse("\033[6;99999999999999999999;9t", &r, left, &kept);
	ck_assert_int_eq(r.cell_h, 1000000);
}
END_TEST

START_TEST(test_font)
{
	ck_assert_int_eq(sixel_font_pt(19), 8); /* xterm's DejaVu Sans Mono 11 */
	ck_assert_int_eq(sixel_font_pt(17), 7);
	ck_assert_int_eq(sixel_font_pt(8), 6);
	ck_assert_int_eq(sixel_font_pt(80), 16);
}
END_TEST

/* A terminal of the test's own: a pty whose far end, a child process,
 * answers each device attributes query (CSI c) with the next of `replies`
 * (NULL: silence), and says `late` 20 ms after the last (after the
 * first, it would race the second query under valgrind and end its wait
 * before the graphics replies came). */
static void fake_terminal(const char *const *replies, int nreplies, const char *late,
			  struct sixel_term *t, unsigned char *typed, size_t cap, size_t *n)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	ck_assert_int_ge(master, 0);
	ck_assert_int_eq(grantpt(master), 0);
	ck_assert_int_eq(unlockpt(master), 0);
	int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	ck_assert_int_ge(slave, 0);
	struct winsize ws = {.ws_row = 90, .ws_col = 300, .ws_xpixel = 2700, .ws_ypixel = 1620};
	ioctl(slave, TIOCSWINSZ, &ws);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		signal(SIGTERM, SIG_DFL); /* not the test runner's handler */
		close(slave);
		int k = 0;
		char buf[256];
		for (;;) {
			struct pollfd p = {.fd = master, .events = POLLIN};
			if (poll(&p, 1, 5000) <= 0)
				_exit(0);
			ssize_t got = read(master, buf, sizeof(buf));
			if (got <= 0)
				_exit(0);
			for (ssize_t i = 0; i < got; i++) {
				if (buf[i] != 'c' || k >= nreplies)
					continue;
				const char *r = replies[k++];
				if (r && write(master, r, strlen(r)) < 0)
					_exit(1);
				if (k == nreplies && late) {
					usleep(20000);
					if (write(master, late, strlen(late)) < 0)
						_exit(1);
				}
			}
		}
	}
	sixel_detect(slave, slave, t, typed, cap, n);
	close(slave);
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	close(master);
}

/* Issue 43: what a terminal says beyond its replies never becomes typed
 * text; a claimed 128x256-px cell is not believed (gnuplot drew a 1 GB
 * picture on a 300x90 terminal), nor an image larger than 4096 px; a
 * terminal that answers the device attributes but not the graphics query
 * shows pictures at xterm's default size and is not said to be silent. */
START_TEST(test_detect_fake_terminal)
{
	unsetenv("TRIBO_GRAPHICS");
	unsetenv("NO_COLOR");
	struct sixel_term t;
	unsigned char typed[64];
	size_t n;
	const char *const talk[] = {
		"\033]11;rgb:0000/0000/0000\007\033[4;23040;38400t\033[6;256;128thi"
		"\033P1$r0m\033\\\033[?63;4c",
		"\033[4;abc t\033[?1;0;256S\033[?2;0;100000;100000S\033[?63;4c"};
	fake_terminal(talk, 2, "\033[?63;4c\033[>41;390;0c", &t, typed, sizeof(typed), &n);
	ck_assert_msg(t.on, "%s", t.why);
	ck_assert_int_eq(t.cell_w, 9); /* from TIOCGWINSZ: 2700 / 300 */
	ck_assert_int_eq(t.cell_h, 18);
	ck_assert_int_eq(t.max_w, 4096);
	ck_assert_int_eq(t.max_h, 4096);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(memcmp(typed, "hi", 2), 0);

	const char *const mute[] = {"\033[6;18;9t\033[?62;4c", NULL};
	fake_terminal(mute, 2, NULL, &t, typed, sizeof(typed), &n);
	ck_assert_msg(t.on, "%s", t.why);
	ck_assert_ptr_null(strstr(t.why, "did not answer the device attributes"));
	ck_assert_ptr_nonnull(strstr(t.why, "images up to 1000x1000 (the graphics query went "
					    "unanswered: xterm's default)"));
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(test_detect_overrides)
{
	/* without a terminal, or told so, text; never a picture by guess */
	struct sixel_term t;
	unsigned char typed[16];
	size_t n;
	setenv("TRIBO_GRAPHICS", "text", 1);
	sixel_detect(0, 1, &t, typed, sizeof(typed), &n);
	ck_assert(!t.on);
	ck_assert_ptr_nonnull(strstr(t.why, "TRIBO_GRAPHICS=text"));
	setenv("TRIBO_GRAPHICS", "kitty", 1);
	sixel_detect(0, 1, &t, typed, sizeof(typed), &n);
	ck_assert(!t.on);
	ck_assert_ptr_nonnull(strstr(t.why, "TRIBO_GRAPHICS='kitty' is neither sixel nor text"));
	unsetenv("TRIBO_GRAPHICS");
	setenv("NO_COLOR", "1", 1);
	sixel_detect(0, 1, &t, typed, sizeof(typed), &n);
	ck_assert(!t.on);
	ck_assert_ptr_nonnull(strstr(t.why, "NO_COLOR"));
	unsetenv("NO_COLOR");
	int fd[2];
	ck_assert_int_eq(pipe(fd), 0);
	sixel_detect(fd[0], fd[1], &t, typed, sizeof(typed), &n);
	ck_assert(!t.on);
	ck_assert_str_eq(t.why, "plots as text: no terminal to ask");
	ck_assert_int_eq(n, 0);
	close(fd[0]);
	close(fd[1]);
}
END_TEST

START_TEST(test_script)
{
	struct figures fs = {0};
	struct figure *f = figure_add(&fs, "h", "A hodograph", "x", "y");
	f->equal_axes = true;
	struct curve *c = figure_curve(f, "the base", CURVE_LINE);
	for (int i = 0; i < 5; i++)
		curve_point(c, i, i * i);
	struct strbuf s = STRBUF_INIT;
	struct gp_term t = {.kind = GP_TERM_SIXEL,
			    .width = 477,
			    .height = 228,
			    .font_pt = 8,
			    .truecolor = true,
			    .compact = true};
	gp_script_figure_sub(&s, f, "ex: h", "A subtitle", &t);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&s), "set terminal sixelgd size 477,228 truecolor "
						     "font 'DejaVu Sans,8' background '#ffffff' "
						     "noenhanced\nset output\n"));
	/* the frame says the title: none in the picture */
	ck_assert_ptr_null(strstr(strbuf_str(&s), "ex: h"));
	ck_assert_ptr_null(strstr(strbuf_str(&s), "A subtitle"));
	/* wide: the key beside the square box; narrow: below it */
	ck_assert_ptr_nonnull(strstr(strbuf_str(&s), "set key outside right"));
	strbuf_reset(&s);
	t.width = 300, t.height = 400, t.truecolor = false;
	gp_script_figure_sub(&s, f, "ex: h", NULL, &t);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&s), "sixelgd size 300,400 font"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&s), "set key outside below"));
	strbuf_release(&s);
	figures_release(&fs);
}
END_TEST

/* ---- a real gnuplot --------------------------------------------------- */

static bool have_sixelgd(void)
{
	bool has = false;
	struct diag d;
	return !gnuplot_has_terminal(gnuplot_shared(), "sixelgd", &has, &d) && has;
}

static struct session *ses;
static struct strbuf out;
static struct diag d;

static void setup(void)
{
	setenv("TRIBO_PATH", "exercises", 1);
	setenv("XDG_DATA_HOME", "/nonexistent", 1);
	unsetenv("GNUPLOT");
	ses = session_new();
	strbuf_init(&out);
}

static void teardown(void)
{
	session_free(ses);
	strbuf_release(&out);
	gnuplot_close();
	unsetenv("GNUPLOT");
}

static void ok(const char *line)
{
	strbuf_reset(&out);
	ck_assert_msg(command_run(ses, line, false, NULL, &out, &d, NULL) == 0, "'%s' failed: %s",
		      line, d.msg);
}

/* The colour registers a sixel image defines: "#N;2;R;G;B". */
static int registers(const char *six)
{
	int n = 0;
	for (const char *p = six; (p = strchr(p, '#')) != NULL; p++) {
		int reg, kind;
		if (sscanf(p, "#%d;%d;", &reg, &kind) == 2 && kind == 2)
			n++;
	}
	return n;
}

/* Whether a register holds the colour (r, g, b), in percent, to within
 * tol (the palette is made from the antialiased picture). */
static bool has_colour(const char *six, int r, int g, int b, int tol)
{
	for (const char *p = six; (p = strchr(p, '#')) != NULL; p++) {
		int reg, kind, x, y, z;
		if (sscanf(p, "#%d;%d;%d;%d;%d", &reg, &kind, &x, &y, &z) == 5 && kind == 2 &&
		    abs(x - r) <= tol && abs(y - g) <= tol && abs(z - b) <= tol)
			return true;
	}
	return false;
}

START_TEST(test_pane_image)
{
	if (!have_sixelgd()) {
		test_skip("no gnuplot with sixelgd here");
		return;
	}
	struct plot_pane pane;
	plot_pane_init(&pane);
	pane.present = true;
	pane.cols = 53, pane.rows = 12;
	pane.image.width = 477, pane.image.height = 228, pane.image.font_pt = 8;
	pane.image.truecolor = true;
	ck_assert(plot_pane_image(&pane));
	ok("load imachi-fig6");
	ok("solve");
	const char *six;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), 0);
	/* a whole image of the pane's size: ESC P q, the raster attributes
	 * "1;1;W;H, the sixels, ESC \ */
	ck_assert_int_eq(strncmp(six, "\033P", 2), 0);
	ck_assert_ptr_nonnull(strstr(six, "\"1;1;477;228"));
	size_t n = strlen(six);
	ck_assert_str_eq(six + n - 2, "\033\\");
	/* antialiased: many colours, among them the limit cycle's #009E73
	 * (in percent, as sixel gives them: 0, 62, 45) */
	ck_assert_int_ge(registers(six), 64);
	ck_assert(has_colour(six, 0, 62, 45, 3));
	unsigned long gen = pane.drawn.generation;
	/* nothing changed: the same drawing, no gnuplot */
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), 0);
	ck_assert_uint_eq(pane.drawn.generation, gen);
	/* a new size draws again; a palette image where the terminal has
	 * fewer than 256 colour registers */
	pane.image.width = 300, pane.image.truecolor = false;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), 0);
	ck_assert_uint_eq(pane.drawn.generation, gen + 1);
	ck_assert_ptr_nonnull(strstr(six, "\"1;1;300;228"));
	ck_assert_int_le(registers(six), 256); /* a palette of gd's, no more */
	/* back to text: the dumb terminal's lines */
	memset(&pane.image, 0, sizeof(pane.image));
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), 0);
	ck_assert_ptr_null(strstr(six, "\033P"));
	ck_assert_ptr_nonnull(strstr(six, "u_x"));
	plot_pane_release(&pane);
}
END_TEST

START_TEST(test_no_sixelgd)
{
	if (!have_sixelgd()) {
		test_skip("no gnuplot with sixelgd here, to hide it from");
		return;
	}
	/* a gnuplot whose terminals lack sixelgd: the picture is refused
	 * with the reason, the text still drawn */
	char fake[1024];
	int fd = mkstemp(test_tmp(fake, sizeof fake, "tribo-nosixel-XXXXXX"));
	ck_assert_int_ge(fd, 0);
	/* tribo sends each batch as `load 'FILE'`: the file is changed first */
	const char *script =
		"#!/bin/bash\n"
		"while IFS= read -r l; do\n"
		"  case $l in *\"load '\"*) f=${l#*load \\'}; "
		"sed -i 's/^print GPVAL_TERMINALS$/print \"dumb png\"/' \"${f%\\'}\";; "
		"esac\n"
		"  printf '%s\\n' \"$l\"\n"
		"done | exec gnuplot \"$@\"\n";
	ck_assert_int_eq(write(fd, script, strlen(script)), (ssize_t)strlen(script));
	close(fd);
	chmod(fake, 0755);
	gnuplot_close();
	setenv("GNUPLOT", fake, 1);
	struct plot_pane pane;
	plot_pane_init(&pane);
	pane.present = true;
	pane.cols = 53, pane.rows = 12;
	pane.image.width = 477, pane.image.height = 228, pane.image.font_pt = 8;
	ok("load imachi-fig6");
	ok("solve");
	const char *six;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), -1);
	ck_assert_str_eq(d.msg, "this gnuplot has no sixelgd terminal (gnuplot 5.4 built with "
				"libgd has it)");
	memset(&pane.image, 0, sizeof(pane.image));
	ck_assert_int_eq(plot_pane_render(ses, &pane, &six, &d), 0);
	ck_assert_ptr_nonnull(strstr(six, "u_x"));
	plot_pane_release(&pane);
	unlink(fake);
}
END_TEST

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A gnuplot that never answers (issue 43: each solve and each resize
 * waited 20 s for it): the pane waits 2 s for it once, then says it is
 * waiting and draws nothing without asking gnuplot, until `plot` asks. */
START_TEST(test_silent_gnuplot)
{
	char fake[1024];
	int fd = mkstemp(test_tmp(fake, sizeof fake, "tribo-silent-XXXXXX"));
	ck_assert_int_ge(fd, 0);
	const char *script = "#!/bin/sh\nexec sleep 60\n";
	ck_assert_int_eq(write(fd, script, strlen(script)), (ssize_t)strlen(script));
	close(fd);
	chmod(fake, 0755);
	gnuplot_close();
	setenv("GNUPLOT", fake, 1);
	struct plot_pane pane;
	plot_pane_init(&pane);
	pane.present = true;
	pane.cols = 53, pane.rows = 12;
	ok("load imachi-fig6");
	ok("solve");
	ck_assert_ptr_nonnull(session_figures(ses)); /* drawn here, not timed below */
	const char *text;
	double t0 = seconds();
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	double waited = seconds() - t0;
	ck_assert_msg(waited >= 1.9 && waited < 3, "the first drawing waited %.2f s", waited);
	ck_assert_str_eq(d.msg, "waiting: gnuplot did not answer the pane within 2 s and was "
				"stopped; 'plot NAME' draws it again");
	ck_assert_str_eq(text, "");
	/* a resize, a new solve: no wait, the same words (the solve itself
	 * is not timed: it takes 0.8 s under valgrind; nor are its figures,
	 * which imachi draws when first asked for) */
	t0 = seconds();
	pane.cols = 40, pane.rows = 10;
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	double again = seconds() - t0;
	ok("solve");
	ck_assert_ptr_nonnull(session_figures(ses));
	t0 = seconds();
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	again += seconds() - t0;
	ck_assert_msg(again < 0.5, "waited %.2f s again", again);
	ck_assert_ptr_nonnull(strstr(d.msg, "waiting"));
	/* `plot` asks again: 2 s more, no longer */
	plot_pane_choose(&pane, "");
	t0 = seconds();
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), -1);
	waited = seconds() - t0;
	ck_assert_msg(waited >= 1.9 && waited < 3, "the asked drawing waited %.2f s", waited);
	/* and a gnuplot that answers again draws */
	unsetenv("GNUPLOT");
	gnuplot_close();
	plot_pane_choose(&pane, "");
	ck_assert_int_eq(plot_pane_render(ses, &pane, &text, &d), 0);
	ck_assert_ptr_nonnull(strstr(text, "u_x"));
	plot_pane_release(&pane);
	unlink(fake);
}
END_TEST

static Suite *suite(void)
{
	Suite *su = suite_create("sixel");
	TCase *tc = tcase_create("terminal");
	tcase_add_test(tc, test_parse_replies);
	tcase_add_test(tc, test_font);
	tcase_add_test(tc, test_detect_overrides);
	tcase_add_test(tc, test_detect_fake_terminal);
	tcase_add_test(tc, test_script);
	suite_add_tcase(su, tc);
	tc = tcase_create("gnuplot");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_pane_image);
	tcase_add_test(tc, test_no_sixelgd);
	tcase_add_test(tc, test_silent_gnuplot);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(suite());
}
