void f(int n, float *a)
{
#pragma acc parallel loop gang(num: 4) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 0;
}
