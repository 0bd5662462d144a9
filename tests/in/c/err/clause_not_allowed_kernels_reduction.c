void f(int n, float *a)
{
    float s = 0;
#pragma acc kernels reduction(+:s)
    { s += a[0]; }
}
