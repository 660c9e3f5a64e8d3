#!/usr/bin/python3
"""Where painleve-slip keeps its promise: every draw slips (issue 37, item 7).

Written from the mechanics of the held foot, not from tribo: m1 at the foot
held at x = 0, m2 at the end of a massless rod l, released at rest at th0.
Pivoting, th'' = -(g/l) cos th and th'^2 = 2 (g/l)(sin th0 - sin th), so the
contact must supply
  F_x    = m2 g cos th (3 sin th - 2 sin th0)
  lambda = g (m1 + m2 (3 sin^2 th - 2 sin th sin th0)),
and the foot slips at the first th below th0 where |F_x| > mu lambda (while
lambda > 0); at th = 0, |F_x|/lambda = 2 (m2/m1) sin th0. l drops out.
For each point of the draw box (a grid with its corners), the angle of the
slip, or "never" (held until the rod lies down, or lifted first).
"""
import itertools
import numpy as np

g = 9.81


def slip_angle(m1, m2, th0deg, mu):
    th0 = np.radians(th0deg)
    th = np.linspace(th0, 0.0, 200001)[1:]
    s, c = np.sin(th), np.cos(th)
    F = m2 * g * c * (3 * s - 2 * np.sin(th0))
    lam = g * (m1 + m2 * (3 * s * s - 2 * s * np.sin(th0)))
    bad = (np.abs(F) > mu * lam) | (lam <= 0)
    if not bad.any():
        return None
    k = np.argmax(bad)
    return None if lam[k] <= 0 else np.degrees(th[k])


def box(m1r, m2r, thr, mur, n=5):
    worst = None
    for m1, m2, th0, mu in itertools.product(*(np.linspace(a, b, n) for a, b in (m1r, m2r, thr, mur))):
        a = slip_angle(m1, m2, th0, mu)
        if a is None:
            return (m1, m2, th0, mu), None
        if worst is None or a < worst[1]:
            worst = ((m1, m2, th0, mu), a)
    return worst


# the old box: m1 0.5..2 fails at its corner m1 2, m2 0.5, th 70, mu 0.5
print("old box (m1 0.5..2):", box((0.5, 2), (0.5, 2), (70, 85), (0.3, 0.5)))
# the new box: m1 0.5..1.5; the lowest slip angle over the grid
print("new box (m1 0.5..1.5):", box((0.5, 1.5), (0.5, 2), (70, 85), (0.3, 0.5)))
print("file values (1, 1, 70, 0.3):", slip_angle(1, 1, 70, 0.3))
