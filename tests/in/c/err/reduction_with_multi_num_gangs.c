void f(int n, float *a)
{
    float s = 0;
#pragma acc parallel num_gangs(2, 2) reduction(+:s) copyin(a[0:n])
    { s += a[0]; }
}
