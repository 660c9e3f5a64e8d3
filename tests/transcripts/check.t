# check: the Done-when of issue 9 on the README's disk (r = 20 cm, ω = 10,
# μ = 0.3): stop_time = ωr/(μg) = 0.67957866123 s; the default tolerance
# is 1%.
$ tribo -c 'load disk-reye; set r 20 cm; set omega 10; set mu 0.3; solve; check stop_time 0.68; check stop_time 0.75; check stop_time = omega*r/(mu*g)'
correct: off by 0.062%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
incorrect: off by 10.4%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
correct: off by 0%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s; yours: 0.67957866123 s)
? 0

# A wrong answer is a verdict, not a failed command; an answer with a unit
# is converted; one in the wrong dimension is said to be so.
$ tribo -c 'load disk-reye; set r 20 cm; set omega 10; set mu 0.3; solve; check stop_time 680 ms; check stop_time 0.68 m; check stop_time -0.68; check R_coeff 1.1772; check stop_time = 2*pi*omega*r/(mu*g)'
correct: off by 0.062%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
incorrect: 0.68 m is a length, but stop_time is a time (s)
incorrect: off by 200%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: the sign is wrong
incorrect: off by 100%, the tolerance is 1% (tribo: R_coeff = 0.5886 N*m)
  hint: twice the answer: a factor of 2 too many
incorrect: off by 528%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s; yours: 4.26991865931 s)
  hint: a factor of 2π too many (rev/s for rad/s?)
? 0

# Issue 39: the slips of a time's unit (0.67958 s is 0.011326 min, 40.775
# in s for min, 679.58 for ms, 0.00018877 h), a sign with a factor of 2.
$ tribo -c 'load disk-reye; set r 20 cm; set omega 10; set mu 0.3; solve; check stop_time 0.01133; check stop_time 40.77; check stop_time 679.6; check stop_time 0.0001888; check stop_time -1.359; check stop_time -0.3398'
incorrect: off by 98.3%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: a sixtieth of the answer: minutes for seconds, or hours for minutes?
incorrect: off by 5899%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: 60 times the answer: seconds for minutes, or minutes for hours?
incorrect: off by 99903%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: a thousand times the answer: milliseconds for seconds?
incorrect: off by 100%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: a 3600th of the answer: hours for seconds?
incorrect: off by 300%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: the sign is wrong, and a factor of 2 too many
incorrect: off by 150%, the tolerance is 1% (tribo: stop_time = 0.67957866123 s)
  hint: the sign is wrong, and a factor of 2 missing
? 0

# The issue's θ_slip (0.1%: the sheet asks 4 significant figures, 31.82;
# 32 is off by 0.57%), and radians given where degrees are asked.
$ tribo -c 'load painleve-slip; solve; check theta_slip 31.82 deg; check theta_slip 32 deg; check theta_slip 0.5554'
correct: off by 0.0017%, the tolerance is 0.1% (tribo: theta_slip = 31.8194502836 deg)
incorrect: off by 0.57%, the tolerance is 0.1% (tribo: theta_slip = 31.8194502836 deg)
incorrect: off by 98.3%, the tolerance is 0.1% (tribo: theta_slip = 31.8194502836 deg)
  hint: radians where degrees are meant?
? 0

# The dimension's name takes its article: an acceleration, an angular velocity.
$ tribo -c 'load disk-reye; solve; check stop_time 1 m/s^2; check stop_angle 2 rad/s'
incorrect: 1 m/s^2 is an acceleration, but stop_time is a time (s)
incorrect: 2 rad/s is an angular velocity, but stop_angle is an angle (rad)
? 0

# The exercise's [answer] sections: significant figures (679.58 ms to 3
# figures is 680, not 679) with its own unit and hint; an absolute
# tolerance in degrees, where radians get a hint; a tight relative one.
# Each said like with like (issue 39): figures and an absolute tolerance
# as amounts in the answer's unit, a relative one as percentages.
$ tribo -c 'load disk-check.ini; solve; check stop_time 680; check stop_time 679; check stop_time 0.68 s; check stop_angle 195; check stop_angle 3.4 rad; check stop_angle 3.3979; check R_coeff 0.5886; check R_coeff 0.59; check R_coeff = mu*m*g*r/2'
correct: off by 0.421 ms, 3 significant figures allow ±0.5 ms (tribo: stop_time = 679.57866123 ms)
incorrect: off by 0.579 ms, 3 significant figures allow ±0.5 ms (tribo: stop_time = 679.57866123 ms)
  hint: Under Reye's pressure the torque is μ m g r/2.
correct: off by 0.421 ms, 3 significant figures allow ±0.5 ms (tribo: stop_time = 679.57866123 ms)
correct: off by 0.315 deg, the tolerance is ±0.5 deg (tribo: stop_angle = 194.684945678 deg)
correct: off by 0.121 deg, the tolerance is ±0.5 deg (tribo: stop_angle = 194.684945678 deg)
incorrect: off by 191 deg, the tolerance is ±0.5 deg (tribo: stop_angle = 194.684945678 deg)
  hint: radians where degrees are meant?
correct: off by 0%, the tolerance is 0.1% (tribo: R_coeff = 0.5886 N*m)
incorrect: off by 0.24%, the tolerance is 0.1% (tribo: R_coeff = 0.5886 N*m)
correct: off by 0%, the tolerance is 0.1% (tribo: R_coeff = 0.5886 N*m; yours: 0.5886 N*m)
? 0

# What is not an answer fails, and says why.
$ tribo -c 'load disk-reye; solve; check stop_time = stop_time'
! tribo: -c: command 3: check: stop_time is a result: an answer may use the parameters only
!      check stop_time = stop_time
!                        ^
? 1

$ tribo -c 'load disk-reye; solve; check stop_tme 1'
! tribo: -c: command 3: check: disk has no result 'stop_tme' (did you mean 'stop_time'?)
? 1

$ tribo -c 'load disk-reye; solve; check mu 0.25'
! tribo: -c: command 3: check: mu is a parameter: check compares results
? 1

$ tribo -c 'load disk-reye; solve; check stop_time abc'
! tribo: -c: command 3: check: unknown name 'abc' in disk-reye
!      check stop_time abc
!                      ^
? 1

$ tribo -c 'load disk-reye; check stop_time 1'
! tribo: -c: command 2: check: nothing solved yet: run 'solve' first
? 1

$ tribo -c 'load disk-reye; solve; check stop_time = omega*r/(mu*'
! tribo: -c: command 3: check: the expression ends where a value is expected
!      check stop_time = omega*r/(mu*
!                                    ^
? 1

# A verdict is one word, and a question true or false; an answer missing or
# past the doubles is refused.
$ tribo -c 'load imachi; solve; check case'
! tribo: -c: command 3: check: give an answer: check case WORD
? 1

$ tribo -c 'load imachi; solve; check case II III'
! tribo: -c: command 3: check: case is one word: check case WORD
? 1

$ tribo -c 'load imachi; solve; check converged'
! tribo: -c: command 3: check: give an answer: check converged true|false
? 1

$ tribo -c 'load disk-reye; solve; check stop_time'
! tribo: -c: command 3: check: give an answer: check stop_time VALUE [UNIT], or check stop_time = EXPR
? 1

$ tribo -c 'load disk-reye; solve; check stop_time = '
! tribo: -c: command 3: check: nothing after '=': check stop_time = EXPR
? 1

$ tribo -c 'load disk-reye; solve; check stop_time = 1/0'
! tribo: -c: command 3: check: '1/0' is not a finite number
? 1
