void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc kernels
        { a[0] = 1; }
    }
}
