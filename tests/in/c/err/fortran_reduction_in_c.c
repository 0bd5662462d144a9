void f(int n)
{
    int s = 0;
#pragma acc parallel loop reduction(iand:s)
    for (int i = 0; i < n; i++) s &= i;
}
