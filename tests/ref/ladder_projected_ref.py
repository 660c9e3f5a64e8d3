"""Independent reference for the ladder under Painlevé's projected law (4.3)
(tests/check_ladder.c, test_projected_*). Run with Debian's /usr/bin/python3.

Written from the physics, not from tribo's projection: Newton-Euler for the
rigid ladder (mass m, length L = 2h, I = mL²/12), centre (xc, yc), angle θ to
the floor, wall x = 0, floor y = 0. Kozlov (4.3) keeps of the classical force
Λ only its work on the motions the constraints allow (the rest is along the
constraints' normals, the least in A⁻¹); so in the coordinates the
constraints leave, the projected friction is the generalized force of
Amontons' tangential forces T_j = −μ_j N0_j sgn(sliding speed), N0_j the
normal forces of the frictionless ladder at the same state, and the normal
forces that keep the contacts are whatever they must be.

Both contacts: xc = h cosθ, yc = h sinθ; unknowns θ'', N_f, N_w, with
    m xc'' = T_f + N_w,  m yc'' = N_f + T_w − m g,
    −I θ'' = h cosθ N_f + h sinθ T_f − h cosθ T_w − h sinθ N_w
(the moments about the centre; the rod's own angle is π − θ).
Floor alone: xc = xf − h cosθ, yc = h sinθ (xf the foot), unknowns xf'', θ'', N:
    m xc'' = T_f,  m yc'' = N − m g,  −I θ'' = h cosθ N + h sinθ T_f.
The top leaves where the frictionless N0_w = 0 (Kozlov's multiplier); there
the floor-alone equations give the top's x'' (xf − L cosθ)'' , which must be
≥ 0 for the top to leave. Rest: the motion gravity starts (θ' = 0, sliding
down) has θ'' ≥ 0. Integrated by SciPy's DOP853 (rtol 1e-12, atol 1e-13)
with its event location (brentq on the dense output).
Prints the numbers the test holds."""
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

G = 9.81


class Ladder:
    def __init__(self, m, L, muf, muw):
        self.m, self.L, self.h, self.I = m, L, L / 2, m * L * L / 12
        self.muf, self.muw = muf, muw

    # ---- both contacts ----
    def two(self, th, w, Tf, Tw):
        m, h, I = self.m, self.h, self.I
        s, c = np.sin(th), np.cos(th)
        # unknowns a = θ'', Nf, Nw; xc'' = −h s a − h c w², yc'' = h c a − h s w²
        M = np.array([[-m * h * s, 0, -1], [m * h * c, -1, 0], [I, h * c, -h * s]])
        b = np.array([Tf + m * h * c * w * w, Tw - m * G + m * h * s * w * w,
                      -h * s * Tf + h * c * Tw])
        return np.linalg.solve(M, b)

    def two_acc(self, th, w, sig):
        _, Nf0, Nw0 = self.two(th, w, 0, 0)
        # the foot moves along x at −L sinθ θ', the top along y at L cosθ θ'
        Tf = -self.muf * Nf0 * np.sign(-sig)
        Tw = -self.muw * Nw0 * np.sign(sig)
        a, _, _ = self.two(th, w, Tf, Tw)
        return a, Nf0, Nw0

    # ---- the floor alone ----
    def floor(self, th, w, Tf):
        m, h, I = self.m, self.h, self.I
        s, c = np.sin(th), np.cos(th)
        # unknowns xf'', θ'', N; xc'' = xf'' + h s a + h c w², yc'' = h c a − h s w²
        M = np.array([[m, m * h * s, 0], [0, m * h * c, -1], [0, I, h * c]])
        b = np.array([Tf - m * h * c * w * w, -m * G + m * h * s * w * w, -h * s * Tf])
        return np.linalg.solve(M, b)

    def floor_acc(self, th, w, vf):
        _, _, N0 = self.floor(th, w, 0)
        Tf = -self.muf * N0 * np.sign(vf)
        xdd, a, _ = self.floor(th, w, Tf)
        return xdd, a, N0

    def top_xdd(self, th, w, vf):
        xdd, a, _ = self.floor_acc(th, w, vf)
        return xdd + self.L * np.sin(th) * a + self.L * np.cos(th) * w * w

    def rest_margin(self, th):
        return self.two_acc(th, 0.0, -1.0)[0]


def run(m, L, muf, muw, th0_deg, thd0=0.0, tmax=10.0):
    """Falls on both contacts until N0_w = 0, then the floor alone until the
    ladder lies on the floor. Returns a dict of the events."""
    lad = Ladder(m, L, muf, muw)
    out = {}
    th0 = np.radians(th0_deg)
    sig = -1.0 if thd0 <= 0 else 1.0
    t_leave = 0.0
    y0 = [th0, thd0]
    if lad.two_acc(th0, thd0, sig)[2] > 0:
        rhs = lambda t, y: [y[1], lad.two_acc(y[0], y[1], sig)[0]]
        wall = lambda t, y: lad.two_acc(y[0], y[1], sig)[2]
        wall.terminal, wall.direction = True, -1
        stop = lambda t, y: y[1]
        stop.terminal, stop.direction = True, -sig
        s = solve_ivp(rhs, (0, tmax), y0, method="DOP853", rtol=1e-12, atol=1e-13,
                      dense_output=True, events=[wall, stop])
        assert len(s.t_events[0]) == 1, "no leaving"
        t_leave = s.t_events[0][0]
        y0 = list(s.sol(t_leave))
    th, w = y0
    out["t_leave"], out["theta_leave"] = t_leave, np.degrees(th)
    vf = -L * np.sin(th) * w
    out["top_xdd"] = lad.top_xdd(th, w, vf)
    if out["top_xdd"] < -1e-9 * G:
        out["outcome"] = "paradox"
        return out
    # the floor alone: z = (xf, θ, xf', θ')
    z0 = [L * np.cos(th), th, vf, w]
    sgn = np.sign(vf)

    def rhs2(t, z):
        xdd, a, _ = lad.floor_acc(z[1], z[3], sgn)
        return [z[2], z[3], xdd, a]
    falls = lambda t, z: z[1]
    falls.terminal, falls.direction = True, -1
    fstop = lambda t, z: z[2] * sgn
    fstop.terminal = True
    s = solve_ivp(rhs2, (t_leave, tmax), z0, method="DOP853", rtol=1e-12, atol=1e-13,
                  dense_output=True, events=[falls, fstop])
    assert len(s.t_events[0]) == 1, "the foot stopped first"
    tf = s.t_events[0][0]
    z = s.sol(tf)
    out.update(outcome="falls", t_floor=tf, x_foot_end=z[0], thetadot_end=z[3])
    return out


def run_held(m, L, muf, th0_deg, thd0, tmax=10.0):
    """Pushed up off the wall at once (N0_w < 0), the foot sliding toward the
    wall (the top then leaves: its x'' ≥ 0), until the foot stops; then held
    (a pin at xp: θ'' = −(3g/2L) cosθ, the pin's T = m xc'', N = m (yc'' +
    g) inside Coulomb's cone |T| ≤ μ N) until the top comes back to the wall,
    xp − L cosθ = 0."""
    lad = Ladder(m, L, muf, 0.0)
    h = L / 2
    th, w = np.radians(th0_deg), thd0
    assert lad.two_acc(th, w, 1.0)[2] < 0
    vf = -L * np.sin(th) * w
    out = {"top_xdd": lad.top_xdd(th, w, vf)}
    sgn = np.sign(vf)

    def rhs2(t, z):
        xdd, a, _ = lad.floor_acc(z[1], z[3], sgn)
        return [z[2], z[3], xdd, a]
    fstop = lambda t, z: z[2]
    fstop.terminal = True
    s = solve_ivp(rhs2, (0, tmax), [L * np.cos(th), th, vf, w], method="DOP853",
                  rtol=1e-12, atol=1e-13, dense_output=True, events=[fstop])
    ts = s.t_events[0][0]
    xp, th, _, w = s.sol(ts)
    out.update(t_stop=ts, theta_stop=np.degrees(th), x_pin=xp)

    def pin(y):
        a = -(3 * G / (2 * L)) * np.cos(y[0])
        s_, c_ = np.sin(y[0]), np.cos(y[0])
        T = m * (h * s_ * a + h * c_ * y[1] ** 2)
        N = m * (h * c_ * a - h * s_ * y[1] ** 2 + G)
        return a, T, N
    rhs3 = lambda t, y: [y[1], pin(y)[0]]
    hit = lambda t, y: xp - L * np.cos(y[0])
    hit.terminal, hit.direction = True, -1
    s = solve_ivp(rhs3, (ts, tmax), [th, w], method="DOP853", rtol=1e-12, atol=1e-13,
                  dense_output=True, events=[hit])
    te = s.t_events[0][0]
    margin = min(muf * pin(s.sol(t))[2] - abs(pin(s.sol(t))[1])
                 for t in np.linspace(ts, te, 2001))
    y = s.sol(te)
    out.update(t_end=te, theta_end=np.degrees(y[0]), thetadot_end=y[1], hold_margin=margin)
    return out


def theta_min(m, L, muf, muw):
    lad = Ladder(m, L, muf, muw)
    ths = np.linspace(np.radians(89.9), np.radians(0.1), 2000)
    prev = ths[0]
    for t in ths[1:]:
        if lad.rest_margin(t) < 0:
            return np.degrees(brentq(lad.rest_margin, t, prev, xtol=1e-15, rtol=1e-15))
        prev = t
    return 0.0


if __name__ == "__main__":
    np.set_printoptions(precision=15)
    print("frictionless, theta0 = 60:", run(1, 4, 0, 0, 60),
          "closed form theta_leave", np.degrees(np.arcsin(2 / 3 * np.sin(np.radians(60)))))
    print("mu_floor 0, mu_wall 0.3, theta0 60:", run(1, 4, 0, 0.3, 60))
    print("mu_floor 0.2, mu_wall 0, theta0 60:", run(1, 4, 0.2, 0, 60))
    print("mu_floor 0.4, mu_wall 0.2, theta0 50:", run(1, 4, 0.4, 0.2, 50))
    print("pushed: mu 0.3/0.1, theta0 75, thetadot0 -2:", run(1, 4, 0.3, 0.1, 75, -2.0))
    print("held: L 3, mu_floor 1, theta0 10, thetadot0 2:", run_held(1, 3, 1.0, 10, 2.0))
    for muf, muw in [(0.4, 0.2), (0.6, 0.3), (0.2, 0.0), (1.0, 0.5)]:
        print("theta_min", muf, muw, repr(theta_min(1, 4, muf, muw)))
    # the friction's part of the top's x'' on the floor alone, against the
    # closed form f''_wall = −μ N0 s_f (1 + 3 cos 2θ)/(m (1 + 3 cos²θ))
    lad, lad0 = Ladder(1, 4, 0.2, 0), Ladder(1, 4, 0, 0)
    for th in np.radians([30, 54.735610317245346, 60]):
        w = -1.0
        vf = -4 * np.sin(th) * w
        _, _, N0 = lad.floor(th, w, 0)
        print("friction part of top x'' at", np.degrees(th),
              lad.top_xdd(th, w, vf) - lad0.top_xdd(th, w, vf),
              "closed form", -0.2 * N0 * (1 + 3 * np.cos(2 * th)) / (1 + 3 * np.cos(th) ** 2))
