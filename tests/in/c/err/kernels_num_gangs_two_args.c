void f(void)
{
#pragma acc kernels num_gangs(1, 2)
    { }
}
