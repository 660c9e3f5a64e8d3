"""Independent reference for the drawings of the lagrange exercises'
[scene] sections (tests/check_scene.c, test_lagrange_scene).

hoop-bead (m = 0.05 kg, a = 0.3 m, Omega = 8 rad/s, g = 9.81, mu = 0.1,
phi0 = 0.2 rad, at rest): the bead on the hoop turning about its vertical
diameter, phi from the lowest point, friction mu m g against the sliding
(the statement's normal force m g). Newton along the hoop in the turning
frame: m a phi'' = m a Omega^2 sin phi cos phi - m g sin phi
- mu m g sgn phi'. It moves while phi' != 0; where phi' = 0 it stays if
|a Omega^2 sin phi cos phi - g sin phi| <= mu g (SciPy's DOP853, the stop
an event, polished by brentq). The bead is drawn at
(a sin phi, -a cos phi).

ladder-lagrange (m = 10 kg, L = 3 m, theta0 = pi/3, g = 9.81), frictionless,
released at rest: the centre at (L/2 cos th, L/2 sin th), I = m L^2/12,
Newton and the turning about the centre with th' = 0 are three linear
equations in th'', the wall's push N_w and the floor's N_f.

Prints the numbers tests/check_scene.c asserts."""
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

m, a, Om, g, mu, phi0 = 0.05, 0.3, 8.0, 9.81, 0.1, 0.2


def drive(phi):
    return a * Om**2 * np.sin(phi) * np.cos(phi) - g * np.sin(phi)


def rhs(t, y, s):
    return [y[1], (drive(y[0]) - s * mu * g) / a]


# at rest at phi0: the drive exceeds mu g? then it starts the way it pushes
assert abs(drive(phi0)) > mu * g
t, y = 0.0, [phi0, 0.0]
s = np.sign(drive(phi0))
while True:
    ev = lambda tt, yy, ss: yy[1]
    ev.terminal = True
    ev.direction = -s
    sol = solve_ivp(rhs, (t, t + 50), y, args=(s,), method="DOP853", rtol=1e-12,
                    atol=1e-14, events=ev, dense_output=True)
    te = sol.t_events[0][0]
    # polish the stop: phi' = 0
    lo, hi = te - 1e-3, te + 1e-3
    te = brentq(lambda tt: sol.sol(tt)[1], max(lo, t + 1e-9), hi, xtol=1e-15)
    t, y = te, [sol.sol(te)[0], 0.0]
    if abs(drive(y[0])) <= mu * g:
        break
    s = np.sign(drive(y[0]))
print("HOOP_T_STOP   %.10f" % t)
print("HOOP_PHI_END  %.10f" % y[0])
# a time in the first slide: phi there
t1 = 0.5
sol = solve_ivp(rhs, (0, t1), [phi0, 0.0], args=(np.sign(drive(phi0)),),
                method="DOP853", rtol=1e-12, atol=1e-14)
print("HOOP_PHI_HALF %.10f" % sol.y[0, -1])

M, L, th = 10.0, 3.0, np.pi / 3
h, I = L / 2, M * L**2 / 12
# unknowns th'', N_w (pushes +x at the top), N_f (pushes +y at the foot);
# xg = h cos th: xg'' = -h sin th th''; yg'' = h cos th th''
# M xg'' = N_w; M yg'' = N_f - M g;
# the rod from foot to top points at pi - th: it turns counter-clockwise
# at -th', so -I th'' = the moment about G (counter-clockwise): the top at
# (-h cos, +h sin) from G, N_w along x: -(h sin th) N_w; the foot at
# (+h cos, -h sin), N_f along y: (h cos th) N_f
A = np.array([[M * h * np.sin(th), 1, 0],
              [-M * h * np.cos(th), 0, 1],
              [-I, h * np.sin(th), -h * np.cos(th)]])
b = np.array([0, M * g, 0])
thdd, Nw, Nf = np.linalg.solve(A, b)
print("LADL_THDD0    %.10f" % thdd)
print("LADL_NW0      %.10f" % Nw)
print("LADL_NF0      %.10f" % Nf)
