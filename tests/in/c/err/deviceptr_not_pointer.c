void f(void)
{
    float a[10];
#pragma acc parallel deviceptr(a)
    { a[0] = 0; }
}
