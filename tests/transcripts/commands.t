$ tribo -c 'list'
id                      title                                             source
coin                    A coin slides and spins to a stop                 Minguzzi, Rayleigh's dissipation function at work, eq. (17)-(18), (20); Farkas et al., PRL 90, 248302 (2003)
coin-lagrange           A coin slides and spins to a stop, from T and R   after Minguzzi, Rayleigh's dissipation function at work, eq. (9), (17)-(18), (20)
conveyor                A block on a conveyor belt (Bouchet's friction)   Minguzzi, Rayleigh's dissipation function at work, §2.1
conveyor-transverse     Pushing a block across a moving belt              Minguzzi, Rayleigh's dissipation function at work, §2.1
curling                 A curling stone slides and spins to a stop        Minguzzi, Rayleigh's dissipation function at work, eq. (17)-(18), (20), §2.3
disk-lagrange           A spinning disk stops, from T and R (Reye's hyp…  Minguzzi, Rayleigh's dissipation function at work, §2.2
disk-reye               A spinning disk stops (Reye's hypothesis)         Minguzzi, Rayleigh's dissipation function at work, §2.2
disk-uniform            A spinning disk stops (uniform pressure)          Minguzzi, Rayleigh's dissipation function at work, §2.2, eq. (20)
hoop-bead               A bead on a rough rotating hoop settles           after Minguzzi, Rayleigh's dissipation function at work, eq. (9)
imachi                  Frictional viscosity on a vibrating base          Imachi, On frictional viscosity in vibrating systems, §2-4
imachi-1d               Frictional viscosity on a line (Fig. 7)           Imachi, On frictional viscosity in vibrating systems, §5, Fig. 7
imachi-1d-fig8          Frictional viscosity with non-slip (Fig. 8)       Imachi, On frictional viscosity in vibrating systems, §5, Fig. 8
imachi-fig2             Imachi's Fig. 2: the graphical method of soluti…  Imachi, On frictional viscosity in vibrating systems, §3, Fig. 2
imachi-fig3             Imachi's Fig. 3: detection of the non-slip range  Imachi, On frictional viscosity in vibrating systems, §3, Fig. 3
imachi-fig4             Imachi's Fig. 4: four directions of vibration     Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-22          Imachi's Fig. 4: vibration at φ' = 22.5°          Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-45          Imachi's Fig. 4: vibration at φ' = 45°            Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-67          Imachi's Fig. 4: vibration at φ' = 67.5°          Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig4-90          Imachi's Fig. 4: vibration at φ' = 90°            Imachi, On frictional viscosity in vibrating systems, §4, Fig. 4
imachi-fig5             Imachi's Fig. 5: non-slip periods (case III)      Imachi, On frictional viscosity in vibrating systems, §4, Fig. 5
imachi-fig6             Imachi's Fig. 6: a base moving on a circle        Imachi, On frictional viscosity in vibrating systems, §4, Fig. 6
incline-spring          A block on a rough incline, held by a spring, c…  after Minguzzi, Rayleigh's dissipation function at work, eq. (9)
kozlov-ball             A ball slides, rolls and spins (Kozlov's law)     Kozlov, Lagrangian mechanics and dry friction, §6
kozlov-ball-roll        A ball thrown sliding begins to roll              Kozlov, Lagrangian mechanics and dry friction, §6
kozlov-ball-spin        A spinning ball stops (Kozlov's law)              Kozlov, Lagrangian mechanics and dry friction, §6, (6.6)
kozlov-rest             Rest or motion under anisotropic friction         Kozlov, Lagrangian mechanics and dry friction, §3
kozlov-rest-stable      A force too weak to break the rest                Kozlov, Lagrangian mechanics and dry friction, §3, (3.2) and (3.9)
ladder                  A ladder on a rough wall: its least angle         Kozlov, Lagrangian mechanics and dry friction, §7
ladder-lagrange         A frictionless ladder leaves the wall, from T a…  Kozlov, Lagrangian mechanics and dry friction, §7
ladder-slides           A ladder slides down a rough wall and leaves it   Kozlov, Lagrangian mechanics and dry friction, §7
painleve-compliant      The paradox through a compliant contact           Kozlov, Lagrangian mechanics and dry friction, §5
painleve-family         Kozlov's family Φ = A(θ)Ωᵀ along the motion       Kozlov, Lagrangian mechanics and dry friction, §5 (5.1), (5.2)
painleve-lagrange       Painlevé's rod from T and V, Kozlov's family law  Kozlov, Lagrangian mechanics and dry friction, §2 (2.13), §5 (5.1), (5.2)
painleve-paradox        Painlevé's paradox: no solution, or two           Kozlov, Lagrangian mechanics and dry friction, §5; Painlevé (1895)
painleve-projected      Painlevé friction (4.3): the paradox removed      Kozlov, Lagrangian mechanics and dry friction, §4 (4.3), §5
painleve-rod            Painlevé's rod: where the paradox lives           Kozlov, Lagrangian mechanics and dry friction, §5
painleve-rod-isotropic  Painlevé's rod with Kozlov's isotropic friction   Kozlov, Lagrangian mechanics and dry friction, §2 (2.7), §5
painleve-slip           Painlevé's rod: where the foot starts to slip     Kozlov, Lagrangian mechanics and dry friction, §5
polisher                The stone polisher: friction as viscosity         Minguzzi, Rayleigh's dissipation function at work, §2.3
polisher-lock           When does the polisher lock?                      Minguzzi, Rayleigh's dissipation function at work, §2.3
polisher-push           Steering a running polisher                       Minguzzi, Rayleigh's dissipation function at work, §2.3
ragulskis               Forced oscillator, elliptic dry friction          Ragulskis et al., Elliptical approximation of dry friction, eq. (9)
ragulskis-coulomb       Exact Coulomb friction, Figs. 1-3's system        Ragulskis et al., Elliptical approximation of dry friction, eq. (9), Coulomb
ragulskis-fig1          Elliptic dry friction, Fig. 1 (Δ = 0.8)           Ragulskis et al., Elliptical approximation of dry friction, Fig. 1
ragulskis-fig2          Elliptic dry friction, Fig. 2 (Δ = 0.4)           Ragulskis et al., Elliptical approximation of dry friction, Fig. 2
ragulskis-fig3          Elliptic dry friction, Fig. 3 (Δ = 0.2)           Ragulskis et al., Elliptical approximation of dry friction, Fig. 3
ragulskis-fig4          Peaked elliptic friction at resonance (Fig. 4)    Ragulskis et al., Elliptical approximation of dry friction, Fig. 4, eq. (10)
rayleigh                Rayleigh's function of a flat body on a plane     Minguzzi, Rayleigh's dissipation function at work, eq. (17)-(23)
rayleigh-reye           Reye's pressure: Q of eq. (18) vs −∂R/∂q̇          Minguzzi, Rayleigh's dissipation function at work, eq. (18)-(21)
rayleigh-ring           A sliding, spinning ring: R by elliptic E(k)      Minguzzi, Rayleigh's dissipation function at work, eq. (20), §2.3
? 0

$ tribo -c 'load disk-reye; show'
disk-reye: A spinning disk stops (Reye's hypothesis)
source: Minguzzi, Rayleigh's dissipation function at work, §2.2
model:  disk, a disk spinning down under Coulomb friction (Minguzzi §2.2)

  A disk of mass 2 kg and radius 0.15 m, spinning at 20 rad/s about its
  centre, lies flat on a rough horizontal plane (μ = 0.25, g = 9.81 m/s²).
  Under Reye's hypothesis the pressure is inversely proportional to the
  sliding speed. Find the Rayleigh dissipation function R(φ̇) and the time
  the disk takes to stop.

parameters:
  m        2     kg    > 0 kg       mass of the disk
  r        0.15  m     > 0 m        radius of the disk
  mu       0.25        [0, 2]       Coulomb friction coefficient
  g        9.81  m/s^2 > 0 m/s^2    gravitational acceleration
  omega    20    rad/s any value    initial angular velocity (its sign is the
                                    sense of spin)
  pressure reye        reye|uniform pressure distribution: reye (p = k/v, eq.
                                    21) or uniform (eq. 20)

asked for: R_coeff (N*m), stop_time (s)

results: none yet ('solve' computes them)
? 0

# Two texts, two readers (issue 39, point 3): the statement says what the
# problem is, as a sheet prints it; what to type at the prompt is the
# exercise's hint, which show prints after it and no sheet carries.
$ tribo -c 'load painleve-paradox; show' | sed -n '5,12p'
  The rod (m1 = 1 kg, m2 = 1 kg, l = 1 m) leans at θ = 60° and its contact
  slides at ẋ = -1 m/s with μ = 3, spinning at θ̇ = 0 rad/s. Compute the
  normal force's denominator D and the free normal acceleration b0, and
  classify the state as Painlevé did. Classify it again when the rod spins
  at θ̇ = 8 rad/s.

  hint: for the second question, set thetadot 8, then solve again; 'sweep
  thetadot 0 10 6 D b0' shows how D and b0 change with the spin.
? 0

$ tribo -c 'load good.ini; set r 0.5 m; show'
my-disk: My own disk
model:  disk, a disk spinning down under Coulomb friction (Minguzzi §2.2)

  A disk of radius 50 cm spins at 300 rpm.

parameters:
  m        2     kg    > 0 kg       mass of the disk
 *r        50    cm    [1, 100] cm  radius of the disk
  mu       0.3         ≥ 0          Coulomb friction coefficient
  g        9.81  m/s^2 > 0 m/s^2    gravitational acceleration
  omega    300   rpm   any value    initial angular velocity (its sign is the
                                    sense of spin)
  pressure reye        reye|uniform pressure distribution: reye (p = k/v, eq.
                                    21) or uniform (eq. 20)
  (* changed from the exercise's value)

results: none yet ('solve' computes them)
? 0

$ tribo -c 'load disk-reye; set omega 10; set r 0.2; set mu 0.3; reset omega; print omega r; reset; print r'
20
0.2
0.15
? 0

$ tribo -c 'eval sqrt(2)^2; eval 4*atan(1); eval exp(1) - e'
2
3.14159265359 rad
0
? 0

$ tribo -c 'help load'
usage: load ID|FILE
Loads an exercise: by its id, searched as 'list' shows, or by the path
of an .ini file. Parameters start at the exercise's values; results
are cleared.
? 0

# two -c options run in order, as one batch numbered across both
$ tribo -c 'load disk-reye; print m' -c 'print r' -c 'evl 1' -c 'print omega'
2
0.15
! tribo: -c: command 4: unknown command 'evl' (did you mean 'eval'?)
? 1

# a leading ~ is the home directory in load, export csv, plot to and generate to
# (the files named, not 'ls .': other cases write to the same home)
$ mkdir -p ~ && cp "$TRIBO_PATH/disk-reye.ini" ~/mine.ini && tribo -c 'load ~/mine.ini; solve; export csv ~/m.csv; plot to ~/m.svg; print stop_time; generate 2 seed 1 format txt to ~/set' | grep -v '^wrote /' && cd ~ && ls -d m.csv m.svg mine.ini set && ls set && head -n 1 m.csv | tr -d "\r"
1.22324159021
note: seed 1 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
m.csv
m.svg
mine.ini
set
key.txt
manifest.txt
sheet.txt
t [s],phi [rad],phidot [rad/s],phidot closed form [rad/s]
? 0

# help NAME explains a parameter or result of the loaded exercise
$ tribo -c 'load disk-reye; help r; solve; help stop_time; help pressure'
r: a parameter of disk (disk-reye)
  radius of the disk
  value: 0.15 m
  range: > 0 m
  unit: m; 'set r VALUE UNIT' takes any unit of length
stop_time: a result of disk (disk-reye)
  time to stop, integrating the equation of motion (inf: never, μ = 0)
  unit: s
  value: 1.22324159021 s
  the exercise asks for it (in s, 1%): 'check stop_time VALUE'
pressure: a parameter of disk (disk-reye)
  pressure distribution: reye (p = k/v, eq. 21) or uniform (eq. 20)
  value: reye
  one of: reye|uniform
? 0

$ tribo -c 'help keys'
The keys of the full screen (readline's own keys edit the line):
  PgUp, PgDn        scroll the log, or the pane that has the focus
  F6, Shift-F6      move the focus forward or back: log, exercise, parameters, results, plot
  F7                give the plot the screen, or the panes back, as 'zoom' does
  Tab               complete the word; a second Tab lists the choices over the log
  Up, Down, Ctrl-R  recall a line of this or an earlier session; search them
  Ctrl-C            stop a long solve or sweep (the results from before it stay); at the prompt, drop the line
  Ctrl-L            repaint the screen
  Ctrl-D            leave, as 'quit' does
? 0

$ tribo -c 'help nosuch'
! tribo: -c: command 1: help: no command, topic, exercise or model 'nosuch'
? 1

# help on a result before the solve, a verdict the exercise asks for, a
# parameter without a unit.
$ tribo -c 'load imachi; help case; help periods'
case: a result of imachi (imachi)
  Imachi's §4: II (a limit cycle slipping throughout), III (a limit cycle with non-slip periods); drift: no limit cycle, u_x grows without bound (his case I, s ≥ μ0); rest: on the base the whole time, never slipping; unsettled: no repeat within periods
  value: none yet ('solve' computes it)
  the exercise asks for it: 'check case WORD'
periods: a parameter of imachi (imachi)
  at most this many periods (an integer)
  value: 200
  range: [1, 100000]
  no unit
? 0

# A verdict has no unit to print it in.
$ tribo -c 'load imachi; solve; print case to m'
! tribo: -c: command 3: print: case is not a number: it has no unit
? 1

# help on a misspelled command proposes the command.
$ tribo -c 'help sovle'
! tribo: -c: command 1: help: no command 'sovle' (did you mean 'solve'?)
? 1

# A sweep's FROM past the doubles is refused with the reason; eval takes
# blanks around its name and after 'to'.
$ tribo -c 'load disk-reye; sweep mu 1e999 2 3 stop_time'
! tribo: -c: command 2: sweep: FROM '1e999' is out of range (too large for a double)
? 1

$ tribo -c 'load disk-reye; eval   m  ; eval m to   g'
2 kg
2000 g
? 0

# The figures listed, their names padded to the longest.
$ tribo -c 'load painleve-rod; solve; plot'
  angle     Angle θ(t) of the rod to the line
  position  Position x(t) of the contact point m1
  reaction  Normal reaction λ(t) at the contact
  rates     Sliding velocity ẋ(t) and turning rate θ̇(t)
  mu_crit   Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ < 0
? 0

# A mistake in a quoted value is said without a caret (the value as typed
# is not the value read).
$ tribo -c "load disk-reye; set m '(2'"
! tribo: -c: command 2: set: expected ')'
? 1
