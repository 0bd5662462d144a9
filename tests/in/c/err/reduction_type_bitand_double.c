void f(int n)
{
    double s = 0;
#pragma acc parallel loop reduction(&:s)
    for (int i = 0; i < n; i++) s += i;
}
