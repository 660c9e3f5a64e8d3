/* Diagnostics as the front ends print them: "file:line:col: message", the
 * line and a caret; and whatever a hostile file, script or command line
 * put into them cannot reach the terminal as a control sequence. */
#include <check.h>
#include <string.h>

#include "testutil.h"
#include "util/diag.h"
#include "util/strbuf.h"

static void expect_format(const struct diag *d, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	diag_format(d, &out);
	ck_assert_str_eq(strbuf_str(&out), want);
	strbuf_release(&out);
}

START_TEST(test_place_and_caret)
{
	struct diag d;
	diag_at(&d, "t.ini", 5, 10, "value = banana", "'banana' is not a number");
	expect_format(&d, "t.ini:5:10: 'banana' is not a number\n"
			  "    value = banana\n"
			  "             ^\n");
	diag_set(&d, "no exercise loaded");
	diag_prefix(&d, "show: ");
	expect_format(&d, "show: no exercise loaded\n");
}
END_TEST

/* A binary script or an ESC typed into a command reaches the messages as
 * \xHH: control characters, DEL, the C1 controls and bytes that are not
 * UTF-8. UTF-8 itself, a tab and a newline stay. */
START_TEST(test_hostile_bytes_escaped)
{
	struct diag d;
	diag_set(&d, "unknown command '%s'", "\x1B]0;x\x07\x7F\xC2\x9B\x80\xFF");
	expect_format(&d, "unknown command '\\x1B]0;x\\x07\\x7F\\xC2\\x9B\\x80\\xFF'\n");
	diag_set(&d, "μ = %s\tθ\nnext", "0.3");
	expect_format(&d, "μ = 0.3\tθ\nnext\n");
	diag_at(&d, "\x1B[31m.ini", 0, 0, NULL, "cannot open");
	expect_format(&d, "\\x1B[31m.ini: cannot open\n");
	diag_set(&d, "%s", "cut \xE2\x88");
	expect_format(&d, "cut \\xE2\\x88\n");
}
END_TEST

/* In the line shown under a message each control character is a blank and
 * each byte that is not UTF-8 a '?', one column each, so that the caret
 * still points at the column the message gives. */
START_TEST(test_hostile_source_line)
{
	struct diag d;
	diag_at(&d, "t.ini", 2, 11,
		"t = a\x1B"
		"b\xC2\x9B"
		"c\xFF"
		"d",
		"invalid UTF-8");
	expect_format(&d, "t.ini:2:11: invalid UTF-8\n"
			  "    t = a b??c?d\n"
			  "              ^\n");
	diag_at(&d, "t.ini", 1, 3, "μ\xFFx", "here");
	expect_format(&d, "t.ini:1:3: here\n"
			  "    μ?x\n"
			  "     ^\n");
}
END_TEST

static Suite *diag_suite(void)
{
	Suite *s = suite_create("diag");
	TCase *tc = tcase_create("format");
	tcase_add_test(tc, test_place_and_caret);
	tcase_add_test(tc, test_hostile_bytes_escaped);
	tcase_add_test(tc, test_hostile_source_line);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(diag_suite());
}
