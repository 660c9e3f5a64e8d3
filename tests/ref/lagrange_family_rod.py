"""Independent reference for tests/check_lagrange.c test_contact_normal
(issue 36): Painlevé's rod in the paper's redundant coordinates q = (x, θ, y),
the constraint y = 0 kept, under Kozlov's laws. Run with Debian's
/usr/bin/python3 (SciPy). Written from Kozlov's paper, not from tribo's code.

The rod (point mass m1 at the foot (x, y), m2 at distance l along θ):
  T = ½(m1+m2)(ẋ²+ẏ²) − m2 l sinθ ẋθ̇ + m2 l cosθ ẏθ̇ + ½ m2 l² θ̇²,
  V = m2 g l sinθ + (m1+m2) g y,
so A(θ) = [[M, −b s, 0], [−b s, m2 l², b c], [0, b c, M]] (M = m1+m2, b = m2 l)
and A q̈ = X + λ e_y + F with X = (b c θ̇², −b g c, −M g + b s θ̇²)
(Lagrange's equations (2.2); the y component of −∂V/∂q is −M g).

Kozlov's law (2.6): F = −|R| Φ q̇/|q̇|, |R|² = λ² (e_y, A⁻¹e_y) (2.5),
|q̇|² = (A q̇, q̇). The family (5.1), (5.2): Φ = A(θ)Ωᵀ, Ω's last column
(0, 0, ν). λ from (2.13): ÿ = 0 with ÿ = (A⁻¹X)_y + λ (A⁻¹(e_y + G))_y,
G = −√((A⁻¹)_yy) Φq̇/|q̇|.

Painlevé's projected law (4.3): Λ = −μλ0 sgn(ẋ) e_x, λ0 the frictionless
reaction −(A⁻¹X)_y/(A⁻¹)_yy, F = Λ − ((A⁻¹Λ, e_y)/(A⁻¹e_y, e_y)) e_y. At
ẋ = 0 the foot is held (x and y fixed, θ̈ = X_θ/A_θθ) while the force
needed, |(A q̈ − X)_x|, stays within μλ0.

Integrated with SciPy's DOP853 (rtol 1e-13, atol 1e-13), events by its
root location: θ = 0 (the rod lies down: the run ends), λ = 0 (lift-off),
ẋ = 0 (projected: the foot stops).
Prints the numbers the test holds."""
import numpy as np
from scipy.integrate import solve_ivp

m1, m2, l, g = 1.0, 1.0, 1.0, 9.81
M, b = m1 + m2, m2 * l


def A(th):
    s, c = np.sin(th), np.cos(th)
    return np.array([[M, -b * s, 0], [-b * s, m2 * l * l, b * c], [0, b * c, M]])


def X(th, thd):
    s, c = np.sin(th), np.cos(th)
    return np.array([b * c * thd**2, -b * g * c, -M * g + b * s * thd**2])


def family_acc(th, qd, Om):
    a = A(th)
    Ai = np.linalg.inv(a)
    x = X(th, qd[1])
    Phi = a @ Om.T
    n = np.sqrt(qd @ a @ qd)
    G = -np.sqrt(Ai[2, 2]) * (Phi @ qd) / n if n > 0 else np.zeros(3)
    e = np.array([0.0, 0.0, 1.0])
    lam = -(Ai @ x)[2] / (Ai @ (e + G))[2]
    return Ai @ (x + lam * (e + G)), lam


def run_family(th0, xd0, thd0, Om, tmax):
    def f(t, z):
        qdd, _ = family_acc(z[1], np.array([z[2], z[3], 0.0]), Om)
        return [z[2], z[3], qdd[0], qdd[1]]

    def flat(t, z):
        return z[1]
    flat.terminal, flat.direction = True, -1

    def lift(t, z):
        return family_acc(z[1], np.array([z[2], z[3], 0.0]), Om)[1]
    lift.terminal = True
    r = solve_ivp(f, [0, tmax], [0.0, th0, xd0, thd0], method='DOP853', rtol=1e-13,
                  atol=1e-13, events=[flat, lift])
    lam0 = family_acc(th0, np.array([xd0, thd0, 0.0]), Om)[1]
    return r.t[-1], r.y[:, -1], lam0, r.t_events


def run_family_rest(th0, xd0, thd0, Om, tmax, eps=1e-10):
    """A start where the family brings the rod to rest: the rates vanish
    together in finite time (Kozlov's force keeps its size as q̇ → 0), so
    the run is followed to |q̇| = eps (the stop is then eps/|q̈| away, about
    1e-11 s) and the rest checked by Kozlov §3: at q̇ = 0 the rod stays
    where f·u ≤ |R| (Φu, u)/|u| for every direction u of (ẋ, θ̇), f the force
    that holds x and θ (y held too)."""
    def f(t, z):
        qdd, _ = family_acc(z[1], np.array([z[2], z[3], 0.0]), Om)
        return [z[2], z[3], qdd[0], qdd[1]]

    def slow(t, z):
        qd = np.array([z[2], z[3], 0.0])
        return np.sqrt(qd @ A(z[1]) @ qd) - eps
    slow.terminal, slow.direction = True, -1
    r = solve_ivp(f, [0, tmax], [0.0, th0, xd0, thd0], method='DOP853', rtol=1e-13,
                  atol=1e-13, events=[slow])
    t, z = r.t[-1], r.y[:, -1]
    th = z[1]
    a = A(th)
    Ai = np.linalg.inv(a)
    x = X(th, 0.0)
    lam0 = -(Ai @ x)[2] / Ai[2, 2]
    # held: q̈ = 0, so the force that holds is −X − λ0 e_y on (x, θ)
    fh = -x[:2]
    Phi = a @ Om.T
    worst = -np.inf
    for ang in np.linspace(0, 2 * np.pi, 7201):
        u = np.array([np.cos(ang), np.sin(ang), 0.0])
        res = lam0 * np.sqrt(Ai[2, 2]) * (u @ Phi @ u) / np.sqrt(u @ a @ u)
        worst = max(worst, fh @ u[:2] - res)
    return t, z, worst


def proj_acc(th, qd, mu, sgn):
    a = A(th)
    Ai = np.linalg.inv(a)
    x = X(th, qd[1])
    lam0 = -(Ai @ x)[2] / Ai[2, 2]
    Lam = np.array([-mu * lam0 * sgn, 0.0, 0.0])
    e = np.array([0.0, 0.0, 1.0])
    F = Lam - ((Ai @ Lam)[2] / Ai[2, 2]) * e
    return Ai @ (x + lam0 * e + F), lam0


def run_projected(th0, xd0, thd0, mu, tmax):
    def slide(t, z, sgn):
        qdd, _ = proj_acc(z[1], np.array([z[2], z[3], 0.0]), mu, sgn)
        return [z[2], z[3], qdd[0], qdd[1]]

    def held(t, z, sgn):
        th, thd = z[1], z[3]
        return [0.0, thd, 0.0, X(th, thd)[1] / A(th)[1, 1]]

    def flat(t, z, sgn):
        return z[1]
    flat.terminal, flat.direction = True, -1

    def stop(t, z, sgn):
        return z[2]
    stop.terminal = True
    opts = dict(method='DOP853', rtol=1e-13, atol=1e-13)
    r = solve_ivp(slide, [0, tmax], [0.0, th0, xd0, thd0], events=[flat, stop],
                  args=(np.sign(xd0),), **opts)
    t1, z = r.t[-1], r.y[:, -1].copy()
    out = {"t_stop_foot": None}
    if r.t_events[1].size:
        out["t_stop_foot"] = t1
        z[2] = 0.0
        th, thd = z[1], z[3]
        qdd = np.array([0.0, X(th, thd)[1] / A(th)[1, 1], 0.0])
        f = (A(th) @ qdd - X(th, thd))[0]
        _, lam0 = proj_acc(th, np.array([0.0, thd, 0.0]), mu, 0)
        out["f"], out["bound"] = abs(f), mu * lam0
        assert abs(f) < mu * lam0, "the foot is not held (the test's case holds it)"
        r = solve_ivp(held, [t1, tmax], z, events=[flat], args=(0,), **opts)
        t1, z = r.t[-1], r.y[:, -1]
    return t1, z, out


if __name__ == "__main__":
    Om = np.array([[0.3, 0.1, 0.0], [0.15, 0.35, 0.0], [0.05, -0.1, 0.7]])
    t, z, lam0, ev = run_family(np.radians(75), -0.5, 0.0, Om, 3.0)
    print("family (painleve-family): lambda0 = %.12g N" % lam0)
    print("  t_end = %.12g x_end = %.12g theta_end = %.3g xdot_end = %.12g "
          "thetadot_end = %.12g" % (t, z[0], z[1], z[2], z[3]))
    # isotropic: Φ = kA is Ω = k I
    t, z, lam0, ev = run_family(np.radians(75), -0.5, 0.0, 0.1 * np.eye(3), 3.0)
    print("isotropic k = 0.1: t_end = %.12g x_end = %.12g xdot_end = %.12g "
          "thetadot_end = %.12g" % (t, z[0], z[2], z[3]))
    Om2 = Om.copy()
    Om2[2, 2] = 0.51
    t, z, worst = run_family_rest(1.34, -0.5, 0.0, Om2, 3.0)
    print("family, theta0 = 1.34 rad, nu = 0.51: at rest at t = %.12g x = %.12g "
          "theta = %.12g; Kozlov's margin max f.u - |R|(Phi u,u)/|u| = %.6g (<= 0: rests)"
          % (t, z[0], z[1], worst))
    t, z, out = run_projected(np.radians(60), -1.0, 0.0, 3.0, 5.0)
    print("projected (painleve-projected): foot stops at %.12g, |f| = %.6g within %.6g"
          % (out["t_stop_foot"], out["f"], out["bound"]))
    print("  t_end = %.12g x_end = %.12g thetadot_end = %.12g" % (t, z[0], z[3]))
