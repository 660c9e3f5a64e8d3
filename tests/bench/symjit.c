/* Issue 42 point 1's measurement: a lagrange system's compiled code as
 * tribo runs it (num/sym.h's register bytecode) against the same program
 * as native code, C written from the trees by sym_prog_c and compiled in
 * memory by libtcc (Debian's libtcc-dev; only this program links it).
 *
 *   symjit ID...
 *
 * For each exercise: loads it (as `load` does), takes the model's compiled
 * system (lagrange_code), and at 64 states drawn about the exercise's own
 * values evaluates it both ways, again and again for 0.2 s of CPU each;
 * prints the instructions (all / per call), the nanoseconds per evaluation
 * of each, libtcc's compile time, and the largest relative difference of
 * the two (they must agree to the bit: the same operations in the same
 * order). Exit status 1 if they differ. SYMJIT_SHOW=1 writes the C to
 * stderr. */
#include <libtcc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exercise/exercise.h"
#include "exercise/session.h"
#include "models/lagrange.h"
#include "num/num.h"
#include "num/sym.h"
#include "util/strbuf.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef void (*native_fn)(double *r, const double *v, double *o, int pro);

/* libm's functions by name for tcc, and tribo's own (cot, step...) as fn[] */
static double (*fn_table[64])(double);

static const char prelude[] =
	"double exp(double); double log(double); double sqrt(double);\n"
	"double sin(double); double cos(double); double tan(double);\n"
	"double asin(double); double acos(double); double atan(double);\n"
	"double sinh(double); double cosh(double); double tanh(double);\n"
	"double fabs(double); double erf(double); double pow(double, double);\n"
	"extern double (*fn[])(double);\n";

static native_fn compile_native(const struct sym_prog *p, TCCState **st, double *secs)
{
	struct strbuf src = STRBUF_INIT;
	strbuf_addstr(&src, prelude);
	sym_prog_c(p, "sys", &src);
	if (getenv("SYMJIT_SHOW"))
		fputs(src.buf, stderr);
	const double t0 = now();
	TCCState *s = tcc_new();
	tcc_set_options(s, "-nostdlib -O2");
	tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
	if (tcc_compile_string(s, src.buf) < 0) {
		fprintf(stderr, "symjit: tcc could not compile:\n%s", src.buf);
		exit(2);
	}
	tcc_add_symbol(s, "fn", fn_table);
	tcc_add_symbol(s, "exp", exp);
	tcc_add_symbol(s, "log", log);
	tcc_add_symbol(s, "sqrt", sqrt);
	tcc_add_symbol(s, "sin", sin);
	tcc_add_symbol(s, "cos", cos);
	tcc_add_symbol(s, "tan", tan);
	tcc_add_symbol(s, "asin", asin);
	tcc_add_symbol(s, "acos", acos);
	tcc_add_symbol(s, "atan", atan);
	tcc_add_symbol(s, "sinh", sinh);
	tcc_add_symbol(s, "cosh", cosh);
	tcc_add_symbol(s, "tanh", tanh);
	tcc_add_symbol(s, "fabs", fabs);
	tcc_add_symbol(s, "erf", erf);
	tcc_add_symbol(s, "pow", pow);
	if (tcc_relocate(s, TCC_RELOCATE_AUTO) < 0) {
		fprintf(stderr, "symjit: tcc could not relocate\n");
		exit(2);
	}
	native_fn f = (native_fn)tcc_get_symbol(s, "sys");
	*secs = now() - t0;
	*st = s;
	strbuf_release(&src);
	return f;
}

enum { NSTATES = 64, MAXOUT = 64 };

int main(int argc, char **argv)
{
	int bad = 0;
	num_init();
	for (unsigned k = 0; k < 64; k++)
		fn_table[k] = sym_fn(k);
	printf("%-16s %6s %6s %12s %12s %10s %9s\n", "exercise", "ins", "body", "bytecode ns",
	       "native ns", "tcc ms", "max rel");
	for (int a = 1; a < argc; a++) {
		struct diag d = {0};
		struct session *s = session_new();
		if (session_load(s, argv[a], &d)) {
			fprintf(stderr, "symjit: %s: %s\n", argv[a], d.msg);
			return 2;
		}
		const struct exercise *ex = session_exercise(s);
		struct sym_prog *p;
		const struct sym *terms[MAXOUT];
		size_t nvals;
		const size_t nout = lagrange_code(ex->model, &p, terms, MAXOUT, &nvals);
		/* the states: the parameters at their values, q, q̇ and t drawn
		 * about 1 (reproducibly) */
		double *vals = calloc(NSTATES * nvals, sizeof(double));
		srand(42);
		for (size_t k = 0; k < NSTATES; k++)
			for (size_t i = 0; i < nvals; i++)
				vals[k * nvals + i] = i < ex->model->nparams
							      ? ex->params[i].value
							      : 2.0 * rand() / RAND_MAX - 0.5;
		TCCState *st;
		double tcc_secs;
		native_fn f = compile_native(p, &st, &tcc_secs);
		double *reg = calloc(sym_prog_registers(p) + 1, sizeof(double));
		double o1[MAXOUT], o2[MAXOUT], maxrel = 0, sink = 0;
		/* the numbers sit in the bytecode's registers; the C has them
		 * inline, and its registers are its own */
		f(reg, vals, o2, 1);
		for (size_t k = 0; k < NSTATES; k++) {
			sym_prog_run(p, vals + k * nvals, o1);
			f(reg, vals + k * nvals, o2, 0);
			for (size_t i = 0; i < nout; i++) {
				const double rel = o1[i] == o2[i]
							   ? 0
							   : fabs(o1[i] - o2[i]) /
								     fmax(fabs(o1[i]), fabs(o2[i]));
				if (!(rel <= maxrel))
					maxrel = rel;
			}
		}
		double t0 = now(), ns_byte, ns_native;
		long runs = 0;
		do {
			for (size_t k = 0; k < NSTATES; k++, runs++) {
				sym_prog_run(p, vals + k * nvals, o1);
				sink += o1[0];
			}
		} while (now() - t0 < 0.2);
		ns_byte = 1e9 * (now() - t0) / (double)runs;
		t0 = now();
		runs = 0;
		do {
			for (size_t k = 0; k < NSTATES; k++, runs++) {
				f(reg, vals + k * nvals, o2, 0);
				sink += o2[0];
			}
		} while (now() - t0 < 0.2);
		ns_native = 1e9 * (now() - t0) / (double)runs;
		printf("%-16s %6zu %6zu %12.1f %12.1f %10.3f %9.2g%s\n", argv[a], sym_prog_size(p),
		       sym_prog_body_size(p), ns_byte, ns_native, 1e3 * tcc_secs, maxrel,
		       sink == 0.123 ? " " : "");
		bad |= maxrel > 0;
		tcc_delete(st);
		free(reg);
		free(vals);
		session_free(s);
	}
	return bad;
}
