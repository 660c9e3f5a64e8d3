/* generate N [seed S] [format tex|md|txt] [to DIR] [force] [ID…] (SPEC
 * §2): a problem sheet, its answer key and a manifest, DIR/sheet.EXT,
 * DIR/key.EXT and DIR/manifest.txt, from the variants problemset.c draws.
 * The sheet names each variant by a code (problemset_code) and never the
 * seed; the key and the manifest do. The files depend on nothing but the
 * exercises, N and the seed: no date, no path, no host. Existing files
 * are kept unless `force` is given. The files are rendered by the sheet
 * floor (src/sheet/), a renderer per format; this file reads the
 * arguments, draws the set and writes what the renderer made. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/handlers.h"
#include "exercise/problemset.h"
#include "gp/gnuplot.h"
#include "gp/gpscript.h"
#include "plot/plot.h"
#include "scene/scene.h"
#include "sheet/course.h"
#include "sheet/manifest.h"
#include "sheet/sheet.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

/* ---- the command ----------------------------------------------------- */

/* mkdir -p: DIR and the directories above it. */
static int make_dir(const char *dir, struct diag *d)
{
	char *path = xstrdup(dir);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p)
			continue;
		char was = *p;
		*p = '\0';
		if (mkdir(path, 0777) && errno != EEXIST) {
			int e = errno;
			diag_set(d, "cannot create directory '%s': %s", path, strerror(e));
			free(path);
			return -1;
		}
		*p = was;
		if (!was)
			break;
	}
	free(path);
	struct stat st;
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return diag_set(d, "'%s' is not a directory", dir);
	return 0;
}

enum { NFILES = 3 }; /* sheet, key, manifest */

/* DIR/NAME.EXT, or NAME.EXT for ".". */
static char *file_path(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 3;
	char *p = xmalloc(n);
	if (!strcmp(dir, "."))
		snprintf(p, n, "%s.%s", name, ext);
	else
		snprintf(p, n, "%s%s%s.%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name, ext);
	return p;
}

/* Says once that the exercises' text holds characters no output carries
 * as itself (issue 43, point 8): where the first is, how many there are. */
static void note_unwritable(const struct problemset *ps, struct strbuf *out)
{
	size_t total = 0;
	const struct exercise *first = NULL;
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct exercise *ex = session_exercise(ps->part[j].s);
		total += ex->nunwritable;
		if (!first && ex->nunwritable)
			first = ex;
	}
	if (!first)
		return;
	const struct ex_unwritable *u = &first->unwritable[0];
	struct strbuf place = STRBUF_INIT;
	utf8_add_clean(&place, first->path);
	if (total == 1)
		strbuf_addf(out,
			    "note: %s:%d:%d: U+%04X, which no output may hold, is written "
			    "visibly, as \\xHH (in LaTeX as [U+%04X]); 'lint' says why\n",
			    strbuf_str(&place), u->line, u->col, (unsigned)u->cp, (unsigned)u->cp);
	else
		strbuf_addf(out,
			    "note: %s:%d:%d: U+%04X and %zu more characters that no output may "
			    "hold are written visibly, as \\xHH (in LaTeX as [U+...]); 'lint' "
			    "says where and why\n",
			    strbuf_str(&place), u->line, u->col, (unsigned)u->cp, total - 1);
	strbuf_release(&place);
}

/* Writes the set's files, each whole or not at all, and none unless all
 * can be started; without force, none when one of them exists already
 * (an instructor's key is not overwritten by a second run by mistake). */
static int write_set(const char *dir, const char *const names[NFILES],
		     const char *const exts[NFILES], const struct strbuf *const text[NFILES],
		     bool force, char **paths, struct diag *d)
{
	struct outfile of[NFILES];
	int opened = 0, rc = 0;
	for (int i = 0; i < NFILES; i++)
		paths[i] = file_path(dir, names[i], exts[i]);
	if (!force)
		for (int i = 0; i < NFILES; i++) {
			struct stat st;
			if (!lstat(paths[i], &st))
				return diag_set(d,
						"%s exists: nothing was written ('force' replaces "
						"the set's files)",
						paths[i]);
		}
	/* .txt and .md carry the exercise's text as it is: what a hostile
	 * file put in it is written as \xHH, as in messages (LaTeX escapes
	 * its own) */
	struct strbuf clean[NFILES] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
	const struct strbuf *out[NFILES];
	for (int i = 0; i < NFILES; i++) {
		out[i] = text[i];
		if (strcmp(exts[i], "tex")) {
			utf8_add_clean(&clean[i], strbuf_str(text[i]));
			out[i] = &clean[i];
		}
	}
	for (; opened < NFILES && !rc; opened++)
		rc = outfile_open(&of[opened], paths[opened], d) ||
		     outfile_write(&of[opened], out[opened]->buf, out[opened]->len, d);
	for (int i = 0; i < NFILES; i++)
		strbuf_release(&clean[i]);
	if (rc) {
		for (int i = 0; i < opened; i++)
			outfile_abort(&of[i]);
		return -1;
	}
	for (int i = 0; i < NFILES; i++)
		if (outfile_commit(&of[i], d)) {
			for (int j = i + 1; j < NFILES; j++)
				outfile_abort(&of[j]);
			return -1;
		}
	return 0;
}

static int parse_seed(const char *s, unsigned long *out, struct diag *d)
{
	char *end;
	errno = 0;
	unsigned long long x = s[0] >= '0' && s[0] <= '9' ? strtoull(s, &end, 10) : 0;
	if (!(s[0] >= '0' && s[0] <= '9') || *end || errno || x > ULONG_MAX)
		return diag_set(d, "seed '%s' is not a whole number from 0 to %lu", s, ULONG_MAX);
	*out = (unsigned long)x;
	return 0;
}

/* What `generate` was asked for; owns the header, the roster's names and
 * the ids' array (gen_args_release). */
struct gen_args {
	int n;
	unsigned long seed;
	bool seed_given, force;
	const struct sheet_renderer *f;
	const char *dir, *roster, *header_arg; /* as given */
	struct ps_header header;
	bool has_header;
	const char **ids;
	size_t nids;
	char **students;
	size_t nstudents;
};

static void gen_args_release(struct gen_args *a)
{
	sheet_header_release(&a->header);
	for (size_t i = 0; i < a->nstudents; i++)
		free(a->students[i]);
	free(a->students);
	free(a->ids);
}

/* N, then seed S, format F, to DIR, roster FILE, header FILE and force in
 * any order, each once, and the ids; the header is read here. */
static int gen_args_parse(struct cmd_ctx *c, struct gen_args *a)
{
	size_t nargs = c->args->n;
	*a = (struct gen_args){.f = sheet_renderer_default(), .dir = "."};
	if (text_parse_int(ARG(1), 1, PROBLEMSET_MAX_VARIANTS, &a->n))
		return diag_set(c->d, "N '%s' is not a whole number from 1 to %d", ARG(1),
				PROBLEMSET_MAX_VARIANTS);
	a->ids = xcalloc(nargs, sizeof(char *));
	bool seen[5] = {false, false, false, false, false};
	for (size_t i = 2; i < nargs; i++) {
		static const char *const keys[] = {"seed", "format", "to", "roster", "header"};
		int k = -1;
		for (int j = 0; j < 5; j++)
			if (!strcmp(ARG(i), keys[j]))
				k = j;
		if (k < 0 && !strcmp(ARG(i), "force")) {
			if (a->force)
				return diag_set(c->d, "'force' is given twice");
			a->force = true;
			continue;
		}
		if (k < 0) {
			a->ids[a->nids++] = ARG(i);
			continue;
		}
		if (seen[k])
			return diag_set(c->d, "'%s' is given twice", keys[k]);
		seen[k] = true;
		if (i + 1 >= nargs) {
			struct strbuf want = STRBUF_INIT;
			if (k == 1) {
				strbuf_addstr(&want, "format ");
				sheet_renderer_names(&want, "|");
			}
			diag_set(c->d, "'%s' wants a value: %s", keys[k],
				 k == 0	  ? "seed S"
				 : k == 1 ? strbuf_str(&want)
				 : k == 2 ? "to DIR"
				 : k == 3 ? "roster FILE.csv"
					  : "header FILE");
			strbuf_release(&want);
			return -1;
		}
		const char *v = ARG(++i);
		if (k == 0 && parse_seed(v, &a->seed, c->d))
			return -1;
		if (k == 1) {
			a->f = sheet_renderer_find(v);
			if (!a->f) {
				struct strbuf names = STRBUF_INIT;
				sheet_renderer_names(&names, ", ");
				diag_set(c->d, "format '%s' is not one of %s", v,
					 strbuf_str(&names));
				strbuf_release(&names);
				return -1;
			}
		}
		if (k == 2) {
			for (const char *q = v; *q; q++)
				if ((unsigned char)*q < 0x20 || *q == 0x7f)
					return diag_set(
						c->d,
						"the directory's name holds a control character");
			a->dir = v;
		}
		if (k == 3)
			a->roster = v;
		if (k == 4) {
			char *hpath = token_path(v);
			int hrc = sheet_header_load(hpath, &a->header, c->d);
			free(hpath);
			if (hrc)
				return -1;
			a->has_header = true;
			a->header_arg = v;
		}
	}
	a->seed_given = seen[0];
	return 0;
}

/* The roster's students, one a variant (none with a question bank, which
 * Moodle deals itself). */
static int gen_roster(struct cmd_ctx *c, struct gen_args *a)
{
	if (a->roster && a->f->bank)
		return diag_set(c->d,
				"roster with format %s: Moodle deals the variants to the students "
				"itself; drop one of them",
				a->f->name);
	if (!a->roster)
		return 0;
	char *rpath = token_path(a->roster);
	int rrc = sheet_roster_load(rpath, &a->students, &a->nstudents, c->d);
	free(rpath);
	if (rrc)
		return -1;
	if (a->nstudents != (size_t)a->n)
		return diag_set(c->d,
				"the roster has %zu student%s, one variant each: generate %zu ... "
				"roster %s",
				a->nstudents, a->nstudents == 1 ? "" : "s", a->nstudents,
				a->roster);
	return 0;
}

/* The variants of each exercise named (else of the one loaded), drawn
 * from fresh sessions: the exercises' own values, not the user's. */
static int gen_draw(struct cmd_ctx *c, const struct gen_args *a, struct problemset *ps)
{
	const struct exercise *loaded = session_exercise(c->s);
	for (size_t i = 0; i < (a->nids ? a->nids : 1); i++) {
		struct session *s = session_new();
		if (session_load(s, a->nids ? a->ids[i] : loaded->path, c->d)) {
			session_free(s);
			return -1;
		}
		if (problemset_add(ps, s, c->d))
			return -1;
	}
	return problemset_draw(ps, c->d);
}

/* ---- the variants' figures ----------------------------------------------
 *
 * Each variant's figure (the exercise's `figure`: the scene at t = 0 by
 * default, or one of its figures) is drawn from the variant's own solve,
 * as problemset_draw keeps it, into a private directory: one gnuplot for
 * the set, fed FIGS_BATCH drawings a batch (each batch within gnuplot's
 * timeout). The files' bytes are then read back into the variants, for
 * the sheet to name (or, in Moodle XML, to carry) and the command to
 * write beside it. */

enum { FIGS_BATCH = 10 };

struct gen_figs {
	const struct sheet_renderer *f;
	char tmpdir[64]; /* "" until made */
	struct strbuf script, notes;
	size_t queued, drawn; /* in the script, and in all */
	bool *noted;	      /* per part: the note why it has no figure said */
	struct diag err;      /* gnuplot's failure, the first */
	bool failed;
};

static char *fig_name(const struct problemset *ps, size_t j, size_t k, const char *ext)
{
	char code[16];
	problemset_code(ps, k, code, sizeof code);
	const char *id = session_exercise(ps->part[j].s)->id;
	/* an exercise named twice in the set: its second problem's own name */
	bool again = false;
	for (size_t i = 0; i < j; i++)
		again |= !strcmp(session_exercise(ps->part[i].s)->id, id);
	struct strbuf n = STRBUF_INIT;
	strbuf_addf(&n, "fig-%s-%s", code, id);
	if (again)
		strbuf_addf(&n, "-%zu", j + 1);
	strbuf_addf(&n, ".%s", ext);
	return strbuf_detach(&n);
}

static void figs_flush(struct gen_figs *g)
{
	if (!g->queued || g->failed)
		return;
	if (gnuplot_run(gnuplot_shared(), strbuf_str(&g->script), NULL, &g->err))
		g->failed = true;
	strbuf_reset(&g->script);
	g->queued = 0;
}

/* The hook problemset_draw calls with variant k of part j just solved. */
static void figs_kept(void *ctx, struct problemset *ps, size_t j, size_t k)
{
	struct gen_figs *g = ctx;
	struct session *s = ps->part[j].s;
	const struct exercise *ex = session_exercise(s);
	struct ps_variant *v = &ps->part[j].v[k];
	if (g->failed || (ex->figure && !strcmp(ex->figure, "none")))
		return;
	if (!g->tmpdir[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(g->tmpdir, sizeof g->tmpdir, "%s/tribo-figs-XXXXXX",
			 t && *t && strlen(t) < 40 ? t : "/tmp");
		if (!mkdtemp(g->tmpdir)) {
			diag_set(&g->err, "cannot make a directory for the figures: %s",
				 strerror(errno));
			g->failed = true;
			g->tmpdir[0] = '\0';
			return;
		}
	}
	char *name = fig_name(ps, j, k, g->f->figure_ext);
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/%s", g->tmpdir, name);
	struct gp_term t = {.kind = !strcmp(g->f->figure_ext, "pdf")   ? GP_TERM_PDF
				    : !strcmp(g->f->figure_ext, "svg") ? GP_TERM_SVG
								       : GP_TERM_PNG,
			    .output = strbuf_str(&path)};
	struct diag d;
	diag_clear(&d);
	int rc;
	if (!ex->figure || !strcmp(ex->figure, "scene")) {
		struct scene sc;
		rc = scene_build_stated(s, &sc, &d);
		if (!rc) {
			scene_script(&g->script, &sc, ex->title, &t);
			scene_release(&sc);
		}
	} else {
		const struct figure *fig = plot_find(s, ex->figure, &d);
		rc = fig ? 0 : -1;
		if (fig) {
			struct strbuf title = STRBUF_INIT, sub = STRBUF_INIT;
			plot_title(s, fig, &title);
			plot_subtitle(s, fig, &sub);
			gp_script_figure_sub(&g->script, fig, strbuf_str(&title), strbuf_str(&sub),
					     &t);
			strbuf_release(&title);
			strbuf_release(&sub);
		}
	}
	if (rc) {
		if (!g->noted[j])
			strbuf_addf(&g->notes, "note: %s: the sheet shows no figure: %s\n", ex->id,
				    d.msg);
		g->noted[j] = true;
		free(name);
	} else {
		v->figure = name;
		g->queued++;
		g->drawn++;
		if (g->queued >= FIGS_BATCH)
			figs_flush(g);
	}
	strbuf_release(&path);
}

/* cairo dates a PDF ("/CreationDate (D:20261127144528Z)"): a set's files
 * depend on nothing but the exercises, N and the seed, so the date is
 * written as 2000-01-01, in as many bytes (the cross-reference table's
 * offsets stay right). */
static void pdf_undate(unsigned char *b, size_t n)
{
	static const char key[] = "/CreationDate (D:";
	const size_t k = sizeof key - 1;
	for (size_t i = 0; i + k + 14 <= n; i++)
		if (!memcmp(b + i, key, k)) {
			memcpy(b + i + k, "20000101000000", 14);
			return;
		}
}

/* Reads the drawn files back into their variants; removes them and the
 * private directory. When the figures could not all be drawn (no gnuplot,
 * one that failed), the set goes without any, and a note says why: the
 * sheet and its key do not need them. */
static void figs_collect(struct gen_figs *g, struct problemset *ps)
{
	figs_flush(g);
	struct diag dd;
	struct diag *d = &dd;
	diag_clear(d);
	int rc = 0;
	if (g->failed)
		rc = diag_set(d, "%s", g->err.msg);
	for (size_t j = 0; j < ps->nparts; j++)
		for (size_t k = 0; k < ps->part[j].n; k++) {
			struct ps_variant *v = &ps->part[j].v[k];
			if (!v->figure)
				continue;
			struct strbuf path = STRBUF_INIT;
			strbuf_addf(&path, "%s/%s", g->tmpdir, v->figure);
			FILE *fp = rc ? NULL : fopen(strbuf_str(&path), "rb");
			if (!rc && !fp)
				rc = diag_set(d, "the figure %s was not drawn", v->figure);
			if (fp) {
				struct strbuf b = STRBUF_INIT;
				char buf[8192];
				size_t n;
				while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
					strbuf_add(&b, buf, n);
				fclose(fp);
				if (!b.len && !rc)
					rc = diag_set(d, "the figure %s is empty", v->figure);
				v->figure_len = b.len;
				v->figure_data = (unsigned char *)strbuf_detach(&b);
				if (!strcmp(g->f->figure_ext, "pdf"))
					pdf_undate(v->figure_data, v->figure_len);
			}
			unlink(strbuf_str(&path));
			strbuf_release(&path);
		}
	if (g->tmpdir[0])
		rmdir(g->tmpdir);
	if (!rc)
		return;
	for (size_t j = 0; j < ps->nparts; j++)
		for (size_t k = 0; k < ps->part[j].n; k++) {
			struct ps_variant *v = &ps->part[j].v[k];
			free(v->figure);
			free(v->figure_data);
			v->figure = NULL;
			v->figure_data = NULL;
			v->figure_len = 0;
		}
	g->drawn = 0;
	strbuf_addf(&g->notes, "note: the sheet shows no figures: they could not be drawn (%s)\n",
		    d->msg);
}

/* Writes each variant's figure beside the sheet (not for a question bank,
 * which carries them); without force, none when one exists already. */
static int figs_write(const char *dir, const struct problemset *ps, bool check_only, bool force,
		      struct diag *d)
{
	for (size_t j = 0; j < ps->nparts; j++)
		for (size_t k = 0; k < ps->part[j].n; k++) {
			const struct ps_variant *v = &ps->part[j].v[k];
			if (!v->figure || !v->figure_data)
				continue;
			const char *dot = strrchr(v->figure, '.');
			char *stem = xstrndup(v->figure, (size_t)(dot - v->figure));
			char *path = file_path(dir, stem, dot + 1);
			free(stem);
			struct stat st;
			int rc = 0;
			if (check_only) {
				if (!force && !lstat(path, &st))
					rc = diag_set(d,
						      "%s exists: nothing was written ('force' "
						      "replaces the set's files)",
						      path);
			} else {
				struct outfile of;
				rc = outfile_open(&of, path, d);
				if (!rc && outfile_write(&of, (const char *)v->figure_data,
							 v->figure_len, d)) {
					outfile_abort(&of);
					rc = -1;
				} else if (!rc)
					rc = outfile_commit(&of, d);
			}
			free(path);
			if (rc)
				return -1;
		}
	return 0;
}

/* "wrote DIR/sheet.tex, ...: 40 variants of coin, seed S; ..." and the
 * notes that go with it. */
static void gen_report(struct cmd_ctx *c, const struct gen_args *a, const struct problemset *ps,
		       char *const paths[NFILES])
{
	size_t r = sheet_total_redrawn(ps);
	strbuf_addf(c->out, "wrote %s, %s and %s: %d variant%s of ", paths[0], paths[1], paths[2],
		    a->n, a->n == 1 ? "" : "s");
	for (size_t j = 0; j < ps->nparts; j++)
		strbuf_addf(c->out, "%s%s", j ? ", " : "", session_exercise(ps->part[j].s)->id);
	strbuf_addf(c->out, ", seed %lu; ", ps->seed);
	if (r)
		strbuf_addf(c->out, "%zu degenerate draw%s redrawn", r, r == 1 ? "" : "s");
	else
		strbuf_addstr(c->out, "no draw was degenerate");
	struct strbuf kept = STRBUF_INIT;
	if (sheet_kept_list(ps, &kept)) {
		size_t k = sheet_total_rekept(ps);
		if (k)
			strbuf_addf(c->out, "; %zu draw%s redrawn to keep %s", k, k == 1 ? "" : "s",
				    strbuf_str(&kept));
		else
			strbuf_addf(c->out, "; every draw kept %s", strbuf_str(&kept));
	}
	strbuf_release(&kept);
	strbuf_addch(c->out, '\n');
	note_unwritable(ps, c->out);
	if (a->seed_given && (double)ps->seed < PROBLEMSET_SMALL_SEED)
		strbuf_addf(c->out,
			    "note: seed %lu is under 2^32: a student could try every such "
			    "seed for the sheet's values and rebuild the key (without "
			    "'seed', generate draws 64 bits)\n",
			    ps->seed);
}

int cmd_generate(struct cmd_ctx *c)
{
	struct gen_args a;
	bool unicode_tex = false;
	int rc = -1;
	if (gen_args_parse(c, &a) || gen_roster(c, &a))
		goto out;
	if (!strcmp(a.f->name, "tex") &&
	    sheet_tex_engine((const char *const *)a.students, a.nstudents, a.roster,
			     a.has_header ? &a.header : NULL, a.header_arg, &unicode_tex, c->d))
		goto out;
	if (!a.nids && !session_exercise(c->s)) {
		diag_set(c->d, "no exercise loaded: 'load ID' first, or name the exercises: "
			       "generate N ID...");
		goto out;
	}
	/* no seed given: 64 bits no student can guess; a small one given is
	 * taken, with a note (PROBLEMSET_SMALL_SEED) */
	if (!a.seed_given && problemset_fresh_seed(&a.seed, c->d))
		goto out;
	struct problemset ps;
	problemset_init(&ps, (size_t)a.n, a.seed);
	ps.fresh_seed = !a.seed_given;
	ps.student = (const char *const *)a.students;
	ps.header = a.has_header ? &a.header : NULL;
	ps.unicode_tex = unicode_tex;
	struct gen_figs figs = {.f = a.f, .script = STRBUF_INIT, .notes = STRBUF_INIT};
	diag_clear(&figs.err);
	if (a.f->figure_ext) {
		figs.noted = xcalloc(a.nids ? a.nids : 1, sizeof(bool));
		ps.kept = figs_kept;
		ps.kept_ctx = &figs;
	}
	int drawn = gen_draw(c, &a, &ps);
	if (a.f->figure_ext)
		figs_collect(&figs, &ps);
	free(figs.noted);
	strbuf_release(&figs.script);
	if (drawn) {
		strbuf_release(&figs.notes);
		problemset_release(&ps);
		goto out;
	}
	const struct sheet_renderer *f = a.f;
	struct strbuf sheet = STRBUF_INIT, key = STRBUF_INIT, manifest = STRBUF_INIT;
	f->sheet(f, &ps, &sheet); /* or the question bank in place of the sheet */
	f->key(f, &ps, &key);
	manifest_write(f, &ps, &manifest);
	char *paths[NFILES] = {NULL, NULL, NULL};
	char *where = token_path(a.dir);
	const char *names[NFILES] = {f->file, "key", "manifest"};
	const char *exts[NFILES] = {f->ext, f->key_ext, "txt"};
	const struct strbuf *texts[NFILES] = {&sheet, &key, &manifest};
	/* a question bank carries its figures; a sheet has them beside it */
	bool beside = f->figure_ext && !f->bank;
	if (!make_dir(where, c->d) && !(beside && figs_write(where, &ps, true, a.force, c->d)) &&
	    !write_set(where, names, exts, texts, a.force, paths, c->d) &&
	    !(beside && figs_write(where, &ps, false, a.force, c->d))) {
		gen_report(c, &a, &ps, paths);
		if (figs.drawn)
			strbuf_addf(c->out, "drew %zu figure%s (%s)%s\n", figs.drawn,
				    figs.drawn == 1 ? "" : "s", f->figure_ext,
				    beside ? " beside the sheet" : " into the questions");
		strbuf_addstr(c->out, strbuf_str(&figs.notes));
		rc = 0;
	}
	strbuf_release(&figs.notes);
	free(where);
	for (int i = 0; i < NFILES; i++)
		free(paths[i]);
	strbuf_release(&sheet);
	strbuf_release(&key);
	strbuf_release(&manifest);
	problemset_release(&ps);
out:
	gen_args_release(&a);
	return rc;
}
