"""coin-lagrange, the coin of model lagrange's [system] (T = m ẋ²/2 +
m r² φ̇²/4, V = 0, R = contact(disk, r, uniform, mu, m g, ẋ, 0, φ̇)), as a
student would solve it with SciPy from T, V and R: Lagrange's equations
d/dt ∂T/∂q̇ − ∂T/∂q + ∂V/∂q = −∂R/∂q̇ written by hand (Debian's python3
has no sympy here), m ẍ = −∂R/∂ẋ and (m r²/2) φ̈ = −∂R/∂φ̇, the contact's
forces in Minguzzi's closed form for a uniform disk under Coulomb friction
(eq. 17-20, complete elliptic integrals of e = ẋ/(r φ̇), as tribo has
them), solve_ivp to the events ẋ = 0 and φ̇ = 0: t_stop."""
import math

import numpy as np
from scipy.integrate import solve_ivp as _plain_solve_ivp
from scipy.special import ellipe, ellipk

from common import Case, Values, solve_ivp

COIN = Values("coin-lagrange", ["m", "r", "mu", "g", "xdot0", "phidot0"],
              {"x0": 0.0, "phi0": 0.0})
GL_X, GL_W = np.polynomial.legendre.leggauss(32)


def J(which, k):
    """∫_0^{π/2} of cos²Δ, Δ³ or cos⁴/Δ, Δ = √(1 − k² sin² t): by 32-point
    Gauss-Legendre where k < 0.5 (the closed forms cancel there), else by
    K and E (SciPy's take k²)."""
    if k < 0.5:
        t = (GL_X + 1) * math.pi / 4
        s, c = np.sin(t), np.cos(t)
        D = np.sqrt(1 - k * k * s * s)
        f = {"cos2D": c * c * D, "D3": D ** 3, "cos4/D": c ** 4 / D}[which]
        return math.pi / 4 * float(GL_W @ f)
    k2 = k * k
    E, K1 = ellipe(k2), (1 - k2) * ellipk(k2) if k < 1 else 0.0
    if which == "cos2D":
        return ((1 + k2) * E - K1) / (3 * k2)
    if which == "D3":
        return (2 * (2 - k2) * E - K1) / 3
    return ((2 - 3 * k2) * K1 + 2 * (2 * k2 - 1) * E) / (3 * k2 * k2)


def FT(e):
    """The uniform disk's friction force and torque, in units of μN and
    μN r, turning about the point e r from its centre (Minguzzi §3)."""
    if e <= 1:
        return 4 * e / math.pi * J("cos2D", e), 4 / (3 * math.pi) * J("D3", e)
    return 4 / math.pi * J("cos2D", 1 / e), 4 / (3 * math.pi * e) * J("cos4/D", 1 / e)


def coin_run(tol, ivp=solve_ivp):
    c = COIN
    m, r, mu, N = c["m"], c["r"], c["mu"], c["m"] * c["g"]

    def rhs(t, y):
        v, w = y[1], y[3]
        F, T = FT(abs(v) / (r * abs(w)))
        # −∂R/∂ẋ = −μN F sgn ẋ, −∂R/∂φ̇ = −μN r T sgn φ̇
        return [v, -mu * N * F * math.copysign(1, v) / m,
                w, -mu * N * r * T * math.copysign(1, w) / (m * r * r / 2)]

    def slide(t, y):
        return y[1]

    def spin(t, y):
        return y[3]
    slide.terminal = spin.terminal = True
    slide.direction = spin.direction = -1
    sol = ivp(rhs, (0, 100), [0.0, c["xdot0"], 0.0, c["phidot0"]], method="DOP853",
              rtol=tol, atol=tol, events=[slide, spin])
    return sol.t[-1]


def coin_scipy(tol):
    return coin_run(tol)


def coin_ref():
    """SciPy's own run at its tightest tolerance (no closed form for the
    stop: e drifts to Minguzzi's 0.653)."""
    return coin_run(2.3e-14, _plain_solve_ivp)


CASES = [
    Case("coin-lagrange", "t_stop", 1e-12, coin_scipy,
         "Lagrange's eqs. from T, R by hand, forces by K(k), E(k), DOP853 to ẋ = 0",
         "Lagrange's eqs. formed from T, R; contact's forces by K(k), E(k); rk8pd to the stop",
         coin_ref, "none exists; SciPy at rtol 2.3e-14 (self-ref.)"),
]
