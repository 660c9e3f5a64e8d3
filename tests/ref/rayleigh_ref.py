#!/usr/bin/env python3
"""Independent reference values for Minguzzi's Rayleigh dissipation function
of flat bodies, computed with mpmath only.

    python3 tests/ref/rayleigh_ref.py            > tests/rayleigh_ref.h
    python3 tests/ref/rayleigh_ref.py --verify     (checks, report on stderr)

Body point x = (x, y) relative to the centre; relative velocity over the base
v_r(x) = (ux - wz*y, uy + wz*x), v = |v_r|, vhat = v_r/v.  Pressure weight
w = 1 ("uniform") or 1/v ("reye"); <f> = int w f dA / int w dA (for the ring
dA is the arc length ds).  M(v) = int_0^v mu.

    R = N <M(v)>,  Q = -N <mu(v) vhat>,  Qtheta = -N <mu(v) (x vhat_y - y vhat_x)>,
    P = N <mu(v) v>,  dRdvx, dRdvy, dRdwz = partial derivatives of R (weights
    included) with respect to ux, uy, wz.

Quadrature.  All integrals are composite Gauss-Legendre rules on pieces where
the integrand is analytic.  When wz != 0 and the instantaneous centre
c = (-uy/wz, ux/wz) is in or near the body, we integrate in polar coordinates
(rho, theta) about c ("fans"): there v = |wz| rho exactly, vhat depends on
theta only, and for reye w dA = drho dtheta/|wz|, so nothing is singular.
  * disk |x| < R0 with c inside: theta over a full turn, rho in [0, rhomax];
  * disk with c outside: rays in the tangent cone, parametrised by phi with
    sin(alpha) = (R0/D) sin(phi), which removes the square-root behaviour at
    the two tangent directions;
  * annulus = outer disk minus inner disk (each integrand is integrable over
    the hole too);
  * rectangle with c inside = four triangles (c, side); along each side the
    parameter is the position on the side, pieces graded geometrically away
    from the foot of the perpendicular from c.
Otherwise (wz = 0 or c far) ordinary coordinates: polar about the body
centre for disks and annuli, Cartesian for the rectangle, the angle for the
ring.  Derivatives of R are central finite differences (6th order, h=1e-5, at
30 digits) on the same fixed-node rule, which is smooth in the parameters.

For the "expr" law M(v) is computed by mpmath.quad.  To keep this affordable,
inside the fans the M term is integrated by parts along each ray,
int_a^b M(k rho) G'(rho) drho = [M G]_a^b - int_a^b k mu(k rho) G(rho) drho,
with G = rho^2/2 (uniform) or rho/|wz| (reye), so that M is needed only at the
ray ends.  --verify recomputes everything at 40 digits with different splits
and node counts, the alternative coordinates where c is off the body (disk_far
in fans, annulus_hole in ordinary polar coordinates), M by mpmath.quad at
every node (for the values; the finite differences keep the by-parts form),
and the derivatives by a 4th-order stencil with h=1e-7.
"""

import ast
import sys
import time

from mpmath import mp, mpf

CASES = [
    dict(name='ring_done', shape='ring', r='1', ux='0.3', uy='0', wz='1',
         pressure='uniform', law='coulomb', mu='0.5', N='10'),
    dict(name='disk_reye_in', shape='disk', r='0.2', ux='0.5', uy='-0.2',
         wz='3', pressure='reye', law='coulomb', mu='0.3', N='20'),
    dict(name='disk_unif_in', shape='disk', r='0.2', ux='0.5', uy='-0.2',
         wz='3', pressure='uniform', law='coulomb', mu='0.3', N='20'),
    dict(name='annulus_bouchet', shape='annulus', r_in='0.05', r='0.15',
         ux='0.2', uy='0.1', wz='-4', pressure='reye', law='bouchet',
         mu0='0.6', muinf='0.3', a='2', N='15'),
    dict(name='rect_stokes', shape='rect', width='0.4', height='0.2',
         ux='0.1', uy='0.05', wz='2', pressure='uniform', law='stokes',
         k='0.8', N='5'),
    dict(name='rect_reye', shape='rect', width='0.4', height='0.2',
         ux='0.1', uy='0.05', wz='2', pressure='reye', law='coulomb',
         mu='0.4', N='5'),
    dict(name='disk_far', shape='disk', r='0.1', ux='1', uy='0', wz='2',
         pressure='reye', law='bouchet', mu0='0.6', muinf='0.3', a='2',
         N='10'),
    dict(name='ring_reye', shape='ring', r='0.5', ux='0.2', uy='0.3',
         wz='-1.5', pressure='reye', law='coulomb', mu='0.2', N='3'),
    dict(name='disk_expr', shape='disk', r='0.1', ux='0.3', uy='0', wz='5',
         pressure='uniform', law='expr', mu_expr='0.3+0.2*exp(-v)', N='10'),
    dict(name='annulus_hole', shape='annulus', r_in='0.1', r='0.2',
         ux='0.05', uy='0', wz='2', pressure='uniform', law='coulomb',
         mu='0.5', N='1'),
    dict(name='rect_translate', shape='rect', width='0.3', height='0.1',
         ux='0.2', uy='-0.1', wz='0', pressure='reye', law='coulomb',
         mu='0.35', N='4'),
    dict(name='disk_spin', shape='disk', r='0.15', ux='0', uy='0', wz='7',
         pressure='reye', law='coulomb', mu='0.25', N='19.62'),
]

# rayleigh-reye's disk (r = 0.1 m, ω = 5 rad/s, μ = 0.3, N = 10 N, Reye's
# pressure) along its Q figure, u = 0.15 ... 0.6 m/s: the instantaneous
# centre inside the disk, near its rim from either side (the rim is at
# u = r ω = 0.5 m/s), and outside.
for _u in ('0.15', '0.3', '0.45', '0.525', '0.6'):
    CASES.append(dict(name='reye_ex_u' + _u.replace('.', ''), shape='disk',
                      r='0.1', ux=_u, uy='0', wz='5', pressure='reye',
                      law='coulomb', mu='0.3', N='10'))

OUTPUTS = ['R', 'Qx', 'Qy', 'Qtheta', 'dRdvx', 'dRdvy', 'dRdwz', 'P']

# Main run and verification run: precision, Gauss-Legendre points per piece
# (angular n, radial nr), piece-count multiplier, geometric grading ratio on
# rectangle sides, finite-difference stencil, integration by parts for expr,
# and whether to use the alternative coordinates where both are valid.
MAIN = dict(dps=30, n=30, nr=30, mult=1.0, grade=2, fd_order=6,
            fd_h='1e-5', byparts=True, fd_byparts=True, alt=False)
VERIFY = dict(dps=40, n=40, nr=40, mult=1.5, grade=3, fd_order=4,
              fd_h='1e-7', byparts=False, fd_byparts=True, alt=True)


def M_(s):
    return mpf(s)


# ---------------------------------------------------------------- quadrature

_gl_cache = {}


def gauss_legendre(n):
    """Nodes and weights of the n-point Gauss-Legendre rule on [-1, 1]."""
    key = (n, mp.prec)
    if key in _gl_cache:
        return _gl_cache[key]
    xs, ws = [], []
    with mp.workprec(mp.prec + 30):
        eps = mpf(2) ** (-mp.prec + 8)
        for i in range(1, n + 1):
            x = mp.cos(mp.pi * (i - mpf(1) / 4) / (n + mpf(1) / 2))
            for _ in range(200):
                p0, p1 = mpf(1), x
                for j in range(2, n + 1):
                    p0, p1 = p1, ((2 * j - 1) * x * p1 - (j - 1) * p0) / j
                dp = n * (x * p1 - p0) / (x * x - 1)
                dx = p1 / dp
                x -= dx
                if abs(dx) < eps:
                    break
            p0, p1 = mpf(1), x
            for j in range(2, n + 1):
                p0, p1 = p1, ((2 * j - 1) * x * p1 - (j - 1) * p0) / j
            dp = n * (x * p1 - p0) / (x * x - 1)
            xs.append(x)
            ws.append(2 / ((1 - x * x) * dp * dp))
    rule = [(+x, +w) for x, w in zip(xs, ws)]  # round to working precision
    _gl_cache[key] = rule
    return rule


def nodes(a, b, n):
    """Gauss-Legendre nodes and weights on [a, b]."""
    h = (b - a) / 2
    m = (a + b) / 2
    return [(m + h * x, h * w) for x, w in gauss_legendre(n)]


def split(a, b, m):
    m = max(1, int(m))
    return [(a + (b - a) * i / m, a + (b - a) * (i + 1) / m) for i in range(m)]


# ---------------------------------------------------------------- friction

def compile_expr(src):
    """A python formula of v with its numeric literals read as exact mpf."""
    tree = ast.parse(src, mode='eval')

    class Lit(ast.NodeTransformer):
        def visit_Constant(self, node):
            if isinstance(node.value, (int, float)):
                return ast.Call(func=ast.Name('mpf', ast.Load()),
                                args=[ast.Constant(repr(node.value))],
                                keywords=[])
            return node
    tree = ast.fix_missing_locations(Lit().visit(tree))
    code = compile(tree, '<mu_expr>', 'eval')
    env = {'mpf': mpf, 'exp': mp.exp, 'log': mp.log, 'sqrt': mp.sqrt,
           'tanh': mp.tanh, 'atan': mp.atan, 'pi': mp.pi,
           '__builtins__': {}}
    return lambda v: eval(code, env, {'v': v})


def friction(case):
    law = case['law']
    if law == 'coulomb':
        mu = M_(case['mu'])
        return (lambda v: mu), (lambda v: mu * v)
    if law == 'stokes':
        k = M_(case['k'])
        return (lambda v: k * v), (lambda v: k * v * v / 2)
    if law == 'bouchet':
        mu0, muinf, a = M_(case['mu0']), M_(case['muinf']), M_(case['a'])
        return ((lambda v: (mu0 - muinf) / (1 + a * v) + muinf),
                (lambda v: (mu0 - muinf) / a * mp.log(1 + a * v) + muinf * v))
    if law == 'expr':
        f = compile_expr(case['mu_expr'])
        return f, (lambda v: mp.quad(f, [0, v]))
    raise ValueError(law)


# ---------------------------------------------------------------- integrals

class Sums:
    """Accumulates int w, int w M, int w mu vhat, int w mu (x^vhat), int w mu v."""

    def __init__(self, case, ux, uy, wz, cfg):
        self.case, self.cfg = case, cfg
        self.ux, self.uy, self.wz = ux, uy, wz
        self.reye = case['pressure'] == 'reye'
        self.mu, self.M = friction(case)
        self.byparts = cfg['byparts'] and case['law'] == 'expr'
        self.S0 = self.SM = self.Sx = self.Sy = self.St = self.SP = mpf(0)

    def add(self, x, y, J, v, hx, hy, withM=True):
        w = J / v if self.reye else J
        mu = self.mu(v)
        wm = w * mu
        self.S0 += w
        if withM:
            self.SM += w * self.M(v)
        self.Sx += wm * hx
        self.Sy += wm * hy
        self.St += wm * (x * hy - y * hx)
        self.SP += wm * v

    def add_plain(self, x, y, J):
        """A node in ordinary coordinates: velocity from v_r."""
        vx = self.ux - self.wz * y
        vy = self.uy + self.wz * x
        v = mp.sqrt(vx * vx + vy * vy)
        self.add(x, y, J, v, vx / v, vy / v)

    # -- polar coordinates about the instantaneous centre c
    def ray(self, ex, ey, Wt, a, b, sgn):
        """int over rho in [a, b] of the ray c + rho e, times Wt (dtheta)."""
        wz = self.wz
        k = abs(wz)
        s = 1 if wz > 0 else -1
        cx, cy = -self.uy / wz, self.ux / wz
        hx, hy = -s * ey, s * ex
        withM = not self.byparts
        for rho, wr in nodes(a, b, self.cfg['nr']):
            self.add(cx + rho * ex, cy + rho * ey, sgn * Wt * wr * rho,
                     k * rho, hx, hy, withM)
        if self.byparts:
            if self.reye:
                G = lambda r: r / k
            else:
                G = lambda r: r * r / 2
            t = self.M(k * b) * G(b)
            if a != 0:
                t -= self.M(k * a) * G(a)
            for rho, wr in nodes(a, b, self.cfg['nr']):
                t -= wr * k * self.mu(k * rho) * G(rho)
            self.SM += sgn * Wt * t

    def fan_disk_inside(self, R0, sgn):
        cx, cy = -self.uy / self.wz, self.ux / self.wz
        D = mp.hypot(cx, cy)
        assert D < R0
        thc = mp.atan2(cy, cx)
        # rhomax(psi) has branch points at psi = +-pi/2 +- i acosh(R0/D)
        delta = mp.acosh(R0 / D) if D > 0 else mpf(10)
        m = max(8, int(mp.ceil(2 * mp.pi / (mpf('0.8') * delta))))
        m = int(m * self.cfg['mult'])
        for p0, p1 in split(mpf(0), 2 * mp.pi, m):
            for psi, wp in nodes(p0, p1, self.cfg['n']):
                cp, sp = mp.cos(psi), mp.sin(psi)
                rmax = -D * cp + mp.sqrt(R0 * R0 - D * D * sp * sp)
                th = thc + psi
                self.ray(mp.cos(th), mp.sin(th), wp, mpf(0), rmax, sgn)

    def fan_disk_outside(self, R0, sgn):
        cx, cy = -self.uy / self.wz, self.ux / self.wz
        D = mp.hypot(cx, cy)
        assert D > R0
        th0 = mp.atan2(-cy, -cx)        # direction from c to the disk centre
        q = R0 / D
        delta = mp.acosh(1 / q)
        m = max(4, int(mp.ceil(mp.pi / (mpf('0.8') * delta))))
        m = int(m * self.cfg['mult'])
        for p0, p1 in split(-mp.pi / 2, mp.pi / 2, m):
            for phi, wp in nodes(p0, p1, self.cfg['n']):
                sa = q * mp.sin(phi)
                ca = mp.sqrt(1 - sa * sa)
                cphi = mp.cos(phi)
                th = th0 + mp.asin(sa)
                Wt = wp * R0 * cphi / (D * ca)
                self.ray(mp.cos(th), mp.sin(th), Wt,
                         D * ca - R0 * cphi, D * ca + R0 * cphi, sgn)

    def fan_disk(self, R0, sgn):
        cx, cy = -self.uy / self.wz, self.ux / self.wz
        D = mp.hypot(cx, cy)
        if abs(D - R0) < mpf('1e-6') * R0:
            raise ValueError('instantaneous centre on a circle')
        if D < R0:
            self.fan_disk_inside(R0, sgn)
        else:
            self.fan_disk_outside(R0, sgn)

    def fan_rect(self, W, H):
        cx, cy = -self.uy / self.wz, self.ux / self.wz
        assert abs(cx) < W / 2 and abs(cy) < H / 2
        corners = [(W / 2, -H / 2), (W / 2, H / 2), (-W / 2, H / 2),
                   (-W / 2, -H / 2)]
        g = self.cfg['grade']
        for i in range(4):
            Ax, Ay = corners[i]
            Bx, By = corners[(i + 1) % 4]
            L = mp.hypot(Bx - Ax, By - Ay)
            dx, dy = (Bx - Ax) / L, (By - Ay) / L
            t0 = (cx - Ax) * dx + (cy - Ay) * dy          # foot of c
            d = abs((cx - Ax) * dy - (cy - Ay) * dx)      # distance to side
            # the integrand in t has singularities at t0 +- i d
            brk = {mpf(0), L, t0}
            step = d
            while step < L:
                for t in (t0 - step, t0 + step):
                    if 0 < t < L:
                        brk.add(t)
                step *= g
            brk = sorted(brk)
            for t1, t2 in zip(brk[:-1], brk[1:]):
                if t2 - t1 < mpf(10) ** (-mp.dps // 2) * L:
                    continue
                for t, wt in nodes(t1, t2, self.cfg['n']):
                    px, py = Ax + t * dx - cx, Ay + t * dy - cy
                    ell = mp.hypot(px, py)
                    self.ray(px / ell, py / ell, wt * d / (ell * ell),
                             mpf(0), ell, 1)

    # -- ordinary coordinates
    def plain_annulus(self, rin, R0):
        n, nr = self.cfg['n'], self.cfg['nr']
        m = int(8 * self.cfg['mult'])
        ms = int(2 * self.cfg['mult'])
        for p0, p1 in split(mpf(0), 2 * mp.pi, m):
            for phi, wp in nodes(p0, p1, n):
                cph, sph = mp.cos(phi), mp.sin(phi)
                for s0, s1 in split(rin, R0, ms):
                    for s, ws in nodes(s0, s1, nr):
                        self.add_plain(s * cph, s * sph, wp * ws * s)

    def plain_rect(self, W, H):
        n = self.cfg['n']
        m = int(2 * self.cfg['mult'])
        for x0, x1 in split(-W / 2, W / 2, 2 * m):
            for x, wx in nodes(x0, x1, n):
                for y0, y1 in split(-H / 2, H / 2, m):
                    for y, wy in nodes(y0, y1, n):
                        self.add_plain(x, y, wx * wy)

    def ring(self, R0):
        m = int(8 * self.cfg['mult'])
        for p0, p1 in split(mpf(0), 2 * mp.pi, m):
            for phi, wp in nodes(p0, p1, self.cfg['n']):
                self.add_plain(R0 * mp.cos(phi), R0 * mp.sin(phi), R0 * wp)


def method(case, ux, uy, wz, cfg):
    """'fan' (polar about c) or 'plain' (ordinary coordinates)."""
    shape = case['shape']
    if shape == 'ring':
        return 'plain'
    if wz == 0:
        return 'plain'
    cx, cy = -uy / wz, ux / wz
    if shape == 'rect':
        W, H = M_(case['width']), M_(case['height'])
        inside = abs(cx) < W / 2 and abs(cy) < H / 2
        if inside:
            return 'fan'
        ax = max(abs(cx) - W / 2, 0)
        ay = max(abs(cy) - H / 2, 0)
        if mp.hypot(ax, ay) < max(W, H):
            raise ValueError('c outside but near the rectangle: not handled')
        return 'plain'
    R0 = M_(case['r'])
    rin = M_(case.get('r_in', '0'))
    D = mp.hypot(cx, cy)
    in_material = rin <= D <= R0
    near = D < 3 * R0
    if cfg['alt'] and not in_material:
        near = not near                      # both valid: use the other one
    return 'fan' if near else 'plain'


def compute(case, ux, uy, wz, cfg):
    S = Sums(case, ux, uy, wz, cfg)
    meth = method(case, ux, uy, wz, cfg)
    shape = case['shape']
    if shape == 'ring':
        S.ring(M_(case['r']))
    elif shape in ('disk', 'annulus'):
        R0 = M_(case['r'])
        rin = M_(case.get('r_in', '0'))
        if meth == 'fan':
            S.fan_disk(R0, 1)
            if rin > 0:
                S.fan_disk(rin, -1)
        else:
            S.plain_annulus(rin, R0)
    elif shape == 'rect':
        W, H = M_(case['width']), M_(case['height'])
        if meth == 'fan':
            S.fan_rect(W, H)
        else:
            S.plain_rect(W, H)
    N = M_(case['N'])
    return dict(R=N * S.SM / S.S0, Qx=-N * S.Sx / S.S0, Qy=-N * S.Sy / S.S0,
                Qtheta=-N * S.St / S.S0, P=N * S.SP / S.S0), meth


STENCILS = {4: [(-2, 1), (-1, -8), (1, 8), (2, -1)], 6: [(-3, -1), (-2, 9), (-1, -45), (1, 45), (2, -9), (3, 1)]}
DENOM = {4: 12, 6: 60}


def derivatives(case, ux, uy, wz, cfg):
    h = M_(cfg['fd_h'])
    st, den = STENCILS[cfg['fd_order']], DENOM[cfg['fd_order']]
    cfg = dict(cfg, byparts=cfg['fd_byparts'])
    out = {}
    for name, e in (('dRdvx', (1, 0, 0)), ('dRdvy', (0, 1, 0)),
                    ('dRdwz', (0, 0, 1))):
        acc = mpf(0)
        for j, cj in st:
            val, _ = compute(case, ux + j * h * e[0], uy + j * h * e[1],
                             wz + j * h * e[2], cfg)
            acc += cj * val['R']
        out[name] = acc / (den * h)
    return out


def evaluate(case, cfg):
    mp.dps = cfg['dps']
    ux, uy, wz = M_(case['ux']), M_(case['uy']), M_(case['wz'])
    vals, meth = compute(case, ux, uy, wz, cfg)
    vals.update(derivatives(case, ux, uy, wz, cfg))
    return vals, meth


# ---------------------------------------------------------------- output

def snap(vals):
    """Values that vanish by symmetry come out ~1e-30: print them as 0."""
    scale = max(abs(v) for v in vals.values())
    return {k: (mpf(0) if abs(v) < mpf('1e-22') * scale else v)
            for k, v in vals.items()}


def c_num(s):
    return s if s is not None else '0'


def header(results):
    out = ['/* Generated by tests/ref/rayleigh_ref.py (mpmath, 30 digits): '
           'do not edit. */',
           'struct rayleigh_ref {',
           '\tconst char *name, *shape;',
           '\tdouble r, r_in, width, height;',
           '\tdouble ux, uy, wz;',
           '\tconst char *pressure, *law;',
           '\tdouble mu, k, mu0, muinf, a;',
           '\tconst char *mu_expr; /* the formula in v, in libmatheval '
           'syntax, or "" */',
           '\tdouble N;',
           '\tdouble R, Qx, Qy, Qtheta, dRdvx, dRdvy, dRdwz, P;',
           '};',
           '/* one case a line, as generated */',
           '/* clang-format off */',
           'static const struct rayleigh_ref rayleigh_refs[] = {']
    for case, vals in results:
        g = case.get
        f = ['"%s"' % case['name'], '"%s"' % case['shape']]
        f += [c_num(g(k)) for k in ('r', 'r_in', 'width', 'height')]
        f += [case[k] for k in ('ux', 'uy', 'wz')]
        f += ['"%s"' % case['pressure'], '"%s"' % case['law']]
        f += [c_num(g(k)) for k in ('mu', 'k', 'mu0', 'muinf', 'a')]
        f += ['"%s"' % g('mu_expr', ''), case['N']]
        for k in OUTPUTS:
            v = vals[k]
            f.append('0' if v == 0 else mp.nstr(v, 17, strip_zeros=False))
        out.append('\t{' + ', '.join(f) + '},')
    out.append('};')
    out.append('/* clang-format on */')
    return '\n'.join(out) + '\n'


def main():
    verify = '--verify' in sys.argv[1:]
    t_start = time.time()
    results = []
    for case in CASES:
        t0 = time.time()
        vals, meth = evaluate(case, MAIN)
        results.append((case, snap(vals)))
        print('%-16s %-5s %6.1fs' % (case['name'], meth, time.time() - t0),
              file=sys.stderr)
        if verify:
            t0 = time.time()
            chk, meth2 = evaluate(case, VERIFY)
            mp.dps = MAIN['dps']
            scale = max(abs(v) for v in vals.values())
            worst = 0
            for k in OUTPUTS:
                ref = abs(chk[k]) if abs(chk[k]) > mpf('1e-20') * scale \
                    else mpf(1)
                err = abs(vals[k] - chk[k]) / ref
                worst = max(worst, err)
                flag = '  <-- DISAGREE' if err > mpf('1e-13') else ''
                print('    %-7s %s  %s  diff %s%s' % (
                    k, mp.nstr(vals[k], 22), mp.nstr(chk[k], 22),
                    mp.nstr(err, 3), flag), file=sys.stderr)
            print('    verify (%s, %.1fs): worst rel diff %s' % (
                meth2, time.time() - t0, mp.nstr(worst, 3)), file=sys.stderr)
    mp.dps = MAIN['dps']
    sys.stdout.write(header(results))
    print('total %.1fs' % (time.time() - t_start), file=sys.stderr)
    return results


if __name__ == '__main__':
    main()
