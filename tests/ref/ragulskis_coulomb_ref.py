# Independent reference for check_ragulskis:test_true_extremes: the Coulomb
# oscillator (m, c, k, P, ω, h) = (1, 0.1, 1, 4, 1, 3.2) from rest, 200 periods to
# the steady state with SciPy DOP853 and its own stick/slip switching, then vmax
# on the dense output of the next period by bounded minimization.
# Run: /usr/bin/python3 tests/ref/ragulskis_coulomb_ref.py
import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq, minimize_scalar
m,c,k,P,w,h=1,0.1,1,4,1,3.2
T=2*np.pi/w
F=lambda t,u: P*np.sin(w*t)-k*u
t,u,v=0.0,0.0,0.0
mode=0
segs=[]
def run(t,u,v,tend):
    global mode
    out=[]
    while t<tend-1e-15:
        if mode==0:
            # stuck at u until |F|>h
            g=lambda s: abs(F(s,u))-h
            ts=np.linspace(t,tend,2001)
            vals=[g(s) for s in ts]
            hit=None
            for i in range(1,len(ts)):
                if vals[i-1]<=0 and vals[i]>0 or (i==1 and vals[0]>0):
                    hit=brentq(g,ts[i-1],ts[i]) if vals[0]<=0 else t; break
            if hit is None:
                out.append(('stick',t,tend,u)); t=tend; break
            out.append(('stick',t,hit,u)); t=hit
            mode=1 if F(t,u)>0 else -1
        else:
            md=mode
            rhs=lambda s,y: [y[1],(F(s,y[0])-c*y[1]-md*h)/m]
            ev=lambda s,y: y[1]; ev.terminal=True; ev.direction=-md
            sol=solve_ivp(rhs,(t,tend),[u,v],method='DOP853',rtol=1e-13,atol=1e-14,events=ev,dense_output=True)
            out.append(('slip',t,sol.t[-1],sol.sol,md))
            t=sol.t[-1]; u,v=sol.y[0,-1],sol.y[1,-1]
            if sol.status==1:
                v=0.0
                mode=0 if abs(F(t,u))<=h else (1 if F(t,u)>0 else -1)
    return t,u,v,out
for j in range(200):
    t,u,v,_=run(t,u,v,(j+1)*T)
t,u,v,segs=run(t,u,v,t+T)
vmax=-1;amax=-1e9;umax=-1e9
for s in segs:
    if s[0]=='slip':
        sol=s[3]; a,b=s[1],s[2]
        r=minimize_scalar(lambda x:-sol(x)[1],bounds=(a,b),method='bounded',options={'xatol':1e-13})
        ts=np.linspace(a,b,4001); vs=sol(ts)[1]; i=np.argmax(vs)
        lo,hi=ts[max(i-1,0)],ts[min(i+1,len(ts)-1)]
        r=minimize_scalar(lambda x:-sol(x)[1],bounds=(lo,hi),method='bounded',options={'xatol':1e-14})
        vmax=max(vmax,-r.fun); umax=max(umax,sol(ts)[0].max())
print("vmax %.12g umax %.12g"%(vmax,umax))
