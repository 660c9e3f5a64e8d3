/* model lagrange's system, shared by its building (lagrange.c) and its
 * runtime (lagrange_run.c); not for other modules. */
#ifndef TRIBO_LAGRANGE_SYS_H
#define TRIBO_LAGRANGE_SYS_H

#include <gsl/gsl_integration.h>
#include <stdbool.h>
#include <stddef.h>

#include "dyn/law.h"
#include "models/contact.h"
#include "models/lagrange.h"
#include "num/sym.h"
#include "util/strbuf.h"

enum { NQ = LAGRANGE_MAXQ };

/* The most phases (a stop, a restart) of one run; its steps and seconds
 * are the solve's budget's (num/budget.h), as every model's. */
enum { LAGR_MAX_PHASES = 20000 };
/* A held coordinate under a force that depends on t is watched in pieces of
 * at most tmax/LAGR_WATCH. */
enum { LAGR_WATCH = 4000 };

/* Results per coordinate, then these, then the file's. */
enum { R_T_END, R_T_STOP, R_E_START, R_E_END, R_LOST, R_OUTCOME, R_WORK, R_NFIXED };

/* Minguzzi's contact integral in R: contact(SHAPE, r, PRESSURE, mu, N, vx,
 * vy, w), at most this many calls. */
enum { LAGR_MAX_CONTACTS = 8 };
enum { CA_R, CA_MU, CA_N, CA_VX, CA_VY, CA_W, CA_N_ARGS };

struct lcontact {
	enum contact_shape shape;
	enum contact_pressure pressure;
	struct sym *arg[CA_N_ARGS]; /* r, mu, N, vx, vy, w */
	struct sym *dv[3][NQ];	    /* d(vx, vy, w)/dq̇_i; NULL where it is 0 */
	const char *text;	    /* the call as written */
	struct sym_prog *code;	    /* arg[], then dv[m][i] (m major) */
};

/* A kink of R: R = c|w| + (smooth) across the surface w = 0, w = a·q̇ + b
 * linear in the rates (a = ∂w/∂q̇ and b may depend on q and t): the
 * relative velocity of a Coulomb contact (abs(xdot) on a fixed support,
 * abs(xdot - vb) on a belt, abs(x2dot - x1dot) between two blocks). At
 * most this many. */
enum { LAGR_MAX_KINKS = 8 };
struct lkink {
	struct sym *w;	    /* w itself */
	struct sym *a[NQ];  /* ∂w/∂q̇_j (constant in the rates); NULL where 0 */
	struct sym *wq[NQ]; /* ∂w/∂q_j; NULL where 0 */
	struct sym *wt;	    /* ∂w/∂t; NULL where 0 */
	size_t coord;	    /* w = ±q̇_i + a constant: i, else SIZE_MAX */
	const char *text;   /* w as written in R */
};

/* A [contact NAME] section (issue 36): a Coulomb contact whose normal force
 * the file declares, N an expression in q, q̇ and t. Its friction is no
 * term of R: R = mu N |w| with N depending on the rates would add the
 * spurious force mu |w| ∂N/∂q̇. The force −mu N sgn(w) ∂w/∂q̇ is applied
 * as it is (lagr_declared_add), w is one of the kinks (its bound mu N, half
 * the jump of that force across w = 0), and N reaching 0 ends the run:
 * the contact would lift off, and independent coordinates have no
 * coordinate to leave the surface along. */
enum { LAGR_MAX_DECLARED = 4 };
struct ldecl {
	const char *name;
	const char *law;	   /* "coulomb" or "projected": the same force here */
	struct sym *w, *N, *mu;	   /* slip, N and mu as compiled */
	struct sym *a[NQ];	   /* ∂w/∂q̇_j; NULL where 0 */
	const char *src_w, *src_N; /* as written */
	/* normal = y (lagrange_contact.c): the constraint y = 0 kept as a
	 * coordinate, held by the run; N is then no expression (NULL) but the
	 * reaction (2.13) formed from the mass matrix. SIZE_MAX: N declared */
	size_t normal;
	enum law_id lawid;	   /* with normal: projected, family or isotropic */
	struct sym *omega[NQ][NQ]; /* family: Ω of Φ = AΩᵀ (5.1) */
	struct sym *k;		   /* isotropic: Φ = kA (2.7) */
	const char *src_omega;	   /* as written */
	/* normal: w, mu, k, a[0..nq), omega[j][i] (j major), compiled at
	 * load with the parameters fixed (lagrange_contact.c's order) */
	struct sym_prog *code;
};

/* An expression of the file: its text, and where its value starts. */
struct lagrange_expr {
	const char *text; /* NULL: not given */
	int line, col;	  /* col 1-based of the value's first character */
};

/* A [contact NAME] section as the file gives it. */
struct lcontact_text {
	const char *name;
	struct lagrange_expr slip, N, mu, law, normal, omega, k;
	int line; /* of the [contact NAME] header */
};

struct lagr_lu {
	bool valid;
	int rc; /* the LU's: nonzero where A is singular */
	size_t n;
	double A[NQ * NQ], Ai[NQ * NQ];
	/* lagr_system_at's last values (nnames of them) and terms: the run
	 * and normal_solve ask for the same state in turn */
	bool sys_valid;
	double *sys_vals;
	double sys_out[2 * NQ * NQ + 3 * NQ];
};

struct lagr {
	struct model model; /* first: the model is the system */
	struct param_spec *params;
	struct result_spec *results;
	char **own; /* strings the specs point into */
	size_t nown;
	struct sym **syms; /* every expression and derivative below */
	size_t nsyms;
	size_t nq; /* coordinates */
	char *q[NQ], *qd[NQ];
	char *src_T, *src_V, *src_R, *src_stop;
	struct sym *T, *V, *R, *stop;
	struct sym *p[NQ], *M[NQ][NQ], *dTdq[NQ], *dVdq[NQ], *dRdqd[NQ], *dpdq[NQ][NQ], *dpdt[NQ];
	bool nonsmooth[NQ]; /* ∂R/∂q̇_i may not be smooth at q̇_i = 0: watched */
	bool jump[NQ];	    /* ∂R/∂q̇_i has a step in it (Coulomb) */
	/* the coordinates of a norm of the rates (watched, no step): at rest
	 * together they take Kozlov's test on the norm, when two or more */
	size_t ngroup, group[NQ];
	size_t nextra;
	struct sym **extra;
	char **names; /* the parameters, q, q̇, t: what an evaluation is given */
	size_t nnames;
	bool uses_t;
	size_t ncontact;
	struct lcontact contact[LAGR_MAX_CONTACTS];
	bool in_contact[NQ]; /* q̇_i enters a contact's motion */
	size_t nkink;
	/* R's kinks, and a nonsmooth coordinate that none covers and no norm
	 * holds (R = sqrt(xdot^2)) as w = q̇_i: the Coulomb contacts */
	struct lkink kink[LAGR_MAX_KINKS];
	gsl_integration_glfixed_table *gl; /* for contact_coulomb_closed */
	size_t ndecl;			   /* the [contact NAME] sections */
	struct ldecl decl[LAGR_MAX_DECLARED];
	/* compiled at load (num/sym.h), the parameters fixed: the system
	 * (struct lagr_at's terms) and ∂R/∂q̇ */
	struct sym_prog *sys, *dR;
	/* normal_solve's last mass matrix and its inverse (lagrange_contact.c),
	 * lagr_system_at's last state and terms:
	 * the matrix is often constant, and its LU inverse the bulk of a
	 * right-hand side. Written through the pointer by a const L, as the
	 * programs keep their registers: not for two threads at once. */
	struct lagr_lu *lu;
	/* the derivation's steps, written when the steps are first read
	 * (they do not depend on the values; a solve does not write them) */
	char *derivation;
};

/* The terms of Lagrange's equations at a state, from L->sys: one run of
 * straight-line code with what they share computed once, and what only
 * the parameters fix (a constant mass matrix) once a run. */
struct lagr_at {
	double M[NQ][NQ], dTdq[NQ], dpdt[NQ], dVdq[NQ], dpdq[NQ][NQ];
};
void lagr_system_at(const struct lagr *L, const double *vals, struct lagr_at *at);

/* Index of q_i, of q̇_i, of t among the evaluation's names (sym_eval's
 * values: the parameters, q, q̇, t). */
static inline size_t lagr_iq(const struct lagr *L, size_t i)
{
	return L->model.nparams + i;
}
static inline size_t lagr_iqd(const struct lagr *L, size_t i)
{
	return L->model.nparams + L->nq + i;
}
static inline size_t lagr_it(const struct lagr *L)
{
	return L->model.nparams + 2 * L->nq;
}
/* A character of a name in an expression's text. */
static inline bool lagr_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}
/* The building's helpers (lagrange.c), for the other pieces: e compiled
 * over the evaluation's names (NULL with d, line, col); ∂f/∂name; a string
 * kept with the model. */
struct sym *lagr_compile(struct lagr *L, const struct lagrange_expr *e, bool rates,
			 const char *what, int *line, int *col, struct diag *d);
struct sym *lagr_deriv(struct lagr *L, const struct sym *f, const char *name);
const char *lagr_keep(struct lagr *L, char *s);
/* R's kinks (lagrange_kinks.c): whether f is the number 0; a kink across
 * w = 0 (contact names the section); those of R's smooth text (the
 * contact(...) calls taken out); a kink w = q̇_i for each nonsmooth
 * coordinate no kink covers. -1 with d, line and col. */
bool lagr_is_zero(const struct sym *f);
int lagr_add_kink(struct lagr *L, const char *text, const char *contact, int line, int col,
		  int *eline, int *ecol, struct diag *d);
int lagr_find_kinks(struct lagr *L, const struct lagrange_expr *e, const char *smooth, int *line,
		    int *col, struct diag *d);
int lagr_coordinate_kinks(struct lagr *L, int *line, int *col, struct diag *d);
/* R's contact(...) calls (lagrange_minguzzi.c): taken out of R's text e
 * into L->contact[], *smooth the rest (the caller frees it). -1 with d,
 * line and col. */
int lagr_split_contacts(struct lagr *L, const struct lagrange_expr *e, char **smooth, int *line,
			int *col, struct diag *d);
/* A [contact NAME] that names its normal coordinate (normal = y): checked,
 * compiled and added as L->decl[L->ndecl++] (lagrange_contact.c). */
int lagr_normal_contact(struct lagr *L, const struct lcontact_text *ct, int *line, int *col,
			struct diag *d);
/* The declared contacts' N at vals: the file's expression, or the reaction
 * (2.13) of one that names its normal coordinate (NaN where (2.13) has no
 * solution). */
double lagr_declared_N(const struct lagr *L, size_t c, const double *vals);
/* The contacts that name their normal coordinate: their reactions and
 * friction, negated (as ∂R/∂q̇ would be), added to dR[], which holds the
 * other friction on entry (it enters (2.13) as a given force). */
void lagr_normal_add(const struct lagr *L, const double *vals, double *dR);
/* The declared contacts' Coulomb friction (N declared), negated, added to
 * dR[]. */
void lagr_declared_coulomb_add(const struct lagr *L, const double *vals, double *dR);
/* At the start of a run (vals at t = 0): a normal coordinate must start
 * on its surface at rest (q = 0, q̇ = 0); it is held (held[i]) along the
 * run. The start's reaction and (2.9) into the steps s. */
int lagr_normal_start(const struct lagr *L, const double *vals, bool *held, struct strbuf *s,
		      struct diag *d);
/* Kozlov's law on a contact that names its normal coordinate is not smooth
 * where the other rates vanish together (q̇ = 0): they are marked
 * nonsmooth, watched as a norm of the rates is. */
void lagr_normal_nonsmooth(struct lagr *L);
/* At load, after the system's code: each contact that names its normal
 * coordinate its program (struct ldecl's code), and L->lu. */
void lagr_normal_compile(struct lagr *L);
/* Kozlov's law's resistance |R| (Φq̇, q̇)/|q̇| at vals (0 without one):
 * the run's R for the test at rest of the rates it watches together,
 * f·u <= |R| (Φu, u)/|u| in every direction u (for Φ = kA the
 * subdifferential of k|R||q̇|, Kozlov §3). */
double lagr_normal_R(const struct lagr *L, const double *vals);
/* Whether q_i is a contact's normal coordinate. */
bool lagr_is_normal(const struct lagr *L, size_t i);
/* The words for q_i watched under Kozlov's law of such a contact (and
 * true), or false where R's kink watches it. */
bool lagr_normal_watch_step(const struct lagr *L, size_t i, struct strbuf *s);
/* The derivation's words for a contact that names its normal coordinate. */
void lagr_normal_steps(const struct lagr *L, const struct ldecl *dc, struct strbuf *s);

/* The contacts' R and, if dR, their ∂R/∂q̇_i, added to *R and dR[]. */
int lagr_contacts_add(const struct lagr *L, const double *vals, double *R, double *dR,
		      struct diag *d);
/* The declared contacts' friction −mu N sgn(w) ∂w/∂q̇_i, negated (as
 * ∂R/∂q̇_i would be) and added to dR[]. */
void lagr_declared_add(const struct lagr *L, const double *vals, double *dR);
/* M = ∂²T/∂q̇² at vals; -1 where it is not finite, not positive definite or
 * singular to rounding (below LAGR_COND_MAX), with why (may be NULL) saying
 * which rates it cannot separate. */
int lagr_mass_matrix(const struct lagr *L, const double *vals, double *M, struct diag *why);
/* The least eigenvalue of M may not be below this much of its largest:
 * below it, rounding decides the motion along the least one's direction
 * (T = m(xdot + ydot)^2/2 has a last Cholesky pivot of rounding's size at
 * m = 2, and was "solved"). */
#define LAGR_COND_MAX 1e-12
/* The derivation (Lagrange's equations as formed) into the worked steps
 * (lagrange_steps.c): the model's steps_head, written when the steps are
 * read, not at solve. */
void lagr_derivation_steps(const struct model *m, struct strbuf *s);
/* Cholesky of a small symmetric matrix (k×k, row major) in place, and
 * L Lᵀ x = b with it (b's entries st apart), each GSL 2.7's
 * (gsl_linalg_cholesky_decomp1, _svx) to the bit without its views and
 * BLAS calls (lagrange_chol.c). -1 where a pivot is not positive. */
int lagr_cholesky(double *S, size_t k);
void lagr_cholesky_solve(const double *S, size_t k, double *b, size_t st);
/* The model's solve (lagrange_run.c). */
int lagr_solve(const struct model_input *in, struct model_output *out, struct diag *d);
int lagr_check(const struct model_input *in, struct diag *d);

#endif
