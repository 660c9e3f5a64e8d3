"""Independent reference for the Painlevé rod's largest |λ − λ0| along a
sliding phase (tests/check_painleve.c, test_run_extremes).

m1 = m2 = l = 1, g = 9.81, Painlevé's law F = −μ λ sgn(ẋ) e_x on the rigid
line y = 0. Sliding, A q̈ = X + λ (e_y + G), G = (−μ σ, 0, 0), and ÿ = 0
gives λ = −(A⁻¹X)_y/(A⁻¹(e_y + G))_y; the frictionless reaction at the same
state is λ0 = −(A⁻¹X)_y/(A⁻¹)_yy. DOP853 at rtol 1e-13 from the start to
the first of: the rod lies down, ẋ reaches 0, λ reaches 0. |λ − λ0| is
scanned at 200,001 points of the dense output and its largest polished by
brentq on its central difference. Prints θ0, ẋ0, θ̇0, μ, the phase's end
and dev_max.
"""
import numpy as np, sys
from scipy.integrate import solve_ivp
from scipy.optimize import brentq
m1=m2=l=1.0; g=9.81
def case(th0, xd0, thd0, mu):
    sig = np.sign(xd0)
    def parts(th, thd):
        s,c=np.sin(th),np.cos(th); M=m1+m2
        A=np.array([[M,-m2*l*s,0],[-m2*l*s,m2*l*l,m2*l*c],[0,m2*l*c,M]])
        X=np.array([m2*l*c*thd**2,-m2*g*l*c,-M*g+m2*l*s*thd**2])
        Ai=np.linalg.inv(A); G=np.array([-mu*sig,0,0]); e=np.array([0,0,1.])
        lam=-(Ai@X)[2]/(Ai@(e+G))[2]; lam0=-(Ai@X)[2]/Ai[2,2]
        qdd=Ai@(X+lam*(e+G))
        return lam, lam0, qdd
    def rhs(t,y):
        lam,lam0,qdd=parts(y[1],y[3]); return [y[2],y[3],qdd[0],qdd[1]]
    ev=[lambda t,y: y[1], lambda t,y: np.pi-y[1], lambda t,y: sig*y[2], lambda t,y: parts(y[1],y[3])[0]]
    for e in ev: e.terminal=True; e.direction=-1
    s=solve_ivp(rhs,(0,2),[0,np.radians(th0),xd0,thd0],method='DOP853',rtol=1e-13,atol=1e-14,events=ev,dense_output=True)
    T=s.t[-1]
    dev=lambda t: (lambda p: p[0]-p[1])(parts(s.sol(t)[1], s.sol(t)[3]))
    ts=np.linspace(0,T,200001); d=np.array([abs(dev(t)) for t in ts]); i=int(np.argmax(d))
    best=d[i]
    if 0<i<len(ts)-1:
        h=1e-7; dd=lambda t:(abs(dev(t+h))-abs(dev(t-h)))/(2*h)
        tm=brentq(dd,ts[i-1],ts[i+1],xtol=1e-15); best=max(best,abs(dev(tm)))
    print(th0,xd0,thd0,mu,"T=%.12g"%T,"i=%d/%d"%(i,len(ts)-1),"dev_max=%.13g"%best)
for c in [(80,-3,-2,0.3),(80,-1,-3,0.3),(85,2,-2,0.2),(40,-2,4,0.3),(30,-1,0,0.5)]:
    case(*c)
