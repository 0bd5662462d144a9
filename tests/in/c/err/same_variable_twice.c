void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n]) copyin(a[0:4])
    { a[0] = 1; }
#pragma acc parallel private(n) copyin(n)
    { a[0] = n; }
}
