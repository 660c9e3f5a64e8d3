# Kozlov §7, the ladder (issue 22, item 3). With a smooth wall and μ_floor =
# 0.5, tan θ_min = 1/(2 μ_floor) = 1: θ_min = 45°.
$ tribo -c 'load ladder; set mu_wall 0; set mu_floor 0.5; solve; print theta_min'
45
? 0

# Without friction, released at θ0 = 60°, the top leaves the wall at
# sin θ = (2/3) sin θ0, θ = 35.2643896828°; at the release λ_floor =
# m g (1 − (3/4) cos²θ0) and λ_wall = (3/4) m g cosθ0 sinθ0.
$ tribo -c 'load ladder-slides; set mu_wall 0; set mu_floor 0; set theta0 60; solve; print theta_leave lambda_floor lambda_wall; eval asin(2/3*sin(60 deg)) to deg'
35.2643896828
79.70625
31.8589095417
35.2643896828 deg
? 0

# No floor friction: it rests only upright; μ_wall μ_floor ≥ 1: at every angle.
$ tribo -c 'load ladder; set mu_floor 0; solve; print theta_min outcome; set mu_floor 2; set mu_wall 0.5; solve; print theta_min outcome'
90
falls
0
rests
? 0

# Isotropic friction Φ = kA satisfies (7.4): the normal forces do not depend on k.
$ tribo -c 'load ladder-slides; set law isotropic; solve; print cond74 lambda_wall; set k 0.1; solve; print lambda_wall'
true
31.8589095417
31.8589095417
? 0

$ tribo -c 'load ladder; set theta0 95'
! tribo: -c: command 2: set: theta0 = 95 deg is out of range: theta0 must be (0, 90) deg
? 1

# Painlevé's projected law (4.3): the normal forces are the frictionless ones.
# With wall friction alone the top leaves where λ⁰_wall = 0 and the ladder
# falls; with floor friction the projected foot force drives the top back
# into the wall below 54.7° as it would leave: no motion, a paradox.
$ tribo -c 'load ladder; set law projected; set mu_floor 0; set mu_wall 0.3; set theta0 60; solve; print outcome theta_leave t_floor; set mu_floor 0.2; set mu_wall 0; solve; print outcome theta_leave'
falls
33.3974987156
1.0536946148
paradox
31.6876340083
? 0

# A push so strong that on both contacts the floor would pull too: the top
# leaves the wall at once (it said theta_leave "never leaves"), and the
# floor alone decides the foot: with friction at 3 rad/s it would pull, so
# the ladder flies off both at t = 0; without friction at 2.22 rad/s it
# holds the foot until t = 0.0879467013213 s, θ = 86.1760335498°
# (tests/ref/ladder_liftoff_ref.py). A run that ends with the top on the
# wall says so.
$ tribo -c 'load ladder; set thetadot0 3; solve; print outcome t_end t_leave theta_leave; set mu_floor 0; set mu_wall 0; set thetadot0 2.22; solve; print outcome t_end theta_end theta_leave; load ladder-slides; set tmax 0.1; solve; print theta_leave'
lifts-off
0
0
75
lifts-off
0.0879467013216
86.1760335499
75
! tribo: -c: command 13: print: theta_leave has no value: the top stays on the wall through the run, which ends at t = 0.1 s: moving
? 1
