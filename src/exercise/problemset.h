/* Randomized problem sets (SPEC §2, `generate`): variants of exercises
 * whose parameters with a `draw = LO HI` range are drawn with gsl_rng and
 * rounded to their significant digits, each variant solved through a
 * session exactly as `solve` solves it. Each variant of each exercise has
 * its own stream (problemset_stream), so that variant k is the same
 * whatever N is and whatever other exercises are in the set. Degenerate
 * draws are redrawn (see problemset_draw). Nothing here prints or writes
 * files. */
#ifndef TRIBO_PROBLEMSET_H
#define TRIBO_PROBLEMSET_H

#include <gsl/gsl_rng.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exercise/session.h"
#include "util/diag.h"

enum {
	PROBLEMSET_MAX_VARIANTS = 1000,
	PROBLEMSET_MAX_TRIES = 100, /* draws thrown away in a row before giving up */
};
/* The seed lint's trial draws use (generate without `seed` draws one). */
#define PROBLEMSET_LINT_SEED 1UL
/* A seed under this is small: a student holding a sheet could try every
 * such seed until one draws the sheet's values, and so rebuild the key. */
#define PROBLEMSET_SMALL_SEED 4294967296.0 /* 2^32 */
/* The second half of the key the codes' SipHash takes (the seed is the
 * first): "tribcode" in ASCII. */
#define PROBLEMSET_CODE_KEY1 0x74726962636f6465ULL

_Static_assert(sizeof(unsigned long) >= 8, "a seed is 64 bits");

/* One variant of one exercise. */
struct ps_variant {
	double *value;	   /* per model parameter, display unit (numbers only) */
	struct value *res; /* per model result */
	char *statement;   /* the statement with this variant's values */
	char *steps;	   /* the worked steps, plain text as `steps` has them */
	/* the variant's figure beside the sheet (generate): its file's name
	 * as the sheet names it, NULL for none; and its bytes when the sheet
	 * carries them itself (Moodle XML's PNG), figure_len of them */
	char *figure;
	unsigned char *figure_data;
	size_t figure_len;
};

/* Why draws were thrown away, and how often. */
struct ps_reason {
	char *why;
	size_t count;
};

/* One exercise of the set. */
struct ps_part {
	struct session *s; /* owned; its exercise is the one drawn */
	struct ps_variant *v;
	size_t n;	/* variants drawn so far */
	size_t redrawn; /* degenerate draws thrown away */
	size_t rekept;	/* draws thrown away for a verdict they did not keep */
	struct ps_reason *reason;
	size_t nreason;
	struct value *base; /* the results at the exercise's own values */
};

/* A course's header for the sheets: each field NULL when not given. */
struct ps_header {
	char *course, *title, *date, *instructions;
};

struct problemset {
	unsigned long seed;
	bool fresh_seed; /* drawn from the system's random source, not given */
	size_t n;	 /* variants of each part */
	/* a roster's names, variant k the k-th student's (n of them); NULL
	 * for none: set and owned by generate */
	const char *const *student;
	/* the course's header on each sheet (generate … header FILE); NULL
	 * for none: set and owned by generate */
	const struct ps_header *header;
	/* the LaTeX is for lualatex with Unicode fonts: a name or the header
	 * holds a character OT1 cannot spell (set by generate) */
	bool unicode_tex;
	/* called after each variant is kept, while its part's session holds
	 * its solve, made with figures when kept is set (generate draws each
	 * variant's scene from it); NULL for none */
	void (*kept)(void *ctx, struct problemset *ps, size_t j, size_t k);
	void *kept_ctx;
	struct ps_part *part;
	size_t nparts;
};

void problemset_init(struct problemset *ps, size_t n, unsigned long seed);
void problemset_release(struct problemset *ps);

/* Adds the exercise loaded in s (the set takes s). Solves it once at the
 * exercise's own values, which must solve; fails when the exercise has no
 * draw range (every variant would be the same). */
int problemset_add(struct problemset *ps, struct session *s, struct diag *d);

/* Draws and solves n variants of every part, each variant from its own
 * stream (its redraws too). A draw whose verdict named in the exercise's `keep` differs from
 * the verdict at the exercise's own values is drawn again (counted in
 * rekept, its reasons with the others). A draw is degenerate, and is drawn
 * again, when
 *   - the solve fails,
 *   - a result the exercise asks for ([answer]) is not a finite number, or
 *   - a verdict of the model says there is no motion, no steady state or
 *     limit cycle, or Painlevé's paradox (results mode, outcome, moves,
 *     converged, steady), unless the exercise asks for that verdict or its
 *     own values show it too (then the exercise is about it).
 * After PROBLEMSET_MAX_TRIES draws in a row thrown away it fails, naming
 * the exercise and the last reason (the verdict it could not keep, when
 * one was not kept). An interrupt (Ctrl-C) stops it. */
int problemset_draw(struct problemset *ps, struct diag *d);

/* The first result of ex->keep whose value in res differs from base, its
 * index, or -1 when res keeps them all; the reason ("mode = consistent,
 * not inconsistent as at the exercise's own values") goes into why. */
int problemset_unkept(const struct exercise *ex, const struct value *base, const struct value *res,
		      char *why, size_t n);
/* "mode = inconsistent": what ex->keep[i] is at the exercise's own values. */
void problemset_kept_describe(const struct exercise *ex, size_t i, const struct value *base,
			      struct strbuf *out);

/* Seeds rng (mt19937) for variant k (0 the first) of exercise id in a
 * set drawn with seed: 32 bits of splitmix64's mix of the seed, the
 * FNV-1a hash of the id and k, so that each exercise and variant draws
 * from a stream of its own. */
void problemset_stream(gsl_rng *rng, unsigned long seed, const char *id, size_t k);

/* The code a sheet names variant k by, "KM4-07": two letters (no I, no O)
 * and a digit from SipHash-2-4 keyed by the seed (and PROBLEMSET_CODE_KEY1)
 * of the set's exercise ids, each ended by a NUL, then k + 1: two sets are
 * told apart (5760 tags), and a keyed pseudo-random function tells nothing
 * of its key: the code gives no hold on the seed. */
void problemset_code(const struct problemset *ps, size_t k, char *buf, size_t n);
/* SipHash-2-4 of m[0..n) under the key (k0, k1). */
uint64_t problemset_siphash(uint64_t k0, uint64_t k1, const unsigned char *m, size_t n);
/* A seed of 64 bits from the system's random source (getrandom(2), else
 * /dev/urandom), for a set drawn without `seed`. */
int problemset_fresh_seed(unsigned long *out, struct diag *d);

/* A value of parameter p from its draw range (rng gives the numbers),
 * rounded to its digits; a rounded value that leaves the range or the
 * parameter's domain is drawn again. Fails when none can be found. */
int problemset_draw_param(gsl_rng *rng, const struct ex_param *p, double *out, struct diag *d);

/* x rounded to `digits` significant digits (as printf's %.*e rounds). */
double problemset_round(double x, int digits);

/* An answer's value in the answer's unit, from the results of a solve;
 * false when it is not a number. */
bool problemset_answer_value(const struct exercise *ex, const struct ex_answer *a,
			     const struct value *res, double *out);
/* The absolute tolerance around x (in the answer's unit) that `check`
 * allows: an [answer]'s tolerance as an LMS takes it. */
double problemset_abs_tolerance(const struct tolerance *tol, double x);
/* The number as the key prints it, to as many digits as the answer's
 * tolerance needs (4 significant for 1%, the figures for a significant-
 * figures tolerance, one decimal below an absolute one). */
void problemset_format_answer(const struct ex_answer *a, double x, char *buf, size_t n);

#endif
