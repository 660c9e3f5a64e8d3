"""Kozlov's exercises as a student would solve them with SciPy: Painlevé's
rod (§5, the least critical friction), rest or motion under anisotropic
friction (§3, the Lyapunov exponent) and the ball (§6, the stop time). The
numbers are those of the shipped exercises."""
import math

import numpy as np
from scipy.optimize import brentq, minimize_scalar

from common import Case, solve_ivp

# ---- §5, Painlevé's rod -----------------------------------------------------
ROD = dict(m1=1.0, m2=1.0)


def mu_crit(th):
    """The friction at which the classical normal force's denominator
    vanishes: (m1 + m2 cos²θ)/(m2 sin θ cos θ)."""
    m1, m2 = ROD["m1"], ROD["m2"]
    return (m1 + m2 * math.cos(th) ** 2) / (m2 * math.sin(th) * math.cos(th))


def rod_scipy(tol):
    """min over θ of μ_crit(θ) by minimize_scalar (bounded, xatol = tol)."""
    r = minimize_scalar(mu_crit, bounds=(1e-9, math.pi / 2 - 1e-9), method="bounded",
                        options={"xatol": tol})
    return r.fun


def rod_ref():
    m1, m2 = ROD["m1"], ROD["m2"]
    return 2 * math.sqrt(m1 * (m1 + m2)) / m2


# ---- §3, rest or motion -----------------------------------------------------
REST = dict(phi=np.array([[0.6, 0.0], [0.0, 0.3]]), f=np.array([0.5, 0.4]))


def rest_scipy(tol):
    """The positive root of ζ(λ) = |(Φ + λI)⁻¹f|² = 1 by brentq on [0, |f|]
    (ζ < 1 at |f| for Φ ≥ 0), ζ by numpy.linalg.solve."""
    phi, f = REST["phi"], REST["f"]
    eye = np.eye(2)

    def zeta1(lam):
        x = np.linalg.solve(phi + lam * eye, f)
        return x @ x - 1
    return brentq(zeta1, 0.0, float(np.hypot(*f)), xtol=tol, rtol=max(tol, 8.9e-16))


def rest_ref():
    """Φ = diag(a, b): ζ(λ) = 1 is the quartic
    fx²(b+λ)² + fy²(a+λ)² − (a+λ)²(b+λ)² = 0; its largest real root by
    numpy.roots, polished by Newton's method on the quartic."""
    a, b = REST["phi"][0, 0], REST["phi"][1, 1]
    fx, fy = REST["f"]
    P = np.polynomial.Polynomial
    q = fx * fx * P([b, 1]) ** 2 + fy * fy * P([a, 1]) ** 2 - (P([a, 1]) * P([b, 1])) ** 2
    lam = max(r.real for r in q.roots() if abs(r.imag) < 1e-12 and r.real > 0)
    dq = q.deriv()
    for _ in range(3):
        lam -= q(lam) / dq(lam)
    return lam


# ---- §6, the ball -----------------------------------------------------------
BALL = dict(m=1.0, r=0.1, g=9.81, mu1=0.3, mu2=0.2, mu3=0.1,
            q0=np.array([1.0, 0.0, 0.0, 0.0, 5.0]))  # (vx, vy, ω'x, ω'y, Ω)


def ball_matrices():
    m, r = BALL["m"], BALL["r"]
    J = 0.4 * m * r * r
    A = np.array([[m, 0, 0, m * r, 0],
                  [0, m, -m * r, 0, 0],
                  [0, -m * r, m * r * r + J, 0, 0],
                  [m * r, 0, 0, m * r * r + J, 0],
                  [0, 0, 0, 0, J]])
    phi = np.array([m * BALL["mu1"], m * BALL["mu1"], m * r * r * BALL["mu3"],
                    m * r * r * BALL["mu3"], m * r * r * BALL["mu2"]])
    return A, phi


def ball_scipy(tol):
    """A q̈ = −g Φ q̇/D, D = √(q̇ᵀAq̇/m), by solve_ivp to the event
    D = 1e-9 D0 (as tribo), then the last D/|Ḋ|: stop_time."""
    A, phi = ball_matrices()
    Ainv = np.linalg.inv(A)
    m, g = BALL["m"], BALL["g"]
    D = lambda q: math.sqrt(q @ A @ q / m)
    D0 = D(BALL["q0"])

    def rhs(t, q):
        return Ainv @ (-g * phi * q / D(q))

    def stops(t, q):
        return D(q) - 1e-9 * D0
    stops.terminal, stops.direction = True, -1
    sol = solve_ivp(rhs, (0, 1e3), BALL["q0"], method="DOP853", rtol=tol, atol=tol * D0,
                    events=stops)
    q = sol.y_events[0][0]
    Dq = D(q)
    Ddot = -g * (phi * q) @ q / (m * Dq * Dq)
    return sol.t_events[0][0] + Dq / -Ddot


def ball_ref():
    """No closed form with slip and spin together. Independently
    (check_kozlov_aux's method), with no event: in σ = −ln(D/D0) the
    direction u = q̇/D and t are smooth down to D → 0; DOP853 at its tightest
    (rtol 2.3e-14) to σ = 45."""
    A, phi = ball_matrices()
    m, g = BALL["m"], BALL["g"]
    q0 = BALL["q0"]
    D0 = math.sqrt(q0 @ A @ q0 / m)

    def rhs(sig, y):
        w = y[:5]
        u = w / math.sqrt(w @ A @ w / m)
        a = np.linalg.solve(A, -g * phi * u)
        Ddot = -g * (phi * u) @ u / m
        return np.concatenate([-(a - Ddot * u) / Ddot, [-math.exp(-sig) / Ddot]])
    sol = solve_ivp(rhs, (0, 45), np.concatenate([q0 / D0, [0.0]]), method="DOP853",
                    rtol=2.3e-14, atol=1e-16)
    return sol.y[5, -1] * D0


CASES = [
    Case("painleve-rod", "mu_crit_min", 1e-12, rod_scipy,
         "minimize_scalar on μ_crit(θ) only",
         "A, (2.8)/(2.9), λ, μ_crit min by Brent, rigid run to the ground",
         rod_ref, "closed form 2√(m1(m1+m2))/m2"),
    Case("kozlov-rest", "lyap_lambda", 1e-12, rest_scipy,
         "brentq on ζ(λ) − 1",
         "(3.2)/(3.3), ζ(λ) scanned, root by Brent, η",
         rest_ref, "closed form: largest root of the quartic"),
    Case("kozlov-ball", "stop_time", 1e-12, ball_scipy,
         "solve_ivp DOP853 to D = 1e-9 D0, last stretch closed",
         "rk8pd in σ = −ln(D/D0) to D = 1e-9 D0 (no event), last stretch closed",
         ball_ref, "independent: σ = −ln(D/D0) reformulation, DOP853 2.3e-14"),
]
