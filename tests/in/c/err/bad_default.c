void f(void)
{
#pragma acc parallel default(shared)
    { }
}
