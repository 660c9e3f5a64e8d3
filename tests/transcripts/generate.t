# generate (issue 9): a problem sheet and its key. The key's first variant
# of disk-uniform with seed 3 against the closed forms: m = 1.8 kg,
# r = 0.44 m, μ = 0.54, ω = 28 rad/s give the torque −(2/3)μmgr = −2.7966
# N·m and the stop time 3ωr/(4μg) = 1.7442 s, to the four figures a 1%
# tolerance needs. The sheet names the variant by its code, AD8-01, and
# says nothing of the seed (issue 21). What a result is reads without the
# notes for the key on what nan, inf or a negative value would mean.
$ tribo -c "generate 1 seed 3 format txt to $HOME/t disk-uniform" | sed "s|$HOME|HOME|g"; sed -n '6,12p' "$HOME/t/key.txt"; sed -n '3p;8,16p' "$HOME/t/sheet.txt"
wrote HOME/t/sheet.txt, HOME/t/key.txt and HOME/t/manifest.txt: 1 variant of disk-uniform, seed 3; no draw was degenerate
note: seed 3 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
Variant AD8-01
--------------
values: m = 1.8 kg, r = 0.44 m, mu = 0.54, omega = 28 rad/s
answers:
  torque = -2.797 N·m  (tolerance 1%)
  stop_time = 1.744 s  (tolerance 1%)
worked solution:
1 variant, code AD8-01.
A disk of mass 1.8 kg and radius 0.44 m spins at 28 rad/s on a rough
horizontal plane (μ = 0.54, g = 9.81 m/s²). Its weight presses uniformly on
its base. Find the friction torque and the time the disk takes to stop;
compare with Reye's hypothesis.

Give:
  torque in N·m, to 1%, i.e. 3 significant figures: friction torque -∂R/∂φ̇ at the start (opposes the spin)
  stop_time in s, to 1%, i.e. 3 significant figures: time to stop, integrating the equation of motion
? 0

# The Done-when: 40 variants in LaTeX, twice (once of the loaded exercise
# with a parameter changed, which must not leak in), byte for byte the same.
#! heavy
$ tribo -c "generate 40 seed 1 format tex to $HOME/a disk-reye" >/dev/null && tribo -c "load disk-reye; set mu 0.9; generate 40 seed 1 format tex to $HOME/b" | sed "s|$HOME|HOME|g" && cmp "$HOME/a/sheet.tex" "$HOME/b/sheet.tex" && cmp "$HOME/a/key.tex" "$HOME/b/key.tex" && echo identical
wrote HOME/b/sheet.tex, HOME/b/key.tex and HOME/b/manifest.txt: 40 variants of disk-reye, seed 1; no draw was degenerate
note: seed 1 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 40 figures (pdf) beside the sheet
identical
? 0

# Redrawn draws are counted and said (tests/data/gen-redraw.ini: the point
# moves only for fy > 0.866 of [0, 2]).
$ tribo -c "generate 30 seed 5 format md to $HOME/r gen-redraw.ini" | sed "s|$HOME|HOME|g"; sed -n 3p "$HOME/r/key.md"
wrote HOME/r/sheet.md, HOME/r/key.md and HOME/r/manifest.txt: 30 variants of gen-redraw, seed 5; 37 degenerate draws redrawn
note: seed 5 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 30 figures (svg) beside the sheet
30 variants drawn by tribo with seed 5; 37 degenerate draws were redrawn. Redrawn in gen-redraw: no motion (moves = false), 37 times. Each answer is given to the digits its tolerance needs.
? 0

# Issue 39, point 4: each asked number's line on the sheet says the
# precision its tolerance needs, for every shipped exercise that draws (a
# verdict, a word, says none): as many as the key has numbers with a
# tolerance, the words as many as its exact ones.
# (heavy: a generate of every shipped exercise, a minute under valgrind;
# the other generate cases run there)
#! heavy
$ ids=$(cd "$TRIBO_PATH" && grep -l '^draw' *.ini | sed 's/\.ini$//'); tribo -c "generate 1 seed 4294967296 format txt to $HOME/all $(echo $ids)" >/dev/null; awk '/^Give:/ { g = 1; next } /^$/ { g = 0 } g' "$HOME/all/sheet.txt" > "$HOME/give"; grep -c ', to [0-9±]' "$HOME/give"; grep -c '^  [A-Za-z_0-9]* = .*  (tolerance ' "$HOME/all/key.txt"; grep -vc ', to [0-9±]' "$HOME/give"; grep -c '^  [A-Za-z_0-9]* = .*  (exact)$' "$HOME/all/key.txt"; grep -o ', to [^:]*' "$HOME/give" | sort | uniq -c
89
89
9
9
     17 , to 0.1%, i.e. 4 significant figures
     31 , to 0.5%, i.e. 3 significant figures
     37 , to 1%, i.e. 3 significant figures
      1 , to 5%, i.e. 2 significant figures
      2 , to ±0.005, i.e. 2 decimal places
      1 , to ±0.01, i.e. 2 decimal places
? 0

# The precision the sheet asks is what check and grade take: 12 students
# answering to exactly the stated figures (3 for 1%, %.3g), all correct.
$ { echo 'Name'; for i in $(seq -w 1 12); do echo "S$i"; done; } > "$HOME/p12.csv"; tribo -c "generate 12 seed 4294967297 format txt to $HOME/p12 roster $HOME/p12.csv disk-reye" >/dev/null; grep -o 'R_coeff in N·m, [^:]*' "$HOME/p12/sheet.txt" | sort -u; awk -F'\t' 'BEGIN { print "Name,R_coeff,stop_time" } $1 == "student" { who[++n] = $3; code[n] = $2 } $1 == "answer" && $4 == "R_coeff" { R[$2] = $5 } $1 == "answer" && $4 == "stop_time" { T[$2] = $5 } END { for (i = 1; i <= n; i++) printf "%s,%.3g,%.3g\n", who[i], R[code[i]], T[code[i]] }' "$HOME/p12/manifest.txt" > "$HOME/p12-answers.csv"; tribo -c "grade $HOME/p12 $HOME/p12-answers.csv to $HOME/p12-graded.csv" | sed "s|$HOME|HOME|g"
R_coeff in N·m, to 1%, i.e. 3 significant figures
wrote HOME/p12-graded.csv
R_coeff: 12 of 12 correct
stop_time: 12 of 12 correct
graded 12 students
? 0

# Bad arguments stop a batch, naming the argument.
$ tribo -c 'generate 0 disk-reye'
! tribo: -c: command 1: generate: N '0' is not a whole number from 1 to 1000
? 1

$ tribo -c 'generate 3 format pdf disk-reye'
! tribo: -c: command 1: generate: format 'pdf' is not one of tex, md, txt, moodle, gift
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
wrote HOME/pk/sheet.txt, HOME/pk/key.txt and HOME/pk/manifest.txt: 40 variants of painleve-paradox, seed 3; no draw was degenerate; every draw kept mode = inconsistent
note: seed 3 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
40
40
? 0

# Issue 21's Done-when. The sheet reveals no seed; the key and the manifest
# name it.
$ tribo -c "generate 30 seed 7 format tex to $HOME/set21 disk-reye" >/dev/null; grep -c 'seed' "$HOME/set21/sheet.tex"; grep -c 'seed 7' "$HOME/set21/key.tex"; grep '^seed' "$HOME/set21/manifest.txt"
0
1
seed: 7
? 0

# Issue 39: a key no student can rebuild. Without seed, generate takes 64
# bits from the system's random source: the key and the manifest name it,
# the sheet does not. The issue's attempt (a student runs the sheet's
# exercises again) gives another seed, other codes and other values: two
# runs without a seed differ in all three (their tags are the same once in
# 5760 runs: then a third run's is compared, so that the case fails only
# once in 33 million). The manifest's seed rebuilds the instructor's files
# byte for byte, and with a seed of 2^32 or more there is no note.
$ tribo -c "generate 1 format txt to $HOME/k1 disk-reye painleve-slip; generate 1 format txt to $HOME/k2 disk-reye painleve-slip" | sed -E "s/seed [0-9]+/seed S/; s|$HOME|HOME|g"; s1=$(sed -n 's/^seed: \([0-9]*\) .*/\1/p' "$HOME/k1/manifest.txt"); s2=$(sed -n 's/^seed: \([0-9]*\) .*/\1/p' "$HOME/k2/manifest.txt"); sed -n 2p "$HOME/k1/manifest.txt" | sed "s/$s1/S/"; [ -n "$s1" ] && [ "$s1" != "$s2" ] && echo "seeds differ"; c1=$(grep -m1 '^Variant' "$HOME/k1/sheet.txt"); c2=$(grep -m1 '^Variant' "$HOME/k2/sheet.txt"); [ "$c1" = "$c2" ] && { tribo -c "generate 1 format txt to $HOME/k4 disk-reye painleve-slip" >/dev/null; c2=$(grep -m1 '^Variant' "$HOME/k4/sheet.txt"); }; [ -n "$c1" ] && [ "$c1" != "$c2" ] && echo "codes differ"; [ "$(grep '^values' "$HOME/k1/key.txt")" != "$(grep '^values' "$HOME/k2/key.txt")" ] && echo "values differ"; grep -c "seed $s1" "$HOME/k1/key.txt"; grep -c -e seed -e "$s1" "$HOME/k1/sheet.txt"; tribo -c "generate 1 seed $s1 format txt to $HOME/k3 disk-reye painleve-slip" | sed -E "s/seed [0-9]+/seed S/; s|$HOME|HOME|g"; cmp "$HOME/k1/sheet.txt" "$HOME/k3/sheet.txt" && sed -n "/^Variant/,\$p" "$HOME/k1/key.txt" | cmp - <(sed -n "/^Variant/,\$p" "$HOME/k3/key.txt") && echo "rebuilt from the manifest's seed"
wrote HOME/k1/sheet.txt, HOME/k1/key.txt and HOME/k1/manifest.txt: 1 variant of disk-reye, painleve-slip, seed S; no draw was degenerate
wrote HOME/k2/sheet.txt, HOME/k2/key.txt and HOME/k2/manifest.txt: 1 variant of disk-reye, painleve-slip, seed S; no draw was degenerate
seed: S (from the system's random source: keep it secret)
seeds differ
codes differ
values differ
1
0
wrote HOME/k3/sheet.txt, HOME/k3/key.txt and HOME/k3/manifest.txt: 1 variant of disk-reye, painleve-slip, seed S; no draw was degenerate
rebuilt from the manifest's seed
? 0

# A small seed is taken, with a note: under 2^32 a student's search of the
# seeds for the sheet's values is minutes of work. 2^32 itself is not small;
# 2^64 is no seed.
$ tribo -c "generate 1 seed 4294967295 format txt to $HOME/s1 disk-reye; generate 1 seed 4294967296 format txt to $HOME/s2 disk-reye" | sed "s|$HOME|HOME|g"; tribo -c "generate 1 seed 18446744073709551616 disk-reye"
wrote HOME/s1/sheet.txt, HOME/s1/key.txt and HOME/s1/manifest.txt: 1 variant of disk-reye, seed 4294967295; no draw was degenerate
note: seed 4294967295 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
wrote HOME/s2/sheet.txt, HOME/s2/key.txt and HOME/s2/manifest.txt: 1 variant of disk-reye, seed 4294967296; no draw was degenerate
! tribo: -c: command 1: generate: seed '18446744073709551616' is not a whole number from 0 to 18446744073709551615
? 1

# The codes' tag is SipHash-2-4 keyed by the seed (tests/ref/set_code.py,
# checked on the SipHash paper's test vector, gives AD8 for seed 3 and
# disk-uniform, VF9 for seed 9 and disk-reye, GS2 for seed 3 and
# disk-reye then polisher); the manifest says how.
$ tribo -c "generate 2 seed 3 format txt to $HOME/c1 disk-uniform; generate 2 seed 3 format txt to $HOME/c2 disk-reye polisher" >/dev/null; grep '^variants' "$HOME/c1/manifest.txt" "$HOME/c2/manifest.txt" | sed "s|$HOME|HOME|g"; grep -c '^codes: .*SipHash-2-4 keyed by (seed, 0x74726962636f6465)' "$HOME/c1/manifest.txt"
HOME/c1/manifest.txt:variants: 2, codes AD8-01 to AD8-02
HOME/c2/manifest.txt:variants: 2, codes GS2-01 to GS2-02
1
? 0

# Each exercise and variant draws from its own stream: the first 3 variants
# of 3 and of 30 are the same, sheet and key.
$ tribo -c "generate 3 seed 5 format txt to $HOME/a3 disk-reye polisher; generate 30 seed 5 format txt to $HOME/b30 disk-reye polisher" >/dev/null; for f in sheet key; do n=$(grep -n '^Variant ...-04$' "$HOME/b30/$f.txt" | cut -d: -f1); head -n $((n - 2)) "$HOME/b30/$f.txt" | tail -n +4 > "$HOME/first3"; tail -n +4 "$HOME/a3/$f.txt" | head -n $((n - 5)) | cmp - "$HOME/first3" && echo "$f: the same"; done
sheet: the same
key: the same
? 0

# Again without force: refused, nothing changed; with force: replaced.
$ cp "$HOME/set21/key.tex" "$HOME/key.before"; tribo -c "generate 30 seed 8 format tex to $HOME/set21 disk-reye" 2>&1 | sed "s|$HOME|HOME|g"; cmp "$HOME/set21/key.tex" "$HOME/key.before" && echo unchanged; tribo -c "generate 30 seed 8 format tex to $HOME/set21 force disk-reye" | sed "s|$HOME|HOME|g"; grep -c 'seed 8' "$HOME/set21/key.tex"
tribo: -c: command 1: generate: HOME/set21/sheet.tex exists: nothing was written ('force' replaces the set's files)
unchanged
wrote HOME/set21/sheet.tex, HOME/set21/key.tex and HOME/set21/manifest.txt: 30 variants of disk-reye, seed 8; no draw was degenerate
note: seed 8 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 30 figures (pdf) beside the sheet
1
? 0

# format moodle: a question bank Moodle imports, well formed, one numerical
# question per variant and answer (disk-reye asks for two), each with the
# answer's 1% as Moodle's absolute tolerance; the key beside it as text.
$ tribo -c "generate 3 seed 4 format moodle to $HOME/mo disk-reye" | sed "s|$HOME|HOME|g"; xmllint --noout "$HOME/mo/questions.xml" && grep -c '<question type="numerical">' "$HOME/mo/questions.xml"; grep -m 2 -A 2 '<text>[0-9]' "$HOME/mo/questions.xml"
wrote HOME/mo/questions.xml, HOME/mo/key.txt and HOME/mo/manifest.txt: 3 variants of disk-reye, seed 4; no draw was degenerate
note: seed 4 is under 2^32: a student could try every such seed for the sheet's values and rebuild the key (without 'seed', generate draws 64 bits)
drew 3 figures (png) into the questions
6
      <text>1.230174</text>
      <tolerance>0.0123017</tolerance>
      <feedback format="html"><text></text></feedback>
--
      <text>1.02607436021</text>
      <tolerance>0.0102607</tolerance>
      <feedback format="html"><text></text></feedback>
? 0

# A roster of 25 gives 25 named pages, and the key names each student's
# variant; the same run twice, byte-identical files.
$ { echo 'First name,Last name,Email'; for i in $(seq 1 25); do echo "Student,Number $i,s$i@uni.example"; done; } > "$HOME/class.csv"; tribo -c "generate 25 seed 9 format txt to $HOME/r1 roster $HOME/class.csv disk-reye; generate 25 seed 9 format txt to $HOME/r2 roster $HOME/class.csv disk-reye" >/dev/null; grep -c '^Name: Student Number' "$HOME/r1/sheet.txt"; grep '^Variant ...-25' "$HOME/r1/key.txt"; cmp "$HOME/r1/sheet.txt" "$HOME/r2/sheet.txt" && cmp "$HOME/r1/key.txt" "$HOME/r2/key.txt" && echo identical
25
Variant VF9-25: Student Number 25
identical
? 0

# Issue 39, point 5: grading that loses nobody. Names are matched whatever
# the accents (Omer Celik), the order and punctuation (O'Brien, Siobhán),
# the case (thi minh NGUYEN), a hyphen (Jean Luc), each match said, and
# graded.csv gives the roster's name; a row of nobody (Lovelase) is in it
# as not graded with the closest roster name; a row split by an unquoted
# decimal comma (Thora's 1,446) is not graded, and says why; the roster's
# students with no row (Þóra, Ada) are in it as no answer. Decimal commas
# in quoted cells are read ("0,4753", "3,6045"); "3,567" (3.567 or 3567?)
# is refused. The answers are the manifest's: R_coeff 3.5672103,
# 0.4752945, 1.9900566, 0.8393436 N·m; stop_time 2.5744039, 3.6044852,
# 3.386567, 0.36302654 s.
$ printf 'Name\nÖmer Çelik\nSiobhán O'"'"'Brien\nThị Minh Nguyễn\nÞóra Jónsdóttir\nAda Lovelace\nJean-Luc Picard\n' > "$HOME/names.csv"; tribo -c "generate 6 seed 4294967298 format txt to $HOME/names roster $HOME/names.csv disk-reye" >/dev/null; printf '%s\n' 'Name,R_coeff,stop_time' 'Omer Celik,"3,567",2.574' '"O'"'"'Brien, Siobhán","0,4753","3,6045"' 'thi minh NGUYEN,1.99,3.387' 'Thora Jonsdottir,1,446,1.104' 'Jean Luc Picard,"0,8393",0.363' 'Lovelase,1,2' > "$HOME/names-ans.csv"; cd "$HOME" && tribo -c "grade names names-ans.csv to names-graded.csv"; cat names-graded.csv
wrote names-graded.csv
names-ans.csv:2: 'Omer Celik' taken as Ömer Çelik (the roster's name but for accents)
names-ans.csv:2: R_coeff: '3,567' is not a number with a unit: '3,567' is ambiguous: 3.567, or 3567 grouped in thousands? write 3.567, or 3567
names-ans.csv:3: 'O'Brien, Siobhán' taken as Siobhán O'Brien (the roster's name but for order, punctuation)
names-ans.csv:4: 'thi minh NGUYEN' taken as Thị Minh Nguyễn (the roster's name but for case, accents)
names-ans.csv:5: 4 cells where the header has 3: a decimal comma in a cell not quoted? quote it ("1,4126") or separate the cells with ';': not graded
names-ans.csv:6: 'Jean Luc Picard' taken as Jean-Luc Picard (the roster's name but for punctuation)
names-ans.csv:7: no such student or variant code in the set; the closest on the roster: Ada Lovelace: not graded
R_coeff: 3 of 4 correct, 1 unreadable
stop_time: 4 of 4 correct
graded 4 students; 2 rows not graded (above); no row for 2 on the roster, each in the table as no answer: Þóra Jónsdóttir, Ada Lovelace
student,code,R_coeff,R_coeff note,stop_time,stop_time note,score
Ömer Çelik,YZ8-01,unreadable,"'3,567' is not a number with a unit: '3,567' is ambiguous: 3.567, or 3567 grouped in thousands? write 3.567, or 3567",correct,,1/2
Siobhán O'Brien,YZ8-02,correct,,correct,,2/2
Thị Minh Nguyễn,YZ8-03,correct,,correct,,2/2
Thora Jonsdottir,,not graded,"4 cells where the header has 3: a decimal comma in a cell not quoted? quote it (""1,4126"") or separate the cells with ';'",not graded,,not graded
Jean-Luc Picard,YZ8-06,correct,,correct,,2/2
Lovelase,,not graded,no such student or variant code in the set; the closest on the roster: Ada Lovelace,not graded,,not graded
Þóra Jónsdóttir,YZ8-04,no answer,,no answer,,0/2
Ada Lovelace,YZ8-05,no answer,,no answer,,0/2
? 0

# Two roster names a row matches alike: not guessed; the same file with
# semicolons takes the unquoted decimal comma.
$ printf 'Name\nJose Garcia\nJosé García\n' > "$HOME/twins.csv"; tribo -c "generate 2 seed 4294967299 format txt to $HOME/twins roster $HOME/twins.csv disk-reye" >/dev/null; printf 'Name;R_coeff\nJOSE GARCIA;1,0\n' > "$HOME/twins-ans.csv"; cd "$HOME" && tribo -c "grade twins twins-ans.csv"
student,code,R_coeff,R_coeff note,score
JOSE GARCIA,,not graded,"2 students on the roster match it alike: Jose Garcia, José García",not graded
Jose Garcia,GM3-01,no answer,,0/1
José García,GM3-02,no answer,,0/1
twins-ans.csv:2: 2 students on the roster match it alike: Jose Garcia, José García: not graded
R_coeff: 0 of 0 correct
graded 0 students; 1 row not graded (above); no row for 2 on the roster, each in the table as no answer: Jose Garcia, José García
? 0

# set, check and grade read a decimal comma alike (0,35 is 0.35, and
# stop_time = ωr/(μg) = 20·0.15/(0.35·9.81) = 0.873744 s; 0,350 is no
# grouped number); the ambiguous and the doubly marked are refused.
$ tribo -c 'load disk-reye; set mu 0,35; print mu; solve; check stop_time 0,8738; check stop_time 1,2232 min'; tribo -c 'load disk-reye; set mu 0,350; set mu 1,250'; tribo -c 'load disk-reye; solve; check stop_time 1,234.5'
0.35
correct: off by 0.0064%, the tolerance is 1% (tribo: stop_time = 0.87374399301 s)
incorrect: off by 8300%, the tolerance is 1% (tribo: stop_time = 0.87374399301 s)
! tribo: -c: command 3: set: '1,250' is ambiguous: 1.250, or 1250 grouped in thousands? write 1.250, or 1250
! tribo: -c: command 3: check: '1,234.5': one decimal mark, a point or a comma, and no thousands separator (1234.5 or 1234,5)
? 1

$ printf 'Name\nAda\nAda\n' > "$HOME/dup.csv"; tribo -c "generate 2 to $HOME/r3 roster $HOME/dup.csv disk-reye" 2>&1 | sed "s|$HOME|HOME|g"
tribo: -c: command 1: generate: HOME/dup.csv:3: 'Ada' is on the roster twice (line 2 too): the key could not tell them apart
? 0

# grade: 25 students' answers to a set, as a spreadsheet gives them (made
# here from the manifest's exact answers: 21 right, 3 with stop_time halved,
# one stop_time in metres, one R_coeff that is no number), and a row of no
# student. The verdicts, the hint, the unit, the bad rows by line, and a
# line a question.
$ { echo 'Name'; for i in $(seq -w 1 25); do echo "Student $i"; done; } > "$HOME/g25.csv"; tribo -c "generate 25 seed 3 format txt to $HOME/g25 roster $HOME/g25.csv disk-reye" >/dev/null; awk -F'\t' 'BEGIN { print "Name,R_coeff,stop_time" } $1 == "student" { who[$2] = $3; n++; code[n] = $2 } $1 == "answer" && $4 == "R_coeff" { R[$2] = $5 } $1 == "answer" && $4 == "stop_time" { T[$2] = $5 } END { for (i = 1; i <= n; i++) { c = code[i]; r = sprintf("%.4g", R[c]); t = sprintf("%.4g", T[c]); if (i >= 19 && i <= 21) t = sprintf("%.4g", T[c] / 2); if (i == 22) t = t " m"; if (i == 24) r = "1.2.3"; print who[c] "," r "," t } print "Nobody,1,2" }' "$HOME/g25/manifest.txt" > "$HOME/answers.csv"; tribo -c "grade $HOME/g25 $HOME/answers.csv to $HOME/graded.csv" | sed "s|$HOME|HOME|g"; grep -c ',correct,,correct,,2/2$' "$HOME/graded.csv"; grep '^Student 2[0-4]' "$HOME/graded.csv" | cut -d, -f1,3,5-
wrote HOME/graded.csv
HOME/answers.csv:25: R_coeff: '1.2.3' is not a number with a unit: expected an operator here
HOME/answers.csv:27: no such student or variant code in the set: not graded
R_coeff: 24 of 25 correct, 1 unreadable
stop_time: 21 of 25 correct; the commonest mistake: half the answer: a factor of 2 missing (3)
graded 25 students; 1 row not graded (above)
20
Student 20,correct,incorrect,"half the answer: a factor of 2 missing (off by 50%, the tolerance is 1%)",1/2
Student 21,correct,incorrect,"half the answer: a factor of 2 missing (off by 50%, the tolerance is 1%)",1/2
Student 22,correct,incorrect,the unit m is not of the kind stop_time is (s),1/2
Student 23,correct,correct,,2/2
Student 24,unreadable,correct,,1/2
? 0

# The hint is the workbench's (issue 39, point 3): painleve-paradox's
# 'set thetadot 8, then solve again' is shown by show, and is on no sheet;
# the sheet asks the question in the statement's words.
$ tribo -c 'generate 1 seed 5 format txt to ~/paradox-hint painleve-paradox' >/dev/null && grep -c 'hint\|set \|solve' ~/paradox-hint/sheet.txt; grep -o 'Classify it again' ~/paradox-hint/sheet.txt
0
Classify it again
? 0
