/* What the models built on Minguzzi's Rayleigh function share (rayleigh,
 * disk-slide): the friction law μ(v) chosen by a `law` parameter (coulomb,
 * stokes, bouchet or a formula `mu_expr`) and its worked steps. */
#ifndef TRIBO_MINGUZZI_H
#define TRIBO_MINGUZZI_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/law.h"
#include "models/model.h"
#include "num/expr.h"
#include "num/friction.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* A formula law, and how often the quadratures have evaluated it: the
 * measure of work a model keeps within a solve's own. */
struct formula {
	struct expr_fn *fn;
	unsigned long calls;
	size_t size;	      /* its length as compiled: the cost of a call */
	unsigned long budget; /* the most calls a solve may make; 0: any */
	bool over;	      /* the budget ran out: μ is NaN from there on */
};

/* The laws a `law` parameter of these models takes, and the rows of the
 * parameters they read: the same in every model built on eq. (17). */
#define MINGUZZI_LAWS LAW_NAME_COULOMB "|" LAW_NAME_STOKES "|" LAW_NAME_BOUCHET "|" LAW_NAME_EXPR
/* clang-format off */
#define MINGUZZI_LAW_ROWS(law_, mu_, k_, mu0_, muinf_, a_, mu_expr_) \
	[law_] = PARAM_LAW(MINGUZZI_LAWS, \
			   "friction law μ(v): coulomb, stokes, bouchet or expr (mu_expr)"), \
	[mu_] = PARAM_NUMBER("mu", "", 0.3, PARAM_AT_LEAST(0.0), "Coulomb: μ"), \
	[k_] = PARAM_NUMBER("k", "s/m", 1.0, PARAM_AT_LEAST(0.0), "Stokes: μ = k v"), \
	PARAM_LAW_BOUCHET(mu0_, muinf_, a_, 0.5, 0.2, 1.0), \
	[mu_expr_] = PARAM_TEXT("mu_expr", "0.3", \
				"expr: μ as a formula in v (m/s), such as 0.3 + 0.1*exp(-v)")
/* clang-format on */

/* Where a model keeps the law's parameters: indices into its table `spec`. */
struct law_slots {
	const struct param_spec *spec;
	int law, mu, k, mu0, muinf, a, mu_expr;
};

/* The law the parameters choose (a row of dyn/law.c's registry). */
enum law_id minguzzi_law_id(const struct model_input *in, const struct law_slots *ix);

/* The friction law the parameters describe; a formula is compiled into fm
 * (the caller frees fm->fn with expr_fn_free, and law with
 * friction_law_release). */
int minguzzi_law(const struct model_input *in, const struct law_slots *ix, struct friction_law *law,
		 struct formula *fm, struct diag *d);
/* A formula evaluated past its budget (fm->over: μ was NaN from there on)
 * refused in d (-1); 0 when it kept within it. */
int minguzzi_formula_over(const struct formula *fm, struct diag *d);
/* The law in words, for the worked steps; V the largest speed met. */
void minguzzi_law_steps(struct strbuf *s, const struct model_input *in, const struct law_slots *ix,
			double V);

#endif
