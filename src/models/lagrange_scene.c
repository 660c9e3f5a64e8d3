/* What a drawing of a system stated by T, V and R (an exercise's [scene],
 * exercise/scene_spec.h) evaluates with: the system's names, its file's
 * results as expressions of the state, and its declared contacts' normal
 * forces (lagrange.h). */
#include <string.h>

#include "models/lagrange_sys.h"

static const struct lagr *lagr_of(const struct model *m)
{
	return m && m->ctx && !strcmp(m->name, "lagrange") ? (const struct lagr *)m->ctx : NULL;
}

size_t lagrange_names(const struct model *m, const char *const **names, size_t *nq)
{
	const struct lagr *L = lagr_of(m);
	if (!L) {
		*names = NULL;
		*nq = 0;
		return 0;
	}
	*names = (const char *const *)L->names;
	*nq = L->nq;
	return L->nnames;
}

size_t lagrange_file_results(const struct model *m, const struct sym *const **exprs)
{
	const struct lagr *L = lagr_of(m);
	*exprs = L ? (const struct sym *const *)L->extra : NULL;
	return L ? L->nextra : 0;
}

size_t lagrange_contacts(const struct model *m)
{
	const struct lagr *L = lagr_of(m);
	return L ? L->ndecl : 0;
}

const char *lagrange_contact_name(const struct model *m, size_t c)
{
	return lagr_of(m)->decl[c].name;
}

double lagrange_contact_N(const struct model *m, size_t c, const double *vals)
{
	return lagr_declared_N(lagr_of(m), c, vals);
}
