# Independent reference for issue 42 point 4, the one check_ragulskis's
# test_band holds tribo to: amp of ragulskis (m 1, c 0.1, k 1, P 4, w 1,
# h 3.2) with the elliptic law (8) at a narrow Delta, by SciPy's Radau
# (implicit, the analytic Jacobian) through the whole transition at
# rtol = argv[2] (1e-9; atol 1e-2 of it), phases cut by terminal events at
# the joints -Delta, 0, Delta; the steady state a fixed point of the
# period map by fsolve from three periods from rest; amp the largest u
# over the steady period, which lies at a phase end (u' = 0, a joint).
# Nothing of tribo's layer or manifold. It prints the phases of the
# steady period: two creeps through the transition, across u' = 0 where
# F = 0, and two slips. (A fuller version, with vmax and two tolerances,
# was too slow to finish on the loaded
# machine of the commit, and was left out.)
#   Delta 5e-4: amp 0.7754749044552786 (55 s)
#   Delta 7e-4: amp 0.7757080614970775 (33 s)
#   Delta 1e-3: amp 0.7760544966149718 (63 s)
#   Delta 6e-4: amp 0.7755917332476782 (18 s; fsolve warns of slow
#               progress, its residual 6e-14)
#   Delta 8e-4: amp 0.7758239396640961 (15 s)
#   Delta 9e-4: amp 0.7759394073533459 (23 s)
# Run: /usr/bin/python3 tests/ref/ragulskis_band_amp_ref.py DELTA 1e-9
import math, sys, time
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import fsolve
m,c,k,P,w,h = 1.0,0.1,1.0,4.0,1.0,3.2
D = float(sys.argv[1]); tol=float(sys.argv[2]) if len(sys.argv)>2 else 1e-11
T=2*math.pi/w
def H(v):
    a=abs(v)
    if a>=D: return math.copysign(h,v)
    x=1-a/D
    return math.copysign(h*math.sqrt(max(0.0,1-x*x)),v)
def dH(v):
    a=abs(v)
    if a>=D or a==0: return 0.0 if a>=D else 1e300
    x=1-a/D
    return h*x/(D*math.sqrt(max(1e-300,1-x*x)))
def rhs(t,y): return [y[1],(P*math.sin(w*t)-c*y[1]-k*y[0]-H(y[1]))/m]
def jac(t,y): return [[0,1],[-k/m,-(c+min(dH(y[1]),1e12))/m]]
joints=(-D,0.0,D)
nph=[0]
def advance(t,y,tend,rec=None):
    y=list(y)
    while t<tend:
        evs=[]
        for j in joints:
            if y[1]==j: continue
            f=(lambda j: lambda t,y: y[1]-j)(j); f.terminal=True; evs.append(f)
        s=solve_ivp(rhs,(t,tend),y,method='Radau',jac=jac,rtol=tol,atol=tol*1e-2,events=evs,dense_output=rec is not None)
        nph[0]+=1
        if rec is not None: rec.append(s)
        t,y=s.t[-1],list(s.y[:,-1])
        if s.status==1:
            y[1]=min(joints,key=lambda j:abs(j-y[1]))
    return y
def pmap(x):
    return np.array(advance(0.0,x,T))
t0=time.time()
x=[0.0,0.0]
for i in range(3): x=advance(i*T,x,(i+1)*T) if False else pmap(x)
print('3 periods', time.time()-t0, nph[0], x)
xs=fsolve(lambda x: pmap(x)-x, x, xtol=1e-14)
print('fixed', xs, pmap(xs)-xs, time.time()-t0)
rec=[]
advance(0.0,xs,T,rec)
ts=np.concatenate([np.linspace(s.t[0],s.t[-1],2000) for s in rec])
ys=np.concatenate([s.sol(np.linspace(s.t[0],s.t[-1],2000)).T for s in rec])
F=P*np.sin(w*ts)-k*ys[:,0]
print('amp',ys[:,0].max(),'vmax',ys[:,1].max(), 'phases',len(rec))
for s in rec: print(' phase %.6f..%.6f v %.3e..%.3e F %.4f..%.4f'%(s.t[0],s.t[-1],s.y[1,0],s.y[1,-1],P*math.sin(w*s.t[0])-k*s.y[0,0],P*math.sin(w*s.t[-1])-k*s.y[0,-1]))
