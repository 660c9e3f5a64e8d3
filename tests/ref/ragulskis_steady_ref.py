# Independent reference for issue 37 point 2 ("a cycle is a cycle") in
# ragulskis: eq. (9), m u'' + c u' + k u = P sin(wt) - h tanh(u'/D), with
# SciPy's DOP853 (rtol 1e-13), not tribo's code.
#  1. A steady case, (m, c, k, P, w, h, D) = (1, 0.1, 1, 4, 1, 3.2, 0.2)
#     from rest: 300 periods, the state at t = jT against the period before
#     over the last two periods, then amp, umin and vmax on the dense output
#     of the next period (bounded maximization about the grid's extreme).
#  2. One that is not: c = 0, P = 5 at resonance (w = sqrt(k/m) = 1) from
#     rest, 500 periods: the state still changes by about
#     pi (P - 4h/pi)/k = 2.908 m a period (Den Hartog: friction cannot bound
#     the amplitude), and u at t = 100T and 501T (tribo's u_end with
#     periods = 99 and 500: the periods run, then the measured one).
# Run: /usr/bin/python3 tests/ref/ragulskis_steady_ref.py (about 20 s)
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar


def runs(m, c, k, P, w, h, D, periods):
    T = 2 * np.pi / w
    rhs = lambda t, y: [y[1], (P * np.sin(w * t) - c * y[1] - k * y[0] - h * np.tanh(y[1] / D)) / m]
    y = np.array([0.0, 0.0])
    states = [y.copy()]
    for j in range(periods):
        s = solve_ivp(rhs, (j * T, (j + 1) * T), y, method="DOP853", rtol=1e-13, atol=1e-15)
        y = s.y[:, -1]
        states.append(y.copy())
    s = solve_ivp(rhs, (periods * T, (periods + 1) * T), y, method="DOP853", rtol=1e-13,
                  atol=1e-15, dense_output=True)
    return T, np.array(states), s.sol


def extreme(sol, t0, T, i, sign):
    ts = np.linspace(t0, t0 + T, 20001)
    vals = sign * sol(ts)[i]
    n = int(np.argmax(vals))
    a, b = ts[max(n - 1, 0)], ts[min(n + 1, len(ts) - 1)]
    r = minimize_scalar(lambda x: -sign * sol(x)[i], bounds=(a, b), method="bounded",
                        options={"xatol": 1e-14})
    return sign * -r.fun


m, c, k, P, w, h, D = 1, 0.1, 1, 4, 1, 3.2, 0.2
T, st, sol = runs(m, c, k, P, w, h, D, 300)
x = np.column_stack([st[:, 0], st[:, 1] / w])
ch = [np.hypot(*(x[-1] - x[-2])), np.hypot(*(x[-2] - x[-3]))]
t0 = 300 * T
print("steady tanh D=0.2: last two changes %.3g %.3g" % (ch[0], ch[1]))
print("amp  %.13g" % extreme(sol, t0, T, 0, 1))
print("umin %.13g" % extreme(sol, t0, T, 0, -1))
print("vmax %.13g" % extreme(sol, t0, T, 1, 1))

c, P = 0, 5
T, st, sol = runs(m, c, k, P, w, h, D, 500)
x = np.column_stack([st[:, 0], st[:, 1] / w])
print("resonance c=0 P=5: change over the last period %.4g, predicted %.4g"
      % (np.hypot(*(x[-1] - x[-2])), np.pi * (P - 4 * h / np.pi) / k))
print("u at t = 100T %.13g, at 501T %.13g" % (st[100, 0], sol(501 * T)[0]))
