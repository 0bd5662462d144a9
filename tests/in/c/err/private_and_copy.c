void f(int n)
{
    int t = 0;
#pragma acc parallel copy(t) private(t)
    { t = 1; }
}
