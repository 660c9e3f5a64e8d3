"""Independent reference for the ladder under Kozlov's family (5.1) on two
constraints (tests/check_ladder.c, test_family_ref; issue 36). Run with
Debian's /usr/bin/python3 (SciPy). Written from Kozlov's paper, not from
tribo's code.

The ladder (mass m, length L = 2h, I = m L²/12) in q = (x, y, θ), the centre
and the angle to the floor; wall x = 0, floor y = 0, the ladder at x > 0:
A = diag(m, m, I), X = (0, −m g, 0), constraints (7.1)
    f_floor = y − h sinθ ≥ 0,   f_wall = x − h cosθ ≥ 0.
Lagrange (2.2) with multipliers: A q̈ = X + Jᵀλ + F, J the active
constraints' rows ∂f_j, closed by f̈_j = 0: J q̈ = Z with
Z_floor = −h sinθ θ̇², Z_wall = −h cosθ θ̇² (f̈ = J q̈ + J̇ q̇).

Kozlov's law (2.6): F = −|R| Φq̇/|q̇|, |q̇|² = (Aq̇, q̇), R = Jᵀλ⁰ with λ⁰
the multipliers of the same constraints without friction (§7), |R|² =
(R, A⁻¹R) (2.5). The family (5.1) given in the coordinates ξ = (θ, f_floor,
f_wall), where the constraints are coordinates as y is the rod's: with
E = ∂ξ/∂q and B = E⁻¹, the metric there is A_ξ = BᵀAB and Φ_ξ = A_ξΩᵀ; a
bilinear form carried back to q is Φ = EᵀΦ_ξE = A B Ωᵀ E. Ω keeps the
constraints' span (Ω12 = Ω13 = 0: (7.4) on both; Ω32 = 0 as well: (2.9) on
the floor alone), so the friction does not move λ off λ⁰; the script
computes λ with the friction all the same, from J A⁻¹ (X + Jᵀλ + F) = Z.

Both contacts until λ_wall = 0 (the top leaves the wall, t_leave); then the
floor alone until θ = 0 (falls), f_wall = 0 (hits the wall) or λ_floor = 0.
Integrated in the six states (q, q̇) by SciPy's DOP853 (rtol 1e-13, atol
1e-13) with its event location. Prints the numbers the test holds."""
import numpy as np
from scipy.integrate import solve_ivp

G = 9.81


class Ladder:
    def __init__(self, m, L, Om):
        self.m, self.h, self.I = m, L / 2, m * L * L / 12
        self.A = np.diag([m, m, self.I])
        self.Ai = np.linalg.inv(self.A)
        self.Om = np.array(Om, dtype=float)

    def rows(self, th, thd, both):
        h, s, c = self.h, np.sin(th), np.cos(th)
        J = [[0, 1, -h * c]]
        Z = [-h * s * thd**2]
        if both:
            J.append([1, 0, h * s])
            Z.append(-h * c * thd**2)
        return np.array(J, dtype=float), np.array(Z)

    def Phi(self, th):
        h, s, c = self.h, np.sin(th), np.cos(th)
        E = np.array([[0, 0, 1], [0, 1, -h * c], [1, 0, h * s]], dtype=float)
        B = np.linalg.inv(E)
        return self.A @ B @ self.Om.T @ E

    def acc(self, z, both):
        q, qd = z[:3], z[3:]
        th, thd = q[2], qd[2]
        X = np.array([0.0, -self.m * G, 0.0])
        J, Z = self.rows(th, thd, both)
        M = J @ self.Ai @ J.T
        lam0 = np.linalg.solve(M, Z - J @ self.Ai @ X)
        R = J.T @ lam0
        nR = np.sqrt(R @ self.Ai @ R)
        nq = np.sqrt(qd @ self.A @ qd)
        F = -nR * (self.Phi(th) @ qd) / nq if nq > 0 else np.zeros(3)
        lam = np.linalg.solve(M, Z - J @ self.Ai @ (X + F))
        qdd = self.Ai @ (X + J.T @ lam + F)
        return qdd, lam, lam0

    def run(self, th0, tmax=10.0):
        h = self.h
        z0 = np.array([h * np.cos(th0), h * np.sin(th0), th0, 0, 0, 0], dtype=float)
        opts = dict(method='DOP853', rtol=1e-13, atol=1e-13)

        def f(t, z, both):
            qdd, _, _ = self.acc(z, both)
            return np.concatenate([z[3:], qdd])

        def leave(t, z, both):
            return self.acc(z, True)[1][1]
        leave.terminal, leave.direction = True, -1
        # at rest the motion starts where gravity leads: a nudge of θ̇
        # below the integrator's tolerance picks the sense (θ̇ < 0)
        z0[5] = -1e-300
        r = solve_ivp(f, [0, tmax], z0, events=[leave], args=(True,), **opts)
        t1, z1 = r.t[-1], r.y[:, -1]
        out = {"lam0_start": self.acc(z0, True)[2], "t_leave": t1,
               "theta_leave": np.degrees(z1[2])}

        def flat(t, z, both):
            return z[2]
        flat.terminal, flat.direction = True, -1

        def wall(t, z, both):
            return z[0] - h * np.cos(z[2])
        wall.terminal, wall.direction = True, -1

        def lift(t, z, both):
            return self.acc(z, False)[1][0]
        lift.terminal = True
        r = solve_ivp(f, [t1, tmax], z1, events=[flat, wall, lift], args=(False,), **opts)
        z2 = r.y[:, -1]
        out.update(t_end=r.t[-1], thetadot_end=z2[5], x_foot_end=z2[0] + h * np.cos(z2[2]),
                   ended=[k for k, e in zip(("falls", "hits-wall", "lifts-off"), r.t_events)
                          if e.size])
        return out


if __name__ == "__main__":
    # Ω in ξ = (θ, f_floor, f_wall): Ω11 = 0.2, Ω21 = 0.3, Ω31 = -0.15,
    # Ω22 = 0.5, Ω23 = 0.1, Ω32 = 0, Ω33 = 0.05 (Ω12 = Ω13 = 0)
    Om = [[0.2, 0, 0], [0.3, 0.5, 0.1], [-0.15, 0, 0.05]]
    for th0 in (34, 46):
        o = Ladder(2, 3, Om).run(np.radians(th0))
        print("m = 2, L = 3, theta0 = %d deg:" % th0, o["ended"])
        print("  lambda0 at the start (floor, wall) = %.12g, %.12g"
              % tuple(o["lam0_start"]))
        print("  t_leave = %.12g theta_leave = %.12g deg" % (o["t_leave"], o["theta_leave"]))
        print("  t_end = %.12g thetadot_end = %.12g x_foot_end = %.12g"
              % (o["t_end"], o["thetadot_end"], o["x_foot_end"]))
