"""Independent reference for where Painlevé's rod stops sliding under
Kozlov's isotropic law (painleve-rod-isotropic: m1 = m2 = l = 1, g 9.81,
θ0 60°, ẋ0 -1 m/s, θ̇0 0.5 rad/s, k 3), for tests/check_rounding.c.

From T = ½M(ẋ²+ẏ²) − m2 l sinθ ẋθ̇ + m2 l cosθ ẏθ̇ + ½ m2 l² θ̇² (M = m1+m2),
V = m2 g l sinθ + M g y: A q̈ = X + λ e_y + F, q = (x, θ, y), with
X = (m2 l cosθ θ̇², −m2 g l cosθ, −M g + m2 l sinθ θ̇²). Kozlov's law
(2.5)-(2.7) with Φ = kA: F = −λ √(e_y·A⁻¹e_y) k A q̇/|q̇|_A. Sliding on
y = 0: ÿ = 0 fixes λ. The motion is integrated with SciPy's DOP853 to
|q̇|_A = 1e-9 √M m/s, where the deceleration is finite, and the rest
to q̇ = 0 taken at that rate (the direction still turns there, so
the error is O(speed): 4.5e-11 s from 1e-6, below 1e-14 s from 1e-9 and
1e-10, which agree). Prints t_stop, x, θ."""
import numpy as np
from scipy.integrate import solve_ivp

m1 = m2 = l = 1.0
g, k = 9.81, 3.0
M = m1 + m2


def A_of(th):
    b, s, c = m2 * l, np.sin(th), np.cos(th)
    return np.array([[M, -b * s, 0], [-b * s, m2 * l * l, b * c], [0, b * c, M]])


def qdd(th, xd, thd):
    A = A_of(th)
    Ai = np.linalg.inv(A)
    X = np.array([m2 * l * np.cos(th) * thd**2, -m2 * g * l * np.cos(th),
                  -M * g + m2 * l * np.sin(th) * thd**2])
    q = np.array([xd, thd, 0.0])
    nA = np.sqrt(q @ A @ q)
    G = -np.sqrt(Ai[2, 2]) * k * (A @ q) / nA
    e = np.array([0.0, 0.0, 1.0])
    a0, a1 = Ai @ X, Ai @ (e + G)
    lam = -a0[2] / a1[2]
    return a0 + lam * a1


def rhs(t, y):
    a = qdd(y[1], y[2], y[3])
    return [y[2], y[3], a[0], a[1]]


def speed(t, y):
    q = np.array([y[2], y[3], 0.0])
    return np.sqrt(q @ A_of(y[1]) @ q / M) - 1e-9


speed.terminal = True
speed.direction = -1
y0 = [0.0, np.radians(60), -1.0, 0.5]
s = solve_ivp(rhs, (0, 1), y0, method="DOP853", rtol=1e-13, atol=1e-15, events=speed)
te, ye = s.t_events[0][0], s.y_events[0][0]
q = np.array([ye[2], ye[3], 0.0])
A = A_of(ye[1])
a = qdd(ye[1], ye[2], ye[3])
rate = -(np.array([a[0], a[1], 0.0]) @ A @ q)
dt = (q @ A @ q) / rate
print("t_stop = %.13g s, x = %.13g m, theta = %.13g deg" %
      (te + dt, ye[0] + ye[2] * dt / 2, np.degrees(ye[1] + ye[3] * dt / 2)))
