/* Kernels on arrays the caller has put on the device (libkern.so, a shared library). */
#ifndef KERN_H
#define KERN_H
void kern_scale(double *a, int n, double factor);
void kern_fill(double *a, int n);
#endif
