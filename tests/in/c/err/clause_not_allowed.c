void f(int n, float *a)
{
#pragma acc parallel gang copy(a[0:n])
    { a[0] = 1; }
}
