void f(int n, float *a)
{
    float scale = 2;
#pragma acc parallel loop default(none) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] *= scale;
}
