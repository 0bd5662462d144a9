void f(int *x)
{
    int v;
#pragma acc parallel copy(x[0:1]) copyout(v)
    {
#pragma acc atomic capture
        { v = x[0]; v = 3; }
    }
}
