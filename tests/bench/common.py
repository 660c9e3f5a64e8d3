"""What the SciPy scripts of tests/bench share: a case (an exercise's main
result solved the way a student would with SciPy, and the reference it is
judged against), the exercise's values as tribo has them, and the
in-process timer."""
import os
import subprocess
import time
from dataclasses import dataclass
from typing import Callable, Optional

from scipy.integrate import solve_ivp as _solve_ivp

NFEV = [0]  # right-hand side evaluations of every solve_ivp below, so far


def solve_ivp(*args, **kwargs):
    """scipy.integrate.solve_ivp, its right-hand side evaluations (nfev:
    DOP853's steps, rejected ones, its dense output for events) counted
    in NFEV, as tribo's bench counts its own."""
    sol = _solve_ivp(*args, **kwargs)
    NFEV[0] += sol.nfev
    return sol


@dataclass
class Case:
    id: str              # the exercise
    result: str          # the result compared
    tol: float           # tribo's own ODE/quadrature tolerance for it
    scipy: Callable      # scipy(tol) -> the result, by SciPy
    scipy_what: str      # what the SciPy side computes, in a few words
    tribo_what: str      # what tribo's solve computes, in a few words
    ref: Callable        # ref() -> the reference value
    ref_kind: str        # "closed form: ...", "paper: ...", "independent: ..."
    horizon: Optional[tuple] = None  # (parameter, values) for the cost growth


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def tribo_values(exercise, names):
    """The exercise's parameters as tribo loads them (`tribo -c 'load ID;
    print NAMES'`), so that a script solves the very problem tribo does: a
    dict of floats (words, such as a law, as strings)."""
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    env = dict(os.environ, TRIBO_PATH=os.path.join(top, "exercises"))
    out = subprocess.run([os.path.join(top, "tribo"), "-c",
                          f"load {exercise}; print {' '.join(names)}"],
                         env=env, check=True, capture_output=True, text=True).stdout.split("\n")
    vals = {}
    for n, v in zip(names, out):
        try:
            vals[n] = float(v.split()[0])
        except ValueError:
            vals[n] = v.strip()
    return vals


class Values(dict):
    """An exercise's values as tribo loads them (tribo_values), fetched at
    first use: `names` the numbers the script reads, `expect` what it
    assumes of the others (a law, a shape, a start at rest), checked, so
    that an exercise changed under the script fails loudly instead of
    timing another problem."""

    def __init__(self, exercise, names, expect=None):
        super().__init__()
        self.exercise, self.names, self.expect = exercise, list(names), dict(expect or {})

    def __getitem__(self, key):
        if not super().__len__():
            got = tribo_values(self.exercise, self.names + list(self.expect))
            for k, want in self.expect.items():
                if got[k] != want:
                    raise ValueError(f"{self.exercise}: the SciPy script assumes {k} = {want},"
                                     f" tribo has {got[k]}")
            self.update(got)
        return super().__getitem__(key)


def timed(fn, budget=0.3, max_reps=50, min_reps=3):
    """fn() once untimed, then again until `budget` seconds of CPU or
    `max_reps` runs (at least min_reps): (its value, the median CPU time of
    one run in seconds, runs). CPU time, as bench.c takes tribo's: the two
    sides are timed alike, in the same run."""
    value = fn()
    times = []
    start = time.process_time()
    while len(times) < max_reps and (len(times) < min_reps
                                     or time.process_time() - start < budget):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return value, median(times), len(times)
