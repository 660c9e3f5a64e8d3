# Issue 43, points 8, 10 and 11: what a hostile or careless user found in
# grade, the rosters, the Moodle XML and the small exits; each case's input
# is the issue's reproducer.

# a value that underflows is refused, as one that overflows is
$ tribo -c 'load coin; set m 1e-330'
! tribo: -c: command 2: set: '1e-330' is out of range (too small for a double: it would read as 0)
? 1

$ tribo -c 'eval 1e-400'
! tribo: -c: command 1: eval: number too small (it would read as 0)
!     eval 1e-400
!          ^
? 1

# and so is a value that underflows from nonzero operands (it printed 0),
# to 0 or below DBL_MIN, wherever an expression is taken; an honest 0, a
# number typed alone and an underflow that the value cannot show are values
#! native
$ tribo -c 'eval 1e-300*1e-300'
! tribo: -c: command 1: eval: the value underflows to 0 (it is nonzero, below the smallest double, 4.9e-324)
!     eval 1e-300*1e-300
!          ^
? 1

#! native
$ tribo -c 'eval 1e-200*1e-120'
! tribo: -c: command 1: eval: the value underflows (below 2.2e-308 a double loses digits)
!     eval 1e-200*1e-120
!          ^
? 1

#! native
$ tribo -c 'load coin; set omega exp(-1000) rad/s'
! tribo: -c: command 2: set: the value underflows to 0 (it is nonzero, below the smallest double, 4.9e-324)
!      set omega exp(-1000) rad/s
!                ^
? 1

#! native
$ tribo -c 'load coin; solve; check stop_time = 1e-300/1e300'
! tribo: -c: command 3: check: the value underflows to 0 (it is nonzero, below the smallest double, 4.9e-324)
!      check stop_time = 1e-300/1e300
!                        ^
? 1

$ tribo -c 'load coin; set r 1e-306 mm'
! tribo: -c: command 2: set: r = 1e-306 mm is too small: it underflows in m
? 1

$ tribo -c 'load coin; solve; check stop_time 1e-306 ms'
! tribo: -c: command 3: check: the answer is too small: it underflows in s
? 1

$ tribo -c 'eval 0*5; eval 1-1; eval 0e-400; eval 5e-324; eval 1e-300*1e-300+1; load coin; solve; check stop_time = 1-1; set omega 0*5 rad/s; print omega'
0
0
0
4.94065645841e-324
1
incorrect: off by 100%, the tolerance is 1% (tribo: stop_time = 0.36640319574 s; yours: 0 s)
0
? 0

# a relative error past the doubles
$ tribo -c 'load coin; solve; check stop_time -1e308'
incorrect: off by more than 1e308%, the tolerance is 1% (tribo: stop_time = 0.36640319574 s)
? 0

# a no-break space (U+00A0) or a narrow one (U+202F) between number and unit
$ tribo -c "load coin; solve; check stop_time 0.3664$(printf '\u00a0')s; set m 7.5$(printf '\u202f')g; print m"
correct: off by 0.00087%, the tolerance is 1% (tribo: stop_time = 0.36640319574 s)
0.0075
? 0

# a [result NAME] of a parameter's name
$ sed 's/^id = coin-lagrange/id = shadow/' "$TRIBO_PATH/coin-lagrange.ini" > "$HOME/shadow.ini"; printf '\n[result m]\nexpr = x*2\nunit = m\ndoc = shadows\n' >> "$HOME/shadow.ini"; tribo -c "load $HOME/shadow.ini" 2>&1 | sed "s|$HOME|HOME|g"
tribo: -c: command 1: load: HOME/shadow.ini:104:1: [result m] has the name of [param m] (line 26): give the result another name
    [result m]
    ^
? 0

# a draw range wholly outside the model's domain
$ sed 's/^id = ragulskis$/id = outdraw/; s/^draw = 0.8 1.2$/draw = 2e9 3e9/' "$TRIBO_PATH/ragulskis.ini" > "$HOME/outdraw.ini"; tribo --lint "$HOME/outdraw.ini" 2>&1 | sed "s|$HOME|HOME|g" | grep -v 'every draw'
HOME/outdraw.ini:39: warning: solve fails at omega = 2000000000 rad/s: omega = 2e+09: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite
HOME/outdraw.ini:39: warning: solve fails at omega = 3000000000 rad/s: omega = 3e+09: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite
HOME/outdraw.ini:39: error: no draw of omega solves: both ends of its range and 8 points between fail (above), so generate could make no variant
HOME/outdraw.ini:33: warning: solve fails at the corner P = 5 N, omega = 2000000000 rad/s: omega = 2e+09: outside 1e-9..1e9 rad/s, where the model's products and ratios of scales stay finite
HOME/outdraw.ini:33: warning: solve fails at 33 more points of the draw box
HOME/outdraw.ini: 1 error, 6 warnings
? 0

# roster names with line breaks
$ printf 'name\nAda\n"Bo\nby"\nCy\n' > "$HOME/nl1.csv"; printf 'name\r\nAda\r\n"Bo\rby"\r\n' > "$HOME/nl2.csv"; tribo -c "generate 3 to $HOME/nl1 roster $HOME/nl1.csv coin" 2>&1 | sed "s|$HOME|HOME|g"; tribo -c "generate 2 to $HOME/nl2 roster $HOME/nl2.csv coin" 2>&1 | sed "s|$HOME|HOME|g"; ls "$HOME/nl1" "$HOME/nl2" 2>&1 | sed "s|$HOME|HOME|g"
tribo: -c: command 1: generate: HOME/nl1.csv:3: the name holds a line break: a student's name is one line of printable characters
tribo: -c: command 1: generate: HOME/nl2.csv:3: the name holds a line break: a student's name is one line of printable characters
ls: cannot access 'HOME/nl1': No such file or directory
ls: cannot access 'HOME/nl2': No such file or directory
? 0

# grade: a column twice, a student twice, 309 digits, 1e309, a no-break space
$ printf 'name\nAda\nBo\nCy\n' > "$HOME/r.csv"; tribo -c "generate 3 seed 1 format txt to $HOME/g roster $HOME/r.csv coin" >/dev/null; awk -F'\t' 'function nines(  s, i) { for (i = 0; i < 309; i++) s = s "9"; return s } $1 == "answer" && $4 == "stop_time" { T[$2] = $5 } $1 == "student" { c[$3] = $2 } END { printf "student,stop_time,distance,stop_time\nAda,%.4g s,1,%.4g\nBo,%s,1e309,\nCy,%.4g\302\240s,,\n%s,1,1,1\n", T[c["Ada"]], T[c["Ada"]], nines(), T[c["Cy"]], c["Ada"] }' "$HOME/g/manifest.txt" > "$HOME/a.csv"; tribo -c "grade $HOME/g $HOME/a.csv" | sed "s|$HOME|HOME|g"
student,code,stop_time,stop_time note,distance,distance note,score
Ada,XG8-01,correct,,incorrect,"off by 928%, the tolerance is 1%",1/2
Bo,XG8-02,unreadable,'999999999999999999999999999999999999999999999999999999999999…' is not a number with a unit: '999999999999999999999999999999999999999999999999999999999999…' is out of range (too large for a double),unreadable,'1e309' is not a number with a unit: '1e309' is out of range (too large for a double),0/2
Cy,XG8-03,correct,,missing,,1/2
HOME/a.csv:1: column 4 ('stop_time') is stop_time again (column 2): not graded, column 2 counts
HOME/a.csv:3: stop_time: '999999999999999999999999999999999999999999999999999999999999…' is not a number with a unit: '999999999999999999999999999999999999999999999999999999999999…' is out of range (too large for a double)
HOME/a.csv:3: distance: '1e309' is not a number with a unit: '1e309' is out of range (too large for a double)
HOME/a.csv:5: 'XG8-01' again (variant XG8-01, graded at line 2): not graded, the first row counts
stop_time: 2 of 3 correct, 1 unreadable
distance: 0 of 3 correct, 1 missing, 1 unreadable
graded 3 students; 1 row not graded (above)
? 0

# Moodle XML and the text formats: U+FFFE, U+FFFF and U+FDD0 in the text
$ python3 -c "import sys; s = open(sys.argv[1], encoding='utf-8').read().replace('id = coin\n', 'id = nonchar\n').replace('statement = ', 'statement = A \ufffe, \uffff and \ufdd0. ', 1); open(sys.argv[2], 'w', encoding='utf-8').write(s)" "$TRIBO_PATH/coin.ini" "$HOME/nonchar.ini"; for f in moodle md txt; do tribo -c "load $HOME/nonchar.ini; generate 2 format $f to $HOME/nc-$f" >/dev/null || echo "$f failed"; done; xmllint --noout "$HOME/nc-moodle/questions.xml" && echo well-formed; cat "$HOME"/nc-*/* | grep -c $'\xef\xbf[\xbe\xbf]'; for f in nc-md/sheet.md nc-txt/sheet.txt nc-moodle/questions.xml; do echo "$f: $(grep -o -m1 'A \\x.*\\x90\.' "$HOME/$f" | head -1)"; done
well-formed
0
nc-md/sheet.md: A \xEF\xBF\xBE, \xEF\xBF\xBF and \xEF\xB7\x90.
nc-txt/sheet.txt: A \xEF\xBF\xBE, \xEF\xBF\xBF and \xEF\xB7\x90.
nc-moodle/questions.xml: A \xEF\xBF\xBE, \xEF\xBF\xBF and \xEF\xB7\x90.
? 0

# point 8: lint refuses what no output may hold, with the place and a
# caret, naming the character and why: U+FFFF in the title, U+1FFFE on a
# statement's continuation line, a C0 control in a hint; not in comments
$ python3 -c "import sys; s = open(sys.argv[1], encoding='utf-8').read().replace('id = coin\n', 'id = marks\n').replace('title = A coin', 'title = A coin \uffff', 1).replace('  its weight spread', '  its weight \U0001fffe spread', 1).replace('[answer turns]\n', '[answer turns]\nhint = count \x01 the turns ; a comment \ufffe\n', 1); open(sys.argv[2], 'w', encoding='utf-8').write('; a comment may hold \ufffe\n' + s)" "$TRIBO_PATH/coin.ini" "$HOME/marks.ini"; cd "$HOME" && tribo --lint marks.ini
marks.ini:8:16: error: U+FFFF, a noncharacter: XML 1.0 forbids it, so Moodle XML cannot carry it (generate writes it as \xEF\xBF\xBF, in LaTeX as [U+FFFF])
    title = A coin ? slides and spins to a stop
                   ^
marks.ini:13:14: error: U+1FFFE, a noncharacter: Unicode keeps it out of interchanged text, and XML 1.0 asks that text avoid it (generate writes it as \xF0\x9F\xBF\xBE, in LaTeX as [U+1FFFE])
      its weight ? spread evenly over its face). Show that its sliding and its
                 ^
marks.ini:66:14: error: U+0001, a control character: XML 1.0 forbids it, so Moodle XML cannot carry it, and a terminal would obey it (generate writes it as \x01, in LaTeX as [U+0001])
    hint = count   the turns ; a comment ?
                 ^
marks.ini: 3 errors, 0 warnings
? 1

# the lint command says the same; generate writes them visibly and says so once
$ cd "$HOME" && tribo -c 'lint marks.ini' | grep -c '^marks.ini:[0-9]*:[0-9]*: error: U+'; tribo -c 'load marks.ini; generate 2 seed 1 format moodle to marks; generate 1 seed 1 format tex to marks-tex' && xmllint --noout marks/questions.xml && grep -q 'A coin \\xEF\\xBF\\xBF slides' marks/questions.xml && grep -q 'A coin \[U+FFFF\] slides' marks-tex/sheet.tex && echo visible in both
3
wrote marks/questions.xml, marks/key.txt and marks/manifest.txt: 2 variants of marks, seed 1; no draw was degenerate
note: marks.ini:8:16: U+FFFF and 2 more characters that no output may hold are written visibly, as \xHH (in LaTeX as [U+...]); 'lint' says where and why
note: seed 1 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 2 figures (png) into the questions
wrote marks-tex/sheet.tex, marks-tex/key.tex and marks-tex/manifest.txt: 1 variant of marks, seed 1; no draw was degenerate
note: marks.ini:8:16: U+FFFF and 2 more characters that no output may hold are written visibly, as \xHH (in LaTeX as [U+...]); 'lint' says where and why
note: seed 1 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 1 figure (pdf) beside the sheet
visible in both
? 0

# tribo > file: the prompt goes to the terminal, not into the file
$ python3 ../prompt_pty.py "$TRIBO" "$HOME/out.txt"; cat "$HOME/out.txt"
terminal saw the prompt: True
42
? 0

# a fuzzed set for xmllint: 40 exercises whose title and statement hold
# random controls, noncharacters, ']]>', markup and quotes (seed fixed)
$ mkdir -p "$HOME/mf" && python3 ../moodle_fuzz.py "$TRIBO" "$TRIBO_PATH/coin.ini" "$HOME/mf" 40
40 sets, 0 not well-formed
? 0


# and lint over a fuzzed set: each file's characters that no output may
# hold, worked out from its bytes, are the ones lint reports, with the
# place (75 solves a file: out of the valgrind run)
#! heavy
$ mkdir -p "$HOME/mfl" && python3 ../moodle_fuzz.py "$TRIBO" "$TRIBO_PATH/coin.ini" "$HOME/mfl" 16 lint
16 sets, 0 not well-formed or linted wrong
? 0
