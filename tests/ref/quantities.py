#!/usr/bin/python3
"""The numbers of tests/transcripts/quantities.t and check_units' q_ok,
worked out from the SI definitions of the units alone (issue 40 point 1),
not from tribo: GNU units' reading, an angle a number (1 rad = 1, deg =
pi/180, rev = 2 pi rad, rpm = rev/min, Hz = 1/s), km/h = 1000 m / 3600 s.

disk-reye: r = 0.15 m, omega = 20 rad/s, mu = 0.25, g = 9.81 m/s^2; the disk
stops at omega r / (mu g). polisher-push with tmax 8: M = 0.05 N m, m = 2 kg,
r = 0.15 m (the file's values): theta-dot grows as M t / (2 m r^2) under the
torque alone. Printed as tribo prints numbers, %.12g.
"""
import math

cm, mm, km, minute, h = 0.01, 0.001, 1000.0, 60.0, 3600.0
deg, rev = math.pi / 180, 2 * math.pi
rpm = rev / minute


def show(what, x):
    print("%-34s %.12g" % (what, x))


show("20 cm * 300 rpm [m/s]", 20 * cm * 300 * rpm)
show("sin(30 deg)", math.sin(30 * deg))
show("2 N * 3 m [N m]", 2 * 3)
show("9.81 m/s^2 * 2 kg [N]", 9.81 * 2)
show("1/(2 s) [1/s]", 1 / 2)
show("36 km/h [m/s]", 36 * km / h)
show("30 deg [rad]", 30 * deg)
show("300 rpm [rad/s = Hz]", 300 * rpm)
show("5 rev/s [rpm]", 5 * rev / rpm)
show("1 Hz [rpm]", 1 / rpm)
show("atan(1) [deg]", math.atan(1) / deg)
show("45 deg [rad]", 45 * deg)
r, omega, mu, g = 0.15, 20.0, 0.25, 9.81
stop = omega * r / (mu * g)
show("disk-reye omega*r [m/s]", omega * r)
show("disk-reye stop_time [s]", stop)
show("disk-reye stop_time [ms]", stop / 0.001)
show("2*ans, ans = stop_time [s]", 2 * stop)
show("10 cm + 5 mm [m]", 10 * cm + 5 * mm)
show("theta_min 57.45 deg [rad]", 57.45 * deg)
show("acos(0.5377) [deg]", math.acos(0.5377) / deg)
show("0.7074 rev/s [rad/s]", 0.7074 * rev)
M, m, rp, tmax = 0.05, 2.0, 0.15, 8.0
show("polisher-push M tmax/(2 m r^2)", M * tmax / (2 * m * rp ** 2))
