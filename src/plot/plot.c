#include "plot/plot.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netdb.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "dyn/law.h"
#include "gp/gnuplot.h"
#include "gp/gpscript.h"
#include "scene/scene.h"
#include "util/outfile.h"
#include "util/text.h"

/* ---- finding figures ------------------------------------------------ */

static void list_names(const struct session *s, struct strbuf *sb)
{
	const struct figures *fs = session_figures(s);
	for (size_t i = 0; i < fs->nfig; i++)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", fs->fig[i].name);
	if (session_sweep(s)->nfig)
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", PLOT_SWEEP);
}

const struct figure *plot_find(const struct session *s, const char *name, struct diag *d)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (!name) {
		char why[160];
		for (size_t i = 0; i < fs->nfig; i++)
			if (!figure_empty(&fs->fig[i], why, sizeof why))
				return &fs->fig[i];
		if (sw->nfig)
			return &sw->fig[0];
		if (fs->nfig)
			diag_set(d, "no figure of the last solve has anything to show ('plot' "
				    "lists why)");
		else if (session_solved(s))
			diag_set(d, "the last solve drew no figures; 'sweep' makes one");
		else
			diag_set(d, "nothing to plot: run 'solve' (or 'sweep') first");
		return NULL;
	}
	if (!strcmp(name, PLOT_SWEEP)) {
		if (sw->nfig)
			return &sw->fig[0];
		diag_set(d, "no sweep yet: 'sweep NAME FROM TO STEPS RESULT...' makes one");
		return NULL;
	}
	const struct figure *f = figures_find(fs, name);
	if (f)
		return f;
	struct strbuf names = STRBUF_INIT;
	list_names(s, &names);
	const char *cands[64];
	size_t n = 0;
	for (size_t i = 0; i < fs->nfig && n < 63; i++)
		cands[n++] = fs->fig[i].name;
	if (sw->nfig)
		cands[n++] = PLOT_SWEEP;
	char hint[96];
	if (*text_did_you_mean(name, cands, n, hint, sizeof(hint)))
		diag_set(d, "no figure '%s'%s", name, hint);
	else if (names.len)
		diag_set(d, "no figure '%s'; there are: %s", name, strbuf_str(&names));
	else if (!session_solved(s))
		diag_set(d, "no figure '%s': run 'solve' first", name);
	else
		diag_set(d, "no figure '%s': the last solve drew none", name);
	strbuf_release(&names);
	return NULL;
}

void plot_title(const struct session *s, const struct figure *f, struct strbuf *out)
{
	const struct exercise *ex = session_exercise(s);
	const char *id = ex && ex->id ? ex->id : "";
	strbuf_addstr(out, id);
	if (*id)
		strbuf_addstr(out, ": ");
	strbuf_addstr(out, f->name);
}

/* The choices in effect where they differ from the exercise's: "Friction
 * law: tanh; pressure = uniform" (a law the figure's title names already
 * left out); whether any differs. */
static bool changed_choices(const struct session *s, const struct figure *f, struct strbuf *out)
{
	bool any = false;
	const struct exercise *ex = session_exercise(s);
	for (size_t i = 0; ex && i < ex->model->nparams; i++) {
		const struct param_spec *spec = ex->params[i].spec;
		const struct param_state *ps = session_param(s, i);
		if (spec->kind != PARAM_CHOICE || !ps->changed)
			continue;
		any = true;
		const struct law *law = law_chosen(spec, ps->choice);
		char word[64];
		if (law && strstr(f->title, law->title))
			continue;
		if (out->len)
			strbuf_addstr(out, "; ");
		if (law)
			strbuf_addf(out, "Friction law: %s", law->title);
		else
			strbuf_addf(out, "%s = %s", spec->name,
				    param_choice_word(spec, ps->choice, word, sizeof word));
	}
	return any;
}

void plot_subtitle(const struct session *s, const struct figure *f, struct strbuf *out)
{
	const struct exercise *ex = session_exercise(s);
	/* The exercise's title speaks of its own law, pressure or mode
	 * ("Forced oscillator, elliptic dry friction"): once a choice differs
	 * from the file's, the choices in effect stand in its place. */
	struct strbuf changed = STRBUF_INIT;
	const char *ext = changed_choices(s, f, &changed) ? strbuf_str(&changed)
			  : ex && ex->title		  ? ex->title
							  : "";
	strbuf_addstr(out, ext);
	/* "When does the polisher lock? Path of ...", not "lock?. Path" */
	if (*ext && *f->title)
		strbuf_addstr(out, strchr(".?!:", ext[strlen(ext) - 1]) ? " " : ". ");
	strbuf_addstr(out, f->title);
	strbuf_release(&changed);
}

/* ---- drawing -------------------------------------------------------- */

/* What is drawn: a figure of the session, or its scene at time T. */
struct drawing {
	const struct figure *f; /* NULL: the scene */
	double T;
};

static int check_data(const struct figure *f, struct diag *d)
{
	char why[160];
	if (!f || !figure_empty(f, why, sizeof why))
		return 0;
	return diag_set(d, "figure '%s' has nothing to show: %s", f->name, why);
}

/* The scene's script: headed "ID: scene", its time and phase under it. */
static int draw_scene(const struct session *s, double T, const struct gp_term *t,
		      struct strbuf *out, struct diag *d)
{
	struct scene sc;
	if (scene_build(s, T, &sc, d))
		return -1;
	const struct exercise *ex = session_exercise(s);
	struct strbuf title = STRBUF_INIT, script = STRBUF_INIT;
	strbuf_addf(&title, "%s: scene", ex && ex->id ? ex->id : "");
	scene_script(&script, &sc, strbuf_str(&title), t);
	scene_release(&sc);
	int rc = gnuplot_run(gnuplot_shared(), strbuf_str(&script), out, d);
	strbuf_release(&title);
	strbuf_release(&script);
	return rc;
}

static int draw_figure(const struct session *s, const struct figure *f, const struct gp_term *t,
		       struct strbuf *out, struct diag *d)
{
	if (check_data(f, d))
		return -1;
	struct strbuf title = STRBUF_INIT, sub = STRBUF_INIT, script = STRBUF_INIT;
	plot_title(s, f, &title);
	plot_subtitle(s, f, &sub);
	gp_script_figure_sub(&script, f, strbuf_str(&title), strbuf_str(&sub), t);
	int rc = gnuplot_run(gnuplot_shared(), strbuf_str(&script), out, d);
	strbuf_release(&title);
	strbuf_release(&sub);
	strbuf_release(&script);
	return rc;
}

static int draw(const struct session *s, const struct drawing *w, const struct gp_term *t,
		struct strbuf *out, struct diag *d)
{
	return w->f ? draw_figure(s, w->f, t, out, d) : draw_scene(s, w->T, t, out, d);
}

static int text_plot(const struct session *s, const struct drawing *f, const struct gp_term *t,
		     struct strbuf *out, struct diag *d)
{
	struct strbuf text = STRBUF_INIT;
	int rc = draw(s, f, t, &text, d);
	if (!rc) {
		/* the dumb terminal starts a page with a form feed and pads every
		 * line to the width: neither belongs in a pane or a log */
		const char *p = strbuf_str(&text);
		if (*p == '\f')
			p++;
		while (*p) {
			size_t n = strcspn(p, "\n");
			size_t k = n;
			while (k > 0 && (p[k - 1] == ' ' || p[k - 1] == '\r'))
				k--;
			strbuf_add(out, p, k);
			strbuf_addch(out, '\n');
			p += n + (p[n] == '\n');
		}
	}
	strbuf_release(&text);
	return rc;
}

int plot_text(const struct session *s, const struct figure *f, int cols, int rows,
	      struct strbuf *out, struct diag *d)
{
	struct gp_term t = {.kind = GP_TERM_DUMB, .cols = cols, .rows = rows};
	struct drawing w = {f, 0};
	return text_plot(s, &w, &t, out, d);
}

int plot_scene_text(const struct session *s, double T, int cols, int rows, struct strbuf *out,
		    struct diag *d)
{
	struct gp_term t = {.kind = GP_TERM_DUMB, .cols = cols, .rows = rows};
	struct drawing w = {NULL, T};
	return text_plot(s, &w, &t, out, d);
}

static const struct {
	const char *ext;
	enum gp_term_kind kind;
} file_kinds[] = {{".png", GP_TERM_PNG}, {".svg", GP_TERM_SVG}, {".pdf", GP_TERM_PDF}};

static int file_plot(const struct session *s, const struct drawing *w, const char *path,
		     struct diag *d)
{
	const struct figure *f = w->f;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *ext = strrchr(base, '.');
	int kind = -1;
	for (size_t i = 0; ext && i < sizeof(file_kinds) / sizeof(file_kinds[0]); i++)
		if (!strcasecmp(ext, file_kinds[i].ext))
			kind = (int)file_kinds[i].kind;
	if (kind < 0) {
		if (ext && ext[1])
			return diag_set(d, "cannot plot to a '%s' file: name a .png, .svg or .pdf",
					ext);
		return diag_set(d, "'%s' has no extension: name a .png, .svg or .pdf file", path);
	}
	if (check_data(f, d))
		return -1;
	struct outfile of;
	if (outfile_open(&of, path, d))
		return -1;
	/* gnuplot writes the temporary file tribo made; the user's name never
	 * reaches it */
	struct gp_term t = {.kind = (enum gp_term_kind)kind, .output = of.tmp};
	if (draw(s, w, &t, NULL, d)) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, d);
}

int plot_file(const struct session *s, const struct figure *f, const char *path, struct diag *d)
{
	struct drawing w = {f, 0};
	return file_plot(s, &w, path, d);
}

/* The whole run as an animated GIF: a frame per step that `step` walks
 * (SCENE_FRAMES), as fast as the run went where gd allows (a frame at
 * least 3/100 s, at most 1/5 s). */

static int scene_gif(const struct session *s, const char *path, struct diag *d)
{
	struct scene *f;
	size_t n;
	if (scene_frames(s, SCENE_FRAMES, &f, &n, d))
		return -1;
	struct outfile of;
	if (outfile_open(&of, path, d)) {
		for (size_t i = 0; i < n; i++)
			scene_release(&f[i]);
		free(f);
		return -1;
	}
	const struct exercise *ex = session_exercise(s);
	struct strbuf title = STRBUF_INIT, script = STRBUF_INIT;
	strbuf_addf(&title, "%s: scene", ex && ex->id ? ex->id : "");
	double step = n > 1 ? (f[n - 1].t - f[0].t) / (double)(n - 1) : 0;
	int delay = (int)lround(fmin(fmax(100 * step, 3), 20));
	scene_script_gif(&script, f, n, strbuf_str(&title), of.tmp, delay);
	for (size_t i = 0; i < n; i++)
		scene_release(&f[i]);
	free(f);
	int rc = gnuplot_run(gnuplot_shared(), strbuf_str(&script), NULL, d);
	strbuf_release(&title);
	strbuf_release(&script);
	if (rc) {
		outfile_abort(&of);
		return -1;
	}
	return outfile_commit(&of, d);
}

int plot_scene_file(const struct session *s, double T, const char *path, struct diag *d)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *ext = strrchr(base, '.');
	if (ext && !strcasecmp(ext, ".gif"))
		return scene_gif(s, path, d);
	struct drawing w = {NULL, T};
	return file_plot(s, &w, path, d);
}

/* Whether an X server listens at `disp` (":0", "unix:0.0", "host:10.0"):
 * 0 yes or cannot tell (gnuplot will say), else the errno of the connect.
 * Asked before gnuplot is: its x11 terminal, when the display is not
 * there, says "X11 aborted" and then loses the first letters of the lines
 * it reads, and the batch's sentinel with them (a 20 s wait for nothing). */
static int x_server_errno(const char *disp)
{
	const char *colon = strrchr(disp, ':');
	char *end;
	if (!colon || *disp == '/')
		return 0; /* a socket's path (XQuartz's launchd), not ours to parse */
	long n = strtol(colon + 1, &end, 10);
	if (end == colon + 1 || (*end && *end != '.') || n < 0 || n > 59535)
		return 0;
	char host[256];
	snprintf(host, sizeof(host), "%.*s", (int)(colon - disp), disp);
	const char *h = !strncmp(host, "tcp/", 4) || !strncmp(host, "unix/", 5)
				? strchr(host, '/') + 1
				: host;
	if (!*h || !strcmp(h, "unix") || !strncmp(host, "unix/", 5)) {
		/* Linux's abstract socket, else the file */
		int err = 0;
		for (int abstract = 1; abstract >= 0; abstract--) {
			struct sockaddr_un sa = {.sun_family = AF_UNIX};
			int len = snprintf(sa.sun_path + abstract, sizeof(sa.sun_path) - 1,
					   "/tmp/.X11-unix/X%ld", n);
			int fd = socket(AF_UNIX, SOCK_STREAM, 0);
			if (fd < 0)
				return 0;
			int rc = connect(fd, (struct sockaddr *)&sa,
					 (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
						     abstract + len));
			err = rc ? errno : 0;
			close(fd);
			if (!rc)
				return 0;
		}
		return err;
	}
	char port[16];
	snprintf(port, sizeof(port), "%ld", 6000 + n);
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai = NULL;
	if (getaddrinfo(h, port, &hints, &ai) || !ai)
		return EHOSTUNREACH;
	int err = ECONNREFUSED;
	for (struct addrinfo *a = ai; a && err; a = a->ai_next) {
		int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
		if (fd < 0)
			continue;
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
		err = connect(fd, a->ai_addr, a->ai_addrlen) ? errno : 0;
		if (err == EINPROGRESS) {
			struct pollfd pfd = {fd, POLLOUT, 0};
			socklen_t len = sizeof(err);
			if (poll(&pfd, 1, 2000) != 1 ||
			    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
				err = ETIMEDOUT;
		}
		close(fd);
	}
	freeaddrinfo(ai);
	return err;
}

static int window_plot(const struct session *s, const struct drawing *dw, bool persist,
		       struct diag *d)
{
	const struct figure *f = dw->f;
	const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	if (!(x && *x) && !(w && *w))
		return diag_set(d, "no display to open a window on (DISPLAY is not set); "
				   "plot to a file with 'plot NAME to FILE.png'");
	if (check_data(f, d))
		return -1;
	static const char *const windows[] = {"qt", "wxt", "x11"};
	const char *term = NULL;
	for (size_t i = 0; !term && i < 3; i++) {
		bool has;
		if (gnuplot_has_terminal(gnuplot_shared(), windows[i], &has, d))
			return -1;
		if (has)
			term = windows[i];
	}
	if (!term)
		return diag_set(d, "this gnuplot has no window terminal (qt, wxt, x11): install "
				   "gnuplot-x11 (light) or gnuplot-qt, or plot to a file");
	int e = x && *x ? x_server_errno(x) : 0;
	if (e)
		return diag_set(
			d, "cannot open a window on DISPLAY '%s': no X server answers there (%s)",
			x, strerror(e));
	struct gp_term t = {.kind = GP_TERM_WINDOW, .window = term, .persist = persist};
	if (!strcmp(term, "x11")) {
		struct strbuf check = STRBUF_INIT;
		gp_script_window_check(&check, &t);
		int rc = gnuplot_run(gnuplot_shared(), strbuf_str(&check), NULL, d);
		strbuf_release(&check);
		if (rc)
			return -1;
	}
	if (!draw(s, dw, &t, NULL, d))
		return 0;
	/* A display with no server behind it: wxt and qt end gnuplot ("Unable
	 * to initialize GTK+, is DISPLAY set properly?"), x11 says "unable to
	 * open display". Either way the display is named. */
	const char *said = gnuplot_messages(gnuplot_shared());
	if (gnuplot_pid(gnuplot_shared()) == 0 || strstr(said, "display") ||
	    strstr(said, "DISPLAY")) {
		char why[sizeof(d->msg)];
		snprintf(why, sizeof(why), "%s", d->msg);
		bool xd = x && *x;
		diag_set(d, "cannot open a window on %s '%s': %s",
			 xd ? "DISPLAY" : "WAYLAND_DISPLAY", xd ? x : w, why);
	}
	return -1;
}

int plot_window(const struct session *s, const struct figure *f, bool persist, struct diag *d)
{
	struct drawing w = {f, 0};
	return window_plot(s, &w, persist, d);
}

int plot_scene_window(const struct session *s, double T, bool persist, struct diag *d)
{
	struct drawing w = {NULL, T};
	return window_plot(s, &w, persist, d);
}

/* ---- the pane ------------------------------------------------------- */

void plot_pane_init(struct plot_pane *p)
{
	memset(p, 0, sizeof(*p));
	strbuf_init(&p->drawn.text);
}

void plot_pane_release(struct plot_pane *p)
{
	strbuf_release(&p->drawn.text);
	p->drawn.valid = false;
}

bool plot_pane_image(const struct plot_pane *p)
{
	return p && p->image.width > 0 && p->image.height > 0;
}

/* The pane's picture: gnuplot's sixelgd at the pane's size in pixels,
 * the figure script of the files, without the heading the frame shows. */
static int image_plot(const struct session *s, const struct drawing *f, const struct plot_pane *p,
		      struct strbuf *out, struct diag *d)
{
	bool has;
	if (gnuplot_has_terminal(gnuplot_shared(), "sixelgd", &has, d))
		return -1;
	if (!has)
		return diag_set(d, "this gnuplot has no sixelgd terminal (gnuplot 5.4 built "
				   "with libgd has it)");
	struct gp_term t = {.kind = GP_TERM_SIXEL,
			    .width = p->image.width,
			    .height = p->image.height,
			    .font_pt = p->image.font_pt,
			    .truecolor = p->image.truecolor,
			    .compact = true};
	if (draw(s, f, &t, out, d))
		return -1;
	/* a picture, whole: ESC P ... q, then ESC \ at the end */
	const char *b = strbuf_str(out);
	size_t n = out->len;
	while (n > 0 && (b[n - 1] == '\n' || b[n - 1] == '\r'))
		n--;
	const char *q = n > 2 && !strncmp(b, "\033P", 2) ? memchr(b, 'q', n < 16 ? n : 16) : NULL;
	if (!q || n < 4 || strncmp(b + n - 2, "\033\\", 2))
		return diag_set(d, "gnuplot's sixelgd wrote no whole sixel image (%zu bytes)",
				out->len);
	out->len = n;
	out->buf[n] = '\0';
	return 0;
}

bool plot_pane_shown(const struct plot_pane *p)
{
	return p && p->cols > 0 && p->rows > 0;
}

void plot_pane_choose(struct plot_pane *p, const char *name)
{
	snprintf(p->figure, sizeof(p->figure), "%s", name ? name : "");
	if (p->waiting) /* asked for: gnuplot gets its chance again */
		p->drawn.valid = false;
	p->waiting = false;
}

/* The chosen figure while it exists: the sweep until a newer solve, a
 * figure of the last solve while it has one by that name; else the first
 * figure of the last solve, else the sweep. */
static const struct figure *pane_figure(const struct session *s, const struct plot_pane *p)
{
	const struct figures *fs = session_figures(s);
	const struct figures *sw = session_sweep(s);
	if (!strcmp(p->figure, PLOT_SWEEP) && sw->nfig && (session_sweep_is_newer(s) || !fs->nfig))
		return &sw->fig[0];
	char why[160];
	const struct figure *f = p->figure[0] ? figures_find(fs, p->figure) : NULL;
	if (f && !figure_empty(f, why, sizeof why))
		return f;
	for (size_t i = 0; i < fs->nfig; i++)
		if (!figure_empty(&fs->fig[i], why, sizeof why))
			return &fs->fig[i];
	return sw->nfig ? &sw->fig[0] : NULL;
}

int plot_pane_render(const struct session *s, struct plot_pane *p, const char **text,
		     struct diag *d)
{
	/* the scene while `plot scene` chose it and the last solve drew */
	bool scene =
		plot_pane_shown(p) && !strcmp(p->figure, PLOT_SCENE) && session_figures_made(s);
	const struct figure *f = plot_pane_shown(p) && !scene ? pane_figure(s, p) : NULL;
	char why[160];
	if (!scene && (!f || figure_empty(f, why, sizeof why))) {
		*text = "";
		return 0;
	}
	unsigned long serial = session_figures_serial(s);
	bool image = plot_pane_image(p);
	bool same = p->drawn.valid && p->drawn.serial == serial && p->drawn.fig == f &&
		    p->drawn.cols == p->cols && p->drawn.rows == p->rows &&
		    p->drawn.colors == p->colors && p->drawn.image.width == p->image.width &&
		    p->drawn.image.height == p->image.height &&
		    p->drawn.image.font_pt == p->image.font_pt &&
		    p->drawn.image.truecolor == p->image.truecolor &&
		    p->drawn.scene_t == p->scene_t;
	if (!same && !p->waiting) {
		strbuf_reset(&p->drawn.text);
		/* a silent gnuplot costs the pane PLOT_PANE_WAIT_MS once */
		struct gnuplot *g = gnuplot_shared();
		int wait = gnuplot_timeout(g);
		gnuplot_set_timeout(g, wait < PLOT_PANE_WAIT_MS ? wait : PLOT_PANE_WAIT_MS);
		struct gp_term t = {.kind = GP_TERM_DUMB,
				    .cols = p->cols,
				    .rows = p->rows,
				    .compact = true,
				    .colors = p->colors};
		struct drawing w = {f, p->scene_t};
		p->drawn.rc = image ? image_plot(s, &w, p, &p->drawn.text, &p->drawn.d)
				    : text_plot(s, &w, &t, &p->drawn.text, &p->drawn.d);
		p->waiting = p->drawn.rc && gnuplot_timed_out(g);
		gnuplot_set_timeout(g, wait);
		p->drawn.image = p->image;
		p->drawn.generation++;
		p->drawn.valid = true;
		p->drawn.serial = serial;
		p->drawn.fig = f;
		p->drawn.scene_t = p->scene_t;
		p->drawn.cols = p->cols;
		p->drawn.rows = p->rows;
		p->drawn.colors = p->colors;
	}
	if (p->waiting) {
		*text = "";
		return diag_set(d,
				"waiting: gnuplot did not answer the pane within %d s and was "
				"stopped; 'plot NAME' draws it again",
				PLOT_PANE_WAIT_MS / 1000);
	}
	*text = strbuf_str(&p->drawn.text);
	if (p->drawn.rc)
		*d = p->drawn.d;
	return p->drawn.rc;
}

const struct figure *plot_pane_figure(const struct session *s, const struct plot_pane *p)
{
	if (!strcmp(p->figure, PLOT_SCENE) && session_figures_made(s))
		return NULL;
	return pane_figure(s, p);
}
