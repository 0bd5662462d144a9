void f(int n)
{
    _Complex double z = 0;
#pragma acc parallel loop reduction(max:z)
    for (int i = 0; i < n; i++) z += i;
}
