# Independent reference for issue 42 point 4 (the elliptic law between
# Delta = 5e-4 and 1e-3): the steady state of eq. (9) of Ragulskis et al.,
#   m u'' + c u' + k u = P sin(wt) - H(u'),
# H the elliptic law (8): h sqrt(1 - (1 - |u'|/D)^2) sign(u') for |u'| < D,
# h sign(u') beyond, with the parameters of the ragulskis exercise (m 1,
# c 0.1, k 1, P 4, w 1, h 3.2). Not tribo's method: SciPy's Radau (implicit,
# order 5, its own Newton on the analytic Jacobian) through the whole
# transition, phases cut by terminal events at the joints u' = -D, 0, D
# (where H is not analytic), the steady state a fixed point of the period
# map by scipy.optimize.fsolve, started from five periods from rest.
# On it: amp = max u (at u' = 0, an event), vmax = max u' (at u'' = 0 in
# the slip, H = h there, located by an event and taken again by DOP853
# from the step before, the slip not being stiff).
# rtol 1e-9 (atol 1e-3 of it) gave the numbers check_ragulskis's
# test_band and the bench's band rows hold tribo's answers (inner auto,
# its own tolerance) to; 1e-10 after it shows the reference's own error
# (it did not finish on the loaded machine of the commit: about ten minutes
# of CPU a Delta).
# Run: /usr/bin/python3 tests/ref/ragulskis_band_ref.py [Delta ...]
# (BAND_TOLS="1e-9" for the first alone: a minute or two per Delta)
import math
import os
import sys

from scipy.integrate import solve_ivp
from scipy.optimize import fsolve

m, c, k, P, w, h = 1.0, 0.1, 1.0, 4.0, 1.0, 3.2
TOLS = (1e-9, 1e-10)
T = 2 * math.pi / w


def run(D, tol):
    def H(v):
        a = abs(v)
        if a >= D:
            return math.copysign(h, v)
        s = a / D
        return math.copysign(h * math.sqrt(max(0.0, s * (2 - s))), v)

    def dH(v):
        s = abs(v) / D
        if s >= 1:
            return 0.0
        s = max(s, 1e-30)
        return h * (1 - s) / (D * math.sqrt(s * (2 - s)))

    def rhs(t, y):
        return [y[1], (P * math.sin(w * t) - c * y[1] - k * y[0] - H(y[1])) / m]

    def jac(t, y):
        return [[0.0, 1.0], [-k / m, -(c + min(dH(y[1]), 1e15)) / m]]

    joints = (-D, 0.0, D)

    def events(t, y, away):
        evs = []
        for j in joints:
            f = (lambda j: lambda t, y: y[1] - j)(j)
            f.terminal = True
            if y[1] == j:
                f.direction = -away  # only coming back to it
            evs.append(f)
        return evs

    def advance(t, y, t_end, top=None):
        y = list(y)
        while t < t_end:
            a = rhs(t, y)[1]
            away = 1 if a > 0 else -1
            stiff = abs(y[1]) < D or (abs(y[1]) == D and y[1] * a < 0)
            s = solve_ivp(rhs, (t, t_end), y, method="Radau" if stiff else "DOP853",
                          jac=jac if stiff else None, rtol=tol, atol=tol * 1e-3,
                          events=events(t, y, away), dense_output=top is not None)
            if top is not None and not stiff:
                top.append(s)
            t, y = s.t[-1], list(s.y[:, -1])
            if s.status == 1:
                j = min(joints, key=lambda j: abs(j - y[1]))
                y[1] = j
                if top is not None and j == 0.0:
                    top.append(("u at rest", y[0]))
        return y

    x = [0.0, 0.0]
    for i in range(5):
        x = advance(0.0, x, T)
    xs = fsolve(lambda z: [a - b for a, b in zip(advance(0.0, z, T), z)], x, xtol=1e-12, maxfev=40)
    rec = []
    advance(0.0, xs, T, rec)
    amp = max(r[1] for r in rec if isinstance(r, tuple))
    vmax = -math.inf
    for s in rec:
        if isinstance(s, tuple):
            continue
        # u'' = 0 inside the slip: the largest u'
        for i in range(len(s.t) - 1):
            a0, a1 = rhs(s.t[i], s.y[:, i])[1], rhs(s.t[i + 1], s.y[:, i + 1])[1]
            if a0 > 0 >= a1 and s.y[1, i] > 0:
                lo, hi = s.t[i], s.t[i + 1]
                for _ in range(200):
                    mid = (lo + hi) / 2
                    z = solve_ivp(rhs, (s.t[i], mid), s.y[:, i], method="DOP853",
                                  rtol=2.3e-14, atol=1e-16).y[:, -1]
                    if rhs(mid, z)[1] > 0:
                        lo = mid
                    else:
                        hi = mid
                    if hi - lo < 1e-9:
                        break
                z = solve_ivp(rhs, (s.t[i], lo), s.y[:, i], method="DOP853",
                              rtol=2.3e-14, atol=1e-16).y[:, -1]
                vmax = max(vmax, z[1])
    return amp, vmax


if __name__ == "__main__":
    for D in [float(a) for a in sys.argv[1:]] or [5e-4, 7e-4, 1e-3]:
        for tol in [float(x) for x in os.environ.get("BAND_TOLS", "").split()] or TOLS:
            amp, vmax = run(D, tol)
            print("Delta %g rtol %g: amp %.13f vmax %.13f" % (D, tol, amp, vmax), flush=True)
