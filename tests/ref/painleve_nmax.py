# An independent N_max of painleve-compliant (theta0 = 60 deg, mu = 3, xdot0 = -1,
# k = 1e5, c = 20, tmax = 0.2): the rod's equations written again as in
# tests/ref/painleve_ref.py (the smoothed Coulomb law, the spring-damper below
# y = 0), by DOP853 and Radau at two tolerances; every local maximum of N located
# by brentq on dN/dt = -k ydot - c yddot (exact, from the RHS) on the dense
# output. Printed (2026-11-27): DOP853 1e-12 110.660572475878, 1e-13
# 110.660572475889, Radau 1e-11 110.660572476302 (tests/check_painleve.c).
import sys, numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq
m1=m2=l=1.0; g=9.81; M=m1+m2; mu=3.0; kc=1e5; cc=20.0; v=1e-4*np.sqrt(g*l)
def N_of(q): return max(0.0, -kc*q[2]-cc*q[5]) if q[2] < 0 else 0.0
def rhs(t, q):
    th, xd, thd = q[1], q[3], q[4]
    s_, c_ = np.sin(th), np.cos(th)
    A = np.array([[M, -m2*l*s_, 0], [-m2*l*s_, m2*l*l, m2*l*c_], [0, m2*l*c_, M]])
    X = np.array([m2*l*c_*thd**2, -m2*g*l*c_, -M*g + m2*l*s_*thd**2])
    N = N_of(q)
    a = np.linalg.solve(A, X + np.array([-mu*N*xd/np.sqrt(xd*xd+v*v), 0, N]))
    return [q[3], q[4], q[5], *a]
def dN(t, sol):
    q = sol(t); f = rhs(t, q)
    return -kc*q[5] - cc*f[5]
for method, rtol, atol in [("DOP853", 1e-12, 1e-14), ("DOP853", 1e-13, 1e-15), ("Radau", 1e-11, 1e-13)]:
    s = solve_ivp(rhs, (0, 0.2), [0, np.radians(60), 0, -1.0, 0, 0], method=method,
                  rtol=rtol, atol=atol, dense_output=True)
    ts = s.t
    peaks = []
    for i in range(len(ts)-1):
        a, b = ts[i], ts[i+1]
        if N_of(s.sol(a)) > 0 and N_of(s.sol(b)) > 0 and dN(a, s.sol) > 0 and dN(b, s.sol) < 0:
            tm = brentq(dN, a, b, args=(s.sol,), xtol=1e-15)
            peaks.append((tm, N_of(s.sol(tm))))
    print(method, rtol, "steps", len(ts), "N_max = %.15g" % max(p[1] for p in peaks),
          "peaks:", " ".join("%.12g@%.6g" % (p[1], p[0]) for p in sorted(peaks, key=lambda p: -p[1])[:4]))
    sys.stdout.flush()
