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
