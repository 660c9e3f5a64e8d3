"""Independent reference for a coin (a uniform disk under uniform pressure,
Coulomb friction) sliding along x at v and spinning at w until it stops:
tests/check_lagrange.c's test_coin_clock (the exercise coin-lagrange at
other starts). Written from the physics, not from tribo's formulas:

  the contact point (x, y) of the face moves at u = (v - w y, w x); the
  friction on it is -mu p u/|u|, p = N/(pi r^2); for each y the integral
  over x in [-X, X], X = sqrt(r^2 - y^2), is in closed form
    int dx/sqrt(a^2 + w^2 x^2)     = 2 asinh(w X/|a|)/w,
    int x^2 dx/sqrt(a^2 + w^2 x^2) = X sqrt(a^2 + w^2 X^2)/w^2
                                     - a^2 asinh(w X/|a|)/w^3,   a = v - w y,
  and the one over y is SciPy's quad (the kink at y = v/w named);
  Fx = -mu p int a (first) dy, Tz = -mu p int [w (second) - y a (first)] dy.

Then m v' = Fx, (m r^2/2) w' = Tz. The forces depend on the direction
beta = atan2(v, r w) alone; with rho = |(v, r w)| and sigma = ln(rho0/rho)
the run to the stop (sigma = infinity) is smooth: dbeta/dsigma,
dt/dsigma, dx/dsigma, dphi/dsigma by DOP853 (rtol 1e-13) to sigma = 40,
the rest (rho down by e^-40) at the decelerations there.
Prints, for each start (xdot0, phidot0): t_stop x_end turns, %.15g."""
import math
import sys

from scipy.integrate import quad, solve_ivp

m, r, mu, g = 0.0075, 0.012, 0.3, 9.81
N, I = m * g, 0.5 * m * r * r
p = N / (math.pi * r * r)


def forces(v, w):
    """Fx and Tz at (v, w), both > 0 rates."""
    def a_int(y, k):
        X = math.sqrt(max(r * r - y * y, 0.0))
        a = v - w * y
        if a == 0:  # a first that is a log's infinity times a = 0
            return 0.0 if k == 0 else X * X
        z = w * X / abs(a)
        first = 2 * math.asinh(z) / w
        # a^2/w^3 (z sqrt(1 + z^2) - asinh z), by its series where z is
        # small (the difference cancels): 2/3 z^3 - 1/5 z^5 + 3/28 z^7 - ...
        if z < 1e-2:
            z2 = z * z
            d = z * z2 * (2 / 3 - z2 * (1 / 5 - z2 * (3 / 28 - z2 * 5 / 72)))
        else:
            d = z * math.sqrt(1 + z * z) - math.asinh(z)
        second = a * a / w ** 3 * d
        return a * first if k == 0 else w * second - y * a * first
    pts = [v / w] if abs(v / w) < r else None
    opts = dict(epsabs=0, epsrel=2e-14, limit=400, points=pts)
    Fx = -mu * p * quad(lambda y: a_int(y, 0), -r, r, **opts)[0]
    Tz = -mu * p * quad(lambda y: a_int(y, 1), -r, r, **opts)[0]
    return Fx, Tz


def run(v0, w0):
    rho0 = math.hypot(v0, r * w0)

    def rates(sigma, s):
        beta = s[0]
        sb, cb = math.sin(beta), math.cos(beta)
        Fx, Tz = forces(sb, cb / r)  # at rho = 1: v = sin, r w = cos
        dv, drw = Fx / m, r * Tz / I  # the rates of v and r w at rho = 1
        G = -(sb * dv + cb * drw)     # -drho/dt at rho = 1
        e1 = math.exp(-sigma)
        return [(cb * dv - sb * drw) / G, e1 / G, e1 * e1 * sb / G,
                e1 * e1 * cb / (r * G)], G

    def f(sigma, s):
        return rates(sigma, s)[0]
    # the absolute tolerances at the scale of beta0 where it is small (a
    # start beside the pure spin, beta0 = 8e-9, whose distance scales with it)
    beta0 = math.atan2(v0, r * w0)
    small = min(1.0, beta0)
    sol = solve_ivp(f, (0, 40), [beta0, 0, 0, 0], method="DOP853", rtol=1e-13,
                    atol=[1e-16 * small, 1e-16, 1e-16 * small, 1e-16])
    s = sol.y[:, -1]
    d, G = rates(40, s)
    e1 = math.exp(-40)
    # the last rho = rho0 e^-40 at the decelerations there: linear fall
    t = rho0 * (s[1] + e1 / G)
    x = rho0 * rho0 * (s[2] + 0.5 * e1 * e1 * math.sin(s[0]) / G)
    phi = rho0 * rho0 * (s[3] + 0.5 * e1 * e1 * math.cos(s[0]) / (r * G))
    return t, x, phi / (2 * math.pi)


if __name__ == "__main__":
    starts = [tuple(map(float, a.split(","))) for a in sys.argv[1:]] or [(0.5, 100.0)]
    for v0, w0 in starts:
        print("%.15g %.15g %.15g" % run(v0, w0))
