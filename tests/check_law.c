/* The friction-law registry (dyn/law.c): every row complete and found by
 * its name, every model's `law` parameter made of registered laws, the
 * refusal that names what a model takes, and Φ of Kozlov's laws against
 * what the paper asks of them. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "dyn/law.h"
#include "models/model.h"
#include "testutil.h"

START_TEST(test_rows_complete)
{
	for (int i = 0; i < LAW_COUNT; i++) {
		const struct law *l = law_get((enum law_id)i);
		ck_assert_ptr_nonnull(l->name);
		ck_assert_ptr_nonnull(l->title);
		ck_assert_ptr_nonnull(l->formula);
		ck_assert_ptr_nonnull(l->equation);
		ck_assert_ptr_nonnull(l->params[0].name);
		ck_assert_str_ne(law_family_name(l->family), "?");
		ck_assert_ptr_eq(law_find(l->name), l);
		ck_assert_int_eq(law_id(l), i);
	}
	ck_assert_ptr_null(law_find("friction"));
	ck_assert(law_get(LAW_BOUCHET)->has_friction);
	ck_assert_int_eq(law_get(LAW_BOUCHET)->friction, FRICTION_BOUCHET);
	ck_assert(law_get(LAW_TANH)->has_drylaw && !law_get(LAW_TANH)->has_friction);
	ck_assert_int_eq(law_get(LAW_COULOMB)->drylaw, DRYLAW_COULOMB);
}
END_TEST

/* Every choice of every model's law parameter is a row; the models that
 * take laws are the contact models. */
START_TEST(test_models_take_registered_laws)
{
	int with_law = 0;
	for (const struct model *const *m = model_all(); *m; m++)
		for (size_t i = 0; i < (*m)->nparams; i++) {
			const struct param_spec *sp = &(*m)->params[i];
			if (strcmp(sp->name, "law"))
				continue;
			ck_assert_msg(sp->law, "%s: its law parameter is not PARAM_LAW",
				      (*m)->name);
			with_law++;
			for (int c = 0; c < param_choice_count(sp); c++)
				ck_assert_msg(law_chosen(sp, c), "%s: choice %d is no law",
					      (*m)->name, c);
		}
	ck_assert_int_eq(with_law, 5); /* rayleigh, disk-slide, painleve-rod, ragulskis, ladder */
}
END_TEST

START_TEST(test_refusal_names_what_is_taken)
{
	const struct model *m = model_find("ladder");
	const struct param_spec *sp = &m->params[model_param_index(m, "law")];
	struct diag d;
	ck_assert_int_eq(law_refuse(sp, m->name, "stokes", &d), -1);
	ck_assert_str_eq(
		d.msg,
		"law stokes: model ladder takes coulomb, isotropic, matrix, projected, family");
	ck_assert_int_eq(law_refuse(sp, m->name, "friction", &d), 0);
	ck_assert_int_eq(law_chosen(sp, 1) - law_get(LAW_ISOTROPIC), 0);
}
END_TEST

/* A symmetric positive A (the rod's at θ = 30°, m1 = m2 = l = 1) and its
 * inverse, by Gauss-Jordan. */
static void rod_A(double A[9], double Ai[9])
{
	const double s = 0.5, c = sqrt(3) / 2, M = 2;
	const double a[9] = {M, -s, 0, -s, 1, c, 0, c, M};
	memcpy(A, a, sizeof a);
	double w[3][6];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 6; j++)
			w[i][j] = j < 3 ? A[3 * i + j] : (j - 3 == i);
	for (int i = 0; i < 3; i++) {
		const double p = w[i][i];
		for (int j = 0; j < 6; j++)
			w[i][j] /= p;
		for (int k = 0; k < 3; k++)
			if (k != i) {
				const double f = w[k][i];
				for (int j = 0; j < 6; j++)
					w[k][j] -= f * w[i][j];
			}
	}
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			Ai[3 * i + j] = w[i][j + 3];
}

/* (4.3): on a sliding velocity (ẏ = 0) the force −Φq̇ is the classical
 * −μ ẋ e_x less its part along the constraint, so A⁻¹Φq̇ has no normal
 * component; and Φ + Φᵀ = diag(2μ, 0, 0), the classical dissipation. */
START_TEST(test_projected_is_tangent)
{
	double A[9], Ai[9], Phi[9];
	rod_A(A, Ai);
	const double mu = 0.4;
	law_phi_matrix(LAW_PROJECTED,
		       &(struct law_phi){.A = A, .Ai = Ai, .mu = mu, .slide = 0, .normal = 2}, Phi);
	const double qd[3] = {-1.3, 0.7, 0};
	double f[3], g[3];
	for (int i = 0; i < 3; i++)
		f[i] = Phi[3 * i] * qd[0] + Phi[3 * i + 1] * qd[1] + Phi[3 * i + 2] * qd[2];
	for (int i = 0; i < 3; i++)
		g[i] = Ai[3 * i] * f[0] + Ai[3 * i + 1] * f[1] + Ai[3 * i + 2] * f[2];
	ck_assert_double_eq_tol(g[2], 0, 1e-14);
	ck_assert_double_eq_tol(f[0], mu * qd[0], 1e-15);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			ck_assert_double_eq_tol(Phi[3 * i + j] + Phi[3 * j + i],
						i == 0 && j == 0 ? 2 * mu : 0, 1e-15);
}
END_TEST

/* (4.3) on several constraints (§7): with the rod's A and two covectors,
 * F = Λ + Jᵀρ for some ρ, J A⁻¹ F = 0, and F is the least of Λ + Jᵀρ in
 * A⁻¹ (each step of ρ away from it adds). On e_y alone it is the rod's
 * closed form Λ − (Λ·A⁻¹e_y / (A⁻¹)_yy) e_y. */
START_TEST(test_project_several)
{
	double A[9], Ai[9];
	rod_A(A, Ai);
	const double J[2][3] = {{0.3, 1, -0.8}, {1, 0.2, 0.5}}, Lam[3] = {-0.7, 0.4, 1.1};
	double F[3];
	law_project(2, J, Ai, Lam, F);
	double q[3];
	for (int a = 0; a < 3; a++)
		q[a] = Ai[3 * a] * F[0] + Ai[3 * a + 1] * F[1] + Ai[3 * a + 2] * F[2];
	for (int j = 0; j < 2; j++)
		ck_assert_double_eq_tol(J[j][0] * q[0] + J[j][1] * q[1] + J[j][2] * q[2], 0, 1e-14);
	/* F − Λ in span(J): its part across J's rows (their cross product) is 0 */
	const double nrm[3] = {J[0][1] * J[1][2] - J[0][2] * J[1][1],
			       J[0][2] * J[1][0] - J[0][0] * J[1][2],
			       J[0][0] * J[1][1] - J[0][1] * J[1][0]};
	double across = 0;
	for (int a = 0; a < 3; a++)
		across += (F[a] - Lam[a]) * nrm[a];
	ck_assert_double_eq_tol(across, 0, 1e-14);
	double n0 = 0;
	for (int a = 0; a < 3; a++)
		n0 += F[a] * q[a];
	for (int k = 0; k < 4; k++) {
		const double d0 = k == 0   ? 1e-3
				  : k == 1 ? -1e-3
					   : 0,
			     d1 = k == 2   ? 1e-3
				  : k == 3 ? -1e-3
					   : 0;
		double G[3], n1 = 0;
		for (int a = 0; a < 3; a++)
			G[a] = F[a] + d0 * J[0][a] + d1 * J[1][a];
		for (int a = 0; a < 3; a++)
			n1 += G[a] *
			      (Ai[3 * a] * G[0] + Ai[3 * a + 1] * G[1] + Ai[3 * a + 2] * G[2]);
		ck_assert(n1 > n0);
	}
	const double ey[1][3] = {{0, 0, 1}};
	law_project(1, ey, Ai, Lam, F);
	const double c = (Ai[2] * Lam[0] + Ai[5] * Lam[1] + Ai[8] * Lam[2]) / Ai[8];
	ck_assert_double_eq_tol(F[0], Lam[0], 1e-15);
	ck_assert_double_eq_tol(F[1], Lam[1], 1e-15);
	ck_assert_double_eq_tol(F[2], Lam[2] - c, 1e-14);
}
END_TEST

/* (5.1)/(5.2): Φ = AΩᵀ gives ΦᵀA⁻¹e_y = Ω e_y = (0, 0, ν), along e_y:
 * condition (2.9) at every configuration. */
START_TEST(test_family_meets_29)
{
	double A[9], Ai[9], Phi[9];
	rod_A(A, Ai);
	const double nu = 0.7;
	const double omega[9] = {0.3, 0.1, 0, 0.15, 0.35, 0, 0.05, -0.1, nu};
	law_phi_matrix(LAW_FAMILY, &(struct law_phi){.A = A, .omega = omega}, Phi);
	double w[3];
	for (int i = 0; i < 3; i++)
		w[i] = Phi[i] * Ai[2] + Phi[3 + i] * Ai[5] + Phi[6 + i] * Ai[8];
	ck_assert_double_eq_tol(w[0], 0, 1e-14);
	ck_assert_double_eq_tol(w[1], 0, 1e-14);
	ck_assert_double_eq_tol(w[2], nu, 1e-14);
	/* in coordinates ξ = q (E = B = I) it is the same Φ */
	static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
	double Phi2[9];
	law_phi_matrix(LAW_FAMILY, &(struct law_phi){.A = A, .omega = omega, .E = I3, .B = I3},
		       Phi2);
	for (int i = 0; i < 9; i++)
		ck_assert_double_eq_tol(Phi2[i], Phi[i], 1e-15);
}
END_TEST

START_TEST(test_isotropic_coulomb_matrix)
{
	double A[9], Ai[9], Phi[9];
	rod_A(A, Ai);
	law_phi_matrix(LAW_ISOTROPIC, &(struct law_phi){.A = A, .k = 0.5}, Phi);
	for (int i = 0; i < 9; i++)
		ck_assert_double_eq(Phi[i], 0.5 * A[i]);
	law_phi_matrix(LAW_COULOMB, &(struct law_phi){.A = A, .mu = 0.3, .slide = 0}, Phi);
	ck_assert_double_eq(Phi[0], 0.3);
	law_phi_matrix(LAW_COULOMB, &(struct law_phi){.A = A, .mu = 0.3, .slide = -1}, Phi);
	ck_assert_double_eq(Phi[0], 0);
	law_phi_matrix(LAW_MATRIX, &(struct law_phi){.phi = A}, Phi);
	ck_assert_double_eq(Phi[5], A[5]);
	law_phi_matrix(LAW_STOKES, &(struct law_phi){.A = A}, Phi);
	for (int i = 0; i < 9; i++)
		ck_assert_double_eq(Phi[i], 0);
}
END_TEST

static Suite *law_suite(void)
{
	Suite *s = suite_create("law");
	TCase *tc = tcase_create("registry");
	tcase_add_test(tc, test_rows_complete);
	tcase_add_test(tc, test_models_take_registered_laws);
	tcase_add_test(tc, test_refusal_names_what_is_taken);
	suite_add_tcase(s, tc);
	tc = tcase_create("phi");
	tcase_add_test(tc, test_projected_is_tangent);
	tcase_add_test(tc, test_project_several);
	tcase_add_test(tc, test_family_meets_29);
	tcase_add_test(tc, test_isotropic_coulomb_matrix);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(law_suite());
}
