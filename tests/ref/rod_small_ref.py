"""Independent reference for Painlevé's rod under Kozlov's admissible family
(painleve-family, painleve-lagrange: m1 = m2 = l = 1, g 9.81, θ0 75°,
Ω = [0.3 0.1 0; 0.15 0.35 0; 0.05 −0.1 0.7]) launched at ẋ0 = v → 0,
for tests/check_lagrange.c test_rod_small_scale.

From T = ½M(ẋ²+ẏ²) − m2 l sinθ ẋθ̇ + m2 l cosθ ẏθ̇ + ½ m2 l² θ̇² (M = m1+m2),
V = m2 g l sinθ + M g y: A q̈ = X + λ e_y + F, q = (x, θ, y), with
X = (m2 l cosθ θ̇², −m2 g l cosθ, −M g + m2 l sinθ θ̇²). Kozlov's law
(2.5)-(2.7): F = −λ √(e_y·A⁻¹e_y) Φ q̇/|q̇|_A, Φ = A Ωᵀ (5.1). Sliding on
y = 0: ÿ = 0 fixes λ.

As v → 0 the motion lasts O(v) and θ moves by O(v²): A and X are taken at
θ0 with θ̇² = 0, and the friction, of degree 0 in q̇, is all that acts
besides. Then q̇(t)/v is the same for every v, so t_stop = C_t v and
x_end = C_x v²: this integrates u = q̇/v from (1, 0) with s = t/v, by
DOP853 at rtol 1e-13, to |u|_A = 1e-11 (the rest of the way is O(1e-11)
of the time, and the direction's turn there is not followed). Prints C_t
and C_x (2026-11-27: 4.92710012... and 0.0556917233...)."""
import numpy as np
from scipy.integrate import solve_ivp

m1 = m2 = l = 1.0
g, M = 9.81, 2.0
th = np.radians(75.0)
Om = np.array([[0.3, 0.1, 0.0], [0.15, 0.35, 0.0], [0.05, -0.1, 0.7]])
s_, c_ = np.sin(th), np.cos(th)
A = np.array([[M, -m2 * l * s_, 0], [-m2 * l * s_, m2 * l * l, m2 * l * c_], [0, m2 * l * c_, M]])
Ai = np.linalg.inv(A)
Phi = A @ Om.T
X = np.array([0.0, -m2 * g * l * c_, -M * g])
ey = np.array([0.0, 0.0, 1.0])


def accel(u):
    q = np.array([u[0], u[1], 0.0])
    nA = np.sqrt(q @ A @ q)
    G = -np.sqrt(Ai[2, 2]) * (Phi @ q) / nA
    lam = -(Ai @ X)[2] / (Ai @ (ey + G))[2]
    return Ai @ (X + lam * (ey + G)), lam


def rhs(s, y):
    a, _ = accel(y[1:3])
    return [y[1], a[0], a[1]]


def slow(s, y):
    q = np.array([y[1], y[2], 0.0])
    return np.sqrt(q @ A @ q) - 1e-11


slow.terminal = True
sol = solve_ivp(rhs, (0, 100), [0.0, 1.0, 0.0], method="DOP853", rtol=1e-13, atol=1e-16,
                events=slow)
print("%.12g %.12g" % (sol.t_events[0][0], sol.y_events[0][0][0]))
