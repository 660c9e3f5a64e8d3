/* Every figure of every shipped exercise, drawn as `plot NAME to F.png`
 * draws it (1000x700) and then looked at by the pixel: gnuplot says
 * nothing (no warning), every curve with points is in the script, and the
 * key never covers the data. For the last the script is drawn once more
 * with the key boxed in magenta and the plot's border in cyan, the two
 * colours no figure uses: the magenta box must be whole on the canvas and
 * meet nothing of the cyan border's box, inside which all the data lies.
 * The PNGs stay in build/figures/ to be looked at. */
#include <check.h>
#include <dirent.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exercise/session.h"
#include "gp/gpscript.h"
#include "plot/plot.h"
#include "testutil.h"
#include "util/strbuf.h"

#define OUT_DIR "build/figures"

struct box {
	int x0, y0, x1, y1; /* pixels, inclusive; x0 > x1 when empty */
};

static bool box_empty(const struct box *b)
{
	return b->x0 > b->x1;
}

/* The boxes of the magenta, the cyan and the yellow (the x label's)
 * pixels of a PNG. */
static bool read_boxes(const char *path, struct box *key, struct box *frame, struct box *xlabel,
		       int *w, int *h)
{
	png_image img;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&img, path))
		return false;
	img.format = PNG_FORMAT_RGB;
	unsigned char *px = malloc(PNG_IMAGE_SIZE(img));
	if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
		free(px);
		png_image_free(&img);
		return false;
	}
	*w = (int)img.width, *h = (int)img.height;
	*key = *frame = *xlabel = (struct box){*w, *h, -1, -1};
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			const unsigned char *p = px + 3 * ((size_t)y * *w + x);
			struct box *b = NULL;
			if (p[0] > 200 && p[1] < 90 && p[2] > 200)
				b = key;
			else if (p[0] < 90 && p[1] > 215 && p[2] > 215)
				b = frame;
			else if (p[0] > 200 && p[1] > 200 && p[2] < 60)
				b = xlabel;
			if (!b)
				continue;
			b->x0 = x < b->x0 ? x : b->x0;
			b->y0 = y < b->y0 ? y : b->y0;
			b->x1 = x > b->x1 ? x : b->x1;
			b->y1 = y > b->y1 ? y : b->y1;
		}
	free(px);
	return true;
}

/* Runs gnuplot on the script in `path`, 60 s at most; what it printed in
 * out. */
static int run_gnuplot(const char *path, struct strbuf *out)
{
	char cmd[512];
	const char *gp = getenv("GNUPLOT");
	snprintf(cmd, sizeof cmd, "timeout 60 %s %s 2>&1", gp && *gp ? gp : "gnuplot", path);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		strbuf_add(out, buf, n);
	return pclose(p);
}

/* The script with the key boxed in magenta, the border in cyan and the x
 * label in yellow. */
static void mark_script(const char *script, struct strbuf *out)
{
	for (const char *line = script; *line;) {
		const char *e = strchr(line, '\n');
		size_t len = e ? (size_t)(e - line + 1) : strlen(line);
		strbuf_add(out, line, len);
		if (!strncmp(line, "set key ", 8))
			strbuf_addstr(out, "set key box lc rgb '#FF00FF' lw 2\n");
		if (!strncmp(line, "set border", 10))
			strbuf_addstr(out, "set border lc rgb '#00FFFF' lw 2\n");
		if (!strncmp(line, "set xlabel ", 11))
			strbuf_addstr(out, "set xlabel textcolor rgb '#FFFF00'\n");
		line += len;
	}
}

static int figures_seen, keys_seen, keys_below;

/* One figure: the PNG as tribo makes it, the marked one, and the checks. */
static void check_figure(const struct session *s, const struct figure *f, const char *id)
{
	struct strbuf title = STRBUF_INIT, sub = STRBUF_INIT, script = STRBUF_INIT,
		      marked = STRBUF_INIT, said = STRBUF_INIT;
	char png[512], mpng[512], gpf[512];
	snprintf(png, sizeof png, OUT_DIR "/%s-%s.png", id, f->name);
	snprintf(mpng, sizeof mpng, OUT_DIR "/marked/%s-%s.png", id, f->name);
	snprintf(gpf, sizeof gpf, OUT_DIR "/marked/%s-%s.gp", id, f->name);
	plot_title(s, f, &title);
	plot_subtitle(s, f, &sub);
	struct gp_term t = {.kind = GP_TERM_PNG, .output = png};
	gp_script_figure_sub(&script, f, strbuf_str(&title), strbuf_str(&sub), &t);

	/* every curve with points has its data block and its plot clause */
	size_t with_data = 0;
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].n) {
			char block[48];
			snprintf(block, sizeof block, "$tribo%zu << EOD\n", i);
			ck_assert_msg(strstr(strbuf_str(&script), block),
				      "%s %s: curve %zu not drawn", id, f->name, i);
			with_data++;
		}
	size_t clauses = 0;
	for (const char *p = strbuf_str(&script); (p = strstr(p, "$tribo")); p++)
		clauses += p[-1] == ' ' && p > strbuf_str(&script); /* in the plot command */
	ck_assert_msg(clauses == with_data, "%s %s: %zu curves, %zu drawn", id, f->name, with_data,
		      clauses);

	/* the PNG tribo writes: gnuplot says nothing */
	FILE *fp = fopen(gpf, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(strbuf_str(&script), fp);
	fclose(fp);
	ck_assert_int_eq(run_gnuplot(gpf, &said), 0);
	ck_assert_msg(said.len == 0, "%s %s: gnuplot said: %s", id, f->name, strbuf_str(&said));

	/* the marked one: the key's box off the plot's */
	t.output = mpng;
	strbuf_reset(&script);
	gp_script_figure_sub(&script, f, strbuf_str(&title), strbuf_str(&sub), &t);
	mark_script(strbuf_str(&script), &marked);
	fp = fopen(gpf, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(strbuf_str(&marked), fp);
	fclose(fp);
	strbuf_reset(&said);
	ck_assert_int_eq(run_gnuplot(gpf, &said), 0);
	ck_assert_msg(said.len == 0, "%s %s: gnuplot said: %s", id, f->name, strbuf_str(&said));
	struct box key, frame, xl;
	int w, h;
	ck_assert_msg(read_boxes(mpng, &key, &frame, &xl, &w, &h), "%s: not a PNG", mpng);
	ck_assert_msg(!*f->xlabel || !box_empty(&xl), "%s %s: the x label is not drawn", id,
		      f->name);
	ck_assert_msg(!box_empty(&frame), "%s %s: no border drawn", id, f->name);
	bool keyed = strstr(strbuf_str(&script), "\nset key ") != NULL;
	if (keyed) {
		keys_seen++;
		ck_assert_msg(!box_empty(&key), "%s %s: the key's box is not on the canvas", id,
			      f->name);
		/* whole: not cut at the canvas's edge */
		ck_assert_msg(key.x0 > 0 && key.y0 > 0 && key.x1 < w - 1 && key.y1 < h - 1,
			      "%s %s: the key is cut at the edge (%d,%d)-(%d,%d)", id, f->name,
			      key.x0, key.y0, key.x1, key.y1);
		bool apart = key.x1 < frame.x0 || key.x0 > frame.x1 || key.y1 < frame.y0 ||
			     key.y0 > frame.y1;
		ck_assert_msg(apart,
			      "%s %s: the key (%d,%d)-(%d,%d) meets the plot (%d,%d)-(%d,%d)", id,
			      f->name, key.x0, key.y0, key.x1, key.y1, frame.x0, frame.y0, frame.x1,
			      frame.y1);
		/* no label shares a row with the key: a key below has the x
		 * label wholly above it, with a gap; one beside meets it
		 * nowhere */
		bool below = key.y0 > frame.y1;
		bool clear = box_empty(&xl) || (below ? xl.y1 + 4 < key.y0
						      : xl.x1 < key.x0 || xl.x0 > key.x1 ||
								xl.y1 < key.y0 || xl.y0 > key.y1);
		ck_assert_msg(clear,
			      "%s %s: the x label (%d,%d)-(%d,%d) shares a row with the key "
			      "(%d,%d)-(%d,%d)",
			      id, f->name, xl.x0, xl.y0, xl.x1, xl.y1, key.x0, key.y0, key.x1,
			      key.y1);
		if (below)
			keys_below++;
	} else {
		ck_assert_msg(box_empty(&key), "%s %s: magenta without a key", id, f->name);
	}
	/* the plot keeps most of the canvas: a key does not squeeze it (a
	 * hodograph, its axes equal, fills the width or the height) */
	const bool wide = (frame.x1 - frame.x0) * 10 >= w * (f->equal_axes ? 5 : 6),
		   high = (frame.y1 - frame.y0) * 10 >= h * (f->equal_axes ? 65 / 10.0 : 5);
	ck_assert_msg(f->equal_axes ? wide || high : wide && high,
		      "%s %s: the plot is only %dx%d of %dx%d", id, f->name, frame.x1 - frame.x0,
		      frame.y1 - frame.y0, w, h);
	figures_seen++;
	strbuf_release(&title);
	strbuf_release(&sub);
	strbuf_release(&script);
	strbuf_release(&marked);
	strbuf_release(&said);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_ini(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return n > 4 && !strcmp(e->d_name + n - 4, ".ini");
}

/* Under valgrind (TRIBO_TEST_LIGHT) a hundred solves and plots are too
 * slow: three exercises of three models, one figure with a key among
 * them, each looked at as every figure is. */
static const char *const light_ids[] = {"disk-reye.ini", "imachi-fig6.ini", "painleve-rod.ini"};

static bool wanted(const char *file, bool light)
{
	if (!light)
		return true;
	for (size_t i = 0; i < sizeof(light_ids) / sizeof(*light_ids); i++)
		if (!strcmp(file, light_ids[i]))
			return true;
	return false;
}

START_TEST(test_every_figure)
{
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	mkdir("build", 0777);
	mkdir(OUT_DIR, 0777);
	mkdir(OUT_DIR "/marked", 0777);
	struct dirent **list;
	int n = scandir("exercises", &list, is_ini, by_name);
	ck_assert_int_gt(n, 30);
	int chosen = 0;
	for (int i = 0; i < n; i++) {
		if (!wanted(list[i]->d_name, light)) {
			free(list[i]);
			continue;
		}
		chosen++;
		char path[512];
		snprintf(path, sizeof path, "exercises/%s", list[i]->d_name);
		struct session *s = session_new();
		struct diag d;
		ck_assert_msg(session_load(s, path, &d) == 0, "%s: %s", path, d.msg);
		ck_assert_msg(session_solve(s, &d) == 0, "%s: %s", path, d.msg);
		const struct figures *fs = session_figures(s);
		char why[160];
		for (size_t k = 0; k < fs->nfig; k++)
			if (!figure_empty(&fs->fig[k], why, sizeof why))
				check_figure(s, &fs->fig[k], session_exercise(s)->id);
		session_free(s);
		free(list[i]);
	}
	free(list);
	printf("figures: %d drawn, %d with a key (%d below the plot), every key off the data "
	       "and off the x label's rows\n",
	       figures_seen, keys_seen, keys_below);
	if (light) {
		ck_assert_int_eq(chosen, 3);
		ck_assert_int_ge(figures_seen, 5);
		ck_assert_int_ge(keys_seen, 1);
	} else {
		ck_assert_int_gt(figures_seen, 60);
	}
}
END_TEST

static Suite *figures_suite(void)
{
	Suite *su = suite_create("figures");
	TCase *tc = tcase_create("figures");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_every_figure);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(figures_suite());
}
