#!/usr/bin/python3
"""Imachi §5 on a line: the limit cycle as the fixed point of the period map.

The base moves with v = a cos τ; the mass, while it slips, with
du/dτ = s + μ0 sgn(v − u) (a straight line); on the base (u = v) it stays
while |a sin τ + s| ≤ μ1. One period from u(0) = u0 is the period map
P(u0) = u(2π); the limit cycle is its fixed point u* = P(u*), and
u_mean = (1/2π) ∫ u dτ over the period that starts at u*.

Written from the physics, not from tribo's code: crossings v = u are
bracketed on a grid of 4096 points a period and bisected to adjacent
floats; the fixed point is bisected on g(u) = P(u) − u, which falls
through 0 there (P' < 1 on a slip-only cycle), to adjacent floats. Prints
u*, u_mean and P(u*) − u* for each case; check_imachi1d.c keeps them.

    /usr/bin/python3 tests/ref/imachi1d_cycle_ref.py
"""
import math

TWO_PI = 2 * math.pi
GRID = 4096


def bisect(f, lo, hi):
    flo = f(lo)
    while True:
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            return hi
        fm = f(mid)
        if (fm > 0) == (flo > 0) and fm != 0:
            lo, flo = mid, fm
        else:
            hi = mid


def period(a, s, mu0, mu1, u0):
    """u(2π) and ∫u dτ over one period from u(0) = u0 (slip-only start)."""
    t, u, U = 0.0, u0, 0.0
    mode = 1 if a - u > 0 else -1 if a - u < 0 else 0
    while t < TWO_PI:
        if mode == 0:
            # on the base until |a sin τ + s| > μ1
            def over(x):
                return abs(a * math.sin(x) + s) - mu1
            end = TWO_PI
            h = TWO_PI / GRID
            x = t
            while x < TWO_PI:
                y = min(x + h, TWO_PI)
                if over(y) > 0:
                    end = bisect(over, x, y)
                    break
                x = y
            U += a * (math.sin(end) - math.sin(t))
            u = a * math.cos(end)
            if end < TWO_PI:
                mode = -1 if a * math.sin(end) + s > 0 else 1
            t = end
            continue
        k = s + mode * mu0
        t0, u_0 = t, u

        def w(x):
            return a * math.cos(x) - (u_0 + k * (x - t0))
        end = None
        h = TWO_PI / GRID
        x = t0
        w0 = w(x)
        while x < TWO_PI:
            y = min(x + h, TWO_PI)
            wy = w(y)
            if (wy > 0) != (w0 > 0) and not (x == t0 and w0 == 0):
                end = bisect(w, x, y)
                break
            x, w0 = y, wy
        if end is None:
            end = TWO_PI
        dt = end - t0
        U += u_0 * dt + 0.5 * k * dt * dt
        u = u_0 + k * dt
        t = end
        if end >= TWO_PI:
            break
        if abs(a * math.sin(t) + s) <= mu1:
            mode = 0
            u = a * math.cos(t)
        else:
            mode = -mode
    return u, U


def cycle(a, s, mu0, mu1):
    u = 0.0
    for _ in range(200):
        u = period(a, s, mu0, mu1, u)[0]
    g = lambda x: period(a, s, mu0, mu1, x)[0] - x
    d = 1e-6 * max(a, abs(s), mu0)
    lo, hi = u - d, u + d
    assert g(lo) > 0 > g(hi), "no bracket"
    us = bisect(g, lo, hi)
    P, U = period(a, s, mu0, mu1, us)
    return us, U / TWO_PI, P - us


CASES = [
    (2.5, 0.2, 0.5, 0.55),
    (2.5, 1e-9, 0.5, 0.55),
    (2.5, 1e-12, 0.5, 0.55),
    (2.5, -3e-11, 0.5, 0.55),
]

if __name__ == "__main__":
    for a, s, mu0, mu1 in CASES:
        us, um, g = cycle(a, s, mu0, mu1)
        print(f"a={a} s={s} mu0={mu0} mu1={mu1}: u*={us!r} u_mean={um!r} P-u={g:.3g}")
