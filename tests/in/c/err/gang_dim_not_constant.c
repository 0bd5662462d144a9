void f(int n, float *a, int d)
{
#pragma acc parallel loop gang(dim: d) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 0;
}
#pragma acc routine gang(dim: d2)
void g(float *a);
