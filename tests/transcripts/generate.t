# generate (issue 9): a problem sheet and its key. The key's first variant
# of disk-uniform with seed 3 against the closed forms: m = 3 kg,
# r = 0.082 m, μ = 0.6, ω = 51 rad/s give the torque −(2/3)μmgr = −0.96530
# N·m and the stop time 3ωr/(4μg) = 0.53287 s, to the four figures a 1%
# tolerance needs.
$ tribo -c "generate 1 seed 3 format txt to $HOME/t disk-uniform" | sed "s|$HOME|HOME|g"; sed -n '6,12p' "$HOME/t/key.txt"; sed -n '8,16p' "$HOME/t/sheet.txt"
wrote HOME/t/sheet.txt and HOME/t/key.txt: 1 variant of disk-uniform, seed 3; no draw was degenerate
Variant 1
---------
values: m = 3 kg, r = 0.082 m, mu = 0.6, omega = 51 rad/s
answers:
  torque = -0.9653 N·m  (tolerance 1%)
  stop_time = 0.5329 s  (tolerance 1%)
worked solution:
A disk of mass 3 kg and radius 0.082 m spins at 51 rad/s on a rough
horizontal plane (μ = 0.6, g = 9.81 m/s²). Its weight presses uniformly on
its base. Find the friction torque and the time the disk takes to stop;
compare with Reye's hypothesis.

Give:
  torque in N·m: friction torque -∂R/∂φ̇ at the start (opposes the spin)
  stop_time in s: time to stop, integrating the equation of motion (inf: never, μ = 0)
? 0

# The Done-when: 40 variants in LaTeX, twice (once of the loaded exercise
# with a parameter changed, which must not leak in), byte for byte the same.
#! heavy
$ tribo -c "generate 40 seed 1 format tex to $HOME/a disk-reye" >/dev/null && tribo -c "load disk-reye; set mu 0.9; generate 40 seed 1 format tex to $HOME/b" | sed "s|$HOME|HOME|g" && cmp "$HOME/a/sheet.tex" "$HOME/b/sheet.tex" && cmp "$HOME/a/key.tex" "$HOME/b/key.tex" && echo identical
wrote HOME/b/sheet.tex and HOME/b/key.tex: 40 variants of disk-reye, seed 1; no draw was degenerate
identical
? 0

# Redrawn draws are counted and said (tests/data/gen-redraw.ini: the point
# moves only for fy > 0.866 of [0, 2]).
$ tribo -c "generate 30 seed 5 format md to $HOME/r gen-redraw.ini" | sed "s|$HOME|HOME|g"; sed -n 3p "$HOME/r/key.md"
wrote HOME/r/sheet.md and HOME/r/key.md: 30 variants of gen-redraw, seed 5; 26 degenerate draws redrawn
30 variants drawn by tribo with seed 5; 26 degenerate draws were redrawn. Redrawn in gen-redraw: no motion (moves = false), 26 times. Each answer is given to the digits its tolerance needs.
? 0

# Bad arguments stop a batch, naming the argument.
$ tribo -c 'generate 0 disk-reye'
! tribo: -c: command 1: generate: N '0' is not a whole number from 1 to 1000
? 1

$ tribo -c 'generate 3 format pdf disk-reye'
! tribo: -c: command 1: generate: format 'pdf' is not one of tex, md, txt
? 1

$ tribo -c 'generate 3'
! tribo: -c: command 1: generate: no exercise loaded: 'load ID' first, or name the exercises: generate N ID...
? 1

$ tribo -c 'generate 3 gen-hopeless.ini'
! tribo: -c: command 1: generate: gen-hopeless: 100 draws in a row were degenerate (the last: no motion (moves = false)); narrow its draw ranges
? 1

# keep = mode (issue 17): every variant of painleve-paradox has the mode of
# the exercise's own values, and generate says how many draws it redrew for it
$ tribo -c "generate 40 seed 3 format txt to $HOME/pk painleve-paradox" | sed "s|$HOME|HOME|g"; grep -c '^  mode = inconsistent  (exact)$' "$HOME/pk/key.txt"; grep -c '^  mode = ' "$HOME/pk/key.txt"
wrote HOME/pk/sheet.txt and HOME/pk/key.txt: 40 variants of painleve-paradox, seed 3; no draw was degenerate; every draw kept mode = inconsistent
40
40
? 0
