# The friction-law registry (issue 36): help law lists every law with its
# family, the paper's equation and the models that take it (read from the
# models' own law parameters); help law NAME explains one.
$ tribo -c 'help law'
Friction laws (help law NAME for one), and the models that take them:
  coulomb         isotropic Coulomb (Amontons) — Kozlov (2.1); Minguzzi §2; Ragulskis, h sgn u̇
                  taken by rayleigh, disk-slide, painleve-rod, ragulskis, ladder
  isotropic       Kozlov's law with a constant matrix — Kozlov (2.6), (2.7)
                  taken by painleve-rod, ladder
  matrix          Kozlov's law with a constant matrix — Kozlov (2.6), (2.8), (2.9)
                  taken by painleve-rod, ladder
  projected       Painlevé's projected law — Kozlov (4.3), (7.4)
                  taken by painleve-rod, ladder
  family          Kozlov's admissible family — Kozlov (5.1), (5.2); (7.4) for several constraints
                  taken by painleve-rod, ladder
  stokes          a coefficient of the speed, μ(v) — Minguzzi (10), (17)
                  taken by rayleigh, disk-slide
  bouchet         a coefficient of the speed, μ(v) — Minguzzi §2.1, (17)
                  taken by rayleigh, disk-slide
  expr            a coefficient of the speed, μ(v) — Minguzzi (14), (17)
                  taken by rayleigh, disk-slide
  elliptic        regularized — Ragulskis (7), (8)
                  taken by ragulskis
  elliptic-peak   regularized — Ragulskis (10)
                  taken by ragulskis
  tanh            regularized — Ragulskis §1 (for comparison)
                  taken by ragulskis
? 0

$ tribo -c 'help law projected'
law projected: Painlevé's projected law
  Coulomb's force −μλ sgn(ẋ) at each sliding contact, λ the frictionless
  normal force, projected by (4.3) onto the motions the acting constraints
  allow (the least force in A⁻¹ doing the same work on them); on one
  constraint completed across them so that Φ + Φᵀ = diag(2μ, 0, 0): Painlevé
  friction as a law of Kozlov's form
Parameters:
  mu [no unit]: the friction coefficient (the ladder: mu_floor and mu_wall)
Equation: Kozlov (4.3), (7.4)
Taken by: painleve-rod, ladder
? 0

$ tribo -c 'help law bouchet'
law bouchet: a coefficient of the speed, μ(v)
  μ(v) = (μ₀ − μ∞)/(1 + a v) + μ∞, falling from μ₀ at rest to μ∞
Parameters:
  mu0 [no unit]: μ at v = 0
  muinf [no unit]: μ as v → ∞
  a [s/m]: how fast μ falls from mu0 to muinf
Equation: Minguzzi §2.1, (17)
Taken by: rayleigh, disk-slide
? 0

# A word that is no law, and a second name after another topic.
$ tribo -c 'help law friction'
! tribo: -c: command 1: help: no law 'friction'; the laws are coulomb, isotropic, matrix, projected, family, stokes, bouchet, expr, elliptic, elliptic-peak, tanh
? 1

$ tribo -c 'help units law'
! tribo: -c: command 1: help: too many arguments: only 'help law NAME' takes two
? 1

# A law a model does not take is refused by naming those it takes, by set
# and in a file; a word that is no law keeps the list of choices.
$ tribo -c 'load rayleigh; set law projected'
! tribo: -c: command 2: set: law projected: model rayleigh takes coulomb, stokes, bouchet, expr
? 1

$ tribo -c 'load ragulskis; set law stokes'
! tribo: -c: command 2: set: law stokes: model ragulskis takes elliptic, elliptic-peak, coulomb, tanh
? 1

$ tribo -c 'load rayleigh; set law elliptic'
! tribo: -c: command 2: set: law elliptic: model rayleigh takes coulomb, stokes, bouchet, expr
? 1

$ tribo -c 'load ladder; set law friction'
! tribo: -c: command 2: set: law is one of coulomb|isotropic|matrix|projected|family, not 'friction'
? 1

$ tribo -c 'load law-not-taken.ini'
! tribo: -c: command 1: load: law-not-taken.ini:9:9: law stokes: model ladder takes coulomb, isotropic, matrix, projected, family
!     value = stokes
!             ^
? 1

# With an exercise loaded, help law ends with the exercise's own law parameter.
$ tribo -c 'load ladder; help law' | tail -n 4
law: a parameter of ladder (ladder)
  coulomb (Amontons at each contact), isotropic (Kozlov, Φ = kA), matrix (Kozlov, any constant Φ), projected (Painlevé (4.3): Amontons at each contact with the frictionless normal forces, projected onto the motions the acting constraints allow; mu_floor, mu_wall) or family (Kozlov, Φ = A(θ)Ωᵀ of (5.1) in the coordinates (θ, f_floor, f_wall), Ω keeping the constraints' span (7.4), recomputed along the run)
  value: coulomb
  one of: coulomb|isotropic|matrix|projected|family
? 0

# The ladder under the family (5.1) keeps (7.4) at every angle: on both
# contacts it slides as isotropic friction with k = Omega11 (the same
# theta_leave), and the rest of Omega acts once the top has left the wall.
$ tribo -c 'load ladder-slides; set law isotropic; set k 0.2; solve; print cond74 theta_leave x_foot_end'
true
18.4298314937
3.0346438233
? 0

$ tribo -c 'load ladder-slides; set law family; set Omega11 0.2; set Omega21 0.3; set Omega23 0.1; set Omega22 0.5; solve; print cond74 theta_leave x_foot_end'
true
18.4298314937
3.0343914633
? 0

