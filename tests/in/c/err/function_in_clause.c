void g(void);
void f(void)
{
#pragma acc parallel copy(g)
    { }
}
