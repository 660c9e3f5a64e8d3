/* Model kozlov-ball, shared by its pieces: the statement, Kozlov's run
 * and the solve (kozlov_ball.c) and the classical Coulomb run beside it
 * (kozlov_ball_coulomb.c); not for other modules. */
#ifndef TRIBO_KOZLOV_BALL_SYS_H
#define TRIBO_KOZLOV_BALL_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/record.h"
#include "models/model.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* Generalized velocities q̇ = (v_x, v_y, ω_x, ω_y, Ω): the contact point's
 * velocity, the rolling rate ω' and the spin. */
enum { Q_VX, Q_VY, Q_WX, Q_WY, Q_OM, NQ };

struct ball {
	double m, r, g, J;
	double mu[3];
	double phi[NQ]; /* the diagonal of Φ */
	double A[NQ * NQ];
	double L[NQ * NQ]; /* Cholesky factor of A, factored once */
	double scale[NQ];  /* z = S q̇/D0: S = diag(1, 1, r, r, r) */
	double s_tmax;	   /* tmax in s = g t/D0 */
	double rate_prev;  /* the never-stopping run: its last step's largest rate */
	double s_prev;	   /* and where that step ended */
	double lambda;	   /* the rate at which the rates fell, last measured */
};

/* What ball_solve finds: at the start, along Kozlov's run and along
 * Coulomb's beside it. */
struct ball_found {
	double T0, D0, wx, wy, vabs, Rabs, F[NQ], FCx, FCy;
	const char *never; /* why the ball never stops, or NULL */
	double stop_time, t_event, D_event, Ddot_event, V_end, slip_tmax, D_tmax;
	size_t nsteps;
	double t_settled; /* where a run that never stops had settled, or NAN */
	double t_roll, W_roll, V_end_c, slip_c_tmax;
	size_t csteps;
};

/* kozlov_ball_coulomb.c: Coulomb's law beside Kozlov's: the slip to its
 * end, then rolling (ctrp: NULL, or the record of the slip); its figures
 * and worked steps. */
int ball_coulomb(const struct ball *b, const double q0[NQ], double tmax, struct ball_found *f,
		 struct record *ctrp, struct diag *d);
void ball_transition_figures(struct figures *fs, const struct record *ctr, double D0, double g,
			     double t_roll, double W_roll, double mu1, double mu3, double tmax);
void ball_transition_steps(struct strbuf *s, const struct ball *b, const double q0[NQ], double tmax,
			   const struct ball_found *x);

#endif
