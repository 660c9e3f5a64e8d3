#include "exercise/session.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "exercise/session_sys.h"
#include "num/num.h"
#include "util/text.h"
#include "util/xalloc.h"

struct session *session_new(void)
{
	struct session *s = xcalloc(1, sizeof(*s));
	s->kept = xcalloc(1, sizeof(*s->kept));
	return s;
}

static void clear_checks(struct session *s)
{
	if (s->check_answer && s->ex)
		for (size_t i = 0; i < s->ex->model->nresults; i++)
			free(s->check_answer[i]);
	free(s->check_answer);
	free(s->check);
	s->check_answer = NULL;
	s->check = NULL;
}

void session_set_check(struct session *s, size_t result, enum check_verdict v, const char *answer)
{
	size_t n = s->ex->model->nresults;
	if (!s->check) {
		s->check = xcalloc(n, sizeof(*s->check));
		s->check_answer = xcalloc(n, sizeof(char *));
	}
	s->check[result] = v;
	free(s->check_answer[result]);
	s->check_answer[result] = answer ? xstrdup(answer) : NULL;
}

enum check_verdict session_check(const struct session *s, size_t result, const char **answer)
{
	if (answer)
		*answer = s->check_answer ? s->check_answer[result] : NULL;
	return s->check ? s->check[result] : CHECK_NONE;
}

/* Numbers every state of the figures across all sessions, so that a
 * serial never comes back. */
static void figures_changed(struct session *s)
{
	static unsigned long next;
	s->serial = ++next;
}

static void kept_clear(struct kept *k)
{
	figures_release(&k->figs);
	strbuf_release(&k->steps);
	*k = (struct kept){0};
}

static void clear_results(struct session *s)
{
	figures_changed(s);
	clear_checks(s);
	if (s->result && s->ex)
		for (size_t i = 0; i < s->ex->model->nresults; i++)
			value_release(&s->result[i]);
	free(s->result);
	s->result = NULL;
	s->solved = false;
	s->stale = NULL;
	kept_clear(s->kept);
	figure_release(&s->step_saved);
	s->step_at = 0;
}

static void clear(struct session *s)
{
	clear_results(s);
	if (s->param && s->ex)
		for (size_t i = 0; i < s->ex->model->nparams; i++)
			free(s->param[i].text);
	free(s->param);
	s->param = NULL;
	exercise_free(s->ex);
	s->ex = NULL;
	free(s->note);
	s->note = NULL;
	figures_release(&s->sweep);
	s->sweep_newer = false;
	figures_changed(s);
}

void session_free(struct session *s)
{
	if (!s)
		return;
	clear(s);
	free(s->kept);
	strbuf_release(&s->told);
	free(s);
}

bool session_once(struct session *s, const char *key)
{
	const char *all = strbuf_str(&s->told);
	size_t n = strlen(key);
	for (const char *p = all; *p; p += strcspn(p, "\n") + 1)
		if (strcspn(p, "\n") == n && !strncmp(p, key, n))
			return false;
	strbuf_addf(&s->told, "%s\n", key);
	return true;
}

static void reset_param(struct session *s, size_t i)
{
	const struct ex_param *p = &s->ex->params[i];
	struct param_state *st = &s->param[i];
	free(st->text);
	*st = (struct param_state){p->value, p->choice, xstrdup(p->text ? p->text : ""), false};
}

void session_adopt(struct session *s, struct exercise *ex)
{
	clear(s);
	s->ex = ex;
	s->param = xcalloc(ex->model->nparams, sizeof(*s->param));
	for (size_t i = 0; i < ex->model->nparams; i++)
		reset_param(s, i);
}

static bool looks_like_path(const char *what)
{
	size_t n = strlen(what);
	return strchr(what, '/') || (n > 4 && !strcmp(what + n - 4, ".ini"));
}

int session_load(struct session *s, const char *what, struct diag *d)
{
	struct exercise *ex;
	if (looks_like_path(what)) {
		ex = exercise_read(what, d);
		if (!ex)
			return -1;
	} else if (!(ex = catalog_load(what))) {
		/* none: the whole catalogue, to say what there is */
		struct catalog cat;
		catalog_scan(&cat);
		const char **ids = xmalloc((cat.n + 1) * sizeof(*ids));
		for (size_t i = 0; i < cat.n; i++)
			ids[i] = cat.entry[i].id;
		char hint[96], clip[TEXT_CLIP_SIZE];
		text_clip(what, clip, sizeof(clip));
		if (*text_did_you_mean(what, ids, cat.n, hint, sizeof(hint)))
			diag_set(d, "no exercise '%s'%s", clip, hint);
		else
			diag_set(d, "no exercise '%s'; 'list' shows the exercises there are", clip);
		free(ids);
		catalog_release(&cat);
		return -1;
	}
	session_adopt(s, ex);
	return 0;
}

const struct exercise *session_exercise(const struct session *s)
{
	return s->ex;
}

const struct param_state *session_param(const struct session *s, size_t i)
{
	return &s->param[i];
}

static int find_param(const struct session *s, const char *name, struct diag *d)
{
	int i = model_param_index(s->ex->model, name);
	if (i >= 0)
		return i;
	const char *cands[128];
	char hint[96];
	size_t n = session_names(s, cands, 128, true, false);
	if (model_result_index(s->ex->model, name) >= 0)
		return diag_set(d, "'%s' is a result of model %s, not a parameter", name,
				s->ex->model->name);
	return diag_set(d, "no parameter '%s' in %s%s", name, s->ex->id,
			text_did_you_mean(name, cands, n, hint, sizeof(hint)));
}

static void mark_changed(struct session *s, size_t i)
{
	const struct ex_param *p = &s->ex->params[i];
	struct param_state *st = &s->param[i];
	switch (p->spec->kind) {
	case PARAM_NUMBER:
		st->changed = st->num != p->value;
		break;
	case PARAM_CHOICE:
		st->changed = st->choice != p->choice;
		break;
	case PARAM_TEXT:
		st->changed = strcmp(st->text, p->text ? p->text : "") != 0;
		break;
	}
	if (s->solved && !s->stale)
		s->stale = p->spec->name;
}

static int relations_hold(const struct session *s, struct diag *d);

static int lookup_q(const char *name, struct expr_q *q, struct diag *d, void *ctx)
{
	return session_value_q(ctx, name, q, d);
}

int session_quantity(const struct session *s, size_t i, const char *text, double *out,
		     struct diag *d)
{
	const struct ex_param *p = &s->ex->params[i];
	const char *name = p->spec->name;
	struct quantity q;
	if (unit_quantity_parse(text, lookup_q, (void *)s, &q, d))
		return -1;
	double x = q.value;
	if (q.has_unit) {
		struct unit u = q.unit;
		if (!unit_same_dim(&u, &p->u)) {
			if (q.number_unit)
				return unit_refuse(d, q.unit_text, &u, name, &p->u, p->unit);
			struct strbuf msg = STRBUF_INIT;
			unit_mismatch(&msg, text, false, &u, name, &p->u, p->unit);
			if (q.divided) /* "3/4 m" */
				strbuf_addstr(&msg, " (a unit binds to the number before it: "
						    "3/4 m is 3/(4 m); write (3/4) m)");
			diag_set(d, "%s", strbuf_str(&msg));
			strbuf_release(&msg);
			return -1;
		}
		x = unit_convert(x, &u, &p->u);
		if (!isfinite(x))
			return diag_set(d, "%s = %s is too large: it overflows in %s", name, text,
					p->unit);
		if (unit_underflows(q.value, x) || (x != 0 && fabs(x) < DBL_MIN))
			return diag_set(d, "%s = %s is too small: it underflows in %s", name, text,
					p->unit);
	}
	*out = x;
	return 0;
}

bool session_counts_radians(const struct session *s, size_t i, const char *text)
{
	const struct ex_param *p = &s->ex->params[i];
	struct quantity q;
	struct diag d;
	if (p->spec->kind != PARAM_NUMBER || unit_quantity_parse(text, lookup_q, (void *)s, &q, &d))
		return false;
	return q.has_unit && q.unit.dim[DIM_TIME] && q.unit.dim[DIM_ANGLE] != p->u.dim[DIM_ANGLE];
}

int session_set(struct session *s, const char *name, const char *value, const char *unit,
		struct diag *d)
{
	int i = find_param(s, name, d);
	if (i < 0)
		return -1;
	const struct ex_param *p = &s->ex->params[i];
	struct param_state *st = &s->param[i];
	const struct param_state old = *st;
	if (p->spec->kind == PARAM_CHOICE) {
		int c = param_choice_index(p->spec, value);
		if (unit)
			return diag_set(d, "%s is a choice: it takes no unit", name);
		if (c < 0 && law_refuse(p->spec, s->ex->model->name, value, d))
			return -1;
		if (c < 0)
			return diag_set(d, "%s is one of %s, not '%s'", name, p->spec->choices,
					value);
		st->choice = c;
	} else if (p->spec->kind == PARAM_TEXT) {
		if (unit)
			return diag_set(d, "%s is text: it takes no unit", name);
		st->text = xstrdup(value); /* the old text goes once the value stands */
	} else {
		double x;
		struct strbuf text = STRBUF_INIT;
		strbuf_addstr(&text, value);
		if (unit)
			strbuf_addf(&text, " %s", unit);
		int rc = session_quantity(s, (size_t)i, strbuf_str(&text), &x, d);
		strbuf_release(&text);
		if (rc)
			return -1;
		if (ex_param_check(p, x, d))
			return -1;
		st->num = x;
	}
	/* a value that breaks a relation with another parameter (mu1 below
	 * mu0) stands, with a note: the relation is checked at solve, so the
	 * order of two sets does not matter (mu0 0.8 then mu1 1.0, from mu0
	 * 0.5 and mu1 0.55, was refused at the first) */
	struct diag nd = {0};
	free(s->note);
	s->note = relations_hold(s, &nd) ? xstrdup(nd.msg) : NULL;
	if (st->text != old.text)
		free(old.text);
	mark_changed(s, (size_t)i);
	return 0;
}

void session_set_ans(struct session *s, double x, const char *unit)
{
	struct unit u;
	struct diag d;
	if (!unit || unit_parse(unit, &u, &d))
		u = (struct unit){1, {0}};
	s->ans = (struct expr_q){
		x * u.factor, {u.dim[0], u.dim[1], u.dim[2], u.dim[3]}, unit && unit[0]};
	s->has_ans = true;
}

void session_set_ans_q(struct session *s, const struct expr_q *q)
{
	s->ans = *q;
	s->has_ans = true;
}

int session_set_number(struct session *s, size_t i, double value, struct diag *d)
{
	if (s->ex->params[i].spec->kind != PARAM_NUMBER)
		return diag_set(d, "%s is not a number", s->ex->params[i].spec->name);
	if (ex_param_check(&s->ex->params[i], value, d))
		return -1;
	s->param[i].num = value;
	mark_changed(s, i);
	return 0;
}

int session_reset(struct session *s, const char *name, struct diag *d)
{
	if (!name) {
		for (size_t i = 0; i < s->ex->model->nparams; i++)
			if (s->param[i].changed) {
				reset_param(s, i);
				if (s->solved && !s->stale)
					s->stale = s->ex->params[i].spec->name;
			}
		return 0;
	}
	int i = find_param(s, name, d);
	if (i < 0)
		return -1;
	if (s->param[i].changed) {
		reset_param(s, (size_t)i);
		if (s->solved && !s->stale)
			s->stale = s->ex->params[i].spec->name;
	}
	return 0;
}

/* The model's input from the session's parameters, parameter `over` (if
 * not -1) taking `value` (display unit) instead; input_release frees it. */
static struct model_input input_from(const struct session *s, const struct param_state *ps,
				     int over, double value)
{
	const struct model *m = s->ex->model;
	double *num = xcalloc(m->nparams, sizeof(double));
	int *choice = xcalloc(m->nparams, sizeof(int));
	const char **text = xcalloc(m->nparams, sizeof(char *));
	for (size_t i = 0; i < m->nparams; i++) {
		double v = (int)i == over ? value : ps[i].num;
		num[i] = ex_param_to_model(&s->ex->params[i], v);
		choice[i] = ps[i].choice;
		text[i] = ps[i].text;
	}
	return (struct model_input){num, choice, text, m};
}

static struct model_input input_of(const struct session *s, int over, double value)
{
	return input_from(s, s->param, over, value);
}

static void input_release(struct model_input *in)
{
	free((double *)in->num);
	free((int *)in->choice);
	free((const char **)in->text);
}

/* What the parameters must satisfy together, as the model says
 * (model.check): the same words as solve's refusal. */
static int relations_hold(const struct session *s, struct diag *d)
{
	const struct model *m = s->ex->model;
	if (!m->check)
		return 0;
	struct model_input in = input_of(s, -1, 0);
	int rc = m->check(&in, d);
	input_release(&in);
	return rc;
}

/* Runs the model on the session's parameters, parameter `over` (if not
 * -1) taking `value` (display unit) instead. */
static int run_model_from(const struct session *s, const struct param_state *ps, int over,
			  double value, struct value *res, struct strbuf *steps,
			  struct figures *figs, struct diag *d)
{
	const struct model *m = s->ex->model;
	struct model_input in = input_from(s, ps, over, value);
	struct model_output out = {res, steps, figs};
	/* the relations between parameters, which set only notes, hold here
	 * or the run is refused in the model's words */
	int rc = m->check ? m->check(&in, d) : 0;
	if (!rc)
		rc = model_run_head_later(m, &in, &out, d); /* steps_of writes it */
	for (size_t i = 0; !rc && i < m->nresults; i++)
		if (res[i].kind == VAL_NONE)
			rc = diag_set(d, "model %s left result %s unset", m->name,
				      m->results[i].name);
	if (!rc)
		model_results_settle(m, res);
	input_release(&in);
	if (rc)
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
	return rc;
}

int ses_run_model(const struct session *s, int over, double value, struct value *res,
		  struct strbuf *steps, struct figures *figs, struct diag *d)
{
	return run_model_from(s, s->param, over, value, res, steps, figs, d);
}

/* A solve: one run of the model, for the answers, and the figures from
 * its record when draw, the worked steps when want_steps. */
static int solve(struct session *s, bool draw, bool want_steps, struct diag *d)
{
	const struct model *m = s->ex->model;
	/* an overlay's runs are the solve's to check, one by one: drawn now */
	draw = draw || s->ex->noverlay;
	want_steps = want_steps || draw; /* next to the figures, steps cost little */
	struct value *res = xcalloc(m->nresults, sizeof(*res));
	struct strbuf steps = STRBUF_INIT;
	struct figures figs = FIGURES_INIT;
	int rc = ses_run_model(s, -1, 0, res, want_steps ? &steps : NULL, draw ? &figs : NULL, d);
	if (!rc && s->ex->noverlay) {
		figures_ready(&figs); /* the overlay redraws the solve's figures now */
		rc = ses_overlay_runs(s, &figs, &steps, d);
	}
	if (rc) {
		for (size_t i = 0; i < m->nresults; i++)
			value_release(&res[i]);
		free(res);
		strbuf_release(&steps);
		figures_release(&figs);
		return -1;
	}
	clear_results(s);
	s->result = res;
	s->solved = true;
	struct kept *k = s->kept;
	k->steps = steps;
	k->head = want_steps && m->steps_head ? m : NULL;
	k->made = draw;
	figures_move(&k->figs, &figs);
	s->sweep_newer = false;
	figures_changed(s);
	return 0;
}

int session_solve(struct session *s, struct diag *d)
{
	return solve(s, true, true, d);
}

int session_solve_answers(struct session *s, struct diag *d)
{
	return solve(s, false, false, d);
}

int session_solve_steps(struct session *s, struct diag *d)
{
	return solve(s, false, true, d);
}

/* The last solve's figures: empty before a solve, after a solve for the
 * answers alone, and where the model draws none. */
static struct figures *figs_of(const struct session *s)
{
	/* what the model left to draw when looked at is drawn now, from what
	 * the solve gave it: no model runs */
	figures_ready(&s->kept->figs);
	return &s->kept->figs;
}

/* The last solve's worked steps. */
static const char *steps_of(const struct session *s)
{
	struct kept *k = s->kept;
	if (k->head) { /* what depends on the model alone, ahead of the run's */
		struct strbuf all = STRBUF_INIT;
		k->head->steps_head(k->head, &all);
		strbuf_addstr(&all, strbuf_str(&k->steps));
		strbuf_release(&k->steps);
		k->steps = all;
		k->head = NULL;
	}
	return strbuf_str(&k->steps);
}

size_t session_step_at(const struct session *s)
{
	return s->step_at;
}

int session_step(struct session *s, size_t n, struct strbuf *out, struct diag *d)
{
	const struct model *m = s->ex->model;
	struct figures *figs = figs_of(s);
	const struct table *t = figures_find_table(figs, "steps");
	if (!m->step_text || !m->step_figure || !t)
		return diag_set(d, "%s",
				m->step_text
					? "this solve has no steps to take by hand: it is "
					  "the graphical method that steps ('set method "
					  "graphical', then solve)"
					: "this model has no construction to step through (imachi "
					  "has, with method graphical)");
	if (n > t->nrows)
		return diag_set(d, "step %zu is past the last step the solve kept, %zu", n,
				t->nrows);
	struct figure f = {0};
	if (n == 0) {
		if (!s->step_at)
			return 0;
		f = s->step_saved;
		s->step_saved = (struct figure){0};
		figures_swap(figs, &f);
		figure_release(&f);
	} else {
		struct figures drawn = FIGURES_INIT;
		m->step_figure(t, n > STEP_WINDOW ? n - STEP_WINDOW : 0, n, &drawn);
		if (drawn.nfig == 1) {
			f = drawn.fig[0];
			drawn.nfig = 0;
			figures_swap(figs, &f);
			if (!s->step_at)
				s->step_saved = f; /* the solve's own, kept for n = 0 */
			else
				figure_release(&f);
		}
		figures_release(&drawn);
		m->step_text(t, n - 1, out);
	}
	s->step_at = n;
	figures_changed(s);
	return 0;
}

int session_number_param(const struct session *s, const char *name, struct diag *d)
{
	int i = find_param(s, name, d);
	if (i < 0)
		return -1;
	const struct param_spec *sp = s->ex->params[i].spec;
	if (sp->kind == PARAM_CHOICE)
		return diag_set(d, "%s is a choice (%s), not a number", name, sp->choices);
	if (sp->kind == PARAM_TEXT)
		return diag_set(d, "%s is text, not a number", name);
	return i;
}

int session_solve_with(const struct session *s, size_t i, double value, struct value *res,
		       struct diag *d)
{
	if (ex_param_check(&s->ex->params[i], value, d))
		return -1;
	/* the answers only: no figure, no steps */
	return ses_run_model(s, (int)i, value, res, NULL, NULL, d);
}

const char *session_set_note(const struct session *s)
{
	return s->note;
}

const struct figures *session_sweep(const struct session *s)
{
	return &s->sweep;
}

void session_keep_sweep(struct session *s, struct figures *sweep)
{
	figures_move(&s->sweep, sweep);
	s->sweep_newer = true;
	figures_changed(s);
}

bool session_sweep_is_newer(const struct session *s)
{
	return s->sweep_newer && (s->sweep.nfig || s->sweep.ntab);
}

bool session_solved(const struct session *s)
{
	return s->solved;
}
const char *session_stale(const struct session *s)
{
	return s->stale;
}

unsigned long session_figures_serial(const struct session *s)
{
	return s->serial;
}

bool session_figures_made(const struct session *s)
{
	return s->kept->made;
}

const struct figures *session_figures(const struct session *s)
{
	return figs_of(s);
}

const char *session_steps(const struct session *s)
{
	return steps_of(s);
}

const struct value *session_result(const struct session *s, size_t i)
{
	return s->solved ? &s->result[i] : NULL;
}

size_t session_names(const struct session *s, const char **names, size_t max, bool params,
		     bool results)
{
	size_t n = 0;
	if (!s->ex)
		return 0;
	const struct model *m = s->ex->model;
	for (size_t i = 0; params && i < m->nparams && n + 1 < max; i++)
		names[n++] = m->params[i].name;
	for (size_t i = 0; results && i < m->nresults && n + 1 < max; i++)
		names[n++] = m->results[i].name;
	names[n] = NULL;
	return n;
}

static struct value param_value(const struct session *s, size_t i)
{
	const struct param_spec *sp = s->ex->params[i].spec;
	char buf[64];
	switch (sp->kind) {
	case PARAM_CHOICE:
		return value_word(param_choice_word(sp, s->param[i].choice, buf, sizeof(buf)));
	case PARAM_TEXT:
		return value_word(s->param[i].text);
	default:
		return value_number(s->param[i].num);
	}
}

int session_lookup(const struct session *s, const char *name, struct lookup *out, struct diag *d)
{
	if (!s->ex)
		return diag_set(d, "no exercise loaded: 'load ID' first ('list' shows them)");
	const struct model *m = s->ex->model;
	int r = model_result_index(m, name);
	if (r >= 0) {
		if (!s->solved)
			return diag_set(d, "%s is a result: run 'solve' first", name);
		if (s->stale)
			return diag_set(d,
					"%s is out of date (%s changed since 'solve'): run 'solve'",
					name, s->stale);
		if (s->result[r].kind == VAL_UNDEFINED)
			return diag_set(d, "%s has no value: %s", name, s->result[r].word);
		*out = (struct lookup){true, r, value_copy(&s->result[r]), m->results[r].unit};
		return 0;
	}
	int p = model_param_index(m, name);
	if (p >= 0) {
		*out = (struct lookup){false, p, param_value(s, (size_t)p), s->ex->params[p].unit};
		return 0;
	}
	const char *cands[128];
	char hint[96];
	size_t n = session_names(s, cands, 128, true, true);
	if (*text_did_you_mean(name, cands, n, hint, sizeof(hint)))
		return diag_set(d, "unknown name '%s'%s", name, hint);
	return diag_set(d, "unknown name '%s' in %s", name, s->ex->id);
}

int session_value_q(const struct session *s, const char *name, struct expr_q *q, struct diag *d)
{
	struct lookup lk;
	if (!strcmp(name, "ans") && !(s->ex && (model_param_index(s->ex->model, name) >= 0 ||
						model_result_index(s->ex->model, name) >= 0))) {
		if (!s->has_ans)
			return diag_set(d, "ans is the last number printed, and none has been yet");
		*q = s->ans;
		return 0;
	}
	if (!s->ex) {
		diag_set(d, "unknown name '%s' (no exercise is loaded)", name);
		return 1;
	}
	const bool known = model_param_index(s->ex->model, name) >= 0 ||
			   model_result_index(s->ex->model, name) >= 0;
	if (session_lookup(s, name, &lk, d))
		return known ? -1 : 1;
	if (lk.value.kind != VAL_NUMBER) {
		value_release(&lk.value);
		return diag_set(d, "%s is not a number", name);
	}
	struct unit u;
	if (unit_parse(lk.unit, &u, d)) {
		value_release(&lk.value);
		return -1;
	}
	*q = (struct expr_q){lk.value.num * u.factor,
			     {u.dim[0], u.dim[1], u.dim[2], u.dim[3]},
			     lk.unit[0] != '\0'};
	value_release(&lk.value);
	return 0;
}

int session_value_si(const struct session *s, const char *name, double *out, struct diag *d)
{
	struct expr_q q;
	int rc = session_value_q(s, name, &q, d);
	if (rc)
		return rc;
	*out = q.v;
	return 0;
}

void session_param_text(const struct session *s, size_t i, struct strbuf *out)
{
	struct value v = param_value(s, i);
	value_format(&v, out);
	value_release(&v);
}

void session_statement(const struct session *s, struct strbuf *out)
{
	const char *p = s->ex->statement;
	while (*p) {
		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			strbuf_addch(out, *p);
			p += 2;
			continue;
		}
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		if (!close) {
			strbuf_addch(out, *p++);
			continue;
		}
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(close - p - 1), p + 1);
		int i = model_param_index(s->ex->model, name);
		if (i >= 0)
			session_param_text(s, (size_t)i, out);
		else
			strbuf_add(out, p, (size_t)(close - p + 1));
		p = close + 1;
	}
}
