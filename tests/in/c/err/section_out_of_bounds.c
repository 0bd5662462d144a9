void f(void)
{
    float a[10];
#pragma acc parallel copy(a[5:10])
    { a[5] = 0; }
}
