# Issue 40 points 2 and 3: no ambiguous words in print; finding things
# (list WORD, help ID, help MODEL, show and show all, save).

# print NAME... to UNIT converts; a bare last word that is both a name and a
# unit is the name. A batch keeps the bare values, a line each, and adds
# nothing (scripts read them).
$ tribo -c 'load ragulskis; solve; print amp m; print amp to mm; print amp m to g'
1.34145122788
1
1341.45122788
! tribo: -c: command 5: print: 'g' is a unit of mass, but amp is a length (m)
? 1

# The interactive modes name each line of a print of several names, and
# say once a session that a word is taken for the name.
$ printf 'load ragulskis\nsolve\nprint amp m\nprint amp m\nprint m k\nprint amp to mm\nprint amp\n' | tribo --plain | tail -n +13
tribo[ragulskis]> print amp m
note: m here is the parameter m (mass), not the unit; for the unit write 'print amp to m'
amp = 1.34145122788 m
m = 1 kg
tribo[ragulskis]> print amp m
amp = 1.34145122788 m
m = 1 kg
tribo[ragulskis]> print m k
m = 1 kg
k = 1 N/m
tribo[ragulskis]> print amp to mm
1341.45122788
tribo[ragulskis]> print amp
1.34145122788
tribo[ragulskis]> 
? 0

# list WORD...: the exercises with every word in their id, title, model or
# source, whatever the case and accents; nothing found says so and
# suggests.
$ tribo -c 'list imachi'
id              title                                             source
imachi          Frictional viscosity on a vibrating base          Imachi, On frictional viscosity in vibrating systems, §2-4
imachi-1d       Frictional viscosity on a line (Fig. 7)           Imachi, On frictional viscosity in vibrating systems, §5, Fig. 7
imachi-1d-fig8  Frictional viscosity with non-slip (Fig. 8)       Imachi, On frictional viscosity in vibrating systems, §5, Fig. 8
imachi-fig2     Imachi's Fig. 2: the graphical method of soluti…  Imachi, On frictional viscosity in vibrating systems, §3, Fig. 2
imachi-fig3     Imachi's Fig. 3: detection of the non-slip range  Imachi, On frictional viscosity in vibrating systems, §3, Fig. 3
imachi-fig4     Imachi's Fig. 4: four directions of vibration     Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-22  Imachi's Fig. 4: vibration at φ' = 22.5°          Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-45  Imachi's Fig. 4: vibration at φ' = 45°            Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-67  Imachi's Fig. 4: vibration at φ' = 67.5°          Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-90  Imachi's Fig. 4: vibration at φ' = 90°            Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig5     Imachi's Fig. 5: non-slip periods (case III)      Imachi, On frictional viscosity in vibrating systems, §4, Fig. 5
imachi-fig6     Imachi's Fig. 6: a base moving on a circle        Imachi, On frictional viscosity in vibrating systems, §4, Fig. 6
? 0

$ tribo -c 'list PAINLEVÉ Isotropic; list ragulskis peak; list ladder-lagrange lagrange'
id                      title                                            source
painleve-rod-isotropic  Painlevé's rod with Kozlov's isotropic friction  Kozlov, Lagrangian mechanics and dry friction, §2 (2.7), §5
id              title                                           source
ragulskis-fig4  Peaked elliptic friction at resonance (Fig. 4)  Ragulskis et al., Elliptical approximation of dry friction, Fig. 4, eq. (10)
id               title                                             source
ladder-lagrange  A frictionless ladder leaves the wall, from T a…  Kozlov, Lagrangian mechanics and dry friction, §7
? 0

$ tribo -c 'list imachy; list xyzzy kozlov'
no exercise has 'imachy' in its id, title, model or source ('list' shows them all); did you mean 'imachi'?
no exercise has 'xyzzy' and 'kozlov' in its id, title, model or source ('list' shows them all)
? 0

# show lists the parameters the law and the modes in effect use, read from
# the model's rows (a doc "coulomb: ..." or "law matrix: ..." belongs to
# that choice of another parameter; the law registry adds the laws that
# name the parameter, so that projected keeps mu); descriptions wrap under
# their own column. painleve-rod under law coulomb and a rigid contact
# has 19 of its 30 parameters unused: k, the nine phi, the six Omega, nu,
# k_contact and c_contact.
$ tribo -c 'load painleve-rod; show' | sed -n '/^parameters:/,/^asked/p'
parameters:
  m1       1       kg    > 0 kg          mass at the contact
  m2       1       kg    > 0 kg          mass at the free end
  l        1       m     > 0 m           length of the massless rod
  g        9.81    m/s^2 ≥ 0 m/s^2       gravitational acceleration
  theta    30      deg   (0, 180) deg    angle of the rod to the line
  xdot     -1      m/s   any value       sliding velocity of the contact (its
                                         sign is the direction)
  thetadot 0       rad/s any value       turning rate of the rod
  law      coulomb       coulomb|isotropic|matrix|projected|family
                                         coulomb (Painlevé: Φ = diag(μ,0,0)
                                         with the normal force), isotropic
                                         (Kozlov, Φ = kA), matrix (Kozlov, any
                                         constant Φ), projected (the classical
                                         force projected by (4.3): Painlevé
                                         friction) or family (Kozlov, Φ =
                                         A(θ)Ωᵀ of (5.1)-(5.2), recomputed
                                         along the run)
  mu       0.5           [0, 10]         coulomb: friction coefficient
  tmax     1       s     ≥ 0 s           length of the run
  contact  rigid         rigid|compliant rigid (y = 0 while λ > 0) or
                                         compliant (a spring-damper contact)
  (and 19 that law coulomb and contact rigid leave unused: 'show all')

asked for: mu_crit_min (no unit), theta_crit_min (deg), lambda (N)
? 0

# show all lists them below the others, under the choices that leave them unused.
$ tribo -c 'load painleve-rod; show all' | sed -n '/^unused/,/^  c_contact/p' | grep -v '^     ' | cut -c1-24 | sed 's/ *$//'
unused while law coulomb
  k         0.5
  phi11     0.5
  phi12     0
  phi13     0
  phi21     0
  phi22     0
  phi23     0
  phi31     0
  phi32     0
  phi33     0
  Omega11   0.5
  Omega12   0
  Omega21   0
  Omega22   0.5
  Omega31   0
  Omega32   0
  nu        0.5
  k_contact 10000   N/m
  c_contact 20      N*s/
? 0

# Under another law, other parameters: projected takes mu (the registry
# says so), family its Omega and nu, a compliant contact its k_contact.
$ tribo -c 'load painleve-rod; set law projected; show; set law family; set contact compliant; show' | grep -E '^  (mu|k|phi11|Omega11|nu|k_contact) |^  \(and'
  mu       0.5             [0, 10]         coulomb: friction coefficient
  (and 19 that law projected and contact rigid leave unused: 'show all')
  Omega11   0.5             any value       law family: Ω entry of Φ = A(θ)Ωᵀ
  nu        0.5             any value       law family: ν, Ω's last column is
  k_contact 10000     N/m   > 0 N/m         compliant: contact stiffness
  (and 11 that law family leaves unused: 'show all')
? 0

$ tribo -c 'load painleve-rod; show everything'
! tribo: -c: command 2: show: 'everything' is not 'all'; usage: show [all]
? 1
