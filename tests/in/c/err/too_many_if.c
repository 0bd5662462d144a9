void f(int n)
{
#pragma acc parallel if(n) if(n > 1)
    { }
}
