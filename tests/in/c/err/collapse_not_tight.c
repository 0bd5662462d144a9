void f(int n, float *a)
{
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
        a[i] = 1;
        for (int j = 0; j < n; j++) a[i * n + j] = 0;
    }
}
