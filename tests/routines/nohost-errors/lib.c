/* nohost routines: called only in compute regions (main.c) and in other nohost routines. */
#pragma acc routine seq nohost
double scale(double x) { return 2.0 * x; }
#pragma acc routine seq nohost
double twice(double x) { return scale(scale(x)); }
