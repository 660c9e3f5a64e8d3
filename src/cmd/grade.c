/* grade DIR ANSWERS.csv [to FILE.csv] (issue 21): the students' answers to
 * a set `generate` wrote into DIR, judged as `check` judges one (the
 * answer's tolerance, a unit given in the cell converted or refused, the
 * hint that explains a wrong number), against the exact answers the set's
 * manifest.txt keeps. A row the set does not know, or a cell that is not a
 * number, is reported with its line and the others are graded. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/check.h"
#include "cmd/handlers.h"
#include "cmd/token.h"
#include "exercise/units.h"
#include "sheet/manifest.h"
#include "util/csv.h"
#include "util/fold.h"
#include "util/outfile.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

enum { ANSWERS_MAX_BYTES = 1 << 24 };

/* 1: no name, so that a unit standing as a value ("1/s") is one. */
static int no_names(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	(void)q;
	(void)ctx;
	diag_set(d, "'%s': an answer is a number, not a name", name);
	return 1;
}

/* An answer column: the header names an answer as NAME, or ID NAME, ID:NAME
 * or ID.NAME when two exercises ask for the same name. */
struct g_col {
	const char *header;
	char *id, *name; /* of the answer */
	size_t same_as;	 /* an earlier column of the same answer (graded there), or 0 */
	/* tallies for the summary */
	size_t right, wrong, missing, unreadable;
	char **hints;
	size_t *hint_count, nhints;
};

static bool col_match(const struct manifest_answer *a, const char *h)
{
	if (!strcmp(h, a->name))
		return true;
	size_t il = strlen(a->id);
	return !strncmp(h, a->id, il) && (h[il] == ' ' || h[il] == ':' || h[il] == '.') &&
	       !strcmp(h + il + 1, a->name);
}

static int find_columns(const struct manifest *g, const struct csv_row *hdr, const char *file,
			struct g_col *cols, struct diag *d)
{
	for (size_t j = 1; j < hdr->n; j++) {
		struct g_col *c = &cols[j];
		*c = (struct g_col){.header = hdr->field[j]};
		const struct manifest_answer *found = NULL;
		for (size_t i = 0; i < g->na; i++) {
			const struct manifest_answer *a = &g->a[i];
			if (!col_match(a, c->header))
				continue;
			if (found && strcmp(found->id, a->id))
				return diag_set(
					d,
					"%s:%d: column '%s' names an answer of %s and of %s: "
					"head it '%s %s' or '%s %s'",
					file, hdr->line, c->header, found->id, a->id, found->id,
					found->name, a->id, a->name);
			found = a;
		}
		if (!found) {
			struct strbuf names = STRBUF_INIT;
			for (size_t i = 0; i < g->na && !strcmp(g->a[i].code, g->a[0].code); i++)
				strbuf_addf(&names, "%s%s", i ? ", " : "", g->a[i].name);
			diag_set(d, "%s:%d: column '%s' is not an answer of the set (%s)", file,
				 hdr->line, c->header, strbuf_str(&names));
			strbuf_release(&names);
			return -1;
		}
		c->id = found->id;
		c->name = found->name;
		for (size_t k = 1; k < j && !c->same_as; k++)
			if (!strcmp(cols[k].id, c->id) && !strcmp(cols[k].name, c->name))
				c->same_as = k;
	}
	return 0;
}

static void tally_hint(struct g_col *c, const char *hint)
{
	for (size_t i = 0; i < c->nhints; i++)
		if (!strcmp(c->hints[i], hint)) {
			c->hint_count[i]++;
			return;
		}
	c->hints = xrealloc(c->hints, (c->nhints + 1) * sizeof(char *));
	c->hint_count = xrealloc(c->hint_count, (c->nhints + 1) * sizeof(size_t));
	c->hints[c->nhints] = xstrdup(hint);
	c->hint_count[c->nhints++] = 1;
}

enum g_verdict { V_RIGHT, V_WRONG, V_MISSING, V_UNREADABLE };
static const char *const verdict_word[] = {"correct", "incorrect", "missing", "unreadable"};

/* One cell against its answer: the verdict, and in note why (the hint, a
 * wrong unit, what could not be read; for a wrong number, how far off it
 * is against the tolerance, as check says it). *mistake gets the length
 * of the note's start that names the mistake (SIZE_MAX: all of it). */
static enum g_verdict judge(const struct manifest_answer *a, const char *cell, struct strbuf *note,
			    size_t *mistake)
{
	*mistake = SIZE_MAX; /* all of the note, unless a number says less */
	const char *p = cell + strspn(cell, " \t");
	if (!*p)
		return V_MISSING;
	if (a->word) {
		char w[64];
		snprintf(w, sizeof w, "%.*s", (int)strcspn(p, " \t"), p);
		bool ok = !strcasecmp(w, a->value);
		if (!ok && (!strcmp(a->value, "true") || !strcmp(a->value, "false"))) {
			bool t = !strcmp(a->value, "true");
			ok = t ? !strcasecmp(w, "yes") || !strcmp(w, "1")
			       : !strcasecmp(w, "no") || !strcmp(w, "0");
		}
		if (!ok)
			strbuf_addf(note, "the answer is %s", a->value);
		return ok ? V_RIGHT : V_WRONG;
	}
	/* the whole cell (a 128-byte copy read a 309-digit number as its
	 * first 127 digits, issue 43); a decimal comma read as set and check
	 * read it (unit_quantity_parse) */
	char *num = xstrdup(p);
	struct quantity q;
	struct diag d = {0};
	int qrc = unit_quantity_parse(num, no_names, NULL, &q, &d);
	char *unit_text = qrc ? NULL : xstrdup(*q.unit_text ? q.unit_text : p);
	free(num);
	if (qrc) {
		char clip[TEXT_CLIP_SIZE];
		strbuf_addf(note, "'%s' is not a number with a unit: %s",
			    text_clip(p, clip, sizeof clip), d.msg);
		return V_UNREADABLE;
	}
	struct unit au;
	if (unit_parse(a->unit, &au, &d)) {
		strbuf_addf(note, "the set's unit '%s': %s", a->unit, d.msg);
		free(unit_text);
		return V_UNREADABLE;
	}
	double x = q.value;
	if (q.has_unit) {
		if (!unit_same_dim(&q.unit, &au)) {
			strbuf_addf(note, "the unit %s is not of the kind %s is (%s)", unit_text,
				    a->name, a->unit[0] ? a->unit : "no unit");
			free(unit_text);
			return V_WRONG;
		}
		x = unit_convert(x, &q.unit, &au);
	}
	free(unit_text);
	if (unit_underflows(q.value, x)) {
		strbuf_addf(note, "'%s' is too small: it underflows in %s", p, a->unit);
		return V_UNREADABLE;
	}
	if (!isfinite(x)) {
		strbuf_addf(note, "'%s' is not a finite number", p);
		return V_UNREADABLE;
	}
	const double ref = strtod(a->value, NULL);
	double allowed;
	if (check_within(&a->tol, x, ref, &allowed))
		return V_RIGHT;
	const char *hint = ref != 0 ? check_hint(x / ref, allowed, &au) : NULL;
	if (hint)
		strbuf_addstr(note, hint);
	*mistake = note->len; /* the hint is the mistake the summary counts */
	/* how far off, like with like, as check says it */
	strbuf_addstr(note, hint ? " (" : "");
	check_compare(&a->tol, x, ref, a->unit, note);
	strbuf_addstr(note, hint ? ")" : "");
	return V_WRONG;
}

/* The student column's cell: a name on the roster, or a variant's code;
 * else a roster name it matches without regard to case, accents,
 * punctuation and the order of the words ("O'Brien, Siobhan" for Siobhan
 * O'Brien, "Omer Celik" for the name with its accents), said in *how
 * ("order, accents"), when one name alone matches so; *many gets how many match
 * when more than one does (none is taken: grade does not guess). */
static const char *code_of(const struct manifest *g, const char *who, struct strbuf *how,
			   size_t *many)
{
	*many = 0;
	for (size_t i = 0; i < g->ns; i++)
		if (!strcmp(g->s[i].name, who))
			return g->s[i].code;
	for (size_t i = 0; i < g->na; i++)
		if (!strcasecmp(g->a[i].code, who))
			return g->a[i].code;
	struct strbuf key = STRBUF_INIT, other = STRBUF_INIT;
	fold_name(&key, who, FOLD_ALL);
	const struct manifest_student *found = NULL;
	for (size_t i = 0; i < g->ns && key.len; i++) {
		strbuf_reset(&other);
		fold_name(&other, g->s[i].name, FOLD_ALL);
		if (!strcmp(key.buf, other.buf)) {
			found = &g->s[i];
			++*many;
		}
	}
	if (*many != 1)
		found = NULL;
	if (found) { /* which folds it took: each one left out, does it still match? */
		*many = 0;
		static const struct {
			int fold;
			const char *what;
		} folds[] = {{FOLD_ORDER, "order"},
			     {FOLD_CASE, "case"},
			     {FOLD_ACCENTS, "accents"},
			     {FOLD_PUNCT, "punctuation"}};
		for (size_t f = 0; f < sizeof folds / sizeof folds[0]; f++) {
			strbuf_reset(&key);
			strbuf_reset(&other);
			fold_name(&key, who, FOLD_ALL & ~folds[f].fold);
			fold_name(&other, found->name, FOLD_ALL & ~folds[f].fold);
			if (strcmp(key.buf, other.buf))
				strbuf_addf(how, "%s%s", how->len ? ", " : "", folds[f].what);
		}
		if (!how->len)
			strbuf_addstr(how, "blanks");
	}
	strbuf_release(&key);
	strbuf_release(&other);
	return found ? found->code : NULL;
}

/* "Omer Celik, Ada Lovelace": the roster names nearest to who (folded,
 * by edit distance), at most 3, the nearest first, none farther than
 * half the name; or the n that match it alike (many > 1). */
static void closest_names(const struct manifest *g, const char *who, struct strbuf *out)
{
	struct strbuf key = STRBUF_INIT, other = STRBUF_INIT;
	fold_name(&key, who, FOLD_ALL);
	const size_t cap = key.len / 2 + 2;
	size_t *dist = xcalloc(g->ns + 1, sizeof(size_t));
	for (size_t i = 0; i < g->ns; i++) {
		strbuf_reset(&other);
		fold_name(&other, g->s[i].name, FOLD_ALL);
		dist[i] = fold_distance(key.buf, other.buf, cap);
	}
	size_t said = 0;
	for (size_t d = 0; d < cap && said < 3; d++)
		for (size_t i = 0; i < g->ns && said < 3; i++)
			if (dist[i] == d)
				strbuf_addf(out, "%s%s", said++ ? ", " : "", g->s[i].name);
	free(dist);
	strbuf_release(&key);
	strbuf_release(&other);
}

static const struct manifest_answer *answer_of(const struct manifest *g, const char *code,
					       const struct g_col *c)
{
	for (size_t i = 0; i < g->na; i++)
		if (!strcmp(g->a[i].code, code) && !strcmp(g->a[i].id, c->id) &&
		    !strcmp(g->a[i].name, c->name))
			return &g->a[i];
	return NULL;
}

/* A row of the answers that is no student's, in the graded table: the
 * cell as it was, no code, "not graded" in each answer's place, why in
 * the first note. */
static void table_not_graded(struct strbuf *t, const struct g_col *cols, size_t ncols,
			     const char *who, const char *why)
{
	bool first = true;
	csv_add_cell(t, who);
	strbuf_addch(t, ',');
	for (size_t j = 1; j < ncols; j++) {
		if (cols[j].same_as)
			continue;
		strbuf_addstr(t, ",not graded,");
		csv_add_cell(t, first ? why : "");
		first = false;
	}
	strbuf_addstr(t, ",not graded\n");
}

int cmd_grade(struct cmd_ctx *c)
{
	const size_t nargs = c->args->n;
	const char *out_path = NULL;
	if (nargs == 5) {
		if (strcmp(c->args->v[3].text, "to"))
			return diag_set(c->d, "'%s': the third word is 'to FILE.csv'",
					c->args->v[3].text);
		out_path = c->args->v[4].text;
	} else if (nargs != 3) {
		return diag_set(c->d, "usage: grade DIR ANSWERS.csv [to FILE.csv]");
	}
	char *dir = token_path(c->args->v[1].text);
	char *file = token_path(c->args->v[2].text);
	struct manifest g;
	struct csv ans = {0};
	struct g_col *cols = NULL;
	struct strbuf table = STRBUF_INIT, report = STRBUF_INIT;
	int rc = -1;
	if (manifest_read(dir, &g, c->d))
		goto done_noset;
	if (csv_read(file, ANSWERS_MAX_BYTES, &ans, c->d))
		goto done;
	if (ans.n < 2) {
		diag_set(c->d, "%s: no answers: a header row, then one student a row", file);
		goto done;
	}
	const struct csv_row *hdr = &ans.row[0];
	if (hdr->n < 2) {
		diag_set(c->d, "%s:%d: a student column and one column per answer", file,
			 hdr->line);
		goto done;
	}
	cols = xcalloc(hdr->n, sizeof(*cols));
	if (find_columns(&g, hdr, file, cols, c->d))
		goto done;
	/* the graded table: student, code, a verdict and a note per answer,
	 * the score */
	/* a column that repeats an answer was graded twice without a word
	 * (issue 43): the first counts, the others are said and left out */
	for (size_t j = 1; j < hdr->n; j++)
		if (cols[j].same_as)
			strbuf_addf(&report,
				    "%s:%d: column %zu ('%s') is %s again (column %zu): "
				    "not graded, column %zu counts\n",
				    file, hdr->line, j + 1, cols[j].header, cols[j].name,
				    cols[j].same_as + 1, cols[j].same_as + 1);
	strbuf_addstr(&table, "student,code");
	for (size_t j = 1; j < hdr->n; j++) {
		if (cols[j].same_as)
			continue;
		strbuf_addch(&table, ',');
		csv_add_cell(&table, cols[j].header);
		strbuf_addch(&table, ',');
		struct strbuf h = STRBUF_INIT;
		strbuf_addf(&h, "%s note", cols[j].header);
		csv_add_cell(&table, strbuf_str(&h));
		strbuf_release(&h);
	}
	strbuf_addstr(&table, ",score\n");
	size_t graded = 0, bad = 0;
	/* the variant each graded row was, and its line: a student twice was
	 * graded twice (issue 43); the first row counts */
	const char **done_code = xcalloc(ans.n, sizeof(char *));
	int *done_line = xcalloc(ans.n, sizeof(int));
	for (size_t i = 1; i < ans.n; i++) {
		const struct csv_row *r = &ans.row[i];
		char *who = r->n ? xstrdup(r->field[0]) : xstrdup("");
		char *w = who + strspn(who, " \t");
		for (size_t l = strlen(w); l && (w[l - 1] == ' ' || w[l - 1] == '\t'); l--)
			w[l - 1] = '\0';
		struct strbuf how = STRBUF_INIT, why = STRBUF_INIT;
		size_t many = 0;
		const char *code = *w ? code_of(&g, w, &how, &many) : NULL;
		if (code && r->n > hdr->n) {
			/* "1,4126" unquoted in a comma-separated file is two cells:
			 * refused, not read as 1 */
			strbuf_addf(&why,
				    "%zu cells where the header has %zu: a decimal comma in a "
				    "cell not quoted? quote it (\"1,4126\") or separate the cells "
				    "with ';'",
				    r->n, hdr->n);
			code = NULL;
		} else if (!code && !*w) {
			strbuf_addstr(&why, "no student in the first column");
		} else if (!code && many > 1) {
			strbuf_addf(&why, "%zu students on the roster match it alike: ", many);
			struct strbuf key = STRBUF_INIT, other = STRBUF_INIT;
			fold_name(&key, w, FOLD_ALL);
			for (size_t k = 0, said = 0; k < g.ns; k++) {
				strbuf_reset(&other);
				fold_name(&other, g.s[k].name, FOLD_ALL);
				if (!strcmp(key.buf, other.buf))
					strbuf_addf(&why, "%s%s", said++ ? ", " : "", g.s[k].name);
			}
			strbuf_release(&key);
			strbuf_release(&other);
		} else if (!code) {
			strbuf_addstr(&why, "no such student or variant code in the set");
			struct strbuf near = STRBUF_INIT;
			closest_names(&g, w, &near);
			if (near.len)
				strbuf_addf(&why, "; the closest on the roster: %s",
					    strbuf_str(&near));
			strbuf_release(&near);
		}
		if (!code) {
			strbuf_addf(&report, "%s:%d: %s: not graded\n", file, r->line,
				    strbuf_str(&why));
			table_not_graded(&table, cols, hdr->n, w, strbuf_str(&why));
			bad++;
			free(who);
			strbuf_release(&how);
			strbuf_release(&why);
			continue;
		}
		const char *name = w; /* the roster's, in the table */
		for (size_t k = 0; how.len && k < g.ns; k++)
			if (!strcmp(g.s[k].code, code))
				name = g.s[k].name;
		if (how.len) {
			strbuf_addf(&report,
				    "%s:%d: '%s' taken as %s (the roster's name but for %s)\n",
				    file, r->line, w, name, strbuf_str(&how));
		}
		strbuf_release(&how);
		strbuf_release(&why);
		int again = 0;
		for (size_t k = 0; k < graded && !again; k++)
			if (!strcmp(done_code[k], code))
				again = done_line[k];
		if (again) {
			strbuf_addf(&report,
				    "%s:%d: '%s' again (variant %s, graded at line %d): not "
				    "graded, the first row counts\n",
				    file, r->line, w, code, again);
			bad++;
			free(who);
			continue;
		}
		done_code[graded] = code;
		done_line[graded] = r->line;
		graded++;
		csv_add_cell(&table, name);
		strbuf_addf(&table, ",%s", code);
		size_t right = 0, asked = 0;
		for (size_t j = 1; j < hdr->n; j++) {
			if (cols[j].same_as)
				continue;
			const struct manifest_answer *a = answer_of(&g, code, &cols[j]);
			struct strbuf note = STRBUF_INIT;
			enum g_verdict v = V_MISSING;
			size_t mistake = SIZE_MAX;
			if (a) {
				asked++;
				v = judge(a, j < r->n ? r->field[j] : "", &note, &mistake);
			}
			struct g_col *cl = &cols[j];
			right += v == V_RIGHT;
			cl->right += v == V_RIGHT;
			cl->wrong += v == V_WRONG;
			cl->missing += v == V_MISSING;
			cl->unreadable += v == V_UNREADABLE;
			if (v == V_WRONG && note.len) {
				char *m =
					xstrndup(note.buf, mistake < note.len ? mistake : note.len);
				if (*m)
					tally_hint(cl, m);
				free(m);
			}
			if (v == V_UNREADABLE)
				strbuf_addf(&report, "%s:%d: %s: %s\n", file, r->line, cl->header,
					    strbuf_str(&note));
			strbuf_addf(&table, ",%s,", a ? verdict_word[v] : "");
			csv_add_cell(&table, strbuf_str(&note));
			strbuf_release(&note);
		}
		strbuf_addf(&table, ",%zu/%zu\n", right, asked);
		free(who);
	}
	/* the roster's students with no row: in the table, "no answer" */
	size_t absent = 0;
	struct strbuf absent_names = STRBUF_INIT;
	for (size_t k = 0; k < g.ns; k++) {
		bool seen = false;
		for (size_t i = 0; i < graded && !seen; i++)
			seen = !strcmp(done_code[i], g.s[k].code);
		if (seen)
			continue;
		strbuf_addf(&absent_names, "%s%s", absent++ ? ", " : "", g.s[k].name);
		csv_add_cell(&table, g.s[k].name);
		strbuf_addf(&table, ",%s", g.s[k].code);
		size_t asked = 0;
		for (size_t j = 1; j < hdr->n; j++) {
			if (cols[j].same_as)
				continue;
			const bool is = answer_of(&g, g.s[k].code, &cols[j]) != NULL;
			asked += is;
			strbuf_addf(&table, ",%s,", is ? "no answer" : "");
		}
		strbuf_addf(&table, ",0/%zu\n", asked);
	}
	/* the summary: a line a question */
	free(done_code);
	free(done_line);
	for (size_t j = 1; j < hdr->n; j++) {
		const struct g_col *cl = &cols[j];
		if (cl->same_as)
			continue;
		strbuf_addf(&report, "%s: %zu of %zu correct", cl->header, cl->right, graded);
		if (cl->missing)
			strbuf_addf(&report, ", %zu missing", cl->missing);
		if (cl->unreadable)
			strbuf_addf(&report, ", %zu unreadable", cl->unreadable);
		size_t best = 0;
		for (size_t k = 1; k < cl->nhints; k++)
			if (cl->hint_count[k] > cl->hint_count[best])
				best = k;
		if (cl->nhints)
			strbuf_addf(&report, "; the commonest mistake: %s (%zu)", cl->hints[best],
				    cl->hint_count[best]);
		strbuf_addch(&report, '\n');
	}
	strbuf_addf(&report, "graded %zu student%s", graded, graded == 1 ? "" : "s");
	if (bad)
		strbuf_addf(&report, "; %zu row%s not graded (above)", bad, bad == 1 ? "" : "s");
	if (absent)
		strbuf_addf(&report, "; no row for %zu on the roster, %s as no answer: %s", absent,
			    absent == 1 ? "in the table" : "each in the table",
			    strbuf_str(&absent_names));
	strbuf_release(&absent_names);
	strbuf_addch(&report, '\n');
	if (out_path) {
		char *op = token_path(out_path);
		struct outfile of;
		int wrc = outfile_open(&of, op, c->d) ||
			  outfile_write(&of, table.buf, table.len, c->d);
		if (wrc)
			outfile_abort(&of);
		else
			wrc = outfile_commit(&of, c->d);
		if (!wrc)
			strbuf_addf(c->out, "wrote %s\n", op);
		free(op);
		if (wrc)
			goto done;
	} else {
		utf8_add_clean(c->out, strbuf_str(&table));
	}
	utf8_add_clean(c->out, strbuf_str(&report));
	rc = 0;
done:
	for (size_t j = 1; cols && j < ans.row[0].n; j++) {
		for (size_t k = 0; k < cols[j].nhints; k++)
			free(cols[j].hints[k]);
		free(cols[j].hints);
		free(cols[j].hint_count);
	}
	free(cols);
	csv_release(&ans);
	manifest_release(&g);
done_noset:
	strbuf_release(&table);
	strbuf_release(&report);
	free(dir);
	free(file);
	return rc;
}
