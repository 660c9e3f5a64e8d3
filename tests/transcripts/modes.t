# Script files, standard input, and exit statuses.
$ tribo script.tribo
0.67957866123
0.67957866123
? 0

$ tribo < script.tribo
0.67957866123
0.67957866123
? 0

$ tribo - < script.tribo
0.67957866123
0.67957866123
? 0

$ tribo failing.tribo
! tribo: failing.tribo:3: set: unknown name 'banana' in disk-reye
!     set mu banana
!            ^
? 1

# quit ends a script with success; what follows does not run.
$ tribo quits.tribo
uniform
? 0

$ tribo -c 'frobnicate'
! tribo: -c: command 1: unknown command 'frobnicate'; 'help' lists the commands
? 1

# A batch stops at the first failing command: print does not run.
$ tribo -c 'load disk-reye; load nosuch; print m'
! tribo: -c: command 2: load: no exercise 'nosuch'; 'list' shows the exercises there are
? 1

$ tribo -c 'load disk-reye; set mu banana'
! tribo: -c: command 2: set: unknown name 'banana' in disk-reye
!      set mu banana
!             ^
? 1

$ tribo --frobnicate
! tribo: unknown option '--frobnicate'
! Try 'tribo --help' for more information.
? 2

$ tribo -x
! tribo: unknown option '-x'
! Try 'tribo --help' for more information.
? 2

$ tribo -c
! tribo: option '-c' needs an argument
! Try 'tribo --help' for more information.
? 2

$ tribo -c 'list' script.tribo
! tribo: -c and a script FILE do not go together
! Try 'tribo --help' for more information.
? 2

$ tribo nosuch.tribo
! tribo: cannot open script 'nosuch.tribo': No such file or directory
? 1

$ tribo --version
tribo 0.1.0
Copyright (C) 2026 the tribo developers.
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.
? 0

$ tribo --help | head -n 1
Usage: tribo [OPTION]... [FILE]
? 0

# --plain reads commands even from a pipe, and echoes them like a log; a
# failed command makes the exit status 1.
$ printf 'load disk-uniform\nprint pressure\n' | tribo --plain
tribo> load disk-uniform
loaded disk-uniform: A spinning disk stops (uniform pressure)
tribo[disk-uniform]> print pressure
uniform
tribo[disk-uniform]> 
? 0

$ printf 'frob\n' | tribo --plain 2>&1 >/dev/null
unknown command 'frob'; 'help' lists the commands
? 1

$ tribo --exercise disk-uniform -c 'print pressure'
uniform
? 0

$ tribo --exercise nosuch -c 'print pressure'
! tribo: --exercise: no exercise 'nosuch'; 'list' shows the exercises there are
? 1

# Empty commands and comments are not commands.
$ tribo -c ';; load disk-reye ;; # nothing\n; print mu'
0.25
? 0

# Issue 18: TRIBO_TIMEOUT (or --timeout) bounds every batch command; a command
# stopped by it fails with a message, and the batch ends there (exit 1). A
# 4 KB formula law of 220 different terms makes rayleigh's solve take a
# third of a second of CPU or more before its formula budget stops it (one
# term repeated is computed once: the formula is compiled), a tenth of a
# second the limit.
#! heavy
$ E=$(for k in $(seq 220); do printf '+0.0001*sin(%d*v)' $k; done); TRIBO_TIMEOUT=0.1 tribo -c "load rayleigh; set law expr; set mu_expr 0.3$E; solve; print R"
! tribo: -c: command 4: solve: stopped after 0.1 s, the batch's time limit (TRIBO_TIMEOUT or --timeout)
? 1

$ tribo --timeout 60 -c 'eval 1+1'
2
? 0

$ tribo --timeout=abc -c 'eval 1'
! tribo: --timeout: 'abc' is not a time limit: give seconds, above 0 and at most 1e6
? 2

$ TRIBO_TIMEOUT=-1 tribo -c 'eval 1'
! tribo: TRIBO_TIMEOUT: '-1' is not a time limit: give seconds, above 0 and at most 1e6
? 2
