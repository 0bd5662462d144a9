void f(int n, double x[], double y[n])
{
#pragma acc parallel loop copy(x) copyout(y)
    for (int i = 0; i < n; i++) y[i] = x[i];
}
