void f(int n, float *a, float *w)
{
#pragma acc data default(none) copy(a[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) a[i] += n * w[i];
    }
}
