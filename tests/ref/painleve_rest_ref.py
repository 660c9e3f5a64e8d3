"""Independent reference for the Painlevé rod at rest at its contact
(tests/check_painleve.c, test_rest_states): foot m1 at (x, y), m2 at the
end of a massless rod l at the angle θ, so m2 is at (x + l cos θ,
y + l sin θ); gravity -g along y; the contact holds y = 0 with λ and
friction F along x.

Held (ẍ = 0): θ'' = -(g/l) cos θ, and
    λ_h = (m1+m2) g + m2 l (cos θ θ'' - sin θ θ'²)
    F_x = -m2 l (sin θ θ'' + cos θ θ'²).
|F_x| > μ max(λ_h, 0): the foot cannot be held; it slides the way the
held force does not push, against friction F = -σ μ λ; Lagrange's
equations with ÿ = 0, unknowns ẍ, θ'', λ:
    (m1+m2) ẍ - m2 l sin θ θ'' - m2 l cos θ θ'² = F
    -m2 l sin θ ẍ + m2 l² θ'' = -m2 g l cos θ
    m2 l cos θ θ'' - m2 l sin θ θ'² = λ - (m1+m2) g
solved with numpy. The rod lifts off at rest only where that slide does
not press either (λ <= 0): a held λ_h <= 0 is not enough (issue 37). Prints
λ of the slides and the turning rate past which the rod lifts off
(brentq on the slide's λ)."""
import numpy as np
from scipy.optimize import brentq

m1, m2, l, g = 1.0, 1.0, 1.0, 9.81


def slide(theta_deg, mu, w=0.0):
    th = np.radians(theta_deg)
    a = -(g / l) * np.cos(th)
    lam_h = (m1 + m2) * g + m2 * l * (np.cos(th) * a - np.sin(th) * w * w)
    fx_h = -m2 * l * (np.sin(th) * a + np.cos(th) * w * w)
    assert abs(fx_h) > mu * max(lam_h, 0.0)
    sigma = -np.sign(fx_h)  # the slide's direction: friction then pushes as the held force did
    # unknowns (xdd, thdd, lam); F = -sigma mu lam
    A = np.array([[m1 + m2, -m2 * l * np.sin(th), sigma * mu],
                  [-m2 * l * np.sin(th), m2 * l * l, 0.0],
                  [0.0, m2 * l * np.cos(th), -1.0]])
    b = np.array([m2 * l * np.cos(th) * w * w,
                  -m2 * g * l * np.cos(th),
                  -(m1 + m2) * g + m2 * l * np.sin(th) * w * w])
    xdd, thdd, lam = np.linalg.solve(A, b)
    return lam, xdd, thdd


def held_zero_rate(theta_deg):
    th = np.radians(theta_deg)
    a = -(g / l) * np.cos(th)
    return np.sqrt(((m1 + m2) * g + m2 * l * np.cos(th) * a) / (m2 * l * np.sin(th)))


if __name__ == "__main__":
    lam, xdd, thdd = slide(30, 0.1)
    print(f"slide from rest, theta 30 deg, mu 0.1: lambda = {lam:.15g} N "
          f"(xdd = {xdd:.15g}, thdd = {thdd:.15g})")
    for w in (4.95, 4.954, 8.0):
        print(f"theta 30 deg, mu 0.5, thetadot {w}: the slide's lambda = "
              f"{slide(30, 0.5, w)[0]:.15g} N")
    print(f"theta 30 deg: the held lambda is 0 at thetadot = {held_zero_rate(30):.15g} rad/s")
    w0 = brentq(lambda w: slide(30, 0.5, w)[0], 5.0, 8.0, xtol=1e-14)
    print(f"theta 30 deg, mu 0.5: the slide stops pressing (lift-off) at thetadot = "
          f"{w0:.15g} rad/s")
