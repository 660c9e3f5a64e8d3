"""Independent reference for the scene's forces (tests/check_scene.c).

Painleve's rod (exercise painleve-slip: m1 = m2 = 1 kg, l = 1 m, g = 9.81,
theta0 = 70 deg, mu = 0.3), released at rest with the foot held: the rod
pivots, theta'' = -(g/l) cos theta, and the line's reactions are
    lambda = (m1+m2) g + m2 l (cos th th'' - sin th th'^2)
    F      = -m2 l (sin th th'' + cos th th'^2)
(Newton for the two masses, the foot at rest). The foot slips where
|F| = mu lambda (SciPy's DOP853 with an event, polished by brentq).

The ladder (exercise ladder-slides: m = 10 kg, L = 3 m, theta0 = 30 deg,
mu_floor = 0.3, mu_wall = 0.2) released at rest against the wall: the foot
slides away from the wall and the top down it, so F_floor = -mu_f lambda_f
and F_wall = +mu_w lambda_w; with the centre at (h cos th, h sin th),
h = L/2, I = m L^2/12 and th' = 0, Newton and the turning about the centre
(th grows clockwise: -I th'' is the moment) are three linear equations in
th'', lambda_f, lambda_w.

Prints the numbers tests/check_scene.c asserts."""
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

m1 = m2 = 1.0; l = 1.0; g = 9.81; mu = 0.3; th0 = np.radians(70)

def reac(th, w):
    a = -(g / l) * np.cos(th)
    lam = (m1 + m2) * g + m2 * l * (np.cos(th) * a - np.sin(th) * w * w)
    F = -m2 * l * (np.sin(th) * a + np.cos(th) * w * w)
    return lam, F

lam0, F0 = reac(th0, 0.0)
print("rod t=0: lambda %.10f F %.10f" % (lam0, F0))
def hold(t, y):
    lam, F = reac(*y)
    return mu * lam - abs(F)
hold.terminal = True; hold.direction = -1
s = solve_ivp(lambda t, y: [y[1], -(g / l) * np.cos(y[0])], (0, 5), [th0, 0.0],
              method="DOP853", rtol=1e-13, atol=1e-14, events=hold, dense_output=True)
te = brentq(lambda t: hold(t, s.sol(t)), s.t_events[0][0] - 1e-6, s.t_events[0][0] + 1e-6,
            xtol=1e-15)
th, w = s.sol(te)
lam, F = reac(th, w)
print("rod slip: t %.10f theta %.10f deg lambda %.10f F %.10f" % (te, np.degrees(th), lam, F))

m = 10.0; L = 3.0; h = L / 2; I = m * L * L / 12; muf = 0.3; muw = 0.2; th = np.radians(30)
c, s_ = np.cos(th), np.sin(th)
# unknowns x = (thdd, lf, lw); Ff = -muf lf, Fw = +muw lw
# m xdd = lw + Ff,  xdd = -h s thdd
# m ydd = lf + Fw - m g,  ydd = h c thdd
# -I thdd = h c lf + h s Ff - h c Fw - h s lw
A = np.array([[-m * h * s_, muf, -1.0],
              [m * h * c, -1.0, -muw],
              [-I, -h * c + h * s_ * muf, h * c * muw + h * s_]])
b = np.array([0.0, -m * g, 0.0])
thdd, lf, lw = np.linalg.solve(A, b)
print("ladder t=0: thdd %.10f lambda_floor %.10f lambda_wall %.10f F_floor %.10f F_wall %.10f"
      % (thdd, lf, lw, -muf * lf, muw * lw))

# The coin (exercise coin: a uniform disk, m = 0.0075 kg, r = 0.012 m,
# mu = 0.3, v0 = 0.5 m/s along x, omega = 100 rad/s, uniform pressure) at
# t = 0: Coulomb's law at each point of the face, dF = -mu p dA u/|u| with
# u = v + omega x rho the point's velocity and p = m g/(pi r^2); the force
# and the torque about the centre integrated over the face (SciPy's dblquad
# in polar coordinates).
from scipy.integrate import dblquad
mc, rc, muc, gc, v0c, wc = 0.0075, 0.012, 0.3, 9.81, 0.5, 100.0
pc = mc * gc / (np.pi * rc * rc)
def uvel(rho, phi):
    x, y = rho * np.cos(phi), rho * np.sin(phi)
    ux, uy = v0c - wc * y, wc * x
    return x, y, ux, uy, np.hypot(ux, uy)
def fx(rho, phi):
    x, y, ux, uy, n = uvel(rho, phi)
    return -muc * pc * ux / n * rho
def mz(rho, phi):
    x, y, ux, uy, n = uvel(rho, phi)
    return -muc * pc * (x * uy - y * ux) / n * rho
opts = dict(epsabs=1e-14, epsrel=1e-12)
Fc = dblquad(fx, 0, 2 * np.pi, 0, rc, **opts)[0]
Mc = dblquad(mz, 0, 2 * np.pi, 0, rc, **opts)[0]
print("coin t=0: F %.10f N M %.10e N m" % (Fc, Mc))

# The disk spinning down under Reye's pressure (exercise disk-reye: m = 2
# kg, r = 0.15 m, mu = 0.25): the torque mu m g r/2 (Minguzzi §2.2).
print("disk-reye: torque %.10f N m" % (0.25 * 2 * 9.81 * 0.15 / 2))

# Kozlov's ball (exercise kozlov-ball: m = 1 kg, r = 0.1 m, mu1 = 0.3,
# v = (1, 0) m/s, omega' = 0, Omega = 5 rad/s) at t = 0: the law (2.6) on
# the contact's coordinates, F = -|R| mu1 m v/|q'|_A with |R| = g sqrt(m),
# |q'|_A^2 = 2T, T = m|w|^2/2 + J(omega'^2 + Omega^2)/2, J = 2 m r^2/5.
mb, rb, J = 1.0, 0.1, 2 * 1.0 * 0.1 ** 2 / 5
T = 0.5 * mb * 1.0 ** 2 + 0.5 * J * 5.0 ** 2
print("kozlov-ball t=0: F_x %.10f N" % (-9.81 * np.sqrt(mb) * 0.3 * mb * 1.0 / np.sqrt(2 * T)))

# The conveyor (m = 1 kg, N = 9.81 N, belt v0 = 0.5 m/s, Bouchet mu0 = 0.6,
# muinf = 0.3, a = 2 s/m) with the block at rest at t = 0: it slips back
# at v_r = 0.5 m/s, so the belt drags it forward with mu(v_r) N.
mu_b = (0.6 - 0.3) / (1 + 2 * 0.5) + 0.3
print("conveyor t=0: R_x %.10f N" % (mu_b * 9.81))
