# Messages name the problem: the command, the argument, the file and line.
$ tribo -c 'lod disk-reye'
! tribo: -c: command 1: unknown command 'lod' (did you mean 'load'?)
? 1

$ tribo -c 'load disk-reyes'
! tribo: -c: command 1: load: no exercise 'disk-reyes' (did you mean 'disk-reye'?)
? 1

$ tribo -c 'load bad-key.ini'
! tribo: -c: command 1: load: bad-key.ini:7:1: unknown key 'valu' in [param m] (did you mean 'value'?)
!     valu = 2
!     ^
? 1

$ tribo -c 'print m'
! tribo: -c: command 1: print: no exercise loaded: 'load ID' first ('list' shows them)
? 1

$ tribo -c 'load disk-reye; set r -2'
! tribo: -c: command 2: set: r = -2 m is out of range: r must be > 0 m
? 1

$ tribo -c 'load disk-reye; set mu 5'
! tribo: -c: command 2: set: mu = 5 is out of range: mu must be [0, 2]
? 1

$ tribo -c 'load disk-reye; set r 3 kg'
! tribo: -c: command 2: set: 'kg' is a unit of mass, but r is a length (m)
? 1

$ tribo -c 'load disk-reye; set r inf'
! tribo: -c: command 2: set: 'inf' is not finite
? 1

$ tribo -c 'load disk-reye; set omega 1e400'
! tribo: -c: command 2: set: '1e400' is out of range (too large for a double)
? 1

$ tribo -c 'load disk-reye; print stop_time'
! tribo: -c: command 2: print: stop_time is a result: run 'solve' first
? 1

$ tribo -c 'load disk-reye; solve; set mu 0.5; print stop_time'
! tribo: -c: command 4: print: stop_time is out of date (mu changed since 'solve'): run 'solve'
? 1

$ tribo -c 'load disk-reye; set'
! tribo: -c: command 2: set: missing argument; usage: set NAME VALUE [UNIT]
? 1

$ tribo -c 'eval 2*(3+'
! tribo: -c: command 1: eval: the expression ends where a value is expected
!     eval 2*(3+
!               ^
? 1

$ tribo -c 'eval 2^3^2'
! tribo: -c: command 1: eval: a^b^c is ambiguous: write a^(b^c) or (a^b)^c
!     eval 2^3^2
!             ^
? 1

$ tribo -c "load 'unterminated"
! tribo: -c: command 1: unterminated quote ' at column 6
? 1

# Hostile input: a clear message, in bounded time.
$ tribo nul.tribo
! tribo: nul.tribo:1: NUL byte in the script
? 1

# A script line stops being read at 1 MiB (tests/hostile.sh feeds endless ones).
$ head -c 1048577 /dev/zero | tr '\0' x | tribo
! tribo: stdin:1: line too long (more than 1048576 bytes)
? 1

$ { printf '# '; head -c 1048574 /dev/zero | tr '\0' x; printf '\nload disk-reye\nprint m'; } | tribo
2
? 0

$ tribo -c "eval $(printf '1+%.0s' $(seq 3000))1"
! tribo: -c: command 1: eval: expression too long (6001 characters; at most 4096)
? 1

$ tribo -c 'load /dev/null'
! tribo: -c: command 1: load: /dev/null: is not a regular file (a character device)
? 1

$ : >"$HOME/empty.ini"; tribo -c "load $HOME/empty.ini" 2>&1 | sed "s|$HOME/||"
tribo: -c: command 1: load: empty.ini:1: no [exercise] section
? 0

$ tribo -c 'load /'
! tribo: -c: command 1: load: /: is a directory
? 1

$ printf 'load disk-reye\nprint m' | tribo
2
? 0

# Issue 18: the caret points into the expression, not at the same letter in
# the command's name ('eval v' after a ';' put it under eval's v).
$ tribo -c 'load disk-reye; eval v'
! tribo: -c: command 2: eval: unknown name 'v' (did you mean 'm'?)
!      eval v
!           ^
? 1

# A result that does not exist is never printed as a number (issue 37):
# print fails with the reason, table shows a dash and the reason, check
# has nothing to check against, and a sweep leaves a gap and says why.
$ tribo -c 'load disk-reye; set mu 0; solve; print stop_time'
! tribo: -c: command 4: print: stop_time has no value: never, μ = 0
? 1

$ tribo -c 'load disk-reye; set mu 0; solve; table' | grep stop_time
stop_time = — (never, μ = 0)
stop_time_exact = — (never, μ = 0)
? 0

$ tribo -c 'load disk-reye; set mu 0; solve; check stop_time 3'
! tribo: -c: command 4: check: there is no stop_time to check against: never, μ = 0
? 1

$ tribo -c 'load disk-reye; set mu 0; solve; eval stop_time*2'
! tribo: -c: command 4: eval: stop_time has no value: never, μ = 0
!      eval stop_time*2
!           ^
? 1

$ tribo -c 'load disk-reye; sweep mu 0 0.5 3 stop_time'
mu    stop_time [s]
0     —
0.25  1.22324159021
0.5   0.611620795107
1 value of the table does not exist (—):
mu = 0: stop_time has no value: never, μ = 0
? 0
