void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n]
    { }
}
