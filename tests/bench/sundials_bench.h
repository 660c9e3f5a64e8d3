/* The integrators `bench -m NAME` may put in ode_run's place
 * (tests/bench/sundials.c). */
#ifndef TRIBO_SUNDIALS_BENCH_H
#define TRIBO_SUNDIALS_BENCH_H

/* rk8pd (tribo's own), cvode-adams, arkode-verner8, arkode-fehlberg8:
 * 0, or -1 for an unknown name. */
int bench_integrator(const char *name);

#endif
