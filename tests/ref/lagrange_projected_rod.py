"""Reference for tests/check_lagrange.c test_contact_projected (issue 36;
written as the design check of s6, task 3): Painlevé's projected law (4.3) written in
independent coordinates (x, θ) as Coulomb's force with the frictionless
normal reaction N(θ, θ̇), against the painleve-projected exercise (the rod
in redundant coordinates (x, θ, y) with F projected)."""
import numpy as np
from scipy.integrate import solve_ivp

m1, m2, l, g, mu = 1.0, 1.0, 1.0, 9.81, 3.0
th0, xd0, thd0 = np.radians(60), -1.0, 0.0

def A(th):
    s, c = np.sin(th), np.cos(th)
    return np.array([[m1 + m2, -m2 * l * s, 0], [-m2 * l * s, m2 * l * l, m2 * l * c],
                     [0, m2 * l * c, m1 + m2]])

def X(th, thd):
    s, c = np.sin(th), np.cos(th)
    return np.array([m2 * l * c * thd**2, -m2 * g * l * c, -(m1 + m2) * g + m2 * l * s * thd**2])

def N(th, thd):  # the frictionless reaction: e_y·q̈ = 0 with A q̈ = X + N e_y
    Ai = np.linalg.inv(A(th))
    return -(Ai[2] @ X(th, thd)) / Ai[2, 2]

def slide(t, z, sgn):  # z = (x, θ, ẋ, θ̇); independent coordinates: M = A's (x, θ) block
    x, th, xd, thd = z
    M = A(th)[:2, :2]
    Q = X(th, thd)[:2] + np.array([-mu * N(th, thd) * sgn, 0.0])
    a = np.linalg.solve(M, Q)
    return [xd, thd, a[0], a[1]]

def stuck(t, z):  # the foot held: ẍ = 0
    x, th, xd, thd = z
    return [0.0, thd, 0.0, X(th, thd)[1] / (m2 * l * l)]

def flat(t, z, *a): return z[1]
flat.terminal, flat.direction = True, -1
def stop(t, z, *a): return z[2]
stop.terminal = True

opts = dict(rtol=1e-12, atol=1e-12, method='DOP853')
r1 = solve_ivp(slide, [0, 5], [0, th0, xd0, thd0], events=[flat, stop], args=(np.sign(xd0),), **opts)
t1, z1 = r1.t[-1], r1.y[:, -1]
print("foot stops" if r1.t_events[1].size else "flat", "at t =", t1, z1)
if r1.t_events[1].size:
    z1[2] = 0.0
    th, thd = z1[1], z1[3]
    thdd = X(th, thd)[1] / (m2 * l * l)
    f = A(th)[0, 1] * thdd - X(th, thd)[0]  # friction needed to hold the foot
    print("needed |f| =", abs(f), "bound mu N =", mu * N(th, thd))
    flat.direction = -1
    r2 = solve_ivp(stuck, [t1, 5], z1, events=[flat], **opts)
    t2, z2 = r2.t[-1], r2.y[:, -1]
    print("t_end = %.12g x_end = %.12g thetadot_end = %.12g" % (t2, z2[0], z2[3]))

# The [contact foot] of tests/check_lagrange.c (test_contact_projected)
# declares this N in closed form: eliminating ẍ and θ̈ from A q̈ = X + N e_y
# with ÿ = 0 and no friction gives
#   N = m1 ((m1 + m2) g − m2 l sin θ θ̇²) / (m1 + m2 cos² θ);
# it is the reaction N(θ, θ̇) above at any state:
def N_closed(th, thd):
    return m1 * ((m1 + m2) * g - m2 * l * np.sin(th) * thd**2) / (m1 + m2 * np.cos(th)**2)
worst = max(abs(N_closed(th, thd) - N(th, thd)) / abs(N(th, thd))
            for th in np.linspace(0.05, 1.5, 13) for thd in np.linspace(-5, 5, 11))
print("closed-form N against A⁻¹'s: worst relative difference %.3g" % worst)
