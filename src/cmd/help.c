/* help NAME (a parameter or result of the loaded exercise), help ID and
 * help MODEL (an exercise of the catalogue, a model): the handlers' help
 * beyond the command table's (cmd_help, command.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/handlers.h"
#include "dyn/law.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* ---- help NAME -------------------------------------------------------- */

static void help_param(struct cmd_ctx *c, size_t i)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct ex_param *p = &ex->params[i];
	const struct param_state *st = session_param(c->s, i);
	struct strbuf v = STRBUF_INIT;
	char range[128], dim[64];
	session_param_text(c->s, i, &v);
	strbuf_addf(c->out, "%s: a parameter of %s (%s)\n  %s\n", p->spec->name, ex->model->name,
		    ex->id, p->spec->doc);
	strbuf_addf(c->out, "  value: %s%s%s%s\n", strbuf_str(&v),
		    p->spec->kind == PARAM_NUMBER && p->unit[0] ? " " : "",
		    p->spec->kind == PARAM_NUMBER ? p->unit : "",
		    st->changed ? " (changed from the exercise's value)" : "");
	switch (p->spec->kind) {
	case PARAM_NUMBER:
		ex_param_range(p, range, sizeof(range));
		strbuf_addf(c->out, "  range: %s\n", range);
		if (p->unit[0])
			strbuf_addf(c->out,
				    "  unit: %s; 'set %s VALUE UNIT' takes any unit of %s\n",
				    p->unit, p->spec->name, unit_dim_name(&p->u, dim, sizeof(dim)));
		else
			strbuf_addstr(c->out, "  no unit\n");
		break;
	case PARAM_CHOICE:
		strbuf_addf(c->out, "  one of: %s\n", p->spec->choices);
		break;
	case PARAM_TEXT:
		strbuf_addstr(c->out, "  text: quote it when it holds blanks\n");
		break;
	}
	strbuf_release(&v);
}

static void help_result(struct cmd_ctx *c, size_t i)
{
	const struct exercise *ex = session_exercise(c->s);
	const struct result_spec *r = &ex->model->results[i];
	strbuf_addf(c->out, "%s: a result of %s (%s)\n  %s\n", r->name, ex->model->name, ex->id,
		    r->doc);
	if (r->unit[0])
		strbuf_addf(c->out, "  unit: %s\n", r->unit);
	if (!session_solved(c->s)) {
		strbuf_addstr(c->out, "  value: none yet ('solve' computes it)\n");
	} else {
		strbuf_addstr(c->out, "  value: ");
		cmd_add_result(c, i, false);
	}
	for (size_t k = 0; k < ex->nanswers; k++)
		if (ex->answers[k].result == (int)i && r->kind != VAL_NUMBER) {
			strbuf_addf(c->out, "  the exercise asks for it: 'check %s WORD'\n",
				    r->name);
		} else if (ex->answers[k].result == (int)i) {
			struct strbuf tol = STRBUF_INIT;
			tolerance_describe(&ex->answers[k].tol, ex->answers[k].unit, &tol);
			strbuf_addf(c->out,
				    "  the exercise asks for it (in %s, %s): 'check %s VALUE'\n",
				    ex->answers[k].unit[0] ? ex->answers[k].unit : "no unit",
				    strbuf_str(&tol), r->name);
			strbuf_release(&tol);
		}
}

int cmd_help_name(struct cmd_ctx *c, const char *name)
{
	const struct exercise *ex = session_exercise(c->s);
	if (!ex)
		return 1;
	int i = model_param_index(ex->model, name);
	if (i >= 0) {
		help_param(c, (size_t)i);
		return 0;
	}
	i = model_result_index(ex->model, name);
	if (i >= 0) {
		help_result(c, (size_t)i);
		return 0;
	}
	return 1;
}

/* ---- help ID, help MODEL ---------------------------------------------- */

/* The first `max` lines of s wrapped at 76 columns under a 2-blank
 * indent, and "  …" when there are more. */
static void add_first_lines(struct strbuf *out, const char *s, int max)
{
	struct strbuf w = STRBUF_INIT;
	text_wrap(&w, s, 76, 4);
	const char *p = strbuf_str(&w);
	for (int k = 0; *p && k < max; k++) {
		size_t n = strcspn(p, "\n");
		strbuf_add(out, p, n);
		strbuf_addch(out, '\n');
		p += n + (p[n] == '\n');
	}
	if (*p)
		strbuf_addstr(out, "    …\n");
	strbuf_release(&w);
}

/* Items a line of `indent` blanks' indent each, ", " between them, "and"
 * before the last (with `and`), a line broken only between items. */
static void add_items(struct strbuf *out, const char *const *items, size_t n, int indent, bool and)
{
	int col = 0;
	for (size_t i = 0; i < n; i++) {
		char item[256];
		snprintf(item, sizeof item, "%s%s%s", and&&n > 1 && i + 1 == n ? "and " : "",
			 items[i], i + 1 < n && !(and&&i + 2 == n) ? "," : "");
		int w = utf8_width(item);
		if (col > indent && col + 1 + w > 76) {
			strbuf_addch(out, '\n');
			col = 0;
		}
		if (col == 0) {
			strbuf_addf(out, "%*s", indent, "");
			col = indent;
		} else {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_addstr(out, item);
		col += w;
	}
	if (col)
		strbuf_addch(out, '\n');
}

static void add_name_list(struct strbuf *out, const char *const *names, size_t n, int indent)
{
	add_items(out, names, n, indent, true);
}

static void help_exercise(struct cmd_ctx *c, const struct catalog_entry *e)
{
	struct diag d;
	struct exercise *ex = exercise_read(e->path, &d);
	struct strbuf tmp = STRBUF_INIT, v = STRBUF_INIT;
	strbuf_addf(c->out, "%s: %s\n", e->id, cmd_escaped(&tmp, e->title));
	strbuf_addf(c->out, "  an exercise ('load %s' to work on it)\n", e->id);
	if (!ex) { /* catalog_scan read it a moment ago: it changed since */
		strbuf_addf(c->out, "  (it does not load now: 'load %s' says why)\n", e->id);
		strbuf_release(&tmp);
		return;
	}
	const struct model *m = ex->model;
	strbuf_addf(c->out, "  model:  %s, %s\n", m->name, m->summary);
	if (ex->source[0])
		strbuf_addf(c->out, "  source: %s\n", cmd_escaped(&tmp, ex->source));
	/* a session of its own puts the file's values into the statement */
	struct session *s = session_new();
	session_adopt(s, ex);
	struct strbuf st = STRBUF_INIT;
	session_statement(s, &st);
	if (st.len) {
		strbuf_addstr(c->out, "  statement:\n");
		add_first_lines(c->out, cmd_escaped(&tmp, strbuf_str(&st)), 3);
	}
	struct strbuf list = STRBUF_INIT;
	char **items = xcalloc(m->nparams + 1, sizeof(*items));
	size_t n = 0;
	for (size_t i = 0; i < m->nparams; i++) {
		if (!ex->params[i].line)
			continue;
		strbuf_reset(&v);
		session_param_text(s, i, &v);
		strbuf_reset(&list);
		strbuf_addf(&list, "%s = %s", m->params[i].name, cmd_escaped(&tmp, strbuf_str(&v)));
		if (m->params[i].kind == PARAM_NUMBER && ex->params[i].unit[0])
			strbuf_addf(&list, " %s", ex->params[i].unit);
		items[n++] = xstrdup(strbuf_str(&list));
	}
	if (n == m->nparams)
		strbuf_addstr(c->out, "  its parameters:\n");
	else if (n)
		strbuf_addf(c->out,
			    "  its parameters (%zu of the model's %zu; the others at the model's "
			    "values):\n",
			    n, m->nparams);
	add_items(c->out, (const char *const *)items, n, 4, false);
	for (size_t i = 0; i < n; i++)
		free(items[i]);
	free(items);
	if (ex->nanswers) {
		strbuf_reset(&list);
		for (size_t i = 0; i < ex->nanswers; i++) {
			const struct ex_answer *a = &ex->answers[i];
			strbuf_addf(&list, "%s%s", i ? ", " : "", a->name);
			if (m->results[a->result].kind == VAL_NUMBER && a->unit[0])
				strbuf_addf(&list, " (%s)", a->unit);
		}
		strbuf_addstr(c->out, "  asked for:\n");
		text_wrap(c->out, strbuf_str(&list), 76, 4);
	}
	const char *names[256];
	size_t nr = model_result_names(m, names, 256);
	strbuf_addf(c->out, "  results (%zu):\n", nr);
	add_name_list(c->out, names, nr, 4);
	strbuf_release(&list);
	strbuf_release(&st);
	strbuf_release(&tmp);
	strbuf_release(&v);
	session_free(s);
}

/* The exercises of model `name` in the catalogue, as a list. */
static void add_model_exercises(struct cmd_ctx *c, const struct catalog *cat, const char *name)
{
	const char **ids = xmalloc((cat->n + 1) * sizeof(*ids));
	size_t n = 0;
	for (size_t i = 0; i < cat->n; i++)
		if (!strcmp(cat->entry[i].model, name))
			ids[n++] = cat->entry[i].id;
	if (n) {
		strbuf_addf(c->out, "  its exercises (%zu; 'help ID' for one):\n", n);
		add_name_list(c->out, ids, n, 4);
	} else {
		strbuf_addstr(c->out, "  no exercise found uses it\n");
	}
	free(ids);
}

static void help_model(struct cmd_ctx *c, const struct model *m, const struct catalog *cat)
{
	const char *names[256];
	strbuf_addf(c->out, "model %s: %s\n", m->name, m->summary);
	size_t n = model_param_names(m, names, 256);
	strbuf_addf(c->out, "  parameters (%zu):\n", n);
	add_name_list(c->out, names, n, 4);
	for (size_t i = 0; i < m->nparams; i++)
		if (m->params[i].kind == PARAM_CHOICE)
			strbuf_addf(c->out, "  %s: %s\n", m->params[i].name, m->params[i].choices);
	n = model_result_names(m, names, 256);
	strbuf_addf(c->out, "  results (%zu):\n", n);
	add_name_list(c->out, names, n, 4);
	add_model_exercises(c, cat, m->name);
}

int cmd_help_exercise(struct cmd_ctx *c, const char *name)
{
	struct catalog cat;
	catalog_scan(&cat);
	const struct catalog_entry *e = catalog_find(&cat, name);
	const struct model *m = model_find(name);
	const struct model_maker *mk = m ? NULL : model_maker_find(name);
	if (e)
		help_exercise(c, e);
	if (e && (m || mk))
		strbuf_addch(c->out, '\n');
	if (m) {
		help_model(c, m, &cat);
	} else if (mk) {
		strbuf_addf(c->out,
			    "model %s: a model the exercise file states in its own sections\n"
			    "  (tribo-exercise(5)); its parameters and results are the file's\n",
			    mk->name);
		add_model_exercises(c, &cat, mk->name);
	}
	catalog_release(&cat);
	return e || m || mk ? 0 : 1;
}
