# plot, sweep and export csv (SPEC §2, §7).

# A sweep of the disk's friction coefficient: under Reye's hypothesis the
# disk stops after ωr/(μg) = 20·0.15/(9.81 μ), here checked with eval at
# both ends; the integrated time agrees with the closed form.
$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 4 stop_time stop_time_exact; eval omega*r/(0.1*g); eval omega*r/(0.4*g)'
mu   stop_time [s]   stop_time_exact [s]
0.1  3.05810397554   3.05810397554
0.2  1.52905198777   1.52905198777
0.3  1.01936799185   1.01936799185
0.4  0.764525993884  0.764525993884
3.05810397554 s
0.764525993884 s
? 0

# The session is as it was: the parameter keeps its value, the results of
# the last solve stay current, and they are not those of the sweep's end.
$ tribo -c 'load disk-reye; solve; sweep mu 0.1 0.4 4 stop_time; print mu stop_time; table'
mu   stop_time [s]
0.1  3.05810397554
0.2  1.52905198777
0.3  1.01936799185
0.4  0.764525993884
0.25
1.22324159021
R_coeff = 0.367875 N*m
R = 7.3575 W
torque = -0.367875 N*m
stop_time = 1.22324159021 s
stop_time_exact = 1.22324159021 s
stop_angle = 12.2324159021 rad
? 0

# Without a solve the sweep still runs, and results stay unsolved.
$ tribo -c 'load disk-reye; sweep omega 10 30 3 R_coeff torque m; print stop_time'
omega [rad/s]  R_coeff [N*m]  torque [N*m]  m [kg]
10             0.367875       -0.367875     2
20             0.367875       -0.367875     2
30             0.367875       -0.367875     2
! tribo: -c: command 3: print: stop_time is a result: run 'solve' first
? 1

# A point where the model refuses is marked, and said why; the rest stand.
$ tribo -c 'load rayleigh; set wz 0; set vx 0.2; sweep bx 0 0.4 3 R'
bx [m/s]  R [W]
0         0.6
0.2       failed
0.4       0.6
the model failed at 1 of 3 points:
bx = 0.2: nothing slides (u = 0 and ω = 0): R = 0 and the friction is static, not given by R
? 0

$ tribo -c 'load rayleigh; set law expr; set mu_expr "0.3 - v"; sweep vx 1 2 3 R'
! tribo: -c: command 4: sweep: the model failed at every point; at vx = 1: the friction law gives μ(1.5 m/s) = -1.2: a friction coefficient must be finite and not negative
? 1

$ tribo -c 'load disk-reye; sweep stop_time 0 1 3 mu'
! tribo: -c: command 2: sweep: 'stop_time' is a result of model disk, not a parameter
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_tme'
! tribo: -c: command 2: sweep: unknown name 'stop_tme' (did you mean 'stop_time'?)
? 1

$ tribo -c 'load disk-reye; sweep pressure 0 1 3 stop_time'
! tribo: -c: command 2: sweep: pressure is a choice (reye|uniform), not a number
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 3 3 stop_time'
! tribo: -c: command 2: sweep: mu = 3 is out of range: mu must be [0, 2]
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 1 stop_time'
! tribo: -c: command 2: sweep: STEPS '1' must be a whole number from 2 to 10000
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3'
! tribo: -c: command 2: sweep: missing argument; usage: sweep NAME FROM TO STEPS RESULT...
? 1

# export csv: the sweep, RFC 4180 (CRLF line ends), all 17 digits of the
# closed form ωr/(μg) = 3/(9.81 μ).
$ d=$(mktemp -d) && tribo -c "load disk-reye; sweep mu 0.1 0.4 4 stop_time_exact; export csv $d/s.csv" && tr -d '\r' < "$d/s.csv" && grep -c $'\r$' "$d/s.csv"; ls "$d"; rm -rf "$d"
mu   stop_time_exact [s]
0.1  3.05810397554
0.2  1.52905198777
0.3  1.01936799185
0.4  0.764525993884
mu,stop_time_exact [s]
0.10000000000000001,3.0581039755351678
0.20000000000000001,1.5290519877675839
0.30000000000000004,1.0193679918450558
0.40000000000000002,0.76452599388379194
5
s.csv
? 0

$ tribo -c 'load disk-reye; export csv s.csv'
! tribo: -c: command 2: export: nothing to export: run 'solve' or 'sweep' first
? 1

# A disk that does not spin draws nothing.
$ tribo -c 'load disk-reye; set omega 0; solve; export csv s.csv'
! tribo: -c: command 4: export: the last solve made no table or figure; 'sweep' makes one
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; export csv /nonexistent/s.csv'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: export: cannot write '/nonexistent/s.csv': directory '/nonexistent': No such file or directory
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; export json s.json'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: export: cannot export as 'json': the format is csv (export csv FILE)
? 1

# plot: a list, text in the output, files.
$ tribo -c 'load disk-reye; plot'
no figures yet: run 'solve' (or 'sweep') first
? 0

$ tribo -c 'load disk-reye; set omega 0; solve; plot; plot phase'
the last solve drew no figures; 'sweep' makes one
! tribo: -c: command 5: plot: no figure 'phase': the last solve drew none
? 1

$ tribo -c 'load disk-reye; solve; plot; plot phase'
  spin    Spin rate φ̇(t) until the disk stops
  angle   Angle φ(t) turned until the disk stops
! tribo: -c: command 4: plot: no figure 'phase'; there are: spin, angle
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
  sweep   stop_time against mu (the last sweep)
? 0

# The text plot fits a 79x24 terminal, its blank margins cut.
$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 4 stop_time; plot sweep' | awk 'NR > 5' | awk 'NR == 1 || /^ +mu$/ || /0.25/ {print} length > 79 {print "too wide"} END {print NR " lines"}'
                               disk-reye: sweep
   0.10        0.15        0.20       0.25        0.30        0.35        0.40
                                       mu
23 lines
? 0

$ d=$(mktemp -d) && tribo -c "load disk-reye; sweep mu 0.1 0.4 4 stop_time; plot sweep to $d/s.png; plot to $d/s.svg; plot sweep to $d/s.pdf" && head -c 8 "$d/s.png" | od -An -tx1 && grep -c '<svg' "$d/s.svg" && head -c 5 "$d/s.pdf" && echo && ls "$d"; rm -rf "$d"
mu   stop_time [s]
0.1  3.05810397554
0.2  1.52905198777
0.3  1.01936799185
0.4  0.764525993884
 89 50 4e 47 0d 0a 1a 0a
1
%PDF-
s.pdf
s.png
s.svg
? 0

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep to s.txt'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: cannot plot to a '.txt' file: name a .png, .svg or .pdf
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep to /nonexistent/s.png'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: cannot write '/nonexistent/s.png': directory '/nonexistent': No such file or directory
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep to'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: 'to' needs a file name: plot [NAME] to FILE.png|.svg|.pdf
? 1

$ tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep to s.png window'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: a file or a window, not both
? 1

# 'persist' is window's word, and only there
$ DISPLAY= WAYLAND_DISPLAY= tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep persist window'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: unexpected 'persist'; usage: plot [NAME] [to FILE] [window [persist]]
? 1

$ DISPLAY= WAYLAND_DISPLAY= tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep window persist'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: no display to open a window on (DISPLAY is not set); plot to a file with 'plot NAME to FILE.png'
? 1

$ DISPLAY= WAYLAND_DISPLAY= tribo -c 'load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep window'
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: no display to open a window on (DISPLAY is not set); plot to a file with 'plot NAME to FILE.png'
? 1

# An exercise whose title holds backquotes, system(), a quote and macro
# and markup characters: the plot shows the title as text, the file is
# written, and neither touch ran.
$ rm -f /tmp/tribo-pwned-1 /tmp/tribo-pwned-2; d=$(mktemp -d) && tribo -c "load evil.ini; sweep mu 0.1 0.4 3 stop_time; plot sweep to $d/f.png; plot sweep" | grep -F -e Evil -e 'against mu' && ls "$d" && test ! -e /tmp/tribo-pwned-1 && test ! -e /tmp/tribo-pwned-2 && echo nothing ran; rm -rf "$d"
  Evil `touch /tmp/tribo-pwned-1` system("touch /tmp/tribo-pwned-2") it's @x
                          ^_{}. stop_time against mu
f.png
nothing ran
? 0

# No gnuplot: the plot fails with a message that names it, in a batch the
# status is 1, and every other command works.
$ d=$(mktemp -d) && GNUPLOT=/nonexistent tribo -c "load disk-reye; sweep mu 0.1 0.4 3 stop_time; plot sweep to $d/x.png"; s=$?; ls "$d"; rm -rf "$d"; exit $s
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
! tribo: -c: command 3: plot: cannot run gnuplot '/nonexistent': No such file or directory (install gnuplot-nox or set GNUPLOT)
? 1

$ printf 'load disk-reye\nplot\nsweep mu 0.1 0.4 3 stop_time\nplot sweep\nprint mu\n' | GNUPLOT=/nonexistent tribo --plain
tribo> load disk-reye
loaded disk-reye: A spinning disk stops (Reye's hypothesis)
tribo[disk-reye]> plot
no figures yet: run 'solve' (or 'sweep') first
tribo[disk-reye]> sweep mu 0.1 0.4 3 stop_time
mu    stop_time [s]
0.1   3.05810397554
0.25  1.22324159021
0.4   0.764525993884
kept as 'sweep': 'plot sweep' draws it, 'export csv FILE' writes it
tribo[disk-reye]> plot sweep
tribo[disk-reye]> print mu
0.25
tribo[disk-reye]> 
! plot: cannot run gnuplot '/nonexistent': No such file or directory (install gnuplot-nox or set GNUPLOT)
? 1

$ tribo -c 'help plot' | head -n 1
usage: plot [NAME | scene [at T]] [to FILE] [window [persist]]
? 0

# Issue 41: the scene, refused where it cannot be drawn: before a solve,
# past the run's end (the rod lies flat at 0.72 s), with 'at' and a .gif
# (the whole run), at a time of a model that states one instant
# (kozlov-rest, whose scene is at 0: its force f and friction -Φη).
$ tribo -c 'load painleve-slip; plot scene'
! tribo: -c: command 2: plot: no run to draw yet: run 'solve' first
? 1

$ tribo -c 'load painleve-slip; solve; plot scene at 1'
! tribo: -c: command 3: plot: t = 1 is outside the run, which goes from 0 to 0.721603
? 1

$ tribo -c 'load painleve-slip; solve; plot scene at 2 min'
! tribo: -c: command 3: plot: t = 120 is outside the run, which goes from 0 to 0.721603
? 1

$ tribo -c 'load painleve-slip; solve; plot scene at 1 m'
! tribo: -c: command 3: plot: 'at 1 m': a time is wanted (s, ms, min)
? 1

$ tribo -c 'load painleve-slip; solve; plot scene at t_slip to rod.gif'
! tribo: -c: command 3: plot: a .gif is the whole run, a frame a step: no 'at T'
? 1

$ tribo -c 'load kozlov-rest; solve; plot scene at 1'
! tribo: -c: command 3: plot: kozlov-rest is a point at rest at one instant: its scene is at t = 0
? 1

$ tribo -c 'load kozlov-rest; solve; plot scene' | grep -c 'f = 0.64\|−Φη = 0.44'
2
? 0

# The scene as text at 79x24: the rod, its forces and their values.
$ tribo -c 'load painleve-slip; solve; plot scene' | grep -c 'λ = 18.5 N\|W2 = 9.81 N\|F = 3.15 N'
3
? 0

# Issue 19: `sweep ... plot` overlays the runs' figure, a colour and a key
# entry a run: ragulskis's displacement for four Δ (the amplitude grows
# with Δ, as Figs. 1-3 show: 0.945, 1.087, 1.217, 1.341 m), and the
# sweep's table has every run's numeric results for export.
$ tribo -c 'load ragulskis; sweep Delta 0.2 0.8 4 plot; export csv - sweep' | awk -F, 'NR == 1 {print} NR == 2 {print $1, $2, $3} NR > 2 {printf "%s %.4g %.4g\n", $1, $2, $3}'
sweep: Displacement u [m] over two steady periods for Delta = 0.2, 0.4, 0.6, 0.8 m/s
Delta [m/s] amp [m] umin [m]
0.20000000000000001 0.9452 -0.9452
0.40000000000000002 1.087 -1.087
0.60000000000000009 1.217 -1.217
0.80000000000000004 1.341 -1.341
? 0

$ d=$(mktemp -d) && tribo -c "load imachi-fig4-45; sweep phi 0 90 3 plot; plot sweep to $d/s.png; plot" && head -c 4 "$d/s.png" | od -An -c; rm -rf "$d"
sweep: Limit cycles for phi = 0, 45, 90° (bases dashed, means dots)
  sweep   Limit cycles for phi = 0, 45, 90° (bases dashed, means dots) (the last sweep)
 211   P   N   G
? 0

# What it refuses: more runs than colours, a figure the model does not
# draw (the figures named), a word after it, and a value out of range.
$ tribo -c 'load ragulskis; sweep Delta 0.2 0.8 8 plot'
! tribo: -c: command 2: sweep: STEPS 8: 'plot' overlays at most 7 runs, one a colour of the palette
? 1

$ tribo -c 'load ragulskis; sweep Delta 0.2 0.8 3 plot nosuch'
! tribo: -c: command 2: sweep: no figure 'nosuch': the figures are motion, u, du, ddu, force, H
? 1

$ tribo -c 'load ragulskis; sweep Delta 0.2 0.8 3 plot u extra'
! tribo: -c: command 2: sweep: unexpected 'extra'; usage: sweep NAME FROM TO STEPS plot [FIGURE]
? 1

$ tribo -c 'load ragulskis; sweep Delta -1 0.8 3 plot'
! tribo: -c: command 2: sweep: Delta = -1 m/s is out of range: Delta must be > 0 m/s
? 1

# A figure with nothing to show is not offered (issue 40, point 5):
# painleve-paradox's rod has no motion under the classical law (the
# inconsistent case, t_end = 0), so its time figures are one point at
# t = 0, which gnuplot would draw as a dot on a made-up -1...1 s axis.
# 'plot' lists them apart with why; 'plot reaction' refuses with why; a
# bare 'plot' draws the one figure that has something to show.
$ tribo -c 'load painleve-paradox; solve; plot'
  mu_crit   Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ < 0
not drawn, with nothing to show:
  angle     one point only (t = 0 s, θ = 60 deg)
  position  one point only (t = 0 s, x = 0 m)
  reaction  one point only (t = 0 s, λ = -400.097 N)
  rates     every point at t = 0 s
? 0

$ tribo -c 'load painleve-paradox; solve; plot reaction'
! tribo: -c: command 3: plot: figure 'reaction' has nothing to show: one point only (t = 0 s, λ = -400.097 N)
? 1

$ tribo -c 'load painleve-paradox; solve; plot to fig.svg' && grep -o 'painleve-paradox: [a-z_]*' fig.svg
painleve-paradox: mu_crit
? 0

# The ladder at rest (its default: it stands) has no figure to show, and
# a bare 'plot' says so.
$ tribo -c 'load ladder; solve; plot'
no figure of the last solve has anything to show:
  theta   one point only (t = 0 s, θ = 75 deg)
  forces  every point at θ = 75 deg
? 0

$ tribo -c 'load ladder; solve; plot to fig.png'
! tribo: -c: command 3: plot: no figure of the last solve has anything to show ('plot' lists why)
? 1

# Subtitles follow the law in effect (issue 40, point 5): the exercise's
# title names its own law ("elliptic"); after 'set law tanh' the figure's
# subtitle names the law in effect in its place, and 'reset' brings the
# title back.
$ tribo -c 'load ragulskis; solve; plot u to e.svg; set law tanh; solve; plot u to t.svg; reset law; solve; plot u to r.svg' >/dev/null; for f in e t r; do grep -o '[A-Z][a-z]* [a-z]*[^<]*steady state' $f.svg; done; grep -q elliptic t.svg || echo 'no elliptic after set law tanh'
Forced oscillator, elliptic dry friction. Displacement u over two periods of the steady state
Friction law: tanh. Displacement u over two periods of the steady state
Forced oscillator, elliptic dry friction. Displacement u over two periods of the steady state
no elliptic after set law tanh
? 0

# A figure whose own title names the law in effect is not told it twice.
$ tribo -c 'load ragulskis; set law tanh; solve; plot H to h.svg' && grep -o '[A-Z][a-z]* [a-z]* law[^<]*' h.svg | sort -u
The friction law H(u̇): tanh
? 0
