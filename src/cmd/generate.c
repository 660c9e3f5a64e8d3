/* generate N [seed S] [format tex|md|txt] [to DIR] [force] [ID…] (SPEC
 * §2): a problem sheet, its answer key and a manifest, DIR/sheet.EXT,
 * DIR/key.EXT and DIR/manifest.txt, from the variants problemset.c draws.
 * The sheet names each variant by a code (problemset_code) and never the
 * seed; the key and the manifest do. The files depend on nothing but the
 * exercises, N and the seed: no date, no path, no host. Existing files
 * are kept unless `force` is given. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/handlers.h"
#include "exercise/problemset.h"
#include "util/csv.h"
#include "util/latex.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

/* A unit as people write it: N*m as N·m, m/s^2 as m/s². */
static void unit_pretty(struct strbuf *out, const char *u)
{
	static const char *const sup[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
	for (const char *p = u; *p; p++) {
		if (*p == '*') {
			strbuf_addstr(out, "·");
		} else if (*p == '^') {
			if (p[1] == '-' && p[2] >= '0' && p[2] <= '9') {
				strbuf_addstr(out, "⁻");
				p++;
			}
			while (p[1] >= '0' && p[1] <= '9')
				strbuf_addstr(out, sup[*++p - '0']);
		} else {
			strbuf_addch(out, *p);
		}
	}
}

/* ---- the pieces, as plain UTF-8 text -------------------------------- */

static const char *title_of(const struct problemset *ps)
{
	if (ps->header && ps->header->title)
		return ps->header->title;
	return ps->nparts == 1 ? session_exercise(ps->part[0].s)->title : "Problem set";
}

static size_t total_redrawn(const struct problemset *ps)
{
	size_t n = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		n += ps->part[j].redrawn;
	return n;
}

/* For the sheet, nothing that regenerates it: "40 variants, codes K4-01
 * to K4-40." (not "set K4": a sheet never says a command's name). */
static void sheet_note(const struct problemset *ps, struct strbuf *o)
{
	char first[16], last[16];
	problemset_code(ps, 0, first, sizeof first);
	problemset_code(ps, ps->n - 1, last, sizeof last);
	if (ps->n == 1)
		strbuf_addf(o, "1 variant, code %s", first);
	else
		strbuf_addf(o, "%zu variants, codes %s to %s", ps->n, first, last);
	if (ps->nparts > 1) {
		strbuf_addstr(o, " (exercises ");
		for (size_t j = 0; j < ps->nparts; j++)
			strbuf_addf(o, "%s%s", j ? ", " : "", session_exercise(ps->part[j].s)->id);
		strbuf_addch(o, ')');
	}
	strbuf_addch(o, '.');
}

/* "Variant K4-07" */
static void variant_head(const struct problemset *ps, size_t k, char *buf, size_t n)
{
	char code[16];
	problemset_code(ps, k, code, sizeof code);
	snprintf(buf, n, "Variant %s", code);
}

/* The key's heading of a variant: its code, and whose it is on a roster. */
static void key_head(const struct problemset *ps, size_t k, struct strbuf *o)
{
	char head[32];
	variant_head(ps, k, head, sizeof head);
	strbuf_addstr(o, head);
	if (ps->student)
		strbuf_addf(o, ": %s", ps->student[k]);
}

/* For the key: "40 variants drawn by tribo with seed 1; 3 degenerate draws were redrawn." */
static void set_note(const struct problemset *ps, struct strbuf *o)
{
	size_t r = total_redrawn(ps);
	strbuf_addf(o, "%zu variant%s drawn by tribo with seed %lu", ps->n, ps->n == 1 ? "" : "s",
		    ps->seed);
	if (ps->nparts > 1) {
		strbuf_addstr(o, " (exercises ");
		for (size_t j = 0; j < ps->nparts; j++)
			strbuf_addf(o, "%s%s", j ? ", " : "", session_exercise(ps->part[j].s)->id);
		strbuf_addch(o, ')');
	}
	if (ps->fresh_seed)
		strbuf_addstr(o, ", a seed from the system's random source");
	if (r == 0)
		strbuf_addstr(o, "; no draw was degenerate.");
	else
		strbuf_addf(o, "; %zu degenerate draw%s redrawn.", r, r == 1 ? " was" : "s were");
}

static size_t total_rekept(const struct problemset *ps)
{
	size_t n = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		n += ps->part[j].rekept;
	return n;
}

/* "mode = inconsistent": the verdicts the variants keep (`keep` in the
 * exercise), each exercise's named when there are several; false when
 * no exercise keeps one. */
static bool kept_list(const struct problemset *ps, struct strbuf *o)
{
	bool any = false;
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct ps_part *p = &ps->part[j];
		const struct exercise *ex = session_exercise(p->s);
		for (size_t i = 0; i < ex->nkeep; i++) {
			strbuf_addstr(o, any ? ", " : "");
			problemset_kept_describe(ex, i, p->base, o);
			if (ps->nparts > 1)
				strbuf_addf(o, " (%s)", ex->id);
			any = true;
		}
	}
	return any;
}

/* For the key: "Every variant keeps mode = inconsistent, as at the
 * exercise's own values." */
static void kept_note(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf list = STRBUF_INIT;
	if (kept_list(ps, &list))
		strbuf_addf(o, "%sEvery variant keeps %s, as at the exercise's own values.",
			    o->len ? " " : "", strbuf_str(&list));
	strbuf_release(&list);
}

/* Why, for the key: "Redrawn in conveyor: t_stick is not finite, 4 times." */
static void reasons_note(const struct problemset *ps, struct strbuf *o)
{
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct ps_part *p = &ps->part[j];
		if (!p->redrawn && !p->rekept)
			continue;
		strbuf_addf(o, "%sRedrawn in %s:", o->len ? " " : "", session_exercise(p->s)->id);
		for (size_t i = 0; i < p->nreason; i++)
			strbuf_addf(o, "%s %s, %zu time%s", i ? ";" : "", p->reason[i].why,
				    p->reason[i].count, p->reason[i].count == 1 ? "" : "s");
		strbuf_addch(o, '.');
	}
}

/* "m = 2.3 kg, r = 0.41 m": the drawn values of a variant. */
static void values_line(const struct ps_part *p, const struct ps_variant *v, struct strbuf *o)
{
	const struct exercise *ex = session_exercise(p->s);
	bool first = true;
	for (size_t i = 0; i < ex->model->nparams; i++) {
		char buf[32];
		if (!ex->params[i].has_draw)
			continue;
		text_format_number(v->value[i], buf, sizeof(buf));
		strbuf_addf(o, "%s%s = %s", first ? "" : ", ", ex->params[i].spec->name, buf);
		if (ex->params[i].unit[0]) {
			strbuf_addch(o, ' ');
			unit_pretty(o, ex->params[i].unit);
		}
		first = false;
	}
}

/* One answer of a variant as the key prints it: the value to the digits
 * its tolerance needs (or the word), the unit and the tolerance. */
struct answer_row {
	struct strbuf num, unit, tol;
	bool isnum;
};

static void answer_row_init(struct answer_row *r, const struct exercise *ex,
			    const struct ex_answer *a, const struct ps_variant *v)
{
	double x;
	*r = (struct answer_row){STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, false};
	r->isnum = problemset_answer_value(ex, a, v->res, &x);
	if (r->isnum) {
		char buf[48];
		problemset_format_answer(a, x, buf, sizeof(buf));
		strbuf_addstr(&r->num, buf);
	} else {
		value_format_inline(&v->res[a->result], &r->num);
	}
	unit_pretty(&r->unit, a->unit);
	if (r->isnum) {
		tolerance_describe(&a->tol, strbuf_str(&r->unit), &r->tol);
	} else { /* a verdict: the word itself */
		strbuf_addstr(&r->tol, "exact");
		strbuf_reset(&r->unit);
	}
}

static void answer_row_release(struct answer_row *r)
{
	strbuf_release(&r->num);
	strbuf_release(&r->unit);
	strbuf_release(&r->tol);
}

/* "R = R_coeff·|φ̇| (Rayleigh function)": what a result is, as a student
 * reads it: the answer's own `text` where the file gives one (the
 * result's doc speaks of the workbench: "at tmax", "coulomb, rigid:"),
 * else the doc without the notes that say what nan, inf or a negative
 * value would mean ("(nan: never leaves)", "(nan otherwise)", a last
 * "; nan when the contact does not slide"), which are for the instructor
 * and the key, not for the sheet. */
static void answer_doc(const struct exercise *ex, const struct ex_answer *a, struct strbuf *out)
{
	const char *doc = ex->model->results[a->result].doc;
	strbuf_reset(out);
	if (a->text) {
		strbuf_addstr(out, a->text);
		return;
	}
	for (const char *p = doc; *p;) {
		if (*p == '(') {
			const char *q = p + 1;
			int depth = 1;
			while (*q && depth) {
				depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
				q++;
			}
			size_t n = (size_t)(q - p);
			char *group = xstrndup(p, n);
			bool special = strstr(group, "nan:") || strstr(group, "inf:") ||
				       !strcmp(group, "(nan otherwise)") ||
				       !strncmp(group, "(negative:", 10);
			free(group);
			if (special && depth == 0) {
				while (out->len && out->buf[out->len - 1] == ' ')
					out->buf[--out->len] = '\0';
				p = q;
				continue;
			}
		}
		if (!strncmp(p, "; nan when ", 11) && !strchr(p + 1, ';'))
			break;
		strbuf_addch(out, *p++);
	}
}

/* "to 1%, i.e. 3 significant figures": the precision the sheet asks of a
 * number (an answer given to it is within the tolerance, so check and
 * grade take it); "" for a verdict, which is a word. */
static void answer_precision(const struct exercise *ex, const struct ex_answer *a, const char *unit,
			     struct strbuf *out)
{
	strbuf_reset(out);
	if (ex->model->results[a->result].kind == VAL_NUMBER)
		tolerance_precision(&a->tol, unit, out);
}

/* ---- the formats ------------------------------------------------------
 *
 * One walker (render_sheet, render_key) goes through the variants, their
 * problems and their answers; a format is the table of what each step
 * writes. A new format is one more entry in `formats`. */

struct format {
	const char *ext;  /* the files' extension and the name `format` takes */
	const char *tail; /* the end of either file */
	struct {
		/* before the first variant (note: "40 variants drawn…") */
		void (*head)(struct strbuf *o, const struct problemset *ps, const char *note);
		void (*variant)(struct strbuf *o, const struct problemset *ps, size_t k,
				const char *note);
		/* problem j of a variant: its heading and statement */
		void (*problem)(struct strbuf *o, const struct problemset *ps, size_t j,
				const char *statement);
	} sheet;
	/* what the sheet asks for, when the problem has answers; unit as
	 * people write it, "" for none */
	struct {
		void (*head)(struct strbuf *o);
		/* precision: "to 1%, i.e. 3 significant figures", "" for a word */
		void (*item)(struct strbuf *o, const char *name, const char *unit,
			     const char *precision, const char *doc);
		void (*tail)(struct strbuf *o, bool last);
	} give;
	struct {
		/* before the first variant (note ends with the rounding) */
		void (*head)(struct strbuf *o, const struct problemset *ps, const char *note);
		void (*variant)(struct strbuf *o, const struct problemset *ps, size_t k);
		/* problem j of a variant: its heading and drawn values */
		void (*problem)(struct strbuf *o, const struct problemset *ps, size_t j,
				const char *values);
		void (*worked)(struct strbuf *o, const char *steps);
	} key;
	/* the key's answers to a problem, when it has any */
	struct {
		void (*head)(struct strbuf *o);
		void (*row)(struct strbuf *o, const char *name, const struct answer_row *r);
		void (*tail)(struct strbuf *o);
	} answers;
};

static void nothing(struct strbuf *o)
{
	(void)o;
}

static void nothing_after(struct strbuf *o, bool last)
{
	(void)o;
	(void)last;
}

/* ---- LaTeX ----------------------------------------------------------- */

static void tex(struct strbuf *o, const char *s)
{
	latex_escape(o, s, false);
}

/* A parameter's or result's name ([A-Za-z0-9_]) in the typewriter font. */
static void tex_name(struct strbuf *o, const char *name)
{
	strbuf_addstr(o, "\\texttt{");
	for (const char *p = name; *p; p++)
		if (*p == '_')
			strbuf_addstr(o, "{\\char95}");
		else
			strbuf_addch(o, *p);
	strbuf_addch(o, '}');
}

/* A person's text (a roster's name, the course's header): for pdflatex,
 * or as itself for lualatex when one of them needs it. */
static void tex_person(struct strbuf *o, const struct problemset *ps, const char *s)
{
	if (ps->unicode_tex)
		latex_escape_unicode(o, s);
	else
		latex_escape_name(o, s);
}

static void tex_preamble(struct strbuf *o, const struct problemset *ps)
{
	if (ps->unicode_tex)
		/* luaotfload's fallback fonts (HarfBuzz, which joins Arabic
		 * letters) print what Latin Modern lacks, the bold ones in bold */
		strbuf_addstr(
			o, "% !TEX program = lualatex\n"
			   "% tribo: compile with lualatex: a name or the header holds "
			   "characters that need Unicode fonts\n"
			   "% (fontspec; " LATEX_UNICODE_FONTS ")\n"
			   "\\documentclass[11pt,a4paper]{article}\n"
			   "\\usepackage{fontspec}\n"
			   "\\directlua{luaotfload.add_fallback(\"tribo\", {\"DejaVu "
			   "Serif:mode=harf;\", \"DejaVu Sans:mode=harf;\", \"Droid Sans "
			   "Fallback:mode=harf;\"})}\n"
			   "\\directlua{luaotfload.add_fallback(\"tribobold\", {\"DejaVu "
			   "Serif/B:mode=harf;\", "
			   "\"DejaVu Sans/B:mode=harf;\", \"Droid Sans Fallback:mode=harf;\"})}\n"
			   "\\setmainfont{Latin Modern "
			   "Roman}[UprightFeatures={RawFeature={fallback=tribo}}, "
			   "BoldFeatures={RawFeature={fallback=tribobold}}]\n");
	else
		strbuf_addstr(o, "% !TEX program = pdflatex\n"
				 "% tribo: compile with pdflatex: every name is ASCII or Latin "
				 "letters with accents OT1 has\n"
				 "\\documentclass[11pt,a4paper]{article}\n");
	strbuf_addstr(o, "\\usepackage{alltt}\n"
			 "\\setlength{\\textwidth}{16cm}\n"
			 "\\setlength{\\oddsidemargin}{0cm}\n"
			 "\\setlength{\\evensidemargin}{0cm}\n"
			 "\\setlength{\\textheight}{24cm}\n"
			 "\\setlength{\\topmargin}{-1.5cm}\n"
			 "\\setlength{\\parindent}{0pt}\n"
			 "\\setlength{\\parskip}{0.6\\baselineskip}\n"
			 /* \textbullet would load TS1, a bitmap font */
			 "\\renewcommand{\\labelitemi}{\\(\\bullet\\)}\n"
			 "\\begin{document}\n");
}

static void tex_sheet_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	(void)note; /* under the first variant's heading */
	tex_preamble(o, ps);
}

static void tex_sheet_variant(struct strbuf *o, const struct problemset *ps, size_t k,
			      const char *note)
{
	char head[32];
	variant_head(ps, k, head, sizeof head);
	if (k)
		strbuf_addstr(o, "\\clearpage\n");
	const struct ps_header *h = ps->header;
	if (h) { /* the course's header, on every student's page */
		if (h->course || h->date) {
			strbuf_addstr(o, "{\\small ");
			tex_person(o, ps, h->course ? h->course : "");
			strbuf_addstr(o, "}\\hfill{\\small ");
			tex_person(o, ps, h->date ? h->date : "");
			strbuf_addstr(o, "}\n\n");
		}
		if (h->title) {
			strbuf_addstr(o, "{\\Large\\bfseries ");
			tex_person(o, ps, h->title);
			strbuf_addstr(o, "}\n\n");
		}
		if (h->instructions) {
			strbuf_addstr(o, "{\\small ");
			tex_person(o, ps, h->instructions);
			strbuf_addstr(o, "}\n\n");
		}
		strbuf_addstr(o, "\\medskip\n");
	}
	strbuf_addf(o, "{\\large\\bfseries %s}\\hfill Name: ", head);
	if (ps->student) {
		strbuf_addstr(o, "\\textbf{");
		tex_person(o, ps, ps->student[k]);
		strbuf_addstr(o, "}\n\n");
	} else {
		strbuf_addstr(o, "\\rule{6cm}{0.4pt}\n\n");
	}
	if (k == 0) {
		strbuf_addstr(o, "{\\small\\itshape ");
		tex(o, note);
		strbuf_addstr(o, "}\n\n");
	}
	if (ps->nparts == 1)
		strbuf_addstr(o, "\\medskip\n");
}

static void tex_key_variant(struct strbuf *o, const struct problemset *ps, size_t k)
{
	char head[32];
	variant_head(ps, k, head, sizeof head);
	strbuf_addf(o, "\\subsection*{%s", head);
	if (ps->student) {
		strbuf_addstr(o, ": ");
		tex_person(o, ps, ps->student[k]);
	}
	strbuf_addstr(o, "}\n");
}

static void tex_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			const char *statement)
{
	const struct exercise *ex = session_exercise(ps->part[j].s);
	strbuf_addstr(o, "\\textbf{");
	if (ps->nparts > 1)
		strbuf_addf(o, "Problem %zu. ", j + 1);
	tex(o, ex->title);
	strbuf_addstr(o, "}");
	if (ex->source[0]) {
		strbuf_addstr(o, "\\\\\n{\\small ");
		tex(o, ex->source);
		strbuf_addstr(o, "}");
	}
	strbuf_addstr(o, "\n\n");
	tex(o, statement);
	strbuf_addstr(o, "\n\n");
}

static void tex_give_head(struct strbuf *o)
{
	strbuf_addstr(o, "Give:\n\\begin{itemize}\n");
}

static void tex_give(struct strbuf *o, const char *name, const char *unit, const char *precision,
		     const char *doc)
{
	strbuf_addstr(o, "\\item ");
	tex_name(o, name);
	if (unit[0]) {
		strbuf_addstr(o, " in ");
		tex(o, unit);
	}
	if (precision[0]) {
		strbuf_addstr(o, ", ");
		tex(o, precision);
	}
	strbuf_addstr(o, " --- ");
	tex(o, doc);
	strbuf_addch(o, '\n');
}

static void tex_give_tail(struct strbuf *o, bool last)
{
	(void)last;
	strbuf_addstr(o, "\\end{itemize}\n\n");
}

static void tex_key_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	tex_preamble(o, ps);
	strbuf_addstr(o, "\\section*{Answer key: ");
	if (ps->header && ps->header->title)
		tex_person(o, ps, ps->header->title);
	else
		tex(o, title_of(ps));
	strbuf_addstr(o, "}\n");
	tex(o, note);
	strbuf_addstr(o, "\n\n");
}

static void tex_key_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			    const char *values)
{
	if (ps->nparts > 1) {
		strbuf_addf(o, "\\subsubsection*{Problem %zu: ", j + 1);
		tex(o, session_exercise(ps->part[j].s)->id);
		strbuf_addstr(o, "}\n");
	}
	strbuf_addstr(o, "Values: ");
	tex(o, values);
	strbuf_addstr(o, ".\n\n");
}

static void tex_answers_head(struct strbuf *o)
{
	strbuf_addstr(o, "\\begin{tabular}{@{}lll@{}}\n");
}

static void tex_answer(struct strbuf *o, const char *name, const struct answer_row *r)
{
	tex_name(o, name);
	strbuf_addstr(o, " & ");
	if (r->isnum)
		latex_number(o, strbuf_str(&r->num));
	else
		tex(o, strbuf_str(&r->num));
	if (r->unit.len) {
		strbuf_addstr(o, "~");
		tex(o, strbuf_str(&r->unit));
	}
	strbuf_addstr(o, r->isnum ? " & (tolerance " : " & (");
	tex(o, strbuf_str(&r->tol));
	strbuf_addstr(o, ")\\\\\n");
}

static void tex_answers_tail(struct strbuf *o)
{
	strbuf_addstr(o, "\\end{tabular}\n\n");
}

static void tex_worked(struct strbuf *o, const char *steps)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap_lines(&w, steps, 78);
	strbuf_addstr(o, "Worked solution:\n{\\small\\begin{alltt}\n");
	latex_escape(o, strbuf_str(&w), true);
	if (w.len && w.buf[w.len - 1] != '\n')
		strbuf_addch(o, '\n');
	strbuf_addstr(o, "\\end{alltt}}\n\n");
	strbuf_release(&w);
}

/* ---- Markdown -------------------------------------------------------- */

static void md(struct strbuf *o, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#|", *s))
			strbuf_addch(o, '\\');
		strbuf_addch(o, *s);
	}
}

static void md_sheet_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	const struct exercise *ex = session_exercise(ps->part[0].s);
	strbuf_addstr(o, "# ");
	md(o, title_of(ps));
	strbuf_addstr(o, "\n\n*");
	md(o, note);
	strbuf_addstr(o, "*\n");
	if (ps->nparts == 1 && ex->source[0]) {
		strbuf_addstr(o, "\nSource: ");
		md(o, ex->source);
		strbuf_addch(o, '\n');
	}
}

static void md_variant(struct strbuf *o, const struct problemset *ps, size_t k)
{
	struct strbuf head = STRBUF_INIT;
	key_head(ps, k, &head);
	strbuf_addstr(o, "\n## ");
	md(o, strbuf_str(&head));
	strbuf_addstr(o, "\n\n");
	strbuf_release(&head);
}

static void md_sheet_variant(struct strbuf *o, const struct problemset *ps, size_t k,
			     const char *note)
{
	char head[32];
	(void)note; /* in the sheet's head */
	variant_head(ps, k, head, sizeof head);
	strbuf_addf(o, "\n## %s\n\n", head);
	const struct ps_header *h = ps->header;
	if (h && (h->course || h->date)) {
		md(o, h->course ? h->course : "");
		strbuf_addstr(o, h->course && h->date ? " — " : "");
		md(o, h->date ? h->date : "");
		strbuf_addstr(o, "\n\n");
	}
	if (h && h->instructions) {
		strbuf_addch(o, '*');
		md(o, h->instructions);
		strbuf_addstr(o, "*\n\n");
	}
	if (ps->student) {
		strbuf_addstr(o, "Name: **");
		md(o, ps->student[k]);
		strbuf_addstr(o, "**\n\n");
	}
}

static void md_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	if (ps->nparts > 1) {
		strbuf_addf(o, "### Problem %zu. ", j + 1);
		md(o, session_exercise(ps->part[j].s)->title);
		strbuf_addstr(o, "\n\n");
	}
}

static void md_problem(struct strbuf *o, const struct problemset *ps, size_t j,
		       const char *statement)
{
	md_problem_head(o, ps, j);
	md(o, statement);
	strbuf_addstr(o, "\n\n");
}

static void md_give_head(struct strbuf *o)
{
	strbuf_addstr(o, "Give:\n\n");
}

static void md_give(struct strbuf *o, const char *name, const char *unit, const char *precision,
		    const char *doc)
{
	strbuf_addf(o, "- `%s`", name);
	if (unit[0])
		strbuf_addf(o, " in %s", unit);
	if (precision[0]) {
		strbuf_addstr(o, ", ");
		md(o, precision);
	}
	strbuf_addstr(o, ": ");
	md(o, doc);
	strbuf_addch(o, '\n');
}

static void md_give_tail(struct strbuf *o, bool last)
{
	if (!last)
		strbuf_addch(o, '\n');
}

static void md_key_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	strbuf_addstr(o, "# Answer key: ");
	md(o, title_of(ps));
	strbuf_addstr(o, "\n\n");
	md(o, note);
	strbuf_addch(o, '\n');
}

static void md_key_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			   const char *values)
{
	md_problem_head(o, ps, j);
	strbuf_addstr(o, "Values: ");
	md(o, values);
	strbuf_addstr(o, ".\n\n");
}

static void md_answers_head(struct strbuf *o)
{
	strbuf_addstr(o, "| answer | value | tolerance |\n|---|---|---|\n");
}

static void md_answer(struct strbuf *o, const char *name, const struct answer_row *r)
{
	strbuf_addf(o, "| `%s` | ", name);
	md(o, strbuf_str(&r->num));
	if (r->unit.len) {
		strbuf_addch(o, ' ');
		md(o, strbuf_str(&r->unit));
	}
	strbuf_addstr(o, " | ");
	md(o, strbuf_str(&r->tol));
	strbuf_addstr(o, " |\n");
}

static void md_worked(struct strbuf *o, const char *steps)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap_lines(&w, steps, 78);
	strbuf_addstr(o, "\nWorked solution:\n\n```text\n");
	strbuf_addstr(o, strbuf_str(&w));
	if (w.len && w.buf[w.len - 1] != '\n')
		strbuf_addch(o, '\n');
	strbuf_addstr(o, "```\n");
	strbuf_release(&w);
}

/* ---- plain text ------------------------------------------------------ */

static void txt_heading(struct strbuf *o, const char *s, const char *rule)
{
	strbuf_addf(o, "%s\n", s);
	for (int i = utf8_width(s); i > 0; i--)
		strbuf_addstr(o, rule);
	strbuf_addch(o, '\n');
}

static void txt_sheet_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	const struct exercise *ex = session_exercise(ps->part[0].s);
	txt_heading(o, title_of(ps), "=");
	text_wrap(o, note, 76, 0);
	if (ps->nparts == 1 && ex->source[0])
		strbuf_addf(o, "Source: %s\n", ex->source);
}

static void txt_variant(struct strbuf *o, const struct problemset *ps, size_t k)
{
	struct strbuf head = STRBUF_INIT;
	key_head(ps, k, &head);
	strbuf_addch(o, '\n');
	txt_heading(o, strbuf_str(&head), "-");
	strbuf_release(&head);
}

static void txt_sheet_variant(struct strbuf *o, const struct problemset *ps, size_t k,
			      const char *note)
{
	char head[32];
	(void)note; /* in the sheet's head */
	variant_head(ps, k, head, sizeof head);
	strbuf_addch(o, '\n');
	txt_heading(o, head, "-");
	const struct ps_header *h = ps->header;
	if (h && (h->course || h->date))
		strbuf_addf(o, "%s%s%s\n", h->course ? h->course : "",
			    h->course && h->date ? " — " : "", h->date ? h->date : "");
	if (h && h->instructions) {
		text_wrap(o, h->instructions, 76, 0);
		strbuf_addch(o, '\n');
	}
	if (ps->student)
		strbuf_addf(o, "Name: %s\n\n", ps->student[k]);
}

/* A blank line between problems; the heading of each when there are more. */
static void txt_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	const struct exercise *ex = session_exercise(ps->part[j].s);
	if (j)
		strbuf_addch(o, '\n');
	if (ps->nparts > 1)
		strbuf_addf(o, "Problem %zu. %s (%s)\n\n", j + 1, ex->title, ex->id);
}

static void txt_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			const char *statement)
{
	txt_problem_head(o, ps, j);
	text_wrap(o, statement, 76, 0);
}

static void txt_give_head(struct strbuf *o)
{
	strbuf_addstr(o, "\nGive:\n");
}

static void txt_give(struct strbuf *o, const char *name, const char *unit, const char *precision,
		     const char *doc)
{
	strbuf_addf(o, "  %s%s%s%s%s: %s\n", name, unit[0] ? " in " : "", unit,
		    precision[0] ? ", " : "", precision, doc);
}

static void txt_key_head(struct strbuf *o, const struct problemset *ps, const char *note)
{
	struct strbuf head = STRBUF_INIT;
	strbuf_addf(&head, "Answer key: %s", title_of(ps));
	txt_heading(o, strbuf_str(&head), "=");
	text_wrap(o, note, 76, 0);
	strbuf_release(&head);
}

static void txt_key_problem(struct strbuf *o, const struct problemset *ps, size_t j,
			    const char *values)
{
	txt_problem_head(o, ps, j);
	strbuf_addf(o, "values: %s\n", values);
}

static void txt_answers_head(struct strbuf *o)
{
	strbuf_addstr(o, "answers:\n");
}

static void txt_answer(struct strbuf *o, const char *name, const struct answer_row *r)
{
	strbuf_addf(o, "  %s = %s%s%s  (%s%s)\n", name, strbuf_str(&r->num), r->unit.len ? " " : "",
		    strbuf_str(&r->unit), r->isnum ? "tolerance " : "", strbuf_str(&r->tol));
}

static void txt_worked(struct strbuf *o, const char *steps)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap_lines(&w, steps, 76);
	strbuf_addstr(o, "worked solution:\n");
	for (const char *s = strbuf_str(&w); *s;) {
		size_t n = strcspn(s, "\n");
		strbuf_addstr(o, "  ");
		strbuf_add(o, s, n);
		strbuf_addch(o, '\n');
		s += n + (s[n] == '\n');
	}
	strbuf_release(&w);
}

static const struct format formats[] = {
	/* LaTeX */
	{.ext = "tex",
	 .tail = "\\end{document}\n",
	 .sheet = {tex_sheet_head, tex_sheet_variant, tex_problem},
	 .give = {tex_give_head, tex_give, tex_give_tail},
	 .key = {tex_key_head, tex_key_variant, tex_key_problem, tex_worked},
	 .answers = {tex_answers_head, tex_answer, tex_answers_tail}},
	/* Markdown */
	{.ext = "md",
	 .tail = "",
	 .sheet = {md_sheet_head, md_sheet_variant, md_problem},
	 .give = {md_give_head, md_give, md_give_tail},
	 .key = {md_key_head, md_variant, md_key_problem, md_worked},
	 .answers = {md_answers_head, md_answer, nothing}},
	/* plain text */
	{.ext = "txt",
	 .tail = "",
	 .sheet = {txt_sheet_head, txt_sheet_variant, txt_problem},
	 .give = {txt_give_head, txt_give, nothing_after},
	 .key = {txt_key_head, txt_variant, txt_key_problem, txt_worked},
	 .answers = {txt_answers_head, txt_answer, nothing}},
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

/* ---- Moodle XML and GIFT ----------------------------------------------
 *
 * A question bank to import (Moodle's "Moodle XML format", or its "GIFT
 * format"): a category for the set, whose description is the course's
 * header when there is one, and in it a category per exercise of the set
 * holding one question per variant and asked answer, named by the
 * variant's code: numerical for a number (the answer's tolerance as
 * Moodle's absolute one, the unit in the text, no unit field),
 * short-answer for a word. The question text is HTML, its text
 * HTML-escaped, μ and θ as UTF-8; in the XML it is in a CDATA section
 * (which the escaping keeps from ending early: no ">" is left), in GIFT
 * every character GIFT reserves is escaped. */

/* s with & < > " as HTML's entities. */
static void html(struct strbuf *o, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&':
			strbuf_addstr(o, "&amp;");
			break;
		case '<':
			strbuf_addstr(o, "&lt;");
			break;
		case '>':
			strbuf_addstr(o, "&gt;");
			break;
		case '"':
			strbuf_addstr(o, "&quot;");
			break;
		default:
			strbuf_addch(o, *s);
		}
}

/* <name><text>…</text></name> and the like: plain text, XML-escaped. */
static void xml_text(struct strbuf *o, const char *tag, const char *s)
{
	strbuf_addf(o, "    <%s><text>", tag);
	html(o, s);
	strbuf_addf(o, "</text></%s>\n", tag);
}

/* The course's header as HTML: the course and the date, the title in
 * bold, the instructions, each a paragraph. */
static void header_html(const struct ps_header *h, struct strbuf *o)
{
	if (h->course || h->date) {
		strbuf_addstr(o, "<p>");
		html(o, h->course ? h->course : "");
		if (h->course && h->date)
			strbuf_addstr(o, " — ");
		html(o, h->date ? h->date : "");
		strbuf_addstr(o, "</p>");
	}
	if (h->title) {
		strbuf_addstr(o, "<p><b>");
		html(o, h->title);
		strbuf_addstr(o, "</b></p>");
	}
	if (h->instructions) {
		strbuf_addstr(o, "<p>");
		html(o, h->instructions);
		strbuf_addstr(o, "</p>");
	}
}

/* A question of the bank: its name, HTML text and answer. */
struct bank_question {
	struct strbuf name, text;
	bool isnum;
	char num[48], tol[48]; /* the number to 12 figures, its tolerance */
	struct strbuf word;    /* the answer of a short-answer question */
};

static void bank_question_init(struct bank_question *q, const struct problemset *ps, size_t j,
			       size_t k, const struct ex_answer *a)
{
	const struct ps_part *p = &ps->part[j];
	const struct exercise *ex = session_exercise(p->s);
	const struct ps_variant *v = &p->v[k];
	char code[16];
	problemset_code(ps, k, code, sizeof code);
	double x;
	*q = (struct bank_question){.name = STRBUF_INIT, .text = STRBUF_INIT, .word = STRBUF_INIT};
	q->isnum = problemset_answer_value(ex, a, v->res, &x);
	struct strbuf unit = STRBUF_INIT, doc = STRBUF_INIT;
	strbuf_addf(&q->name, "%s %s: %s", ex->id, code, a->name);
	unit_pretty(&unit, a->unit);
	struct strbuf *o = &q->text;
	strbuf_addstr(o, "<p><b>");
	html(o, ex->title);
	strbuf_addf(o, "</b> (variant %s)</p><p>", code);
	html(o, v->statement);
	strbuf_addstr(o, "</p><p>Give <code>");
	html(o, a->name);
	strbuf_addstr(o, "</code>");
	if (q->isnum && unit.len) {
		strbuf_addstr(o, " in ");
		html(o, strbuf_str(&unit));
	}
	if (q->isnum) {
		struct strbuf prec = STRBUF_INIT;
		answer_precision(ex, a, strbuf_str(&unit), &prec);
		strbuf_addstr(o, ", ");
		html(o, strbuf_str(&prec));
		strbuf_release(&prec);
	}
	strbuf_addstr(o, ": ");
	answer_doc(ex, a, &doc);
	html(o, strbuf_str(&doc));
	strbuf_addstr(o, ".</p>");
	if (q->isnum) {
		/* the exact value, to 12 figures, and check's tolerance */
		snprintf(q->num, sizeof q->num, "%.12g", x);
		snprintf(q->tol, sizeof q->tol, "%.6g", problemset_abs_tolerance(&a->tol, x));
	} else {
		value_format_inline(&v->res[a->result], &q->word);
	}
	strbuf_release(&doc);
	strbuf_release(&unit);
}

static void bank_question_release(struct bank_question *q)
{
	strbuf_release(&q->name);
	strbuf_release(&q->text);
	strbuf_release(&q->word);
}

/* "$course$/tribo/set KM4": the set's category, its exercises' under it. */
static void bank_category(const struct problemset *ps, struct strbuf *o)
{
	char code[16];
	problemset_code(ps, 0, code, sizeof code);
	code[strcspn(code, "-")] = '\0';
	strbuf_addf(o, "$course$/tribo/set %s", code);
}

static void moodle_question(struct strbuf *o, const struct bank_question *q)
{
	strbuf_addf(o, "  <question type=\"%s\">\n", q->isnum ? "numerical" : "shortanswer");
	xml_text(o, "name", strbuf_str(&q->name));
	strbuf_addf(
		o, "    <questiontext format=\"html\"><text><![CDATA[%s]]></text></questiontext>\n",
		strbuf_str(&q->text));
	strbuf_addstr(o, "    <generalfeedback format=\"html\"><text></text></generalfeedback>\n"
			 "    <defaultgrade>1</defaultgrade>\n"
			 "    <penalty>0.3333333</penalty>\n"
			 "    <hidden>0</hidden>\n");
	if (q->isnum) {
		strbuf_addf(o,
			    "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n"
			    "      <text>%s</text>\n"
			    "      <tolerance>%s</tolerance>\n"
			    "      <feedback format=\"html\"><text></text></feedback>\n"
			    "    </answer>\n"
			    "    <unitgradingtype>0</unitgradingtype>\n"
			    "    <unitpenalty>0</unitpenalty>\n"
			    "    <showunits>3</showunits>\n"
			    "    <unitsleft>0</unitsleft>\n",
			    q->num, q->tol);
	} else {
		strbuf_addstr(o, "    <usecase>0</usecase>\n"
				 "    <answer fraction=\"100\" format=\"moodle_auto_format\">\n");
		strbuf_addstr(o, "      <text>");
		html(o, strbuf_str(&q->word));
		strbuf_addstr(o, "</text>\n"
				 "      <feedback format=\"html\"><text></text></feedback>\n"
				 "    </answer>\n");
	}
	strbuf_addstr(o, "  </question>\n");
}

static void render_moodle(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf set = STRBUF_INIT;
	bank_category(ps, &set);
	strbuf_addstr(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
	if (ps->header) { /* the set's category, described by the header */
		struct strbuf info = STRBUF_INIT;
		header_html(ps->header, &info);
		strbuf_addstr(o, "  <question type=\"category\">\n");
		xml_text(o, "category", strbuf_str(&set));
		strbuf_addf(o, "    <info format=\"html\"><text><![CDATA[%s]]></text></info>\n",
			    strbuf_str(&info));
		strbuf_addstr(o, "  </question>\n");
		strbuf_release(&info);
	}
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct exercise *ex = session_exercise(ps->part[j].s);
		struct strbuf cat = STRBUF_INIT;
		strbuf_addf(&cat, "%s/%s", strbuf_str(&set), ex->id);
		strbuf_addstr(o, "  <question type=\"category\">\n");
		xml_text(o, "category", strbuf_str(&cat));
		strbuf_addstr(o, "  </question>\n");
		strbuf_release(&cat);
		for (size_t k = 0; k < ps->n; k++)
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct bank_question q;
				bank_question_init(&q, ps, j, k, &ex->answers[i]);
				moodle_question(o, &q);
				bank_question_release(&q);
			}
	}
	strbuf_addstr(o, "</quiz>\n");
	strbuf_release(&set);
}

/* s for GIFT: a backslash before each character GIFT reserves (\ ~ = #
 * { } :), a line break as \n, no carriage return (Moodle's own export
 * does the same); what no output may hold first made visible as \xHH. */
static void gift(struct strbuf *o, const char *s)
{
	struct strbuf clean = STRBUF_INIT;
	utf8_add_clean(&clean, s);
	for (const char *p = strbuf_str(&clean); *p; p++) {
		if (strchr("\\~=#{}:", *p))
			strbuf_addch(o, '\\');
		if (*p == '\n')
			strbuf_addstr(o, "\\n");
		else if (*p != '\r')
			strbuf_addch(o, *p);
	}
	strbuf_release(&clean);
}

/* The bank in Moodle's GIFT format: questions separated by blank lines,
 * a category switch ($CATEGORY:) before each exercise's, the header as a
 * description question (a question without an answer: GIFT has no
 * category description), every question named (::NAME::) and in HTML
 * ([html]), a number as {#VALUE:TOLERANCE}, a word as {=WORD}. */
static void render_gift(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf set = STRBUF_INIT;
	bank_category(ps, &set);
	strbuf_addf(o,
		    "// tribo %s: a question bank in Moodle's GIFT format (Question bank, "
		    "Import, GIFT, with 'Get category from file')\n\n",
		    TRIBO_VERSION);
	/* the categories' paths are ours: "$course$", letters, digits, '-',
	 * '/' and blanks, nothing GIFT reserves */
	strbuf_addf(o, "$CATEGORY: %s\n\n", strbuf_str(&set));
	if (ps->header) {
		struct strbuf info = STRBUF_INIT, name = STRBUF_INIT;
		header_html(ps->header, &info);
		strbuf_addf(&name, "%s: the course's header",
			    strbuf_str(&set) + strlen("$course$/tribo/"));
		strbuf_addstr(o, "// the course's header, as a description\n::");
		gift(o, strbuf_str(&name));
		strbuf_addstr(o, "::[html]");
		gift(o, strbuf_str(&info));
		strbuf_addstr(o, "\n\n");
		strbuf_release(&info);
		strbuf_release(&name);
	}
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct exercise *ex = session_exercise(ps->part[j].s);
		strbuf_addf(o, "$CATEGORY: %s/%s\n\n", strbuf_str(&set), ex->id);
		for (size_t k = 0; k < ps->n; k++)
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct bank_question q;
				bank_question_init(&q, ps, j, k, &ex->answers[i]);
				strbuf_addstr(o, "::");
				gift(o, strbuf_str(&q.name));
				strbuf_addstr(o, "::[html]");
				gift(o, strbuf_str(&q.text));
				if (q.isnum) {
					strbuf_addstr(o, "{#");
					gift(o, q.num);
					strbuf_addch(o, ':');
					gift(o, q.tol);
				} else {
					strbuf_addstr(o, "{=");
					gift(o, strbuf_str(&q.word));
				}
				strbuf_addstr(o, "}\n\n");
				bank_question_release(&q);
			}
	}
	strbuf_release(&set);
}

/* ---- the walkers ----------------------------------------------------- */

static void render_sheet(const struct format *f, const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT, unit = STRBUF_INIT, doc = STRBUF_INIT, prec = STRBUF_INIT;
	sheet_note(ps, &note);
	f->sheet.head(o, ps, strbuf_str(&note));
	for (size_t k = 0; k < ps->n; k++) {
		f->sheet.variant(o, ps, k, strbuf_str(&note));
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			bool last = j + 1 == ps->nparts;
			f->sheet.problem(o, ps, j, p->v[k].statement);
			if (ex->nanswers) {
				f->give.head(o);
				for (size_t i = 0; i < ex->nanswers; i++) {
					const struct ex_answer *a = &ex->answers[i];
					strbuf_reset(&unit);
					unit_pretty(&unit, a->unit);
					answer_doc(ex, a, &doc);
					answer_precision(ex, a, strbuf_str(&unit), &prec);
					f->give.item(o, a->name, strbuf_str(&unit),
						     strbuf_str(&prec), strbuf_str(&doc));
				}
				f->give.tail(o, last);
			}
		}
	}
	strbuf_addstr(o, f->tail);
	strbuf_release(&note);
	strbuf_release(&unit);
	strbuf_release(&doc);
	strbuf_release(&prec);
}

static void render_key(const struct format *f, const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT, line = STRBUF_INIT;
	set_note(ps, &note);
	kept_note(ps, &note);
	reasons_note(ps, &note);
	strbuf_addstr(&note, " Each answer is given to the digits its tolerance needs.");
	f->key.head(o, ps, strbuf_str(&note));
	for (size_t k = 0; k < ps->n; k++) {
		f->key.variant(o, ps, k);
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			const struct ps_variant *v = &p->v[k];
			strbuf_reset(&line);
			values_line(p, v, &line);
			f->key.problem(o, ps, j, strbuf_str(&line));
			if (ex->nanswers)
				f->answers.head(o);
			for (size_t i = 0; i < ex->nanswers; i++) {
				struct answer_row r;
				answer_row_init(&r, ex, &ex->answers[i], v);
				f->answers.row(o, ex->answers[i].name, &r);
				answer_row_release(&r);
			}
			if (ex->nanswers)
				f->answers.tail(o);
			f->key.worked(o, v->steps);
		}
	}
	strbuf_addstr(o, f->tail);
	strbuf_release(&note);
	strbuf_release(&line);
}

/* ---- a course's header ------------------------------------------------- */

enum { HEADER_MAX_BYTES = 1 << 16 };

static void header_release(struct ps_header *h)
{
	free(h->course);
	free(h->title);
	free(h->date);
	free(h->instructions);
	*h = (struct ps_header){0};
}

/* The header file: `key = value` lines (course, title, date,
 * instructions), a value going on over the indented lines after it, `#`
 * or `;` comments, blank lines. Each key once. */
static int load_header(const char *path, struct ps_header *h, struct diag *d)
{
	*h = (struct ps_header){0};
	struct strbuf text = STRBUF_INIT;
	if (read_whole_file(path, HEADER_MAX_BYTES, &text, d)) {
		strbuf_release(&text);
		return -1;
	}
	static const char *const keys[] = {"course", "title", "date", "instructions"};
	char **slot[] = {&h->course, &h->title, &h->date, &h->instructions};
	char **cur = NULL;
	int line = 0, rc = 0;
	for (const char *p = strbuf_str(&text); *p && !rc; line++) {
		size_t len = strcspn(p, "\n");
		char *l = strndup(p, len);
		p += len + (p[len] == '\n');
		if (len && l[len - 1] == '\r')
			l[--len] = '\0';
		char *t = l + strspn(l, " \t");
		if (!*t || *t == '#' || *t == ';') {
			cur = *t ? cur : NULL;
			free(l);
			continue;
		}
		if (t != l && cur) { /* the value goes on */
			struct strbuf j = STRBUF_INIT;
			strbuf_addf(&j, "%s%s%s", *cur, **cur ? " " : "", t);
			free(*cur);
			*cur = strbuf_detach(&j);
			free(l);
			continue;
		}
		char *eq = strchr(t, '=');
		if (!eq) {
			rc = diag_set(d, "%s:%d: not 'key = value'", path, line + 1);
			free(l);
			break;
		}
		char *k = t, *ke = eq;
		while (ke > k && (ke[-1] == ' ' || ke[-1] == '\t'))
			ke--;
		*ke = '\0';
		char *v = eq + 1 + strspn(eq + 1, " \t");
		size_t vl = strlen(v);
		while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
			v[--vl] = '\0';
		int which = -1;
		for (int i = 0; i < 4; i++)
			if (!strcmp(k, keys[i]))
				which = i;
		if (which < 0)
			rc = diag_set(d,
				      "%s:%d: unknown key '%s' (course, title, date, instructions)",
				      path, line + 1, k);
		else if (*slot[which])
			rc = diag_set(d, "%s:%d: '%s' is given twice", path, line + 1, k);
		else {
			*slot[which] = xstrdup(v);
			cur = slot[which];
		}
		free(l);
	}
	strbuf_release(&text);
	if (rc)
		header_release(h);
	return rc;
}

/* ---- a roster ---------------------------------------------------------- */

enum { ROSTER_MAX_BYTES = 1 << 20 };

/* A header cell, trimmed and lower-cased, against names (NULL-ended). */
static bool header_is(const char *cell, const char *const *names)
{
	char buf[64];
	size_t n = 0;
	const char *p = cell;
	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p && n + 1 < sizeof buf; p++)
		buf[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
	for (; *names; names++)
		if (!strcmp(buf, *names))
			return true;
	return false;
}

static char *trimmed(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return strndup(s, n);
}

/* The students of a roster CSV (a header row, then one student a row):
 * the column headed name, full name, student or student name; else first
 * name and last name (or surname, family name), as an LMS exports them,
 * joined; else the first column. Each name once, none empty. */
static int load_roster(const char *path, char ***out, size_t *count, struct diag *d)
{
	static const char *const full[] = {"name", "full name", "student", "student name", NULL};
	static const char *const first[] = {"first name", "firstname", "given name", NULL};
	static const char *const last[] = {"last name", "lastname", "surname", "family name", NULL};
	struct csv c;
	if (csv_read(path, ROSTER_MAX_BYTES, &c, d))
		return -1;
	if (c.n < 2) {
		csv_release(&c);
		return diag_set(d, "%s: no students: a header row, then one student a row", path);
	}
	long col = -1, fcol = -1, lcol = -1;
	for (size_t j = 0; j < c.row[0].n; j++) {
		const char *h = c.row[0].field[j];
		if (col < 0 && header_is(h, full))
			col = (long)j;
		if (fcol < 0 && header_is(h, first))
			fcol = (long)j;
		if (lcol < 0 && header_is(h, last))
			lcol = (long)j;
	}
	if (col < 0 && (fcol < 0 || lcol < 0))
		col = 0;
	char **names = xcalloc(c.n - 1, sizeof(char *));
	size_t n = 0;
	int rc = 0;
	for (size_t i = 1; i < c.n && !rc; i++) {
		const struct csv_row *r = &c.row[i];
		struct strbuf sb = STRBUF_INIT;
		if (col >= 0) {
			if ((size_t)col < r->n)
				strbuf_addstr(&sb, r->field[col]);
		} else {
			char *f = (size_t)fcol < r->n ? trimmed(r->field[fcol]) : strdup("");
			char *l = (size_t)lcol < r->n ? trimmed(r->field[lcol]) : strdup("");
			strbuf_addf(&sb, "%s%s%s", f, *f && *l ? " " : "", l);
			free(f);
			free(l);
		}
		char *name = trimmed(strbuf_str(&sb));
		strbuf_release(&sb);
		if (!*name) {
			rc = diag_set(d, "%s:%d: no name in the %s", path, r->line,
				      col >= 0 ? "name column" : "first and last name columns");
			free(name);
			break;
		}
		/* a name is one line: a line break in it (a quoted field may
		 * hold one) broke the Markdown heading and reached the text
		 * sheet raw (issue 43) */
		const char *brk = NULL;
		for (const unsigned char *u = (const unsigned char *)name; *u && !brk; u++)
			if (*u < 0x20 || *u == 0x7f ||
			    (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f) ||
			    (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)))
				brk = (const char *)u;
		if (brk) {
			rc = diag_set(d,
				      "%s:%d: the name holds %s: a student's name is one line "
				      "of printable characters",
				      path, r->line,
				      *brk == '\n' || *brk == '\r' || (unsigned char)*brk == 0xe2
					      ? "a line break"
					      : "a control character");
			free(name);
			break;
		}
		for (size_t k = 0; k < n && !rc; k++)
			if (!strcmp(names[k], name))
				rc = diag_set(d,
					      "%s:%d: '%s' is on the roster twice (line %d too): "
					      "the key could not tell them apart",
					      path, r->line, name, c.row[k + 1].line);
		if (rc) {
			free(name);
			break;
		}
		names[n++] = name;
	}
	csv_release(&c);
	if (rc) {
		for (size_t k = 0; k < n; k++)
			free(names[k]);
		free(names);
		return -1;
	}
	*out = names;
	*count = n;
	return 0;
}

/* ---- the command ----------------------------------------------------- */

/* "tex, md, txt": the names `format` takes. */
static void format_names(struct strbuf *o, const char *sep)
{
	for (size_t j = 0; j < NFORMATS; j++)
		strbuf_addf(o, "%s%s", j ? sep : "", formats[j].ext);
	strbuf_addf(o, "%smoodle%sgift", sep, sep); /* question banks, not sheets */
}

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

/* The manifest: what regenerates the set, for the instructor's files
 * (format: the one asked for; questions: the question bank's file in
 * place of the sheet, or NULL; key_ext: the key's format). */
static void render_manifest(const char *format, const char *questions, const char *key_ext,
			    const struct problemset *ps, struct strbuf *o)
{
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
	if (questions)
		strbuf_addf(o,
			    "\nfiles: %s (the question bank to import, in %s: codes, no seed), "
			    "key.%s (the answers and worked steps by code), manifest.txt\n",
			    questions,
			    !strcmp(format, "gift") ? "Moodle's GIFT format" : "Moodle XML",
			    key_ext);
	else
		strbuf_addf(o,
			    "\nfiles: sheet.%s (for the students: codes, no seed), key.%s (the "
			    "answers and worked steps by code), manifest.txt\n",
			    key_ext, key_ext);
	if (ps->student)
		strbuf_addf(o, "roster: %zu students, variant k to the k-th (the key names each)\n",
			    ps->n);
	if (!questions && !strcmp(key_ext, "tex")) {
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

/* What the LaTeX of a set needs for its people's text, the roster's
 * names and the header's fields: pdflatex, or lualatex with Unicode fonts
 * (*unicode). A character no font of it prints is refused here, before
 * anything is drawn or written. */
static int tex_engine(const char *const *students, size_t n, const char *roster,
		      const struct ps_header *h, const char *header, bool *unicode, struct diag *d)
{
	static const char *const keys[] = {"course", "title", "date", "instructions"};
	const char *const fields[] = {h ? h->course : NULL, h ? h->title : NULL, h ? h->date : NULL,
				      h ? h->instructions : NULL};
	*unicode = false;
	for (size_t i = 0; i < n + 4; i++) {
		const char *s = i < n ? students[i] : fields[i - n];
		uint32_t bad;
		enum latex_engine e = s ? latex_engine_for(s, &bad) : LATEX_PDFLATEX;
		if (e == LATEX_LUALATEX)
			*unicode = true;
		if (e != LATEX_NONE)
			continue;
		struct strbuf what = STRBUF_INIT, why = STRBUF_INIT;
		if (i < n)
			strbuf_addf(&what, "%s: the name '%s'", roster, s);
		else
			strbuf_addf(&what, "%s: '%s'", header, keys[i - n]);
		if (bad == UTF8_INVALID)
			strbuf_addstr(&why, "a byte that is not UTF-8: nothing was written; save "
					    "the file as UTF-8");
		else
			strbuf_addf(&why,
				    "U+%04X, which no font of tribo's LaTeX prints (lualatex "
				    "with " LATEX_UNICODE_FONTS "): nothing was written; format md "
				    "or txt writes it",
				    (unsigned)bad);
		diag_set(d, "%s holds %s", strbuf_str(&what), strbuf_str(&why));
		strbuf_release(&what);
		strbuf_release(&why);
		return -1;
	}
	return 0;
}

int cmd_generate(struct cmd_ctx *c)
{
	int n;
	unsigned long seed = 0;
	const struct format *f = &formats[0];
	const char *dir = ".";
	bool seen[5] = {false, false, false, false, false}, force = false, moodle = false;
	const char *bank = NULL; /* "moodle" or "gift": a question bank */
	struct ps_header header = {0};
	bool has_header = false, unicode_tex = false;
	const char *roster = NULL, *header_arg = NULL;
	char **students = NULL;
	size_t nstudents = 0;
	size_t nargs = c->args->n;
	if (text_parse_int(ARG(1), 1, PROBLEMSET_MAX_VARIANTS, &n))
		return diag_set(c->d, "N '%s' is not a whole number from 1 to %d", ARG(1),
				PROBLEMSET_MAX_VARIANTS);
	const char **ids = xcalloc(nargs, sizeof(char *));
	size_t nids = 0;
	int rc = -1;
	for (size_t i = 2; i < nargs; i++) {
		static const char *const keys[] = {"seed", "format", "to", "roster", "header"};
		int k = -1;
		for (int j = 0; j < 5; j++)
			if (!strcmp(ARG(i), keys[j]))
				k = j;
		if (k < 0 && !strcmp(ARG(i), "force")) {
			if (force) {
				diag_set(c->d, "'force' is given twice");
				goto out;
			}
			force = true;
			continue;
		}
		if (k < 0) {
			ids[nids++] = ARG(i);
			continue;
		}
		if (seen[k]) {
			diag_set(c->d, "'%s' is given twice", keys[k]);
			goto out;
		}
		seen[k] = true;
		if (i + 1 >= nargs) {
			struct strbuf want = STRBUF_INIT;
			if (k == 1) {
				strbuf_addstr(&want, "format ");
				format_names(&want, "|");
			}
			diag_set(c->d, "'%s' wants a value: %s", keys[k],
				 k == 0	  ? "seed S"
				 : k == 1 ? strbuf_str(&want)
				 : k == 2 ? "to DIR"
				 : k == 3 ? "roster FILE.csv"
					  : "header FILE");
			strbuf_release(&want);
			goto out;
		}
		const char *v = ARG(++i);
		if (k == 0 && parse_seed(v, &seed, c->d))
			goto out;
		if (k == 1) {
			f = NULL;
			/* a question bank, the key as text beside it */
			bank = !strcmp(v, "moodle") ? "moodle" : !strcmp(v, "gift") ? "gift" : NULL;
			moodle = bank != NULL;
			for (size_t j = 0; j < NFORMATS; j++)
				if (!strcmp(v, formats[j].ext) ||
				    (moodle && !strcmp(formats[j].ext, "txt")))
					f = &formats[j];
			if (!f) {
				struct strbuf names = STRBUF_INIT;
				format_names(&names, ", ");
				diag_set(c->d, "format '%s' is not one of %s", v,
					 strbuf_str(&names));
				strbuf_release(&names);
				goto out;
			}
		}
		if (k == 2) {
			for (const char *q = v; *q; q++)
				if ((unsigned char)*q < 0x20 || *q == 0x7f) {
					diag_set(c->d,
						 "the directory's name holds a control character");
					goto out;
				}
			dir = v;
		}
		if (k == 3)
			roster = v;
		if (k == 4) {
			char *hpath = token_path(v);
			int hrc = load_header(hpath, &header, c->d);
			free(hpath);
			if (hrc)
				goto out;
			has_header = true;
			header_arg = v;
		}
	}
	if (roster && moodle) {
		diag_set(c->d,
			 "roster with format %s: Moodle deals the variants to the students "
			 "itself; drop one of them",
			 bank);
		goto out;
	}
	if (roster) {
		char *rpath = token_path(roster);
		int rrc = load_roster(rpath, &students, &nstudents, c->d);
		free(rpath);
		if (rrc)
			goto out;
		if (nstudents != (size_t)n) {
			diag_set(c->d,
				 "the roster has %zu student%s, one variant each: generate %zu ... "
				 "roster %s",
				 nstudents, nstudents == 1 ? "" : "s", nstudents, roster);
			goto out;
		}
	}
	if (!moodle && !strcmp(f->ext, "tex") &&
	    tex_engine((const char *const *)students, nstudents, roster,
		       has_header ? &header : NULL, header_arg, &unicode_tex, c->d))
		goto out;
	const struct exercise *loaded = session_exercise(c->s);
	if (!nids && !loaded) {
		diag_set(c->d, "no exercise loaded: 'load ID' first, or name the exercises: "
			       "generate N ID...");
		goto out;
	}
	/* no seed given: 64 bits no student can guess; a small one given is
	 * taken, with a note (PROBLEMSET_SMALL_SEED) */
	if (!seen[0] && problemset_fresh_seed(&seed, c->d))
		goto out;
	struct problemset ps;
	problemset_init(&ps, (size_t)n, seed);
	ps.fresh_seed = !seen[0];
	ps.student = (const char *const *)students;
	ps.header = has_header ? &header : NULL;
	ps.unicode_tex = unicode_tex;
	for (size_t i = 0; i < (nids ? nids : 1); i++) {
		struct session *s = session_new();
		/* a fresh session: the exercise's own values, not the user's */
		if (session_load(s, nids ? ids[i] : loaded->path, c->d)) {
			session_free(s);
			problemset_release(&ps);
			goto out;
		}
		if (problemset_add(&ps, s, c->d)) {
			problemset_release(&ps);
			goto out;
		}
	}
	if (problemset_draw(&ps, c->d)) {
		problemset_release(&ps);
		goto out;
	}
	struct strbuf sheet = STRBUF_INIT, key = STRBUF_INIT, manifest = STRBUF_INIT;
	if (moodle) /* the question bank in place of the sheet */
		(!strcmp(bank, "gift") ? render_gift : render_moodle)(&ps, &sheet);
	else
		render_sheet(f, &ps, &sheet);
	render_key(f, &ps, &key);
	const bool isgift = moodle && !strcmp(bank, "gift");
	const char *bankfile = isgift ? "questions.txt" : "questions.xml";
	render_manifest(moodle ? bank : f->ext, moodle ? bankfile : NULL, f->ext, &ps, &manifest);
	char *paths[NFILES] = {NULL, NULL, NULL};
	char *where = token_path(dir);
	const char *names[NFILES] = {moodle ? "questions" : "sheet", "key", "manifest"};
	const char *exts[NFILES] = {isgift ? "txt" : moodle ? "xml" : f->ext, f->ext, "txt"};
	const struct strbuf *texts[NFILES] = {&sheet, &key, &manifest};
	if (!make_dir(where, c->d) && !write_set(where, names, exts, texts, force, paths, c->d)) {
		size_t r = total_redrawn(&ps);
		strbuf_addf(c->out, "wrote %s, %s and %s: %d variant%s of ", paths[0], paths[1],
			    paths[2], n, n == 1 ? "" : "s");
		for (size_t j = 0; j < ps.nparts; j++)
			strbuf_addf(c->out, "%s%s", j ? ", " : "",
				    session_exercise(ps.part[j].s)->id);
		strbuf_addf(c->out, ", seed %lu; ", seed);
		if (r)
			strbuf_addf(c->out, "%zu degenerate draw%s redrawn", r, r == 1 ? "" : "s");
		else
			strbuf_addstr(c->out, "no draw was degenerate");
		struct strbuf kept = STRBUF_INIT;
		if (kept_list(&ps, &kept)) {
			size_t k = total_rekept(&ps);
			if (k)
				strbuf_addf(c->out, "; %zu draw%s redrawn to keep %s", k,
					    k == 1 ? "" : "s", strbuf_str(&kept));
			else
				strbuf_addf(c->out, "; every draw kept %s", strbuf_str(&kept));
		}
		strbuf_release(&kept);
		strbuf_addch(c->out, '\n');
		note_unwritable(&ps, c->out);
		if (seen[0] && (double)seed < PROBLEMSET_SMALL_SEED)
			strbuf_addf(c->out,
				    "note: seed %lu is under 2^32: a student could try every such "
				    "seed for the sheet's values and rebuild the key (without "
				    "'seed', generate draws 64 bits)\n",
				    seed);
		rc = 0;
	}
	free(where);
	for (int i = 0; i < NFILES; i++)
		free(paths[i]);
	strbuf_release(&sheet);
	strbuf_release(&key);
	strbuf_release(&manifest);
	problemset_release(&ps);
out:
	header_release(&header);
	for (size_t i = 0; i < nstudents; i++)
		free(students[i]);
	free(students);
	free(ids);
	return rc;
}
