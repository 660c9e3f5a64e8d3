"""Independent reference for the Painlevé rod's largest stiffness ratio along
its run (tests/check_painleve.c, test_stiffness_ratio_run).

The ratio at a state: the largest over the smallest |eigenvalue| of the
Jacobian of (θ, ẋ, θ̇)' (x is in no equation), leaving out rates at or below
1/tmax. The Jacobian by Richardson's extrapolation of central differences,
(4 D(h/2) − D(h))/3 with h = 1e-3 max(|y_j|, 1e-3): its truncation is
O(h⁴) and its rounding ε/h, so the ratio holds about 1e-12, where tribo's
single difference (step 6e-6) holds about 1e-10. Along a run
its least upper bound is the largest of: its smooth peaks (a 4001-point scan
polished by SciPy's bounded minimizer) and, where a rate crosses 1/tmax (the
number counted changes between two scan points; the crossing by 60
bisections), the largest rate there over 1/tmax, which the ratio tends to
from the side where the crossing rate is counted.

Rods m1 = m2 = l = 1, g = 9.81: Painlevé's law on the rigid line (the
sliding equations as in tests/ref/painleve_dev_ref.py) by DOP853 at rtol
1e-13 to the first of: the rod lies down, ẋ reaches 0; and painleve-family
(Kozlov's family law, its equations taken from
tests/ref/lagrange_family_rod.py, which is written from the paper) to the
rod lying down.
"""
import numpy as np, sys
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar
m1=m2=l=1.0; g=9.81; M=m1+m2


def jac(f, y):
    """The Jacobian of f(0, y) in (θ, ẋ, θ̇), Richardson-extrapolated."""
    J = np.zeros((4, 4))
    for j in range(1, 4):
        def d(h):
            yp = y.copy(); ym = y.copy(); yp[j] += h; ym[j] -= h
            return (f(0, yp) - f(0, ym)) / (2 * h)
        h = 1e-3 * max(abs(y[j]), 1e-3)
        J[:, j] = (4 * d(h / 2) - d(h)) / 3
    return J


def run(th0, xd0, thd0, mu, tmax):
    sig=np.sign(xd0); floor=1.0/tmax
    def rhs(t,y):
        th,xd,thd=y[1],y[2],y[3]
        s,c=np.sin(th),np.cos(th)
        A=np.array([[M,-m2*l*s,0],[-m2*l*s,m2*l*l,m2*l*c],[0,m2*l*c,M]])
        X=np.array([m2*l*c*thd**2,-m2*g*l*c,-M*g+m2*l*s*thd**2])
        Ai=np.linalg.inv(A); G=np.array([-mu*sig,0,0]); e=np.array([0,0,1.])
        lam=-(Ai@X)[2]/(Ai@(e+G))[2]
        q=Ai@(X+lam*(e+G)); return np.array([xd,thd,q[0],q[1]])
    def scales(y):
        J=jac(rhs,y)
        ev=np.abs(np.linalg.eigvals(J[1:,1:])); big=ev.max()
        fast=[a for a in ev if a>floor and a>1e-12*big]
        return big/min(fast), len(fast), big
    ev=[lambda t,y:y[1], lambda t,y: sig*y[2]]
    for e in ev: e.terminal=True; e.direction=-1
    s=solve_ivp(rhs,(0,tmax),[0,np.radians(th0),xd0,thd0],method='DOP853',rtol=1e-13,atol=1e-14,events=ev,dense_output=True)
    T=s.t[-1]; ts=np.linspace(0,T,4001); sc=[scales(s.sol(t)) for t in ts]
    v=np.array([x[0] for x in sc]); nf=[x[1] for x in sc]
    i=int(np.argmax(v)); best=v[i]
    if 0<i<len(ts)-1:
        r=minimize_scalar(lambda t:-scales(s.sol(t))[0],bounds=(ts[i-1],ts[i+1]),method='bounded',options={'xatol':1e-12})
        best=max(best,-r.fun)
    cross=[]
    for k in range(len(ts)-1):
        if nf[k]!=nf[k+1]:
            lo,hi=ts[k],ts[k+1]; nlo=nf[k]; more_lo=nf[k]>nf[k+1]
            for it in range(60):
                mid=0.5*(lo+hi)
                if scales(s.sol(mid))[1]==nlo: lo=mid
                else: hi=mid
            val=scales(s.sol(lo if more_lo else hi))[2]/floor; cross.append((lo,val)); best=max(best,val)
    print(th0,xd0,thd0,mu,tmax,"T=%.12g"%T,"crossings",[("%.6g"%a,"%.12g"%b) for a,b in cross],"ratio_max=%.12g"%best)
CASES = [(30,-1,0,0.5,1),(80,-3,-2,0.3,2),(85,2,-2,0.2,2),(45,2,1,0.4,5)]

for c in CASES:
    run(*c)

# painleve-family: theta 75 deg, xdot -0.5, Omega as in exercises/painleve-family.ini
src = open(__file__.replace("painleve_stiff_ref.py", "lagrange_family_rod.py")).read()
ns = {}
exec(src[:src.index("def run_family_rest")], ns)
Om = np.array([[0.3, 0.1, 0], [0.15, 0.35, 0], [0.05, -0.1, 0.7]])
tmax = 3.0
floor = 1 / tmax
def frhs(t, z):
    qdd, _ = ns['family_acc'](z[1], np.array([z[2], z[3], 0.0]), Om)
    return np.array([z[2], z[3], qdd[0], qdd[1]])
def fscales(y):
    J = jac(frhs, y)
    ev = np.abs(np.linalg.eigvals(J[1:, 1:])); big = ev.max()
    fast = [a for a in ev if a > floor and a > 1e-12 * big]
    return big / min(fast), len(fast), big
flat = lambda t, z: z[1]
flat.terminal = True; flat.direction = -1
s = solve_ivp(frhs, (0, tmax), [0, np.radians(75), -0.5, 0.0], method='DOP853', rtol=1e-13,
              atol=1e-13, events=[flat], dense_output=True)
ts = np.linspace(0, s.t[-1], 4001)
sc = [fscales(s.sol(t)) for t in ts]
best = max(x[0] for x in sc)
for k in range(len(ts) - 1):
    if sc[k][1] != sc[k + 1][1]:
        lo, hi = ts[k], ts[k + 1]
        for it in range(60):
            mid = 0.5 * (lo + hi)
            if fscales(s.sol(mid))[1] == sc[k][1]: lo = mid
            else: hi = mid
        best = max(best, fscales(s.sol(lo if sc[k][1] > sc[k + 1][1] else hi))[2] / floor)
print("painleve-family T=%.12g ratio_max=%.12g" % (s.t[-1], best))

# painleve-projected: theta 60 deg, xdot -1, mu 3, tmax 1 (Painlevé's projected law (4.3),
# its equations from tests/ref/lagrange_family_rod.py): the slide, then the foot held
ns = {}
exec(src[:src.index("if __name__")], ns)
A, X, proj_acc = ns['A'],ns['X'],ns['proj_acc']
mu=3.0; tmax=1.0; floor=1/tmax
def slide(t,z,sgn=-1.0):
    qdd,_=proj_acc(z[1],np.array([z[2],z[3],0.0]),mu,sgn); return np.array([z[2],z[3],qdd[0],qdd[1]])
def held(t,z):
    th,thd=z[1],z[3]; return np.array([0.0,thd,0.0,X(th,thd)[1]/A(th)[1,1]])
def scales(f,y):
    J=jac(f,y)
    keep=[j for j in range(4) if np.any(J[:,j]!=0)]
    ev=np.abs(np.linalg.eigvals(J[np.ix_(keep,keep)])); big=ev.max()
    fast=[a for a in ev if a>floor and a>1e-12*big]
    return (big/min(fast) if fast else 0.0), len(fast), big
def sup(f, sol, t0, t1):
    ts=np.linspace(t0,t1,4001); sc=[scales(f,sol(t)) for t in ts]; v=np.array([x[0] for x in sc])
    i=int(np.argmax(v)); best=v[i]
    if 0<i<len(ts)-1:
        r=minimize_scalar(lambda t:-scales(f,sol(t))[0],bounds=(ts[i-1],ts[i+1]),method='bounded',options={'xatol':1e-12}); best=max(best,-r.fun)
    for k in range(len(ts)-1):
        if sc[k][1]!=sc[k+1][1]:
            lo,hi=ts[k],ts[k+1]
            for it in range(60):
                mid=0.5*(lo+hi)
                if scales(f,sol(mid))[1]==sc[k][1]: lo=mid
                else: hi=mid
            best=max(best,scales(f,sol(lo if sc[k][1]>sc[k+1][1] else hi))[2]/floor)
    return best
opts=dict(method='DOP853',rtol=1e-13,atol=1e-13,dense_output=True)
flat=lambda t,z,*a: z[1]; flat.terminal=True; flat.direction=-1
stop=lambda t,z,*a: z[2]; stop.terminal=True
r=solve_ivp(slide,[0,tmax],[0,np.radians(60),-1.0,0.0],events=[flat,stop],**opts)
t1=r.t[-1]; s1=sup(slide,r.sol,0,t1); z=r.y[:,-1].copy(); z[2]=0
r2=solve_ivp(held,[t1,tmax],z,events=[flat],**opts)
s2=sup(held,r2.sol,t1,r2.t[-1])
print("painleve-projected: slide to %.12g: %.12g; held to %.12g: %.12g; sup %.12g"%(t1,s1,r2.t[-1],s2,max(s1,s2)))
