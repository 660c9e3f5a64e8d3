"""Ragulskis's forced oscillator (eq. 9) with the elliptic friction law (8),
as a student would integrate it with SciPy: m ü + c u̇ + k u = P sin ωt −
H(u̇), phases cut where H is not analytic (u̇ = 0, ±Δ) by terminal events,
period after period until (u, u̇) repeats to 1e-9 as tribo's, then one more
period for the amplitude (the largest u, met where u̇ = 0)."""
import math

from scipy.integrate import solve_ivp

from common import Case

OSC = dict(m=1.0, c=0.1, k=1.0, P=4.0, omega=1.0, h=3.2, Delta=0.8)


def H(v):
    """Eq. (8): E(−Δ, Δ, −h, h, u̇) inside |u̇| < Δ (two quarter ellipses,
    eq. 7), ±h beyond."""
    h, D = OSC["h"], OSC["Delta"]
    if abs(v) >= D:
        return math.copysign(h, v)
    if v <= 0:
        x = (v + D) / D
        return -h * math.sqrt(max(0.0, 1 - x * x))
    x = (v - D) / D
    return h * math.sqrt(max(0.0, 1 - x * x))


def amp_scipy(tol, conv=1e-9, periods=500):
    p = OSC
    m, c, k, P, w, D = p["m"], p["c"], p["k"], p["P"], p["omega"], p["Delta"]
    T = 2 * math.pi / w
    joints = (-D, 0.0, D)

    def rhs(t, y):
        return [y[1], (P * math.sin(w * t) - c * y[1] - k * y[0] - H(y[1])) / m]

    def events_from(v):
        """A terminal event at each joint but the one we sit on."""
        evs = []
        for j in joints:
            if v == j:
                continue
            f = (lambda j: lambda t, y: y[1] - j)(j)
            f.terminal = True
            evs.append(f)
        return evs

    def advance(t, y, t_end, peaks):
        while t < t_end:
            sol = solve_ivp(rhs, (t, t_end), y, method="DOP853", rtol=tol, atol=tol,
                            events=events_from(y[1]))
            t, y = sol.t[-1], list(sol.y[:, -1])
            if sol.status == 1:
                j = min(joints, key=lambda j: abs(j - y[1]))
                y[1] = j        # on the joint exactly: the next phase starts past it
                if j == 0.0 and peaks is not None:
                    peaks.append(y[0])
        return t, y

    t, y = 0.0, [0.0, 0.0]
    for j in range(periods):
        prev = y
        t, y = advance(t, y, (j + 1) * T, None)
        t = (j + 1) * T
        change = abs(y[0] - prev[0]) + abs(y[1] - prev[1]) / w
        scale = max(abs(y[0]), abs(y[1]) / w, abs(prev[0]), abs(prev[1]) / w)
        if change <= conv * scale:
            break
    peaks = [y[0]]
    t, y = advance(t, y, t + T, peaks)
    return max(peaks + [y[0]])


def amp_ref():
    return amp_scipy(2.3e-14, conv=1e-14, periods=2000)


CASES = [
    Case("ragulskis", "amp", 1e-12, amp_scipy,
         "solve_ivp DOP853, phases cut at u̇ = 0, ±Δ by events",
         "rk8pd, phases cut at u̇ = 0, ±Δ by events, steady to 1e-9",
         amp_ref, "none exists; SciPy at rtol 2.3e-14, steady to 1e-14 (self-ref.)",
         ("periods", (2, 4, 8, 16))),
]
