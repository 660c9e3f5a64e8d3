#!/usr/bin/env python3
"""Reference for check_rounding's rayleigh case (issue 37, point 5): the
forces of eq. (18) on a disk of radius r spinning at w > 0 whose centre
slides at u = r w along x, so that the instantaneous centre c = (0, r) is on
the rim. Independent of tribo's contact.c. Run with Debian's SciPy:

    /usr/bin/python3 tests/ref/rayleigh_edge_ref.py

Polar coordinates about c: x = c + rho (cos p, sin p), the disk is
p in (pi, 2 pi), 0 < rho < -2 r sin p; there v_r = w rho (-sin p, cos p),
so vhat_x = -sin p and (x cross vhat)_z = rho + r sin p. With weights 1
(uniform) or 1/v_r (Reye) and <f> = int f w dA / int w dA:

  uniform: <vhat_x> = (1/(pi r^2)) int 2 r^2 (-sin^3 p) dp = 8/(3 pi)
           <x cross vhat> = (1/(pi r^2)) int -(2/3) r^3 sin^3 p dp = 8 r/(9 pi)
  Reye:    <vhat_x> = int 2 r sin^2 p dp / int -2 r sin p dp = pi/4
           <x cross vhat> ~ int (2 r^2 sin^2 p - 2 r^2 sin^2 p) dp = 0
so Qx = -mu N 8/(3 pi), Qtheta = -mu N r 8/(9 pi) (uniform), Qx = -mu N pi/4
and Qtheta = 0 (Reye). The script checks these by quadrature."""
import math

from scipy import integrate

r, w = 0.1, 5.0


def avg(which, reye):
    def g(rho, p):
        wt = 1 / (w * rho) if reye else 1.0
        f = {0: 1.0, 1: -math.sin(p), 2: rho + r * math.sin(p)}[which]
        return f * wt * rho

    def top(p):
        return -2 * r * math.sin(p)

    o = dict(epsabs=1e-14, epsrel=1e-13)
    num = integrate.dblquad(g, math.pi, 2 * math.pi, 0, top, **o)[0]
    den = integrate.dblquad(lambda rho, p: (1 / (w * rho) if reye else 1.0) * rho,
                            math.pi, 2 * math.pi, 0, top, **o)[0]
    return num / den


print("uniform Qx/(mu N):       %.13f  8/(3 pi) = %.13f" % (avg(1, False), 8 / (3 * math.pi)))
print("uniform Qtheta/(mu N r): %.13f  8/(9 pi) = %.13f" % (avg(2, False) / r, 8 / (9 * math.pi)))
print("Reye Qx/(mu N):          %.13f  pi/4     = %.13f" % (avg(1, True), math.pi / 4))
print("Reye Qtheta/(mu N r):    %.13f  0" % (avg(2, True) / r))
