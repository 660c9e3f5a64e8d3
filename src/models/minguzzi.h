/* What the models built on Minguzzi's Rayleigh function share (rayleigh,
 * disk-slide): the friction law μ(v) chosen by a `law` parameter (coulomb,
 * stokes, bouchet or a formula `mu_expr`) and its worked steps. */
#ifndef TRIBO_MINGUZZI_H
#define TRIBO_MINGUZZI_H

#include <stdbool.h>
#include <stddef.h>

#include "models/model.h"
#include "num/expr.h"
#include "num/friction.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* The choices of a `law` parameter, "coulomb|stokes|bouchet|expr". */
enum { LAW_COULOMB, LAW_STOKES, LAW_BOUCHET, LAW_EXPR };

/* A formula law, and how often the quadratures have evaluated it: the
 * measure of work a model keeps within a solve's own. */
struct formula {
	struct expr_fn *fn;
	unsigned long calls;
	size_t size;	      /* its length as compiled: the cost of a call */
	unsigned long budget; /* the most calls a solve may make; 0: any */
	bool over;	      /* the budget ran out: μ is NaN from there on */
};

/* Where a model keeps the law's parameters: indices into its table. */
struct law_slots {
	int law, mu, k, mu0, muinf, a, mu_expr;
};

/* The friction law the parameters describe; a formula is compiled into fm
 * (the caller frees fm->fn with expr_fn_free, and law with
 * friction_law_release). */
int minguzzi_law(const struct model_input *in, const struct law_slots *ix, struct friction_law *law,
		 struct formula *fm, struct diag *d);
/* The law in words, for the worked steps; V the largest speed met. */
void minguzzi_law_steps(struct strbuf *s, const struct model_input *in, const struct law_slots *ix,
			double V);

#endif
