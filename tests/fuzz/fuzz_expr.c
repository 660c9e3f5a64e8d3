/* libFuzzer: the expression checker and libmatheval behind it. The input
 * is an expression over a few names (one of them unknown, one failing as a
 * stale result would); the same text is also compiled as a formula in v,
 * as a friction law μ(v) is, and evaluated at a few speeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "num/expr.h"
#include "util/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int lookup(const char *name, double *value, struct diag *d, void *ctx)
{
	(void)ctx;
	static const struct {
		const char *name;
		double value;
	} known[] = {{"x", 0.5}, {"r", 0.2}, {"mu", 0.3}, {"g", 9.81}, {"omega", 10}, {"v", 1}};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(name, known[i].name)) {
			*value = known[i].value;
			return 0;
		}
	if (!strcmp(name, "stale"))
		return diag_set(d, "stale is out of date: solve again");
	return diag_set(d, "unknown name '%s'", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	struct diag d;
	double out;
	expr_eval(s, lookup, NULL, &out, &d);
	struct expr_fn *f = expr_fn_compile(s, "v", &d);
	if (f) {
		static const double vs[] = {0, 1e-9, 0.5, 1, 100, -1};
		for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++)
			expr_fn_eval(f, vs[i]);
		expr_fn_free(f);
	}
	free(s);
	return 0;
}
