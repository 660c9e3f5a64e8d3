# The issue's Done-when: the elliptic law (8) at Δ = 0.2 and exact Coulomb
# friction on the system of Figs. 1-3, both periodic.
$ tribo -c 'load ragulskis; set law elliptic; set h 3.2; set Delta 0.2; solve; print amp steady'
0.945156805609
true
? 0

$ tribo -c 'load ragulskis; set law coulomb; set h 3.2; set Delta 0.2; solve; print amp steady stick_fraction'
0.774878712589
true
0.279514104256
? 0

# Δ → 0: the elliptic amplitude falls toward the Coulomb one, 0.774878712589.
$ tribo -c 'load ragulskis-fig1; solve; print amp; set Delta 0.1; solve; print amp; set Delta 0.05; solve; print amp'
1.34145122767
0.866773160606
0.823828109356
? 0

# Fig. 4: at resonance with P > 4h/π only c bounds the amplitude, near
# (P − 4h/π)/(cω) = 19.63.
$ tribo -c 'load ragulskis-fig4; solve; print amp steady; eval step(amp - 19) * step(20 - amp)'
19.5190077242
true
1
? 0

# P < h: the mass never leaves rest.
$ tribo -c 'load ragulskis-coulomb; set P 3; solve; print amp stick_fraction steady'
0
1
true
? 0

# Free decay: 11, −9, 7, −5, 3, −1: 4h/k lost per cycle, at rest at −1.
$ tribo -c 'load ragulskis-coulomb; set P 0; set c 0; set h 1; set u0 11; set periods 1; solve; print amp umin u_end; set periods 10; solve; print u_end stick_fraction'
7
-5
3
-1
1
? 0

$ tribo -c 'load ragulskis; set periods 2.5; solve'
! tribo: -c: command 2: set: periods = 2.5: must be a whole number of periods (at most 10⁷)
? 1


# A narrow transition (Δ = 1e-5) once made the event location fail when the
# switch fell within rounding of a step's end; it now runs, and its
# amplitude is the exact Coulomb one (1.197724…) to within O(Δ). Its
# ~10⁶ steps take seconds, and minutes under valgrind.
#! heavy
$ tribo -c 'load ragulskis; set Delta 1e-5; set Delta_a 1e-5; set c 0; solve; eval step(1e-4 - abs(amp - 1.19772416533))'
1
? 0
