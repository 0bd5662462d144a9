/* Only globals and their `declare`: this object has no kernels or functions, but the link
   step must still see the directive (main.c's routine reads `coef`). */
double coef[3] = {1.0, 2.0, 3.0};
#pragma acc declare copyin(coef)
