void f(int n, float *a)
{
#pragma acc parallel copy(a[2:])
    { a[2] = 0; }
}
