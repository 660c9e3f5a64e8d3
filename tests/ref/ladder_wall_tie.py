"""Independent reference for the ladder pushed down so that the wall's
normal force is 0 at the start (tests/check_rounding.c, the ladder
exercise: m 12 kg, L 4 m, g 9.81, mu_floor 0.4, mu_wall 0.2, theta0 75 deg).

Both contacts, sliding down (thetadot < 0): the foot at (L cos th, 0) moves
away from the wall, the floor's friction -mu_f lf along x; the top at
(0, L sin th) moves down, the wall's friction +mu_w lw along y. The centre
(L/2 cos th, L/2 sin th), I = m L^2/12, and the body's angle is pi - th:
    m xc'' = lw - mu_f lf,    m yc'' = lf + mu_w lw - m g,
    -I th'' = L/2 (cos th - mu_f sin th) lf - L/2 (mu_w cos th + sin th) lw,
linear in (th'', lf, lw) at given th'. Prints lw at th' = -0.5 and -1 and
the th' where lw = 0 (brentq)."""
import numpy as np
from scipy.optimize import brentq
m,L,g,mf,mw=12.0,4.0,9.81,0.4,0.2
th=np.radians(75); I=m*L*L/12
def sol(w):
    s,c=np.sin(th),np.cos(th)
    A=np.array([[ m*L/2*s, -mf, 1.0],
                [ m*L/2*c, -1.0, -mw],
                [ -I, -L/2*(c - mf*s), L/2*(mw*c + s)]])
    b=np.array([-m*L/2*c*w*w, m*L/2*s*w*w - m*g, 0.0])
    return np.linalg.solve(A,b)
print(sol(-0.5), sol(-1))
r=brentq(lambda w: sol(w)[2], -1, -0.5, xtol=1e-15, rtol=1e-15)
print(repr(r), sol(r))
