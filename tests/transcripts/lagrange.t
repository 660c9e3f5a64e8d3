# Model lagrange (issue 23): a system stated by T, V and R. The block on a
# level floor with a spring (m = 2 kg, k = 5 N/m, mu = 0.01, x0 = 1 m, at
# rest): the free Coulomb decay stops after 13 half-cycles, at
# t = 13 pi sqrt(m/k) = 25.8299 s and |x| = 1 - 13 (2 mu m g/k) = 0.02024 m.
$ tribo -c 'load incline-spring; solve; print t_stop x_end outcome; eval 13*pi*sqrt(2/5)'
25.8299294911
0.0202399999994
rests
25.8299294911
? 0

# The disk of disk-reye as T and R: the same stop time.
$ tribo -c 'load disk-lagrange; solve; print t_stop; load disk-reye; solve; print stop_time'
1.22324159021
1.22324159021
? 0

# The frictionless ladder as T and V leaves the wall at sin(theta) =
# (2/3) sin(60 deg), where model ladder has it.
$ tribo -c 'load ladder-lagrange; solve; print theta_end t_stop; eval asin(2/3*sin(pi/3))'
0.61547970867
0.562969689175
0.61547970867 rad
? 0

# There its [result] lambda_wall, two terms of 200 N that cancel, is 0, not
# their round-off (-1.3e-14 N); before the leaving it is the formula's value.
$ tribo -c 'load ladder-lagrange; solve; print lambda_wall; set tmax 0.3; solve; print lambda_wall; eval 3/4*m*g*cos(theta_end)*(3*sin(theta_end) - 2*sin(theta0))'
0
29.7222698806
29.7222698806 N
? 0

# The bead on the rotating hoop: the derived equation of motion.
$ tribo -c 'load hoop-bead; solve; print outcome phi_end'
rests
1.08311465751
? 0

$ tribo -c 'load hoop-bead; solve; steps' | sed -n '/^dT/,/^Equation/p'
dT/dphidot = m*a^2*phidot
M[phi][phi] = m*a^2
Generalized force Q_phi = m*a^2*Omega^2*cos(phi)*sin(phi) - m*g*a*sin(phi) -
    mu*m*g*a*sign(phidot)
  (sign(v) is 1 for v > 0 and -1 for v < 0: the derivative of |v|)
Equation of motion of phi: m*a^2*phiddot = Q_phi
? 0

# A name T does not know is pointed at, line and column.
$ tribo -c 'load lagrange-unknown.ini'
! tribo: -c: command 1: load: lagrange-unknown.ini:9:5: unknown name 'm' in T: it may use the parameters, the coordinates, their rates (NAMEdot), t, constants and functions
!     T = m*xdot^2/2
!         ^
? 1

# The coin of coin as T and R, R Minguzzi's contact integral of a uniform
# disk: the same stop time, distance and turns as model disk-slide.
$ tribo -c 'load coin-lagrange; solve; print t_stop x_end turns outcome; load coin; solve; print stop_time distance turns'
0.36640319574
0.0966110900693
2.8502166089
rests
0.36640319574
0.0966110900693
2.8502166089
? 0

# A block on a moving belt (issue 36): the kink of R at xdot = vb is a
# contact, followed through its stick (riding with the belt until the
# spring pulls mu m g) and its slip, against the closed form.
$ tribo -c 'load lagrange-belt.ini; solve; print x_end xdot_end; eval 0.49 + 1.3*sin(20 - 0.49/1.3); eval 1.3*cos(20 - 0.49/1.3)'
1.39825628768
0.930091670694
1.39825628768
0.930091670693
? 0

$ tribo -c 'load lagrange-belt.ini; solve; steps' | grep -A1 '^  t = '
  t = 0 s: the contact xdot - vb = 0 at rest; the force on it, |f| = 0, is
      within the bound c = 0.49 that R allows there: it is held.
  t = 0.3769230769 s: the force that holds the contact xdot - vb = 0, -0.49,
      reached its bound c = 0.49 and is growing past it: it slips (-).
? 0

# A kink of R that is not linear in the rates is refused when the file is read.
$ sed 's/abs(xdot - vb)/abs(xdot^2 - vb^2)/' lagrange-belt.ini > "$HOME/k.ini"; cd "$HOME" && tribo -c 'load k.ini'
! tribo: -c: command 1: load: k.ini:17:16: R has a kink where xdot^2 - vb^2 = 0, and xdot^2 - vb^2 is not linear in the rates: tribo follows stick and slip across surfaces a·q̇ + b = 0 only (write the relative velocity inside abs)
!     R = mu*m*g*abs(xdot^2 - vb^2)
!                    ^
? 1

# The bead on the rotating hoop: T has a term of degree 0 in the rates
# (the frame turns), so T + V is not conserved even without friction and
# E_start - E_end is not what friction took (issue 37); friction_work, the
# integral of the friction's power, is.
$ tribo -c 'load hoop-bead; solve; print friction_work; print energy_lost'
0.0314334513262
! tribo: -c: command 4: print: energy_lost has no value: T + V is not conserved here even without friction (T or V depends on t, or T has terms of other than second degree in the rates: a moving frame), so E_start - E_end is not what friction took; friction_work is
? 1

# Where T + V is conserved without friction, what it lost is what friction took.
$ tribo -c 'load incline-spring; solve; print energy_lost friction_work'
2.498975856
2.498975856
? 0

# A mass matrix singular to rounding is refused with the rates it cannot
# separate (issue 43): T = m (xdot + ydot)^2/2 left the last Cholesky
# pivot of rounding's size at m = 2 and was "solved".
$ printf '[exercise]\nid = sing\ntitle = T singular\nmodel = lagrange\nstatement = x\n[system]\ncoordinates = x, y\nT = m*(xdot+ydot)^2/2\nV = k*x^2/2\n[param m]\nvalue = 2\n[param k]\nvalue = 1\n' > "$HOME/sing.ini"; cd "$HOME" && tribo -c 'load sing.ini'
! tribo: -c: command 1: load: sing.ini:8:5: T = m*(xdot+ydot)^2/2 at the file's values: the mass matrix ∂²T/∂q̇² is singular along (xdot, ydot) ∝ (-0.707, 0.707): x and y are not separately determined by T
!     T = m*(xdot+ydot)^2/2
!         ^
? 1
