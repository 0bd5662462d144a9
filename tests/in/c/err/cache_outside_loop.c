void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc cache(a[0:4])
        a[0] = 1;
    }
}
