void f(int n)
{
#pragma acc parallel copy_in(n)
    { }
}
