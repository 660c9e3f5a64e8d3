# Quantities inside expressions (issue 40 point 1): a value with a unit is a
# quantity in eval, set, check, sweep and an exercise file's values;
# dimensions checked as GNU units checks them, angles numbers; ans a
# quantity. The numbers are worked out from the units' SI definitions alone
# in tests/ref/quantities.py.

# The done-when of issue 40 point 1: units inside expressions.
$ tribo -c 'eval 20 cm * 300 rpm to m/s; eval 20 cm * 300 rpm; eval sin(30 deg); eval 2 N * 3 m; eval 2 N*m; eval 9.81 m/s^2 * 2 kg'
6.28318530718 m/s
6.28318530718 m/s
0.5
6 N*m
2 N*m
19.62 N
? 0

# A unit binds to the number or the parentheses before it, tighter than * and /.
$ tribo -c 'eval 1/(2 s); eval 3 m^2; eval 3/4 m; eval (3/4) m; eval sqrt(4 m^2); eval (2 m)^2; eval 2 1/s; eval 36 km/h to m/s'
0.5 1/s
3 m^2
0.75 m^-1
0.75 m
2 m
4 m^2
2 1/s
10 m/s
? 0

# Angles are numbers, degrees a unit of them (deg = pi/180), rpm = 2 pi/60 1/s.
$ tribo -c 'eval 30 deg; eval 300 rpm; eval 300 rpm to Hz; eval 5 rev/s to rpm; eval atan(1) to deg; eval 4*atan(1); eval 45° to rad'
0.523598775598 rad
31.4159265359 rad/s
31.4159265359 Hz
300 rpm
45 deg
3.14159265359 rad
0.785398163397 rad
? 0

# rpm to Hz is right as GNU units has it; the interactive modes say once what it counts.
$ printf 'eval 300 rpm to Hz\neval 1 Hz to rpm\n' | tribo --plain
tribo> eval 300 rpm to Hz
31.4159265359 Hz
note: an angle is a number here (1 rad = 1): 1/s and Hz count radians a second, not turns ('to rev/s' counts turns)
tribo> eval 1 Hz to rpm
9.54929658551 rpm
tribo> 
? 0

# set says the same once, where a rate in Hz is given to an angular velocity
$ printf 'load polisher-push\nset omega 5 Hz\nset omega 2 Hz\nset omega 5 rev/s\n' | tribo --plain 2>&1 | grep -v '^loaded '
tribo> load polisher-push
tribo[polisher-push]> set omega 5 Hz
note: an angle is a number here (1 rad = 1): 1/s and Hz count radians a second, not turns (for turns write rev/s or rpm)
omega = 5 rad/s
tribo[polisher-push]> set omega 2 Hz
omega = 2 rad/s
tribo[polisher-push]> set omega 5 rev/s
omega = 31.4159265359 rad/s
tribo[polisher-push]> 
? 0

# Names carry their SI units: r is 0.15 m, omega 20 rad/s.
$ tribo -c 'load disk-reye; eval r; eval omega*r; eval omega*r/(mu*g); eval omega*r/(mu*g) to ms; eval 2 N*m; eval m'
0.15 m
3 m/s
1.22324159021 s
1223.24159021 ms
2 N*m
2 kg
? 0

# Dimensions are checked: a sum of two kinds, a function of a length, a dimensioned exponent, a root of no whole powers.
$ tribo -c 'eval 1 m + 1 s'
! tribo: -c: command 1: eval: cannot add a length (m) and a time (s)
!     eval 1 m + 1 s
!              ^
? 1

$ tribo -c 'eval 1 m - 1 s'
! tribo: -c: command 1: eval: cannot subtract a time (s) from a length (m)
!     eval 1 m - 1 s
!              ^
? 1

$ tribo -c 'eval 1 m + 1'
! tribo: -c: command 1: eval: cannot add a length (m) and a number
!     eval 1 m + 1
!              ^
? 1

$ tribo -c 'eval sin(1 m)'
! tribo: -c: command 1: eval: sin wants a number (an angle is one), not a length (m)
!     eval sin(1 m)
!          ^
? 1

$ tribo -c 'eval 2^(1 s)'
! tribo: -c: command 1: eval: '^' wants a number for its exponent, not a time (s)
!     eval 2^(1 s)
!           ^
? 1

$ tribo -c 'eval sqrt(2 m)'
! tribo: -c: command 1: eval: the square root of a length (m) has no whole powers of its units
!     eval sqrt(2 m)
!          ^
? 1

$ tribo -c 'eval (2 m)^0.5'
! tribo: -c: command 1: eval: a length (m) to the power 0.5 has no whole powers of its units
!     eval (2 m)^0.5
!               ^
? 1

$ tribo -c 'eval 45 degreez'
! tribo: -c: command 1: eval: unknown unit 'degreez' (did you mean 'degrees'?)
!     eval 45 degreez
!             ^
? 1

$ tribo -c 'load disk-reye; eval r to s'
! tribo: -c: command 2: eval: 's' is a unit of time, but r is a length (m)
? 1

$ tribo -c 'load disk-reye; eval omega*r to s'
! tribo: -c: command 2: eval: 's' is a unit of time, but omega*r is a velocity (m/s)
? 1

$ tribo -c 'eval 1/0'
! tribo: -c: command 1: eval: the result is not finite (a division by 0?)
? 1

$ tribo -c 'eval 1 m/0'
! tribo: -c: command 1: eval: the result is not finite (a division by 0?)
? 1

# The session goes on after a refusal (errors name the command and the argument).
$ printf 'eval 1 m + 1 s\neval sin(1 m)\neval 2 + 2\n' | tribo --plain
tribo> eval 1 m + 1 s
tribo> eval sin(1 m)
tribo> eval 2 + 2
4
tribo> 
! eval: cannot add a length (m) and a time (s)
!     eval 1 m + 1 s
!              ^
! eval: sin wants a number (an angle is one), not a length (m)
!     eval sin(1 m)
!          ^
? 1

# ans is a quantity: after eval stop_time to ms, check stop_time ans is 1.22 s; 2*ans keeps the unit.
$ tribo -c 'load disk-reye; solve; eval stop_time to ms; check stop_time ans; eval 2*ans; eval ans to ms; print stop_time ms; eval ans'
1223.24159021 ms
correct: off by 0%, the tolerance is 1% (tribo: stop_time = 1.22324159021 s)
2.44648318043 s
2446.48318043 ms
1223.24159021
1.22324159021 s
? 0

# A unit after a name is refused: the name has its own.
$ tribo -c 'load disk-reye; solve; eval stop_time to ms; check stop_time ans ms'
1223.24159021 ms
! tribo: -c: command 4: check: a unit goes after a number or ')', not after the name ans, which has its own (write ans alone, or a number: 2 ms)
!      check stop_time ans ms
!                          ^
? 1

# set takes a quantity: converted to the parameter's unit; a number alone is in it.
$ tribo -c 'load disk-reye; set r 10 cm + 5 mm; print r; set r 2*r; print r; set omega 300 rpm; print omega; set r (3/4) m; print r; set r 0.2; print r'
0.105
0.21
31.4159265359
0.75
0.2
? 0

$ tribo -c 'load disk-reye; set r 3/4 m'
! tribo: -c: command 2: set: 3/4 m is in m^-1, but r is a length (m) (a unit binds to the number before it: 3/4 m is 3/(4 m); write (3/4) m)
? 1

$ tribo -c 'load disk-reye; set r 3 s'
! tribo: -c: command 2: set: 's' is a unit of time, but r is a length (m)
? 1

$ tribo -c 'load disk-reye; set r 20 cm * 300 rpm'
! tribo: -c: command 2: set: 20 cm * 300 rpm is a velocity, but r is a length (m)
? 1

$ tribo -c 'load disk-reye; set r 1/0 m'
! tribo: -c: command 2: set: '1/0' is not a finite number
? 1

# check NAME = EXPR: a quantity; a number alone is in the answer's unit.
$ tribo -c 'load disk-reye; solve; check stop_time = 1.2 s; check stop_time = omega*r/(mu*g); check stop_time = 1223 ms; check stop_time = 1.2232'
incorrect: off by 1.9%, the tolerance is 1% (tribo: stop_time = 1.22324159021 s; yours: 1.2 s)
correct: off by 0%, the tolerance is 1% (tribo: stop_time = 1.22324159021 s; yours: 1.22324159021 s)
correct: off by 0.02%, the tolerance is 1% (tribo: stop_time = 1.22324159021 s; yours: 1.223 s)
correct: off by 0.0034%, the tolerance is 1% (tribo: stop_time = 1.22324159021 s; yours: 1.2232 s)
? 0

$ tribo -c 'load polisher-push; set tmax 8; solve; check thetadot_end = M*tmax/(2*m*r^2); check thetadot_end = 2*pi*5 rad/s; check thetadot_end = 0.7074 rev/s; check thetadot_end 4.44 m'
correct: off by 0.71%, the tolerance is 1% (tribo: thetadot_end = 4.41318496875 rad/s; yours: 4.44444444444 rad/s)
incorrect: off by 612%, the tolerance is 1% (tribo: thetadot_end = 4.41318496875 rad/s; yours: 31.4159265359 rad/s)
correct: off by 0.71%, the tolerance is 1% (tribo: thetadot_end = 4.41318496875 rad/s; yours: 4.4447252863 rad/s)
incorrect: 4.44 m is a length, but thetadot_end is an angular velocity (rad/s)
? 0

# A mismatch in NAME = EXPR is refused with both named, not judged.
$ tribo -c 'load polisher-push; solve; check thetadot_end = 4.44 m'
! tribo: -c: command 3: check: 4.44 m is a length, but thetadot_end is an angular velocity (rad/s)
? 1

# A result in degrees is compared as an angle: degrees, radians and a number in the answer's unit.
$ tribo -c 'load ladder-slides; solve; table' | grep theta_min
theta_min = 57.4499965078 deg
? 0

$ tribo -c 'load ladder-slides; solve; check theta_min = 57.45 deg; check theta_min = 1.00269 rad; check theta_min = acos(0.5377); check theta_min = 57.45; check theta_min 57.45'
correct: off by 6.1e-06%, the tolerance is 1% (the default) (tribo: theta_min = 57.4499965078 deg; yours: 57.45 deg)
correct: off by 0.00016%, the tolerance is 1% (the default) (tribo: theta_min = 57.4499965078 deg; yours: 57.44990516 deg)
correct: off by 0.04%, the tolerance is 1% (the default) (tribo: theta_min = 57.4499965078 deg; yours: 57.4727952862 deg)
correct: off by 6.1e-06%, the tolerance is 1% (the default) (tribo: theta_min = 57.4499965078 deg; yours: 57.45 deg)
correct: off by 6.1e-06%, the tolerance is 1% (the default) (tribo: theta_min = 57.4499965078 deg)
? 0

# sweep bounds take quantities as set does.
$ tribo -c 'load disk-reye; sweep r 10cm 2*r 3 stop_time'
r [m]  stop_time [s]
0.1    0.815494393476
0.2    1.63098878695
0.3    2.44648318043
? 0

$ tribo -c 'load disk-reye; sweep r 10cm 2s 3 stop_time'
! tribo: -c: command 2: sweep: TO '2s': 's' is a unit of time, but r is a length (m)
? 1

# A unit's factor that takes the value past the range of a double is refused, as set refuses it.
$ tribo -c 'eval 1e-306 mm'
! tribo: -c: command 1: eval: the value underflows in SI (below 2.2e-308 a double loses digits)
? 1

$ tribo -c 'eval 1e300 km to um'
! tribo: -c: command 1: eval: the value is too large in um: it overflows
? 1

$ tribo -c 'load disk-reye; set r 1e-306 mm'
! tribo: -c: command 2: set: r = 1e-306 mm is too small: it underflows in m
? 1

# An exercise file's value may be a quantity, put in the display unit (tests/data/disk-quantity.ini: 110 mm shown in cm, 10*pi rad/s in rpm); the same disk as disk-cm.
$ tribo -c 'load disk-quantity.ini; print r omega mu; solve; print stop_time; load disk-cm.ini; solve; print stop_time'
11
300
0.25
1.40907315757
1.40907315757
? 0
