# The issue's check: a ring, uniform pressure, Coulomb. Independently,
# R = (2μN/π)(u + rω)E(k) with k = 2√(u rω)/(u + rω) = 5.11314757460…
$ tribo -c 'load rayleigh; set shape ring; set r 1; set vx 0.3; set wz 1; set pressure uniform; set law coulomb; set mu 0.5; set N 10; solve; print R Qx'
5.1131475746
-0.758736397655
? 0

# Stokes friction: P = 2R (Rayleigh's eq. 10), whatever the pressure.
# (the annulus's figures take 11 s under valgrind)
#! heavy
$ tribo -c 'load rayleigh; set law stokes; set pressure reye; set shape annulus; solve; print P_over_2R'
1
? 0

# Uniform pressure: −∂R/∂q̇ is the force of eq. (18); under Reye it is not.
$ tribo -c 'load rayleigh-ring; solve; eval step(1e-8 - abs(Qx + dRdvx)); load rayleigh-reye; solve; eval step(abs(Qx + dRdvx) - 0.1)'
1
1
? 0

# A translating disk under Coulomb friction: |Q| = μN against the motion.
$ tribo -c 'load rayleigh; set wz 0; set vx 3; set vy -4; set pressure reye; solve; eval sqrt(Qx^2 + Qy^2)/(mu*N); eval Qy/Qx'
1
-1.33333333333
? 0

# Only the relative velocity counts: a base that moves with the body
# leaves nothing sliding, and R says nothing about static friction.
$ tribo -c 'load rayleigh; set wz 0; set vx 0.2; set bx 0.2; solve'
! tribo: -c: command 5: solve: nothing slides (u = 0 and ω = 0): R = 0 and the friction is static, not given by R
? 1

# A formula for μ(v), checked like any expression.
$ tribo -c 'load rayleigh; set law expr; set mu_expr "0.3 + 0.1*exp(-v)"; solve; print R'
1.59507262733
? 0

$ tribo -c 'load rayleigh; set law expr; set mu_expr "0.3 + u"; solve'
! tribo: -c: command 3: set: mu_expr = '0.3 + u': column 7: unknown name 'u': the formula may use only v
? 1

$ tribo -c 'load rayleigh; set law expr; set mu_expr "0.3 - v"; solve'
! tribo: -c: command 4: solve: the friction law gives μ(0.8 m/s) = -0.5: a friction coefficient must be finite and not negative
? 1

$ tribo -c 'load rayleigh; set shape annulus; set r_in 0.2; solve'
! tribo: -c: command 3: set: r_in = 0.2: an annulus needs 0 < r_in < r (r = 0.1); use shape disk for r_in = 0 and shape ring for a thin one
? 1

# §2.1: the block put on a running belt rides with it once it reaches the
# belt's speed; with Coulomb friction (a = 0) that is at v0 m/(μ0 N).
$ tribo -c 'load conveyor; set Fy 0; set a 0; set v0 1; solve; print t_stick stuck x_end; eval v0*m/(mu0*N)'
0.169894665308
true
1.91505266735
0.169894665308
? 0

# Held at x = 0 and pushed across, the block feels c = N μ(v0)/v0.
$ tribo -c 'load conveyor-transverse; solve; print c_transverse; eval vy_end*c_transverse/Fy'
3.924
1.0000947253
? 0

# §2.3: the polisher's viscous coefficient μmg/(rω) and the exact one.
$ tribo -c 'load polisher; solve; print c_eff c_eff_exact; eval c_eff - mu*m*g/(r*omega)'
2.616
2.61928232676
0
? 0

$ tribo -c 'load polisher-push; set tmax 8; solve; print thetadot_end; eval M*tmax/(2*m*r^2)'
4.41318496875
4.44444444444
? 0

# The polisher through its stick phases (issue 17). M = 5 N·m exceeds the
# 2μmgr = 2.3544 N·m a resting ring holds: when the ring turning at θ̇ − ω
# rests at t = 0.36 s it slips on, and θ̇(5 s) = 156.395377779 (SciPy,
# tests/ref/polisher_ref.py; the closed form is the eval).
$ tribo -c 'load polisher; set vx0 0; set M 5; set tmax 5; solve; print thetadot_end locked t_end M_lock; eval 20 + (M - 2*mu*m*g*r)/(2*m*r^2)*(tmax - 2*m*r^2*omega/M)'
156.395377778
false
5
2.3544
156.395377778
? 0

# M = 1 N·m is held: locked at θ̇ = ω from t = 2mr²ω/M = 1.8 s, θ = 82 rad.
$ tribo -c 'load polisher; set vx0 0; set M 1; set tmax 5; solve; print thetadot_end locked t_lock theta_end'
20
true
1.8
82
? 0

# Sliding at 0.3 m/s the centre and the slower ring stop together, then the
# machine locks (SciPy: t_lock 1.8102797348, x_end 0.285150754623,
# theta_end 81.9586511767).
$ tribo -c 'load polisher; set M 1; set tmax 5; solve; print locked t_lock x_end theta_end'
true
1.81027973499
0.285150754623
81.9586511767
? 0


# a block at the belt's speed from the start has reached it at t = 0, not never
$ tribo -c 'load conveyor; set vx0 0.5; solve; print t_stick stuck x_end'
0
true
1
? 0

# rayleigh's figures follow the centre's slip speed: R and P, and the
# exercise's point, Qx of eq. (18) against −∂R/∂vx.
$ tribo -c 'load rayleigh-reye; solve; plot'
  R_P     R and P as the centre's slip speed u = |v − b| runs from 0 to twice this one (direction and spin ω held)
  Q       The friction force Qx of eq. (18) against −∂R/∂vx, as the centre's slip speed u runs (direction and spin ω held)
? 0

# Issue 18: the horizon does not move the answer. The conveyor's stick (and
# its speed threshold) come from the problem's own scales, not from tmax:
# at tmax 1e9 the block once stuck at t = 0 with y_end = 0.
$ tribo -c 'load conveyor; set tmax 1; solve; print t_stick y_end; set tmax 1e9; solve; print t_stick y_end'
0.117851640655
0.00624590379362
0.117851640655
0.00624590379362
? 0

# Issue 18, the domain's edges. Bouchet's ∫μ with a tiny a is Coulomb's
# μ0 v (it overflowed to R0 = inf at a = 1e-310): R0 = N μ0 |v_r| =
# 9.81 · 0.6 · 0.5 = 2.943 W. A mass so small that its acceleration
# overflows is refused (every end value was nan).
$ tribo -c 'load conveyor; set a 1e-310; solve; print R0'
2.943
? 0

$ tribo -c 'load conveyor; set m 1e-310'
! tribo: -c: command 2: set: m = 1e-310 kg: the block's acceleration, its forces (7.886 N) over its mass, would be above 1e308 m/s²; raise m or lower the forces
? 1

# The disk: a spin whose stop angle overflows is refused; a spin of
# 1e-300 rad/s stops at once (τ = ωr/(μg)), without seconds of quadrature.
$ tribo -c 'load disk-reye; set omega 1e300'
! tribo: -c: command 2: set: omega = 1e+300 rad/s: the disk would turn more than 1e308 rad before it stops (about ω²r/(2μg)); lower omega or r, or raise mu or g
? 1

$ tribo -c 'load disk-reye; set omega 1e-300; solve; eval stop_time/stop_time_exact'
1
? 0
