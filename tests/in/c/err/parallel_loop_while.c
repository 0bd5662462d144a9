void f(int n, float *a)
{
    int i = 0;
#pragma acc parallel loop copy(a[0:n])
    while (i < n) a[i++] = 0;
}
