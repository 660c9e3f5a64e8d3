"""Independent reference for the Painlevé rod's stick phase (tests/check_painleve.c).

Foot m1 held at x = 0 on the line, m2 at the end of a massless rod l at the
angle θ: the rod pivots, θ'' = -(g/l) cos θ. The contact's reactions with
x'' = y'' = 0 (Lagrange's equations of the rod, Kozlov §5):
    λ   = (m1+m2) g + m2 l (cos θ θ'' - sin θ θ'²)
    F_x = -m2 l (sin θ θ'' + cos θ θ'²)
The foot slips where |F_x| = μ λ. Solved with SciPy's DOP853 (rtol 1e-13)
and its event location, then the slip instant polished by brentq on the
dense output. Prints t_slip, θ_slip (deg), θ'_slip and the largest λ on
the stick phase (here at its start or a root of dλ/dt by brentq)."""
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

def case(theta0_deg, mu, m1=1.0, m2=1.0, l=1.0, g=9.81, thd0=0.0):
    def rhs(t, y):
        return [y[1], -(g / l) * np.cos(y[0])]
    def reac(y):
        th, w = y
        a = -(g / l) * np.cos(th)
        lam = (m1 + m2) * g + m2 * l * (np.cos(th) * a - np.sin(th) * w * w)
        fx = -m2 * l * (np.sin(th) * a + np.cos(th) * w * w)
        return lam, fx
    def hold(t, y):
        lam, fx = reac(y)
        return mu * lam - abs(fx)
    hold.terminal = True
    hold.direction = -1
    s = solve_ivp(rhs, (0, 5), [np.radians(theta0_deg), thd0], method="DOP853",
                  rtol=1e-13, atol=1e-14, events=hold, dense_output=True)
    te = s.t_events[0][0]
    te = brentq(lambda t: hold(t, s.sol(t)), te - 1e-6, te + 1e-6, xtol=1e-15, rtol=1e-15)
    ye = s.sol(te)
    lam_of_t = lambda t: reac(s.sol(t))[0]
    ts = np.linspace(0, te, 20001)
    lams = np.array([lam_of_t(t) for t in ts])
    i = int(np.argmax(lams))
    if 0 < i < len(ts) - 1:
        h = 1e-6
        dl = lambda t: (lam_of_t(t + h) - lam_of_t(t - h)) / (2 * h)
        tm = brentq(dl, ts[i - 1], ts[i + 1], xtol=1e-15)
        lmax = lam_of_t(tm)
    else:
        lmax = lams[i]
    return te, np.degrees(ye[0]), ye[1], lmax

for th0, mu in [(70, 0.3), (60, 0.5), (80, 0.2)]:
    te, ths, wd, lmax = case(th0, mu)
    print(f"theta0={th0} mu={mu}: t_slip={te:.15g} theta_slip={ths:.15g} "
          f"thetadot_slip={wd:.15g} lambda_max={lmax:.15g}")

# N_max of a run that pivots from the start: thrown up (θ'0 = 3 rad/s) past
# 90°, λ peaks inside the stick phase, at θ = 90° (closed form in the test).
def pivot_max(theta0_deg, thd0, tmax, m1=1.0, m2=1.0, l=1.0, g=9.81):
    def rhs(t, y):
        return [y[1], -(g / l) * np.cos(y[0])]
    def lam(y):
        th, w = y
        return (m1 + m2) * g + m2 * l * (np.cos(th) * -(g / l) * np.cos(th) - np.sin(th) * w * w)
    s = solve_ivp(rhs, (0, tmax), [np.radians(theta0_deg), thd0], method="DOP853",
                  rtol=1e-13, atol=1e-14, dense_output=True)
    ts = np.linspace(0, tmax, 20001)
    lams = np.array([lam(s.sol(t)) for t in ts])
    i = int(np.argmax(lams))
    h = 1e-6
    dl = lambda t: (lam(s.sol(t + h)) - lam(s.sol(t - h))) / (2 * h)
    tm = brentq(dl, ts[i - 1], ts[i + 1], xtol=1e-15)
    return tm, lam(s.sol(tm)), np.degrees(s.sol(tm)[0])

print("pivot theta0=60 thetadot0=3 tmax=0.3: t, lambda_max, theta =", *pivot_max(60, 3.0, 0.3))

# N_max while sliding (the classical law, σ = sgn ẋ): A q'' = X + λ e_y +
# F with F = (-μ σ λ, 0, 0) and y'' = 0, solved as a 3×3 linear system in
# (x'', θ'', λ) at every point; the run to the first ẋ = 0.
def slide_max(theta0_deg, mu, xd0, thd0, m1=1.0, m2=1.0, l=1.0, g=9.81):
    M = m1 + m2
    sig = np.sign(xd0)
    def solve(y):
        th, xd, w = y[1], y[2], y[3]
        s_, c_ = np.sin(th), np.cos(th)
        # rows: x, θ, y equations; unknowns x'', θ'', λ (y'' = 0)
        K = np.array([[M, -m2 * l * s_, mu * sig],
                      [-m2 * l * s_, m2 * l * l, 0.0],
                      [0.0, m2 * l * c_, -1.0]])
        X = np.array([m2 * l * c_ * w * w, -m2 * g * l * c_, -M * g + m2 * l * s_ * w * w])
        return np.linalg.solve(K, X)
    def rhs(t, y):
        a = solve(y)
        return [y[2], y[3], a[0], a[1]]
    def stop(t, y):
        return y[2] * sig
    stop.terminal = True
    s = solve_ivp(rhs, (0, 5), [0, np.radians(theta0_deg), xd0, thd0], method="DOP853",
                  rtol=1e-13, atol=1e-14, events=stop, dense_output=True)
    te = s.t_events[0][0]
    lam = lambda t: solve(s.sol(t))[2]
    ts = np.linspace(0, te, 20001)
    lams = np.array([lam(t) for t in ts])
    i = int(np.argmax(lams))
    h = 1e-7
    dl = lambda t: (lam(t + h) - lam(t - h)) / (2 * h)
    tm = brentq(dl, ts[i - 1], ts[i + 1], xtol=1e-15)
    return te, tm, lam(tm)

print("slide theta0=63 mu=2.9 xdot=-5 thetadot=-3: t_stop, t_max, lambda_max =",
      *slide_max(63, 2.9, -5.0, -3.0))

# The compliant contact (N = max(0, -k y - c y') for y < 0, sgn ẋ smoothed
# as ẋ/√(ẋ² + v²), v = 1e-4 √(gl)), θ = 60°, μ = 3, ẋ = -1, k = 1e5, c = 20,
# to 0.2 s by Radau (rtol 1e-11): the largest normal force, brentq on dN/dt
# of the dense output.
def compliant_max(theta0_deg=60, mu=3.0, xd0=-1.0, kc=1e5, cc=20.0, tmax=0.2,
                  m1=1.0, m2=1.0, l=1.0, g=9.81):
    M = m1 + m2
    v = 1e-4 * np.sqrt(g * l)
    def N_of(q):
        return max(0.0, -kc * q[2] - cc * q[5]) if q[2] < 0 else 0.0
    def rhs(t, q):
        th, xd, thd = q[1], q[3], q[4]
        s_, c_ = np.sin(th), np.cos(th)
        A = np.array([[M, -m2 * l * s_, 0], [-m2 * l * s_, m2 * l * l, m2 * l * c_],
                      [0, m2 * l * c_, M]])
        X = np.array([m2 * l * c_ * thd ** 2, -m2 * g * l * c_, -M * g + m2 * l * s_ * thd ** 2])
        N = N_of(q)
        a = np.linalg.solve(A, X + np.array([-mu * N * xd / np.sqrt(xd * xd + v * v), 0, N]))
        return [q[3], q[4], q[5], *a]
    s = solve_ivp(rhs, (0, tmax), [0, np.radians(theta0_deg), 0, xd0, 0, 0], method="Radau",
                  rtol=1e-11, atol=1e-13, dense_output=True)
    ts = np.linspace(0, tmax, 400001)
    Ns = np.array([N_of(s.sol(t)) for t in ts])
    i = int(np.argmax(Ns))
    dN = lambda t: (N_of(s.sol(t + 1e-9)) - N_of(s.sol(t - 1e-9))) / 2e-9
    tm = brentq(dN, ts[i - 1], ts[i + 1], xtol=1e-14)
    return tm, N_of(s.sol(tm))

print("compliant theta0=60 mu=3 xdot=-1 k=1e5: t, N_max =", *compliant_max())
