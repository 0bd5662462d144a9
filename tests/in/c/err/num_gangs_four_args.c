void f(void)
{
#pragma acc parallel num_gangs(1, 2, 3, 4)
    { }
}
