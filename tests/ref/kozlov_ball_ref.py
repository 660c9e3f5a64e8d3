#!/usr/bin/python3
"""Independent references for kozlov-ball's way to rolling (check_kozlov_aux.c).

Kozlov's law (2.6) for the ball of §6, A q'' = -g Phi q'/D, with
q' = (v_x, v_y, w_x, w_y, Omega) and A written out by hand from
T = m/2 |w|^2 + J/2 (w_x^2 + w_y^2 + Omega^2), centre w = v + (r w_y, -r w_x);
and Coulomb's laws in the centre's velocity and the angular velocity
(m dw/dt = F, J dω/dt = (-r z) x F + M), F = -mu1 m g v/|v| while the contact
point slips, M = -mu3 m g r ω'/|ω'| rolling resistance, then pure rolling.
SciPy's DOP853 at rtol 1e-12.  Run: /usr/bin/python3 tests/ref/kozlov_ball_ref.py
"""
import numpy as np
from scipy.integrate import solve_ivp


def kozlov(m, r, g, mu1, mu2, mu3, vx, vy, Om, wx, wy, tmax):
    J = 0.4 * m * r * r
    A = np.zeros((5, 5))
    A[0, 0] = A[1, 1] = m
    A[2, 2] = A[3, 3] = m * r * r + J
    A[4, 4] = J
    A[0, 3] = A[3, 0] = m * r      # w_x = v_x + r w_y
    A[1, 2] = A[2, 1] = -m * r     # w_y = v_y - r w_x
    Phi = np.diag([m * mu1, m * mu1, m * r * r * mu3, m * r * r * mu3, m * r * r * mu2])

    def f(t, q):
        D = np.sqrt(q @ A @ q / m)
        return np.linalg.solve(A, -g * Phi @ q / D)

    sol = solve_ivp(f, (0, tmax), [vx, vy, wx, wy, Om], method="DOP853",
                    rtol=1e-12, atol=1e-14)
    q = sol.y[:, -1]
    return np.hypot(q[0] + r * q[3], q[1] - r * q[2])


def coulomb(m, r, g, mu1, mu3, vx, vy, wx, wy, tmax):
    """(t_roll, |w| at tmax); assumes mu1 > mu3 and 5 mu3 <= 7 mu1."""
    J = 0.4 * m * r * r

    def parts(y):
        Wx, Wy, ox, oy = y
        return np.array([Wx - r * oy, Wy + r * ox]), np.array([ox, oy])

    def f(t, y):
        v, om = parts(y)
        F = -mu1 * m * g * v / np.linalg.norm(v)
        no = np.linalg.norm(om)
        M = -mu3 * m * g * r * om / no if no > 0 else np.zeros(2)
        torque = np.array([r * F[1], -r * F[0]]) + M   # (-r z) x F + M
        return [F[0] / m, F[1] / m, torque[0] / J, torque[1] / J]

    def ev(t, y):
        return np.linalg.norm(parts(y)[0]) - 1e-10
    ev.terminal = True
    y0 = [vx + r * wy, vy - r * wx, wx, wy]
    sol = solve_ivp(f, (0, 100), y0, method="DOP853", rtol=1e-12, atol=1e-14,
                    events=ev)
    y = sol.y[:, -1]
    t_roll = sol.t[-1] + 1e-10 / (3.5 * mu1 * g)  # the last 1e-10 at ~(7/2) mu1 g
    W = np.hypot(y[0], y[1])
    if tmax <= t_roll:
        raise ValueError("tmax within the slip")
    return t_roll, max(0.0, W - 5 / 7 * mu3 * g * (tmax - t_roll))


if __name__ == "__main__":
    # the general state of check_kozlov_aux.c, to tmax = 0.05 s (it stops later)
    print("kozlov V_end general tmax=0.05: %.15g"
          % kozlov(1.3, 0.07, 9.81, 0.35, 0.15, 0.08, 0.7, -0.4, 4.0, 3.0, -2.0, 0.05))
    # spin and rolling resistance, slip across the rolling
    print("kozlov V_end spin mu3=0.05 tmax=0.3: %.15g"
          % kozlov(1.0, 0.1, 9.81, 0.3, 0.2, 0.05, 1.0, 0.0, 5.0, 20.0, 0.0, 0.3))
    print("coulomb t_roll, V_end tmax=0.3: %.15g %.15g"
          % coulomb(1.0, 0.1, 9.81, 0.3, 0.05, 1.0, 0.0, 20.0, 0.0, 0.3))
