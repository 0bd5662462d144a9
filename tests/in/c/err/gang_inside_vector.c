void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n*n])
    {
#pragma acc loop vector
        for (int i = 0; i < n; i++) {
#pragma acc loop gang
            for (int j = 0; j < n; j++) a[i * n + j] = 0;
        }
    }
}
