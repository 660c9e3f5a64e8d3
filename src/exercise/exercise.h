/* Exercise files (SPEC §3): INI read by tribo itself, checked against the
 * model they name. An exercise holds one entry per model parameter: the
 * file's value, unit and ranges where it gives them, the model's defaults
 * where it does not. */
#ifndef TRIBO_EXERCISE_H
#define TRIBO_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exercise/units.h"
#include "models/model.h"
#include "util/diag.h"

enum { EXERCISE_MAX_BYTES = 1 << 20 };

struct ex_param {
	const struct param_spec *spec;
	char *unit;	   /* display unit: the file's, else the model's */
	struct unit u;	   /* display unit, parsed */
	struct unit canon; /* the model's unit, parsed */
	double value;	   /* PARAM_NUMBER, in the display unit */
	int choice;	   /* PARAM_CHOICE */
	char *text;	   /* PARAM_TEXT */
	double min, max;   /* the file's bounds in the display unit; ±INFINITY */
	bool has_draw;
	double draw_lo, draw_hi;
	int digits; /* significant digits of drawn values */
	int line;   /* line of its [param] section; 0 if not in the file */
	int value_line, range_line, draw_line, digits_line; /* where those keys are, or 0 */
};

enum tol_kind { TOL_DEFAULT, TOL_REL, TOL_ABS, TOL_SIG };

/* TOL_DEFAULT is relative, TOLERANCE_DEFAULT_REL. */
#define TOLERANCE_DEFAULT_REL 0.01

struct tolerance {
	enum tol_kind kind;
	double value; /* TOL_REL: a fraction; TOL_ABS: in the answer's unit;
		       * TOL_SIG: significant figures */
};

/* The tolerance as check and generate state it: "1%", "1% (the
 * default)", "±0.005 m", "3 significant figures". */
void tolerance_describe(const struct tolerance *tol, const char *unit, struct strbuf *out);
/* The precision a sheet asks for, so that an answer given to it is
 * within the tolerance: a relative tolerance r asks for the fewest
 * significant figures N whose rounding error, at most 0.5*10^(1-N) of
 * the value, is within r (N = ceil(1 - log10(2r)): 3 for 1%, 4 for
 * 0.1%); an absolute one a asks for the fewest decimals D with
 * 0.5*10^-D <= a. "to 1%, i.e. 3 significant figures", "to 3
 * significant figures", "to ±0.01 s, i.e. 2 decimal places". */
void tolerance_precision(const struct tolerance *tol, const char *unit, struct strbuf *out);
/* N and D above (for TOL_SIG its figures; for TOL_ABS, D, which may be
 * 0 or negative: to the nearest 10^-D). */
int tolerance_figures(const struct tolerance *tol);

struct ex_answer {
	char *name;
	int result; /* index into the model's results */
	char *unit; /* the unit the answer is asked in */
	struct unit u;
	struct tolerance tol;
	char *hint;
	/* `text`: what a sheet says the answer is, in the students' words,
	 * in place of the result's doc (which speaks of the workbench); NULL
	 * when the file gives none */
	char *text;
	int line;
};

struct ex_scene;

struct exercise {
	char *path;
	char *text; /* the file as read, whole (`save FILE.ini` rewrites its values) */
	size_t text_len;
	int line; /* of the [exercise] section */
	char *id, *title, *source, *statement;
	/* `hint`: what a workbench user types to work the exercise (which
	 * `set`, which `plot`), shown by `show`, never on a sheet; "" */
	char *hint;
	/* `figure = none | scene | NAME`: what each variant of a problem set
	 * shows beside its statement (generate): NULL, the default, is the
	 * scene at t = 0; "none" nothing; NAME one of the solve's figures,
	 * which lint checks. figure_line 0 when the file has none */
	char *figure;
	int figure_line;
	const struct model *model;
	struct model *own_model;	     /* a model the file states: the one made for it */
	const struct model_maker *own_maker; /* and its maker, which frees it */
	struct ex_param *params;	     /* model->nparams of them, in the model's order */
	struct ex_answer *answers;
	size_t nanswers;
	/* `keep = NAME...`: word or true/false results whose value at the
	 * file's own values every drawn variant must keep (indices into the
	 * model's results); an [answer] on a verdict does not imply it */
	int *keep;
	size_t nkeep;
	int keep_line; /* 0 when the file has no keep */
	/* `overlay = NAME V1 V2 ...`: solve runs the model again at each value
	 * of the number parameter NAME (in its display unit) and draws the
	 * runs together in one figure; noverlay = 0 when none */
	int overlay_param;
	double *overlay;
	size_t noverlay;
	int overlay_line;
	/* the file's characters no output carries (comments left out), the
	 * first EX_UNWRITABLE_KEPT of them; nunwritable: how many in all */
	struct ex_unwritable *unwritable;
	size_t nunwritable;
	/* [scene]: how a model the file states is drawn (scene_spec.h); NULL
	 * when the file has none */
	struct ex_scene *scene;
};

/* A character of the file's text that no output format carries as
 * itself (utf8_cp_unwritable: U+FFFE, a control...): load takes it,
 * generate writes it as \xHH, lint refuses it here. */
struct ex_unwritable {
	int line, col; /* 1-based; col in bytes, as the parser's errors */
	uint32_t cp;   /* UTF8_INVALID never: the parser refuses bad UTF-8 */
	char *source;  /* the line */
};

/* The most of them an exercise keeps; nunwritable counts them all. */
enum { EX_UNWRITABLE_KEPT = 20 };

/* The most runs one overlay draws together: the palette's colours. */
#define EX_OVERLAY_MAX 7

/* Parses an exercise from text; `path` is used in messages. Returns NULL
 * with d filled (file, line, column, the line itself). Caller frees. */
struct exercise *exercise_parse(const char *path, const char *text, size_t len, struct diag *d);
/* Reads and parses a file. */
struct exercise *exercise_read(const char *path, struct diag *d);
void exercise_free(struct exercise *ex);

/* Checks a display-unit value of parameter p against the file's range and
 * the model's limits; d says which bound and shows the range. */
int ex_param_check(const struct ex_param *p, double value, struct diag *d);
/* The range as text, such as "(0, 5] kg" or "≥ 0". */
void ex_param_range(const struct ex_param *p, char *buf, size_t n);
/* Converts a display-unit value to the model's unit. */
double ex_param_to_model(const struct ex_param *p, double value);

/* The exercise directories, in search order (SPEC §1). */
struct exercise_dirs {
	char **dir;
	size_t n;
};
void exercise_dirs_init(struct exercise_dirs *dirs);
void exercise_dirs_release(struct exercise_dirs *dirs);

/* What `list` shows and `load ID` searches: every readable exercise in the
 * directories, the first of an id winning; files that fail to parse are
 * kept as warnings. */
struct catalog_entry {
	char *id, *title, *source, *path;
	char *model; /* the model's name, for `list WORD` and `help MODEL` */
};

struct catalog {
	struct catalog_entry *entry;
	size_t n;
	struct strbuf warnings;
};

void catalog_scan(struct catalog *cat);
/* The exercise ID as catalog_scan and exercise_read would give it (the
 * first file, directories in order and names sorted, that reads without
 * error and has that id), without reading the others beyond their id
 * line; NULL when there is none (catalog_scan then says what there is). */
struct exercise *catalog_load(const char *id);
void catalog_release(struct catalog *cat);
const struct catalog_entry *catalog_find(const struct catalog *cat, const char *id);

#endif
