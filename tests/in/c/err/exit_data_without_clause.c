void f(int n, float *a)
{
#pragma acc exit data finalize
}
