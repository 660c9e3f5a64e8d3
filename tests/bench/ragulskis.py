"""Ragulskis's forced oscillator (eq. 9) with the elliptic friction law (8)
or the peaked law (10), as a student would integrate it with SciPy: m ü +
c u̇ + k u = P sin ωt − H(u̇), phases cut where H is not analytic (u̇ = 0,
the joints and the vertical tangents) by terminal events, period after
period until (u, u̇) repeats to 1e-9 as tribo's, then one more period for
the amplitude (the largest u, met where u̇ = 0). The values are the
exercise's own, read from tribo."""
import math


from common import Case, solve_ivp, tribo_values

NAMES = ("m", "c", "k", "P", "omega", "h", "Delta", "Delta_a", "law")
_values = {}


def osc(exercise):
    if exercise not in _values:
        _values[exercise] = tribo_values(exercise, NAMES)
    return _values[exercise]


def E(u1, u2, H1, H2, v):
    """Eq. (7): two quarter ellipses from (u1, H1) to (u2, H2)."""
    uc, Hc, a, b = (u1 + u2) / 2, (H1 + H2) / 2, (H2 - H1) / 2, (u2 - u1) / 2
    if v <= u1:
        return H1
    if v >= u2:
        return H2
    if v <= uc:
        x = (v - u1) / b
        return Hc - a * math.sqrt(max(0.0, 1 - x * x))
    x = (v - u2) / b
    return Hc + a * math.sqrt(max(0.0, 1 - x * x))


def law(p):
    """H(u̇) and its joints: eq. (8), or eq. (10) with h_a = h Δa/Δ."""
    h, D, Da = p["h"], p["Delta"], p["Delta_a"]
    if p["law"] == "elliptic":
        def H(v):
            return E(-D, D, -h, h, v) if abs(v) < D else math.copysign(h, v)
        return H, (-D, 0.0, D)
    ha, d1, d2 = h * Da / D, D + Da, D + 2 * Da

    def H(v):
        av = abs(v)
        if av < d1:
            return E(-d1, d1, -h - ha, h + ha, v)
        if av < d2:
            return E(d1, d2, h + ha, h, v) if v > 0 else E(-d2, -d1, -h, -h - ha, v)
        return math.copysign(h, v)
    dm = D + 1.5 * Da
    return H, (-d2, -dm, -d1, 0.0, d1, dm, d2)


def amp_scipy(tol, conv=1e-9, periods=500, exercise="ragulskis"):
    p = osc(exercise)
    m, c, k, P, w = p["m"], p["c"], p["k"], p["P"], p["omega"]
    H, joints = law(p)
    T = 2 * math.pi / w

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


def amp_ref(exercise="ragulskis"):
    return amp_scipy(2.3e-14, conv=1e-14, periods=2000, exercise=exercise)


CASES = [
    Case("ragulskis", "amp", 1e-12, amp_scipy,
         "solve_ivp DOP853, phases cut at u̇ = 0, ±Δ by events",
         "rk8pd (in z = √|u̇| beside u̇ = 0), steady state by shooting",
         amp_ref, "none exists; SciPy at rtol 2.3e-14, steady to 1e-14 (self-ref.)",
         ("periods", (16, 32, 64, 128))),
    Case("ragulskis-fig4", "amp", 1e-12,
         lambda tol: amp_scipy(tol, exercise="ragulskis-fig4"),
         "solve_ivp DOP853, law (10), phases cut at its 7 joints by events",
         "rk8pd (in z = √|u̇ − u̇c| beside a vertical tangent), steady state by shooting",
         lambda: amp_ref("ragulskis-fig4"),
         "none exists; SciPy at rtol 2.3e-14, steady to 1e-14 (self-ref.)"),
]
