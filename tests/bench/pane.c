/* What the full screen's plot pane waits for, for `make bench`: the pane's
 * figure drawn by gnuplot as text and as a sixel picture, at the sizes of
 * the panes at 100x32 (53x12 cells, 477x228 pixels with 9x19 cells) and
 * zoomed at 140x40 (138x33 cells, capped at xterm's 1000x624 pixels).
 *
 *   pane ID FIGURE
 *
 * Loads and solves ID, then draws FIGURE at each size 7 times (a size
 * changed between them, so that every drawing runs gnuplot) and prints
 * one line a size: the median wall time in ms (gnuplot is another
 * process: CPU time would miss it) and the bytes written to the terminal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exercise/session.h"
#include "gp/gnuplot.h"
#include "num/num.h"
#include "plot/plot.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fputs("usage: pane ID FIGURE\n", stderr);
		return 2;
	}
	num_init();
	struct diag d = {0};
	struct session *s = session_new();
	if (session_load(s, argv[1], &d) || session_solve(s, &d)) {
		fprintf(stderr, "pane: %s: %s\n", argv[1], d.msg);
		return 1;
	}
	static const struct {
		const char *what;
		int cols, rows, width, height;
	} sizes[] = {
		{"text 53x12", 53, 12, 0, 0},
		{"picture 477x228", 53, 12, 477, 228},
		{"text zoomed 138x33", 138, 33, 0, 0},
		{"picture zoomed 1000x624", 138, 33, 1000, 624},
	};
	struct plot_pane p;
	plot_pane_init(&p);
	p.present = true;
	plot_pane_choose(&p, argv[2]);
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		enum { N = 7 };
		double t[N];
		size_t bytes = 0;
		for (int i = 0; i < N; i++) {
			/* one cell or pixel more on every other drawing: gnuplot runs
			 * each time, as after a resize */
			int more = i % 2;
			p.cols = sizes[k].cols + more;
			p.rows = sizes[k].rows;
			p.image.width = sizes[k].width ? sizes[k].width - more : 0;
			p.image.height = sizes[k].height;
			p.image.font_pt = sizes[k].width ? 8 : 0;
			p.image.truecolor = sizes[k].width > 0;
			const char *out;
			double t0 = now();
			if (plot_pane_render(s, &p, &out, &d)) {
				fprintf(stderr, "pane: %s: %s\n", sizes[k].what, d.msg);
				return 1;
			}
			t[i] = now() - t0;
			bytes = strlen(out);
		}
		qsort(t, N, sizeof(double), cmp);
		printf("%s %.1f %zu\n", sizes[k].what, 1e3 * t[N / 2], bytes);
	}
	plot_pane_release(&p);
	gnuplot_close();
	session_free(s);
	return 0;
}
