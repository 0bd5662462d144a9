void f(int n, float *a)
{
#pragma acc update async(1)
}
