void f(int n, double ***p)
{
#pragma acc parallel copy(p[0:n][0:n][0:n])
    { p[0][0][0] = 1; }
}
