void f(int n, float *a)
{
#pragma acc parallel loop worker copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop worker
        for (int j = 0; j < n; j++) a[i * n + j] = 0;
    }
}
