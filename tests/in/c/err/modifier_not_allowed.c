void f(int n, float *a)
{
#pragma acc parallel copyin(zero: a[0:n])
    { }
}
