void f(int n, float *a)
{
#pragma acc parallel num_gangs(2, 2) copy(a[0:n*n])
    {
#pragma acc loop gang(dim: 1)
        for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim: 2)
            for (int j = 0; j < n; j++) a[i * n + j] = 0;
        }
    }
}
