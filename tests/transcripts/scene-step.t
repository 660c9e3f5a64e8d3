# `step` through the scene (issue 41, point 3): after a solve, a model with
# no construction to step, or any model whose scene is shown (`plot
# scene`), steps the scene's time through the run's recorded steps (at most
# 200, its events kept): `step`, `step back`, `step N`, `step reset` (the
# start), and `step EVENT` to the next step where the phase the caption
# says turns into the one named (slip: slides; stop: at rest or stuck;
# leave: off). Each step says where it is and draws the scene there; the
# drawing is left out here (grep).

$ tribo -c 'load painleve-slip; solve; step; step; step back; step slip; step back; step reset' | grep '^step'
step 1 of 200: t = 0.003956 s, the foot sticks
step 2 of 200: t = 0.008539 s, the foot sticks
step 1 of 200: t = 0.003956 s, the foot sticks
step 156 of 200: t = 0.5632 s, the foot slides forward (ẋ > 0)
step 155 of 200: t = 0.5623 s, the foot sticks
step 0 of 200: t = 0 s, the foot sticks
? 0

# the slip's step is the one where the model says t_slip
$ tribo -c 'load painleve-slip; solve; print t_slip'
0.563221126426
? 0

$ tribo -c 'load coin; solve; step stop; step' | grep '^step'; exit ${PIPESTATUS[0]}
step 129 of 129: t = 0.3664 s, at rest
! tribo: -c: command 4: step: the run ends here, at t = 0.366403 (step 129 of 129)
? 1

$ tribo -c 'load coin; solve; step slip'
! tribo: -c: command 3: step: step slip: no 'slip' in the run (the run's changes of phase: 'at rest' at t = 0.366403); usage: step [N|back|reset|play [SPEED]|EVENT]
? 1

$ tribo -c 'load coin; solve; step back'
! tribo: -c: command 3: step: step back: no step taken yet
? 1

$ tribo -c 'load coin; solve; step 500'
! tribo: -c: command 3: step: step 500: the run has steps 0 (t = 0) to 129 (t = 0.366403)
? 1

# the scene shown at a time: step goes on from there
$ tribo -c 'load coin; solve; plot scene at 0.2; step; step back; step back' | grep '^step'
step 48 of 129: t = 0.2004 s, sliding and spinning
step 47 of 129: t = 0.1973 s, sliding and spinning
step 46 of 129: t = 0.1942 s, sliding and spinning
? 0

# Imachi's model steps its construction, and its scene once the scene is shown
$ tribo -c 'load imachi-fig3; solve; step' | head -n 1
step 1: from point 0 to 1, τ = 0 to 0.2617993878 (Δτ = 0.2617993878)
? 0

$ tribo -c 'load imachi-fig3; solve; plot scene; step' | grep '^step'
step 1 of 72: τ = ωt = 0.2618, slipping
? 0

# step play: the scene plays only where it can be shown moving (a window
# 'plot scene window' opened, the screen's sixel pane); in a text
# terminal or a batch without a window it says why and names the .gif.
# The playing itself is tests/play.sh's (Xvfb, xterm as a VT340).
$ tribo -c 'load painleve-slip; solve; step play'
! tribo: -c: command 3: step: step play: no window shows the scene, and a text terminal cannot play it: 'plot scene window' first, or 'plot scene to FILE.gif' for the run as an animation
? 1

$ tribo -c 'load painleve-slip; solve; plot scene; step 3; step play 2' | grep '^step'
step 3 of 200: t = 0.0122 s, the foot sticks
! tribo: -c: command 5: step: step play: no window shows the scene, and a text terminal cannot play it: 'plot scene window' first, or 'plot scene to FILE.gif' for the run as an animation
? 0

$ tribo -c 'load painleve-slip; solve; step play 0'
! tribo: -c: command 3: step: step play 0: SPEED is a number over 0 and at most 1e6 (1 real time, 2 twice as fast, 0.1 a tenth); usage: step play [SPEED]
? 1

$ tribo -c 'load painleve-slip; solve; step play fast'
! tribo: -c: command 3: step: step play fast: SPEED is a number over 0 and at most 1e6 (1 real time, 2 twice as fast, 0.1 a tenth); usage: step play [SPEED]
? 1

$ tribo -c 'load painleve-slip; solve; step back 3'
! tribo: -c: command 3: step: step back 3: usage: step [N|back|reset|play [SPEED]|EVENT]
? 1

$ tribo -c 'load imachi-fig2; solve; step 1 2'
! tribo: -c: command 3: step: step 1 2: usage: step [N|back|reset]
? 1
