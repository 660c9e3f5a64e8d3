#include "cmd/token.h"

#include <readline/tilde.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int tokenize(const char *line, struct tokens *out, struct diag *d)
{
	out->v = NULL;
	out->n = 0;
	const char *p = line;
	for (;;) {
		while (blank(*p))
			p++;
		if (!*p || *p == '#')
			return 0;
		struct strbuf w = STRBUF_INIT;
		int col = (int)(p - line) + 1;
		while (*p && !blank(*p)) {
			if (*p == '\'' || *p == '"') {
				char q = *p;
				const char *open = p++;
				while (*p && *p != q) {
					if (q == '"' && *p == '\\' && (p[1] == '"' || p[1] == '\\'))
						p++;
					strbuf_addch(&w, *p++);
				}
				if (!*p) {
					strbuf_release(&w);
					tokens_release(out);
					return diag_set(d, "unterminated quote %c at column %d", q,
							(int)(open - line) + 1);
				}
				p++;
			} else {
				strbuf_addch(&w, *p++);
			}
		}
		if ((out->n & (out->n - 1)) == 0) /* 0, 1, 2, 4, …: double, not one more */
			out->v = xrealloc(out->v, 2 * (out->n + 1) * sizeof(*out->v));
		out->v[out->n++] = (struct token){strbuf_detach(&w), col};
	}
}

void tokens_release(struct tokens *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].text);
	free(t->v);
	t->v = NULL;
	t->n = 0;
}

size_t split_commands(const char *text, char ***pieces)
{
	size_t n = 0;
	*pieces = NULL;
	const char *start = text, *p = text;
	char quote = 0;
	for (;; p++) {
		if (quote) {
			if (*p == '\\' && quote == '"' && p[1])
				p++;
			else if (*p == quote)
				quote = 0;
			if (*p)
				continue;
		}
		if (*p == '\'' || *p == '"') {
			quote = *p;
			continue;
		}
		if (*p == ';' || *p == '\n' || !*p) {
			if ((n & (n - 1)) == 0)
				*pieces = xrealloc(*pieces, 2 * (n + 1) * sizeof(char *));
			(*pieces)[n++] = xstrndup(start, (size_t)(p - start));
			if (!*p)
				break;
			start = p + 1;
		}
	}
	return n;
}

char *token_path(const char *word)
{
	if (word[0] != '~')
		return xstrdup(word);
	char *p = tilde_expand_word(word);
	return p ? p : xstrdup(word);
}
