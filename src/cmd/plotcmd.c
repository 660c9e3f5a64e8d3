/* The commands of SPEC §2 that draw and export: plot, sweep, export. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cmd/handlers.h"
#include "exercise/export.h"
#include "exercise/sweep.h"
#include "exercise/units.h"
#include "num/num.h"
#include "plot/plot.h"
#include "scene/scene.h"
#include "util/text.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

/* The size `plot` draws at outside the full-screen mode: a classic
 * terminal, one column short so that no line wraps. */
enum { TEXT_COLS = 79, TEXT_ROWS = 24 };

/* A figure of the last solve is as old as its results. */
static int check_current(struct cmd_ctx *c, const struct figure *f)
{
	const struct figures *sw = session_sweep(c->s);
	bool from_sweep = sw->nfig && f == &sw->fig[0];
	if (!from_sweep && session_stale(c->s))
		return diag_set(c->d,
				"the figures are out of date (%s changed since 'solve'): run "
				"'solve'",
				session_stale(c->s));
	return 0;
}

static void list_figures(struct cmd_ctx *c)
{
	const struct figures *fs = session_figures(c->s);
	const struct figures *sw = session_sweep(c->s);
	int w = 6;
	for (size_t i = 0; i < fs->nfig; i++)
		if (utf8_width(fs->fig[i].name) > w)
			w = utf8_width(fs->fig[i].name);
	if (!fs->nfig && !sw->nfig) {
		strbuf_addstr(c->out,
			      session_solved(c->s)
				      ? "the last solve drew no figures; 'sweep' makes one\n"
				      : "no figures yet: run 'solve' (or 'sweep') first\n");
		return;
	}
	char why[160];
	size_t empty = 0;
	for (size_t i = 0; i < fs->nfig; i++) {
		if (figure_empty(&fs->fig[i], why, sizeof why)) {
			empty++;
			continue;
		}
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, fs->fig[i].name, w + 2);
		strbuf_addf(c->out, "%s\n", fs->fig[i].title);
	}
	if (sw->nfig) {
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, PLOT_SWEEP, w + 2);
		strbuf_addf(c->out, "%s (the last sweep)\n", sw->fig[0].title);
	}
	/* a figure with nothing to show is not offered: it is named, with why */
	if (empty)
		strbuf_addstr(c->out,
			      empty == fs->nfig && !sw->nfig
				      ? "no figure of the last solve has anything to show:\n"
				      : "not drawn, with nothing to show:\n");
	for (size_t i = 0; empty && i < fs->nfig; i++) {
		if (!figure_empty(&fs->fig[i], why, sizeof why))
			continue;
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, fs->fig[i].name, w + 2);
		strbuf_addf(c->out, "%s\n", why);
	}
	if (c->interactive)
		strbuf_addstr(c->out, "'plot NAME' draws one, 'plot NAME to FILE.png' writes it\n");
}

static int lookup_q(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	return session_value_q(ctx, name, q, d);
}

/* `at T`: a time (s when no unit is given; "300 ms", "t_slip", "t_slip +
 * 0.01"), or for Imachi's models τ = ωt, a number. */
static int scene_time(struct cmd_ctx *c, const char *text, double *T)
{
	struct quantity q;
	if (unit_quantity_parse(text, lookup_q, (void *)c->s, &q, c->d))
		return -1;
	struct unit sec;
	unit_parse("s", &sec, c->d);
	bool dimless = true;
	for (int i = 0; i < NDIM; i++)
		dimless &= q.unit.dim[i] == 0;
	if (!dimless && !unit_same_dim(&q.unit, &sec))
		return diag_set(c->d, "'at %s': a time is wanted (s, ms, min)", text);
	*T = q.value * q.unit.factor;
	return 0;
}

/* The scene the text modes showed last (`plot scene` or `step` drew it as
 * text): its time, while the solve it was drawn from stands (the figures'
 * serial). The screen keeps its own in the plot pane (scene_t). */
static struct {
	bool on;
	unsigned long serial;
	double t;
	bool window, persist; /* drawn in a gnuplot window, not as text */
} text_scene;

/* The scene at T as text, into the command's output: `plot scene` without
 * a window or pane, and `step` redrawing it. */
static int scene_as_text(struct cmd_ctx *c, double T)
{
	struct strbuf text = STRBUF_INIT;
	int rc = plot_scene_text(c->s, T, TEXT_COLS, TEXT_ROWS, &text, c->d);
	const char *p = strbuf_str(&text);
	while (*p == '\n')
		p++;
	if (!rc) {
		strbuf_addstr(c->out, p);
		text_scene.on = true;
		text_scene.window = false;
		text_scene.serial = session_figures_serial(c->s);
		text_scene.t = T;
	}
	strbuf_release(&text);
	return rc;
}

/* plot scene [at T] [to FILE | window [persist]] */
static int plot_scene(struct cmd_ctx *c)
{
	size_t n = c->args->n, i = 2;
	double T = 0;
	const char *file = NULL;
	bool window = false, persist = false, at = false;
	while (i < n) {
		if (!strcmp(ARG(i), "at") && i + 1 < n) {
			/* "at 300 ms": a unit after the number is its own word */
			struct unit u;
			struct diag ud;
			bool unit = i + 2 < n && strcmp(ARG(i + 2), "to") &&
				    strcmp(ARG(i + 2), "window") &&
				    !unit_parse(ARG(i + 2), &u, &ud);
			struct strbuf q = STRBUF_INIT;
			strbuf_addstr(&q, ARG(i + 1));
			if (unit)
				strbuf_addf(&q, " %s", ARG(i + 2));
			int rc = scene_time(c, strbuf_str(&q), &T);
			strbuf_release(&q);
			if (rc)
				return -1;
			at = true;
			i += unit ? 3 : 2;
		} else if (!strcmp(ARG(i), "to") && i + 1 < n && !file) {
			file = ARG(i + 1);
			i += 2;
		} else if (!strcmp(ARG(i), "window")) {
			window = true;
			i++;
			if (i < n && !strcmp(ARG(i), "persist"))
				persist = true, i++;
		} else {
			return diag_set(
				c->d,
				"unexpected '%s'; usage: plot scene [at T] [to FILE | window "
				"[persist]]",
				ARG(i));
		}
	}
	if (file && window)
		return diag_set(c->d, "a file or a window, not both");
	const char *dot = file ? strrchr(file, '.') : NULL;
	bool gif = dot && !strcasecmp(dot, ".gif");
	if (gif && at)
		return diag_set(c->d, "a .gif is the whole run, a frame a step: no 'at T'");
	if (file) {
		char *path = token_path(file);
		int rc = plot_scene_file(c->s, T, path, c->d);
		if (!rc && c->interactive && gif)
			strbuf_addf(c->out, "wrote %s (the scene through the run)\n", path);
		else if (!rc && c->interactive)
			strbuf_addf(c->out, "wrote %s (scene at t = %g)\n", path, T);
		free(path);
		return rc ? -1 : 0;
	}
	if (window) {
		if (plot_scene_window(c->s, T, persist, c->d))
			return -1;
		/* `step` redraws the window */
		text_scene.on = text_scene.window = true;
		text_scene.persist = persist;
		text_scene.serial = session_figures_serial(c->s);
		text_scene.t = T;
		return 0;
	}
	if (c->pane && c->pane->present) {
		struct strbuf probe = STRBUF_INIT;
		/* refused here, not in the pane: a scene that cannot be drawn */
		int rc = plot_scene_text(c->s, T, 20, 10, &probe, c->d);
		strbuf_release(&probe);
		if (rc)
			return -1;
		plot_pane_choose(c->pane, PLOT_SCENE);
		c->pane->scene_t = T;
		strbuf_addf(c->out, "the plot pane shows the scene at t = %g%s\n", T,
			    plot_pane_shown(c->pane) ? "" : " ('zoom' or F7 gives it room)");
		return 0;
	}
	return scene_as_text(c, T);
}

int cmd_plot(struct cmd_ctx *c)
{
	size_t n = c->args->n, i = 1;
	const char *name = NULL, *file = NULL;
	bool window = false, persist = false;
	if (n == 1) {
		list_figures(c);
		return 0;
	}
	if (!strcmp(ARG(1), PLOT_SCENE))
		return plot_scene(c);
	if (strcmp(ARG(1), "to") && strcmp(ARG(1), "window"))
		name = ARG(i++);
	while (i < n) {
		if (!strcmp(ARG(i), "to")) {
			if (i + 1 >= n)
				return diag_set(c->d, "'to' needs a file name: plot [NAME] to "
						      "FILE.png|.svg|.pdf");
			if (file)
				return diag_set(c->d, "one 'to FILE' at a time");
			file = ARG(i + 1);
			i += 2;
		} else if (!strcmp(ARG(i), "window")) {
			window = true;
			i++;
			if (i < n && !strcmp(ARG(i), "persist")) {
				persist = true;
				i++;
			}
		} else {
			return diag_set(c->d,
					"unexpected '%s'; usage: plot [NAME] [to FILE] [window "
					"[persist]]",
					ARG(i));
		}
	}
	if (file && window)
		return diag_set(c->d, "a file or a window, not both");
	const struct figure *f = plot_find(c->s, name, c->d);
	if (!f || check_current(c, f))
		return -1;
	if (file) {
		char *path = token_path(file);
		int rc = plot_file(c->s, f, path, c->d);
		if (!rc && c->interactive)
			strbuf_addf(c->out, "wrote %s (%s)\n", path, f->name);
		free(path);
		return rc ? -1 : 0;
	}
	if (window) {
		if (plot_window(c->s, f, persist, c->d))
			return -1;
		/* a batch ends at once, and the window with it */
		if (persist && c->interactive)
			strbuf_addf(c->out,
				    "%s drawn in a gnuplot window, which stays after tribo "
				    "ends: close it yourself\n",
				    f->name);
		else if (c->interactive)
			strbuf_addf(c->out, "%s drawn in a gnuplot window\n", f->name);
		else if (!persist)
			strbuf_addf(c->out,
				    "the window closes when tribo ends; 'plot %s window persist' "
				    "keeps it\n",
				    f->name);
		return 0;
	}
	if (c->pane && c->pane->present) {
		plot_pane_choose(c->pane, f->name);
		strbuf_addf(c->out, "the plot pane shows %s: %s%s\n", f->name, f->title,
			    plot_pane_shown(c->pane) ? "" : " ('zoom' or F7 gives it room)");
		return 0;
	}
	/* in a log, the terminal's blank margins above and below only waste lines */
	struct strbuf text = STRBUF_INIT;
	int rc = plot_text(c->s, f, TEXT_COLS, TEXT_ROWS, &text, c->d);
	const char *p = strbuf_str(&text);
	while (*p == '\n')
		p++;
	size_t len = strlen(p);
	while (len > 1 && p[len - 1] == '\n' && p[len - 2] == '\n')
		len--;
	if (!rc)
		strbuf_add(c->out, p, len);
	strbuf_release(&text);
	return rc;
}

/* ---- step through the scene ------------------------------------------ */

/* The steps of the run the scene goes through: scene_frames' (a frame per
 * recorded step, at most SCENE_FRAMES spread over the run, every event
 * kept), the GIF's frames. */
enum { SCENE_STEPS = SCENE_FRAMES };

static bool scene_shown(const struct cmd_ctx *c)
{
	if (c->pane && c->pane->present)
		return !strcmp(c->pane->figure, PLOT_SCENE);
	return text_scene.on && text_scene.serial == session_figures_serial(c->s);
}

/* The phase a frame's caption says: what follows its time ("the foot
 * sticks"), "" for none. */
static const char *frame_phase(const struct scene *f)
{
	const char *p = f->caption ? strstr(f->caption, ", ") : NULL;
	return p ? p + 2 : "";
}

/* Whether phase is what `step WORD` looks for: the word in it, or what the
 * captions say for it (slip: "slides"; stop: "at rest", "stuck"; leave and
 * flight: "off"). */
static bool phase_is(const char *phase, const char *word)
{
	static const struct {
		const char *word, *says[3];
	} alias[] = {
		{"slip", {"slid", "slip", NULL}},    {"stop", {"rest", "stuck", "stop"}},
		{"stick", {"stick", "stuck", NULL}}, {"leave", {"off", NULL, NULL}},
		{"flight", {"off", NULL, NULL}},
	};
	for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
		if (!strcmp(word, alias[i].word)) {
			for (int k = 0; k < 3 && alias[i].says[k]; k++)
				if (strstr(phase, alias[i].says[k]))
					return true;
			return false;
		}
	return *word && strstr(phase, word);
}

/* The longest a play lasts: a longer run is played faster, to fit. */
#define PLAY_SECONDS 30.0

static double clock_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Sleeps until the monotonic clock reads `when`; false when a Ctrl-C
 * (num_interrupted) came first, or a key in the full screen (looked at
 * every 1/20 s there). No busy loop: the sleep ends at the time or at the
 * signal. */
static bool sleep_until(const struct cmd_ctx *c, double when)
{
	bool keys = c->pane && c->pane->present && c->pane->key_now;
	while (!num_interrupted) {
		if (keys && c->pane->key_now())
			return false;
		double left = when - clock_now();
		if (left <= 0)
			return true;
		if (keys && left > 0.05)
			left = 0.05;
		struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
		nanosleep(&ts, NULL); /* EINTR on the Ctrl-C: the loop looks */
	}
	return false;
}

/* One frame of a play: in the pane (the screen draws it now; *key when a
 * key came), or in the window. A Ctrl-C waits for the frame being drawn
 * (SIGINT held back while gnuplot draws it, at most gnuplot's own wait),
 * then stops the play there: it does not stop the drawing half way, which
 * would take gnuplot and the window with it. */
static int play_frame(struct cmd_ctx *c, double T, bool *key)
{
	sigset_t intr, old;
	sigemptyset(&intr);
	sigaddset(&intr, SIGINT);
	sigprocmask(SIG_BLOCK, &intr, &old);
	int rc = 0;
	if (c->pane && c->pane->present) {
		c->pane->scene_t = T;
		*key = c->pane->draw_now();
	} else {
		rc = plot_scene_window(c->s, T, text_scene.persist, c->d);
		if (!rc)
			text_scene.t = T;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

/* `step play [SPEED]`: the scene through the run's frames from `at` (the
 * start when at the end), in the window `plot scene window` opened or in
 * the screen's sixel pane, each frame when the clock reaches its time of
 * the run over SPEED, frames dropped when the drawing falls behind, the
 * last always drawn; a Ctrl-C (or a key in the screen) leaves it at the
 * frame last drawn, as `step` would. The frame it ends on in *end. */
static int play_scene(struct cmd_ctx *c, const struct scene *f, size_t n, size_t at, double speed,
		      size_t *end, bool *stopped)
{
	if (at + 1 >= n)
		at = 0;
	double span = (f[n - 1].t - f[at].t) / speed;
	double scale = span > PLAY_SECONDS ? PLAY_SECONDS / span : 1;
	size_t shown = at;
	bool key = false;
	*stopped = false;
	if (c->pane && c->pane->present)
		plot_pane_choose(c->pane, PLOT_SCENE);
	if (play_frame(c, f[at].t, &key))
		return -1;
	double t0 = clock_now();
	for (size_t i = at + 1; i < n && !key; i++) {
		double due = t0 + (f[i].t - f[at].t) / speed * scale;
		if (!sleep_until(c, due)) {
			key = true;
			break;
		}
		/* behind the clock: the latest frame that is due, not each */
		double now = clock_now();
		while (i + 1 < n && t0 + (f[i + 1].t - f[at].t) / speed * scale <= now)
			i++;
		if (play_frame(c, f[i].t, &key))
			return -1;
		shown = i;
	}
	*stopped = key || num_interrupted;
	if (scale < 1 && c->interactive)
		strbuf_addf(c->out, "played at %g times real time (a play lasts at most %g s)\n",
			    speed / scale, PLAY_SECONDS);
	*end = shown;
	return 0;
}

/* `step` with the scene: its time through the run's steps. */
static int step_scene(struct cmd_ctx *c)
{
	struct scene *f;
	size_t n;
	if (scene_frames(c->s, SCENE_STEPS, &f, &n, c->d))
		return -1;
	/* where the scene is: the last step at or before its time */
	bool shown = scene_shown(c);
	double now = !shown			   ? -INFINITY
		     : c->pane && c->pane->present ? c->pane->scene_t
						   : text_scene.t;
	size_t at = 0;
	while (shown && at + 1 < n && f[at + 1].t <= now)
		at++;
	size_t to = 0;
	int rc = 0;
	const char *a = c->args->n > 1 ? ARG(1) : NULL;
	if (a && c->args->n > 2 && strcmp(a, "play")) {
		rc = diag_set(c->d, "step %s %s: usage: step [N|back|reset|play [SPEED]|EVENT]", a,
			      ARG(2));
	} else if (!a) {
		to = shown ? at + 1 : 1;
		if (to >= n)
			rc = diag_set(c->d, "the run ends here, at t = %g (step %zu of %zu)",
				      f[n - 1].t, n - 1, n - 1);
	} else if (!strcmp(a, "back")) {
		if (!shown || at == 0 || now == -INFINITY)
			rc = diag_set(c->d, "step back: %s",
				      shown ? "this is the run's start" : "no step taken yet");
		else
			to = f[at].t < now ? at : at - 1;
	} else if (!strcmp(a, "reset")) {
		to = 0;
	} else if (!strcmp(a, "play")) {
		bool stopped = false;
		double speed = 1;
		char *e = NULL;
		if (c->args->n > 2)
			speed = strtod(ARG(2), &e);
		if (e && (*e || e == ARG(2) || !(speed > 0) || speed > 1e6))
			rc = diag_set(c->d,
				      "step play %s: SPEED is a number over 0 and at most 1e6 (1 "
				      "real time, 2 twice as fast, 0.1 a tenth); usage: step play "
				      "[SPEED]",
				      ARG(2));
		else if (c->pane && c->pane->present &&
			 (!plot_pane_image(c->pane) || !c->pane->draw_now))
			rc = diag_set(
				c->d,
				"step play: %s, and text cannot play the scene: 'plot scene "
				"to FILE.gif' writes the run as an animation",
				plot_pane_shown(c->pane)
					? "the plot pane is text here (no sixel in this terminal)"
					: "the plot pane has no room now ('zoom' or F7 gives it "
					  "room)");
		else if (c->pane && c->pane->present)
			rc = play_scene(c, f, n, at, speed, &to, &stopped);
		else if (!shown || !text_scene.window)
			rc = diag_set(c->d,
				      "step play: no window shows the scene, and a text terminal "
				      "cannot play it: 'plot scene window' first, or 'plot scene "
				      "to FILE.gif' for the run as an animation");
		else
			rc = play_scene(c, f, n, at, speed, &to, &stopped);
		if (!rc)
			strbuf_addf(c->out, "%sstep %zu of %zu: %s\n", stopped ? "stopped at " : "",
				    to, n - 1, f[to].caption ? f[to].caption : "");
		for (size_t i = 0; i < n; i++)
			scene_release(&f[i]);
		free(f);
		return rc;
	} else if (a[0] >= '0' && a[0] <= '9') {
		char *end;
		unsigned long long v = strtoull(a, &end, 10);
		if (*end || v >= n)
			rc = diag_set(c->d, "step %s: the run has steps 0 (t = %g) to %zu (t = %g)",
				      a, f[0].t, n - 1, f[n - 1].t);
		to = (size_t)v;
	} else {
		/* the next step where the phase turns into the one named */
		size_t i = shown ? at + 1 : 1;
		for (; i < n; i++)
			if (strcmp(frame_phase(&f[i]), frame_phase(&f[i - 1])) &&
			    phase_is(frame_phase(&f[i]), a))
				break;
		if (i >= n) {
			struct strbuf seen = STRBUF_INIT;
			for (size_t k = 1; k < n; k++)
				if (strcmp(frame_phase(&f[k]), frame_phase(&f[k - 1])))
					strbuf_addf(&seen, "%s'%s' at t = %g", seen.len ? ", " : "",
						    frame_phase(&f[k]), f[k].t);
			rc = diag_set(c->d,
				      "step %s: no '%s' %s (the run's changes of phase: %s); "
				      "usage: step [N|back|reset|play [SPEED]|EVENT]",
				      a, a, shown && at ? "after this step" : "in the run",
				      seen.len ? strbuf_str(&seen) : "none");
			strbuf_release(&seen);
		}
		to = i;
	}
	if (!rc) {
		double T = f[to].t;
		strbuf_addf(c->out, "step %zu of %zu: %s\n", to, n - 1,
			    f[to].caption ? f[to].caption : "");
		if (c->pane && c->pane->present) {
			plot_pane_choose(c->pane, PLOT_SCENE);
			c->pane->scene_t = T;
		} else if (shown && text_scene.window) {
			/* the window `plot scene window` opened, redrawn */
			rc = plot_scene_window(c->s, T, text_scene.persist, c->d);
			if (!rc)
				text_scene.t = T;
		} else {
			rc = scene_as_text(c, T);
		}
	}
	for (size_t i = 0; i < n; i++)
		scene_release(&f[i]);
	free(f);
	return rc;
}

int cmd_step(struct cmd_ctx *c)
{
	/* the scene when it is shown, or when there is no construction */
	/* `step play` is the scene's only: a construction is not played */
	if (scene_shown(c) || !session_exercise(c->s)->model->step_text ||
	    (c->args->n > 1 && !strcmp(ARG(1), "play")))
		return step_scene(c);
	if (c->args->n > 2)
		return diag_set(c->d, "step %s %s: usage: step [N|back|reset]", ARG(1), ARG(2));
	const size_t at = session_step_at(c->s);
	size_t n;
	if (c->args->n == 1) {
		n = at + 1;
	} else if (!strcmp(ARG(1), "back")) {
		if (at <= 1)
			return diag_set(c->d, "step back: %s",
					at ? "this is the first step" : "no step taken yet");
		n = at - 1;
	} else if (!strcmp(ARG(1), "reset")) {
		n = 0;
	} else {
		char *end;
		const char *a = ARG(1);
		unsigned long long v = strtoull(a, &end, 10);
		if (!(*a >= '1' && *a <= '9') || *end || v > 100000000)
			return diag_set(
				c->d, "step: '%s' is not a step number; usage: step [N|back|reset]",
				a);
		n = (size_t)v;
	}
	if (session_step(c->s, n, c->out, c->d))
		return -1;
	if (c->pane && c->pane->present)
		plot_pane_choose(c->pane, "construction");
	if (n == 0 && c->interactive)
		strbuf_addstr(c->out, "the construction is the solve's own again\n");
	return 0;
}

int cmd_zoom(struct cmd_ctx *c)
{
	if (!c->pane)
		return diag_set(c->d, "only the full-screen workbench has a plot pane to zoom; "
				      "'plot NAME' draws as text here, 'plot NAME to FILE.png' "
				      "into a file");
	c->pane->zoomed = !c->pane->zoomed;
	strbuf_addstr(c->out, c->pane->zoomed ? "the plot has the screen: 'zoom' or F7 gives "
						"the panes back\n"
					      : "the panes are back\n");
	return 0;
}

/* ---- sweep ---------------------------------------------------------- */

static void format_cell(double v, bool failed, char *buf, size_t n)
{
	if (failed)
		snprintf(buf, n, "failed");
	else if (isnan(v))
		snprintf(buf, n, "—"); /* no value there: the notes say why */
	else
		text_format_number(v, buf, n);
}

static void print_table(struct cmd_ctx *c, const struct table *t, const bool *failed_at)
{
	int *w = xcalloc(t->ncols, sizeof(int));
	char buf[40];
	for (size_t j = 0; j < t->ncols; j++) {
		w[j] = utf8_width(t->cols[j]);
		for (size_t i = 0; i < t->nrows; i++) {
			format_cell(table_at(t, i, j), j > 0 && failed_at[i], buf, sizeof(buf));
			int k = (int)strlen(buf);
			w[j] = k > w[j] ? k : w[j];
		}
	}
	for (size_t j = 0; j < t->ncols; j++) {
		if (j + 1 < t->ncols)
			strbuf_addpad(c->out, t->cols[j], w[j] + 2);
		else
			strbuf_addstr(c->out, t->cols[j]);
	}
	strbuf_addch(c->out, '\n');
	for (size_t i = 0; i < t->nrows; i++) {
		for (size_t j = 0; j < t->ncols; j++) {
			format_cell(table_at(t, i, j), j > 0 && failed_at[i], buf, sizeof(buf));
			if (j + 1 < t->ncols)
				strbuf_addpad(c->out, buf, w[j] + 2);
			else
				strbuf_addstr(c->out, buf);
		}
		strbuf_addch(c->out, '\n');
	}
	free(w);
}

int cmd_sweep(struct cmd_ctx *c)
{
	double from, to;
	int steps;
	const char *why;
	char clip[TEXT_CLIP_SIZE];
	/* a plain number as before; else a value as set reads it (10cm, pi/4rad) */
	for (int k = 2; k <= 3; k++) {
		double *x = k == 2 ? &from : &to;
		const char *what = k == 2 ? "FROM" : "TO";
		if (!text_parse_double(ARG(k), x, &why))
			continue;
		if (strcmp(why, "is not a number"))
			return diag_set(c->d, "%s '%s' %s", what,
					text_clip(ARG(k), clip, sizeof(clip)), why);
		int p = session_number_param(c->s, ARG(1), c->d);
		if (p < 0)
			return -1;
		if (session_quantity(c->s, (size_t)p, ARG(k), x, c->d)) {
			struct strbuf msg = STRBUF_INIT;
			strbuf_addf(&msg, "%s '%s': %s", what,
				    text_clip(ARG(k), clip, sizeof(clip)), c->d->msg);
			diag_set(c->d, "%s", strbuf_str(&msg));
			strbuf_release(&msg);
			return -1;
		}
	}
	if (text_parse_int(ARG(4), 2, SWEEP_MAX_STEPS, &steps))
		return diag_set(c->d, "STEPS '%s' must be a whole number from 2 to %d", ARG(4),
				SWEEP_MAX_STEPS);
	size_t nnames = c->args->n - 5;
	if (nnames >= 1 && !strcmp(ARG(5), "plot")) {
		/* the runs' figures overlaid, a colour each */
		if (nnames > 2)
			return diag_set(c->d,
					"unexpected '%s'; usage: sweep NAME FROM TO STEPS plot "
					"[FIGURE]",
					ARG(7));
		if (steps > EX_OVERLAY_MAX)
			return diag_set(
				c->d,
				"STEPS %d: 'plot' overlays at most %d runs, one a colour of "
				"the palette",
				steps, EX_OVERLAY_MAX);
		int p = session_number_param(c->s, ARG(1), c->d);
		if (p < 0)
			return -1;
		double v[EX_OVERLAY_MAX];
		for (int k = 0; k < steps; k++)
			v[k] = k == steps - 1 ? to : from + (to - from) * k / (steps - 1);
		if (session_sweep_plot(c->s, (size_t)p, v, (size_t)steps,
				       nnames == 2 ? ARG(6) : NULL, c->d))
			return -1;
		const struct figure *f = &session_sweep(c->s)->fig[0];
		strbuf_addf(c->out, "sweep: %s\n", f->title);
		if (c->pane && c->pane->present)
			plot_pane_choose(c->pane, "sweep");
		if (c->interactive)
			strbuf_addstr(c->out, "kept as 'sweep': 'plot sweep' draws it, "
					      "'export csv FILE' writes the runs' results\n");
		return 0;
	}
	const char **names = xcalloc(nnames, sizeof(char *));
	for (size_t i = 0; i < nnames; i++)
		names[i] = ARG(5 + i);
	struct sweep_report r;
	int rc = sweep_run(c->s, ARG(1), from, to, steps, names, nnames, &r, c->d);
	free(names);
	if (r.kept) {
		print_table(c, &session_sweep(c->s)->tab[0], r.failed_at);
		if (r.failed)
			strbuf_addf(c->out, "the model failed at %zu of %zu points%s\n", r.failed,
				    r.done, r.absent ? ", and some values do not exist:" : ":");
		else if (r.absent)
			strbuf_addf(c->out, "%zu value%s of the table do%s not exist (—):\n",
				    r.absent, r.absent > 1 ? "s" : "", r.absent > 1 ? "" : "es");
		if (r.failed || r.absent) {
			strbuf_addstr(c->out, strbuf_str(&r.notes));
			if (r.failed + r.absent > 5)
				strbuf_addf(c->out, "(and %zu more)\n", r.failed + r.absent - 5);
		}
		if (!rc && c->interactive)
			strbuf_addstr(c->out, "kept as 'sweep': 'plot sweep' draws it, "
					      "'export csv FILE' writes it\n");
	}
	sweep_report_release(&r);
	return rc;
}

/* ---- export --------------------------------------------------------- */

int cmd_export(struct cmd_ctx *c)
{
	if (strcmp(ARG(1), "csv"))
		return diag_set(c->d, "cannot export as '%s': the format is csv (export csv FILE)",
				ARG(1));
	const char *name = c->args->n > 3 ? ARG(3) : NULL;
	struct figures scratch = FIGURES_INIT;
	const struct table *t = export_table(c->s, name, &scratch, c->d);
	char *path = NULL;
	int rc = -1;
	if (!t)
		goto done;
	/* the sweep stays current; the solve's data is as old as its results */
	const struct figures *sw = session_sweep(c->s);
	if (!(sw->ntab && t == &sw->tab[0]) && session_stale(c->s)) {
		diag_set(c->d,
			 "the results are out of date (%s changed since 'solve'): run 'solve'",
			 session_stale(c->s));
		goto done;
	}
	path = token_path(ARG(2));
	/* '-' and /dev/stdout are the command's own output: the CSV is
	 * printed, never a file renamed over the terminal's device */
	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout")) {
		struct strbuf csv = STRBUF_INIT; /* lines end in \n on a terminal or pipe */
		export_csv(t, &csv);
		for (size_t i = 0; i < csv.len; i++)
			if (csv.buf[i] != '\r')
				strbuf_addch(c->out, csv.buf[i]);
		strbuf_release(&csv);
		rc = 0;
		goto done;
	}
	if (export_csv_file(t, path, c->d))
		goto done;
	rc = 0;
	if (c->interactive) {
		const struct figures *fs = session_figures(c->s);
		strbuf_addf(c->out, "wrote %s: %s, %zu rows of %zu columns\n", path, t->name,
			    t->nrows, t->ncols);
		if (!name && fs->ntab > 1 && t == &fs->tab[0]) {
			strbuf_addstr(c->out, "the other tables (export csv FILE TABLE):");
			for (size_t i = 1; i < fs->ntab; i++)
				strbuf_addf(c->out, " %s", fs->tab[i].name);
			strbuf_addch(c->out, '\n');
		}
	}
done:
	free(path);
	figures_release(&scratch);
	return rc;
}
