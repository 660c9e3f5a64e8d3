#!/usr/bin/python3
"""The verdict words of seven models against the numbers beside them
(issue 37 point 5), over the shipped exercises at their values and at the
corners of their draw boxes (as tests/promises.sh takes them: all corners
up to 2^5, else all low, all high and the two alternating ones).

Each rule is a relation between a word (a mode, an outcome, a boolean
verdict) and numbers of the same solve that the physics makes necessary:
a foot held at tmax has xdot_end = 0, a ladder at rest never moved, a
block stuck to the belt moves at the belt's speed, and so on. Prints each
broken rule with the point, and "verdicts: N points, M bad"; exits 1 when
any is bad.

    TRIBO=./tribo python3 tests/verdicts.py
"""
import itertools
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRIBO = os.environ.get("TRIBO", os.path.join(TOP, "tribo"))
EXDIR = os.path.join(TOP, "exercises")
MODELS = {"painleve-rod", "ladder", "conveyor", "polisher", "disk-slide", "kozlov-ball",
          "ragulskis"}


def parse_ini(path):
    model, draws, params, cur = None, [], {}, None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = re.match(r"^model\s*=\s*(\S+)", line)
        if m and cur is None:
            model = m.group(1)
        m = re.match(r"^\[param (\S+)\]", line)
        if m:
            cur = m.group(1)
            continue
        if line.startswith("["):
            cur = cur if line.startswith("[param") else None
        m = re.match(r"^draw\s*=\s*(\S+)\s+(\S+)", line)
        if m and cur:
            draws.append((cur, m.group(1), m.group(2)))
        m = re.match(r"^value\s*=\s*(\S+)", line)
        if m and cur:
            params[cur] = m.group(1)
    return model, draws, params


def points(draws):
    yield []
    n = len(draws)
    if n == 0:
        return
    masks = range(1 << n) if n <= 5 else [0, (1 << n) - 1, 0x55555555 & ((1 << n) - 1),
                                           0x2AAAAAAA & ((1 << n) - 1)]
    for m in masks:
        yield [(name, hi if (m >> k) & 1 else lo) for k, (name, lo, hi) in enumerate(draws)]


def solve(ex, sets):
    cmds = "load %s; " % ex + "".join("set %s %s; " % s for s in sets) + "solve; show all; table"
    env = dict(os.environ, TRIBO_PATH=EXDIR, LC_ALL="C.UTF-8", NO_COLOR="1")
    out = subprocess.run([TRIBO, "-c", cmds], capture_output=True, text=True, timeout=120,
                         env=env)
    if out.returncode:
        return None, out.stderr.strip().splitlines()[-1:]
    res, par = {}, {}
    section = None
    for line in out.stdout.splitlines():
        if line.startswith("parameters:"):
            section = "p"
            continue
        if line and not line.startswith(" ") and section == "p" and \
                not line.startswith("unused while"):
            section = None
        if section == "p":
            # a parameter's row starts at column 2 (1 with a *, changed); a description's
            # continuation, under its own column, further right
            f = line.split()
            if len(f) >= 2 and re.match(r"^ [ *]\S", line):
                par[f[0].lstrip("*")] = f[1]
            continue
        m = re.match(r"^([A-Za-z_0-9]+) = (.*)$", line)
        if m:
            v = m.group(2).strip()
            if v.startswith("—"):
                res[m.group(1)] = None
            elif v in ("true", "false"):
                res[m.group(1)] = v == "true"
            else:
                try:
                    res[m.group(1)] = float(v.split()[0])
                except ValueError:
                    res[m.group(1)] = v
    return (res, par), None


def num(p, k):
    return float(p[k])


def rules(model, r, p):
    """The broken rules, as strings."""
    bad = []

    def need(cond, what):
        if not cond:
            bad.append(what)

    if model == "painleve-rod":
        out, mode, D, b0 = r["outcome"], r["mode"], r.get("D"), r.get("b0")
        tmax = num(p, "tmax")
        if D is not None and b0 is not None:
            want = ("consistent" if D > 0 else "inconsistent" if b0 < 0 else
                    "indeterminate" if b0 > 0 else mode)
            need(mode == want or (D > 0 and mode == "consistent"),
                 "mode %s with D = %g, b0 = %g" % (mode, D, b0))
        # a compliant contact smooths Coulomb's law over v_reg = 1e-4 √(g l):
        # its held or stopped foot creeps below 10 v_reg (painleve.c)
        creep = 1e-3 * (num(p, "g") * num(p, "l"))**0.5 if p.get("contact") == "compliant" \
            else 0.0
        if out == "held":
            need(abs(r["xdot_end"]) <= creep and abs(r["t_end"] - tmax) <= 1e-9 * max(tmax, 1),
                 "held with xdot_end %g, t_end %g" % (r["xdot_end"], r["t_end"]))
        if out == "slides":
            need(r["xdot_end"] != 0 and abs(r["t_end"] - tmax) <= 1e-9 * max(tmax, 1),
                 "slides with xdot_end %g, t_end %g" % (r["xdot_end"], r["t_end"]))
        if out == "stops":
            need(abs(r["xdot_end"]) <= creep, "stops with xdot_end %g" % r["xdot_end"])
        if out == "falls":
            need(r["theta_end"] in (0.0, 180.0), "falls with theta_end %g" % r["theta_end"])
        if out == "paradox":
            need(mode != "consistent" or r["t_end"] > 0, "paradox at the start, mode %s" % mode)
        if r.get("t_slip") is not None:
            need(r["t_slip"] <= r["t_end"] + 1e-12, "t_slip after t_end")
        need(r["t_end"] <= tmax * (1 + 1e-12), "t_end past tmax")
    elif model == "ladder":
        out, moves = r["outcome"], r["moves"]
        need((out == "rests") == (not moves), "outcome %s with moves %s" % (out, moves))
        if out == "rests":
            need(r["t_end"] == 0 and r["thetadot_end"] == 0, "rests with t_end %g, "
                 "thetadot_end %g" % (r["t_end"], r["thetadot_end"]))
            need(num(p, "theta0") >= r["theta_min"] * (1 - 1e-12),
                 "rests below theta_min")
        if out == "moving":
            need(r["thetadot_end"] != 0, "moving with thetadot_end 0")
        if out == "stops":
            need(r["thetadot_end"] == 0, "stops with thetadot_end %g" % r["thetadot_end"])
        if out == "falls":
            need(r["theta_end"] == 0, "falls with theta_end %g" % r["theta_end"])
        need((r.get("t_leave") is None) == (r.get("theta_leave") is None),
             "t_leave and theta_leave disagree")
        if r.get("t_leave") is not None:
            need(r["t_leave"] <= r["t_end"] + 1e-12, "t_leave after t_end")
        if moves is False and num(p, "thetadot0") == 0:
            need(num(p, "theta0") >= r["theta_min"] * (1 - 1e-12), "at rest below theta_min")
    elif model == "conveyor":
        held = p.get("held") == "yes"
        vbelt = 0.0 if held else num(p, "v0")
        stuck = r["stuck"]
        at_belt = r["vx_end"] == vbelt and r["vy_end"] == 0
        need(stuck == at_belt, "stuck %s with (vx_end, vy_end) = (%g, %g), belt %g"
             % (stuck, r["vx_end"], r["vy_end"], vbelt))
        if stuck:
            need(r.get("t_stick") is not None, "stuck with no t_stick")
            F = (0 if held else num(p, "Fx"), num(p, "Fy"))
            need((F[0]**2 + F[1]**2)**0.5 <= num(p, "N") * num(p, "mu0") * (1 + 1e-12),
                 "stuck with the push past N mu0")
    elif model == "polisher":
        locked = r["locked"]
        need(locked == (r.get("t_lock") is not None), "locked %s, t_lock %s"
             % (locked, r.get("t_lock")))
        if locked:
            w = num(p, "omega")
            need(r["vx_end"] == 0 and r["vy_end"] == 0 and abs(r["thetadot_end"]) == w,
                 "locked with (vx, vy, thetadot)_end = (%g, %g, %g)"
                 % (r["vx_end"], r["vy_end"], r["thetadot_end"]))
            need(r["t_lock"] <= r["t_end"], "t_lock after t_end")
    elif model == "disk-slide":
        spin = num(p, "omega") != 0
        need((r.get("ratio_start") is None) == (not spin), "ratio_start %s with omega %s"
             % (r.get("ratio_start"), p["omega"]))
        need((r.get("ratio_end") is None) == (not spin), "ratio_end %s with omega %s"
             % (r.get("ratio_end"), p["omega"]))
        if num(p, "v0") == 0:
            need(r["distance"] == 0, "a pure spin runs %g m" % r["distance"])
        if not spin:
            need(r["turns"] == 0, "a pure slide turns %g" % r["turns"])
        if r.get("stop_time") is not None and r.get("work") is not None:
            need(abs(r["work"] - r["energy"]) <= 1e-9 * r["energy"],
                 "work %g against energy %g at the stop" % (r["work"], r["energy"]))
    elif model == "kozlov-ball":
        tmax, st = num(p, "tmax"), r.get("stop_time")
        if st is not None and st <= tmax:
            need(r["V_end"] == 0, "stopped at %g s but V_end %g" % (st, r["V_end"]))
        if st is None:
            need(r["V_end"] is None or r["V_end"] >= 0, "never stops, V_end %s" % r["V_end"])
        v = (num(p, "vx"), num(p, "vy"))
        if v == (0.0, 0.0):
            need(r["F_coulomb_x"] == 0 and r["F_coulomb_y"] == 0, "no slip, Coulomb force")
            need(r["t_roll"] == 0, "no slip, t_roll %s" % r["t_roll"])
        else:
            fc = (r["F_coulomb_x"]**2 + r["F_coulomb_y"]**2)**0.5
            mg = num(p, "mu1") * num(p, "m") * num(p, "g")
            need(abs(fc - mg) <= 1e-9 * mg, "|F_coulomb| %g, mu1 m g %g" % (fc, mg))
    elif model == "ragulskis":
        sf, law = r.get("stick_fraction"), p.get("law")
        if law != "coulomb" and sf is not None:
            need(sf == 0, "stick_fraction %g under law %s" % (sf, law))
        if sf is not None and sf >= 1 - 1e-12:
            need(r["vmax"] == 0 or r["vmax"] < 1e-8, "stuck all the time, vmax %g" % r["vmax"])
        if r.get("steady") is True:
            # the motion's own periods are at most `periods`; cycles adds
            # the shooting's trials, and a steady state shows itself
            # repeating over two periods
            need(r["cycles"] >= 2, "steady after %g periods, fewer than two" % r["cycles"])
        if r.get("amp") is not None and r.get("umin") is not None:
            need(r["amp"] >= -r["umin"] - 1e-12, "amp %g below -umin %g" % (r["amp"], r["umin"]))
    return bad


def main():
    total = nbad = 0
    for f in sorted(os.listdir(EXDIR)):
        if not f.endswith(".ini"):
            continue
        ex = f[:-4]
        model, draws, _ = parse_ini(os.path.join(EXDIR, f))
        if model not in MODELS:
            continue
        for sets in points(draws):
            total += 1
            where = " ".join("%s=%s" % s for s in sets) or "values"
            got, err = solve(ex, sets)
            if got is None:
                print("%s at %s: refused: %s" % (ex, where, err))
                nbad += 1
                continue
            r, p = got
            bad = rules(model, r, p)
            if bad:
                nbad += 1
                print("%s at %s: %s" % (ex, where, "; ".join(bad)))
    print("verdicts: %d points, %d bad" % (total, nbad))
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
