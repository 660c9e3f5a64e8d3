"""Independent reference for a puck on a plane with isotropic Coulomb
friction, pushed across its initial velocity (tests/check_lagrange.c,
test_norm_restarts): m v' = F e_y - mu m g v/|v|, v(0) = (v0, 0), F < mu m g.
The speed falls to 0 in finite time and the puck stays (F is within the
static bound). Integrated with SciPy's DOP853 (rtol 1e-12) to the event
|v| = 1e-9 (the speed then falls at a rate at least mu g - F/m, so the stop
is within 1e-9/(mu g - F/m) of it), position by the same integration.
Prints t_stop, x_end, y_end."""
import numpy as np
from scipy.integrate import solve_ivp

m, F, mu, g, v0 = 1.0, 1.0, 0.2, 9.81, 1.0


def rhs(t, s):
    x, y, vx, vy = s
    sp = np.hypot(vx, vy)
    return [vx, vy, -mu * g * vx / sp, F / m - mu * g * vy / sp]


def stop(t, s):
    return np.hypot(s[2], s[3]) - 1e-9


stop.terminal = True
sol = solve_ivp(rhs, (0, 5), [0, 0, v0, 0], method="DOP853", rtol=1e-12, atol=1e-15,
                events=stop)
t, s = sol.t_events[0][0], sol.y_events[0][0]
print(f"t_stop = {t:.12g} s, x_end = {s[0]:.12g} m, y_end = {s[1]:.12g} m")
