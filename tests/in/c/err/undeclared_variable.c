void f(int n)
{
#pragma acc parallel copy(b[0:n])
    { }
}
