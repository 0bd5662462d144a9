void f(int n, float *a)
{
#pragma acc kernels loop gang(dim: 2) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 0;
}
