#!/usr/bin/python3
"""disk-slide's coin (uniform disk, r = 0.012 m, μ = 0.3, g = 9.81 m/s²,
v0 = 0.5 m/s, ω0 = 14 rad/s) in the limit of an inertia without bound,
κ = I/(m r²) → ∞: the spin does not change while the centre slides, so

    dv/dt = −μ g F(v/(r ω0)),   distance = ∫₀^v0 v dv / (μ g F(v/(r ω0))),

F(e) the mean over the unit disk, spinning at 1 with its centre moving at
(e, 0), of the x component of the unit slip velocity: the point (x, y)
slips at (e − y, x). Written from the physics with SciPy's dblquad, not
from tribo's closed forms. check_disk_slide.c extrapolates tribo's
distances at κ = 4444 and 444444 (error ∝ 1/κ) to this limit.

    /usr/bin/python3 tests/ref/disk_slide_inertia_ref.py
"""
import math

from scipy import integrate


def F(e):
    def f(th, rr):
        ux, uy = e - rr * math.sin(th), rr * math.cos(th)
        return ux / math.hypot(ux, uy) * rr
    v, _ = integrate.dblquad(f, 0, 1, 0, 2 * math.pi, epsabs=1e-12, epsrel=1e-10)
    return v / math.pi


if __name__ == "__main__":
    mu, g, r, v0 = 0.3, 9.81, 0.012, 0.5
    for om in (14.0,):
        rw = r * om
        d, err = integrate.quad(lambda v: v / (mu * g * F(v / rw)), 0, v0,
                                epsabs=1e-13, epsrel=1e-10, limit=200)
        print(f"omega0 = {om}: distance at kappa = inf {d!r} (quad error {err:.1g})")
