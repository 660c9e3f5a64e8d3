#include "dyn/spec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"
#include "util/xalloc.h"

int param_choice_count(const struct param_spec *spec)
{
	int n = 1;
	for (const char *p = spec->choices; *p; p++)
		n += *p == '|';
	return n;
}

const char *param_choice_word(const struct param_spec *spec, int i, char *buf, size_t n)
{
	const char *p = spec->choices;
	for (; i > 0 && p; i--) {
		p = strchr(p, '|');
		if (p)
			p++;
	}
	if (!p) {
		snprintf(buf, n, "?");
		return buf;
	}
	size_t len = strcspn(p, "|");
	snprintf(buf, n, "%.*s", (int)len, p);
	return buf;
}

int param_choice_index(const struct param_spec *spec, const char *word)
{
	char buf[64];
	int n = param_choice_count(spec);
	for (int i = 0; i < n; i++)
		if (!strcmp(param_choice_word(spec, i, buf, sizeof(buf)), word))
			return i;
	return -1;
}

bool param_within_limits(const struct param_spec *spec, double x)
{
	if (!isfinite(x))
		return false;
	if (spec->lo_open ? !(x > spec->lo) : !(x >= spec->lo))
		return false;
	if (spec->hi_open ? !(x < spec->hi) : !(x <= spec->hi))
		return false;
	return true;
}

struct value value_number(double x)
{
	return (struct value){.kind = VAL_NUMBER, .num = x};
}

struct value value_bool(bool b)
{
	return (struct value){.kind = VAL_BOOL, .b = b};
}

struct value value_word(const char *w)
{
	return (struct value){.kind = VAL_WORD, .word = xstrdup(w)};
}

struct value value_matrix(int rows, int cols, const double *m)
{
	struct value v = {.kind = VAL_MATRIX, .rows = rows, .cols = cols};
	v.m = xmalloc((size_t)rows * (size_t)cols * sizeof(double));
	memcpy(v.m, m, (size_t)rows * (size_t)cols * sizeof(double));
	return v;
}

void value_release(struct value *v)
{
	free(v->word);
	free(v->m);
	*v = (struct value){.kind = VAL_NONE};
}

struct value value_copy(const struct value *v)
{
	switch (v->kind) {
	case VAL_WORD:
		return value_word(v->word);
	case VAL_MATRIX:
		return value_matrix(v->rows, v->cols, v->m);
	default:
		return *v;
	}
}

void value_format(const struct value *v, struct strbuf *out)
{
	char buf[64];
	switch (v->kind) {
	case VAL_NONE:
		strbuf_addstr(out, "(none)");
		break;
	case VAL_NUMBER:
		text_format_number(v->num, buf, sizeof(buf));
		strbuf_addstr(out, buf);
		break;
	case VAL_BOOL:
		strbuf_addstr(out, v->b ? "true" : "false");
		break;
	case VAL_WORD:
		strbuf_addstr(out, v->word);
		break;
	case VAL_MATRIX:
		for (int i = 0; i < v->rows; i++) {
			if (i)
				strbuf_addch(out, '\n');
			for (int j = 0; j < v->cols; j++) {
				if (j)
					strbuf_addch(out, ' ');
				text_format_number(v->m[i * v->cols + j], buf, sizeof(buf));
				strbuf_addstr(out, buf);
			}
		}
		break;
	}
}

void value_format_inline(const struct value *v, struct strbuf *out)
{
	if (v->kind != VAL_MATRIX) {
		value_format(v, out);
		return;
	}
	char buf[64];
	strbuf_addch(out, '[');
	for (int a = 0; a < v->rows; a++)
		for (int b = 0; b < v->cols; b++) {
			text_format_number(v->m[a * v->cols + b], buf, sizeof(buf));
			strbuf_addf(out, "%s%s", buf,
				    b + 1 < v->cols   ? " "
				    : a + 1 < v->rows ? "; "
						      : "");
		}
	strbuf_addch(out, ']');
}

int model_require_finite(const struct named_result *got, size_t n, const char *why, struct diag *d)
{
	for (size_t i = 0; i < n; i++)
		if (!isfinite(got[i].v))
			return diag_set(d, "%s came out as %g: %s", got[i].name, got[i].v, why);
	return 0;
}
