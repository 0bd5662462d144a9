void f(void)
{
#pragma acc parallel copy(3)
    { }
}
