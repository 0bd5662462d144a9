struct p { int a; };
void f(int n)
{
    struct p s = {0};
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++) s.a += i;
}
