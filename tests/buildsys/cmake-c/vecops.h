#ifndef VECOPS_H
#define VECOPS_H
void vec_axpy(int n, double a, const double *x, double *y);
double vec_norm2(int n, const double *x);
#endif
