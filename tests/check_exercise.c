/* The exercise-file parser (SPEC §3): good files, the shipped files, every
 * kind of bad file with the place and the wording of its message, the
 * range text of a parameter, and the catalog of exercise directories. */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exercise/exercise.h"
#include "models/model.h"
#include "testutil.h"
#include "util/diag.h"
#include "util/strbuf.h"

#define PATH "t.ini"

/* Lines 1-4 of most test files: a complete [exercise] section. */
#define HEAD "[exercise]\nid = t\ntitle = T\nmodel = disk\n"

static struct exercise *parse_len(const char *text, size_t len, struct diag *d)
{
	return exercise_parse(PATH, text, len, d);
}

static struct exercise *parse(const char *text, struct diag *d)
{
	return parse_len(text, strlen(text), d);
}

/* Expects text[0..len) to be refused at `line` (and `col`, unless col < 0)
 * with a message holding `word`; `at` is the caller's line for the report.
 * The diag is copied to `out` when it is not NULL. */
static void fail_len(const char *text, size_t len, int line, int col, const char *word,
		     struct diag *out, int at)
{
	struct diag d;
	struct exercise *ex = parse_len(text, len, &d);
	bool parsed = ex != NULL;
	exercise_free(ex);
	if (out)
		*out = d;
	ck_assert_msg(!parsed, "line %d: the text parsed; expected a failure about '%s'", at, word);
	ck_assert_msg(!strcmp(d.file, PATH), "line %d: d.file = '%s', expected '%s' (%s)", at,
		      d.file, PATH, d.msg);
	ck_assert_msg(d.line == line, "line %d: d.line = %d, expected %d (%s)", at, d.line, line,
		      d.msg);
	if (col >= 0)
		ck_assert_msg(d.col == col, "line %d: d.col = %d, expected %d (%s)", at, d.col, col,
			      d.msg);
	ck_assert_msg(strstr(d.msg, word) != NULL, "line %d: message '%s' does not say '%s'", at,
		      d.msg, word);
}

#define expect_fail(text, line, col, word)                                                         \
	fail_len(text, strlen(text), line, col, word, NULL, __LINE__)
#define expect_fail_d(text, line, col, word, d)                                                    \
	fail_len(text, strlen(text), line, col, word, d, __LINE__)

/* The message of the last failure also holds `word`. */
#define expect_msg_has(d, word)                                                                    \
	ck_assert_msg(strstr((d)->msg, word) != NULL, "message '%s' does not say '%s'", (d)->msg,  \
		      word)
#define expect_msg_lacks(d, word)                                                                  \
	ck_assert_msg(strstr((d)->msg, word) == NULL, "message '%s' should not say '%s'",          \
		      (d)->msg, word)

static const struct ex_param *param(const struct exercise *ex, const char *name)
{
	int i = model_param_index(ex->model, name);
	ck_assert_msg(i >= 0, "model %s has no parameter %s", ex->model->name, name);
	return &ex->params[i];
}

/* ---- a good file ----------------------------------------------------------- */

/* clang-format off */
static const char good[] =
	"; a test exercise\n"                                    /* 1 */
	"[exercise]\n"                                           /* 2 */
	"id = disk-test-1\n"                                     /* 3 */
	"title = A disk\n"                                       /* 4 */
	"  on a plane\n"                                         /* 5 */
	"model = disk\n"                                         /* 6 */
	"source = Nowhere, §1\n"                                 /* 7 */
	"statement = A disk of mass {m} kg and radius {r} cm\n"  /* 8 */
	"  spins at {omega} rad/s, {{braces}} kept.\n"           /* 9 */
	"\n"                                                     /* 10 */
	"[param m]\n"                                            /* 11 */
	"value = 3\n"                                            /* 12 */
	"unit = kg\n"                                            /* 13 */
	"min = 1\n"                                              /* 14 */
	"max = 5\n"                                              /* 15 */
	"draw = 1.5 4.5\n"                                       /* 16 */
	"digits = 2 ; two\n"                                     /* 17 */
	"\n"                                                     /* 18 */
	"[param r]  ; in centimetres\n"                          /* 19 */
	"value = 15\n"                                           /* 20 */
	"unit = cm\n"                                            /* 21 */
	"draw = 5 30\n"                                          /* 22 */
	"\n"                                                     /* 23 */
	"[param pressure]\n"                                     /* 24 */
	"value = uniform\n"                                      /* 25 */
	"\n"                                                     /* 26 */
	"[answer stop_time]\n"                                   /* 27 */
	"unit = s\n"                                             /* 28 */
	"tolerance = 1%\n"                                       /* 29 */
	"hint = Integrate the equation\n"                        /* 30 */
	"  of motion.\n"                                         /* 31 */
	"\n"                                                     /* 32 */
	"[answer torque]\n"                                      /* 33 */
	"tolerance = 0.01\n";                                    /* 34 */
/* clang-format on */

/* Issue 21: a file with several mistakes says each, with its line,
 * column and caret, in one load; the file still does not load. A header
 * that is wrong hides its section's keys (they would only echo it), and
 * an unknown model the rest. */
START_TEST(test_all_errors)
{
	struct diag d;
	struct exercise *ex = parse("[exercise]\nid = t\ntitle = T\nmodel = disk\n"
				    "statment = A disk.\n\n[param r]\nvalue = abc\n\n"
				    "[param mu]\nvalue = 0.3\ndraw = 0.1\n",
				    &d);
	ck_assert_ptr_null(ex);
	ck_assert_int_eq(d.line, 5);
	ck_assert_int_eq(d.col, 1);
	ck_assert_ptr_nonnull(strstr(d.msg, "unknown key 'statment'"));
	ck_assert_int_eq(d.nmore, 2);
	ck_assert_ptr_nonnull(strstr(d.more, "t.ini:8:9: 'abc' is not a number\n"
					     "    value = abc\n            ^\n"));
	ck_assert_ptr_nonnull(strstr(d.more, "t.ini:12:8: draw takes two numbers"));
	ck_assert_ptr_nonnull(strstr(d.more, "\n3 errors\n"));
	struct strbuf sb = STRBUF_INIT;
	diag_format(&d, &sb);
	int carets = 0;
	for (const char *p = strbuf_str(&sb); (p = strstr(p, "^\n")); p++)
		carets++;
	ck_assert_int_eq(carets, 3);
	strbuf_release(&sb);

	ex = parse("[exercise]\nid = t\ntitle = T\nmodel = disk\n[parm r]\nvalue = 1\n"
		   "unit = m\n[param mu]\nvalue = x\n",
		   &d);
	ck_assert_ptr_null(ex);
	ck_assert_int_eq(d.line, 5);
	ck_assert_int_eq(d.nmore, 1);
	ck_assert_ptr_nonnull(strstr(d.more, "t.ini:9:"));
	/* a line whose only ':' is in its inline comment (found by fuzzing: it
	 * crashed load) */
	ex = parse("d ;:3m}&/", &d);
	ck_assert_ptr_null(ex);
	ck_assert_int_eq(d.line, 1);
	ck_assert_ptr_nonnull(strstr(d.msg, "expected 'key = value' or a [section]"));
	ex = parse("[exercise]\nid = t\ntitle = T\nmodel = dsk\n[param mu]\nvalue = x\n", &d);
	ck_assert_ptr_null(ex);
	ck_assert_ptr_nonnull(strstr(d.msg, "unknown model 'dsk'"));
	ck_assert_int_eq(d.nmore, 0);
}
END_TEST

START_TEST(test_good_file)
{
	struct diag d;
	struct exercise *ex = parse(good, &d);
	ck_assert_msg(ex != NULL, "good file refused: %s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	ck_assert_str_eq(ex->path, PATH);
	ck_assert_str_eq(ex->id, "disk-test-1");
	ck_assert_str_eq(ex->title, "A disk on a plane");
	ck_assert_ptr_eq(ex->model, model_find("disk"));
	ck_assert_str_eq(ex->source, "Nowhere, §1");
	ck_assert_str_eq(ex->statement, "A disk of mass {m} kg and radius {r} cm spins at {omega} "
					"rad/s, {{braces}} kept.");

	const struct ex_param *m = param(ex, "m");
	ck_assert_double_eq(m->value, 3);
	ck_assert_str_eq(m->unit, "kg");
	ck_assert_double_eq(m->min, 1);
	ck_assert_double_eq(m->max, 5);
	ck_assert(m->has_draw);
	ck_assert_double_eq(m->draw_lo, 1.5);
	ck_assert_double_eq(m->draw_hi, 4.5);
	ck_assert_int_eq(m->digits, 2);
	ck_assert_int_eq(m->line, 11);
	ck_assert_int_eq(m->value_line, 12);
	ck_assert_int_eq(m->range_line, 15);
	ck_assert_int_eq(m->draw_line, 16);
	ck_assert_double_eq(ex_param_to_model(m, m->value), 3);

	const struct ex_param *r = param(ex, "r");
	ck_assert_double_eq(r->value, 15);
	ck_assert_str_eq(r->unit, "cm");
	ck_assert_rel(ex_param_to_model(r, r->value), 0.15, 1e-12);
	ck_assert_rel(ex_param_to_model(r, 100), 1.0, 1e-12);
	ck_assert(r->has_draw);
	ck_assert_double_eq(r->draw_lo, 5);
	ck_assert_double_eq(r->draw_hi, 30);
	ck_assert_int_eq(r->digits, 3);
	ck_assert_int_eq(r->line, 19);
	ck_assert_int_eq(r->value_line, 20);
	ck_assert_int_eq(r->range_line, 0);
	ck_assert(isinf(r->min) && r->min < 0);
	ck_assert(isinf(r->max) && r->max > 0);

	const struct ex_param *pr = param(ex, "pressure");
	ck_assert_int_eq(pr->choice, 1); /* reye|uniform */
	ck_assert_int_eq(pr->line, 24);

	/* parameters the file does not mention keep the model's defaults */
	const struct ex_param *mu = param(ex, "mu");
	ck_assert_double_eq(mu->value, 0.3);
	ck_assert_str_eq(mu->unit, "");
	ck_assert_int_eq(mu->line, 0);
	ck_assert_int_eq(mu->value_line, 0);
	ck_assert(!mu->has_draw);
	ck_assert(isinf(mu->min) && mu->min < 0);
	ck_assert(isinf(mu->max) && mu->max > 0);
	ck_assert_int_eq(mu->digits, 3);
	const struct ex_param *g = param(ex, "g");
	ck_assert_double_eq(g->value, 9.81);
	ck_assert_str_eq(g->unit, "m/s^2");
	ck_assert_int_eq(g->line, 0);
	const struct ex_param *om = param(ex, "omega");
	ck_assert_double_eq(om->value, 10);
	ck_assert_str_eq(om->unit, "rad/s");
	ck_assert_double_eq(ex_param_to_model(om, om->value), 10);

	ck_assert_uint_eq(ex->nanswers, 2);
	const struct ex_answer *a = &ex->answers[0];
	ck_assert_str_eq(a->name, "stop_time");
	ck_assert_int_eq(a->result, model_result_index(ex->model, "stop_time"));
	ck_assert_str_eq(a->unit, "s");
	ck_assert_int_eq(a->tol.kind, TOL_REL);
	ck_assert_double_eq_tol(a->tol.value, 0.01, 1e-15);
	ck_assert_ptr_nonnull(a->hint);
	ck_assert_str_eq(a->hint, "Integrate the equation of motion.");
	ck_assert_int_eq(a->line, 27);
	a = &ex->answers[1];
	ck_assert_str_eq(a->name, "torque");
	ck_assert_int_eq(a->result, model_result_index(ex->model, "torque"));
	ck_assert_str_eq(a->unit, "N*m"); /* the model's, as the file names none */
	ck_assert_int_eq(a->tol.kind, TOL_ABS);
	ck_assert_double_eq_tol(a->tol.value, 0.01, 1e-15);
	ck_assert_ptr_null(a->hint);
	ck_assert_int_eq(a->line, 33);
	exercise_free(ex);
}
END_TEST

START_TEST(test_minimal_file_defaults)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "[answer R]\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_str_eq(ex->source, "");
	ck_assert_str_eq(ex->statement, "");
	ck_assert_str_eq(ex->hint, "");
	ck_assert_int_eq(param(ex, "pressure")->choice, 0); /* the first choice, reye */
	ck_assert_double_eq(param(ex, "m")->value, 2);
	ck_assert_double_eq(param(ex, "r")->value, 0.2);
	ck_assert_str_eq(param(ex, "r")->unit, "m");
	ck_assert_uint_eq(ex->nanswers, 1);
	ck_assert_str_eq(ex->answers[0].unit, "W");
	ck_assert_int_eq(ex->answers[0].tol.kind, TOL_DEFAULT);
	ck_assert_ptr_null(ex->answers[0].hint);
	ck_assert_ptr_null(ex->answers[0].text);
	exercise_free(ex);
	exercise_free(NULL);
}
END_TEST

START_TEST(test_unit_without_value_converts_default)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "[param r]\nunit = cm\n[param omega]\nvalue = -5\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	const struct ex_param *r = param(ex, "r");
	ck_assert_str_eq(r->unit, "cm");
	ck_assert_rel(r->value, 20.0, 1e-12);
	ck_assert_rel(ex_param_to_model(r, r->value), 0.2, 1e-12);
	ck_assert_double_eq(param(ex, "omega")->value, -5);
	exercise_free(ex);
}
END_TEST

START_TEST(test_shipped_files)
{
	struct diag d;
	struct exercise *ex = exercise_read("exercises/disk-reye.ini", &d);
	ck_assert_msg(ex != NULL, "%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	ck_assert_str_eq(ex->id, "disk-reye");
	ck_assert_str_eq(ex->path, "exercises/disk-reye.ini");
	ck_assert_ptr_eq(ex->model, model_find("disk"));
	ck_assert_int_eq(param(ex, "pressure")->choice, 0);
	ck_assert_double_eq(param(ex, "r")->value, 0.15);
	ck_assert_uint_eq(ex->nanswers, 2);
	ck_assert_str_eq(ex->answers[0].name, "R_coeff");
	ck_assert_str_eq(ex->answers[1].name, "stop_time");
	ck_assert_ptr_nonnull(strstr(ex->statement, "speed. Find the Rayleigh"));
	exercise_free(ex);

	ex = exercise_read("exercises/disk-uniform.ini", &d);
	ck_assert_msg(ex != NULL, "%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	ck_assert_str_eq(ex->id, "disk-uniform");
	ck_assert_int_eq(param(ex, "pressure")->choice, 1);
	ck_assert_uint_eq(ex->nanswers, 2);
	ck_assert_str_eq(ex->answers[0].name, "torque");
	exercise_free(ex);
}
END_TEST

START_TEST(test_read_errors)
{
	struct diag d;
	struct exercise *ex = exercise_read("exercises/no-such-file.ini", &d);
	ck_assert_ptr_null(ex);
	ck_assert_str_eq(d.file, "exercises/no-such-file.ini");
	ck_assert_ptr_nonnull(strstr(d.msg, "cannot open"));
	ex = exercise_read("exercises", &d);
	ck_assert_ptr_null(ex);
	ck_assert_ptr_nonnull(strstr(d.msg, "directory"));
}
END_TEST

/* ---- structure ----------------------------------------------------------- */

START_TEST(test_unknown_key)
{
	struct diag d;
	expect_fail_d(HEAD "[param m]\nvalu = 3\n", 6, 1, "unknown key 'valu'", &d);
	expect_msg_has(&d, "did you mean 'value'");
	expect_msg_has(&d, "[param m]");
	expect_fail_d(HEAD "titel = x\n", 5, 1, "unknown key 'titel'", &d);
	expect_msg_has(&d, "did you mean 'title'");
	expect_fail_d(HEAD "colour = red\n", 5, 1, "unknown key 'colour'", &d);
	expect_msg_lacks(&d, "did you mean");
	expect_fail_d(HEAD "[answer torque]\ntolerence = 1%\n", 6, 1, "unknown key", &d);
	expect_msg_has(&d, "did you mean 'tolerance'");
	/* the column is that of the key, past its indentation */
	expect_fail(HEAD "[param m]\n  valu = 3\n", 6, 3, "unknown key");
}
END_TEST

START_TEST(test_unknown_section)
{
	expect_fail(HEAD "[params m]\n", 5, 1, "unknown section [params m]");
	expect_fail(HEAD "[exercize]\n", 5, 1, "unknown section");
	/* every section a file may have is named, [scene] with a stated system's */
	expect_fail(HEAD "[sceen]\n", 5, 1, "[contact NAME] and [scene])");
	expect_fail(HEAD "[param]\n", 5, 1, "needs a name");
	expect_fail(HEAD "[param m r]\n", 5, 1, "one name");
	expect_fail(HEAD "[param m] extra\n", 5, 11, "text after the section header");
	expect_fail(HEAD "[exercise]\n", 5, 1, "second [exercise]");
}
END_TEST

/* keep = NAME...: word or true/false results of the model, in any order
 * of the [exercise] keys; anything else is refused at the name. */
START_TEST(test_keep)
{
	struct diag d;
	struct exercise *ex = parse(
		"[exercise]\nid = t\ntitle = T\nkeep = mode outcome\nmodel = painleve-rod\n", &d);
	ck_assert_msg(ex != NULL, "%s", d.msg);
	ck_assert_uint_eq(ex->nkeep, 2);
	ck_assert_int_eq(ex->keep[0], model_result_index(ex->model, "mode"));
	ck_assert_int_eq(ex->keep[1], model_result_index(ex->model, "outcome"));
	ck_assert_int_eq(ex->keep_line, 4);
	exercise_free(ex);
	ex = parse("[exercise]\nid = t\ntitle = T\nmodel = kozlov-rest\nkeep = moves\n", &d);
	ck_assert_msg(ex != NULL, "%s", d.msg);
	ck_assert_uint_eq(ex->nkeep, 1);
	ck_assert_int_eq(ex->model->results[ex->keep[0]].kind, VAL_BOOL);
	exercise_free(ex);
	ex = parse(HEAD, &d); /* no keep: nothing kept */
	ck_assert_ptr_nonnull(ex);
	ck_assert_uint_eq(ex->nkeep, 0);
	ck_assert_int_eq(ex->keep_line, 0);
	exercise_free(ex);

	/* a number has no verdict; the column is the name's */
	expect_fail_d(
		"[exercise]\nid = t\ntitle = T\nmodel = painleve-rod\nkeep = mode  D\n", 5, 14,
		"keep: D is a number, not a word or true/false: only a verdict can be kept", &d);
	expect_fail_d("[exercise]\nid = t\ntitle = T\nkeep = mode moed\nmodel = painleve-rod\n", 4,
		      13, "keep: model painleve-rod has no result 'moed'", &d);
	expect_msg_has(&d, "did you mean 'mode'");
	/* "case" inside "cases" is not where the name is */
	expect_fail("[exercise]\nid = t\ntitle = T\nmodel = imachi\nkeep = cases case case\n", 5, 8,
		    "no result 'cases'");
	expect_fail("[exercise]\nid = t\ntitle = T\nmodel = imachi\nkeep = case converged case\n",
		    5, 23, "keep: case is named twice");
	expect_fail(HEAD "keep =\n", 5, 7, "keep needs the names");
	expect_fail(HEAD "keep = torque\nkeep = torque\n", 6, 1, "'keep' given twice");
}
END_TEST

/* overlay = NAME V...: a number parameter and two to seven values its
 * range allows, in its display unit; each mistake named with its column. */
START_TEST(test_overlay)
{
	struct diag d;
	struct exercise *ex = parse("[exercise]\nid = t\ntitle = T\nmodel = imachi\n"
				    "overlay = phi 90 67.5, 45 22.5\n",
				    &d);
	ck_assert_ptr_nonnull(ex);
	ck_assert_int_eq(ex->overlay_param, model_param_index(ex->model, "phi"));
	ck_assert_uint_eq(ex->noverlay, 4);
	ck_assert(ex->overlay[0] == 90 && ex->overlay[1] == 67.5 && ex->overlay[2] == 45 &&
		  ex->overlay[3] == 22.5);
	ck_assert_int_eq(ex->overlay_line, 5);
	exercise_free(ex);
	ex = parse(HEAD, &d); /* no overlay */
	ck_assert_ptr_nonnull(ex);
	ck_assert_uint_eq(ex->noverlay, 0);
	exercise_free(ex);

	const char *im = "[exercise]\nid = t\ntitle = T\nmodel = imachi\n";
	char text[256];
	snprintf(text, sizeof text, "%soverlay = ph 90 45\n", im);
	expect_fail_d(text, 5, 11, "overlay: model imachi has no parameter 'ph'", &d);
	expect_msg_has(&d, "did you mean 'phi'");
	snprintf(text, sizeof text, "%soverlay = method 1 2\n", im);
	expect_fail(text, 5, 11, "overlay: method is not a number");
	snprintf(text, sizeof text, "%soverlay = phi 90 4x5\n", im);
	expect_fail(text, 5, 18, "overlay: '4x5' is not a number");
	snprintf(text, sizeof text, "%soverlay = phi 90 400\n", im);
	expect_fail(text, 5, 18, "overlay: phi = 400 deg is out of range");
	snprintf(text, sizeof text, "%soverlay = phi 90\n", im);
	expect_fail(text, 5, 1, "overlay: phi needs two values or more");
	snprintf(text, sizeof text, "%soverlay = phi 1 2 3 4 5 6 7 8\n", im);
	expect_fail(text, 5, 29, "overlay: at most 7 values");
	expect_fail(HEAD "overlay =\n", 5, 10, "overlay needs a parameter and its values");
}
END_TEST

START_TEST(test_unknown_param_and_result)
{
	struct diag d;
	expect_fail_d(HEAD "[param mass]\nvalue = 1\n", 5, 1, "no parameter 'mass'", &d);
	expect_msg_has(&d, "disk");
	expect_fail_d(HEAD "[param omga]\n", 5, 1, "no parameter 'omga'", &d);
	expect_msg_has(&d, "did you mean 'omega'");
	expect_fail_d(HEAD "[answer stoptime]\n", 5, 1, "no result 'stoptime'", &d);
	expect_msg_has(&d, "did you mean 'stop_time'");
	expect_fail_d(HEAD "[answer velocity]\n", 5, 1, "no result 'velocity'", &d);
	expect_msg_lacks(&d, "did you mean");
}
END_TEST

START_TEST(test_duplicates)
{
	struct diag d;
	expect_fail_d(HEAD "[param m]\nvalue = 2\nvalue = 3\n", 7, 1, "'value' given twice", &d);
	expect_msg_has(&d, "first at line 6");
	expect_fail_d("[exercise]\nid = t\nid = u\ntitle = T\nmodel = disk\n", 3, 1,
		      "'id' given twice", &d);
	expect_msg_has(&d, "first at line 2");
	expect_fail_d(HEAD "[param m]\nvalue = 2\n[param r]\nvalue = 0.1\n[param m]\nvalue = 3\n",
		      9, 1, "second [param m]", &d);
	expect_msg_has(&d, "line 5");
	expect_fail_d(HEAD "[answer torque]\n[answer torque]\n", 6, 1, "second [answer torque]",
		      &d);
	expect_msg_has(&d, "line 5");
}
END_TEST

START_TEST(test_key_outside_section)
{
	expect_fail("id = t\n" HEAD, 1, 1, "'id' outside a section");
	expect_fail("; comment\n\nmodel = disk\n" HEAD, 3, 1, "outside a section");
}
END_TEST

START_TEST(test_line_without_equals)
{
	expect_fail(HEAD "just some words\n", 5, 1, "expected 'key = value'");
	expect_fail(HEAD "[param m]\nvalue = 2\nvalue\n", 7, 1, "expected 'key = value'");
}
END_TEST

START_TEST(test_section_without_bracket)
{
	expect_fail(HEAD "[param m\nvalue = 2\n", 5, 1, "without ']'");
	expect_fail("[exercise\nid = t\n", 1, 1, "without ']'");
}
END_TEST

START_TEST(test_missing_parts)
{
	expect_fail("[exercise]\ntitle = T\nmodel = disk\n", 1, 1, "no id");
	expect_fail("[exercise]\nid = t\nmodel = disk\n", 1, 1, "no title");
	expect_fail("[exercise]\nid = t\ntitle = T\n", 1, 1, "no model");
	expect_fail("; nothing but a comment\n", 1, -1, "no [exercise]");
	expect_fail("", 1, -1, "no [exercise]");
}
END_TEST

/* The error is about the [exercise] section: it should point there, not at
 * the comment that happens to be line 1. */
START_TEST(test_missing_id_after_comments)
{
	expect_fail("; a comment\n; another\n[exercise]\ntitle = T\nmodel = disk\n", 3, 1, "no id");
}
END_TEST

START_TEST(test_unknown_model)
{
	struct diag d;
	expect_fail_d("[exercise]\nid = t\ntitle = T\nmodel = dsk\n", 4, 9, "unknown model 'dsk'",
		      &d);
	expect_msg_has(&d, "did you mean 'disk'");
	expect_fail_d("[exercise]\nid = t\ntitle = T\nmodel = conveyor-belt-x\n", 4, 9,
		      "unknown model", &d);
}
END_TEST

START_TEST(test_bad_id)
{
	expect_fail("[exercise]\nid = disk_reye\ntitle = T\nmodel = disk\n", 2, 10,
		    "only lowercase letters, digits and '-'");
	expect_fail("[exercise]\nid = Disk\ntitle = T\nmodel = disk\n", 2, 6,
		    "must start with a lowercase letter");
	expect_fail("[exercise]\nid = 1disk\ntitle = T\nmodel = disk\n", 2, 6,
		    "must start with a lowercase letter");
	expect_fail("[exercise]\nid = disk reye\ntitle = T\nmodel = disk\n", 2, 10,
		    "id 'disk reye'");
	expect_fail("[exercise]\nid =\ntitle = T\nmodel = disk\n", 2, -1, "id ''");
	char text[256];
	snprintf(text, sizeof(text), "[exercise]\nid = %065d\ntitle = T\nmodel = disk\n", 0);
	text[16] = 'a'; /* a lowercase start, 65 characters */
	expect_fail(text, 2, 6, "at most 64");
}
END_TEST

START_TEST(test_param_before_exercise)
{
	expect_fail("[param m]\nvalue = 2\n" HEAD, 1, 1, "before the model is known");
	expect_fail("[answer torque]\n" HEAD, 1, 1, "before the model is known");
}
END_TEST

/* ---- values ---------------------------------------------------------------- */

/* value = a quantity (issue 40 point 1): in the display unit, whether the
 * unit key comes before or after it. */
START_TEST(test_value_quantities)
{
	struct diag d;
	struct exercise *ex =
		parse(HEAD "[param r]\nvalue = 110 mm\nunit = cm\n[param m]\nunit = g\nvalue = "
			   "(3/4) kg\n[param omega]\nvalue = 2*pi*5 rad/s\nunit = rpm\n[param "
			   "mu]\nvalue = 3/4\n",
		      &d);
	ck_assert_msg(ex != NULL, "%s", d.msg);
	ck_assert_rel(param(ex, "r")->value, 11, 1e-15);
	ck_assert_rel(param(ex, "m")->value, 750, 1e-15);
	ck_assert_rel(param(ex, "omega")->value, 300, 1e-15);
	ck_assert_rel(param(ex, "mu")->value, 0.75, 1e-15);
	exercise_free(ex);
}
END_TEST

START_TEST(test_bad_numbers)
{
	expect_fail(HEAD "[param m]\nvalue = banana\n", 6, 9, "'banana' is not a number");
	expect_fail(HEAD "[param m]\nvalue = nan\n", 6, 9, "'nan' is not finite");
	expect_fail(HEAD "[param m]\nvalue = inf\n", 6, 9, "'inf' is not finite");
	expect_fail(HEAD "[param m]\nvalue = -inf\n", 6, 9, "not finite");
	expect_fail(HEAD "[param m]\nvalue = 1e400\n", 6, 9, "'1e400' is out of range");
	expect_fail(HEAD "[param m]\nvalue = 0x10\n", 6, 9, "not a decimal number");
	/* a quantity is a value, converted to the parameter's unit; one of
	 * another kind is refused, at the value */
	expect_fail(HEAD "[param m]\nvalue = 2 s\n", 6, 9, "2 s is a time, but m is a mass (kg)");
	expect_fail(HEAD "[param r]\nunit = cm\nvalue = 5 s\n", 7, 9,
		    "5 s is a time, but r is a length (cm)");
	expect_fail(HEAD "[param r]\nvalue = 2 x\n", 6, 9, "unknown unit 'x'");
	expect_fail(HEAD "[param m]\nvalue=banana\n", 6, 7, "not a number");
	expect_fail(HEAD "[param m]\nmin = x\n", 6, 7, "'x' is not a number");
	expect_fail(HEAD "[param m]\ndraw = 1 y\n", 6, -1, "'y' is not a number");
}
END_TEST

START_TEST(test_value_outside_range)
{
	struct diag d;
	expect_fail_d(HEAD "[param m]\nmin = 1\nmax = 5\nvalue = 10\n", 8, 1, "out of range", &d);
	expect_msg_has(&d, "m = 10 kg");
	expect_msg_has(&d, "[1, 5] kg");
	/* the value line, even when the error shows at the next section */
	expect_fail(HEAD "[param m]\nvalue = 10\nmax = 5\n[param r]\nvalue = 0.1\n", 6, 1,
		    "out of range");
	/* no value: the model's default must fit the file's range */
	expect_fail_d(HEAD "[param m]\nmin = 3\n", 5, 1, "out of range", &d);
	expect_msg_has(&d, "m = 2 kg");
}
END_TEST

START_TEST(test_value_outside_model_limits)
{
	struct diag d;
	expect_fail_d(HEAD "[param m]\nvalue = -1\n", 6, 1, "out of range", &d);
	expect_msg_has(&d, "> 0 kg");
	expect_fail_d(HEAD "[param m]\nvalue = 0\n", 6, 1, "out of range", &d);
	expect_msg_has(&d, "> 0 kg");
	/* a file's min below the model's limit does not lift it */
	expect_fail_d(HEAD "[param m]\nmin = -5\nvalue = 0\n", 7, 1, "out of range", &d);
	expect_fail_d(HEAD "[param mu]\nvalue = -0.1\n", 6, 1, "out of range", &d);
	expect_msg_has(&d, "mu = -0.1 is");
	expect_msg_has(&d, "≥ 0");
	expect_fail(HEAD "[param r]\nunit = cm\nvalue = -3\n", 7, 1, "out of range");
	expect_fail(HEAD "[param g]\nvalue = 0\n", 6, 1, "out of range");
	/* finite in the file's unit, not in the model's: not "must be > 0" */
	expect_fail_d(HEAD "[param r]\nvalue = 1e308\nunit = km\n", 6, 1, "too large", &d);
	ck_assert_str_eq(d.msg, "r = 1e+308 km is too large: it overflows in m");
}
END_TEST

START_TEST(test_min_max_draw_digits)
{
	struct diag d;
	expect_fail(HEAD "[param m]\nmin = 5\nmax = 1\n", 7, 1, "min is larger than max");
	expect_fail_d(HEAD "[param m]\ndraw = 5 1\n", 6, 1, "reversed", &d);
	expect_fail_d(HEAD "[param m]\nmax = 5\ndraw = 1 10\n", 7, 1, "draw range", &d);
	expect_msg_has(&d, "out of range");
	expect_msg_has(&d, "m = 10 kg");
	expect_fail_d(HEAD "[param m]\ndraw = -1 3\n", 6, 1, "draw range", &d);
	expect_msg_has(&d, "> 0 kg");
	expect_fail(HEAD "[param m]\ndraw = 1\n", 6, 8, "two numbers");
	expect_fail(HEAD "[param m]\ndraw = 1 2 3\n", 6, 8, "two numbers");
	expect_fail(HEAD "[param m]\ndigits = 0\n", 6, 10,
		    "digits must be a whole number from 1 to 15");
	expect_fail(HEAD "[param m]\ndigits = 16\n", 6, 10, "from 1 to 15");
	expect_fail(HEAD "[param m]\ndigits = 2.5\n", 6, 10, "whole number");

	/* the edges are accepted */
	struct exercise *ex =
		parse(HEAD "[param m]\ndigits = 15\ndraw = 2 2\n[param r]\ndigits = 1\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_int_eq(param(ex, "m")->digits, 15);
	ck_assert_int_eq(param(ex, "r")->digits, 1);
	exercise_free(ex);
}
END_TEST

START_TEST(test_units)
{
	struct diag d;
	expect_fail_d(HEAD "[param r]\nunit = kg\n", 6, 8, "'kg' is a unit of mass", &d);
	expect_msg_has(&d, "r is a length");
	expect_fail_d(HEAD "[param r]\nunit = furlong\n", 6, 8, "unknown unit 'furlong'", &d);
	expect_fail(HEAD "[param r]\nunit = m/\n", 6, 8, "ends with an operator");
	expect_fail(HEAD "[param pressure]\nunit = m\n", 6, 1, "no unit");
	expect_fail(HEAD "[param pressure]\ndraw = 1 2\n", 6, 1, "cannot be drawn");
	expect_fail(HEAD "[param pressure]\nmin = 1\n", 6, 1, "no range");
	expect_fail_d(HEAD "[answer stop_time]\nunit = m\n", 6, 8, "'m' is a unit of length", &d);
	expect_msg_has(&d, "stop_time is a time");
	/* the article follows the dimension's name */
	expect_fail_d(HEAD "[param omega]\nunit = m/s^2\n", 6, 8,
		      "'m/s^2' is a unit of acceleration, but omega is an angular velocity (rad/s)",
		      &d);
	expect_fail_d(HEAD "[answer stop_time]\nunit = m/s^2\n", 6, 8,
		      "'m/s^2' is a unit of acceleration, but stop_time is a time (s)", &d);
	expect_fail(HEAD "[answer stop_time]\nunit = fortnight\n", 6, 8, "unknown unit");
}
END_TEST

START_TEST(test_tolerance)
{
	expect_fail(HEAD "[answer torque]\ntolerance = -1%\n", 6, 13, "tolerance must be positive");
	expect_fail(HEAD "[answer torque]\ntolerance = 0\n", 6, 13, "positive");
	expect_fail(HEAD "[answer torque]\ntolerance = abc\n", 6, 13,
		    "tolerance 'abc' is not a number");
	expect_fail(HEAD "[answer torque]\ntolerance = %\n", 6, 13, "tolerance");
	expect_fail(HEAD "[answer torque]\ntolerance = nan%\n", 6, 13, "not finite");

	struct diag d;
	struct exercise *ex = parse(
		HEAD "[answer torque]\ntolerance = 2.5 %\n[answer R]\ntolerance = 1e-3\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_int_eq(ex->answers[0].tol.kind, TOL_REL);
	ck_assert_double_eq_tol(ex->answers[0].tol.value, 0.025, 1e-15);
	ck_assert_int_eq(ex->answers[1].tol.kind, TOL_ABS);
	ck_assert_double_eq_tol(ex->answers[1].tol.value, 1e-3, 1e-18);
	exercise_free(ex);
}
END_TEST

START_TEST(test_statement_placeholders)
{
	struct diag d;
	/* the caret goes under the placeholder */
	expect_fail_d(HEAD "statement = A mass of {nosuch} kg\n", 5, 23, "{nosuch}", &d);
	expect_msg_has(&d, "not a parameter");
	expect_fail(HEAD "statement = A mass of {m kg\n", 5, 23, "'{' without '}'");
	expect_fail(HEAD "statement = A mass of m} kg\n", 5, 24, "'}' without '{'");
	expect_fail(HEAD "statement = {}\n", 5, 13, "{}");
}
END_TEST

/* The placeholder is on the statement's second line: that is the line to
 * show. */
START_TEST(test_statement_placeholder_line)
{
	expect_fail(HEAD "statement = A disk of mass {m}\n  spins at {nosuch}.\n", 6, -1,
		    "{nosuch}");
}
END_TEST

START_TEST(test_choice)
{
	struct diag d;
	expect_fail_d(HEAD "[param pressure]\nvalue = round\n", 6, 9, "not 'round'", &d);
	expect_msg_has(&d, "reye|uniform");
	expect_fail(HEAD "[param pressure]\nvalue = Reye\n", 6, 9, "not 'Reye'");
	struct exercise *ex = parse(HEAD "[param pressure]\nvalue = reye\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_int_eq(param(ex, "pressure")->choice, 0);
	exercise_free(ex);
}
END_TEST

/* Two texts, two readers (issue 39, point 3): the [exercise]'s hint is
 * what a workbench user types, an [answer]'s text what a sheet says the
 * answer is; both go on over indented lines, and each is given once. */
START_TEST(test_hint_and_answer_text)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "statement = A disk spins. When does it stop?\n"
					 "hint = set omega 300 rpm,\n  then solve again.\n"
					 "[answer stop_time]\n"
					 "text = the time the disk\n  takes to stop\n",
				    &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_str_eq(ex->hint, "set omega 300 rpm, then solve again.");
	ck_assert_str_eq(ex->statement, "A disk spins. When does it stop?");
	ck_assert_str_eq(ex->answers[0].text, "the time the disk takes to stop");
	ck_assert_ptr_null(ex->answers[0].hint);
	exercise_free(ex);
	expect_fail(HEAD "hint = a\nhint = b\n", 6, 1, "'hint' given twice");
	expect_fail(HEAD "[answer R]\ntext = a\ntext = b\n", 7, 1, "'text' given twice");
}
END_TEST

START_TEST(test_indented_key_continues_only_text)
{
	/* an indented line goes on with the value before it: not for a number */
	expect_fail(HEAD "[param m]\nvalue = 2\n  unit = kg\n", 7, 3, "indented line");
	expect_fail("[exercise]\nid = t\n  more\ntitle = T\nmodel = disk\n", 3, 3, "indented line");
}
END_TEST

/* ---- bytes and encodings ------------------------------------------------ */

START_TEST(test_nul_byte)
{
	static const char text[] = HEAD "source = ab\0cd\n";
	struct diag d;
	fail_len(text, sizeof(text) - 1, 5, 12, "NUL", &d, __LINE__);
	ck_assert_str_eq(d.source, "source = ab");
	/* a NUL at the start of a line, and in the first line */
	static const char t2[] = HEAD "\0title = x\n";
	fail_len(t2, sizeof(t2) - 1, 5, 1, "NUL", NULL, __LINE__);
	static const char t3[] = "[exer\0cise]\n";
	fail_len(t3, sizeof(t3) - 1, 1, 6, "NUL", NULL, __LINE__);
}
END_TEST

START_TEST(test_invalid_utf8)
{
	expect_fail(HEAD "source = caf\xE9 au lait\n", 5, 13, "invalid UTF-8");
	expect_fail(HEAD "source = caf\xC3\n", 5, 13, "invalid UTF-8");
	expect_fail(HEAD "source = \xC3\xA9t\xE9\n", 5, 13, "invalid UTF-8");
	expect_fail(HEAD "source = \x80\n", 5, 10, "invalid UTF-8");
	expect_fail(HEAD "source = \xC0\xAF\n", 5, 10, "invalid UTF-8");
	expect_fail(HEAD "source = \xF5\x80\x80\x80\n", 5, 10, "invalid UTF-8");
	expect_fail("; caf\xE9\n" HEAD, 1, 6, "invalid UTF-8");
	/* good multi-byte text passes */
	struct diag d;
	struct exercise *ex = parse(HEAD "source = μ, φ̇, ², 𝜔\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_str_eq(ex->source, "μ, φ̇, ², 𝜔");
	exercise_free(ex);
}
END_TEST

/* Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not
 * UTF-8 either (RFC 3629). */
START_TEST(test_invalid_utf8_strict)
{
	expect_fail(HEAD "source = \xE0\x80\xAF\n", 5, 10, "invalid UTF-8");
	expect_fail(HEAD "source = \xED\xA0\x80\n", 5, 10, "invalid UTF-8");
	expect_fail(HEAD "source = \xF4\x90\x80\x80\n", 5, 10, "invalid UTF-8");
	expect_fail(HEAD "source = \xF0\x80\x80\xAF\n", 5, 10, "invalid UTF-8");
}
END_TEST

START_TEST(test_crlf)
{
	static const char text[] = "; comment\r\n"
				   "[exercise]\r\n"
				   "id = t\r\n"
				   "title = T\r\n"
				   "model = disk\r\n"
				   "statement = A disk of mass {m}\r\n"
				   "  kg spins.\r\n"
				   "\r\n"
				   "[param r]\r\n"
				   "value = 15\r\n"
				   "unit = cm\r\n"
				   "[param pressure]\r\n"
				   "value = uniform\r\n"
				   "[answer torque]\r\n"
				   "tolerance = 2%\r\n";
	struct diag d;
	struct exercise *ex = parse(text, &d);
	ck_assert_msg(ex != NULL, "CRLF file refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_str_eq(ex->id, "t");
	ck_assert_str_eq(ex->title, "T");
	ck_assert_str_eq(ex->statement, "A disk of mass {m} kg spins.");
	ck_assert_str_eq(param(ex, "r")->unit, "cm");
	ck_assert_double_eq(param(ex, "r")->value, 15);
	ck_assert_int_eq(param(ex, "pressure")->choice, 1);
	ck_assert_int_eq(ex->answers[0].tol.kind, TOL_REL);
	exercise_free(ex);

	/* a CRLF file with an error: the place is right, the line shown has no CR */
	expect_fail_d("[exercise]\r\nid = t\r\ntitle = T\r\nmodel = disk\r\n[param m]\r\n"
		      "value = banana\r\n",
		      6, 9, "'banana' is not a number", &d);
	ck_assert_str_eq(d.source, "value = banana");
	expect_fail_d("[exercise]\r\nid = t\r\ntitle = T\r\nmodel = disk\r\n[param m]\r\n"
		      "min = 5\r\nmax = 1\r\n",
		      7, 1, "min is larger", &d);
	ck_assert_str_eq(d.source, "max = 1");
}
END_TEST

START_TEST(test_bom)
{
	struct diag d;
	struct exercise *ex = parse("\xEF\xBB\xBF" HEAD "source = s\n", &d);
	ck_assert_msg(ex != NULL, "file with a BOM refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_str_eq(ex->id, "t");
	ck_assert_str_eq(ex->source, "s");
	exercise_free(ex);
	ex = parse("\xEF\xBB\xBF; comment first\n" HEAD, &d);
	ck_assert_msg(ex != NULL, "file with a BOM refused: %d:%d: %s", d.line, d.col, d.msg);
	exercise_free(ex);
	/* a BOM anywhere else is not skipped */
	expect_fail(HEAD "\xEF\xBB\xBFsource = s\n", 5, -1, "unknown key");
}
END_TEST

/* An error found by a whole-file check shows the line it is about; the
 * text need not end with a NUL when its length is given. */
START_TEST(test_text_without_terminator)
{
	static const char src[] = HEAD "[param m]\nmin = 5\nmax = 1";
	size_t len = sizeof(src) - 1;
	char *text = malloc(len);
	ck_assert_ptr_nonnull(text);
	memcpy(text, src, len);
	struct diag d;
	struct exercise *ex = parse_len(text, len, &d);
	bool parsed = ex != NULL;
	exercise_free(ex);
	free(text);
	ck_assert(!parsed);
	ck_assert_int_eq(d.line, 7);
	ck_assert_str_eq(d.source, "max = 1");
	ck_assert_ptr_nonnull(strstr(d.msg, "min is larger"));
}
END_TEST

/* ---- long lines ---------------------------------------------------------- */

/* n words of 7 characters joined by single spaces: "w000000 w000001 …". */
static void words(char *buf, size_t size, int n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, "%sw%06d", i ? " " : "", i);
}

START_TEST(test_long_statement_line)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 75); /* 599 characters */
	ck_assert_uint_eq(strlen(w), 599);
	snprintf(text, sizeof(text), HEAD "statement = {m} %s\n[param m]\nvalue = 3\n", w);
	struct diag d;
	struct exercise *ex = parse(text, &d);
	ck_assert_msg(ex != NULL, "long line refused: %d:%d: %s", d.line, d.col, d.msg);
	char want[1100];
	snprintf(want, sizeof(want), "{m} %s", w);
	ck_assert_str_eq(ex->statement, want);
	ck_assert_double_eq(param(ex, "m")->value, 3);
	ck_assert_int_eq(param(ex, "m")->line, 6);
	ck_assert_int_eq(param(ex, "m")->value_line, 7);
	exercise_free(ex);

	/* a long title and a long hint too */
	ck_assert_int_lt(snprintf(text, sizeof(text),
				  HEAD "source = %s\n[answer torque]\nhint = %s\n", w, w),
			 (int)sizeof(text));
	ex = parse(text, &d);
	ck_assert_msg(ex != NULL, "long lines refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_str_eq(ex->source, w);
	ck_assert_str_eq(ex->answers[0].hint, w);
	ck_assert_int_eq(ex->answers[0].line, 6);
	exercise_free(ex);

	/* after the folded line, errors still name the right line */
	snprintf(text, sizeof(text), HEAD "statement = %s\n[param m]\nvalue = -1\n", w);
	expect_fail(text, 7, 1, "out of range");
	snprintf(text, sizeof(text), HEAD "statement = %s\n[param m]\nvalu = 1\n", w);
	expect_fail(text, 7, 1, "unknown key");
}
END_TEST

/* inih's own complaint (a line that is not key = value) comes with inih's
 * count of lines, which a folded line makes larger than the file's. */
START_TEST(test_line_number_after_folded_line)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 75);
	snprintf(text, sizeof(text), HEAD "statement = %s\njust some words\n", w);
	struct diag d;
	expect_fail_d(text, 6, 1, "expected 'key = value'", &d);
	ck_assert_str_eq(d.source, "just some words");
}
END_TEST

/* A long continuation line of a statement folds like the first line. */
START_TEST(test_long_continuation_line)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 50); /* 399 characters, no '=' or ':' */
	snprintf(text, sizeof(text), HEAD "statement = Start\n  %s\n", w);
	struct diag d;
	struct exercise *ex = parse(text, &d);
	bool parsed = ex != NULL;
	char want[1100];
	snprintf(want, sizeof(want), "Start %s", w);
	if (parsed) {
		bool same = !strcmp(ex->statement, want);
		exercise_free(ex);
		ck_assert_msg(same, "the continuation was not kept whole");
	}
	ck_assert_msg(parsed, "refused: %s:%d:%d: %s", d.file, d.line, d.col, d.msg);
}
END_TEST

/* A long comment after a value is a comment: its words are not the value. */
START_TEST(test_long_inline_comment)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 40);
	snprintf(text, sizeof(text), HEAD "source = Minguzzi ; %s\n", w);
	struct diag d;
	struct exercise *ex = parse(text, &d);
	bool parsed = ex != NULL;
	bool same = parsed && !strcmp(ex->source, "Minguzzi");
	char got[64] = "";
	if (parsed)
		snprintf(got, sizeof(got), "%s", ex->source);
	exercise_free(ex);
	ck_assert_msg(parsed, "refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_msg(same, "source = '%s…', expected 'Minguzzi'", got);
}
END_TEST

START_TEST(test_long_inline_comment_after_number)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 40);
	snprintf(text, sizeof(text), HEAD "[param m]\nvalue = 3 ; %s\n", w);
	struct diag d;
	struct exercise *ex = parse(text, &d);
	bool parsed = ex != NULL;
	bool same = parsed && param(ex, "m")->value == 3;
	exercise_free(ex);
	ck_assert_msg(parsed, "refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert(same);
}
END_TEST

/* A fold that puts a word beginning with '#' at the start of a chunk must
 * not turn the rest of the line into a comment: '#' is not an inline
 * comment in the file as written. */
START_TEST(test_fold_before_hash)
{
	char w[1024], text[2048];
	words(w, sizeof(w), 75);
	/* "statement = " is 12 characters, word i starts at 12 + 8 i: word 23
	 * starts at 196, right after the last space that fits in inih's line */
	ck_assert_int_eq(w[23 * 8], 'w');
	w[23 * 8] = '#';
	snprintf(text, sizeof(text), HEAD "statement = %s\n", w);
	struct diag d;
	struct exercise *ex = parse(text, &d);
	bool parsed = ex != NULL;
	bool same = parsed && !strcmp(ex->statement, w);
	size_t got = parsed ? strlen(ex->statement) : 0;
	exercise_free(ex);
	ck_assert_msg(parsed, "refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_msg(same, "statement has %zu characters, expected %zu", got, strlen(w));
}
END_TEST

/* A line is as long as it is: no reader cuts or folds it (tribo reads
 * the INI itself), so a value without a blank of any length reads whole. */
START_TEST(test_line_without_spaces)
{
	char text[2400];
	int n = snprintf(text, sizeof(text), HEAD "source=");
	memset(text + n, 'x', 2000);
	snprintf(text + n + 2000, sizeof(text) - (size_t)n - 2000, "\n[param m]\nvalue = 3\n");
	struct diag d;
	struct exercise *ex = parse(text, &d);
	bool parsed = ex != NULL;
	size_t got = parsed ? strlen(ex->source) : 0;
	bool xs = parsed && strspn(ex->source, "x") == 2000;
	bool m3 = parsed && param(ex, "m")->value == 3;
	exercise_free(ex);
	ck_assert_msg(parsed, "refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_msg(xs && got == 2000, "source has %zu characters, expected 2000", got);
	ck_assert(m3);

	/* a word of 2000 characters after some spaces, with an inline comment */
	n = snprintf(text, sizeof(text), HEAD "statement = a few words ");
	memset(text + n, 'y', 2000);
	snprintf(text + n + 2000, sizeof(text) - (size_t)n - 2000, " ; a comment\n");
	ex = parse(text, &d);
	parsed = ex != NULL;
	got = parsed ? strlen(ex->statement) : 0;
	exercise_free(ex);
	ck_assert_msg(parsed, "refused: %d:%d: %s", d.line, d.col, d.msg);
	ck_assert_int_eq(got, strlen("a few words ") + 2000);

	/* a long line of no key at all is, first of all, not a key */
	memset(text, 'z', 1000);
	snprintf(text + 1000, sizeof(text) - 1000, "\n");
	expect_fail(text, 1, -1, "expected 'key = value'");

	/* a long comment is fine */
	text[0] = ';';
	snprintf(text + 1000, sizeof(text) - 1000, "\n" HEAD);
	ex = parse(text, &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	exercise_free(ex);
}
END_TEST

START_TEST(test_too_large)
{
	size_t len = (size_t)EXERCISE_MAX_BYTES + 1;
	char *text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	size_t n = (size_t)snprintf(text, len + 1, HEAD);
	memset(text + n, '\n', len - n);
	text[len] = '\0';
	struct diag d;
	/* exactly the limit is allowed */
	struct exercise *ex = parse_len(text, len - 1, &d);
	bool at_limit = ex != NULL;
	exercise_free(ex);
	ex = parse_len(text, len, &d);
	bool parsed = ex != NULL;
	exercise_free(ex);
	free(text);
	ck_assert(!parsed);
	ck_assert(at_limit);
	ck_assert_str_eq(d.file, PATH);
	ck_assert_ptr_nonnull(strstr(d.msg, "too large"));
}
END_TEST

/* ---- first error, odd headers -------------------------------------------- */

/* The first error in the file is the one reported, as everywhere else. */
START_TEST(test_first_error_wins)
{
	expect_fail(HEAD "just some words\n[param m]\nvalu = 3\n", 5, 1, "expected 'key = value'");
}
END_TEST

/* An indented "[param r]" is either a section or an error; it must not
 * leave what follows in [param m]. */
START_TEST(test_indented_section_header)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "[param m]\n  [param r]\nvalue = 0.1\n", &d);
	if (!ex) { /* an error: at the indented header, saying why */
		ck_assert_msg(d.line == 6 && d.msg[0], "line %d: '%s'", d.line, d.msg);
		return;
	}
	double m = param(ex, "m")->value, r = param(ex, "r")->value;
	exercise_free(ex);
	ck_assert_msg(m == 2 && r == 0.1, "m = %g, r = %g: the value went to the wrong parameter",
		      m, r);
}
END_TEST

/* ---- ranges ---------------------------------------------------------------- */

static void expect_range(const struct exercise *ex, const char *name, const char *want)
{
	char buf[96];
	ex_param_range(param(ex, name), buf, sizeof(buf));
	ck_assert_msg(!strcmp(buf, want), "range of %s is '%s', expected '%s'", name, buf, want);
}

START_TEST(test_param_range)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "[param m]\nmin = 1\nmax = 5\n[param omega]\nmin = 0\n"
					 "[param mu]\nmax = 2\n[param r]\nunit = cm\nmax = 50\n"
					 "[param g]\nmax = 20\n",
				    &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	expect_range(ex, "m", "[1, 5] kg");
	expect_range(ex, "omega", "≥ 0 rad/s");
	expect_range(ex, "mu", "[0, 2]");
	expect_range(ex, "r", "(0, 50] cm");
	expect_range(ex, "g", "(0, 20] m/s^2");
	exercise_free(ex);

	ex = parse(HEAD
		   "[param omega]\nmax = 100\n[param m]\nmin = -5\nmax = 5\n[param r]\nmin = 0\n",
		   &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	expect_range(ex, "omega", "≤ 100 rad/s");
	expect_range(ex, "m", "(0, 5] kg"); /* the model's open bound wins over min = -5 */
	expect_range(ex, "r", "> 0 m");	    /* min = 0 does not close the model's bound */
	expect_range(ex, "mu", "≥ 0");
	expect_range(ex, "g", "> 0 m/s^2");
	exercise_free(ex);

	ex = parse(HEAD, &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	expect_range(ex, "omega", "any value");
	expect_range(ex, "m", "> 0 kg");
	char small[8];
	ex_param_range(param(ex, "omega"), small, sizeof(small)); /* cut, still a string */
	ck_assert_uint_lt(strlen(small), sizeof(small));
	exercise_free(ex);
}
END_TEST

START_TEST(test_param_check)
{
	struct diag d;
	struct exercise *ex = parse(HEAD "[param m]\nmin = 1\nmax = 5\n[param r]\nunit = cm\n"
					 "max = 50\n",
				    &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	const struct ex_param *m = param(ex, "m");
	ck_assert_int_eq(ex_param_check(m, 1, &d), 0);
	ck_assert_int_eq(ex_param_check(m, 5, &d), 0);
	ck_assert_int_eq(ex_param_check(m, 3.3, &d), 0);
	ck_assert_int_eq(ex_param_check(m, 0.5, &d), -1);
	ck_assert_str_eq(d.msg, "m = 0.5 kg is out of range: m must be [1, 5] kg");
	ck_assert_int_eq(ex_param_check(m, 5.001, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "m = 5.001 kg"));
	ck_assert_int_eq(ex_param_check(m, NAN, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "m must be a finite number"));
	ck_assert_int_eq(ex_param_check(m, INFINITY, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "finite"));

	const struct ex_param *r = param(ex, "r");
	ck_assert_int_eq(ex_param_check(r, 50, &d), 0);
	ck_assert_int_eq(ex_param_check(r, 0.001, &d), 0);
	ck_assert_int_eq(ex_param_check(r, 50.5, &d), -1);
	ck_assert_str_eq(d.msg, "r = 50.5 cm is out of range: r must be (0, 50] cm");
	ck_assert_int_eq(ex_param_check(r, 0, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "(0, 50] cm"));

	const struct ex_param *mu = param(ex, "mu");
	ck_assert_int_eq(ex_param_check(mu, 0, &d), 0);
	ck_assert_int_eq(ex_param_check(mu, 1e6, &d), 0);
	ck_assert_int_eq(ex_param_check(mu, -0.1, &d), -1);
	ck_assert_str_eq(d.msg, "mu = -0.1 is out of range: mu must be ≥ 0");

	const struct ex_param *om = param(ex, "omega");
	ck_assert_int_eq(ex_param_check(om, -1e6, &d), 0);
	ck_assert_int_eq(ex_param_check(om, 0, &d), 0);

	const struct ex_param *g = param(ex, "g");
	ck_assert_int_eq(ex_param_check(g, 0, &d), -1);
	ck_assert_str_eq(d.msg, "g = 0 m/s^2 is out of range: g must be > 0 m/s^2");
	ck_assert_str_eq(d.file, "");
	exercise_free(ex);

	/* the model's limit holds under a file's min below it */
	ex = parse(HEAD "[param m]\nmin = -5\n", &d);
	ck_assert_msg(ex != NULL, "refused: %d: %s", d.line, d.msg);
	ck_assert_int_eq(ex_param_check(param(ex, "m"), -1, &d), -1);
	ck_assert_int_eq(ex_param_check(param(ex, "m"), 0, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "> 0 kg"));
	exercise_free(ex);
}
END_TEST

/* ---- the catalog ------------------------------------------------------------ */

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void remove_file(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Saves an environment variable, sets it, and gives back the old value
 * (to free) for restore_env. */
static char *replace_env(const char *name, const char *value)
{
	const char *old = getenv(name);
	char *copy = old ? strdup(old) : NULL;
	setenv(name, value, 1);
	return copy;
}

static void restore_env(const char *name, char *old)
{
	if (old)
		setenv(name, old, 1);
	else
		unsetenv(name);
	free(old);
}

START_TEST(test_catalog)
{
	char dir1[1024], dir2[1024], xdg[1024];
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(dir1, sizeof dir1, "tribo-check-ex-XXXXXX")));
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(dir2, sizeof dir2, "tribo-check-ex-XXXXXX")));
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(xdg, sizeof xdg, "tribo-check-xdg-XXXXXX")));
	write_file(dir1, "a.ini",
		   "[exercise]\nid = cat-a\ntitle = First\nmodel = disk\nsource = Paper A\n");
	write_file(dir1, "b.ini", "[exercise]\nid = cat-b\ntitle = Second\nmodel = disk\n");
	write_file(dir1, "broken.ini", "[exercise]\nid = Cat_Bad\ntitle = Bad\nmodel = disk\n");
	write_file(dir1, "notes.txt", "not an exercise\n");
	write_file(dir1, ".hidden.ini", "[exercise]\nid = cat-hidden\ntitle = H\nmodel = disk\n");
	/* a file that claims cat-d but does not read (no title): skipped, by
	 * the catalogue and by catalog_load, which take dir2's */
	write_file(dir1, "0claim.ini", "[exercise]\nid = cat-d\nmodel = disk\n");
	/* the id as the quick read and the parser both take it */
	write_file(dir1, "e.ini",
		   "\xef\xbb\xbf; notes\n  [exercise]\n"
		   "id\t=cat-e ; a comment\ntitle = Fifth\nmodel = disk\n");
	write_file(dir2, "c.ini", "[exercise]\nid = cat-a\ntitle = Shadowed\nmodel = disk\n");
	/* ID.ini is the exercise ID in its directory, before a file sorted
	 * ahead of it that says the same id; an earlier directory still wins */
	write_file(dir1, "0early.ini", "[exercise]\nid = cat-f\ntitle = Early\nmodel = disk\n");
	write_file(dir1, "cat-f.ini", "[exercise]\nid = cat-f\ntitle = Own\nmodel = disk\n");
	write_file(dir2, "cat-a.ini", "[exercise]\nid = cat-a\ntitle = Later\nmodel = disk\n");
	write_file(dir2, "fourth.ini", "[exercise]\nid = cat-d\ntitle = Fourth\nmodel = disk\n");

	char tp[2100];
	snprintf(tp, sizeof(tp), "%s:%s", dir1, dir2);
	char *old_tp = replace_env("TRIBO_PATH", tp);
	char *old_xdg = replace_env("XDG_DATA_HOME", xdg);

	struct exercise *la = catalog_load("cat-a"), *ld = catalog_load("cat-d"),
			*le = catalog_load("cat-e"), *lf = catalog_load("cat-f");
	const bool load_f = lf && !strcmp(lf->title, "Own") && strstr(lf->path, "/cat-f.ini");
	if (lf)
		exercise_free(lf);
	const bool load_a = la && !strcmp(la->title, "First") && starts_with(la->path, dir1);
	const bool load_d = ld && !strcmp(ld->title, "Fourth") && strstr(ld->path, "/fourth.ini");
	const bool load_e = le && !strcmp(le->title, "Fifth");
	const bool load_none =
		!catalog_load("no-such") && !catalog_load("cat-hidden") && !catalog_load("Cat_Bad");
	if (la)
		exercise_free(la);
	if (ld)
		exercise_free(ld);
	if (le)
		exercise_free(le);

	struct catalog cat;
	catalog_scan(&cat);

	size_t in1 = 0, in2 = 0;
	for (size_t i = 0; i < cat.n; i++) {
		in1 += starts_with(cat.entry[i].path, dir1);
		in2 += starts_with(cat.entry[i].path, dir2);
	}
	const struct catalog_entry *a = catalog_find(&cat, "cat-a");
	const struct catalog_entry *b = catalog_find(&cat, "cat-b");
	const struct catalog_entry *dd = catalog_find(&cat, "cat-d");
	bool ok_a = a && !strcmp(a->title, "First") && !strcmp(a->source, "Paper A") &&
		    starts_with(a->path, dir1) && strstr(a->path, "/a.ini");
	bool ok_b = b && !strcmp(b->title, "Second") && !strcmp(b->source, "") &&
		    strstr(b->path, "/b.ini");
	bool ok_d = dd && !strcmp(dd->title, "Fourth") && starts_with(dd->path, dir2) &&
		    strstr(dd->path, "/fourth.ini");
	const struct catalog_entry *ff = catalog_find(&cat, "cat-f");
	bool ok_f = ff && !strcmp(ff->title, "Own") && strstr(ff->path, "/cat-f.ini");
	bool no_hidden = catalog_find(&cat, "cat-hidden") == NULL;
	bool no_such = catalog_find(&cat, "no-such") == NULL;
	const char *w = strbuf_str(&cat.warnings);
	bool warns_bad = strstr(w, "/broken.ini:") != NULL && strstr(w, "Cat_Bad") != NULL;
	bool warns_dup = strstr(w, "c.ini") != NULL && strstr(w, "cat-a") != NULL;
	bool warns_early = strstr(w, "/0early.ini: id 'cat-f' is also in ") != NULL;
	bool warns_good = strstr(w, "/a.ini:") != NULL || strstr(w, "/b.ini") != NULL ||
			  strstr(w, "/fourth.ini") != NULL;
	char wcopy[1024];
	snprintf(wcopy, sizeof(wcopy), "%s", w);
	catalog_release(&cat);
	ck_assert_uint_eq(cat.n, 0);
	catalog_release(&cat); /* twice is harmless */

	restore_env("TRIBO_PATH", old_tp);
	restore_env("XDG_DATA_HOME", old_xdg);
	const char *names1[] = {"a.ini",      "b.ini", "broken.ini", "notes.txt", ".hidden.ini",
				"0claim.ini", "e.ini", "0early.ini", "cat-f.ini"};
	for (size_t i = 0; i < sizeof(names1) / sizeof(names1[0]); i++)
		remove_file(dir1, names1[i]);
	remove_file(dir2, "c.ini");
	remove_file(dir2, "cat-a.ini");
	remove_file(dir2, "fourth.ini");
	ck_assert_int_eq(rmdir(dir1), 0);
	ck_assert_int_eq(rmdir(dir2), 0);
	ck_assert_int_eq(rmdir(xdg), 0);

	ck_assert_msg(load_a && load_d && load_e && load_none,
		      "catalog_load: cat-a %d, cat-d %d, cat-e %d, none %d", load_a, load_d, load_e,
		      load_none);
	ck_assert_msg(load_f && ok_f && warns_early, "cat-f.ini: load %d, list %d, warned %d: %s",
		      load_f, ok_f, warns_early, wcopy);
	ck_assert_uint_eq(in1, 4);
	ck_assert_uint_eq(in2, 1);
	ck_assert(ok_a);
	ck_assert(ok_b);
	ck_assert(ok_d);
	ck_assert(no_hidden);
	ck_assert(no_such);
	ck_assert_msg(warns_bad, "warnings do not name broken.ini: %s", wcopy);
	ck_assert_msg(warns_dup, "warnings do not name the shadowed c.ini: %s", wcopy);
	ck_assert_msg(!warns_good, "warnings name a good file: %s", wcopy);
}
END_TEST

START_TEST(test_catalog_empty)
{
	char xdg[1024];
	ck_assert_ptr_nonnull(mkdtemp(test_tmp(xdg, sizeof xdg, "tribo-check-xdg-XXXXXX")));
	char *old_tp = replace_env("TRIBO_PATH", "/nonexistent/tribo-check");
	char *old_xdg = replace_env("XDG_DATA_HOME", xdg);
	struct catalog cat;
	catalog_scan(&cat);
	size_t n = 0;
	for (size_t i = 0; i < cat.n; i++)
		n += starts_with(cat.entry[i].path, "/nonexistent");
	bool quiet = cat.warnings.len == 0;
	catalog_release(&cat);
	restore_env("TRIBO_PATH", old_tp);
	restore_env("XDG_DATA_HOME", old_xdg);
	ck_assert_int_eq(rmdir(xdg), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert(quiet);
}
END_TEST

/* ---- the suite --------------------------------------------------------------- */

static Suite *exercise_suite(void)
{
	Suite *s = suite_create("exercise");
	TCase *tc = tcase_create("good");
	tcase_add_test(tc, test_good_file);
	tcase_add_test(tc, test_minimal_file_defaults);
	tcase_add_test(tc, test_unit_without_value_converts_default);
	tcase_add_test(tc, test_shipped_files);
	tcase_add_test(tc, test_read_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("structure");
	tcase_add_test(tc, test_unknown_key);
	tcase_add_test(tc, test_unknown_section);
	tcase_add_test(tc, test_unknown_param_and_result);
	tcase_add_test(tc, test_duplicates);
	tcase_add_test(tc, test_key_outside_section);
	tcase_add_test(tc, test_line_without_equals);
	tcase_add_test(tc, test_section_without_bracket);
	tcase_add_test(tc, test_missing_parts);
	tcase_add_test(tc, test_missing_id_after_comments);
	tcase_add_test(tc, test_unknown_model);
	tcase_add_test(tc, test_bad_id);
	tcase_add_test(tc, test_param_before_exercise);
	tcase_add_test(tc, test_hint_and_answer_text);
	tcase_add_test(tc, test_indented_key_continues_only_text);
	tcase_add_test(tc, test_first_error_wins);
	tcase_add_test(tc, test_keep);
	tcase_add_test(tc, test_overlay);
	tcase_add_test(tc, test_indented_section_header);
	suite_add_tcase(s, tc);

	tc = tcase_create("values");
	tcase_add_test(tc, test_bad_numbers);
	tcase_add_test(tc, test_value_quantities);
	tcase_add_test(tc, test_value_outside_range);
	tcase_add_test(tc, test_value_outside_model_limits);
	tcase_add_test(tc, test_min_max_draw_digits);
	tcase_add_test(tc, test_units);
	tcase_add_test(tc, test_tolerance);
	tcase_add_test(tc, test_statement_placeholders);
	tcase_add_test(tc, test_statement_placeholder_line);
	tcase_add_test(tc, test_choice);
	suite_add_tcase(s, tc);

	tc = tcase_create("bytes");
	tcase_add_test(tc, test_nul_byte);
	tcase_add_test(tc, test_invalid_utf8);
	tcase_add_test(tc, test_invalid_utf8_strict);
	tcase_add_test(tc, test_crlf);
	tcase_add_test(tc, test_bom);
	tcase_add_test(tc, test_text_without_terminator);
	suite_add_tcase(s, tc);

	tc = tcase_create("long lines");
	tcase_add_test(tc, test_long_statement_line);
	tcase_add_test(tc, test_line_number_after_folded_line);
	tcase_add_test(tc, test_long_continuation_line);
	tcase_add_test(tc, test_long_inline_comment);
	tcase_add_test(tc, test_long_inline_comment_after_number);
	tcase_add_test(tc, test_fold_before_hash);
	tcase_add_test(tc, test_line_without_spaces);
	tcase_add_test(tc, test_too_large);
	suite_add_tcase(s, tc);

	tc = tcase_create("ranges");
	tcase_add_test(tc, test_param_range);
	tcase_add_test(tc, test_param_check);
	suite_add_tcase(s, tc);

	tc = tcase_create("catalog");
	tcase_add_test(tc, test_catalog);
	tcase_add_test(tc, test_catalog_empty);
	tcase_add_test(tc, test_all_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	Suite *s = exercise_suite();
	return run_suite(s);
}
