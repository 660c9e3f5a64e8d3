/* The exercise parser's insides, shared by its files: exercise.c (the
 * lines, the sections and their keys), sections.c (a model the file
 * states: its sections read before the rest), checks.c (the whole-file
 * checks once every line is read). Nothing outside src/exercise/ includes
 * it. */
#ifndef TRIBO_EXERCISE_PARSE_H
#define TRIBO_EXERCISE_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/exercise.h"
#include "util/diag.h"

/* ---- reading lines ------------------------------------------------------ */

/* tribo reads the INI text itself (it used libinih, whose Debian build cuts
 * a line at 200 bytes): a line is a [section], a `key = value` (split at
 * the first '=' or ':'), a comment (';' or '#' first), blank, or, after a
 * key, an indented line that continues that key's value. An inline
 * comment is a ';' after a blank. A line may be as long as the file. */

/* SEC_MODEL: a section of a model the file states (model.h's makers) */
/* SEC_SCENE: the [scene] of a model the file states, its lines kept as they
 * are (exercise/scene_spec.h) */
enum section { SEC_NONE, SEC_EXERCISE, SEC_PARAM, SEC_ANSWER, SEC_MODEL, SEC_SCENE };

struct parse {
	const char *path;
	const char *text;
	size_t len, pos;
	int lineno;
	char *raw;	   /* the current physical line, without its newline */
	bool prev_key;	   /* a key came before: an indented line continues it */
	bool continuation; /* the current line continues a value */
	char prev_name[32];
	char *keep;    /* the value of `keep`, resolved once the model is known */
	char *overlay; /* the value of `overlay`, likewise */
	struct exercise *ex;
	struct diag *d;
	bool failed;  /* an error was found: the file does not load */
	int nerr;     /* errors found so far (the first in d, the others in d->more) */
	bool stop;    /* no use reading on: too many errors, or no model */
	bool skip;    /* the current section's header was wrong: its keys are not read */
	int sec_nerr; /* nerr when the current section began: its own errors are the rest */

	enum section sec;
	char secname[80];
	int sec_line;
	struct ex_param *param;
	struct {	      /* the param's `value = 15 cm`: put in its unit at */
		bool pending; /* the section's end, where the unit is known */
		double si;
		struct unit u; /* factor 1, the value's powers */
		char text[64];
		int col;
	} value_q;
	struct ex_answer *answer;
	const struct model_section_spec *model_sec; /* of SEC_MODEL */
	unsigned seen;				    /* keys given in this section, one bit each */
	int seen_line[8];
	char last_key[32];
	bool had_exercise;
	int exercise_line;
	int statement_line;
	struct {
		size_t offset;
		int line;
	} stmt_piece[64]; /* where statement text came from */
	size_t nstmt;
	bool *param_given;
};

/* The most errors of a file reported: after them, reading stops. */
enum { PARSE_MAX_ERRORS = 20 };

/* An error at the current line (col 1-based, 0 for none); returns 0. */
int parse_err(struct parse *ps, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Error about another line than the current one (the final checks); col 0
 * points at the line's first word; returns -1. */
int parse_err_line(struct parse *ps, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The current line's key's and value's columns. */
int parse_col_of_key(const struct parse *ps);
int parse_col_of_value(const struct parse *ps);
/* s[0..n) without the blanks around it, in place. */
char *parse_strip(char *s, size_t n);
/* The text of physical line `line` (bounded by the input, not by a NUL). */
void parse_line_text(const struct parse *ps, int line, char *buf, size_t n);

/* The model of a file whose model its maker makes from the file's
 * sections; NULL with the error recorded (sections.c). */
struct model *parse_file_model(struct parse *ps, const struct model_maker *maker);

/* The whole-file checks (checks.c): a [param] once its section ends, and
 * once every line is read, the statement's placeholders, `keep`,
 * `overlay` and the model's domain at the file's values. */
void parse_final_param(struct parse *ps);
void parse_final_statement(struct parse *ps);
void parse_final_keep(struct parse *ps);
void parse_final_overlay(struct parse *ps);
void parse_final_domain(struct parse *ps);
/* The [scene]: read and compiled with the model's names, and evaluated at
 * the file's values (every number finite, a circle's r above 0). */
void parse_final_scene(struct parse *ps);

#endif
