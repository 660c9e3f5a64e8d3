# Issue 37 (point 5): the verdict words of painleve-rod, ladder, conveyor,
# polisher, disk-slide, kozlov-ball and ragulskis agree with the numbers
# beside them, at every shipped exercise's values and draw corners
# (tests/verdicts.py states each relation and prints each broken one).
#! heavy
$ python3 "$TRIBO_PATH/../tests/verdicts.py" | tail -n 1
verdicts: 365 points, 0 bad
? 0
