void f(int n, float *a)
{
#pragma acc parallel device_type(nvidia) copy(a[0:n])
    { }
}
