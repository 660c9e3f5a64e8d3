#!/usr/bin/python3
"""Independent event-driven references for stick-slip in model lagrange.

Every system here is written from its physics, by hand, as
    M(q) q'' = f(t, q, q') + sum_j a_j F_j,
with Coulomb contacts j whose relative velocity is w_j = a_j . q' - v_j
(a_j, v_j constant) and whose friction force F_j is -c_j sgn(w_j) while
the contact slips and any |F_j| <= c_j while it sticks (static = kinetic,
as R = c|w| states). Nothing here reads tribo's code or its exercise
parser: the exercise text printed for each case is only what the C suite
hands to tribo.

The run is a sequence of phases. In a phase each contact has a mode:
stick (w_j = 0 held; F_j = lambda_j from the constrained equations
M q'' = f + sum a F, a_j . q'' = 0) or slip + / - (F_j = -+c_j). Slip
phases and stick phases alike go through scipy's DOP853 (rtol 1e-13,
atol 1e-14) with terminal events: a sliding contact's w_j reaching 0, a
stuck contact's lambda_j reaching +-c_j. At an event the contacts at
w = 0 are decided together: every combination of stick / slip + / slip -
is tried, and the one that is consistent (stick: |lambda| <= c; slip s:
s w' >= 0) is taken; with a positive definite M exactly one is, except
at a break-away root (|lambda| = c exactly), where the contact slips in
the sense its force is heading (d|lambda|/dt > 0) instead of being held
again.

Checks of the reference itself (run with no argument): the undriven
Coulomb oscillator against its closed form, the belt against its closed
form (1e-12), energy balance on every case (the work of friction and of
the drive equals the change of T + V), and convergence (every case run
again with tolerances tightened to scipy's floor and loosened 10x).

Run: /usr/bin/python3 tests/ref/stickslip_ref.py            (cases, checks)
     /usr/bin/python3 tests/ref/stickslip_ref.py --emit-c    (tests/data/stickslip_ref.h)
"""
import itertools
import math
import random
import subprocess
import sys
import warnings

import numpy as np
from scipy.integrate import solve_ivp

G = 9.81
RTOL, ATOL = 1e-13, 1e-14


class System:
    """A mechanical system with Coulomb contacts (see the module doc)."""

    def __init__(self, name, doc, coords, mass, force, energy, dVdt, contacts,
                 q0, qd0, tmax, params, family, text, autonomous, fastest):
        self.name, self.doc, self.coords = name, doc, coords
        self.mass, self.force, self.energy, self.dVdt = mass, force, energy, dVdt
        self.contacts = [(np.array(a, float), float(v), float(c)) for a, v, c in contacts]
        self.q0, self.qd0 = np.array(q0, float), np.array(qd0, float)
        self.tmax, self.params, self.family = tmax, params, family
        self.text, self.autonomous = text, autonomous
        self.n = len(coords)
        # scipy looks for an event's sign change only between steps, and a
        # stick phase's state barely moves (its steps grow without bound):
        # every phase is held to 1/200 of the fastest period (natural or
        # driven) so that a short excursion of lambda or w is not stepped over
        self.max_step = 2 * math.pi / max(fastest, 1e-300) / 200


def accel(sys_, t, q, qd, mode):
    """q'' and the stuck contacts' multipliers {j: lambda_j} in `mode`."""
    M = sys_.mass(q)
    g = np.array(sys_.force(t, q, qd), float)
    for (a, v, c), s in zip(sys_.contacts, mode):
        if s != 0:
            g = g - c * s * a
    Mg = np.linalg.solve(M, g)
    S = [j for j, s in enumerate(mode) if s == 0]
    if not S:
        return Mg, {}
    A = np.array([sys_.contacts[j][0] for j in S])
    MA = np.linalg.solve(M, A.T)
    lam = np.linalg.solve(A @ MA, -A @ Mg)
    return Mg + MA @ lam, dict(zip(S, lam))


def wdot(sys_, j, qdd):
    return sys_.contacts[j][0] @ qdd


def project(sys_, q, qd, Z):
    """q' moved the least (in the metric M) onto w_j = 0 for j in Z."""
    if not Z:
        return qd
    M = sys_.mass(q)
    A = np.array([sys_.contacts[j][0] for j in Z])
    r = A @ qd - np.array([sys_.contacts[j][1] for j in Z])
    MA = np.linalg.solve(M, A.T)
    return qd - MA @ np.linalg.solve(A @ MA, r)


def decide(sys_, t, q, qd, Z, fixed):
    """The mode of the contacts in Z (at w = 0) decided together; `fixed`
    gives the slip sense of the others. Returns the mode and a note."""
    cands = []
    for combo in itertools.product((0, 1, -1), repeat=len(Z)):
        mode = list(fixed)
        for j, s in zip(Z, combo):
            mode[j] = s
        qdd, lam = accel(sys_, t, q, qd, mode)
        margin, ok, border = math.inf, True, []
        for j in Z:
            a, v, c = sys_.contacts[j]
            if mode[j] == 0:
                mj = (c - abs(lam[j])) / c
            else:
                # the slip's acceleration as a force on the contact
                eff = a @ np.linalg.solve(sys_.mass(q), a)
                mj = mode[j] * wdot(sys_, j, qdd) / eff / c
            if mj < -1e-9:
                ok = False
            if mj < 1e-9 and mode[j] == 0:
                border.append(j)
            margin = min(margin, mj)
        if ok:
            cands.append((margin, tuple(mode), border, lam, qdd))
    if not cands:
        raise RuntimeError("%s: no consistent mode at t = %.17g" % (sys_.name, t))
    if len(cands) > 1:
        # at a break-away root a stuck contact on its bound whose force is
        # still growing slips: the stick is dropped by the trend of |lambda|
        keep = []
        for cand in cands:
            margin, mode, border, lam, qdd = cand
            drop = False
            for j in border:
                h = 1e-7 * max(1.0, abs(t))
                _, lam2 = accel(sys_, t + h, q + h * qd, qd + h * qdd, list(mode))
                if abs(lam2[j]) > abs(lam[j]):
                    drop = True
            if not drop:
                keep.append(cand)
        cands = keep
    if len(cands) != 1:
        raise RuntimeError("%s: %d consistent modes at t = %.17g" % (sys_.name, len(cands), t))
    return list(cands[0][1])


def run(sys_, rtol=RTOL, atol=ATOL, record=False):
    """The event-driven run to tmax. Returns a dict of results."""
    t, q, qd = 0.0, sys_.q0.copy(), sys_.qd0.copy()
    nc = len(sys_.contacts)
    w = [sys_.contacts[j][0] @ qd - sys_.contacts[j][1] for j in range(nc)]
    Z = [j for j in range(nc) if w[j] == 0.0]
    fixed = [0 if w[j] == 0.0 else (1 if w[j] > 0 else -1) for j in range(nc)]
    mode = decide(sys_, t, q, qd, Z, fixed) if Z else fixed
    Wf = Wd = Df = 0.0  # work of friction, work of the drive, friction dissipation
    phases = []
    stats = {"events": 0, "joint": 0, "joint_mixed": 0, "reversal": 0, "stick": 0,
             "slip": 0, "breakaway": 0}
    if len(Z) > 1:
        stats["joint"] += 1
        if any(mode[i] == 0 for i in Z) and any(mode[i] != 0 for i in Z):
            stats["joint_mixed"] += 1
    n = sys_.n

    def rhs(t_, y, mode_):
        q_, qd_ = y[:n], y[n:2 * n]
        qdd, lam = accel(sys_, t_, q_, qd_, mode_)
        Q = np.zeros(n)
        diss = 0.0
        for j, (a, v, c) in enumerate(sys_.contacts):
            Fj = lam[j] if mode_[j] == 0 else -c * mode_[j]
            Q += Fj * a
            if mode_[j] != 0:
                diss += c * abs(a @ qd_ - v)
        return np.concatenate([qd_, qdd, [Q @ qd_, sys_.dVdt(t_, q_), diss]])

    while t < sys_.tmax:
        m_ = list(mode)
        evs = []
        for j, (a, v, c) in enumerate(sys_.contacts):
            if m_[j] != 0:
                e = (lambda j_, s_: lambda t_, y, *_: s_ * (sys_.contacts[j_][0] @ y[n:2 * n]
                                                          - sys_.contacts[j_][1]))(j, m_[j])
                e.terminal, e.direction = True, -1
                e.info = ("stop", j)
                evs.append(e)
            else:
                for sgn in (1, -1):
                    e = (lambda j_, s_: lambda t_, y, *_: s_ * accel(sys_, t_, y[:n], y[n:2 * n], m_)[1][j_]
                         - sys_.contacts[j_][2])(j, sgn)
                    e.terminal, e.direction = True, 1
                    e.info = ("break", j)
                    evs.append(e)
        y0 = np.concatenate([q, qd, [0.0, 0.0, 0.0]])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sol = solve_ivp(rhs, (t, sys_.tmax), y0, method="DOP853", rtol=rtol, atol=atol,
                            events=evs, args=(m_,), dense_output=record,
                            max_step=sys_.max_step)
        if sol.status < 0:
            raise RuntimeError("%s: %s" % (sys_.name, sol.message))
        phases.append((t, sol.t[-1], tuple(m_), sol.sol if record else None))
        if all(s == 0 for s in m_):
            stats["stick"] += 1
        else:
            stats["slip"] += 1
        t = sol.t[-1]
        y = sol.y[:, -1]
        q, qd = y[:n].copy(), y[n:2 * n].copy()
        Wf += y[2 * n]
        Wd += y[2 * n + 1]
        Df += y[2 * n + 2]
        if sol.status == 0:
            break
        hit = [k for k, te in enumerate(sol.t_events) if len(te)]
        stats["events"] += 1
        k = hit[0]
        kind, j = evs[k].info
        if kind == "stop":
            prev = m_[j]
            Z = [i for i in range(nc) if m_[i] == 0] + [j]
            qd = project(sys_, q, qd, Z)
            fixed = list(m_)
            mode = decide(sys_, t, q, qd, Z, fixed)
            if mode[j] == -prev:
                stats["reversal"] += 1
        else:
            stats["breakaway"] += 1
            Z = [i for i in range(nc) if m_[i] == 0]
            qd = project(sys_, q, qd, Z)
            mode = decide(sys_, t, q, qd, Z, list(m_))
            if mode[j] == 0:
                raise RuntimeError("%s: held again at a break-away, t = %.17g" % (sys_.name, t))
        if len(Z) > 1:
            stats["joint"] += 1
            if any(mode[i] == 0 for i in Z) and any(mode[i] != 0 for i in Z):
                stats["joint_mixed"] += 1
    # the motion stopped for good: the last phase holds every contact and
    # every rate at 0 under forces that do not depend on t
    t_stop = math.nan
    if sys_.autonomous and all(s == 0 for s in mode) and np.all(np.abs(qd) < 1e-12):
        t_stop = phases[-1][0]
        qd = np.zeros(n)
        t = t_stop  # the run ends at the rest (model lagrange's t_end)
    return {"q": q, "qd": qd, "t_end": t, "t_stop": t_stop,
            "E_start": sys_.energy(0.0, sys_.q0, sys_.qd0), "E_end": sys_.energy(t, q, qd),
            "W_friction": Wf, "W_drive": Wd, "dissipation": Df, "phases": phases,
            "stats": stats, "mode": mode}


# ---------------------------------------------------------------- the cases

def num(x):
    """x as the exercise file writes it (repr: read back to the same double)."""
    return repr(float(x))


def exercise(id_, title, coords, T, V, R, params, statement):
    """A lagrange exercise with every number given in [param] sections."""
    lines = ["[exercise]", "id = " + id_, "title = " + title, "model = lagrange",
             "statement = " + statement, "", "[system]", "coordinates = " + ", ".join(coords),
             "T = " + T, "V = " + V, "R = " + R, ""]
    for name, value, unit in params:
        lines.append("[param %s]" % name)
        lines.append("value = " + num(value))
        if unit:
            lines.append("unit = " + unit)
    return "\n".join(lines) + "\n"


def oscillator(name, m, k, mu, F0, w, x0, xd0, tmax, doc):
    """Case 1: m x'' + k x = F0 sin(w t) + friction, R = mu m g |x'|."""
    c = mu * m * G
    # undriven, V does not name t: the system is autonomous and its rest
    # is for good (tribo cannot tell a drive of amplitude 0 from a drive)
    drive = [("F0", F0, "N"), ("w", w, "rad/s")] if F0 else []
    text = exercise(name, "A driven Coulomb oscillator" if F0 else "A Coulomb oscillator",
                    ["x"], "m*xdot^2/2",
                    "k*x^2/2 - x*F0*sin(w*t)" if F0 else "k*x^2/2", "mu*m*g*abs(xdot)",
                    [("m", m, "kg"), ("k", k, "N/m"), ("mu", mu, ""), ("g", G, "m/s^2")] + drive
                    + [("x0", x0, "m"), ("xdot0", xd0, "m/s"), ("tmax", tmax, "s")],
                    "A block of mass {m} kg on a rough floor (mu = {mu}) held by a spring "
                    "{k} N/m" + (" and pushed by F0 sin(w t), F0 = {F0} N, w = {w} rad/s."
                                 if F0 else ", released at x = {x0} m."))
    return System(name, doc, ["x"], lambda q: np.array([[m]]),
                  lambda t, q, qd: np.array([-k * q[0] + F0 * math.sin(w * t)]),
                  lambda t, q, qd: m * qd[0] ** 2 / 2 + k * q[0] ** 2 / 2 - q[0] * F0 * math.sin(w * t),
                  lambda t, q: -q[0] * F0 * w * math.cos(w * t),
                  [([1.0], 0.0, c)], [x0], [xd0], tmax,
                  dict(m=m, k=k, mu=mu, F0=F0, w=w), "OSC", text, F0 == 0,
                  max(w, math.sqrt(k / m)))


def cart_pendulum(name, M_, m, l, mu, th0, tmax, doc):
    """Case 2: a block M on a rough line carrying a pendulum m, l."""
    c = mu * (M_ + m) * G
    text = exercise(name, "A block carrying a hanging pendulum", ["x", "th"],
                    "(M+m)*xdot^2/2 + m*l*xdot*thdot*cos(th) + m*l^2*thdot^2/2",
                    "-m*g*l*cos(th)", "mu*(M+m)*g*abs(xdot)",
                    [("M", M_, "kg"), ("m", m, "kg"), ("l", l, "m"), ("mu", mu, ""),
                     ("g", G, "m/s^2"), ("x0", 0.0, "m"), ("xdot0", 0.0, "m/s"),
                     ("th0", th0, "rad"), ("thdot0", 0.0, "rad/s"), ("tmax", tmax, "s")],
                    "A block of mass {M} kg on a rough line (mu = {mu}) carries a pendulum "
                    "of mass {m} kg and length {l} m, released at rest at th = {th0} rad. "
                    "The normal force is taken as the constant total weight (M + m) g, "
                    "a modelling choice: the floor's true normal force varies as the "
                    "pendulum swings.")

    def mass(q):
        cth = math.cos(q[1])
        return np.array([[M_ + m, m * l * cth], [m * l * cth, m * l * l]])

    def force(t, q, qd):
        # x: d/dt dT/dxdot carries -m l sin(th) thdot^2; th: -m g l sin(th)
        # (the m l xdot thdot sin(th) terms of d/dt dT/dthdot and dT/dth cancel)
        return np.array([m * l * math.sin(q[1]) * qd[1] ** 2, -m * G * l * math.sin(q[1])])

    def energy(t, q, qd):
        return ((M_ + m) * qd[0] ** 2 / 2 + m * l * qd[0] * qd[1] * math.cos(q[1])
                + m * l * l * qd[1] ** 2 / 2 - m * G * l * math.cos(q[1]))

    return System(name, doc, ["x", "th"], mass, force, energy, lambda t, q: 0.0,
                  [([1.0, 0.0], 0.0, c)], [0.0, th0], [0.0, 0.0], tmax,
                  dict(M=M_, m=m, l=l, mu=mu), "CART", text, True,
                  math.sqrt(G / l * (M_ + m) / M_))


def two_blocks(name, relative, m1, m2, k1, k2, mu1, mu2, F, W, on, x10, x20, v10, v20, tmax, doc):
    """Case 3: block m2 on block m1 on a rough floor; springs k1 (wall to
    m1) and k2 (m1 to m2); the drive F sin(W t) on block `on` (1 or 2).
    x20, v20 are the upper block's absolute position and rate; in relative
    coordinates s = x2 - x1."""
    c1, c2 = mu1 * (m1 + m2) * G, mu2 * m2 * G
    common = [("m1", m1, "kg"), ("m2", m2, "kg"), ("k1", k1, "N/m"), ("k2", k2, "N/m"),
              ("mu1", mu1, ""), ("mu2", mu2, ""), ("g", G, "m/s^2")]
    if F:
        common += [("F", F, "N"), ("W", W, "rad/s")]
    drive_x = "x1" if on == 1 else ("(x1 + s)" if relative else "x2")
    drive = " - %s*F*sin(W*t)" % drive_x if F else ""
    st = ("Block m1 = {m1} kg on a rough floor (mu1 = {mu1}) carries block m2 = {m2} kg "
          "(mu2 = {mu2} between them); a spring {k1} N/m ties m1 to a wall, one of "
          "{k2} N/m ties the blocks" +
          ("; F sin(W t) pushes block %d, F = {F} N, W = {W} rad/s." % on if F else "."))
    if relative:
        text = exercise(name, "Two stacked blocks, relative coordinates", ["x1", "s"],
                        "m1*x1dot^2/2 + m2*(x1dot + sdot)^2/2",
                        "k1*x1^2/2 + k2*s^2/2" + drive,
                        "mu1*(m1 + m2)*g*abs(x1dot) + mu2*m2*g*abs(sdot)",
                        common + [("x10", x10, "m"), ("x1dot0", v10, "m/s"), ("s0", x20 - x10, "m"),
                                  ("sdot0", v20 - v10, "m/s"), ("tmax", tmax, "s")], st)
        Mm = np.array([[m1 + m2, m2], [m2, m2]])
        K = np.array([[k1, 0.0], [0.0, k2]])
        d = np.array([1.0, 0.0]) if on == 1 else np.array([1.0, 1.0])

        def force(t, q, qd):
            return np.array([-k1 * q[0], -k2 * q[1]]) + d * F * math.sin(W * t)

        def energy(t, q, qd):
            return (m1 * qd[0] ** 2 / 2 + m2 * (qd[0] + qd[1]) ** 2 / 2 + k1 * q[0] ** 2 / 2
                    + k2 * q[1] ** 2 / 2 - (d @ q) * F * math.sin(W * t))
        contacts = [([1.0, 0.0], 0.0, c1), ([0.0, 1.0], 0.0, c2)]
        coords, q0, qd0 = ["x1", "s"], [x10, x20 - x10], [v10, v20 - v10]
    else:
        text = exercise(name, "Two stacked blocks, absolute coordinates", ["x1", "x2"],
                        "m1*x1dot^2/2 + m2*x2dot^2/2",
                        "k1*x1^2/2 + k2*(x2 - x1)^2/2" + drive,
                        "mu1*(m1 + m2)*g*abs(x1dot) + mu2*m2*g*abs(x2dot - x1dot)",
                        common + [("x10", x10, "m"), ("x1dot0", v10, "m/s"), ("x20", x20, "m"),
                                  ("x2dot0", v20, "m/s"), ("tmax", tmax, "s")], st)
        Mm = np.array([[m1, 0.0], [0.0, m2]])
        K = np.array([[k1 + k2, -k2], [-k2, k2]])
        d = np.array([1.0, 0.0]) if on == 1 else np.array([0.0, 1.0])

        def force(t, q, qd):
            return (np.array([-k1 * q[0] + k2 * (q[1] - q[0]), -k2 * (q[1] - q[0])])
                    + d * F * math.sin(W * t))

        def energy(t, q, qd):
            return (m1 * qd[0] ** 2 / 2 + m2 * qd[1] ** 2 / 2 + k1 * q[0] ** 2 / 2
                    + k2 * (q[1] - q[0]) ** 2 / 2 - (d @ q) * F * math.sin(W * t))
        contacts = [([1.0, 0.0], 0.0, c1), ([-1.0, 1.0], 0.0, c2)]
        coords, q0, qd0 = ["x1", "x2"], [x10, x20], [v10, v20]
    return System(name, doc, coords, lambda q: Mm, force, energy,
                  lambda t, q: -(d @ q) * F * W * math.cos(W * t), contacts, q0, qd0, tmax,
                  dict(m1=m1, m2=m2, k1=k1, k2=k2, mu1=mu1, mu2=mu2, F=F, W=W, on=on),
                  "REL" if relative else "ABS", text, F == 0,
                  max(W, math.sqrt(max(np.linalg.eigvals(np.linalg.solve(Mm, K)).real))))


def belt(name, m, k, mu, vb, xd0, tmax, doc):
    """Case 4: m x'' + k x = friction, R = mu m g |x' - vb|."""
    c = mu * m * G
    text = exercise(name, "A block on a moving belt", ["x"], "m*xdot^2/2", "k*x^2/2",
                    "mu*m*g*abs(xdot - vb)",
                    [("m", m, "kg"), ("k", k, "N/m"), ("mu", mu, ""), ("g", G, "m/s^2"),
                     ("vb", vb, "m/s"), ("x0", 0.0, "m"), ("xdot0", xd0, "m/s"), ("tmax", tmax, "s")],
                    "A block of mass {m} kg held by a spring {k} N/m to a wall lies on a belt "
                    "moving at {vb} m/s (mu = {mu}).")
    return System(name, doc, ["x"], lambda q: np.array([[m]]),
                  lambda t, q, qd: np.array([-k * q[0]]),
                  lambda t, q, qd: m * qd[0] ** 2 / 2 + k * q[0] ** 2 / 2,
                  lambda t, q: 0.0, [([1.0], vb, c)], [0.0], [xd0], tmax,
                  dict(m=m, k=k, mu=mu, vb=vb), "BELT", text, False,
                  math.sqrt(k / m))


def random_blocks(seed=20261127, count=30):
    rng = random.Random(seed)
    r3 = lambda lo, hi: float("%.3g" % rng.uniform(lo, hi))
    out = []
    for i in range(count):
        relative = i % 2 == 0
        driven = i % 3 != 2
        at_rest = i % 5 in (1, 3)  # both blocks at rest together at t = 0
        m1, m2 = r3(0.5, 3), r3(0.3, 2)
        k1, k2 = r3(5, 40), r3(5, 40)
        mu1, mu2 = r3(0.05, 0.3), r3(0.1, 0.5)
        F, W, on = (r3(2, 8), r3(1, 8), rng.choice((1, 2))) if driven else (0.0, 0.0, 1)
        x10, x20 = r3(-0.4, 0.4), r3(-0.4, 0.4)
        v10, v20 = (0.0, 0.0) if at_rest else (r3(-1.5, 1.5), r3(-1.5, 1.5))
        tmax = 6.0 if driven else 15.0
        name = "blocks-%02d" % i
        doc = "%s coordinates, %s, %s" % ("relative" if relative else "absolute",
                                          "driven on block %d" % on if driven else "undriven",
                                          "from rest" if at_rest else "moving")
        out.append(two_blocks(name, relative, m1, m2, k1, k2, mu1, mu2, F, W, on, x10, x20,
                              v10, v20, tmax, doc))
    return out


def cases():
    cs = [
        oscillator("decay", 2, 5, 0.01, 0, 0, 1, 0, 100,
                   "the undriven Coulomb decay of incline-spring at alpha = 0 (closed form)"),
        oscillator("driven", 1, 10, 0.2, 3, 1, 0, 0, 12,
                   "driven from rest: stuck, break-away at F0 sin(wt) - kx = mu m g, stick-slip"),
        cart_pendulum("cart", 1, 0.5, 0.5, 0.3, 1.3089969389957472, 6,
                      "block with a pendulum from 75 degrees; mass matrix not diagonal"),
    ]
    cs += random_blocks()
    cs += [belt("belt-rest", 1, 10, 0.3, 0.5, 0, 8, "belt from rest: slip, ride, limit cycle"),
           belt("belt-ride", 1, 10, 0.3, 0.5, 0.5, 8, "belt at the belt's speed: ride, limit cycle")]
    return cs


# ---------------------------------------------------------------- checks

def closed_decay(m, k, mu, x0):
    F = mu * m * G
    d = F / k
    x, halves = x0, 0
    while abs(x) > d:
        x = -(x - 2 * d) if x > 0 else -(x + 2 * d)
        halves += 1
    return halves * math.pi * math.sqrt(m / k), x


def closed_belt(m, k, mu, vb, xd0, t):
    """x, x' of the belt's block at t (static = kinetic friction)."""
    c = mu * m * G
    d, om = c / k, math.sqrt(k / m)
    if xd0 == vb:
        t1, x1 = 0.0, 0.0
    else:  # from rest at x = 0: x = d (1 - cos om t) until x' = vb
        assert xd0 == 0 and vb < d * om
        t1 = math.asin(vb / (d * om)) / om
        x1 = d * (1 - math.cos(om * t1))
        if t < t1:
            return d * (1 - math.cos(om * t)), d * om * math.sin(om * t)
    t2 = t1 + (d - x1) / vb  # rides with the belt until k x = c
    if t < t2:
        return x1 + vb * (t - t1), vb
    # leaves at x = d with x' = vb: harmonic about d, tangent to the belt's
    # speed once a period (the limit cycle)
    tau = t - t2
    return d + vb / om * math.sin(om * tau), vb * math.cos(om * tau)


def validate(cs, results):
    ok = True

    def report(what, err, tol):
        nonlocal ok
        flag = "ok" if err <= tol else "FAIL"
        if err > tol:
            ok = False
        print("  %-58s %.2e (<= %.0e) %s" % (what, err, tol, flag))

    print("Checks of the reference:")
    for s in cs:
        r = results[s.name]
        if s.name == "decay":
            p = s.params
            t, x = closed_decay(p["m"], p["k"], p["mu"], s.q0[0])
            report("decay: t_stop against the closed form", abs(r["t_stop"] - t), 1e-12)
            report("decay: x_end against the closed form", abs(r["q"][0] - x), 1e-12)
        if s.family == "BELT":
            p = s.params
            x, v = closed_belt(p["m"], p["k"], p["mu"], p["vb"], s.qd0[0], s.tmax)
            report("%s: x_end against the closed form" % s.name, abs(r["q"][0] - x), 1e-12)
            report("%s: xdot_end against the closed form" % s.name, abs(r["qd"][0] - v), 1e-12)
        dE = r["E_end"] - r["E_start"]
        bal = abs(dE - r["W_friction"] - r["W_drive"])
        scale = max(abs(r["E_start"]), abs(r["W_friction"]), abs(r["W_drive"]), 1e-3)
        report("%s: energy balance (relative)" % s.name, bal / scale, 1e-10)
    return ok


def convergence(cs, results):
    """Every case again, tolerances at scipy's floor (rtol 2.3e-14,
    atol 1e-15) and 10x looser: the largest change of any result."""
    worst_tight = worst_loose = 0.0
    for s in cs:
        r = results[s.name]
        for tol, which in (((2.3e-14, 1e-15), "tight"), ((1e-12, 1e-13), "loose")):
            r2 = run(s, rtol=tol[0], atol=tol[1])
            diffs = list(np.abs(r2["q"] - r["q"])) + list(np.abs(r2["qd"] - r["qd"]))
            if not math.isnan(r["t_stop"]) or not math.isnan(r2["t_stop"]):
                diffs.append(abs(r2["t_stop"] - r["t_stop"]))
            d = max(diffs)
            if which == "tight":
                worst_tight = max(worst_tight, d)
            else:
                worst_loose = max(worst_loose, d)
            if d > 1e-11 and which == "tight":
                print("  %s: changed %.2e with tighter tolerances" % (s.name, d))
    print("  convergence: largest change, tolerances tightened to scipy's floor: %.2e; "
          "loosened 10x: %.2e" % (worst_tight, worst_loose))
    return worst_tight <= 1e-11


def moreau(sys_, h):
    """A second, independent method: Moreau's midpoint time-stepping (first
    order, no events), the friction impulses of each step found from the
    implicit law |P_j| <= c_j h, P_j = -c_j h sgn(w_j) where w_j != 0 at
    the step's end. Returns q, q' at tmax."""
    q, qd = sys_.q0.copy(), sys_.qd0.copy()
    nc = len(sys_.contacts)
    A = np.array([a for a, v, c in sys_.contacts])
    vb = np.array([v for a, v, c in sys_.contacts])
    cc = np.array([c for a, v, c in sys_.contacts])
    steps = int(round(sys_.tmax / h))
    for k in range(steps):
        t = k * h
        qm = q + h / 2 * qd
        M = sys_.mass(qm)
        free = qd + h * np.linalg.solve(M, sys_.force(t + h / 2, qm, qd))
        MA = np.linalg.solve(M, A.T)
        best = None
        for combo in itertools.product((0, 1, -1), repeat=nc):
            P = np.zeros(nc)
            S = [j for j in range(nc) if combo[j] == 0]
            for j in range(nc):
                if combo[j]:
                    P[j] = -cc[j] * h * combo[j]
            v = free + MA @ P
            if S:
                AS = A[S]
                PS = np.linalg.solve(AS @ MA[:, S], vb[S] - AS @ v)
                P[S] += PS
                v = v + MA[:, S] @ PS
            w = A @ v - vb
            ok = all(abs(P[j]) <= cc[j] * h * (1 + 1e-12) if combo[j] == 0
                     else combo[j] * w[j] >= 0 for j in range(nc))
            if ok:
                best = v
                break
        if best is None:
            raise RuntimeError("%s: Moreau: no impulse at t = %g" % (sys_.name, t))
        qd = best
        q = qm + h / 2 * qd
    return q, qd


def cross(cs, results, names):
    """The event-driven reference against Moreau's time-stepping at three
    steps: the gap should fall about as the step (first order)."""
    print("Moreau time-stepping against the event-driven reference (max |q, q' gap|):")
    for s in cs:
        if s.name not in names:
            continue
        r = results[s.name]
        gaps = []
        for h in (1e-3, 2.5e-4, 6.25e-5):
            q, qd = moreau(s, h)
            gaps.append(max(np.max(np.abs(q - r["q"])), np.max(np.abs(qd - r["qd"]))))
        print("  %-10s h = 1e-3: %.2e  2.5e-4: %.2e  6.25e-5: %.2e" % (s.name, *gaps))


def cstr(text):
    out = []
    for line in text.splitlines(True):
        out.append('\t "%s"' % line.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n"))
    return "\n".join(out)


def emit_c(cs, results, path):
    fam = {"OSC": "SS_OSC", "CART": "SS_CART", "REL": "SS_REL", "ABS": "SS_ABS", "BELT": "SS_BELT"}
    with open(path, "w") as f:
        f.write("/* Generated by tests/ref/stickslip_ref.py --emit-c (SciPy DOP853, rtol 1e-13,\n"
                " * atol 1e-14, event-driven stick-slip written from the physics): do not edit.\n"
                " * t_stop is NAN where the motion does not stop for good. */\n")
        f.write("static const struct stickslip_ref stickslip_refs[] = {\n")
        for s in cs:
            r = results[s.name]
            st = r["stats"]
            f.write("\t{.name = \"%s\",\n\t .doc = \"%s\",\n" % (s.name, s.doc))
            f.write("\t .family = %s,\n" % fam[s.family])
            f.write("\t .p = {%s},\n" % ", ".join(".%s = %s" % (k, num(v)) for k, v in s.params.items()))
            f.write("\t .text =\n%s,\n" % cstr(s.text))
            f.write("\t .n = %d,\n" % s.n)
            f.write("\t .q = {%s},\n" % ", ".join('"%s"' % c for c in s.coords))
            f.write("\t .q_end = {%s},\n" % ", ".join("%.17g" % v for v in r["q"]))
            f.write("\t .qdot_end = {%s},\n" % ", ".join("%.17g" % v for v in r["qd"]))
            f.write("\t .t_end = %.17g,\n" % r["t_end"])
            f.write("\t .t_stop = %s,\n" % ("NAN" if math.isnan(r["t_stop"]) else "%.17g" % r["t_stop"]))
            f.write("\t .E_start = %.17g,\n\t .E_end = %.17g,\n" % (r["E_start"], r["E_end"]))
            f.write("\t .W_friction = %.17g,\n\t .W_drive = %.17g,\n" % (r["W_friction"], r["W_drive"]))
            f.write("\t .phases = %d, .reversals = %d, .joint_mixed = %d},\n"
                    % (len(r["phases"]), st["reversal"], st["joint_mixed"]))
        f.write("};\n")
    try:  # the repository's layout, where clang-format is installed
        subprocess.run(["clang-format", "-i", path], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("clang-format not run: %s" % e)


def main():
    cs = cases()
    results = {}
    for s in cs:
        r = run(s)
        results[s.name] = r
        st = r["stats"]
        if "--emit-c" not in sys.argv:
            print("=" * 72)
            print("%s: %s" % (s.name, s.doc))
            print(s.text)
        print("%-10s" % s.name + " ".join("%s_end = %.15g %sdot_end = %.15g" % (c, r["q"][i], c, r["qd"][i])
                                          for i, c in enumerate(s.coords)))
        print("           t_stop = %.15g E_start = %.12g E_end = %.12g W_friction = %.12g "
              "W_drive = %.12g" % (r["t_stop"], r["E_start"], r["E_end"], r["W_friction"], r["W_drive"]))
        print("           phases %d (stick %d), break-aways %d, reversals %d, joint decisions %d "
              "(one starts, one held: %d)" % (len(r["phases"]), st["stick"], st["breakaway"],
                                               st["reversal"], st["joint"], st["joint_mixed"]))
    if "--emit-c" in sys.argv:
        emit_c(cs, results, "tests/data/stickslip_ref.h")
        print("wrote tests/data/stickslip_ref.h")
        return 0
    ok = validate(cs, results)
    if "--cross" in sys.argv:
        cross(cs, results, ["decay", "driven", "cart", "blocks-01", "blocks-03", "blocks-04",
                            "blocks-05", "blocks-16", "blocks-21", "belt-rest"])
    if "--no-convergence" not in sys.argv:
        ok = convergence(cs, results) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
