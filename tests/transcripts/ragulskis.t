# The issue's Done-when: the elliptic law (8) at Δ = 0.2 and exact Coulomb
# friction on the system of Figs. 1-3, both periodic.
$ tribo -c 'load ragulskis; set law elliptic; set h 3.2; set Delta 0.2; solve; print amp steady'
0.945156805778
true
? 0

$ tribo -c 'load ragulskis; set law coulomb; set h 3.2; set Delta 0.2; solve; print amp steady stick_fraction'
0.774878712706
true
0.279514104228
? 0

# Δ → 0: the elliptic amplitude falls toward the Coulomb one, 0.774878712706.
# (The last at 0.8238281094935: its 12th digit is a rounding's, so it is
# checked to 2e-12.)
$ tribo -c 'load ragulskis-fig1; solve; print amp; set Delta 0.1; solve; print amp; set Delta 0.05; solve; eval step(2e-12 m - abs(amp - 0.8238281094935 m))'
1.34145122788
0.866773160757
1
? 0

# Fig. 4: at resonance with P > 4h/π only c bounds the amplitude, near
# (P − 4h/π)/(cω) = 19.63.
$ tribo -c 'load ragulskis-fig4; solve; print amp steady; eval step(amp - 19 m) * step(20 m - amp)'
19.5190077661
true
1
? 0

# P < h: the mass never leaves rest.
$ tribo -c 'load ragulskis-coulomb; set P 3; solve; print amp stick_fraction steady'
0
1
true
? 0

# Free decay: 11, −9, 7, −5, 3, −1: 4h/k lost per cycle, at rest at −1
# from t = 5π. One period in, still slipping, the motion has not repeated
# over two successive periods: no amplitude, and the reason (issue 37
# point 2); u_end is the motion's own, u(4π) = 3. At rest for good, the
# rest is the steady state.
$ tribo -c 'load ragulskis-coulomb; set P 0; set c 0; set h 1; set u0 11; set periods 1; solve; print u_end steady; print amp'
3
false
! tribo: -c: command 9: print: amp has no value: no steady state within 1 period: a free decay (P = 0) not yet at rest over two successive periods; Coulomb friction stops it for good at the first turning point with k|u| ≤ h; raise periods
? 1

$ tribo -c 'load ragulskis-coulomb; set P 0; set c 0; set h 1; set u0 11; set periods 10; solve; print steady amp umin vmax u_end stick_fraction'
true
-1
-1
0
-1
1
? 0

# At resonance with no damper and P > 4h/π the amplitude grows without
# bound (Den Hartog): no steady state, no period result; the table says
# why, and check refuses.
$ tribo -c 'load ragulskis; set c 0; set P 5; solve; table; check amp 1450'
amp = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
umin = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
vmax = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
amin = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
amax = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
steady = false
stick_fraction = — (no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog))
cycles = 502
u_end = -1457.70254163 m
! tribo: -c: command 6: check: there is no amp to check against: no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period (Den Hartog)
? 1

$ tribo -c 'load ragulskis; set periods 2.5; solve'
note: periods = 2.5: must be a whole number of periods (at most 10⁷) (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: periods = 2.5: must be a whole number of periods (at most 10⁷)
? 1


# A narrow transition: Δ = 1e-3 (h/(mωΔ) = 3200) runs, its amplitude
# within O(Δ) of the exact Coulomb one (1.197724…); Δ = 1e-5 (3.2e5, once
# ~10⁶ steps and seconds) is now outside the domain, refused at `set`.
$ tribo -c 'load ragulskis; set c 0; set Delta 1e-3; set Delta_a 1e-3; solve; eval step(1e-2 m - abs(amp - 1.19772416533 m))'
1
? 0

# Issue 18: the domain's edges are refused at `set` with the reason, never
# a crash (ω = 1e-310 once read a null pointer), a non-finite answer
# (ω = 1e-200, m = 1e-300, c or k = 1e300 gave amp = -inf, vmax = nan) or
# a solve of tens of seconds (ω = 1e-6, k = 1e9, h = 1e9).
$ tribo -c 'load ragulskis; set omega 1e-310; solve'
note: omega = 1e-310: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: omega = 1e-310: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite
? 1

$ tribo -c 'load ragulskis; set omega 1e-200; solve'
note: omega = 1e-200: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: omega = 1e-200: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite
? 1

$ tribo -c 'load ragulskis; set m 1e-300; solve'
note: m = 1e-300: outside 1e-9..1e9 kg, where the model's products and ratios of scales stay finite (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: m = 1e-300: outside 1e-9..1e9 kg, where the model's products and ratios of scales stay finite
? 1

$ tribo -c 'load ragulskis; set c 1e300; solve'
note: c = 1e+300: beyond 1e9 N*s/m, where the model's products and ratios of scales stay finite (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: c = 1e+300: beyond 1e9 N*s/m, where the model's products and ratios of scales stay finite
? 1

$ tribo -c 'load ragulskis; set k 1e300; solve'
note: k = 1e+300: beyond 1e9 N/m, where the model's products and ratios of scales stay finite (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: k = 1e+300: beyond 1e9 N/m, where the model's products and ratios of scales stay finite
? 1

$ tribo -c 'load ragulskis; set omega 1e-6; solve'
note: k/(mω²) = 1e+12: above 1e5, the spring's period 2π√(m/k) would be over 300 times shorter than the forcing's 2π/ω = 6.28e+06 s, too many steps per period; raise omega or m, or lower k (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: k/(mω²) = 1e+12: above 1e5, the spring's period 2π√(m/k) would be over 300 times shorter than the forcing's 2π/ω = 6.28e+06 s, too many steps per period; raise omega or m, or lower k
? 1

$ tribo -c 'load ragulskis; set k 1e9; solve'
note: k/(mω²) = 1e+09: above 1e5, the spring's period 2π√(m/k) would be over 300 times shorter than the forcing's 2π/ω = 6.28 s, too many steps per period; raise omega or m, or lower k (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: k/(mω²) = 1e+09: above 1e5, the spring's period 2π√(m/k) would be over 300 times shorter than the forcing's 2π/ω = 6.28 s, too many steps per period; raise omega or m, or lower k
? 1

$ tribo -c 'load ragulskis; set law elliptic-peak; set h 1e9; solve'
note: h/(mωΔ) = 1.25e+09: above 5e3, the friction's transition of width 0.8 m/s would be crossed over 5000 times faster than the forcing's 1/ω = 1 s, too many steps per period; widen Delta or Delta_a or use law coulomb (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: h/(mωΔ) = 1.25e+09: above 5e3, the friction's transition of width 0.8 m/s would be crossed over 5000 times faster than the forcing's 1/ω = 1 s, too many steps per period; widen Delta or Delta_a or use law coulomb
? 1

$ tribo -c 'load ragulskis; set law tanh; set h 1e9; solve'
note: P = 4 N against h = 1e+09 N: the force only creeps the mass, by about Δ atanh(P/h)/ω = 3.2e-09 m a period, too little for the integration's 1e-12 m to resolve to the digits printed; raise P, or lower h (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: P = 4 N against h = 1e+09 N: the force only creeps the mass, by about Δ atanh(P/h)/ω = 3.2e-09 m a period, too little for the integration's 1e-12 m to resolve to the digits printed; raise P, or lower h
? 1

# Law (8) reduces so narrow a transition, but a force this far below h only
# creeps the mass, by less than the integration resolves.
$ tribo -c 'load ragulskis; set h 1e9; solve'
note: P = 4 N against h = 1e+09 N: the force only creeps the mass, by about Δ(P/h)²/(2ω) = 6.4e-18 m a period, too little for the integration's 1e-12 m to resolve to the digits printed; raise P, or lower h (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: P = 4 N against h = 1e+09 N: the force only creeps the mass, by about Δ(P/h)²/(2ω) = 6.4e-18 m a period, too little for the integration's 1e-12 m to resolve to the digits printed; raise P, or lower h
? 1

# Integrating asked for: any width, within the budget of evaluations. At
# Δ = 1e-5 (h/(mωΔ) = 3.2e5) the creep through the transition runs
# implicitly and the layer about u̇ = 0 on the slow manifold (explicit steps
# could not follow it: the budget stopped them within a period); amp is
# within the reduced model's stated error, 2Δ·(mωΔ/h)^⅓ = 2.9e-7 m, of its
# 0.774891286554 m, and symmetric.
$ tribo -c 'load ragulskis; set inner integrate; set Delta 1e-5; solve; print steady; eval step(2.9e-7 m - abs(amp - 0.774891286554 m)) * step(1e-9 m - abs(amp + umin))'
true
1
? 0

# Reduced on request only where the transition is narrow.
$ tribo -c 'load ragulskis; set inner reduce; solve'
note: inner = reduce: h/(mωΔ) = 4, below 10: the transition is not narrow, so there is no slow manifold for the motion to keep to; narrow Delta first, or use inner auto or integrate (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: inner = reduce: h/(mωΔ) = 4, below 10: the transition is not narrow, so there is no slow manifold for the motion to keep to; narrow Delta first, or use inner auto or integrate
? 1

$ tribo -c 'load ragulskis; set law elliptic-peak; set inner reduce; solve'
note: inner = reduce: only law (8), elliptic, and tanh have their transition reduced (law elliptic-peak has not); use inner auto or integrate (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: inner = reduce: only law (8), elliptic, and tanh have their transition reduced (law elliptic-peak has not); use inner auto or integrate
? 1

$ tribo -c 'load ragulskis; set law tanh; set inner reduce; solve'
note: inner = reduce: h/(mωΔ) = 4, below 10: the transition is not narrow, so there is no slow manifold for the motion to keep to; narrow Delta first, or use inner auto or integrate (for now: solve refuses until it holds)
! tribo: -c: command 4: solve: inner = reduce: h/(mωΔ) = 4, below 10: the transition is not narrow, so there is no slow manifold for the motion to keep to; narrow Delta first, or use inner auto or integrate
? 1

# tanh at Δ = 1e-5 (h/(mωΔ) = 3.2e5) reduced too: the creep where the
# manifold relaxes faster than 5e3 ω, the law itself beyond. Its amplitude
# against an independent reference, SciPy's Radau on the full law at rtol
# 1e-11 (0.7749330593387), and between Δ = 1e-4's and exact Coulomb's.
$ tribo -c 'load ragulskis; set law tanh; set Delta 1e-5; solve; print amp steady; eval step(1e-8 - abs(amp/(0.7749330593387 m) - 1)); set Delta 1e-4; solve; print amp'
0.774933057831
true
1
0.775337268703
? 0

# Issue 20's Done-when: law (8) at Δ = 1e-5 (h/(mωΔ) = 3.2e5) is reduced to
# its slow manifold; steady, its amplitude between Δ = 1e-4's and exact
# Coulomb's (0.774878712706), nearer Coulomb by 10: the error is linear in
# Δ, 1.257 Δ.
$ tribo -c 'load ragulskis; set Delta 1e-5; solve; print amp steady cycles; eval step(0.7750 m - amp) * step(amp - 0.774878712706 m); set Delta 1e-4; solve; print amp'
0.774891286554
true
10
1
0.775004446812
? 0

$ tribo -c 'load ragulskis; set c 1e5; solve'
note: c/(mω) = 1e+05: above 1e3, the damper's time m/c would be over 1000 times shorter than the forcing's 1/ω = 1 s, too many steps per period; raise omega or m, or lower c (for now: solve refuses until it holds)
! tribo: -c: command 3: solve: c/(mω) = 1e+05: above 1e3, the damper's time m/c would be over 1000 times shorter than the forcing's 1/ω = 1 s, too many steps per period; raise omega or m, or lower c
? 1

# A mass that friction holds creeps, periodically: the period map
# contracts by only 0.986 a period, so a run of periods would need about
# 1500 of them (the budget stopped it after 163); shooting finds the fixed
# point in 7, two more show it repeats, and it is symmetric,
# u(t + π/ω) = −u(t).
$ tribo -c 'load ragulskis; set h 30; solve; print steady cycles; eval step(1e-8 - abs(amp + umin) / amp) * step(amp - 0.0056 m) * step(0.0057 m - amp)'
true
9
1
? 0

# Creeping in a narrow transition: the budget of one period stops it.
# (heavy: its 6000000 evaluations take 25 s under valgrind)
#! heavy
$ tribo -c 'load ragulskis; set h 30; set Delta 0.01; solve'
! tribo: -c: command 4: solve: more than 6000000 evaluations of the motion within period 1 alone: the friction's transition needs steps far shorter than the period, or friction holds the mass creeping at ever smaller speeds; widen Delta, or use law coulomb (exact sticking), or inner reduce (the transition taken as its slow manifold, with the error steps states)
? 1

# Free decay (P = 0) is solvable: the elliptic law's creep toward rest
# never settles to a period, and says so (steady = false), in 100 periods:
# no period result, only where the motion was at the end.
$ tribo -c 'load ragulskis; set P 0; set u0 1; set periods 100; solve; print steady; eval step(u_end) * step(0.05 m - u_end); print amp'
false
1
! tribo: -c: command 8: print: amp has no value: no steady state within 100 periods: a free decay (P = 0), the mass creeping toward rest at u = 0 ever more slowly (u = 0.0391 m, changing by 0.00038 m in the last period against a tolerance of 3.91e-11 m), not repeating over two successive periods; it comes to rest only as t → ∞
? 1

# Exact Coulomb with h = 0 is a linear oscillator: it once switched
# between stick and slip forever at t = 0 (a zero force, a zero h); at
# resonance (k = mω²) its amplitude is P/(cω) = 4/(0.1·1) = 40 m.
$ tribo -c 'load ragulskis; set law coulomb; set h 0; solve; eval step(1e-6 - abs(amp/(40 m) - 1)); print stick_fraction'
1
0
? 0

# inner = reduce with a damper stronger than the friction over the
# transition (c Delta > h): the creep is the damper's, and the reduction is
# refused.
$ tribo -c 'load ragulskis; set inner reduce; set h 320; set c 1000; solve'
note: inner = reduce: h/(mωΔ) = 4, below 10: the transition is not narrow, so there is no slow manifold for the motion to keep to; narrow Delta first, or use inner auto or integrate (for now: solve refuses until it holds)
note: inner = reduce: cΔ = 800 N is above h = 320 N: the damper, not the friction, shapes the creep; use inner auto or integrate (for now: solve refuses until it holds)
! tribo: -c: command 5: solve: inner = reduce: cΔ = 800 N is above h = 320 N: the damper, not the friction, shapes the creep; use inner auto or integrate
? 1

# no force, from rest: the mass stays at rest on the joint u' = 0 (each law)
$ tribo -c 'load ragulskis; set P 0; solve; print amp vmax; set law tanh; solve; print amp vmax'
0
0
0
0
? 0
