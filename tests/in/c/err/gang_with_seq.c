void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop gang seq
        for (int i = 0; i < n; i++) a[i] = i;
    }
}
