#!/usr/bin/python3
"""Imachi §2-4 on the plane: a limit cycle that slips throughout, as the
fixed point of the period map.

The base moves with v = a cos τ (cos φ', sin φ') (linear) or v = a (cos τ,
sin τ) (circular); the mass, while it slips, with du/dτ = (s, 0) + μ0 ŵ,
w = v − u (Imachi's units). One period from u(0) = u is the period map
P(u) = u(2π); the cycle is its fixed point, and the means are
(1/2π) ∫ u dτ over the period that starts there.

Written from the physics, not from tribo's code: each period by SciPy's
DOP853 at rtol 1e-13, atol 1e-15 (the slip never comes near the base on
these cycles, which is checked: min |w| over the period is printed), the
fixed point by scipy.optimize.root (hybr) from u = (0, 0) iterated 60
periods. check_imachi.c keeps the numbers it prints.

    /usr/bin/python3 tests/ref/imachi_cycle_ref.py
"""
import math

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import root

TWO_PI = 2 * math.pi


def make(motion, phi, a, s, mu0):
    e = (math.cos(math.radians(phi)), math.sin(math.radians(phi)))
    if motion == "linear":
        def v(t):
            return a * math.cos(t) * e[0], a * math.cos(t) * e[1]
    else:
        def v(t):
            return a * math.cos(t), a * math.sin(t)

    def rhs(t, y):
        vx, vy = v(t)
        wx, wy = vx - y[0], vy - y[1]
        n = math.hypot(wx, wy)
        return [s + mu0 * wx / n, mu0 * wy / n, y[0], y[1]]

    def period(u):
        sol = solve_ivp(rhs, (0, TWO_PI), [u[0], u[1], 0.0, 0.0], method="DOP853",
                        rtol=1e-13, atol=1e-15, dense_output=True)
        ts = np.linspace(0, TWO_PI, 4001)
        ys = sol.sol(ts)
        wmin = min(math.hypot(v(t)[0] - ys[0][i], v(t)[1] - ys[1][i])
                   for i, t in enumerate(ts))
        y = sol.y[:, -1]
        return np.array(y[:2]), np.array(y[2:]) / TWO_PI, wmin
    return period


CASES = [
    ("linear", 60.0, 1.5, 0.6, 0.9),    # the exercise imachi
    ("circular", 0.0, 1.0, 1.0, 1.15),  # imachi-fig6
    ("linear", 90.0, 1.5, 0.6, 0.9),    # φ' = 90°: u_ymean 0 by symmetry
]

if __name__ == "__main__":
    for motion, phi, a, s, mu0 in CASES:
        period = make(motion, phi, a, s, mu0)
        u = np.zeros(2)
        for _ in range(60):
            u = period(u)[0]
        r = root(lambda x: period(x)[0] - x, u, method="hybr", options={"xtol": 1e-15})
        P, mean, wmin = period(r.x)
        print(f"{motion} phi={phi} a={a} s={s} mu0={mu0}: u*=({r.x[0]!r}, {r.x[1]!r}) "
              f"u_xmean={mean[0]!r} u_ymean={mean[1]!r} |P-u|={np.linalg.norm(P - r.x):.2g} "
              f"min|w|={wmin:.3g}")
