void f(int n, float *a)
{
#pragma acc parallel copyout(always: a[0:n])
    { }
}
