#!/usr/bin/python3
"""Independent check of the ladder's jam (tests/check_ladder.c, test_jam).

Written from Newton-Euler for the rod, not from tribo's Lagrange
multipliers: centre (x, y), angle th to the floor, h = L/2, I = m L^2/12.
The foot (x + h cos th, y - h sin th) on the floor, the top
(x - h cos th, y + h sin th) on the wall x = 0.

Mode 1, on the wall and the floor, sliding: unknowns thdd, lf, lw.
Mode 2, off the wall (floor only), foot sliding: unknowns xdd, thdd, lf;
the gap f_wall = x - h cos th has fdd = xdd + h sin th thdd + h cos th thd^2.
A jam: lw < 0 in mode 1, and in mode 2 the floor presses (lf > 0) while
fdd < 0. The Coulomb case below is not one (in mode 1 lf < 0 as well and
off the wall the floor would pull: tribo says paradox); the matrix-law case
at the end is (check_ladder.c test_jam).
"""
import numpy as np

m, L, g, muf, muw, th, thd = 10.0, 3.0, 9.81, 1.5, 0.0, np.radians(60), -1.0
h, I = L / 2, m * L * L / 12
s, c = np.sin(th), np.cos(th)
vfoot = -2 * h * s * thd  # the foot's x velocity on both contacts
sf = np.sign(vfoot)
vtop = 2 * h * c * thd  # the top's y velocity
sw = np.sign(vtop)
# mode 1: xdd = -h s thdd - h c thd^2, ydd = h c thdd - h s thd^2
# m xdd = lw - muf sf lf ; m ydd = lf - m g - muw sw lw
# th grows clockwise (d r_foot/d th = (-h s, -h c) = -z x r_foot), so
# I thdd = -tau_z, tau_z the moment about the centre:
#   floor force (-muf sf lf, lf) at r = (h c, -h s): h c lf - h s muf sf lf
#   wall force (lw, -muw sw lw) at r = (-h c, h s): (-h c)(-muw sw lw) - h s lw
A = np.array([[-m * h * s, muf * sf, -1.0],
              [m * h * c, -1.0, muw * sw],
              [I, h * c - h * s * muf * sf, h * c * muw * sw - h * s]])
b = np.array([m * h * c * thd**2, m * h * s * thd**2 - m * g, 0.0])
thdd, lf, lw = np.linalg.solve(A, b)
print("on the wall: thdd %.12g lambda_floor %.12g lambda_wall %.12g" % (thdd, lf, lw))
# mode 2: unknowns xdd, thdd, lf; ydd = h c thdd - h s thd^2 (floor)
# m xdd = -muf sf lf ; m ydd = lf - m g ; I thdd = -(h c lf - h s muf sf lf)
B = np.array([[m, 0.0, muf * sf],
              [0.0, m * h * c, -1.0],
              [0.0, I, h * c - h * s * muf * sf]])
rhs = np.array([0.0, m * h * s * thd**2 - m * g, 0.0])
xdd, thdd2, lf2 = np.linalg.solve(B, rhs)
fdd = xdd + h * s * thdd2 + h * c * thd**2
print("off the wall: lambda_floor %.12g gap acceleration %.12g" % (lf2, fdd))
# the frictionless fall from rest, as a check of the signs: thdd = -(3g/2L) cos th
A0 = np.array([[-m * h * s, 0, -1.0], [m * h * c, -1.0, 0], [I, h * c, -h * s]])
print("frictionless check: %.12g against %.12g" %
      (np.linalg.solve(A0, [0, -m * g, 0])[0], -1.5 * g / L * c))

# A jam under Kozlov's law with a constant matrix (law matrix, tribo's
# order x, y, th; check_ladder.c test_jam): F = -|R| Phi qd / |qd|_A, R the
# frictionless reaction of the active constraints, |R|^2 = R.A^-1 R (Kozlov
# 2010, (2.5)-(2.6) and section 7). Generalised coordinates q = (x, y, th)
# with the constraints f_floor = y - h sin th, f_wall = x - h cos th.
Phi = np.array([[1.26, 2.41, -2.90], [2.65, 1.93, -2.66], [1.84, 1.83, -1.87]])
th, thd = np.radians(70), 1.0
s, c = np.sin(th), np.cos(th)
Am = np.diag([m, m, I])
X = np.array([0.0, -m * g, 0.0])
qd = np.array([-h * s * thd, h * c * thd, thd])  # on both contacts
Jf, Zf = np.array([0.0, 1.0, -h * c]), -h * s * thd**2  # floor: Jf qdd = Zf
Jw, Zw = np.array([1.0, 0.0, h * s]), -h * c * thd**2  # wall


def kozlov(J, Z):
    """qdd and the multipliers for the constraints J qdd = Z (rows)."""
    J = np.atleast_2d(J)
    Z = np.atleast_1d(Z)
    Ai = np.linalg.inv(Am)
    M = J @ Ai @ J.T
    lam0 = np.linalg.solve(M, Z - J @ Ai @ X)  # frictionless
    R = J.T @ lam0
    F = -np.sqrt(R @ Ai @ R) * (Phi @ qd) / np.sqrt(qd @ Am @ qd)
    lam = np.linalg.solve(M, Z - J @ Ai @ (X + F))
    return Ai @ (X + F + J.T @ lam), lam


_, lam2 = kozlov(np.vstack([Jf, Jw]), np.array([Zf, Zw]))
qdd1, lam1 = kozlov(Jf, Zf)
fdd = Jw @ qdd1 - Zw  # f_wall'' = Jw qdd + h cos th thd^2
print("matrix law, on both: lambda_floor %.12g lambda_wall %.12g" % tuple(lam2))
print("matrix law, floor alone: lambda_floor %.12g gap acceleration %.12g" % (lam1[0], fdd))
