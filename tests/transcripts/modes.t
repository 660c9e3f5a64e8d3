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
! tribo: failing.tribo:3: set: 'banana' is not a number
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
! tribo: -c: command 2: set: 'banana' is not a number
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
? 0

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
