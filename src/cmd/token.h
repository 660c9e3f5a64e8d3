/* Splitting command lines into words, once, remembering where each word
 * starts so that a message can point at it. */
#ifndef TRIBO_TOKEN_H
#define TRIBO_TOKEN_H

#include <stddef.h>

#include "util/diag.h"

struct token {
	char *text; /* quotes removed */
	int col;    /* 1-based column of the word in the line */
};

struct tokens {
	struct token *v;
	size_t n;
};

/* Words are separated by blanks; '…' and "…" quote (a quote inside a
 * double-quoted word is escaped with a backslash); '#' at the start of a
 * word begins a comment. */
int tokenize(const char *line, struct tokens *out, struct diag *d);
void tokens_release(struct tokens *t);

/* A file name as typed, with a leading ~ or ~user expanded as the shell
 * would (readline's tilde_expand_word); a tilde anywhere else stays.
 * The caller frees it. */
char *token_path(const char *word);

/* Splits `text` into commands at ';' and newlines outside quotes. Each
 * piece is owned by the caller (free each, then the array). */
size_t split_commands(const char *text, char ***pieces);

#endif
