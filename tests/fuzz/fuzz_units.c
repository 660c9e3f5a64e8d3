/* libFuzzer: the unit parser and conversion. The input is a unit string;
 * when it parses, a value is converted to and from every known unit of the
 * same dimension, and the dimension named. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/units.h"
#include "util/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	struct unit u;
	struct diag d;
	char name[64];
	if (unit_parse(s, &u, &d) == 0) {
		unit_dim_name(&u, name, sizeof(name));
		for (const char *const *n = unit_names(); *n; n++) {
			struct unit v;
			if (unit_parse(*n, &v, &d) || !unit_same_dim(&u, &v))
				continue;
			double x = unit_convert(1.5, &u, &v);
			double back = unit_convert(x, &v, &u);
			/* a round trip through a finite, nonzero factor is exact to rounding */
			if (isfinite(u.factor) && isfinite(v.factor) && u.factor > 1e-250 &&
			    u.factor < 1e250 && fabs(back - 1.5) > 1e-9)
				abort();
		}
	}
	free(s);
	return 0;
}
