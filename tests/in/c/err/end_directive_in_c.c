void f(void)
{
#pragma acc end parallel
}
