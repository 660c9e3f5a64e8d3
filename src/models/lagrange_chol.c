/* Model lagrange's small symmetric factorization (lagrange_sys.h): the
 * Cholesky factor of a mass matrix or of a few constraints' matrix and its
 * solves, written by hand where GSL's views and BLAS calls cost several
 * times the arithmetic at three or four rows. */
#include <math.h>
#include <stddef.h>

#include "models/lagrange_sys.h"

/* Cholesky of the k×k matrix S (k <= NQ + NK) into its lower triangle, its
 * upper triangle as it was, each operation in the order GSL 2.7's
 * gsl_linalg_cholesky_decomp1 takes below its crossover (cholesky_decomp_L2:
 * a column less Σ L_ik L_jk by gslcblas's dgemv, then scaled by 1/√a_jj),
 * so that the factor is GSL's to the bit: at n = 3 GSL's views, dgemv and
 * dscal cost some 760 instructions a factor where this takes about 90, and
 * a lagrange run factors its mass matrix at every right-hand side. -1 where
 * a pivot is not positive, as GSL's GSL_EDOM. */
static inline __attribute__((always_inline)) int cholesky(double *S, size_t k)
{
#pragma GCC unroll 4
	for (size_t j = 0; j < k; j++) {
#pragma GCC unroll 4
		for (size_t i = j; j && i < k; i++) {
			double t = 0;
#pragma GCC unroll 4
			for (size_t c = 0; c < j; c++)
				t += S[i * k + c] * S[j * k + c];
			S[i * k + j] += -1.0 * t;
		}
		const double ajj = S[j * k + j];
		if (ajj <= 0.0)
			return -1;
		const double inv = 1.0 / sqrt(ajj);
#pragma GCC unroll 4
		for (size_t i = j; i < k; i++)
			S[i * k + j] *= inv;
	}
	return 0;
}

/* L Lᵀ x = b with lagr_cholesky's factor, b's entries st apart (x in b):
 * gsl_linalg_cholesky_svx's two substitutions (gslcblas's dtrsv, lower
 * then its transpose), in their order. */
static inline __attribute__((always_inline)) void cholesky_solve(const double *S, size_t k,
								 double *b, size_t st)
{
#pragma GCC unroll 4
	for (size_t i = 0; i < k; i++) {
		double t = b[i * st];
#pragma GCC unroll 4
		for (size_t j = 0; j < i; j++)
			t -= S[i * k + j] * b[j * st];
		b[i * st] = t / S[i * k + i];
	}
#pragma GCC unroll 4
	for (size_t i = k; i-- > 0;) {
		double t = b[i * st];
#pragma GCC unroll 4
		for (size_t j = i + 1; j < k; j++)
			t -= S[j * k + i] * b[j * st];
		b[i * st] = t / S[i * k + i];
	}
}

/* cholesky and cholesky_solve with k a constant for the sizes a run
 * meets most (the mass matrix, a few constraints): the same operations in
 * the same order, unrolled. */
int lagr_cholesky(double *S, size_t k)
{
	switch (k) {
	case 1:
		return cholesky(S, 1);
	case 2:
		return cholesky(S, 2);
	case 3:
		return cholesky(S, 3);
	case 4:
		return cholesky(S, 4);
	default:
		return cholesky(S, k);
	}
}

void lagr_cholesky_solve(const double *S, size_t k, double *b, size_t st)
{
	switch (k) {
	case 1:
		cholesky_solve(S, 1, b, st);
		break;
	case 2:
		cholesky_solve(S, 2, b, st);
		break;
	case 3:
		cholesky_solve(S, 3, b, st);
		break;
	case 4:
		cholesky_solve(S, 4, b, st);
		break;
	default:
		cholesky_solve(S, k, b, st);
	}
}
