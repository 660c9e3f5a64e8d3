/* export: a table as RFC 4180 CSV (quoting, all 17 digits, NaN and inf)
 * and a figure's curves as a table. The `export csv` command itself is
 * tested with the other plot commands (check_gnuplot.c, plot.t). */
#include <check.h>
#include <math.h>

#include "exercise/export.h"
#include "testutil.h"
#include "util/csv.h"

START_TEST(test_csv)
{
	struct figures fs = FIGURES_INIT;
	struct table *t = figures_table(&fs, "t", "x [m]|say \"hi\", twice| padded ");
	table_row(t, (double[]){0.1, NAN, -INFINITY});
	table_row(t, (double[]){1e-300, 2, INFINITY});
	struct strbuf sb = STRBUF_INIT;
	export_csv(t, &sb);
	ck_assert_str_eq(strbuf_str(&sb), "x [m],\"say \"\"hi\"\", twice\",\" padded \"\r\n"
					  "0.10000000000000001,NaN,-inf\r\n"
					  "1e-300,2,inf\r\n");
	/* a figure's curves: one x column when they share it, else pairs */
	struct figure *f = figure_add(&fs, "f", "", "t [s]", "u [m]");
	struct curve *a = figure_curve(f, "a", CURVE_LINE);
	struct curve *b = figure_curve(f, "", CURVE_FILL);
	curve_point(a, 0, 1);
	curve_point(a, 1, 2);
	curve_band(b, 0, -1, 1);
	curve_band(b, 1, -2, 2);
	struct figures scratch = FIGURES_INIT;
	const struct table *ft = export_figure_table(f, &scratch);
	strbuf_reset(&sb);
	export_csv(ft, &sb);
	ck_assert_str_eq(strbuf_str(&sb), "t [s],u [m] (a),\"u [m] (curve 2, lower)\","
					  "\"u [m] (curve 2, upper)\"\r\n"
					  "0,1,-1,1\r\n1,2,-2,2\r\n");
	curve_point(a, 2, 3);
	figures_release(&scratch);
	ft = export_figure_table(f, &scratch);
	strbuf_reset(&sb);
	export_csv(ft, &sb);
	ck_assert_str_eq(strbuf_str(&sb),
			 "t [s] (a),u [m] (a),t [s] (curve 2),\"u [m] (curve 2, lower)\","
			 "\"u [m] (curve 2, upper)\"\r\n"
			 "0,1,0,-1,1\r\n1,2,1,-2,2\r\n2,3,NaN,NaN,NaN\r\n");
	figures_release(&scratch);
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

/* issue 43: a text cell a spreadsheet would read as a formula is written
 * as text (OWASP: a single quote first, inside the quotes); numbers tribo
 * formats (export's values, negative ones included) stay numbers */
START_TEST(test_csv_formulas)
{
	static const char *const in[] = {
		"=HYPERLINK(\"http://evil.example\",\"x\")",
		"+1+1",
		"-2",
		"@SUM(1)",
		"\tTab",
		"\rCR",
		"\xEF\xBC\x9D"
		"1+1", /* a full-width = */
		"a=b",
		"plain",
		"",
	};
	static const char *const out[] = {
		"\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\"",
		"\"'+1+1\"",
		"\"'-2\"",
		"\"'@SUM(1)\"",
		"\"'\tTab\"",
		"\"'\rCR\"",
		"\"'\xEF\xBC\x9D"
		"1+1\"",
		"a=b",
		"plain",
		"",
	};
	for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
		struct strbuf sb = STRBUF_INIT;
		csv_add_cell(&sb, in[i]);
		ck_assert_str_eq(strbuf_str(&sb), out[i]);
		strbuf_release(&sb);
	}
	struct figures fs = FIGURES_INIT;
	struct table *t = figures_table(&fs, "t", "-x [m]|@y|=z");
	table_row(t, (double[]){-1.5, -1e-15, -INFINITY});
	struct strbuf sb = STRBUF_INIT;
	export_csv(t, &sb);
	ck_assert_str_eq(strbuf_str(&sb), "\"'-x [m]\",\"'@y\",\"'=z\"\r\n"
					  "-1.5,-1.0000000000000001e-15,-inf\r\n");
	strbuf_release(&sb);
	figures_release(&fs);
}
END_TEST

static Suite *suite(void)
{
	Suite *su = suite_create("export");
	TCase *tc = tcase_create("csv");
	tcase_add_test(tc, test_csv);
	tcase_add_test(tc, test_csv_formulas);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	return run_suite(suite());
}
