/* Helpers shared by the check suites. */
#ifndef TRIBO_TESTUTIL_H
#define TRIBO_TESTUTIL_H

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A check that cannot run here (a tool is missing), said and counted, as
 * check has no skipped state of its own: on standard error as "SKIP
 * test: why", and a line in the file $TRIBO_TEST_SKIPS (run_suite makes
 * it; a forked test appends there too), which run_suite counts after the
 * suite. Under CI=true it fails the test instead: make check installs
 * what every test needs, so CI must not skip. The caller returns, or goes
 * on with what it can check without the tool. */
#define test_skip(...) test_skip_at(__func__, __VA_ARGS__)
static inline void test_skip_at(const char *test, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void test_skip_at(const char *test, const char *fmt, ...)
{
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	/* START_TEST(name) defines name_fn */
	int len = (int)strlen(test);
	if (len > 3 && !strcmp(test + len - 3, "_fn"))
		len -= 3;
	const char *ci = getenv("CI");
	ck_assert_msg(!ci || strcmp(ci, "true"), "%.*s: CI must not skip: %s", len, test, why);
	fprintf(stderr, "SKIP %.*s: %s\n", len, test, why);
	const char *log = getenv("TRIBO_TEST_SKIPS");
	FILE *f = log ? fopen(log, "a") : NULL;
	if (f) {
		fprintf(f, "%.*s: %s\n", len, test, why);
		fclose(f);
	}
}

/* DST (N bytes): "$TMPDIR/NAME", or "/tmp/NAME" when TMPDIR is unset or
 * empty: a template for mkstemp, mkstemps or mkdtemp. Each run's files
 * are its own (the XXXXXX), under the directory the caller chose. */
static inline char *test_tmp(char *dst, size_t n, const char *name)
{
	const char *dir = getenv("TMPDIR");
	ck_assert_int_lt(snprintf(dst, n, "%s/%s", dir && *dir ? dir : "/tmp", name), (int)n);
	return dst;
}

/* Runs one suite and returns the exit status for main(). After check's
 * own "Checks: N, Failures: F, Errors: E" (a skipped test is among the
 * N), "Skipped: K" and each skip's reason when a test skipped. */
static inline int run_suite(Suite *s)
{
	num_init();
	char log[4096];
	const char *dir = getenv("TMPDIR"); /* as test_tmp, outside a test */
	snprintf(log, sizeof(log), "%s/tribo-skips-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(log);
	if (fd >= 0) {
		close(fd);
		setenv("TRIBO_TEST_SKIPS", log, 1);
	}
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (fd >= 0) {
		FILE *f = fopen(log, "r");
		char line[1024];
		int n = 0;
		while (f && fgets(line, sizeof(line), f))
			n++;
		if (n) {
			printf("Skipped: %d\n", n);
			rewind(f);
			while (fgets(line, sizeof(line), f))
				printf("  skipped %s", line);
		}
		if (f)
			fclose(f);
		unlink(log);
		unsetenv("TRIBO_TEST_SKIPS");
	}
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
