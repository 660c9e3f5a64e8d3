/* The LaTeX renderer: a sheet (a page per variant, the course's header
 * on each) and a key, for pdflatex, or for lualatex with Unicode fonts
 * where a person's text needs them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/render.h"
#include "sheet/sheet.h"
#include "util/latex.h"
#include "util/text.h"
#include "util/utf8.h"

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

/* Whether a variant of the set has a figure beside the sheet. */
static bool any_figure(const struct problemset *ps)
{
	for (size_t j = 0; j < ps->nparts; j++)
		for (size_t k = 0; k < ps->part[j].n; k++)
			if (ps->part[j].v[k].figure)
				return true;
	return false;
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
	if (any_figure(ps))
		strbuf_addstr(o, "\\usepackage{graphicx}\n");
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
	sheet_variant_head(ps, k, head, sizeof head);
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
	sheet_variant_head(ps, k, head, sizeof head);
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

/* The figure's name is tribo's own (letters, digits, '-', '.'): nothing
 * in it for LaTeX to read as a command. */
static void tex_figure(struct strbuf *o, const char *file)
{
	strbuf_addf(o,
		    "\\begin{center}\n\\includegraphics[width=0.8\\linewidth]{%s}\n"
		    "\\end{center}\n\n",
		    file);
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
		tex(o, sheet_title(ps));
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

static void tex_answer(struct strbuf *o, const char *name, const struct sheet_answer_row *r)
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

/* What the LaTeX of a set needs for its people's text, the roster's
 * names and the header's fields: pdflatex, or lualatex with Unicode fonts
 * (*unicode). A character no font of it prints is refused here, before
 * anything is drawn or written. */
int sheet_tex_engine(const char *const *students, size_t n, const char *roster,
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

static const struct sheet_steps tex_steps = {
	.tail = "\\end{document}\n",
	.sheet = {tex_sheet_head, tex_sheet_variant, tex_problem, tex_figure},
	.give = {tex_give_head, tex_give, tex_give_tail},
	.key = {tex_key_head, tex_key_variant, tex_key_problem, tex_worked},
	.answers = {tex_answers_head, tex_answer, tex_answers_tail},
};

const struct sheet_renderer sheet_tex = {
	.name = "tex",
	.file = "sheet",
	.ext = "tex",
	.key_ext = "tex",
	.figure_ext = "pdf",
	.steps = &tex_steps,
	.sheet = sheet_walk_sheet,
	.key = sheet_walk_key,
};
