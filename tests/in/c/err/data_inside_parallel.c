void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc update host(a[0:n])
        a[0] = 1;
    }
}
