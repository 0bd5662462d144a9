void f(int n, float *a)
{
#pragma acc enter data if(n > 1)
}
