/* Helpers shared by the check suites. */
#ifndef TRIBO_TESTUTIL_H
#define TRIBO_TESTUTIL_H

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "num/num.h"
#include "util/strbuf.h"

/* |a - b| <= tol * |b|: a relative comparison with the tolerance stated. */
#define ck_assert_rel(a, b, tol)                                                                   \
	do {                                                                                       \
		double a_ = (a), b_ = (b);                                                         \
		ck_assert_msg(fabs(a_ - b_) <= (tol)*fabs(b_),                                     \
			      "%s = %.17g, expected %.17g (relative error %.3g > %g)", #a, a_, b_, \
			      fabs(a_ - b_) / fabs(b_), (double)(tol));                            \
	} while (0)

/* The whole of file `path` (the test fails if it cannot be opened), its
 * length in *n when n is not NULL. The caller frees it. */
static inline char *test_slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t k;
	while ((k = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, k);
	fclose(f);
	if (n)
		*n = sb.len;
	return strbuf_detach(&sb);
}

/* Runs one suite and returns the exit status for main(). */
static inline int run_suite(Suite *s)
{
	num_init();
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
