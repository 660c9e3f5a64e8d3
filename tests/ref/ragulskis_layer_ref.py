# Independent reference for check_ragulskis's test_reduced_reversal and
# test_reduced_fold: the full oscillator of Ragulskis et al. eq. (9),
# m u'' + c u' + k u = P sin wt - H(u'), with H the elliptic law (8) (quarter
# ellipses of eq. (7) between -D and D, +-h beyond) or h tanh(u'/D),
# integrated in t with SciPy's Radau (a stiff solver; rtol 1e-12, or tol=...;
# the transient's first periods with DOP853) in phases cut where u' passes
# -D, 0 and D (terminal events, the integration restarted there, so no step
# straddles a joint or the elliptic law's vertical tangent). No reduced
# model: the layer |u'| < D is integrated through. The steady state: periods
# from rest until (u, u') at t = jT repeats to tol; amp = max u over the next
# period, taken at the located u' = 0 (the turning points); vmax the greatest
# u' (on each phase's dense output, refined by bounded minimization). Prints
# also the least |F| = |P sin wt - k u| at the turning points (above h + cD:
# the mass reverses without sticking).
# Run: /usr/bin/python3 tests/ref/ragulskis_layer_ref.py [NAME=VALUE ...] [law D ...]
# (NAME one of m c k P omega h tol, for the cases after it), e.g.
#   ragulskis_layer_ref.py elliptic 5e-5 tanh 1e-5
#   ragulskis_layer_ref.py tol=1e-9 m=1 c=0.1 k=1 P=4 omega=1 h=3.2 elliptic 1e-3
import sys
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar

m, c, k, P, w, h = 2.0, 0.3, 4.0, 3.0, 1.7, 1.0
# the integration's rtol, and the steady test's (tol=... on the command line:
# 1e-9 is ample against the reduced model's error of 1e-4 at a fold)
tol = 1e-12
T = 2 * np.pi / w


def H_ell(v, D):
    if v >= D:
        return h
    if v <= -D:
        return -h
    # eq. (7) with (u1, u2, H1, H2) = (-D, D, -h, h): centres (-D, 0), (D, 0)
    if v <= 0:
        x = (v + D) / D
        return -h * np.sqrt(max(0.0, 1 - x * x))
    x = (v - D) / D
    return h * np.sqrt(max(0.0, 1 - x * x))


def period(u, v, t0, D, law, turns, method='Radau', vm=None):
    H = (lambda s: H_ell(s, D)) if law == 'elliptic' else (lambda s: h * np.tanh(s / D))
    rhs = lambda t, y: [y[1], (P * np.sin(w * t) - k * y[0] - c * y[1] - H(y[1])) / m]
    evs = []
    for j in (-D, 0.0, D):
        e = (lambda jj: (lambda t, y: y[1] - jj))(j)
        e.terminal = True
        evs.append(e)
    t, tend = t0, t0 + T
    y = [u, v]
    while t < tend - 1e-13:
        # at a joint: start a hair past it, the way the motion goes (no
        # event at the start)
        s = solve_ivp(rhs, (t, tend), y, method=method, rtol=tol, atol=tol * 1e-3,
                      events=evs, first_step=1e-9)
        if vm is not None:
            # the greatest u' of the phase: its steps' ends, then refined
            # on the dense output about the best
            sol = solve_ivp(rhs, (t, s.t[-1]), y, method=method, rtol=tol, atol=tol * 1e-3,
                            first_step=1e-9, dense_output=True)
            ts = np.linspace(t, s.t[-1], 2001)
            vs = sol.sol(ts)[1]
            b = int(np.argmax(vs))
            lo, hi = ts[max(b - 1, 0)], ts[min(b + 1, len(ts) - 1)]
            r = minimize_scalar(lambda x: -sol.sol(x)[1], bounds=(lo, hi), method='bounded',
                                options={'xatol': 1e-14})
            vm.append(max(vs[b], -r.fun))
        t = s.t[-1]
        y = list(s.y[:, -1])
        if s.status == 1:
            for i, te in enumerate(s.t_events):
                if len(te):
                    y[1] = (-D, 0.0, D)[i]
                    if i == 1:
                        turns.append((t, y[0], abs(P * np.sin(w * t) - k * y[0])))
            # step off the joint by the acceleration's way, a tiny step
            a = rhs(t, y)[1]
            dt = 1e-12
            y = [y[0] + y[1] * dt, y[1] + a * dt]
            t += dt
    return y


def steady(D, law):
    # the transient with DOP853 (the layer is crossed fast: no creep, so
    # nothing stiff lingers), the last periods with Radau, until the state
    # repeats to 1e-12
    u, v = 0.0, 0.0
    method = 'DOP853'
    for j in range(400):
        turns = []
        nu, nv = period(u, v, j * T, D, law, turns, method)
        d = max(abs(nu - u), abs(nv - v) / w)
        if method == 'Radau' and d < tol:
            break
        if d < 1e3 * tol:
            method = 'Radau'
        u, v = nu, nv
    turns = []
    vm = []
    period(nu, nv, (j + 1) * T, D, law, turns, 'Radau', vm)
    amp = max(tu[1] for tu in turns)
    fmin = min(tu[2] for tu in turns)
    return amp, j + 1, fmin, max(vm)


if __name__ == '__main__':
    # arguments: NAME=VALUE sets a parameter (m, c, k, P, omega, h) for the
    # cases after it; a case is a law and a D
    args = sys.argv[1:] or ['elliptic', '1e-4']
    i = 0
    while i < len(args):
        if '=' in args[i]:
            name, val = args[i].split('=')
            globals()['w' if name == 'omega' else name] = float(val)
            T = 2 * np.pi / w
            i += 1
            continue
        law, D = args[i], float(args[i + 1])
        i += 2
        amp, n, fmin, vmax = steady(D, law)
        print('m=%g c=%g k=%g P=%g omega=%g h=%g %s D=%g amp=%.13g vmax=%.13g periods=%d '
              'min|F|turn=%.6g tol=%g' % (m, c, k, P, w, h, law, D, amp, vmax, n, fmin, tol),
              flush=True)
