#include "dyn/law.h"

#include <stdio.h>
#include <string.h>

/* One law a row. */
static const struct law laws[LAW_COUNT] = {
	[LAW_COULOMB] =
		{
			.name = LAW_NAME_COULOMB,
			.family = FAMILY_COULOMB,
			.title = "Coulomb",
			.params = {{"mu", "",
				    "the friction coefficient (the ladder: mu_floor and mu_wall; "
				    "ragulskis: the force h, in N)"}},
			.formula = "the force is μ times the normal force, against the sliding "
				   "velocity; at rest, any force up to that (set-valued: stick and "
				   "slip)",
			.equation = "Kozlov (2.1); Minguzzi §2; Ragulskis, h sgn u̇",
			.has_friction = true,
			.friction = FRICTION_COULOMB,
			.has_drylaw = true,
			.drylaw = DRYLAW_COULOMB,
		},
	[LAW_ISOTROPIC] =
		{
			.name = LAW_NAME_ISOTROPIC,
			.family = FAMILY_MATRIX,
			.title = "Kozlov, Φ = kA",
			.params = {{"k", "", "the reduced coefficient, Φ = kA"}},
			.formula = "F = −|R| k A q̇/|q̇|_A: Kozlov's law with Φ the kinetic energy's "
				   "own "
				   "matrix times k, |R| the normal reaction's length in A⁻¹ (2.5)",
			.equation = "Kozlov (2.6), (2.7)",
		},
	[LAW_MATRIX] =
		{
			.name = LAW_NAME_MATRIX,
			.family = FAMILY_MATRIX,
			.title = "Kozlov, a constant Φ",
			.params = {{"phi11 … phi33", "",
				    "Φ's entries in the model's coordinates (units "
				    "follow A's)"}},
			.formula =
				"F = −|R| Φ q̇/|q̇|_A with any constant Φ; friction dissipates where "
				"Φ + Φᵀ is not negative (2.8), and pushes along the constraint "
				"only where ΦᵀA⁻¹∂f is along ∂f (2.9)",
			.equation = "Kozlov (2.6), (2.8), (2.9)",
		},
	[LAW_PROJECTED] =
		{
			.name = LAW_NAME_PROJECTED,
			.family = FAMILY_PROJECTED,
			.title = "Painlevé, projected",
			.params = {{"mu", "",
				    "the friction coefficient (the ladder: mu_floor and mu_wall)"}},
			.formula =
				"Coulomb's force −μλ sgn(ẋ) at each sliding contact, λ the "
				"frictionless normal force, projected by (4.3) onto the motions "
				"the acting constraints allow (the least force in A⁻¹ doing the "
				"same work on them); on one constraint completed across them so "
				"that "
				"Φ + Φᵀ = diag(2μ, 0, 0): Painlevé friction as a law of Kozlov's "
				"form",
			.equation = "Kozlov (4.3), (7.4)",
		},
	[LAW_FAMILY] =
		{
			.name = LAW_NAME_FAMILY,
			.family = FAMILY_ADMISSIBLE,
			.title = "Kozlov, Φ = AΩᵀ",
			.params =
				{{"Omega11 … Omega33", "",
				  "Ω's free entries, in coordinates where the constraints are "
				  "coordinates (the rod: x, θ, y; the ladder: θ, f_floor, f_wall)"},
				 {"nu", "", "the rod: Ω's last column is (0, 0, ν)"}},
			.formula = "Φ = A(q)Ωᵀ with Ω keeping the constraints' span, recomputed "
				   "along the run: the laws that satisfy (2.9), or (7.4) on "
				   "several constraints, at every configuration",
			.equation = "Kozlov (5.1), (5.2); (7.4) for several constraints",
		},
	[LAW_STOKES] =
		{
			.name = LAW_NAME_STOKES,
			.family = FAMILY_SPEED,
			.title = "Stokes",
			.params = {{"k", "s/m", "μ = k v"}},
			.formula = "μ(v) = k v: viscous friction per unit normal force; P = 2R",
			.equation = "Minguzzi (10), (17)",
			.has_friction = true,
			.friction = FRICTION_STOKES,
		},
	[LAW_BOUCHET] =
		{
			.name = LAW_NAME_BOUCHET,
			.family = FAMILY_SPEED,
			.title = "Bouchet, §2.1",
			.params = {{"mu0", "", "μ at v = 0"},
				   {"muinf", "", "μ as v → ∞"},
				   {"a", "s/m", "how fast μ falls from mu0 to muinf"}},
			.formula = "μ(v) = (μ₀ − μ∞)/(1 + a v) + μ∞, falling from μ₀ at rest to μ∞",
			.equation = "Minguzzi §2.1, (17)",
			.has_friction = true,
			.friction = FRICTION_BOUCHET,
		},
	[LAW_EXPR] =
		{
			.name = LAW_NAME_EXPR,
			.family = FAMILY_SPEED,
			.title = "a formula",
			.params = {{"mu_expr", "",
				    "μ as a formula in v (m/s), such as 0.3 + 0.1*exp(-v)"}},
			.formula =
				"μ(v) as written; ∫₀^v μ dv by adaptive Gauss-Kronrod quadrature",
			.equation = "Minguzzi (14), (17)",
			.has_friction = true,
			.friction = FRICTION_FN,
		},
	[LAW_ELLIPTIC] =
		{
			.name = LAW_NAME_ELLIPTIC,
			.family = FAMILY_REGULARIZED,
			.title = "(8), elliptic",
			.params = {{"h", "N", "the force at large speeds"},
				   {"Delta", "m/s", "the width of the transition"}},
			.formula = "H = E(−Δ, Δ, −h, h, u̇) for |u̇| < Δ, ±h beyond: two quarter "
				   "ellipses (Ragulskis's elliptic function E, eq. 7), a vertical "
				   "tangent at u̇ = 0",
			.equation = "Ragulskis (7), (8)",
			.has_drylaw = true,
			.drylaw = DRYLAW_ELLIPTIC,
		},
	[LAW_ELLIPTIC_PEAK] =
		{
			.name = LAW_NAME_ELLIPTIC_PEAK,
			.family = FAMILY_REGULARIZED,
			.title = "(10), elliptic with a peak",
			.params = {{"h", "N", "the force at large speeds"},
				   {"Delta", "m/s", "the width of the rise"},
				   {"Delta_a", "m/s",
				    "the width of the peak's descent, h_a = h Δ_a/Δ"}},
			.formula = "H rises by ellipses to h + h_a at |u̇| = Δ + Δ_a and falls back "
				   "to h "
				   "at Δ + 2Δ_a: a static friction above the kinetic",
			.equation = "Ragulskis (10)",
			.has_drylaw = true,
			.drylaw = DRYLAW_ELLIPTIC_PEAK,
		},
	[LAW_TANH] =
		{
			.name = LAW_NAME_TANH,
			.family = FAMILY_REGULARIZED,
			.title = "tanh",
			.params = {{"h", "N", "the force at large speeds"},
				   {"Delta", "m/s", "the width of the transition"}},
			.formula = "H = h tanh(u̇/Δ): a common smooth law, for comparison",
			.equation = "Ragulskis §1 (for comparison)",
			.has_drylaw = true,
			.drylaw = DRYLAW_TANH,
		},
};

const struct law *law_get(enum law_id id)
{
	return &laws[id];
}

enum law_id law_id(const struct law *law)
{
	return (enum law_id)(law - laws);
}

const struct law *law_find(const char *name)
{
	for (size_t i = 0; i < LAW_COUNT; i++)
		if (!strcmp(laws[i].name, name))
			return &laws[i];
	return NULL;
}

const char *law_family_name(enum law_family f)
{
	switch (f) {
	case FAMILY_COULOMB:
		return "isotropic Coulomb (Amontons)";
	case FAMILY_MATRIX:
		return "Kozlov's law with a constant matrix";
	case FAMILY_PROJECTED:
		return "Painlevé's projected law";
	case FAMILY_ADMISSIBLE:
		return "Kozlov's admissible family";
	case FAMILY_SPEED:
		return "a coefficient of the speed, μ(v)";
	case FAMILY_REGULARIZED:
		return "regularized";
	}
	return "?";
}

const struct law *law_chosen(const struct param_spec *spec, int i)
{
	char word[64];
	return spec->law ? law_find(param_choice_word(spec, i, word, sizeof word)) : NULL;
}

int law_refuse(const struct param_spec *spec, const char *model, const char *word, struct diag *d)
{
	if (!spec->law || !law_find(word))
		return 0;
	struct strbuf takes = STRBUF_INIT;
	char w[64];
	for (int i = 0, n = param_choice_count(spec); i < n; i++)
		strbuf_addf(&takes, "%s%s", i ? ", " : "", param_choice_word(spec, i, w, sizeof w));
	diag_set(d, "%s %s: model %s takes %s", spec->name, word, model, takes.buf);
	strbuf_release(&takes);
	return -1;
}

/* C = X Y, 3×3 row-major. */
static void mat_mul(const double X[9], const double Y[9], double C[9])
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			C[3 * i + j] =
				X[3 * i] * Y[j] + X[3 * i + 1] * Y[3 + j] + X[3 * i + 2] * Y[6 + j];
}

void law_phi_matrix(enum law_id id, const struct law_phi *a, double Phi[9])
{
	memset(Phi, 0, 9 * sizeof(double));
	switch (id) {
	case LAW_COULOMB:
		if (a->slide >= 0)
			Phi[3 * a->slide + a->slide] = a->mu;
		break;
	case LAW_ISOTROPIC:
		for (int i = 0; i < 9; i++)
			Phi[i] = a->A[i] * a->k;
		break;
	case LAW_MATRIX:
		memcpy(Phi, a->phi, 9 * sizeof(double));
		break;
	case LAW_PROJECTED: {
		/* on the sliding velocities (normal speed 0) Φq̇ = μ q̇_s P e_s,
		 * P the projection (4.3); across them (the normal column, never
		 * met while the contact slides) its antisymmetric completion, so
		 * that (2.8) holds for every q̇: Φ + Φᵀ = 2μ e_s e_sᵀ */
		const int s = a->slide, n = a->normal;
		const double c = -a->mu * a->Ai[3 * s + n] / a->Ai[3 * n + n];
		Phi[3 * s + s] = a->mu;
		Phi[3 * n + s] = c;
		Phi[3 * s + n] = -c;
		break;
	}
	case LAW_FAMILY: {
		double W[9]; /* Ωᵀ, or B Ωᵀ E in coordinates ξ */
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				W[3 * i + j] = a->omega[3 * j + i];
		if (a->E) {
			double T[9];
			mat_mul(W, a->E, T);
			mat_mul(a->B, T, W);
		}
		for (int i = 0; i < 3; i++) /* (AΩᵀ)_ij = Σ_k A_ik Ω_jk */
			for (int j = 0; j < 3; j++)
				Phi[3 * i + j] = a->A[3 * i] * W[j] + a->A[3 * i + 1] * W[3 + j] +
						 a->A[3 * i + 2] * W[6 + j];
		break;
	}
	default:
		break;
	}
}

void law_project(int p, const double J[][3], const double Ai[9], const double Lam[3], double F[3])
{
	double u[2][3], M[2][2], b[2], rho[2] = {0, 0};
	for (int i = 0; i < p; i++) /* u_i = A⁻¹ ∂f_i */
		for (int a = 0; a < 3; a++)
			u[i][a] = Ai[3 * a] * J[i][0] + Ai[3 * a + 1] * J[i][1] +
				  Ai[3 * a + 2] * J[i][2];
	for (int i = 0; i < p; i++) {
		b[i] = u[i][0] * Lam[0] + u[i][1] * Lam[1] + u[i][2] * Lam[2];
		for (int j = 0; j < p; j++)
			M[i][j] = u[i][0] * J[j][0] + u[i][1] * J[j][1] + u[i][2] * J[j][2];
	}
	if (p == 1) {
		rho[0] = b[0] / M[0][0];
	} else {
		const double det = M[0][0] * M[1][1] - M[0][1] * M[1][0];
		rho[0] = (b[0] * M[1][1] - M[0][1] * b[1]) / det;
		rho[1] = (M[0][0] * b[1] - M[1][0] * b[0]) / det;
	}
	for (int a = 0; a < 3; a++) {
		F[a] = Lam[a];
		for (int j = 0; j < p; j++)
			F[a] -= rho[j] * J[j][a];
	}
}

static void step_line(struct strbuf *s, const char *line)
{
	if (s)
		strbuf_addf(s, "%s\n", line);
}

void law_speed_steps(struct strbuf *s, const struct law *law, const struct friction_law *fl,
		     const char *formula, double V)
{
	char line[1024];
	if (!s)
		return;
	switch (law_id(law)) {
	case LAW_COULOMB:
		snprintf(line, sizeof line, "Friction law (%s): μ(v) = %g, so ∫₀^v μ dv = %g v.",
			 law->title, fl->mu, fl->mu);
		break;
	case LAW_STOKES:
		snprintf(line, sizeof line,
			 "Friction law (%s): μ(v) = k v = %g v, so ∫₀^v μ dv = k v²/2.", law->title,
			 fl->k);
		break;
	case LAW_BOUCHET:
		snprintf(line, sizeof line,
			 "Friction law (%s): μ(v) = (μ₀ − μ∞)/(1 + a v) + μ∞ with μ₀ = %g, μ∞ = "
			 "%g, a = %g s/m,",
			 law->title, fl->mu0, fl->muinf, fl->a);
		step_line(s, line);
		snprintf(line, sizeof line, "  so ∫₀^v μ dv = (μ₀ − μ∞)/a · ln(1 + a v) + μ∞ v.");
		break;
	default:
		strbuf_addf(s,
			    "Friction law (%s): μ(v) = %s; ∫₀^v μ dv by adaptive Gauss-Kronrod "
			    "quadrature at each point (speeds up to about %.3g m/s).\n",
			    law->title, formula, V);
		return;
	}
	step_line(s, line);
}
