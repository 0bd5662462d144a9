void f(void)
{
#pragma acc paralel
    { }
}
