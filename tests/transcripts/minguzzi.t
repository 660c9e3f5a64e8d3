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
$ tribo -c 'load rayleigh-ring; solve; eval step(1e-8 N - abs(Qx + dRdvx)); load rayleigh-reye; solve; eval step(abs(Qx + dRdvx) - 0.1 N)'
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
note: mu_expr = '0.3 + u': column 7: unknown name 'u': the formula may use only v (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: mu_expr = '0.3 + u': column 7: unknown name 'u': the formula may use only v
? 1

$ tribo -c 'load rayleigh; set law expr; set mu_expr "0.3 - v"; solve'
! tribo: -c: command 4: solve: the friction law gives μ(0.8 m/s) = -0.5: a friction coefficient must be finite and not negative
? 1

$ tribo -c 'load rayleigh; set shape annulus; set r_in 0.2; solve'
note: r_in = 0.2: an annulus needs 0 < r_in < r (r = 0.1); use shape disk for r_in = 0 and shape ring for a thin one (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: r_in = 0.2: an annulus needs 0 < r_in < r (r = 0.1); use shape disk for r_in = 0 and shape ring for a thin one
? 1

# §2.1: the block put on a running belt rides with it once it reaches the
# belt's speed; with Coulomb friction (a = 0) that is at v0 m/(μ0 N).
$ tribo -c 'load conveyor; set Fy 0; set a 0; set v0 1; solve; print t_stick stuck x_end; eval v0*m/(mu0*N)'
0.169894665308
true
1.91505266735
0.169894665308 s
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
0 kg/s
? 0

$ tribo -c 'load polisher-push; set tmax 8; solve; print thetadot_end; eval M*tmax/(2*m*r^2)'
4.41318496875
4.44444444444 1/s
? 0

# The polisher through its stick phases (issue 17). M = 5 N·m exceeds the
# 2μmgr = 2.3544 N·m a resting ring holds: when the ring turning at θ̇ − ω
# rests at t = 0.36 s it slips on, and θ̇(5 s) = 156.395377779 (SciPy,
# tests/ref/polisher_ref.py; the closed form is the eval).
$ tribo -c 'load polisher; set vx0 0; set M 5; set tmax 5; solve; print thetadot_end locked t_end M_lock; eval 20 rad/s + (M - 2*mu*m*g*r)/(2*m*r^2)*(tmax - 2*m*r^2*omega/M)'
156.395377778
false
5
2.3544
156.395377778 rad/s
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

$ tribo -c 'load conveyor; set m 1e-310; solve'
note: the block's acceleration, its forces (7.886 N) over its mass (1e-310 kg), would be above 1e100 m/s², where its motion overflows; raise m or lower the forces (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: the block's acceleration, its forces (7.886 N) over its mass (1e-310 kg), would be above 1e100 m/s², where its motion overflows; raise m or lower the forces
? 1

# The disk: a spin whose stop angle overflows is refused; a spin of
# 1e-300 rad/s stops at once (τ = ωr/(μg)), without seconds of quadrature.
$ tribo -c 'load disk-reye; set omega 1e300; solve'
note: omega = 1e+300 rad/s: the disk would turn more than 1e308 rad before it stops (about ω²r/(2μg)); lower omega or r, or raise mu or g (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: omega = 1e+300 rad/s: the disk would turn more than 1e308 rad before it stops (about ω²r/(2μg)); lower omega or r, or raise mu or g
? 1

$ tribo -c 'load disk-reye; set omega 1e-300; solve; eval stop_time/stop_time_exact'
1
? 0

# Issue 18: a solve has a budget. A formula of 3990 characters ran 13-21 s
# a solve; it now stops after about half a second, saying what to change.
#! heavy
$ tribo -c 'load rayleigh; set law expr; set mu_expr 0.3+0.001*sin(0*v)+0.001*sin(1*v)+0.001*sin(2*v)+0.001*sin(3*v)+0.001*sin(4*v)+0.001*sin(5*v)+0.001*sin(6*v)+0.001*sin(7*v)+0.001*sin(8*v)+0.001*sin(9*v)+0.001*sin(10*v)+0.001*sin(11*v)+0.001*sin(12*v)+0.001*sin(13*v)+0.001*sin(14*v)+0.001*sin(15*v)+0.001*sin(16*v)+0.001*sin(17*v)+0.001*sin(18*v)+0.001*sin(19*v)+0.001*sin(20*v)+0.001*sin(21*v)+0.001*sin(22*v)+0.001*sin(23*v)+0.001*sin(24*v)+0.001*sin(25*v)+0.001*sin(26*v)+0.001*sin(27*v)+0.001*sin(28*v)+0.001*sin(29*v)+0.001*sin(30*v)+0.001*sin(31*v)+0.001*sin(32*v)+0.001*sin(33*v)+0.001*sin(34*v)+0.001*sin(35*v)+0.001*sin(36*v)+0.001*sin(37*v)+0.001*sin(38*v)+0.001*sin(39*v)+0.001*sin(40*v)+0.001*sin(41*v)+0.001*sin(42*v)+0.001*sin(43*v)+0.001*sin(44*v)+0.001*sin(45*v)+0.001*sin(46*v)+0.001*sin(47*v)+0.001*sin(48*v)+0.001*sin(49*v)+0.001*sin(50*v)+0.001*sin(51*v)+0.001*sin(52*v)+0.001*sin(53*v)+0.001*sin(54*v)+0.001*sin(55*v)+0.001*sin(56*v)+0.001*sin(57*v)+0.001*sin(58*v)+0.001*sin(59*v)+0.001*sin(60*v)+0.001*sin(61*v)+0.001*sin(62*v)+0.001*sin(63*v)+0.001*sin(64*v)+0.001*sin(65*v)+0.001*sin(66*v)+0.001*sin(67*v)+0.001*sin(68*v)+0.001*sin(69*v)+0.001*sin(70*v)+0.001*sin(71*v)+0.001*sin(72*v)+0.001*sin(73*v)+0.001*sin(74*v)+0.001*sin(75*v)+0.001*sin(76*v)+0.001*sin(77*v)+0.001*sin(78*v)+0.001*sin(79*v)+0.001*sin(80*v)+0.001*sin(81*v)+0.001*sin(82*v)+0.001*sin(83*v)+0.001*sin(84*v)+0.001*sin(85*v)+0.001*sin(86*v)+0.001*sin(87*v)+0.001*sin(88*v)+0.001*sin(89*v)+0.001*sin(90*v)+0.001*sin(91*v)+0.001*sin(92*v)+0.001*sin(93*v)+0.001*sin(94*v)+0.001*sin(95*v)+0.001*sin(96*v)+0.001*sin(97*v)+0.001*sin(98*v)+0.001*sin(99*v)+0.001*sin(100*v)+0.001*sin(101*v)+0.001*sin(102*v)+0.001*sin(103*v)+0.001*sin(104*v)+0.001*sin(105*v)+0.001*sin(106*v)+0.001*sin(107*v)+0.001*sin(108*v)+0.001*sin(109*v)+0.001*sin(110*v)+0.001*sin(111*v)+0.001*sin(112*v)+0.001*sin(113*v)+0.001*sin(114*v)+0.001*sin(115*v)+0.001*sin(116*v)+0.001*sin(117*v)+0.001*sin(118*v)+0.001*sin(119*v)+0.001*sin(120*v)+0.001*sin(121*v)+0.001*sin(122*v)+0.001*sin(123*v)+0.001*sin(124*v)+0.001*sin(125*v)+0.001*sin(126*v)+0.001*sin(127*v)+0.001*sin(128*v)+0.001*sin(129*v)+0.001*sin(130*v)+0.001*sin(131*v)+0.001*sin(132*v)+0.001*sin(133*v)+0.001*sin(134*v)+0.001*sin(135*v)+0.001*sin(136*v)+0.001*sin(137*v)+0.001*sin(138*v)+0.001*sin(139*v)+0.001*sin(140*v)+0.001*sin(141*v)+0.001*sin(142*v)+0.001*sin(143*v)+0.001*sin(144*v)+0.001*sin(145*v)+0.001*sin(146*v)+0.001*sin(147*v)+0.001*sin(148*v)+0.001*sin(149*v)+0.001*sin(150*v)+0.001*sin(151*v)+0.001*sin(152*v)+0.001*sin(153*v)+0.001*sin(154*v)+0.001*sin(155*v)+0.001*sin(156*v)+0.001*sin(157*v)+0.001*sin(158*v)+0.001*sin(159*v)+0.001*sin(160*v)+0.001*sin(161*v)+0.001*sin(162*v)+0.001*sin(163*v)+0.001*sin(164*v)+0.001*sin(165*v)+0.001*sin(166*v)+0.001*sin(167*v)+0.001*sin(168*v)+0.001*sin(169*v)+0.001*sin(170*v)+0.001*sin(171*v)+0.001*sin(172*v)+0.001*sin(173*v)+0.001*sin(174*v)+0.001*sin(175*v)+0.001*sin(176*v)+0.001*sin(177*v)+0.001*sin(178*v)+0.001*sin(179*v)+0.001*sin(180*v)+0.001*sin(181*v)+0.001*sin(182*v)+0.001*sin(183*v)+0.001*sin(184*v)+0.001*sin(185*v)+0.001*sin(186*v)+0.001*sin(187*v)+0.001*sin(188*v)+0.001*sin(189*v)+0.001*sin(190*v)+0.001*sin(191*v)+0.001*sin(192*v)+0.001*sin(193*v)+0.001*sin(194*v)+0.001*sin(195*v)+0.001*sin(196*v)+0.001*sin(197*v)+0.001*sin(198*v)+0.001*sin(199*v)+0.001*sin(200*v)+0.001*sin(201*v)+0.001*sin(202*v)+0.001*sin(203*v)+0.001*sin(204*v)+0.001*sin(205*v)+0.001*sin(206*v)+0.001*sin(207*v)+0.001*sin(208*v)+0.001*sin(209*v)+0.001*sin(210*v)+0.001*sin(211*v)+0.001*sin(212*v)+0.001*sin(213*v)+0.001*sin(214*v)+0.001*sin(215*v)+0.001*sin(216*v)+0.001*sin(217*v)+0.001*sin(218*v)+0.001*sin(219*v)+0.001*sin(220*v)+0.001*sin(221*v)+0.001*sin(222*v)+0.001*sin(223*v)+0.001*sin(224*v)+0.001*sin(225*v)+0.001*sin(226*v)+0.001*sin(227*v)+0.001*sin(228*v)+0.001*sin(229*v)+0.001*sin(230*v)+0.001*sin(231*v)+0.001*sin(232*v)+0.001*sin(233*v)+0.001*sin(234*v)+0.001*sin(235*v)+0.001*sin(236*v)+0.001*sin(237*v)+0.001*sin(238*v)+0.001*sin(239*v)+0.001*sin(240*v); solve'
! tribo: -c: command 4: solve: mu_expr: a formula of 5432 characters (as compiled) was evaluated more than 73421 times, the most a solve may take (about half a second); write it shorter
? 1

# The polisher: a run spans at most 10000 of its time constants 2rω/(μg)
# (tmax = 1e9 ran for minutes, linear in tmax); a speed of 1e-300 m/s
# has the viscous coefficient of the limit u → 0, μmg/(rω) = 2.616 (the
# ratio of quadratures gave −inf).
$ tribo -c 'load polisher; set tmax 1e9; solve'
note: tmax = 1e+09 s is 6.54e+08 times the machine's time constant 2rω/(μg) = 1.53 s, over which friction relaxes its motion; a run may span at most 10000 of them (1.53e+04 s): lower tmax, or raise r or omega, or lower mu or g (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: tmax = 1e+09 s is 6.54e+08 times the machine's time constant 2rω/(μg) = 1.53 s, over which friction relaxes its motion; a run may span at most 10000 of them (1.53e+04 s): lower tmax, or raise r or omega, or lower mu or g
? 1

$ tribo -c 'load polisher; set vx0 1e-300; solve; print c_eff_exact'
2.616
? 0

# A spin whose time constant underflows is said so, not as tmax "inf
# times" a time constant of "0 s".
$ tribo -c 'load polisher; set omega 5e-324; solve'
note: r = 0.15 m, omega = 4.94066e-324 rad/s, mu = 0.4, g = 9.81 m/s^2: the machine's time constant 2rω/(μg) = 0 s, over which friction relaxes its motion, is below the least normal double (2.23e-308 s); raise r or omega, or lower mu or g (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: r = 0.15 m, omega = 4.94066e-324 rad/s, mu = 0.4, g = 9.81 m/s^2: the machine's time constant 2rω/(μg) = 0 s, over which friction relaxes its motion, is below the least normal double (2.23e-308 s); raise r or omega, or lower mu or g
? 1

# Found by fuzz_domain: N = 1.8e308 on the conveyor gave vx_end = nan.
$ tribo -c 'load conveyor; set N 1.7976931348623157e308; solve'
note: the block's acceleration, its forces (1.07862e+308 N) over its mass (1 kg), would be above 1e100 m/s², where its motion overflows; raise m or lower the forces (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: the block's acceleration, its forces (1.07862e+308 N) over its mass (1 kg), would be above 1e100 m/s², where its motion overflows; raise m or lower the forces
? 1

# Found by fuzz_domain: a belt at 1.8e308 m/s gave R0 = inf. Speeds are
# within 1e100 m/s, and a product of extremes that still overflows (a
# speed over a horizon of 1e300 s) is refused, never printed.
$ tribo -c 'load conveyor; set v0 1.7976931348623157e308; solve'
note: v0 = 1.79769e+308 m/s: beyond 1e100 m/s, where the friction's power and the positions overflow (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: v0 = 1.79769e+308 m/s: beyond 1e100 m/s, where the friction's power and the positions overflow
? 1

$ tribo -c 'load conveyor; set v0 1e100; set tmax 1e300; solve'
! tribo: -c: command 4: solve: x_end came out as inf: the run overflows at these scales; bring m, N, the forces, the speeds and tmax nearer each other
? 1

# Issue 18: a slow belt (v0 = 1e-6 m/s, nothing pushing). The speeds'
# absolute accuracy is on the problem's own scale (at 1e-12 m/s the last
# 1e-15 m/s of slip was never resolved: a million steps of chatter).
# Against Bouchet's law in closed form (SciPy's quad: t = ∫dv/(gμ(v)),
# x_end = 2v0 − ∫v dv/(gμ(v)) over 0..v0): 1.69894750255e-07 s and
# 1.99999991505e-06 m.
$ tribo -c 'load conveyor; set Fy 0; set v0 1e-6; solve; print t_stick x_end stuck'
1.69894750255e-07
1.99999991505e-06
true
? 0

# Issue 18: held across the belt, ẏ relaxes in tau = m/c_transverse; at
# m = 1e-6 kg or N = 9.81e6 N that is a ten-millionth of tmax, and rk8pd
# ran out of steps. Once ẏ has settled the rest is a straight line. The
# references: SciPy's Radau (rtol 1e-13) on m ÿ = Fy − N μ(v_r) ẏ/v_r.
$ tribo -c 'load conveyor-transverse; set m 1e-6; solve; print vy_end y_end; set m 1; set N 9.81e6; solve; print vy_end y_end'
0.0127433068972
0.127433065724
1.27420998981e-08
1.27420995733e-07
? 0

# Fy = 0: ẏ dies out exactly, y stops at its tail (Radau: 0.299481341155
# m at t = 1e3 s, the same at 1e7 s).
$ tribo -c 'load conveyor-transverse; set vy0 1; set Fy 0; set tmax 1e7; solve; print vy_end y_end'
0
0.299481341155
? 0

# At rest on a ring that does not slide (θ̇ = ω, u = 0) the ring's part of
# the viscous coefficient μ m g/(2 r |θ̇ − ω|) is infinite: documented, and
# kept apart from an overflow, which is refused.
$ tribo -c 'load polisher; set vx0 0; set thetadot0 20; solve; print c_eff_exact'
! tribo: -c: command 5: print: c_eff_exact has no value: at rest on a ring that does not slide, θ̇ = ±ω
? 1
