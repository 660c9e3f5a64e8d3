# The coin: sliding and spinning stop together, and v/(rω) tends to 0.653
# (Farkas, Bartels, Unger and Wolf, PRL 90, 248302 (2003); the root of
# F(ε) = 2εT(ε) is checked against a 2-D quadrature in check_disk_slide).
$ tribo -c 'load coin; solve; print ratio_end'
0.653001789206
? 0

# Whatever the start: launched with v/(rω) above the limit, or barely sliding.
$ tribo -c 'load coin; set omega 20; solve; print ratio_start ratio_end'
2.08333333333
0.653001789206
? 0

# Reye's disk tends to 1/√2; the work of friction is the energy.
$ tribo -c 'load coin; set pressure reye; solve; print ratio_end; eval work/energy'
0.707106781187
1
? 0

# A pure spin is the disk model's 3ωr/(4μg); a pure slide stops at v0/(μg).
$ tribo -c 'load coin; set v0 0; solve; eval stop_time/(3*omega*r/(4*mu*g)); print ratio_end'
1
0
? 0

$ tribo -c 'load coin; set omega 0; solve; eval stop_time/(v0/(mu*g)); eval distance/(v0^2/(2*mu*g)); print turns; print ratio_end'
1
1
0
! tribo: -c: command 7: print: ratio_end has no value: a pure slide, ω0 = 0
? 1

# The curling stone, on its running band (a ring with I = m r_gyr²).
$ tribo -c 'load curling; solve; print stop_time distance turns ratio_end kappa'
22.7956566621
24.7057724173
4.11465608181
0.670819014
1.6384
? 0

# A law that vanishes at v = 0 never stops the body; Reye's ring cannot be normalized.
$ tribo -c 'load coin; set law stokes; solve'
note: law = stokes: μ(0) = 0; a friction that vanishes with the speed only slows the body, never stops it; choose a law with μ(0) > 0 (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: law = stokes: μ(0) = 0; a friction that vanishes with the speed only slows the body, never stops it; choose a law with μ(0) > 0
? 1

$ tribo -c 'load curling; set pressure reye; solve'
note: shape = ring with pressure = reye: Reye's p = k/v_r cannot be normalized once the instantaneous centre reaches the ring (v = r|ω|), which this motion always does; take pressure = uniform for a ring (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: shape = ring with pressure = reye: Reye's p = k/v_r cannot be normalized once the instantaneous centre reaches the ring (v = r|ω|), which this motion always does; take pressure = uniform for a ring
? 1

# A body at rest with no spin: nothing to solve.
$ tribo -c 'load coin; set v0 0; set omega 0; solve'
note: v0 = 0 and omega = 0: nothing moves; give the body a speed or a spin (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: v0 = 0 and omega = 0: nothing moves; give the body a speed or a spin
? 1
