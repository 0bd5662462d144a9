/* The linked array's definition and its declare link; the routine that uses it is in main.c,
 * which declares it extern without the directive. */
double series[2048];
#pragma acc declare link(series)
