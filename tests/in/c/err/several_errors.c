void f(int n, float *a)
{
#pragma acc parallel copy(q)
    { }
#pragma acc loop bogus
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc kernels loop gang(foo: 2) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 0;
}
