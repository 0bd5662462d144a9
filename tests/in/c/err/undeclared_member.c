struct s { int n; float *v; };
void f(struct s x)
{
#pragma acc parallel copy(x.w[0:4])
    { }
}
