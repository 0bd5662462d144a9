void f(int *x)
{
#pragma acc parallel copy(x[0:1])
    {
#pragma acc atomic update
        x[0] = 5;
    }
}
