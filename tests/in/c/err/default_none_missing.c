void f(int n, float *a, float *b, float c[8])
{
    float scale = 2;
#pragma acc parallel loop default(none) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] *= scale * b[i] + c[i % 8];
}
