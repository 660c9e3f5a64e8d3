/* The exercise parser's whole-file checks (exercise/parse.h): what can be
 * judged only once a section, or the whole file, is read. */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/parse.h"
#include "exercise/scene_spec.h"
#include "models/lagrange.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* The model's check (what its parameters must satisfy together, its
 * domain's scales) at the file's values. */
static int domain_check(const struct exercise *ex, int without, struct diag *d)
{
	const struct model *m = ex->model;
	double *num = xcalloc(m->nparams, sizeof(*num));
	int *choice = xcalloc(m->nparams, sizeof(*choice));
	const char **text = xcalloc(m->nparams, sizeof(*text));
	for (size_t i = 0; i < m->nparams; i++) {
		const struct ex_param *p = &ex->params[i];
		num[i] = (int)i == without ? m->params[i].def : ex_param_to_model(p, p->value);
		choice[i] = p->choice;
		text[i] = p->text ? p->text : "";
	}
	struct model_input in = {num, choice, text, m};
	int rc = m->check(&in, d);
	free(num);
	free(choice);
	free(text);
	return rc;
}

/* An exercise whose own values the model refuses is refused at load, as
 * `set` refuses them: the message points at the value that, put back to
 * the model's default, makes the rest acceptable, else at [exercise]. */
void parse_final_domain(struct parse *ps)
{
	const struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	struct diag why;
	diag_clear(&why);
	if (!m->check || domain_check(ex, -1, &why) == 0)
		return;
	int line = ps->exercise_line;
	for (size_t i = 0; i < m->nparams; i++) {
		struct diag scratch;
		diag_clear(&scratch);
		const struct ex_param *p = &ex->params[i];
		if (p->spec->kind == PARAM_NUMBER && p->value_line &&
		    domain_check(ex, (int)i, &scratch) == 0) {
			line = p->value_line;
			break;
		}
	}
	parse_err_line(ps, line, 0, "model %s refuses these values: %s", m->name, why.msg);
}

/* The binding bounds, in the display unit. */

void parse_final_param(struct parse *ps)
{
	struct ex_param *p = ps->param;
	const struct param_spec *sp = p->spec;
	struct diag d;
	/* a parameter whose own lines were wrong is not judged as a whole:
	 * its values are not the file's; one after another section's error is */
	if (ps->nerr > ps->sec_nerr || sp->kind != PARAM_NUMBER)
		return;
	if (ps->value_q.pending) { /* value = 15 cm: in the display unit */
		if (!unit_same_dim(&ps->value_q.u, &p->u)) {
			struct strbuf msg = STRBUF_INIT;
			unit_mismatch(&msg, ps->value_q.text, false, &ps->value_q.u, sp->name,
				      &p->u, p->unit);
			parse_err_line(ps, p->value_line, ps->value_q.col, "%s", strbuf_str(&msg));
			strbuf_release(&msg);
			return;
		}
		p->value = ps->value_q.si / p->u.factor;
		if (!isfinite(p->value) || (p->value != 0 && fabs(p->value) < DBL_MIN)) {
			parse_err_line(ps, p->value_line, ps->value_q.col,
				       "%s = %s is too %s in %s", sp->name, ps->value_q.text,
				       isfinite(p->value) ? "small" : "large", p->unit);
			return;
		}
	}
	if (!(ps->seen & 1u)) /* no value: the model's default, in the file's unit */
		p->value = unit_convert(sp->def, &p->canon, &p->u);
	if (p->min > p->max) {
		parse_err_line(ps, p->range_line, 0, "min is larger than max");
		return;
	}
	if (ex_param_check(p, p->value, &d)) {
		parse_err_line(ps, p->value_line ? p->value_line : p->line, 0, "%s", d.msg);
		return;
	}
	if (p->has_draw) {
		if (p->draw_lo > p->draw_hi) {
			parse_err_line(ps, p->draw_line, 0, "draw range %g %g is reversed",
				       p->draw_lo, p->draw_hi);
			return;
		}
		if (ex_param_check(p, p->draw_lo, &d) || ex_param_check(p, p->draw_hi, &d)) {
			parse_err_line(ps, p->draw_line, 0, "draw range: %s", d.msg);
			return;
		}
	}
}

/* A mistake at byte `at` of the statement, `what` being the text there:
 * the message names the physical line and points at `what` in it. */
static void statement_error(struct parse *ps, const char *at, size_t what_len, const char *msg)
{
	size_t offset = (size_t)(at - ps->ex->statement);
	int line = ps->statement_line;
	for (size_t i = 0; i < ps->nstmt; i++)
		if (ps->stmt_piece[i].offset <= offset)
			line = ps->stmt_piece[i].line;
	char text[256], what[96];
	snprintf(what, sizeof(what), "%.*s", (int)(what_len < 95 ? what_len : 95), at);
	parse_line_text(ps, line, text, sizeof(text));
	const char *hit = strstr(text, what);
	parse_err_line(ps, line, hit ? (int)(hit - text) : 0, "statement: %s", msg);
}

void parse_final_statement(struct parse *ps)
{
	const char *s = ps->ex->statement;
	char msg[160];
	if (!s)
		return;
	for (const char *p = s; *p; p++) {
		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			p++;
			continue;
		}
		if (*p == '}') {
			statement_error(ps, p, 1, "'}' without '{' (write }} for a brace)");
			continue;
		}
		if (*p != '{')
			continue;
		const char *close = strchr(p, '}');
		if (!close) {
			statement_error(ps, p, 1, "'{' without '}' (write {{ for a brace)");
			return;
		}
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(close - p - 1), p + 1);
		if (model_param_index(ps->ex->model, name) < 0) {
			snprintf(msg, sizeof(msg), "{%s} is not a parameter of model %s", name,
				 ps->ex->model->name);
			statement_error(ps, p, (size_t)(close - p + 1), msg);
		}
		p = close;
	}
}

/* The names of `keep` must be word or true/false results of the model, each
 * once: a number has no verdict to keep. */
void parse_final_keep(struct parse *ps)
{
	struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	char text[256], hint[96];
	if (!ps->keep)
		return;
	parse_line_text(ps, ex->keep_line, text, sizeof(text));
	/* where to look for the next name's column: after the '=', then after
	 * the name before it */
	const char *from = strpbrk(text, "=:");
	char *save = NULL;
	for (char *name = strtok_r(ps->keep, " \t,", &save); name && !ps->stop;
	     name = strtok_r(NULL, " \t,", &save)) {
		/* the column of the name in the line, a whole word */
		size_t len = strlen(name);
		const char *at = from ? strstr(from, name) : NULL;
		while (at && (isalnum((unsigned char)at[-1]) || at[-1] == '_' ||
			      isalnum((unsigned char)at[len]) || at[len] == '_'))
			at = strstr(at + 1, name);
		int col = at ? (int)(at - text) : 0;
		if (at)
			from = at + len;
		int i = model_result_index(m, name);
		if (i < 0) {
			const char *cands[64];
			size_t nc = model_result_names(m, cands, 64);
			parse_err_line(ps, ex->keep_line, col,
				       "keep: model %s has no result '%s'%s", m->name, name,
				       text_did_you_mean(name, cands, nc, hint, sizeof(hint)));
			continue;
		}
		enum value_kind kind = m->results[i].kind;
		if (kind != VAL_WORD && kind != VAL_BOOL) {
			parse_err_line(
				ps, ex->keep_line, col,
				"keep: %s is a %s, not a word or true/false: only a verdict can be "
				"kept",
				name, kind == VAL_NUMBER ? "number" : "matrix");
			continue;
		}
		bool twice = false;
		for (size_t j = 0; j < ex->nkeep && !twice; j++)
			twice = ex->keep[j] == i;
		if (twice) {
			parse_err_line(ps, ex->keep_line, col, "keep: %s is named twice", name);
			continue;
		}
		ex->keep = xrealloc(ex->keep, (ex->nkeep + 1) * sizeof(*ex->keep));
		ex->keep[ex->nkeep++] = i;
	}
}

/* `overlay = NAME V1 V2 ...`: NAME a number parameter, two to
 * EX_OVERLAY_MAX values, each a number its range allows. */
void parse_final_overlay(struct parse *ps)
{
	struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	char text[256], hint[96];
	if (!ps->overlay)
		return;
	parse_line_text(ps, ex->overlay_line, text, sizeof(text));
	const char *eq = strpbrk(text, "=:");
	char *save = NULL;
	const char *name = strtok_r(ps->overlay, " \t,", &save);
	const char *at = eq && name ? strstr(eq, name) : NULL;
	int col = at ? (int)(at - text) : 0;
	int i = model_param_index(m, name);
	if (i < 0) {
		const char *cands[64];
		size_t nc = model_param_names(m, cands, 64);
		parse_err_line(ps, ex->overlay_line, col,
			       "overlay: model %s has no parameter '%s'%s", m->name, name,
			       text_did_you_mean(name, cands, nc, hint, sizeof(hint)));
		return;
	}
	if (m->params[i].kind != PARAM_NUMBER) {
		parse_err_line(ps, ex->overlay_line, col,
			       "overlay: %s is not a number: only a number can be overlaid", name);
		return;
	}
	ex->overlay_param = i;
	ex->overlay = xcalloc(EX_OVERLAY_MAX, sizeof(double));
	const char *from = at ? at + strlen(name) : NULL;
	for (const char *v = strtok_r(NULL, " \t,", &save); v; v = strtok_r(NULL, " \t,", &save)) {
		at = from ? strstr(from, v) : NULL;
		col = at ? (int)(at - text) : 0;
		if (at)
			from = at + strlen(v);
		if (ex->noverlay == EX_OVERLAY_MAX) {
			parse_err_line(ps, ex->overlay_line, col,
				       "overlay: at most %d values, one a colour of the palette",
				       EX_OVERLAY_MAX);
			return;
		}
		char *end;
		double x = strtod(v, &end);
		struct diag d;
		if (*end || end == v) {
			parse_err_line(ps, ex->overlay_line, col, "overlay: '%s' is not a number",
				       v);
			return;
		}
		if (ex_param_check(&ex->params[i], x, &d)) {
			parse_err_line(ps, ex->overlay_line, col, "overlay: %s", d.msg);
			return;
		}
		ex->overlay[ex->noverlay++] = x;
	}
	if (ex->noverlay < 2)
		parse_err_line(
			ps, ex->overlay_line, 0,
			"overlay: %s needs two values or more to overlay: overlay = %s V1 V2 ...",
			name, name);
}

void parse_final_scene(struct parse *ps)
{
	struct exercise *ex = ps->ex;
	const struct model *m = ex->model;
	int line = 0, col = 0;
	struct diag why;
	diag_clear(&why);
	if (ex_scene_compile(ex->scene, m, &line, &col, &why)) {
		parse_err_line(ps, line, col > 0 ? col - 1 : 0, "%s", why.msg);
		return;
	}
	/* the drawing at the file's values, at the start */
	size_t n;
	ex_scene_items(ex->scene, &n);
	double *num = xcalloc(m->nparams + 1, sizeof(double));
	double *vals = xcalloc(m->nparams + 2 * LAGRANGE_MAXQ + 2, sizeof(double));
	double(*v)[3] = xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < m->nparams; i++)
		if (ex->params[i].spec->kind == PARAM_NUMBER)
			num[i] = ex_param_to_model(&ex->params[i], ex->params[i].value);
	ex_scene_start(m, num, vals);
	if (ex_scene_eval(ex->scene, m, vals, v, &line, &why))
		parse_err_line(ps, line, 0, "%s at the start (t = 0, the file's values)", why.msg);
	free(v);
	free(vals);
	free(num);
}
