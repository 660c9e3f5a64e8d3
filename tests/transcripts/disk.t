# The issue's example: ωr/(μg) = 0.2·10/(0.3·9.81) = 0.679578661230037…
$ tribo -c 'load disk-reye; set r 20 cm; set omega 10; set mu 0.3; set g 9.81; solve; print stop_time stop_time_exact'
0.67957866123
0.67957866123
? 0

# Uniform pressure: 3ωr/(4μg), three quarters of Reye's time.
$ tribo -c 'load disk-uniform; set r 20 cm; set omega 10; set mu 0.3; solve; print stop_time stop_time_exact; eval stop_time/(omega*r/(mu*g))'
0.509683995923
0.509683995923
0.75
? 0

# R_coeff = μmgr/2 under Reye, 2μmgr/3 uniform; the torque opposes the spin.
$ tribo -c 'load disk-reye; set omega -5; solve; print R_coeff torque; eval R_coeff/(mu*m*g*r)'
0.367875
0.367875
0.5
? 0

$ tribo -c 'load disk-uniform; solve; eval R_coeff/(mu*m*g*r); eval abs(torque)*stop_angle/(m*r^2/4*omega^2)'
0.666666666667
1
? 0

# Units convert to the parameter's unit.
$ tribo -c 'load disk-reye; set omega 300 rpm; set r 6 in; set m 1500 g; print omega r m'
31.4159265359
0.1524
1.5
? 0

# No friction: the disk never stops.
$ tribo -c 'load disk-reye; set mu 0; solve; table' | grep stop_time
stop_time = — (never, μ = 0)
stop_time_exact = — (never, μ = 0)
? 0

$ tribo -c 'load disk-reye; solve; table'
R_coeff = 0.367875 N*m
R = 7.3575 W
torque = -0.367875 N*m
stop_time = 1.22324159021 s
stop_time_exact = 1.22324159021 s
stop_angle = 12.2324159021 rad
? 0

# Found by fuzz_domain: a disk at rest (ω = 0) under g = 5e-324 said
# stop_time_exact = nan, as μg underflowed to 0 and 0/0; at rest it has
# stopped, at t = 0.
$ tribo -c 'load disk-reye; set omega 0; set g 5e-324; solve; print stop_time stop_time_exact stop_angle'
0
0
0
? 0

# Found by fuzz_domain: m = 1.8e308 with μ = 0 gave R_coeff = 0·inf = nan.
# The disk's weight and moment of inertia are within DBL_MIN..1e300.
$ tribo -c 'load disk-reye; set mu 0; set m 1.7976931348623157e308; solve'
note: m = 1.79769e+308 kg, g = 9.81 m/s², r = 0.15 m: the disk's weight m g = inf N and moment of inertia m r²/2 = 2.0224e+306 kg·m² must be within 2.23e-308..1e300, where its torque and its spin-down stay finite (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: m = 1.79769e+308 kg, g = 9.81 m/s², r = 0.15 m: the disk's weight m g = inf N and moment of inertia m r²/2 = 2.0224e+306 kg·m² must be within 2.23e-308..1e300, where its torque and its spin-down stay finite
? 1
