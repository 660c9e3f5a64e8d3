/* generate N [seed S] [format tex|md|txt] [to DIR] [ID…] (SPEC §2): a
 * problem sheet and its answer key, DIR/sheet.EXT and DIR/key.EXT, from
 * the variants problemset.c draws. The files depend on nothing but the
 * exercises, N and the seed: no date, no path, no host. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/handlers.h"
#include "exercise/problemset.h"
#include "util/latex.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/xalloc.h"

#define ARG(i) (c->args->v[(i)].text)

enum format { FMT_TEX, FMT_MD, FMT_TXT };
static const char *const format_ext[] = {"tex", "md", "txt"};

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
	return ps->nparts == 1 ? session_exercise(ps->part[0].s)->title : "Problem set";
}

static size_t total_redrawn(const struct problemset *ps)
{
	size_t n = 0;
	for (size_t j = 0; j < ps->nparts; j++)
		n += ps->part[j].redrawn;
	return n;
}

/* "40 variants drawn by tribo with seed 1; 3 degenerate draws were redrawn." */
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
	if (r == 0)
		strbuf_addstr(o, "; no draw was degenerate.");
	else
		strbuf_addf(o, "; %zu degenerate draw%s redrawn.", r, r == 1 ? " was" : "s were");
}

/* Why, for the key: "Redrawn in conveyor: t_stick is not finite, 4 times." */
static void reasons_note(const struct problemset *ps, struct strbuf *o)
{
	for (size_t j = 0; j < ps->nparts; j++) {
		const struct ps_part *p = &ps->part[j];
		if (!p->redrawn)
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
	tolerance_describe(&a->tol, strbuf_str(&r->unit), &r->tol);
	if (!r->isnum)
		strbuf_reset(&r->unit);
}

static void answer_row_release(struct answer_row *r)
{
	strbuf_release(&r->num);
	strbuf_release(&r->unit);
	strbuf_release(&r->tol);
}

/* "R = R_coeff·|φ̇| (Rayleigh function)": what a result is. */
static const char *answer_doc(const struct exercise *ex, const struct ex_answer *a)
{
	return ex->model->results[a->result].doc;
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

static void tex_preamble(struct strbuf *o)
{
	strbuf_addstr(o, "\\documentclass[11pt,a4paper]{article}\n"
			 "\\usepackage{alltt}\n"
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

static void tex_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
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
}

static void tex_sheet(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT;
	set_note(ps, &note);
	tex_preamble(o);
	for (size_t k = 0; k < ps->n; k++) {
		if (k)
			strbuf_addstr(o, "\\clearpage\n");
		strbuf_addf(o,
			    "{\\large\\bfseries Variant %zu}\\hfill Name: "
			    "\\rule{6cm}{0.4pt}\n\n",
			    k + 1);
		if (k == 0) {
			strbuf_addstr(o, "{\\small\\itshape ");
			tex(o, strbuf_str(&note));
			strbuf_addstr(o, "}\n\n");
		}
		if (ps->nparts == 1)
			strbuf_addstr(o, "\\medskip\n");
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			tex_problem_head(o, ps, j);
			tex(o, p->v[k].statement);
			strbuf_addstr(o, "\n\n");
			if (!ex->nanswers)
				continue;
			strbuf_addstr(o, "Give:\n\\begin{itemize}\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				struct strbuf u = STRBUF_INIT;
				strbuf_addstr(o, "\\item ");
				tex_name(o, a->name);
				unit_pretty(&u, a->unit);
				if (u.len) {
					strbuf_addstr(o, " in ");
					tex(o, strbuf_str(&u));
				}
				strbuf_addstr(o, " --- ");
				tex(o, answer_doc(ex, a));
				strbuf_addch(o, '\n');
				strbuf_release(&u);
			}
			strbuf_addstr(o, "\\end{itemize}\n\n");
		}
	}
	strbuf_addstr(o, "\\end{document}\n");
	strbuf_release(&note);
}

static void tex_key(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT;
	set_note(ps, &note);
	reasons_note(ps, &note);
	tex_preamble(o);
	strbuf_addstr(o, "\\section*{Answer key: ");
	tex(o, title_of(ps));
	strbuf_addstr(o, "}\n");
	tex(o, strbuf_str(&note));
	strbuf_addstr(o, " Each answer is given to the digits its tolerance needs.\n\n");
	for (size_t k = 0; k < ps->n; k++) {
		strbuf_addf(o, "\\subsection*{Variant %zu}\n", k + 1);
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			const struct ps_variant *v = &p->v[k];
			struct strbuf line = STRBUF_INIT;
			if (ps->nparts > 1) {
				strbuf_addf(o, "\\subsubsection*{Problem %zu: ", j + 1);
				tex(o, ex->id);
				strbuf_addstr(o, "}\n");
			}
			values_line(p, v, &line);
			strbuf_addstr(o, "Values: ");
			tex(o, strbuf_str(&line));
			strbuf_addstr(o, ".\n\n");
			if (ex->nanswers)
				strbuf_addstr(o, "\\begin{tabular}{@{}lll@{}}\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				struct answer_row r;
				answer_row_init(&r, ex, a, v);
				tex_name(o, a->name);
				strbuf_addstr(o, " & ");
				if (r.isnum)
					latex_number(o, strbuf_str(&r.num));
				else
					tex(o, strbuf_str(&r.num));
				if (r.unit.len) {
					strbuf_addstr(o, "~");
					tex(o, strbuf_str(&r.unit));
				}
				strbuf_addstr(o, " & (tolerance ");
				tex(o, strbuf_str(&r.tol));
				strbuf_addstr(o, ")\\\\\n");
				answer_row_release(&r);
			}
			if (ex->nanswers)
				strbuf_addstr(o, "\\end{tabular}\n\n");
			strbuf_reset(&line);
			text_wrap_lines(&line, v->steps, 78);
			strbuf_addstr(o, "Worked solution:\n{\\small\\begin{alltt}\n");
			latex_escape(o, strbuf_str(&line), true);
			if (line.len && line.buf[line.len - 1] != '\n')
				strbuf_addch(o, '\n');
			strbuf_addstr(o, "\\end{alltt}}\n\n");
			strbuf_release(&line);
		}
	}
	strbuf_addstr(o, "\\end{document}\n");
	strbuf_release(&note);
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

static void md_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	const struct exercise *ex = session_exercise(ps->part[j].s);
	if (ps->nparts > 1) {
		strbuf_addf(o, "### Problem %zu. ", j + 1);
		md(o, ex->title);
		strbuf_addstr(o, "\n\n");
	}
}

static void md_sheet(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT;
	set_note(ps, &note);
	strbuf_addstr(o, "# ");
	md(o, title_of(ps));
	strbuf_addstr(o, "\n\n*");
	md(o, strbuf_str(&note));
	strbuf_addstr(o, "*\n");
	if (ps->nparts == 1 && session_exercise(ps->part[0].s)->source[0]) {
		strbuf_addstr(o, "\nSource: ");
		md(o, session_exercise(ps->part[0].s)->source);
		strbuf_addch(o, '\n');
	}
	for (size_t k = 0; k < ps->n; k++) {
		strbuf_addf(o, "\n## Variant %zu\n\n", k + 1);
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			md_problem_head(o, ps, j);
			md(o, p->v[k].statement);
			strbuf_addstr(o, "\n\n");
			if (ex->nanswers)
				strbuf_addstr(o, "Give:\n\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				strbuf_addf(o, "- `%s`", a->name);
				if (a->unit[0]) {
					strbuf_addstr(o, " in ");
					unit_pretty(o, a->unit);
				}
				strbuf_addstr(o, ": ");
				md(o, answer_doc(ex, a));
				strbuf_addch(o, '\n');
			}
			if (ex->nanswers && j + 1 < ps->nparts)
				strbuf_addch(o, '\n');
		}
	}
	strbuf_release(&note);
}

static void md_key(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT;
	set_note(ps, &note);
	reasons_note(ps, &note);
	strbuf_addstr(o, "# Answer key: ");
	md(o, title_of(ps));
	strbuf_addstr(o, "\n\n");
	md(o, strbuf_str(&note));
	strbuf_addstr(o, " Each answer is given to the digits its tolerance needs.\n");
	for (size_t k = 0; k < ps->n; k++) {
		strbuf_addf(o, "\n## Variant %zu\n\n", k + 1);
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			const struct ps_variant *v = &p->v[k];
			struct strbuf line = STRBUF_INIT;
			md_problem_head(o, ps, j);
			values_line(p, v, &line);
			strbuf_addstr(o, "Values: ");
			md(o, strbuf_str(&line));
			strbuf_addstr(o, ".\n\n");
			if (ex->nanswers)
				strbuf_addstr(o, "| answer | value | tolerance |\n|---|---|---|\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				struct answer_row r;
				answer_row_init(&r, ex, a, v);
				strbuf_addf(o, "| `%s` | ", a->name);
				md(o, strbuf_str(&r.num));
				if (r.unit.len) {
					strbuf_addch(o, ' ');
					md(o, strbuf_str(&r.unit));
				}
				strbuf_addstr(o, " | ");
				md(o, strbuf_str(&r.tol));
				strbuf_addstr(o, " |\n");
				answer_row_release(&r);
			}
			strbuf_reset(&line);
			text_wrap_lines(&line, v->steps, 78);
			strbuf_addstr(o, "\nWorked solution:\n\n```text\n");
			strbuf_addstr(o, strbuf_str(&line));
			if (line.len && line.buf[line.len - 1] != '\n')
				strbuf_addch(o, '\n');
			strbuf_addstr(o, "```\n");
			strbuf_release(&line);
		}
	}
	strbuf_release(&note);
}

/* ---- plain text ------------------------------------------------------ */

static void txt_heading(struct strbuf *o, const char *s, const char *rule)
{
	strbuf_addf(o, "%s\n", s);
	for (int i = utf8_width(s); i > 0; i--)
		strbuf_addstr(o, rule);
	strbuf_addch(o, '\n');
}

static void txt_problem_head(struct strbuf *o, const struct problemset *ps, size_t j)
{
	const struct exercise *ex = session_exercise(ps->part[j].s);
	if (ps->nparts > 1)
		strbuf_addf(o, "Problem %zu. %s (%s)\n\n", j + 1, ex->title, ex->id);
}

static void txt_sheet(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT;
	set_note(ps, &note);
	txt_heading(o, title_of(ps), "=");
	text_wrap(o, strbuf_str(&note), 76, 0);
	if (ps->nparts == 1 && session_exercise(ps->part[0].s)->source[0])
		strbuf_addf(o, "Source: %s\n", session_exercise(ps->part[0].s)->source);
	for (size_t k = 0; k < ps->n; k++) {
		char head[32];
		snprintf(head, sizeof(head), "Variant %zu", k + 1);
		strbuf_addch(o, '\n');
		txt_heading(o, head, "-");
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			txt_problem_head(o, ps, j);
			text_wrap(o, p->v[k].statement, 76, 0);
			if (ex->nanswers)
				strbuf_addstr(o, "\nGive:\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				strbuf_addf(o, "  %s", a->name);
				if (a->unit[0]) {
					strbuf_addstr(o, " in ");
					unit_pretty(o, a->unit);
				}
				strbuf_addf(o, ": %s\n", answer_doc(ex, a));
			}
			if (j + 1 < ps->nparts)
				strbuf_addch(o, '\n');
		}
	}
	strbuf_release(&note);
}

static void txt_key(const struct problemset *ps, struct strbuf *o)
{
	struct strbuf note = STRBUF_INIT, head = STRBUF_INIT;
	set_note(ps, &note);
	reasons_note(ps, &note);
	strbuf_addf(&head, "Answer key: %s", title_of(ps));
	txt_heading(o, strbuf_str(&head), "=");
	strbuf_addstr(&note, " Each answer is given to the digits its tolerance needs.");
	text_wrap(o, strbuf_str(&note), 76, 0);
	for (size_t k = 0; k < ps->n; k++) {
		char vh[32];
		snprintf(vh, sizeof(vh), "Variant %zu", k + 1);
		strbuf_addch(o, '\n');
		txt_heading(o, vh, "-");
		for (size_t j = 0; j < ps->nparts; j++) {
			const struct ps_part *p = &ps->part[j];
			const struct exercise *ex = session_exercise(p->s);
			const struct ps_variant *v = &p->v[k];
			struct strbuf line = STRBUF_INIT;
			txt_problem_head(o, ps, j);
			values_line(p, v, &line);
			strbuf_addstr(o, "values: ");
			strbuf_addstr(o, strbuf_str(&line));
			strbuf_addch(o, '\n');
			if (ex->nanswers)
				strbuf_addstr(o, "answers:\n");
			for (size_t i = 0; i < ex->nanswers; i++) {
				const struct ex_answer *a = &ex->answers[i];
				struct answer_row r;
				answer_row_init(&r, ex, a, v);
				strbuf_addf(o, "  %s = %s%s%s  (tolerance %s)\n", a->name,
					    strbuf_str(&r.num), r.unit.len ? " " : "",
					    strbuf_str(&r.unit), strbuf_str(&r.tol));
				answer_row_release(&r);
			}
			strbuf_reset(&line);
			text_wrap_lines(&line, v->steps, 76);
			strbuf_addstr(o, "worked solution:\n");
			for (const char *s = strbuf_str(&line); *s;) {
				size_t n = strcspn(s, "\n");
				strbuf_addstr(o, "  ");
				strbuf_add(o, s, n);
				strbuf_addch(o, '\n');
				s += n + (s[n] == '\n');
			}
			if (j + 1 < ps->nparts)
				strbuf_addch(o, '\n');
			strbuf_release(&line);
		}
	}
	strbuf_release(&note);
	strbuf_release(&head);
}

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

/* Writes both files, each whole or not at all; the key only when the
 * sheet could be started. */
static int write_pair(const char *dir, enum format f, const struct strbuf *sheet,
		      const struct strbuf *key, char **paths, struct diag *d)
{
	const struct strbuf *text[2] = {sheet, key};
	const char *base[2] = {"sheet", "key"};
	struct outfile of[2];
	int opened = 0, rc = 0;
	for (int i = 0; i < 2; i++) {
		size_t n = strlen(dir) + 16;
		paths[i] = xmalloc(n);
		if (!strcmp(dir, "."))
			snprintf(paths[i], n, "%s.%s", base[i], format_ext[f]);
		else
			snprintf(paths[i], n, "%s%s%s.%s", dir,
				 dir[strlen(dir) - 1] == '/' ? "" : "/", base[i], format_ext[f]);
	}
	for (; opened < 2 && !rc; opened++)
		rc = outfile_open(&of[opened], paths[opened], d) ||
		     outfile_write(&of[opened], text[opened]->buf, text[opened]->len, d);
	if (rc) {
		for (int i = 0; i < opened; i++)
			outfile_abort(&of[i]);
		return -1;
	}
	for (int i = 0; i < 2; i++)
		if (outfile_commit(&of[i], d)) {
			if (!i)
				outfile_abort(&of[1]);
			return -1;
		}
	return 0;
}

static int parse_seed(const char *s, unsigned long *out, struct diag *d)
{
	char *end;
	errno = 0;
	unsigned long long x = s[0] >= '0' && s[0] <= '9' ? strtoull(s, &end, 10) : 0;
	if (!(s[0] >= '0' && s[0] <= '9') || *end || errno || x > 4294967295ULL)
		return diag_set(d, "seed '%s' is not a whole number from 0 to 4294967295", s);
	*out = (unsigned long)x;
	return 0;
}

int cmd_generate(struct cmd_ctx *c)
{
	int n;
	unsigned long seed = PROBLEMSET_DEFAULT_SEED;
	enum format f = FMT_TEX;
	const char *dir = ".";
	bool seen[3] = {false, false, false};
	size_t nargs = c->args->n;
	if (text_parse_int(ARG(1), 1, PROBLEMSET_MAX_VARIANTS, &n))
		return diag_set(c->d, "N '%s' is not a whole number from 1 to %d", ARG(1),
				PROBLEMSET_MAX_VARIANTS);
	const char **ids = xcalloc(nargs, sizeof(char *));
	size_t nids = 0;
	int rc = -1;
	for (size_t i = 2; i < nargs; i++) {
		static const char *const keys[] = {"seed", "format", "to"};
		int k = -1;
		for (int j = 0; j < 3; j++)
			if (!strcmp(ARG(i), keys[j]))
				k = j;
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
			diag_set(c->d, "'%s' wants a value: %s", keys[k],
				 k == 0	  ? "seed S"
				 : k == 1 ? "format tex|md|txt"
					  : "to DIR");
			goto out;
		}
		const char *v = ARG(++i);
		if (k == 0 && parse_seed(v, &seed, c->d))
			goto out;
		if (k == 1) {
			int fi = -1;
			for (int j = 0; j < 3; j++)
				if (!strcmp(v, format_ext[j]))
					fi = j;
			if (fi < 0) {
				diag_set(c->d, "format '%s' is not one of tex, md, txt", v);
				goto out;
			}
			f = (enum format)fi;
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
	}
	const struct exercise *loaded = session_exercise(c->s);
	if (!nids && !loaded) {
		diag_set(c->d, "no exercise loaded: 'load ID' first, or name the exercises: "
			       "generate N ID...");
		goto out;
	}
	struct problemset ps;
	problemset_init(&ps, (size_t)n, seed);
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
	struct strbuf sheet = STRBUF_INIT, key = STRBUF_INIT;
	static void (*const render[][2])(const struct problemset *, struct strbuf *) = {
		{tex_sheet, tex_key}, {md_sheet, md_key}, {txt_sheet, txt_key}};
	render[f][0](&ps, &sheet);
	render[f][1](&ps, &key);
	char *paths[2] = {NULL, NULL};
	if (!make_dir(dir, c->d) && !write_pair(dir, f, &sheet, &key, paths, c->d)) {
		size_t r = total_redrawn(&ps);
		strbuf_addf(c->out, "wrote %s and %s: %d variant%s of ", paths[0], paths[1], n,
			    n == 1 ? "" : "s");
		for (size_t j = 0; j < ps.nparts; j++)
			strbuf_addf(c->out, "%s%s", j ? ", " : "",
				    session_exercise(ps.part[j].s)->id);
		strbuf_addf(c->out, ", seed %lu; ", seed);
		if (r)
			strbuf_addf(c->out, "%zu degenerate draw%s redrawn\n", r,
				    r == 1 ? "" : "s");
		else
			strbuf_addstr(c->out, "no draw was degenerate\n");
		rc = 0;
	}
	free(paths[0]);
	free(paths[1]);
	strbuf_release(&sheet);
	strbuf_release(&key);
	problemset_release(&ps);
out:
	free(ids);
	return rc;
}
