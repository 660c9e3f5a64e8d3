"""check_lagrange's test_norm_breaks_away, the puck with a spring: Moreau's
time-stepping (implicit in the velocity, the friction set-valued: the
velocity is 0 where the free one is within the ball of radius h mu g / m,
else shortened by it) for a puck of m = 1 kg under isotropic friction
mu m g |v| = 2|v| N, a spring k|q|^2/2 (k = 1 N/m) and a force F0 t (1, 1/2)
(F0 = 1 N/s), from rest at (0.3, -0.2) m to t = 3 s: held while the force
stays in the ball, the break-away at its bound (t* = 1.926804 s, where
|F0 t (1, 1/2) - k q0| = 2 N), and the slide after, which curves. Its
error is of the first order in h: Richardson on h, h/2 and h/4 (h = 3/250000
s), and once more on those (the two agree to 1e-11). Prints x, y, xdot,
ydot and the friction's work at 3 s. Plain Python, about 2 s."""
import math
m, k, F0, mug, x0, y0, T = 1.0, 1.0, 1.0, 2.0, 0.3, -0.2, 3.0
def run(n):
    h = T / n
    x, y, vx, vy, W = x0, y0, 0.0, 0.0, 0.0
    for i in range(n):
        t1 = (i + 1) * h
        # free velocity with forces at the new time and current positions
        # (semi-implicit: q_{n+1} = q_n + h v_{n+1} folded into the spring term)
        fx = F0 * t1 - k * x
        fy = 0.5 * F0 * t1 - k * y
        a = 1 + k * h * h / m  # spring at q_{n+1}
        wx = (vx + h * fx / m) / a
        wy = (vy + h * fy / m) / a
        wn = math.hypot(wx, wy)
        c = h * mug / m / a
        if wn <= c:
            vx = vy = 0.0
        else:
            vx, vy = wx * (1 - c / wn), wy * (1 - c / wn)
        x += h * vx
        y += h * vy
        W += h * mug * math.hypot(vx, vy)
    return x, y, vx, vy, W
a, b, c = run(250000), run(500000), run(1000000)
r1 = [2 * q - p for p, q in zip(a, b)]
r2 = [2 * q - p for p, q in zip(b, c)]
print("richardson h, h/2:   ", " ".join("%.12g" % v for v in r1))
print("richardson h/2, h/4: ", " ".join("%.12g" % v for v in r2))
print("second order:        ", " ".join("%.12g" % ((4 * q - p) / 3) for p, q in zip(r1, r2)))
