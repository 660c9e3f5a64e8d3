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
