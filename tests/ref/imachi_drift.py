#!/usr/bin/python3
"""Reference for Imachi's drift (s >= mu0, no limit cycle), written from the
physics, not from tribo: a mass that starts ahead of everything the base
reaches in x slips for ever (du_x/dtau = s + mu0 cos psi >= s - mu0 >= 0),
so eq. (2) alone holds and SciPy integrates it without any stick logic:

    du/dtau = s + mu0 (v - u)/|v - u|,  v = a cos(tau) (cos phi, sin phi).

Prints the drift over the last period, (u_x(2 pi N) - u_x(2 pi (N-1)))/2 pi,
which tends to s - mu0 as |u - v| grows (psi -> pi).
Used by tests/check_imachi.c (test_drift_reference)."""
import numpy as np
from scipy.integrate import solve_ivp

def drift(phi_deg, a, s, mu0, u0, periods):
    e = np.array([np.cos(np.radians(phi_deg)), np.sin(np.radians(phi_deg))])
    def rhs(t, u):
        w = a * np.cos(t) * e - u
        return [s + mu0 * w[0] / np.hypot(*w), mu0 * w[1] / np.hypot(*w)]
    T = 2 * np.pi
    sol = solve_ivp(rhs, (0, T * periods), u0, method="DOP853", rtol=1e-13, atol=1e-13,
                    t_eval=[T * (periods - 1), T * periods])
    ux = sol.y[0]
    return (ux[1] - ux[0]) / T, ux[1]

for args in [(30, 1.0, 1.3, 1.1, [3.0, 0.0], 20), (60, 1.5, 0.95, 0.9, [2.0, 0.5], 200)]:
    d, ux = drift(*args)
    print("phi=%g a=%g s=%g mu0=%g u0=%s periods=%d: drift=%.12g u_x=%.12g (s-mu0=%g)"
          % (*args[:4], args[4], args[5], d, ux, args[2] - args[3]))
