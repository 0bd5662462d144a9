/* Statistics over device-resident data (libstats.a, a static library). */
#ifndef STATS_H
#define STATS_H
double stats_sum(const double *a, int n);
double stats_max(const double *a, int n);
#endif
