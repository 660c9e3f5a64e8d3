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
