/* parallel: every clause and argument form. */
#define N 1024
struct grid { int n; double v[64]; double *p; };

void parallel_forms(int n, double *restrict a, const double *restrict b, float *c, struct grid *g, struct grid s)
{
    double x[N], y[N][8];
    double sum = 0.0, m = -1.0;
    int count = 0, q = 2;
#pragma acc parallel copy(x) copyin(b[0:n]) copyout(a[0:n])
    for (int i = 0; i < n; i++) a[i] = b[i] + x[i];
#pragma acc parallel copyin(readonly: b[0:n]) create(zero: c[0:n]) present(y)
    { c[0] = (float)b[0] + (float)y[0][0]; }
#pragma acc parallel no_create(x) deviceptr(c) attach(g->p)
    { x[0] = c[0] + g->p[0]; }
#pragma acc parallel num_gangs(32) num_workers(4) vector_length(128) async(q) wait(1, 2)
    { count++; }
#pragma acc parallel num_gangs(8, 4, 2) async wait
    { count++; }
#pragma acc parallel if(n > 100) self(n < 10) default(none) copy(count)
    { count++; }
#pragma acc parallel default(present) private(m) firstprivate(q) reduction(+:sum)
    { m = q; sum += m; }
#pragma acc parallel copy(s.v[0:16]) copyin(g->v[2:8]) copyout(y[1:4][0:8])
    { s.v[0] = g->v[2] + y[1][0]; }
#pragma acc parallel pcopy(x) present_or_copyin(b[0:n]) pcopyout(a[0:n]) present_or_create(c[0:n])
    { a[0] = x[0] + b[0] + c[0]; }
#pragma acc parallel self wait(devnum: 0 : 3, 4)
    { count--; }
#pragma acc parallel wait(devnum: 1 : queues: 5) async(7) device_type(nvidia) num_gangs(1024) vector_length(256) device_type(radeon, host) num_workers(2)
    { count--; }
}
