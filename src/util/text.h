/* Small text helpers shared by the layers above. */
#ifndef TRIBO_TEXT_H
#define TRIBO_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Parses all of `s` as a finite double. Returns 0, or -1 with a reason in
 * `why` ("is not a number", "is not finite", "is out of range"). */
int text_parse_double(const char *s, double *out, const char **why);
/* Parses all of `s` as a decimal int in [lo, hi]. */
int text_parse_int(const char *s, int lo, int hi, int *out);
/* The candidate closest to `word` by edit distance, if close enough to be
 * a likely typo; NULL otherwise. */
const char *text_suggest(const char *word, const char *const *cands, size_t n);
/* " (did you mean 'x'?)" when text_suggest finds x, else "": for the end
 * of a message. Returns buf. */
const char *text_did_you_mean(const char *word, const char *const *cands, size_t n, char *buf,
			      size_t size);
/* [A-Za-z_][A-Za-z0-9_]* */
bool text_is_name(const char *s);
/* s as a message quotes it: whole when it is short, else its first 60
 * bytes (whole UTF-8 characters) and "…", so that a megabyte of user text
 * does not push the reason out of a message. Returns buf; n >= 64. */
enum { TEXT_CLIP_SIZE = 64 };
const char *text_clip(const char *s, char *buf, size_t n);
/* Formats a number as the product prints it: %.12g, with "-0" as "0". */
void text_format_number(double x, char *buf, size_t n);

/* Appends s, wrapped at word boundaries to `width` columns, each line
 * indented by `indent` spaces. */
struct strbuf;
void text_wrap(struct strbuf *out, const char *s, int width, int indent);
/* Appends s line by line: a line that fits in `width` columns as it is
 * (its spacing kept), a longer one wrapped with its own indentation and
 * continuation lines 4 columns deeper. */
void text_wrap_lines(struct strbuf *out, const char *s, int width);

#endif
