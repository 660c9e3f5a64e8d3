# Issue 41 point 2: a lagrange file's [scene]. A point used before its
# line refuses the file there, at the name.
$ sed 's/^dashed C B/dashed C Q/' "$TRIBO_PATH/hoop-bead.ini" > bad.ini; tribo -c 'load bad.ini'
! tribo: -c: command 1: load: bad.ini:90:10: [scene]: no point 'Q' before this line (define it first: point Q = X, Y)
!     dashed C Q
!              ^
? 1

# lint evaluates the scene at each end of every draw range: the bead's
# circle has no radius at Omega = 6.
$ sed 's/^circle B r = 0.06\*a$/circle B r = 0.06*a*log(Omega - 6.5)/' "$TRIBO_PATH/hoop-bead.ini" > drawn.ini; tribo -c 'lint drawn.ini'
drawn.ini:91: warning: [scene] line 91: circle's r is not a number at the start, at Omega = 6 rad/s (its draw range's low end)
drawn.ini: 0 errors, 1 warning
? 0

# The hoop drawn as text: the bead's weight, the turning, phi's label.
$ tribo -c 'load hoop-bead; solve; plot scene' | grep -c 'W = 0.491 N\|Omega = 8 rad/s'
2
? 0
