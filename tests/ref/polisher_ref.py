#!/usr/bin/python3
"""Independent reference for the stone polisher (Minguzzi §2.3) through its
stick phases, with SciPy only (no tribo code):

    /usr/bin/python3 tests/ref/polisher_ref.py

Two rings of mass m, radius r, uniform pressure along the ring, Coulomb
friction, turning at thetadot +- omega; T = m(xd^2 + yd^2) + m r^2(thd^2 + w^2):
    2m xdd = Fx + Qx,  2m ydd = Fy + Qy,  2m r^2 thdd = M + Qth.
Each ring's friction is integrated over the ring with scipy.integrate.quad
(the point at angle phi slides with v = u + s z x rho, s = thd +- omega).

Phases: slip (DOP853, rtol = atol = 1e-12) until one ring's slip
|(xd, yd, r s)| falls to 1e-10 r omega; then that ring rests (u = 0,
thd = -+omega) and is held while the load on it from the worker and the
other ring, (|F + Q_other|, |M + Qth_other|/r), lies in the set of
what a resting ring's static friction can give: the loads f = (f_u, f_t) with
f.n <= R(n) for every direction n = (cos b, sin b) of (u, r w), R the
ring's Rayleigh function (checked on a grid of 4001 b and refined with
minimize_scalar). Held: locked to tmax. Not held (only cases with F = 0 are
run here, where the break-away is a pure turn): the turn resumes from rest
with thd nudged by 1e-12 omega the way the excess moment drives it.
"""
import math

import numpy as np
from scipy.integrate import quad, solve_ivp
from scipy.optimize import minimize_scalar


def ring_forces(m, r, mu, g, ux, uy, s):
    """R, Qx, Qy, Qth of one ring sliding with centre velocity (ux, uy), spin s."""
    dn = mu * m * g / (2 * math.pi)

    def v(phi):
        return ux - s * r * math.sin(phi), uy + s * r * math.cos(phi)

    def speed(phi):
        vx, vy = v(phi)
        return math.hypot(vx, vy)

    def fx(phi):
        vx, vy = v(phi)
        return -vx / math.hypot(vx, vy)

    def fy(phi):
        vx, vy = v(phi)
        return -vy / math.hypot(vx, vy)

    def ft(phi):
        vx, vy = v(phi)
        sp = math.hypot(vx, vy)
        return r * (math.cos(phi) * -vy - math.sin(phi) * -vx) / sp

    pts = []
    u = math.hypot(ux, uy)
    if s != 0 and u > 0 and abs(u - abs(s) * r) < 1e-9 * (u + abs(s) * r):
        pts = [math.atan2(-ux, uy) % (2 * math.pi), math.atan2(ux, -uy) % (2 * math.pi)]
    kw = dict(limit=200, epsabs=1e-14, epsrel=1e-13, points=pts or None)
    R = dn * quad(speed, 0, 2 * math.pi, **kw)[0]
    Qx = dn * quad(fx, 0, 2 * math.pi, **kw)[0]
    Qy = dn * quad(fy, 0, 2 * math.pi, **kw)[0]
    Qt = dn * quad(ft, 0, 2 * math.pi, **kw)[0]
    return R, Qx, Qy, Qt


def gauge(m, r, mu, g, G, T):
    """max over b of (G cos b + T sin b)/R(cos b, sin b / r): <= 1 is held."""
    def score(b):
        R = ring_forces(m, r, mu, g, math.cos(b), 0.0, math.sin(b) / r)[0]
        return (G * math.cos(b) + T * math.sin(b)) / R

    bs = np.linspace(0, math.pi / 2, 4001)
    sc = [score(b) for b in bs]
    i = int(np.argmax(sc))
    lo, hi = bs[max(i - 1, 0)], bs[min(i + 1, len(bs) - 1)]
    res = minimize_scalar(lambda b: -score(b), bounds=(lo, hi), method="bounded",
                          options=dict(xatol=1e-12))
    return max(sc[i], -res.fun)


def run(m=2.0, r=0.15, omega=20.0, mu=0.4, g=9.81, Fx=0.0, Fy=0.0, M=0.0,
        vx0=0.3, vy0=0.0, thd0=0.0, tmax=2.0):
    def rhs(t, y):
        f = np.zeros(6)
        f[0:3] = y[3:6]
        Q = np.zeros(3)
        for sg in (1, -1):
            _, qx, qy, qt = ring_forces(m, r, mu, g, y[3], y[4], y[5] + sg * omega)
            Q += (qx, qy, qt)
        f[3] = (Fx + Q[0]) / (2 * m)
        f[4] = (Fy + Q[1]) / (2 * m)
        f[5] = (M + Q[2]) / (2 * m * r * r)
        return f

    eps = 1e-10 * r * omega

    def slip(y, sg):
        return math.sqrt(y[3] ** 2 + y[4] ** 2 + (r * (y[5] + sg * omega)) ** 2)

    def ev(t, y):
        return min(slip(y, 1), slip(y, -1)) - eps
    ev.terminal = True
    ev.direction = -1

    y = np.array([0, 0, 0, vx0, vy0, thd0], float)
    t, locked, t_lock = 0.0, False, math.nan
    while t < tmax:
        sol = solve_ivp(rhs, (t, tmax), y, method="DOP853", rtol=1e-12, atol=1e-12,
                        events=ev)
        t, y = sol.t[-1], sol.y[:, -1].copy()
        if sol.status != 1:
            break
        sg = 1 if slip(y, 1) < slip(y, -1) else -1
        y[3] = y[4] = 0.0
        y[5] = -sg * omega
        _, qx, qy, qt = ring_forces(m, r, mu, g, 0.0, 0.0, -2 * sg * omega)
        load = (Fx + qx, Fy + qy, M + qt)
        rho = gauge(m, r, mu, g, math.hypot(load[0], load[1]), abs(load[2]) / r)
        if rho <= 1:
            locked, t_lock = True, t
            y[2] += y[5] * (tmax - t)
            t = tmax
            break
        assert math.hypot(load[0], load[1]) < 1e-9, "break-away along F not covered"
        y[5] += 1e-12 * omega * math.copysign(1, load[2])
    return dict(thetadot_end=y[5], vx_end=y[3], vy_end=y[4], x_end=y[0], y_end=y[1],
                theta_end=y[2], locked=locked, t_lock=t_lock)


CASES = [
    ("the issue: M = 5 drives through", dict(vx0=0.0, M=5.0, tmax=5.0)),
    ("M = 1 locks at omega", dict(vx0=0.0, M=1.0, tmax=5.0)),
    ("vx0 = 0.3, M = 1: translation and spin stop together, then lock",
     dict(vx0=0.3, M=1.0, tmax=5.0)),
    ("vx0 = 0.3, M = 3: lands, cannot hold, turns on", dict(vx0=0.3, M=3.0, tmax=3.0)),
]

if __name__ == "__main__":
    for name, kw in CASES:
        out = run(**kw)
        print(name, kw)
        for k, v in out.items():
            print("   %-13s %.12g" % (k, v) if not isinstance(v, bool) else
                  "   %-13s %s" % (k, v))
    print("gauge of (7, (1.5 - mu m g r)/r):",
          "%.10g" % gauge(2.0, 0.15, 0.4, 9.81, 7.0, (1.5 - 0.4 * 2 * 9.81 * 0.15) / 0.15))
