void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop vector(length: 32)
        for (int i = 0; i < n; i++) a[i] = 0;
    }
}
