# lint (issue 9): an exercise file checked as 'load' reads it, then what
# the parser lets pass, then solved at the file's values, at each draw
# range's ends and with every draw low, then high. tribo --lint exits 1
# when a file has an error; warnings alone do not fail, unless --strict.

# Every shipped exercise lints clean: no warning, no error.
#! heavy
$ cd "$TRIBO_PATH" && out=$(tribo --lint *.ini); echo "status $?"; printf '%s\n' "$out" | grep -v ': ok ([0-9]* solves\?)$'; [ "$(printf '%s\n' "$out" | grep -c ': ok (')" = "$(ls *.ini | wc -l)" ] && echo "every file ok"
status 0
every file ok
? 0

# The parser's errors, each as it gives them (line, column, the line and a
# caret), marked as lint's errors.
$ tribo --lint lint-placeholder.ini
lint-placeholder.ini:7:28: error: statement: {nu} is not a parameter of model disk
      on a plane with friction {nu}. When does it stop?
                               ^
lint-placeholder.ini: 1 error, 0 warnings
? 1

# Issue 39: every error of a file once, with its line, whatever kinds are
# mixed. The issue's three mistakes: the unknown unit of an [answer] was
# said twice, once without a line, in place of the misspelt key before it.
$ tribo --lint three-mistakes.ini; tribo -c 'load three-mistakes.ini'
three-mistakes.ini:10:1: error: unknown key 'vaule' in [param m] (did you mean 'value'?)
    vaule = 2
    ^
three-mistakes.ini:16:8: error: unknown unit 'furlong'
    unit = furlong
           ^
three-mistakes.ini:18:9: error: 'banana' is not a number
    value = banana
            ^
three-mistakes.ini: 3 errors, 0 warnings
! tribo: -c: command 1: load: three-mistakes.ini:10:1: unknown key 'vaule' in [param m] (did you mean 'value'?)
!     vaule = 2
!     ^
! three-mistakes.ini:16:8: unknown unit 'furlong'
!     unit = furlong
!            ^
! three-mistakes.ini:18:9: 'banana' is not a number
!     value = banana
!             ^
! 3 errors
? 1

# A parameter's min above its max no longer hides the next section's keys
# (banana), nor do a line's errors hide the statement's and keep's; keep's
# two unknown names are both said.
$ tribo --lint mixed-mistakes.ini | grep -v '^ '
mixed-mistakes.ini:13:8: error: unknown unit 'furlong'
mixed-mistakes.ini:18:1: error: min is larger than max
mixed-mistakes.ini:21:9: error: 'banana' is not a number
mixed-mistakes.ini:25:1: error: unknown key 'tolerence' in [answer stop_time] (did you mean 'tolerance'?)
mixed-mistakes.ini:9:64: error: statement: {muu} is not a parameter of model disk
mixed-mistakes.ini:8:8: error: keep: model disk has no result 'moves'
mixed-mistakes.ini:8:15: error: keep: model disk has no result 'verdict'
mixed-mistakes.ini: 7 errors, 0 warnings
? 0

$ tribo --lint lint-answer.ini
lint-answer.ini:8:1: error: model disk has no result 'stop_tme' (did you mean 'stop_time'?)
    [answer stop_tme]
    ^
lint-answer.ini: 1 error, 0 warnings
? 1

$ tribo --lint lint-answer-unit.ini
lint-answer-unit.ini:9:8: error: 'm' is a unit of length, but stop_time is a time (s)
    unit = m
           ^
lint-answer-unit.ini: 1 error, 0 warnings
? 1

$ tribo --lint lint-draw-min.ini
lint-draw-min.ini:11:1: error: draw range: mu = 1.5 is out of range: mu must be [0, 1]
    draw = 0.1 1.5
    ^
lint-draw-min.ini: 1 error, 0 warnings
? 1

$ tribo --lint lint-draw-limit.ini
lint-draw-limit.ini:12:1: error: draw range: m = 0 kg is out of range: m must be > 0 kg
    draw = 0 5
    ^
lint-draw-limit.ini: 1 error, 0 warnings
? 1

$ tribo --lint lint-digits.ini
lint-digits.ini:12:10: error: digits must be a whole number from 1 to 15
    digits = 20
             ^
lint-digits.ini: 1 error, 0 warnings
? 1

$ tribo --lint lint-value.ini
lint-value.ini:9:1: error: r = 2 m is out of range: r must be [0.01, 1] m
    value = 2
    ^
lint-value.ini: 1 error, 0 warnings
? 1

# An exercise whose own values the model refuses is an error, at the
# value that breaks the relation (issue 18: refused at load, as by `set`).
$ tribo --lint lint-base.ini
lint-base.ini:10:1: error: model imachi refuses these values: mu1 = 0.5 is below mu0 = 1.1: the static coefficient cannot be less than the kinetic one
    value = 0.5
    ^
lint-base.ini: 1 error, 0 warnings
? 1

# What the parser lets pass: warnings, in the order of the file's lines.
$ tribo --lint lint-warnings.ini
lint-warnings.ini:2: warning: no [answer] section: nothing says which results a student is asked for
lint-warnings.ini:12: warning: omega is drawn, but the statement never shows it: write {omega} in it
lint-warnings.ini:12: warning: draw without digits: drawn values of omega are rounded to 3 significant digits
lint-warnings.ini:18: warning: digits without draw: m is never drawn
lint-warnings.ini:24: warning: to 2 significant digits every drawn r is 0.15 m: give more digits
lint-warnings.ini: 0 errors, 5 warnings
? 0

$ tribo --lint --strict lint-warnings.ini
lint-warnings.ini:2: warning: no [answer] section: nothing says which results a student is asked for
lint-warnings.ini:12: warning: omega is drawn, but the statement never shows it: write {omega} in it
lint-warnings.ini:12: warning: draw without digits: drawn values of omega are rounded to 3 significant digits
lint-warnings.ini:18: warning: digits without draw: m is never drawn
lint-warnings.ini:24: warning: to 2 significant digits every drawn r is 0.15 m: give more digits
lint-warnings.ini: 0 errors, 5 warnings
? 1

# Solved at the ends of the draw ranges, at the corners of the draw box
# and at generate's first 32 draws (a kind's first point named, the others
# counted): a failure, a result that is not finite, a degenerate outcome (nothing moves, no limit cycle, the block no
# longer catches the belt, a paradox the exercise does not ask about), each
# with the values that gave it. An answer asked for that has no value at
# a draw point is an error (issue 37: the exercise promises its answers for
# every draw).
# (heavy: imachi solved at 40 points, some drifting for their whole budget:
# over a minute under valgrind; the other lint cases run there)
#! heavy
$ tribo --lint lint-solve.ini
lint-solve.ini:17: warning: degenerate at s = 0.2: u_xmean = 0 (0.229776557006 at the file's values): nothing happens
lint-solve.ini:17: error: u_xmean has no value at s = 0.9: no limit cycle: s = μ0 = 0.9, the mass slips ahead of the base for ever and u_x grows without bound
lint-solve.ini:17: warning: degenerate at s = 0.9: converged = false (true at the file's values)
lint-solve.ini:25: warning: solve fails at mu1 = 0.5: mu1 = 0.5 is below mu0 = 0.9: the static coefficient cannot be less than the kinetic one
lint-solve.ini:17: warning: solve fails at s = 0.2, mu1 = 0.5 (every draw at its low end): mu1 = 0.5 is below mu0 = 0.9: the static coefficient cannot be less than the kinetic one
lint-solve.ini:17: warning: degenerate at s = 0.9, mu1 = 1.3 (every draw at its high end): converged = false (true at the file's values)
lint-solve.ini:17: warning: solve fails at the corner s = 0.9, mu1 = 0.5: mu1 = 0.5 is below mu0 = 0.9: the static coefficient cannot be less than the kinetic one
lint-solve.ini:17: warning: degenerate at the corner s = 0.2, mu1 = 1.3: u_xmean = 0 (0.229776557006 at the file's values): nothing happens
lint-solve.ini:17: warning: solve fails at 18 more points of the draw box
lint-solve.ini:17: warning: degenerate at 1 more point of the draw box
lint-solve.ini: error: answers have no value at 1 more point of the draw box: narrow the draw ranges to where every answer exists
lint-solve.ini: 2 errors, 9 warnings
? 1

$ tribo --lint lint-inf.ini
lint-inf.ini:22: error: t_stick has no value at v0 = 2 m/s: never
lint-inf.ini:22: warning: degenerate at v0 = 2 m/s: stuck = false (true at the file's values): the problem changes in kind
lint-inf.ini:22: warning: degenerate at generate's draw 2 (seed 1): v0 = 1.9 m/s: stuck = false (true at the file's values): the problem changes in kind
lint-inf.ini:22: warning: degenerate at 13 more points of the draw box
lint-inf.ini: error: answers have no value at 14 more points of the draw box: narrow the draw ranges to where every answer exists
lint-inf.ini: 2 errors, 3 warnings
? 1

$ tribo --lint lint-paradox.ini
lint-paradox.ini:17: warning: degenerate at mu = 5: outcome = paradox (falls at the file's values), which the exercise does not ask about
lint-paradox.ini:17: warning: degenerate at generate's draw 1 (seed 1): mu = 4.6: outcome = paradox (falls at the file's values), which the exercise does not ask about
lint-paradox.ini:17: warning: degenerate at 21 more points of the draw box
lint-paradox.ini: 0 errors, 3 warnings
? 0

# Several files: each its findings and summary; one error fails them all.
$ tribo --lint lint-paradox.ini lint-digits.ini nowhere.ini
lint-paradox.ini:17: warning: degenerate at mu = 5: outcome = paradox (falls at the file's values), which the exercise does not ask about
lint-paradox.ini:17: warning: degenerate at generate's draw 1 (seed 1): mu = 4.6: outcome = paradox (falls at the file's values), which the exercise does not ask about
lint-paradox.ini:17: warning: degenerate at 21 more points of the draw box
lint-paradox.ini: 0 errors, 3 warnings
lint-digits.ini:12:10: error: digits must be a whole number from 1 to 15
    digits = 20
             ^
lint-digits.ini: 1 error, 0 warnings
nowhere.ini: error: cannot open: No such file or directory
nowhere.ini: 1 error, 0 warnings
? 1

# Inside a session: lint reads the file again, solves on its own, and
# leaves the loaded exercise, its parameters and its results as they were.
$ set -o pipefail; tribo -c 'load disk-reye; set mu 0.3; solve; print stop_time mu; lint; print stop_time mu; lint lint-warnings.ini; lint conveyor; print stop_time mu' | sed "s|$TRIBO_PATH/||"
1.01936799185
0.3
disk-reye.ini: ok (57 solves)
1.01936799185
0.3
lint-warnings.ini:2: warning: no [answer] section: nothing says which results a student is asked for
lint-warnings.ini:12: warning: omega is drawn, but the statement never shows it: write {omega} in it
lint-warnings.ini:12: warning: draw without digits: drawn values of omega are rounded to 3 significant digits
lint-warnings.ini:18: warning: digits without draw: m is never drawn
lint-warnings.ini:24: warning: to 2 significant digits every drawn r is 0.15 m: give more digits
lint-warnings.ini: 0 errors, 5 warnings
conveyor.ini: ok (111 solves)
1.01936799185
0.3
? 0

# What lint finds is its output, not a failure (as a wrong answer is for
# check); it fails when there is nothing to lint.
$ tribo -c 'load lint-inf.ini; lint; print v0'
lint-inf.ini:22: error: t_stick has no value at v0 = 2 m/s: never
lint-inf.ini:22: warning: degenerate at v0 = 2 m/s: stuck = false (true at the file's values): the problem changes in kind
lint-inf.ini:22: warning: degenerate at generate's draw 2 (seed 1): v0 = 1.9 m/s: stuck = false (true at the file's values): the problem changes in kind
lint-inf.ini:22: warning: degenerate at 13 more points of the draw box
lint-inf.ini: error: answers have no value at 14 more points of the draw box: narrow the draw ranges to where every answer exists
lint-inf.ini: 2 errors, 3 warnings
0.5
? 0

$ tribo -c 'lint'
! tribo: -c: command 1: lint: no exercise loaded: lint FILE or ID, or 'load' one
? 1

$ tribo -c 'lint disk-rey'
! tribo: -c: command 1: lint: no exercise 'disk-rey' (did you mean 'disk-reye'?)
? 1

$ tribo -c 'lint a b'
! tribo: -c: command 1: lint: too many arguments; usage: lint [FILE|ID]
? 1

# Bad usage of --lint.
$ tribo --lint
! tribo: --lint needs an exercise FILE
! Try 'tribo --help' for more information.
? 2

$ tribo --strict lint-warnings.ini
! tribo: --strict goes with --lint
! Try 'tribo --help' for more information.
? 2

$ tribo --lint -c 'list' lint-warnings.ini
! tribo: --lint takes only exercise files (and --strict)
! Try 'tribo --help' for more information.
? 2

# The instructor's own directory, $XDG_DATA_HOME/tribo/exercises, comes
# first: its exercises are listed, and its file of a shipped id is the one
# 'list', 'load' and 'lint' use; 'list' names the file it hides.
$ set -o pipefail; d=$HOME/xdg1; mkdir -p "$d/tribo/exercises" && sed 's/^title = .*/title = My own disk/' "$TRIBO_PATH/disk-reye.ini" >"$d/tribo/exercises/disk-reye.ini" && sed 's/^id = .*/id = aa-mine/; s/^title = .*/title = My new exercise/' "$TRIBO_PATH/disk-uniform.ini" >"$d/tribo/exercises/mine.ini" && XDG_DATA_HOME=$d tribo -c 'list; load disk-reye; show; lint; load aa-mine; lint' | grep -E '^(id|aa-mine|disk-reye)[ :]|^warning|: ok \(' | sed -e 's/   */  /g' -e "s|$d|XDG|g" -e "s|$TRIBO_PATH|SHIPPED|g"; rm -rf "$d"
id  title  source
aa-mine  My new exercise  Minguzzi, Rayleigh's dissipation function at work, §2.2, eq. (20)
disk-reye  My own disk  Minguzzi, Rayleigh's dissipation function at work, §2.2
warning: SHIPPED/disk-reye.ini: id 'disk-reye' is also in XDG/tribo/exercises/disk-reye.ini, which is used
disk-reye: My own disk
XDG/tribo/exercises/disk-reye.ini: ok (57 solves)
XDG/tribo/exercises/mine.ini: ok (57 solves)
? 0

# Without XDG_DATA_HOME (or with a relative one, which the XDG rules
# ignore) it is ~/.local/share/tribo/exercises.
$ d=$HOME/.local/share/tribo/exercises; mkdir -p "$d" && sed 's/^id = .*/id = aa-mine/; s/^title = .*/title = My new exercise/' "$TRIBO_PATH/disk-uniform.ini" >"$d/mine.ini" && (unset XDG_DATA_HOME; tribo -c 'load aa-mine; show' | head -n 1); XDG_DATA_HOME=relative tribo -c 'list' | grep -c '^aa-mine '; rm -rf "$HOME/.local"
aa-mine: My new exercise
1
? 0

# $TRIBO_PATH's directories come after the user's and the shipped ones, in
# their order: a new id is found, the first directory's file of an id
# wins, and a shipped id stays the shipped exercise.
$ set -o pipefail; d1=$HOME/tp1 d2=$HOME/tp2; mkdir -p "$d1" "$d2" && sed 's/^id = .*/id = aa-first/; s/^title = .*/title = From the first/' disk-check.ini >"$d1/a.ini" && sed 's/^id = .*/id = aa-first/; s/^title = .*/title = From the second/' disk-check.ini >"$d2/a.ini" && sed 's/^title = .*/title = Not the shipped one/' "$TRIBO_PATH/conveyor.ini" >"$d2/conveyor.ini" && TRIBO_PATH="$TRIBO_PATH:$d1:$d2" tribo -c 'list; load aa-first; show; load conveyor; show' | grep -E '^(aa-first|conveyor)[ :]|^warning' | sed -e 's/   */  /g' -e 's/ *$//' -e "s|$HOME/||g" -e "s|$TRIBO_PATH|SHIPPED|g"; rm -rf "$d1" "$d2"
aa-first  From the first
conveyor  A block on a conveyor belt (Bouchet's friction)  Minguzzi, Rayleigh's dissipation function at work, §2.1
warning: tp2/a.ini: id 'aa-first' is also in tp1/a.ini, which is used
warning: tp2/conveyor.ini: id 'conveyor' is also in SHIPPED/conveyor.ini, which is used
aa-first: From the first
conveyor: A block on a conveyor belt (Bouchet's friction)
? 0

# Issue 18: an exercise whose own values the model refuses (ragulskis's
# periods must be whole) is refused at load, as `set` refuses them, with
# the line of the value.
$ printf '[exercise]\nid = bad-rg\ntitle = t\nmodel = ragulskis\nstatement = s\n[param periods]\nvalue = 2.5\n' >"$HOME/bad-rg.ini"; printf 'load disk-reye\nload %s\n' "$HOME/bad-rg.ini" | tribo 2>&1 | sed "s|$HOME/||"
tribo: stdin:2: load: bad-rg.ini:7:1: model ragulskis refuses these values: periods = 2.5: must be a whole number of periods (at most 10⁷)
    value = 2.5
    ^
? 0

# Issue 21: three mistakes on three lines, all said at once by load and by
# lint, each with its line, column and caret.
$ printf '[exercise]\nid = three\ntitle = Three mistakes\nmodel = disk\nstatment = A disk.\n\n[param r]\nvalue = abc\n\n[param mu]\nvalue = 0.3\ndraw = 0.1\n' > "$HOME/three.ini"; cd "$HOME" && tribo -c 'load three.ini'; tribo --lint three.ini
! tribo: -c: command 1: load: three.ini:5:1: unknown key 'statment' in [exercise] (did you mean 'statement'?)
!     statment = A disk.
!     ^
! three.ini:8:9: 'abc' is not a number
!     value = abc
!             ^
! three.ini:12:8: draw takes two numbers: draw = LOW HIGH
!     draw = 0.1
!            ^
! 3 errors
three.ini:5:1: error: unknown key 'statment' in [exercise] (did you mean 'statement'?)
    statment = A disk.
    ^
three.ini:8:9: error: 'abc' is not a number
    value = abc
            ^
three.ini:12:8: error: draw takes two numbers: draw = LOW HIGH
    draw = 0.1
           ^
three.ini: 3 errors, 0 warnings
? 1

# tribo --lint honours the batch's time limit, each file as a command
# (issue 43, point 5): the file is stopped, said on stderr, and fails.
# (tests/data/lint-slow.ini's lint takes 2.8 s plain, disk-reye.ini's
# 0.01 s: 0.5 s stops the one and lets the other through, with room for a
# loaded machine; 0.2 s failed with four runs at once. imachi.ini's took
# 1.3 s, and painleve-compliant.ini's 1.4 s, until their figures were left
# for plot to draw: 0.3 and 0.45 s. Under valgrind the disk's 57 solves
# take longer: heavy)
#! heavy
$ cd "$TRIBO_PATH" && TRIBO_TIMEOUT=0.5 tribo --lint ../tests/data/lint-slow.ini 2>&1 >/dev/null; echo "status $?"; tribo --timeout 0.5 --lint ../tests/data/lint-slow.ini disk-reye.ini 2>/dev/null | tail -n 1
tribo: ../tests/data/lint-slow.ini: lint stopped after 0.5 s, the batch's time limit (TRIBO_TIMEOUT or --timeout)
status 1
disk-reye.ini: ok (57 solves)
? 0

# The lint command names no exercise there is.
$ tribo -c 'lint nosuch'
! tribo: -c: command 1: lint: no exercise 'nosuch'; 'list' shows the exercises there are
? 1

# Two texts, two readers (issue 39, point 3): a statement, a source or an
# answer's text is printed on a sheet, so a backquote, 'tribo', 'issue N'
# or 'set NAME' (a parameter of the model) there is a warning; 'solve the
# equation' or 'plot the curve' may be the problem's own words.
$ printf '[exercise]\nid = words\ntitle = t\nmodel = painleve-rod\nsource = Kozlov; issue 23\nstatement = At {theta} deg, set thetadot 8. Solve the equation.\nhint = set thetadot 8, then solve\n[param theta]\nvalue = 60\nunit = deg\n[answer lambda]\ntext = lambda from `print lambda`\n' >"$HOME/words.ini"; cd "$HOME" && tribo --lint words.ini
words.ini:1: warning: the statement says how to drive tribo ('set thetadot'): a sheet prints it; what to type goes in hint
words.ini:1: warning: the source says 'issue N': name the paper or textbook (or 'after AUTHOR (YEAR)')
words.ini:11: warning: the text of lambda says how to drive tribo (a backquote): a sheet prints it
words.ini: 0 errors, 3 warnings
? 0
