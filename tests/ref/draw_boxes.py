#!/usr/bin/python3
"""Closed forms behind the draw ranges of incline-spring and disk-lagrange
(issue 37, item 7: every draw has its answers; both ask for t_stop < tmax).

incline-spring (alpha 0): a block on a spring with Coulomb friction, static =
kinetic. Each half-cycle (pi sqrt(m/k) s) shrinks the amplitude by 2 D,
D = mu m g / k, and the block stays at a turning point once |x| <= D.
disk-lagrange: Reye's R = mu m g r |phidot|/2 with T = m r^2 phidot^2/4
decelerates at mu g / r: it stops at omega r / (mu g).
"""
import itertools
import math

g = 9.81


def spring_stop(x0, m, k, mu):
    D = mu * m * g / k
    A, n = x0, 0
    while A > D:
        A = abs(A - 2 * D)
        n += 1
    return n * math.pi * math.sqrt(m / k)


worst = max(spring_stop(x0, m, k, mu) for x0, m, k, mu in
            itertools.product((0.5, 2), (1, 5), (2, 10), (0.015, 0.05)))
print("incline-spring, new box: latest stop %.4g s (tmax 100 s)" % worst)
print("incline-spring, old corner mu 0.005: %.4g s" % spring_stop(2, 1, 10, 0.005))
worst = max(w * r / (mu * g) for w, r, mu in itertools.product((5, 60), (0.05, 0.2), (0.2, 0.8)))
print("disk-lagrange, new box: latest stop %.4g s (tmax 10 s)" % worst)
print("disk-lagrange, old corner: %.4g s" % (60 * 0.5 / (0.1 * g)))
