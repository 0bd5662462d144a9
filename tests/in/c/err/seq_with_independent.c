void f(int n, float *a)
{
#pragma acc parallel loop seq independent copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = i;
}
