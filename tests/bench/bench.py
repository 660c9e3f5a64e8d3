"""make bench: for each model's main exercise, tribo's whole-process and
in-process solve times and its error against a reference, beside the same
problem solved with SciPy at the same tolerance; then the cost against the
tolerance and against the horizon. Run with Debian's /usr/bin/python3 (its
python3-scipy) from the top of the tree, after `make tribo
build/plain/tests/bench/bench`.

    /usr/bin/python3 tests/bench/bench.py [--quick]

Times are medians of repeated runs on whatever else the machine is doing:
compare them within one run, not across machines."""
import math
import os
import resource
import signal
import subprocess
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imachi  # noqa: E402
import kozlov  # noqa: E402
import minguzzi  # noqa: E402
import ragulskis  # noqa: E402
import scipy  # noqa: E402
from common import NFEV, Case, median, timed  # noqa: E402

warnings.filterwarnings("ignore")  # SciPy's rtol floor and quad's roundoff notes
CASES = minguzzi.CASES + kozlov.CASES + imachi.CASES + ragulskis.CASES
TRIBO, BENCH = "./tribo", "build/plain/tests/bench/bench"
ENV = dict(os.environ, TRIBO_PATH=os.path.abspath("exercises"))
QUICK = "--quick" in sys.argv
PROC_RUNS = 3 if QUICK else 7


def tribo_process(case):
    """Wall time of `tribo -c 'load ID; solve; print RESULT'`, median."""
    cmd = [TRIBO, "-c", f"load {case.id}; solve; print {case.result}"]
    times, out = [], ""
    for _ in range(PROC_RUNS):
        t0 = time.perf_counter()
        out = subprocess.run(cmd, env=ENV, check=True, capture_output=True, text=True).stdout
        times.append(time.perf_counter() - t0)
    return float(out.split()[0]), median(times)


def tribo_solve(case, tol=None, sets=(), timeout=10):
    """(value, median in-process solve time) from bench.c, or the reason
    it gave none."""
    cmd = [BENCH, "-b", "0.15" if QUICK else "0.3"]
    if tol:
        cmd += ["-t", repr(tol)]
    cmd += [case.id, case.result, *sets]
    try:
        r = subprocess.run(cmd, env=ENV, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"> {timeout} s"
    if r.returncode:
        return None, "fails: " + r.stderr.strip().split(": ", 2)[-1][:70]
    v, t, _, _ = r.stdout.split()
    return float(v), float(t)


def tribo_work(case, tol=None, integrator="rk8pd"):
    """(value, right-hand side evaluations of one solve), from bench.c, or
    (None, why); integrator: rk8pd (tribo's) or one of SUNDIALS' in its
    place (tests/bench/sundials.c)."""
    cmd = [BENCH, "-b", "0", "-n", "1", "-m", integrator] + (["-t", repr(tol)] if tol else [])
    try:
        r = subprocess.run(cmd + [case.id, case.result], env=ENV, capture_output=True,
                           text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "> 60 s"
    if r.returncode:
        return None, "fails"
    v, _, _, n = r.stdout.split()
    return float(v), int(n)


def scipy_work(case, tol, timeout=10):
    """(value, solve_ivp's right-hand side evaluations of one run), or
    (None, why)."""
    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        NFEV[0] = 0
        v = case.scipy(tol)
        return v, NFEV[0]
    except Timeout:
        return None, f"> {timeout} s"
    except Exception:
        return None, "fails"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout


def scipy_solve(case, tol, timeout=10):
    """(value, median solve time), or why there is none: a script that
    gives up or runs past `timeout` seconds is a result too."""
    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        v, t, _ = timed(lambda: case.scipy(tol), budget=0.15 if QUICK else 0.3,
                        max_reps=20, min_reps=1 if QUICK else 3)
        return v, t
    except Timeout:
        return None, f"> {timeout} s"
    except Exception as e:
        return None, "fails: " + str(e)[:70]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def ms(t):
    return f"{t * 1e3:9.3f}" if isinstance(t, float) else f"{t:>9}"


def err(x, ref):
    if x is None:
        return f"{'-':>8}"
    e = abs(x - ref) / abs(ref)
    return f"{e:8.1e}" if e else f"{0:8}"


def goal(tt, st, tv, sv, ref, per_digit=None):
    """Issue 20's goal for a row: under 5 ms of CPU in-process, at least 20
    times faster than SciPy, at an error no larger than SciPy's (to a factor
    1.5, a tie in the digits shown, or within 1e-12 of the reference), and
    for an ODE model no more right-hand sides per accurate digit than
    DOP853 (per_digit, tribo's over SciPy's, ≤ 1): "met", or what falls
    short."""
    if not isinstance(tt, float) or tv is None:
        return "no: fails"
    short = []
    if tt >= 5e-3:
        short.append("≥ 5 ms")
    if isinstance(st, float) and st / tt < 20:
        short.append("< 20×")
    if sv is not None:
        et, es = abs(tv - ref) / abs(ref), abs(sv - ref) / abs(ref)
        if et > 1.5 * max(es, 1e-12):  # the same digits: a tie
            short.append("err")
    if per_digit is not None and per_digit > 1.0:
        short.append(f"RHS {per_digit:.2f}×")
    return "met" if not short else "no: " + ", ".join(short)


NO_ODE = ("rayleigh", "painleve-rod", "kozlov-rest")  # no ODE behind the result


def per_digit(case, ref, tol=None):
    """(tribo's RHS, SciPy's, tribo's RHS per accurate digit over
    DOP853's) at tol (the case's own by default); the ratio None where
    there is no ODE behind the result or a side gives no value."""
    if case.id in NO_ODE:
        return None, None, None
    tol = tol or case.tol
    tv, tn = tribo_work(case, tol)
    sv, sn = scipy_work(case, tol)
    if tv is None or sv is None:
        return tn, sn, None
    return tn, sn, (tn / digits(tv, ref)) / (sn / digits(sv, ref))


def main():
    print(f"tribo against SciPy {scipy.__version__} (Python {sys.version.split()[0]},"
          f" /usr/bin/python3), {os.cpu_count()} cores, load average"
          f" {os.getloadavg()[0]:.1f}: times are medians and noisy on a shared machine.")
    print("proc: wall time of `tribo -c 'load ID; solve; print RESULT'` (start, load, solve,"
          " exit).\nsolve: in-process time of one solve, tribo's session_solve (its answers;"
          " the figures\nare made when plot asks) and the SciPy script's function; ratio ="
          " SciPy solve / tribo solve.\nerr: |x − ref|/|ref|. Both sides at tribo's own tolerance for the exercise"
          " (rtol = atol = tol).\nBoth solve columns are CPU time in-process (bench.c's"
          " CLOCK_PROCESS_CPUTIME_ID, Python's process_time),\nmedians of repeated runs in this"
          " one run. RHS: right-hand side evaluations of one solve (tribo's ODE runs; SciPy's solve_ivp\n"
          "nfev). goal: under 5 ms, 20× SciPy, error ≤ SciPy's, and for an ODE model\n"
          "no more RHS per accurate digit than DOP853 (the table after the tolerance rows).\n")
    hdr = (f"{'exercise':<14} {'result':<12} {'tol':>6} {'proc ms':>9} {'solve ms':>9}"
           f" {'SciPy ms':>9} {'ratio':>7} {'tribo err':>9} {'SciPy err':>9} {'tribo RHS':>9}"
           f" {'SciPy RHS':>9}  {'goal':<22} reference")
    print(hdr)
    print("-" * len(hdr))
    refs = {}
    for c in CASES:
        ref = refs[c.id] = c.ref()
        pv, pt = tribo_process(c)
        tv, tt = tribo_solve(c)
        sv, st = scipy_solve(c, c.tol)
        ratio = f"{st / tt:7.1f}" if isinstance(st, float) and isinstance(tt, float) else "      -"
        same = "" if tv is None or float(f"{tv:.12g}") == pv else "  (proc value differs!)"
        tn, sn, pd = per_digit(c, ref)
        print(f"{c.id:<14} {c.result:<12} {c.tol:6.0e} {ms(pt)} {ms(tt)} {ms(st)} {ratio}"
              f" {err(tv, ref):>9} {err(sv, ref):>9} {'-' if tn is None else tn:>9}"
              f" {'-' if sn is None else sn:>9}  {goal(tt, st, tv, sv, ref, pd):<22} "
              f"{c.ref_kind}{same}")
    print("\nWhat each side computes:")
    for c in CASES:
        print(f"  {c.id:<14} tribo: {c.tribo_what}\n  {'':<14} SciPy: {c.scipy_what}")

    tols = (1e-6, 1e-8, 1e-10, 1e-12)
    print("\nCost against tolerance: solve ms (relative error), tribo's ODE runs at"
          " rtol = atol = tol\n(through ode_set_tolerance_override, src/num/ode.h), SciPy's"
          " at the same; quadratures keep their own.")
    print(f"{'exercise':<13} {'side':<6}" + "".join(f" {t:>19.0e}" for t in tols))
    notes = []
    for c in CASES:
        if c.id in NO_ODE:
            continue
        for side in ("tribo", "SciPy"):
            cells = []
            for tol in tols:
                v, t = (tribo_solve(c, tol, timeout=5) if side == "tribo"
                        else scipy_solve(c, tol, timeout=5))
                if v is None and t.startswith("fails"):
                    notes.append(f"[{len(notes) + 1}] {c.id}, {side} at {tol:g}: {t[7:]}")
                    t = f"fails [{len(notes)}]"
                cells.append(f"{ms(t).strip()} ({err(v, refs[c.id]).strip()})"
                             if v is not None else t)
            print(f"{c.id:<13} {side:<6}" + "".join(f" {x:>19}" for x in cells))
    for n in notes:
        print(n)

    work_per_digit(refs)
    integrators(refs)

    print("\nCost against the horizon (tribo, default tolerance): solve ms at each value.")
    for c in CASES:
        if not c.horizon:
            continue
        name, values = c.horizon
        cells = []
        for x in values:
            v, t = tribo_solve(c, sets=[f"{name}={x:g}"])
            cells.append(f"{name}={x:g}: {ms(t).strip()}")
        print(f"  {c.id:<13} " + "   ".join(cells))

    every_exercise()
    figures()
    pane()
    sweeps()


def digits(v, ref):
    """Accurate digits of v: −log10 of its relative error, at most 16."""
    e = abs(v - ref) / abs(ref)
    return 16.0 if e < 1e-16 else min(16.0, -math.log10(e))


def work_per_digit(refs):
    """Issue 20's fourth goal: right-hand side evaluations per accurate
    digit, tribo's integrator against SciPy's DOP853, each side solving
    what its solve column solves (the SciPy scripts' whole runs: their
    transients too), at 1e-8 and at the exercise's tolerance."""
    print("\nWork per accurate digit: right-hand side evaluations of one solve / digits"
          " (−log10 of the relative\nerror, at most 16), tribo's ODE runs (event location"
          " included) against the SciPy script's solve_ivp\nDOP853 calls (nfev: dense output"
          " for events included); ratio = tribo / DOP853, goal ≤ 1.0.")
    hdr = (f"{'exercise':<14} {'tol':>6} {'tribo RHS':>10} {'digits':>6} {'DOP853 RHS':>10}"
           f" {'digits':>6} {'ratio':>6}  goal")
    print(hdr)
    print("-" * len(hdr))
    for c in CASES:
        if c.id in NO_ODE:
            continue
        for tol in sorted({1e-8, c.tol}, reverse=True):
            tv, tn = tribo_work(c, tol)
            sv, sn = scipy_work(c, tol)
            if tv is None or sv is None:
                print(f"{c.id:<14} {tol:6.0e} {tn:>10} {'':>6}"
                      f" {sn:>10} {'':>6} {'-':>6}  no: {'tribo' if tv is None else 'SciPy'}"
                      " has no value")
                continue
            td, sd = digits(tv, refs[c.id]), digits(sv, refs[c.id])
            ratio = (tn / td) / (sn / sd)
            print(f"{c.id:<14} {tol:6.0e} {tn:>10} {td:6.1f} {sn:>10} {sd:6.1f} {ratio:6.2f}"
                  f"  {'met' if ratio <= 1.0 else 'no: > 1.0'}")


INTEGRATORS = ("rk8pd", "cvode-adams", "arkode-verner8", "arkode-fehlberg8")


def integrators(refs):
    """Issue 20's choice of an integrator: each ODE model's main exercise
    solved with GSL's rk8pd (tribo's) and with SUNDIALS' candidates in its
    place (CVODE's Adams to order 12; ARKODE's order-8 tables; each with
    the library's root finding on its interpolant), at the exercise's
    tolerance: RHS (accurate digits), and RHS per digit over DOP853's."""
    print("\nThe integrator: each ODE model's solve with rk8pd (tribo's) and SUNDIALS' candidates"
          " in ode_run's place\n(bench -m), at the exercise's tolerance: RHS (digits) and, under"
          " it, RHS per digit / DOP853's.")
    print(f"{'exercise':<14}" + "".join(f" {m:>18}" for m in INTEGRATORS) + f" {'DOP853':>18}")
    for c in CASES:
        if c.id in NO_ODE:
            continue
        ref = refs[c.id]
        sv, sn = scipy_work(c, c.tol)
        cells, ratios = [], []
        for m in INTEGRATORS:
            v, n = tribo_work(c, c.tol, m)
            if v is None or not math.isfinite(v):
                cells.append(n if v is None else "not finite")
                ratios.append("-")
                continue
            dg = digits(v, ref)
            if dg < 1:  # not one digit: a wrong answer, not a cheap one
                cells.append(f"wrong: {v:.3g}")
                ratios.append("-")
                continue
            cells.append(f"{n} ({dg:.1f})")
            ratios.append(f"{(n / dg) / (sn / digits(sv, ref)):.2f}" if sv is not None else "-")
        cells.append(f"{sn} ({digits(sv, ref):.1f})" if sv is not None else sn)
        print(f"{c.id:<14}" + "".join(f" {x:>18}" for x in cells))
        print(f"{'':<14}" + "".join(f" {x:>18}" for x in ratios))


# a result of each model, for every_exercise
MODEL_RESULT = {"disk": "stop_time", "conveyor": "t_stick", "imachi": "u_xmean",
                "imachi-1d": "u_mean", "kozlov-ball": "stop_time", "kozlov-rest": "q32",
                "painleve-rod": "mu_crit_min", "polisher": "vx_end", "ragulskis": "amp",
                "rayleigh": "R"}


def every_exercise():
    """Issue 20's first goal, for every shipped exercise, not only each
    model's main one: its in-process solve under 5 ms of CPU."""
    print("\nEvery shipped exercise: in-process CPU ms of one solve (goal: under 5 ms).")
    over = []
    cells = []
    for f in sorted(os.listdir("exercises")):
        if not f.endswith(".ini"):
            continue
        ex = f[:-4]
        with open(os.path.join("exercises", f), encoding="utf-8") as fh:
            model = next((ln.split("=", 1)[1].strip() for ln in fh
                          if ln.strip().startswith("model")), None)
        if model not in MODEL_RESULT:
            cells.append(f"{ex} (model {model}?)")
            continue
        case = Case(ex, MODEL_RESULT[model], 0, None, "", "", None, "")
        _, t = tribo_solve(case)
        if not isinstance(t, float) or t >= 5e-3:
            over.append(ex)
        cells.append(f"{ex:<22} {ms(t)}")
    for i in range(0, len(cells), 3):
        print("  " + "   ".join(cells[i:i + 3]))
    print("  all under 5 ms" if not over else "  over 5 ms: " + ", ".join(over))


def sweeps():
    """A sweep's cost against as many solves (issue 20: a 100-point sweep
    of rayleigh at most 100 solves; sweep, generate and lint make no
    figures)."""
    print("\nSweeps and problem sets: CPU ms of the command, less `load ID` alone,"
          " against its solves in-process\n(a sweep's: the mean over its own values).")
    # the sweep's solves are of its own values, whose cost varies (rayleigh:
    # 0.3 ms at vx = 0.01, 4 ms at 0.6): it is set against their mean,
    # from 11 of the 100; generate's draws against the exercise's solve
    cases = (("rayleigh", "sweep vx 0.01 0.6 100 R", 100, ("vx", 0.01, 0.6)),
             ("ragulskis", "generate 100 to {}", 100, None))
    print(f"{'exercise':<11} {'command':<28} {'ms':>8} {'solve ms':>9} {'ms / (n solve)':>15}")
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for ex, cmd, n, swept in cases:
            base = cpu_of([TRIBO, "-c", f"load {ex}"])
            t = cpu_of([TRIBO, "-c", f"load {ex}; " + cmd.format(d)])
            case = next(c for c in CASES if c.id == ex)
            if swept:
                name, lo, hi = swept
                times = [tribo_solve(case, sets=[f"{name}={lo + (hi - lo) * i / 10:.17g}"])[1]
                         for i in range(11)]
                one = (sum(times) / len(times)
                       if all(isinstance(x, float) for x in times) else "-")
            else:
                one = tribo_solve(case)[1]
            per = f"{(t - base) / (n * one):15.2f}" if isinstance(one, float) else " " * 14 + "-"
            print(f"{ex:<11} {cmd.format('DIR'):<28} {1e3 * (t - base):8.0f} {ms(one)} {per}")


def cpu_of(cmd):
    """CPU seconds (user + system) of a command and of the children it
    waited for (gnuplot), median of a few runs."""
    times = []
    for _ in range(3 if QUICK else 5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, env=ENV, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return median(times)


def figures():
    """What a figure costs, tribo and gnuplot together: a PNG and the text
    plot are thinned to their columns (issue 15 asks for a PNG under
    0.3 s), an SVG gets every point."""
    print("\nFigures: CPU ms of `tribo -c 'load ID; solve; plot ...'`, gnuplot included,"
          " less the solve alone.")
    cases = (("ragulskis", "load ragulskis", "motion"),
             ("imachi s=0.95", "load imachi; set s 0.95", "hodograph"))
    outs = (("to x.png", "plot {} to {}/x.png"), ("as text", "plot {}"),
            ("to x.svg (all points)", "plot {} to {}/x.svg"))
    print(f"{'exercise':<18} {'solve ms':>9}" + "".join(f" {o:>22}" for o, _ in outs))
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for name, load, fig in cases:
            base = cpu_of([TRIBO, "-c", f"{load}; solve"])
            cells = []
            for _, plot in outs:
                t = cpu_of([TRIBO, "-c", f"{load}; solve; " + plot.format(fig, d)])
                cells.append(f"{1e3 * (t - base):22.0f}")
            print(f"{name:<18} {1e3 * base:9.0f}" + "".join(cells))



def pane():
    """What the full screen waits for after a solve: the plot pane drawn
    by gnuplot as text, or as a sixel picture on a terminal that shows
    them (tests/bench/pane.c; wall time, gnuplot being another process)."""
    print("\nThe plot pane: wall ms of one drawing (median of 7), and the bytes written"
          " to the terminal.")
    for name, fig in (("imachi-fig6", "hodograph"), ("ragulskis-fig2", "motion")):
        r = subprocess.run(["build/plain/tests/bench/pane", name, fig], env=ENV,
                           capture_output=True, text=True, timeout=120)
        if r.returncode:
            print(f"  {name}: fails: {r.stderr.strip()}")
            continue
        for line in r.stdout.splitlines():
            what, t, n = line.rsplit(" ", 2)
            print(f"  {name:<15} {fig:<10} {what:<24} {float(t):7.1f} ms {int(n):>9} bytes")

if __name__ == "__main__":
    main()
