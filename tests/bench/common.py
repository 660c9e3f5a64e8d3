"""What the SciPy scripts of tests/bench share: a case (an exercise's main
result solved the way a student would with SciPy, and the reference it is
judged against) and the in-process timer."""
import time
from dataclasses import dataclass
from typing import Callable, Optional


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


def timed(fn, budget=0.3, max_reps=50, min_reps=3):
    """fn() once untimed, then again until `budget` seconds or `max_reps`
    runs (at least min_reps): (its value, the median time in seconds, runs)."""
    value = fn()
    times = []
    start = time.perf_counter()
    while len(times) < max_reps and (len(times) < min_reps
                                     or time.perf_counter() - start < budget):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return value, median(times), len(times)
