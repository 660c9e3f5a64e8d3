"""Imachi's frictional viscosity as a student would compute it with SciPy:
the mass on a base vibrating along a line at φ' (§2-4, the exercise
`imachi`) and on a line (§5, `imachi-1d`), slip phases by solve_ivp with
events, stick phases in closed form, run until the period map repeats to
1e-9 as tribo does. Units are Imachi's (u = ωU/g, τ = ωt)."""
import math

import numpy as np
from scipy.optimize import brentq

from common import Case, Values, solve_ivp

TWO_PI = 2 * math.pi

# ---- §2-4: the plane, base v = a cos τ e^{iφ'} ------------------------------
PLANE = Values("imachi", ["phi", "a", "s", "mu0", "mu1", "u0x", "u0y"],
               {"motion": "linear", "method": "accurate"})  # φ' in degrees


def plane_scipy(tol, conv=1e-9, periods=200):
    """u_xmean over the limit cycle."""
    p = PLANE
    a, s, mu0, mu1 = p["a"], p["s"], p["mu0"], p["mu1"]
    e = np.array([math.cos(math.radians(p["phi"])), math.sin(math.radians(p["phi"]))])
    v = lambda t: a * math.cos(t) * e
    dv = lambda t: -a * math.sin(t) * e
    iv = lambda t: a * math.sin(t) * e
    sx = np.array([s, 0.0])
    margin = lambda t: mu1 - np.linalg.norm(dv(t) - sx)   # ≥ 0: it may stick
    w_ev = 1e-10 * max(a, s)
    away_dir = np.zeros(2)

    def rhs(t, y):
        w = v(t) - y[:2]
        n = math.hypot(w[0], w[1])
        ed = w / n if n > 0 else away_dir
        return [s + mu0 * ed[0], mu0 * ed[1], y[0], y[1]]

    def meets(t, y):
        return np.linalg.norm(v(t) - y[:2]) - w_ev
    meets.terminal, meets.direction = True, -1

    def off(t, y):
        return np.linalg.norm(v(t) - y[:2]) - 2 * w_ev
    off.terminal, off.direction = True, 1

    y = np.array([p["u0x"], p["u0y"], 0.0, 0.0])
    t, stuck, away = 0.0, False, False
    if np.allclose(y[:2], v(0.0), rtol=0, atol=0):
        stuck = margin(0.0) >= 0
    prev, mean = y[:2].copy(), None
    for k in range(periods):
        t_end, U0 = TWO_PI * (k + 1), y[2:].copy()
        while t < t_end:
            if stuck:   # on the base until the margin turns negative
                grid = np.arange(t, t_end, math.pi / 256)[1:]
                tl = next((b for b in grid if margin(b) < 0), None)
                if tl is None and margin(t_end) < 0:
                    tl = t_end
                if tl is not None:
                    tl = brentq(margin, max(t, tl - math.pi / 256), tl, xtol=1e-15)
                t1 = t_end if tl is None else tl
                y[2:] += iv(t1) - iv(t)
                y[:2] = v(t1)
                t = t1
                if tl is not None:
                    g = dv(t) - sx
                    away_dir[:] = g / np.linalg.norm(g)
                    stuck, away = False, True
                continue
            sol = solve_ivp(rhs, (t, t_end), y, method="DOP853", rtol=tol, atol=tol,
                            events=off if away else meets)
            t, y = sol.t[-1], sol.y[:, -1].copy()
            if sol.status != 1:
                continue
            if away:
                away = False
                continue
            w = v(t) - y[:2]
            n = np.linalg.norm(w)
            rate = w @ (dv(t) - sx) / n - mu0
            if not rate < 0:
                continue
            dt = min(n / -rate, t_end - t)
            y[2:] += 0.5 * (y[:2] + v(t + dt)) * dt
            t += dt
            y[:2] = v(t)
            if margin(t) >= 0:
                stuck = True
            else:
                g = dv(t) - sx
                away_dir[:] = g / np.linalg.norm(g)
                away = True
        t = t_end
        mean = (y[2] - U0[0]) / TWO_PI
        if np.linalg.norm(y[:2] - prev) <= conv * max(1.0, a, np.linalg.norm(y[:2])):
            return mean
        prev = y[:2].copy()
    return mean


# ---- §5: the line, base v = a cos τ -----------------------------------------
LINE = Values("imachi-1d", ["a", "s", "mu0", "mu1", "u0"], {"method": "accurate"})


def line_scipy(tol, conv=1e-9, periods=200):
    """u_mean over the limit cycle: du/dτ = s + μ0 sgn(v − u) by solve_ivp,
    each slip phase ended by the event u = v (this exercise never sticks:
    every crossing has |dv/dτ − s| > μ1, which is checked)."""
    p = LINE
    a, s, mu0, mu1 = p["a"], p["s"], p["mu0"], p["mu1"]
    y = np.array([p["u0"], 0.0])
    t, prev = 0.0, y[0]
    sgn = 1.0 if a * math.cos(0.0) > y[0] else -1.0

    def cross(t, y):
        return a * math.cos(t) - y[0]
    for k in range(periods):
        t_end, U0 = TWO_PI * (k + 1), y[1]
        while t < t_end:
            cross.terminal, cross.direction = True, -sgn
            sol = solve_ivp(lambda t, y: [s + mu0 * sgn, y[0]], (t, t_end), y,
                            method="DOP853", rtol=tol, atol=tol, events=cross)
            t, y = sol.t[-1], sol.y[:, -1].copy()
            if sol.status == 1:
                if abs(-a * math.sin(t) - s) <= mu1:
                    raise RuntimeError("it sticks: not this script's case")
                sgn = -sgn
        mean = (y[1] - U0) / TWO_PI
        if abs(y[0] - prev) <= conv * max(1.0, a, abs(y[0])):
            return mean
        prev = y[0]
    return mean


def line_ref():
    """The exact solution: u is straight between crossings of v, each
    crossing by brentq to the last bit; the limit cycle is the fixed point of
    the period map, found by brentq too, and its mean the exact integral of
    the straight pieces."""
    p = LINE
    a, s, mu0 = p["a"], p["s"], p["mu0"]

    def period(u0, want_mean=False):
        t, u, integral = 0.0, u0, 0.0
        sgn = 1.0 if a > u else -1.0
        while True:
            c = s + mu0 * sgn
            g = lambda x: sgn * (a * math.cos(x) - (u + c * (x - t)))
            lo, hi = t, None
            x = t + 1e-9
            while x < TWO_PI:
                nx = min(x + 1e-3, TWO_PI)
                if g(nx) <= 0:
                    lo, hi = x, nx
                    break
                x = nx
            t1 = TWO_PI if hi is None else brentq(g, lo, hi, xtol=1e-16, rtol=8.9e-16)
            integral += u * (t1 - t) + 0.5 * c * (t1 - t) ** 2
            u += c * (t1 - t)
            if hi is None:
                return integral / TWO_PI if want_mean else u
            t, sgn = t1, -sgn
    u = p["u0"]
    for _ in range(40):  # near the cycle first: the map contracts
        u = period(u)
    ustar = brentq(lambda x: period(x) - x, u - 1e-3, u + 1e-3, xtol=1e-16, rtol=8.9e-16)
    return period(ustar, True)


def plane_ref():
    return plane_scipy(2.3e-14, conv=1e-14, periods=400)


CASES = [
    Case("imachi", "u_xmean", 1e-12, plane_scipy,
         "solve_ivp DOP853 slip phases with events, stick closed",
         "rk8pd slip phases, events, stick closed, period map to 1e-9, then its fixed point (GSL hybrids)",
         plane_ref, "none exists; SciPy at rtol 2.3e-14, cycle to 1e-14 (self-ref.)"),
    Case("imachi-1d", "u_mean", 1e-12, line_scipy,
         "solve_ivp DOP853 with the event u = v",
         "slip phases in closed form, crossings u = v by Brent, period map to 1e-9, then its fixed point (secant)",
         line_ref, "closed form: exact piecewise-linear limit cycle",
         ("periods", (25, 50, 100, 200))),
]
