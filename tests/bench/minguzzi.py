"""Minguzzi's exercises as a student would solve them with SciPy: the
spinning disk (§2.2), the Rayleigh function of a sliding, spinning disk
(eq. 17), the conveyor belt (§2.1) and the stone polisher (§2.3). The
numbers are those of the shipped exercises, as tribo loads them."""
import math

import numpy as np
from scipy.integrate import dblquad, quad
from scipy.optimize import brentq
from scipy.special import ellipe, ellipk

from common import Case, Values, solve_ivp

# ---- §2.2, the spinning disk (disk-reye, disk-uniform) ----------------------
DISKS = {True: Values("disk-reye", ["m", "r", "mu", "g", "omega"], {"pressure": "reye"}),
         False: Values("disk-uniform", ["m", "r", "mu", "g", "omega"],
                       {"pressure": "uniform"})}


def disk_scipy(reye, tol):
    """The torque by dblquad over the disk (pressure p ∝ 1/v for Reye,
    uniform otherwise), then I φ̈ = −M by solve_ivp to the event φ̇ = 0."""
    m, r, mu, g, w = (DISKS[reye][k] for k in ("m", "r", "mu", "g", "omega"))
    N, I = m * g, 0.5 * m * r * r
    weight = (lambda rho: 1.0 / (w * rho)) if reye else (lambda rho: 1.0)
    # polar (rho, phi): dA = rho drho dphi; the pressure is weight/∫weight
    W = dblquad(lambda rho, phi: weight(rho) * rho, 0, 2 * math.pi, 0, r,
                epsabs=0, epsrel=tol)[0]
    T = dblquad(lambda rho, phi: weight(rho) * rho * rho, 0, 2 * math.pi, 0, r,
                epsabs=0, epsrel=tol)[0]
    M = mu * N * T / W

    def stop(t, y):
        return y[1]
    stop.terminal, stop.direction = True, -1
    sol = solve_ivp(lambda t, y: [y[1], -M / I], (0, 1e3), [0.0, w],
                    method="DOP853", rtol=tol, atol=tol, events=stop)
    return sol.t_events[0][0]


def disk_ref(reye):
    m, r, mu, g, w = (DISKS[reye][k] for k in ("m", "r", "mu", "g", "omega"))
    return (1.0 if reye else 0.75) * w * r / (mu * g)


# ---- eq. (17): R of the exercise `rayleigh` ---------------------------------
RAY = Values("rayleigh", ["r", "vx", "vy", "wz", "mu", "N"],
             {"shape": "disk", "pressure": "uniform", "law": "coulomb", "bx": 0.0, "by": 0.0})


def rayleigh_scipy(tol):
    """What tribo's solve computes, by dblquad in polar coordinates, the
    pressure μN/(πr²) uniform: R = ∬ p|v| dA (17), the generalized forces
    Q = −∬ p v̂ dA and Q_θ = −∬ p (x v̂_y − y v̂_x) dA (18), ∂R/∂q̇ by central
    differences of R (step 1e-4 of the motion's speed, as tribo's), and the
    power P = Q·q̇: R."""
    r, vx, vy, wz, mu, N = (RAY[k] for k in ("r", "vx", "vy", "wz", "mu", "N"))
    p = mu * N / (math.pi * r * r)

    def integral(f, scale=0.0):
        """p ∬ f; scale: the result's natural size, for an absolute
        tolerance where it may vanish by symmetry (Q_y here)."""
        return p * dblquad(f, 0, 2 * math.pi, 0, r, epsabs=tol * scale / p, epsrel=tol)[0]

    def R(ux, uy, w):
        def speed(rho, phi):
            x, y = rho * math.cos(phi), rho * math.sin(phi)
            return math.hypot(ux - w * y, uy + w * x) * rho
        return integral(speed)

    def unit(k):
        def f(rho, phi):
            x, y = rho * math.cos(phi), rho * math.sin(phi)
            sx, sy = vx - wz * y, vy + wz * x
            n = math.hypot(sx, sy)
            return -(sx, sy, x * sy - y * sx)[k] / n * rho if n > 0 else 0.0
        return f
    Rv = R(vx, vy, wz)
    Q = [integral(unit(k), mu * N * (r if k == 2 else 1.0)) for k in range(3)]
    V = math.hypot(vx, vy) + abs(wz) * r
    h = (1e-4 * V, 1e-4 * V, 1e-4 * V / r)
    q = [vx, vy, wz]
    grad = []
    for k in range(3):
        up, dn = list(q), list(q)
        up[k] += h[k]
        dn[k] -= h[k]
        grad.append((R(*up) - R(*dn)) / (2 * h[k]))
    _ = sum(Qk * qk for Qk, qk in zip(Q, q))  # P
    return Rv


def rayleigh_ref():
    """Uniform pressure, Coulomb: |v_r| = |ω| |x − c| about the instantaneous
    centre c (|c| = d = |u|/|ω| < r), so ∬|x − c| dA = ∮ L(φ)³/3 dφ with
    L(φ) = −d cos φ + √(r² − d² sin² φ), the distance from c to the rim. The
    integrand is analytic and periodic: the trapezoid rule on 4096 points is
    exact to rounding."""
    r, vx, vy, wz, mu, N = (RAY[k] for k in ("r", "vx", "vy", "wz", "mu", "N"))
    d = math.hypot(vx, vy) / abs(wz)
    phi = np.linspace(0, 2 * math.pi, 4096, endpoint=False)
    L = -d * np.cos(phi) + np.sqrt(r * r - d * d * np.sin(phi) ** 2)
    return mu * N * abs(wz) * (2 * math.pi * np.mean(L ** 3 / 3)) / (math.pi * r * r)


# ---- §2.1, the conveyor belt ------------------------------------------------
CONV = Values("conveyor", ["m", "N", "v0", "Fx", "Fy", "mu0", "muinf", "a", "tmax"],
              {"vx0": 0.0, "vy0": 0.0, "held": "no"})  # the block starts at rest


def bouchet(v):
    c = CONV
    return (c["mu0"] - c["muinf"]) / (1 + c["a"] * v) + c["muinf"]


def conveyor_scipy(tol):
    """m ṡ = F − Nμ(|s|) ŝ for the slip s = v − v0 e_x by solve_ivp from rest
    on the belt, to the event |s| = 1e-9·scale (as tribo's), and the last
    stretch at the deceleration there: t_stick."""
    c = CONV
    m, N, v0, F = c["m"], c["N"], c["v0"], np.array([c["Fx"], c["Fy"]])
    s_ev = 1e-9 * max(v0, (np.hypot(*F) + N * c["mu0"]) / m * c["tmax"])

    def rhs(t, s):
        S = math.hypot(s[0], s[1])
        k = N * bouchet(S) / S
        return [(F[0] - k * s[0]) / m, (F[1] - k * s[1]) / m]

    def stuck(t, s):
        return math.hypot(s[0], s[1]) - s_ev
    stuck.terminal, stuck.direction = True, -1
    sol = solve_ivp(rhs, (0, c["tmax"]), [-v0, 0.0], method="DOP853",
                    rtol=tol, atol=tol, events=stuck)
    s = sol.y_events[0][0]
    S = math.hypot(*s)
    Sdot = (F @ s / S - N * bouchet(S)) / m
    return sol.t_events[0][0] + S / -Sdot


def conveyor_ref():
    """No closed form (the push is across the belt). Independently, with no
    event: in σ = −ln(S/S0), S = |s|, ψ its direction, dt/dσ = −S/Ṡ and
    dψ/dσ = −F·ŝ⊥/(mṠ) are smooth all the way to S → 0; DOP853 at its tightest (rtol 2.3e-14) to
    σ = 40, plus the last S/|Ṡ|."""
    c = CONV
    m, N, v0, Fx, Fy = c["m"], c["N"], c["v0"], c["Fx"], c["Fy"]

    def rates(sig, y):
        S, psi = v0 * math.exp(-sig), y[1]
        Sdot = ((Fx * math.cos(psi) + Fy * math.sin(psi)) - N * bouchet(S)) / m
        return S, Sdot, (-Fx * math.sin(psi) + Fy * math.cos(psi)) / m

    def rhs(sig, y):
        S, Sdot, perp = rates(sig, y)
        return [-S / Sdot, -perp / Sdot]
    sol = solve_ivp(rhs, (0, 40), [0.0, math.pi], method="DOP853", rtol=2.3e-14, atol=1e-16)
    S, Sdot, _ = rates(40, sol.y[:, -1])
    return sol.y[0, -1] + S / -Sdot


# ---- §2.3, the stone polisher -----------------------------------------------
POL = Values("polisher", ["m", "r", "omega", "mu", "g", "vx0", "tmax"],
             {"Fx": 0.0, "Fy": 0.0, "M": 0.0, "vy0": 0.0, "thetadot0": 0.0})


def ring_closed(vx, vy, Om, r, c):
    """One ring's force and moment in closed form, as tribo's
    contact_ring_exact has them: a point at φ slides at
    v = u + Ω r(−sin φ, cos φ); with U = |u|, W = Ω r, a = U² + W², b = 2UW,
    |v| = √(a − b cos ψ) (ψ from the direction of u), so
    Q = c(U I0 + W J) û and Q_θ = c r (W I0 + U J), c = −μmg/(2π), where
    I0 = ∮dψ/√(a + |b| cos ψ) = 4K/√(a + |b|), I1 = ∮√(a + |b| cos ψ) dψ =
    4√(a + |b|) E (modulus k² = 2|b|/(a + |b|); SciPy's ellipk/ellipe take
    k²) and J = ∮cos ψ/√(a + b cos ψ) dψ = (I1 − a I0)/b, by its series in
    b/a where b is small (the closed form cancels there). None where a
    point of the ring is (nearly) at rest, k → 1: quad takes that one."""
    U, W = math.hypot(vx, vy), Om * r
    a, b = U * U + W * W, 2 * U * W
    S = a + abs(b)
    if not a > 0 or not (U - abs(W)) ** 2 / S > 1e-12:
        return None
    k2 = 2 * abs(b) / S
    I0, I1 = 4 * ellipk(k2) / math.sqrt(S), 4 * math.sqrt(S) * ellipe(k2)
    if abs(b) < 0.25 * a:
        # ∮cos ψ (1 + x cos ψ)^(−1/2) dψ/√a, x = b/a: the odd powers of the
        # binomial series against ∮cos^(n+1) = 2π (n+1)!!/(n+2)!!... (n odd)
        x, J, cn, cm = b / a, 0.0, 1.0, 1.0
        for n in range(1, 80):
            cn *= -(2 * n - 1) / (2 * n)
            if n % 2 == 0:
                continue
            cm *= (n + 0.0) / (n + 1)
            term = cn * x ** n * 2 * math.pi * cm
            J += term
            if abs(term) < 1e-18 * abs(J):
                break
        J /= math.sqrt(a)
    else:
        J = (I1 - a * I0) / b
    along = c * (U * I0 + W * J) if U > 0 else 0.0
    return (along * vx / U if U > 0 else 0.0, along * vy / U if U > 0 else 0.0,
            c * r * (W * I0 + U * J))


def polisher_scipy(tol):
    """The machine's plane motion as tribo integrates it, (x, y, θ) and
    their rates: each ring (mass m, radius r, m g spread evenly) turns at
    θ̇ ± ω while its centre moves at u = (vx, vy); its force and moment
    Q = −(μmg/2π)∮ v̂ dφ, Q_θ = −(μmg/2π)∮ r(cos φ v̂_y − sin φ v̂_x) dφ in
    closed form by the complete elliptic integrals (ring_closed), as tribo
    has them, quad only where a point of a ring is at rest; 2m u̇ = F + ΣQ,
    2mr² θ̈ = M + ΣQ_θ; solve_ivp to tmax: vx_end."""
    p = POL
    m, r, w, mu, g = p["m"], p["r"], p["omega"], p["mu"], p["g"]
    c = -mu * m * g / (2 * math.pi)

    def ring_quad(vx, vy, Om):
        def comp(k):
            def f(phi):
                sx, sy = vx - Om * r * math.sin(phi), vy + Om * r * math.cos(phi)
                n = math.hypot(sx, sy)
                return ((sx, sy, r * (math.cos(phi) * sy - math.sin(phi) * sx))[k] / n
                        if n > 0 else 0.0)
            scale = 2 * math.pi * (r if k == 2 else 1.0)
            return c * quad(f, 0, 2 * math.pi, epsabs=tol * scale, epsrel=tol, limit=100)[0]
        return comp(0), comp(1), comp(2)

    def ring(vx, vy, Om):
        return ring_closed(vx, vy, Om, r, c) or ring_quad(vx, vy, Om)

    def rhs(t, y):
        vx, vy, thd = y[3], y[4], y[5]
        a, b = ring(vx, vy, thd + w), ring(vx, vy, thd - w)
        return [vx, vy, thd, (a[0] + b[0]) / (2 * m), (a[1] + b[1]) / (2 * m),
                (a[2] + b[2]) / (2 * m * r * r)]
    y0 = [0.0, 0.0, 0.0, p["vx0"], 0.0, 0.0]
    sol = solve_ivp(rhs, (0, p["tmax"]), y0, method="DOP853", rtol=tol, atol=tol)
    return sol.y[3, -1]


def ring_force(u, W, mu, N):
    """The ring's Coulomb force against u, in closed form: ∂/∂u of
    R = (2μN/π)(u + W)E(k), k = 2√(uW)/(u + W), is
    (2μN/π)[E + (E − K)(W − u)/(2u)] (SciPy's ellipk/ellipe take k²)."""
    k2 = 4 * u * W / (u + W) ** 2
    K, E = ellipk(k2), ellipe(k2)
    return 2 * mu * N / math.pi * (E + (E - K) * (W - u) / (2 * u))


def polisher_ref():
    """u(tmax) from tmax = ∫_u^{u0} m du'/Q(u') with Q in closed form by the
    complete elliptic integrals; quad to 1.2e-14, brentq to 1e-15."""
    p = POL
    m, W, mu, g = p["m"], p["r"] * p["omega"], p["mu"], p["g"]
    Q = lambda u: ring_force(u, W, mu, m * g)
    t = lambda u: quad(lambda x: m / Q(x), u, p["vx0"], epsabs=0, epsrel=1.2e-14, limit=200)[0]
    return brentq(lambda u: t(u) - p["tmax"], 1e-3, p["vx0"], xtol=1e-16, rtol=1e-15)


CASES = [
    Case("disk-reye", "stop_time", 1e-12, lambda tol: disk_scipy(True, tol),
         "torque by dblquad, solve_ivp DOP853 to φ̇ = 0",
         "torque by nested quadrature once, rk8pd to the event φ̇ = 0",
         lambda: disk_ref(True), "closed form ωr/(μg)"),
    Case("disk-uniform", "stop_time", 1e-12, lambda tol: disk_scipy(False, tol),
         "torque by dblquad, solve_ivp DOP853 to φ̇ = 0",
         "torque by nested quadrature once, rk8pd to the event φ̇ = 0",
         lambda: disk_ref(False), "closed form 3ωr/(4μg)"),
    Case("rayleigh", "R", 1e-12, rayleigh_scipy,
         "R, Qx, Qy, Qθ by dblquad (polar), ∂R/∂q̇ by central differences, P",
         "R, Q (18), ∂R/∂q̇ and P by nested Gauss-Kronrod",
         rayleigh_ref, "closed form ∮L³/3 dφ about the centre of rotation"),
    Case("conveyor", "t_stick", 1e-12, conveyor_scipy,
         "solve_ivp DOP853 to |s| = 1e-9 scale, last stretch closed",
         "rk8pd slip phase, event |s| = 1e-9 scale, then riding to tmax",
         conveyor_ref, "independent: σ = −ln|s| reformulation, DOP853 2.3e-14",
         ("tmax", (0.5, 2, 8, 32))),
    Case("polisher", "vx_end", 1e-11, polisher_scipy,
         "(x, y, θ) and rates, each ring's force and moment by K(k), E(k) at every RHS",
         "6-D, rings' forces by K(k), E(k) at every RHS, rk8pd to tmax",
         polisher_ref, "closed form: ∫m du/Q(u) = tmax, Q by K(k), E(k)",
         ("tmax", (0.5, 1, 2, 4))),
]
