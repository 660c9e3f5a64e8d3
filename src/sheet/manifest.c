/* manifest.txt (sheet/manifest.h): written by generate, read by grade. */
#include "sheet/manifest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv.h"
#include "util/latex.h"
#include "util/xalloc.h"

enum { MANIFEST_MAX_BYTES = 1 << 24 };

/* ---- written by generate ----------------------------------------------
 *
 * What regenerates the set, for the instructor's files (format: the one
 * asked for; questions: the question bank's file in place of the sheet,
 * or NULL; key_ext: the key's format). */
void manifest_write(const struct sheet_renderer *r, const struct problemset *ps, struct strbuf *o)
{
	const char *format = r->name, *key_ext = r->key_ext;
	char questions[32] = "";
	if (r->bank)
		snprintf(questions, sizeof questions, "%s.%s", r->file, r->ext);
	char first[16], last[16];
	problemset_code(ps, 0, first, sizeof first);
	problemset_code(ps, ps->n - 1, last, sizeof last);
	strbuf_addf(o, "tribo %s problem set\n", TRIBO_VERSION);
	strbuf_addf(o, "seed: %lu%s\n", ps->seed,
		    ps->fresh_seed ? " (from the system's random source: keep it secret)" : "");
	strbuf_addf(o, "variants: %zu, codes %s to %s\n", ps->n, first, last);
	strbuf_addstr(o, "exercises:");
	for (size_t j = 0; j < ps->nparts; j++)
		strbuf_addf(o, " %s", session_exercise(ps->part[j].s)->id);
	if (r->bank)
		strbuf_addf(o,
			    "\nfiles: %s (the question bank to import, in %s: codes, no seed), "
			    "key.%s (the answers and worked steps by code), manifest.txt\n",
			    questions, r->bank, key_ext);
	else
		strbuf_addf(o,
			    "\nfiles: sheet.%s (for the students: codes, no seed), key.%s (the "
			    "answers and worked steps by code), manifest.txt\n",
			    key_ext, key_ext);
	size_t nfig = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		for (size_t k = 0; k < ps->part[j].n; k++)
			nfig += ps->part[j].v[k].figure != NULL;
	if (nfig)
		strbuf_addf(o,
			    "figures: %zu, fig-CODE-ID.%s, each variant's figure (its exercise's "
			    "'figure', by default its scene at t = 0 as stated) %s\n",
			    nfig, r->figure_ext,
			    r->bank ? "in its questions, base64" : "beside the sheet");
	if (ps->student)
		strbuf_addf(o, "roster: %zu students, variant k to the k-th (the key names each)\n",
			    ps->n);
	if (!r->bank && !strcmp(key_ext, "tex")) {
		if (ps->unicode_tex)
			strbuf_addstr(o, "latex: lualatex sheet.tex and key.tex (a name "
					 "or the header needs Unicode fonts: fontspec "
					 "with " LATEX_UNICODE_FONTS
					 "; Debian: " LATEX_UNICODE_PACKAGES ")\n");
		else
			strbuf_addstr(o, "latex: pdflatex sheet.tex and key.tex (every name is "
					 "ASCII or Latin with OT1's accents; Debian: "
					 "texlive-latex-base)\n");
	}
	strbuf_addf(o, "again: generate %zu seed %lu format %s to DIR force", ps->n, ps->seed,
		    format);
	if (ps->student)
		strbuf_addstr(o, " roster FILE.csv");
	if (ps->header)
		strbuf_addstr(o, " header FILE");
	for (size_t j = 0; j < ps->nparts; j++)
		strbuf_addf(o, " %s", session_exercise(ps->part[j].s)->id);
	strbuf_addstr(o, "\ndraws: variant k (1 the first) of exercise ID from its own stream, "
			 "GSL's mt19937 seeded with the high 32 bits (odd) of "
			 "mix(mix(mix(seed) ^ fnv1a(ID)) ^ (k - 1)), mix splitmix64's "
			 "finalizer, fnv1a 64-bit FNV-1a: the same whatever N and the other "
			 "exercises are\n");
	strbuf_addstr(o, "codes: two letters of ABCDEFGHJKLMNPQRSTUVWXYZ and a digit from h = "
			 "SipHash-2-4 keyed by (seed, 0x74726962636f6465) of the exercise ids, "
			 "each ended by a NUL (letters[h % 24], letters[h / 24 % 24], h / 576 % "
			 "10), then the variant's number: nothing of the seed can be read "
			 "from them\n");
	/* what grade reads: the answers, exact, each with its tolerance */
	strbuf_addstr(o, "# for grade, tab-separated: student CODE NAME; answer CODE ID NAME "
			 "VALUE UNIT TOLERANCE (rel F, abs A, sig N, or exact for a word)\n");
	for (size_t k = 0; k < ps->n; k++) {
		char code[16];
		problemset_code(ps, k, code, sizeof code);
		if (ps->student) {
			strbuf_addf(o, "student\t%s\t", code);
			for (const char *q = ps->student[k]; *q; q++)
				strbuf_addch(o, *q == '\t' || *q == '\n' || *q == '\r' ? ' ' : *q);
			strbuf_addch(o, '\n');
		}
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				double x;
				strbuf_addf(o, "answer\t%s\t%s\t%s\t", code, ex->id, a->name);
				if (problemset_answer_value(ex, a, p->v[k].res, &x)) {
					const struct tolerance *t = &a->tol;
					strbuf_addf(o, "%.17g\t%s\t", x, a->unit);
					if (t->kind == TOL_REL)
						strbuf_addf(o, "rel %.17g\n", t->value);
					else if (t->kind == TOL_ABS)
						strbuf_addf(o, "abs %.17g\n", t->value);
					else if (t->kind == TOL_SIG)
						strbuf_addf(o, "sig %d\n", (int)t->value);
					else
						strbuf_addf(o, "rel %.17g\n",
							    TOLERANCE_DEFAULT_REL);
				} else {
					value_format_inline(&p->v[k].res[a->result], o);
					strbuf_addstr(o, "\t\texact\n");
				}
			}
		}
	}
}

/* ---- read by grade ---------------------------------------------------- */

void manifest_release(struct manifest *g)
{
	for (size_t i = 0; i < g->na; i++) {
		free(g->a[i].code);
		free(g->a[i].id);
		free(g->a[i].name);
		free(g->a[i].value);
		free(g->a[i].unit);
	}
	for (size_t i = 0; i < g->ns; i++) {
		free(g->s[i].code);
		free(g->s[i].name);
	}
	free(g->a);
	free(g->s);
	*g = (struct manifest){0};
}

/* The fields of a tab-separated line (at most max), in place. */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t n = 0;
	for (char *p = line; n < max;) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	return n;
}

static int parse_tolerance(const char *s, struct tolerance *t, bool *word)
{
	*word = !strcmp(s, "exact");
	if (*word)
		return 0;
	char kind[8];
	double v;
	if (sscanf(s, "%7s %lf", kind, &v) != 2 || !isfinite(v) || v < 0)
		return -1;
	if (!strcmp(kind, "rel"))
		*t = (struct tolerance){TOL_REL, v};
	else if (!strcmp(kind, "abs"))
		*t = (struct tolerance){TOL_ABS, v};
	else if (!strcmp(kind, "sig"))
		*t = (struct tolerance){TOL_SIG, v};
	else
		return -1;
	return 0;
}

int manifest_read(const char *dir, struct manifest *g, struct diag *d)
{
	*g = (struct manifest){0};
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s%smanifest.txt", dir, dir[strlen(dir) - 1] == '/' ? "" : "/");
	struct strbuf text = STRBUF_INIT;
	if (read_whole_file(strbuf_str(&path), MANIFEST_MAX_BYTES, &text, d)) {
		char why[sizeof d->msg];
		snprintf(why, sizeof why, "%s", d->msg);
		diag_set(d, "%s (grade reads the manifest generate wrote there)", why);
		strbuf_release(&text);
		strbuf_release(&path);
		return -1;
	}
	int rc = 0, line = 0;
	for (char *p = text.buf; p && *p && !rc; line++) {
		char *e = strchr(p, '\n');
		if (e)
			*e = '\0';
		char *fld[8];
		size_t nf = split_tabs(p, fld, 8);
		if (!strcmp(fld[0], "answer")) {
			struct manifest_answer a = {0};
			if (nf != 7 || parse_tolerance(fld[6], &a.tol, &a.word)) {
				rc = diag_set(d, "%s:%d: not an answer line generate writes",
					      strbuf_str(&path), line + 1);
				break;
			}
			a.code = xstrdup(fld[1]);
			a.id = xstrdup(fld[2]);
			a.name = xstrdup(fld[3]);
			a.value = xstrdup(fld[4]);
			a.unit = xstrdup(fld[5]);
			g->a = xrealloc(g->a, (g->na + 1) * sizeof(*g->a));
			g->a[g->na++] = a;
		} else if (!strcmp(fld[0], "student") && nf == 3) {
			g->s = xrealloc(g->s, (g->ns + 1) * sizeof(*g->s));
			g->s[g->ns++] = (struct manifest_student){xstrdup(fld[1]), xstrdup(fld[2])};
		}
		p = e ? e + 1 : NULL;
	}
	if (!rc && !g->na)
		rc = diag_set(d,
			      "%s: no answers in it (a set generate wrote before grade existed?)",
			      strbuf_str(&path));
	strbuf_release(&text);
	strbuf_release(&path);
	if (rc)
		manifest_release(g);
	return rc;
}
