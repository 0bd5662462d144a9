void f(int n, float *a)
{
#pragma acc parallel loop tile(4, 4) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 0;
}
