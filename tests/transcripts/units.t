# Units as a person types them, output in a unit, ans and help units (issue 16).

# The done-when of issue 16: a quoted command name, and ans after it.
$ tribo -c '"eval" 1+2; eval 2*ans'
3
6
? 0

# A unit glued to the number, rpm, and a result in another unit.
$ tribo -c 'load disk-reye; set omega 300 rpm; set r 15cm; solve; print stop_time ms'
1921.46339669
? 0

# An angle as a person types it: long name, °, an expression in radians, glued.
$ tribo -c 'load imachi; set phi 45 degrees; print phi; set phi 45°; print phi; set phi pi/4 rad; print phi; set phi 45deg; print phi; set phi 45 °; print phi'
45
45
45
45
45
? 0
$ tribo -c 'load disk-reye; set r (3/4) m; print r; set r 15 centimetres; print r; set omega 2 revolutions/second; print omega; set r 2e-3; print r'
0.75
0.15
12.5663706144
0.002
? 0

# A mistyped unit is suggested; a value that is not finite, or a unit of another dimension, is refused.
$ tribo -c 'load imachi; set phi 45 degreez'
! tribo: -c: command 2: set: unknown unit 'degreez' (did you mean 'degrees'?)
? 1
$ tribo -c 'load disk-reye; set r 1/0 m'
! tribo: -c: command 2: set: '1/0' is not a finite number
? 1
$ tribo -c 'load disk-reye; set r 3 s'
! tribo: -c: command 2: set: 's' is a unit of time, but r is a length (m)
? 1
$ tribo -c 'load disk-reye; print r s'
! tribo: -c: command 2: print: 's' is a unit of time, but r is a length (m)
? 1
$ tribo -c 'load disk-reye; eval r to s'
! tribo: -c: command 2: eval: 's' is a unit of time, but r is a length (m)
? 1

# eval is in SI: a lone name shows its SI unit, 'to' converts; ans is what was shown.
$ tribo -c 'load disk-cm.ini; print r; eval r; eval r to cm; print r mm; print omega rad/s; eval 2*r to cm; eval ans'
11
0.11 m
11 cm
110
31.4159265359
22 cm
0.22 m
? 0
$ tribo -c 'load disk-cm.ini; print r; set r ans; print r; eval r; set r 2*ans; print r'
11
11
0.11 m
22
? 0

# table gives results in the units the exercise asks in; check takes ans with a unit.
$ tribo -c 'load disk-cm.ini; solve; table; print stop_time; print stop_time ms; eval stop_time to ms; check stop_time ans'
R_coeff = 0.269775 N*m
R = 8.47523158122 W
torque = -0.269775 N*m
stop_time = 1409.07315757 ms
stop_time_exact = 1.40907315757 s
stop_angle = 22.133669401 rad
1.40907315757
1409.07315757
1409.07315757 ms
correct: off by 0%, the tolerance is 1% (tribo: stop_time = 1409.07315757 ms)
? 0
$ tribo -c 'eval ans'
! tribo: -c: command 1: eval: ans is the last number printed, and none has been yet
!     eval ans
!          ^
? 1

# sweep's range takes units as set does.
$ tribo -c 'load disk-reye; sweep r 10cm 20cm 3 stop_time'
r [m]  stop_time [s]
0.1    0.815494393476
0.15   1.22324159021
0.2    1.63098878695
? 0
$ tribo -c 'help units'
length (SI: m):
  m    = 1 m                   meter meters metre metres
  cm   = 0.01 m                centimeter centimeters centimetre centimetres
  mm   = 0.001 m               millimeter millimeters millimetre millimetres
  um   = 1e-06 m               micrometer micrometers micrometre micrometres
  µm   = 1e-06 m
  km   = 1000 m                kilometer kilometers kilometre kilometres
  in   = 0.0254 m              inch inches
  ft   = 0.3048 m              foot feet

mass (SI: kg):
  kg   = 1 kg                  kilogram kilograms
  g    = 0.001 kg              gram grams
  mg   = 1e-06 kg              milligram milligrams
  lb   = 0.45359237 kg         pound pounds

time (SI: s):
  s    = 1 s                   second seconds
  ms   = 0.001 s               millisecond milliseconds
  min  = 60 s                  minute minutes
  h    = 3600 s                hour hours

angle (SI: rad):
  rad  = 1 rad                 radian radians
  deg  = 0.0174532925199 rad   degree degrees
  °    = 0.0174532925199 rad
  rev  = 6.28318530718 rad     revolution revolutions

angular velocity (SI: rad/s):
  rpm  = 0.10471975512 rad/s

force (SI: N):
  N    = 1 N                   newton newtons
  kN   = 1000 N                kilonewton kilonewtons
  mN   = 0.001 N               millinewton millinewtons

torque or energy (SI: N*m):
  J    = 1 N*m                 joule joules

power (SI: W):
  W    = 1 W                   watt watts

frequency (SI: Hz):
  Hz   = 1 Hz                  hertz

Units combine: N*m, N m, m/s, m/s^2, m/s², kg m^2, 1/s. A number
may have its unit glued on: 15cm, 45deg, 45°.
? 0
