/* Shared state of the numerics layer: GSL's error handler and the
 * interrupt flag that long computations poll. */
#ifndef TRIBO_NUM_H
#define TRIBO_NUM_H

#include <signal.h>

#include "util/diag.h"

/* Replaces GSL's default handler (which aborts) with one that records the
 * error for num_gsl_error(). Call once at start-up. */
void num_init(void);
/* The last error GSL reported, or "" (cleared by num_gsl_clear). */
const char *num_gsl_error(void);
void num_gsl_clear(void);

/* Set from a SIGINT handler; ODE right-hand sides and quadrature integrands
 * see it and make the solver stop at once. */
extern volatile sig_atomic_t num_interrupted;

/* Progress of a long computation: `fraction` in [0, 1], or negative when
 * the end is not known. Cheap enough to call at every step: the hook (set
 * by the full-screen front end; none elsewhere) throttles its drawing. */
void num_progress(const char *what, double fraction);
void num_set_progress_hook(void (*hook)(const char *what, double fraction));

/* Fills d for a GSL status returned by a solver, naming what was running. */
int num_fail(struct diag *d, int status, const char *what);

#endif
