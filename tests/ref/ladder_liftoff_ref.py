#!/usr/bin/python3
"""Independent check of the ladder's start when the floor would pull
(tests/check_ladder.c, test_liftoff_start; issue 43's leftover: a lift-off
at t = 0 said the top never left the wall).

Written from Newton-Euler for the rod, not from tribo's multipliers:
centre (x, y), angle th to the floor, h = L/2, I = m L^2/12; the foot
(x + h cos th, y - h sin th) on the floor y = 0, the top (x - h cos th,
y + h sin th) on the wall x = 0; both contacts hold at the start, so
xd = -h sin th thd, yd = h cos th thd. At the start the contact modes are
tried as a complementarity problem: both contacts (lf, lw >= 0), the floor
alone (lf >= 0, the wall's gap accelerating open), no contact (both gaps
accelerating open). Without friction the problem's matrix is positive
definite, so exactly one mode fits.

Then, for the frictionless start that keeps the foot on the floor, the
floor-alone motion is integrated (SciPy, rtol 1e-12): no horizontal force,
so xd stays; y = h sin th; m ydd = lf - m g; I thdd = -h cos th lf, until
lf falls to 0 (the foot lifts off) or the top comes back to the wall.
"""
import numpy as np
from scipy.integrate import solve_ivp

m, L, g, th0 = 12.0, 4.0, 9.81, np.radians(75)
h, I = L / 2, m * L * L / 12


def modes(th, thd, muf, muw):
    s, c = np.sin(th), np.cos(th)
    sf = np.sign(-2 * h * s * thd)  # the foot's x velocity on both contacts
    sw = np.sign(2 * h * c * thd)   # the top's y velocity
    # both: xdd = -h s thdd - h c thd^2, ydd = h c thdd - h s thd^2
    A = np.array([[-m * h * s, muf * sf, -1.0],
                  [m * h * c, -1.0, muw * sw],
                  [I, h * c - h * s * muf * sf, h * c * muw * sw - h * s]])
    b = np.array([m * h * c * thd**2, m * h * s * thd**2 - m * g, 0.0])
    _, lf, lw = np.linalg.solve(A, b)
    # the floor alone: unknowns xdd, thdd, lf; the wall's gap x - h cos th
    B = np.array([[m, 0.0, muf * sf],
                  [0.0, m * h * c, -1.0],
                  [0.0, I, h * c - h * s * muf * sf]])
    xdd, thdd, lf1 = np.linalg.solve(B, [0.0, m * h * s * thd**2 - m * g, 0.0])
    wall_acc = xdd + h * s * thdd + h * c * thd**2
    # no contact: xdd = 0, ydd = -g, thdd = 0
    floor_free = -g + h * s * thd**2
    wall_free = h * c * thd**2
    fits = []
    if lf >= 0 and lw >= 0:
        fits.append("both")
    if lf1 >= 0 and wall_acc >= 0:
        fits.append("floor")
    if floor_free >= 0 and wall_free >= 0:
        fits.append("none")
    return lf, lw, lf1, wall_acc, floor_free, fits


for muf, muw, thd in [(0, 0, 2.22), (0, 0, 2.26), (0.4, 0.2, 3.0), (0.4, 0.2, -3.0)]:
    lf, lw, lf1, wa, ff, fits = modes(th0, thd, muf, muw)
    print("mu_floor %g mu_wall %g thetadot0 %g: both lf %.12g lw %.12g; floor alone lf %.12g "
          "wall gap acc %.12g; free floor gap acc %.12g; fits %s" % (muf, muw, thd, lf, lw, lf1, wa,
                                                                     ff, fits))

# the frictionless start at 2.22 rad/s: off the wall, on the floor
thd0 = 2.22
x0, xd = h * np.cos(th0), -h * np.sin(th0) * thd0


def thdd_of(th, thd):
    s, c = np.sin(th), np.cos(th)
    return -m * h * c * (g - h * s * thd**2) / (I + m * h * h * c * c)


def rhs(t, z):
    return [z[1], thdd_of(z[0], z[1])]


def lift(t, z):  # lf / m = g + ydd
    th, thd = z
    return g + h * np.cos(th) * thdd_of(th, thd) - h * np.sin(th) * thd**2


lift.terminal, lift.direction = True, -1


def wall(t, z):
    return x0 + xd * t - h * np.cos(z[0]) if t > 1e-9 else 1.0


wall.terminal, wall.direction = True, -1
sol = solve_ivp(rhs, [0, 2], [th0, thd0], method="DOP853", rtol=1e-12, atol=1e-14,
                events=[lift, wall])
for name, te, ze in zip(["lifts-off", "hits-wall"], sol.t_events, sol.y_events):
    for t, z in zip(te, ze):
        print("%s at t = %.12g s, theta = %.12g deg, thetadot = %.12g rad/s, x_foot = %.12g m"
              % (name, t, np.degrees(z[0]), z[1], x0 + xd * t + h * np.cos(z[0])))
