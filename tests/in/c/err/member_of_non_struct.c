void f(int n)
{
#pragma acc parallel copy(n.x)
    { }
}
