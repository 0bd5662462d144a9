/* Implicit data attributes (OpenACC 3.3 section 2.6.2). */
struct particle { double x, y; };
double global_scale = 3.0;
#pragma acc declare create(global_scale)

void implicit_rules(int n, double *p, double grid[32][32], struct particle part)
{
    double local[100];
    double sum = 0.0, factor = 2.0;
    int i;
    int vla_n = n;
    double vla[vla_n];
    /* scalars firstprivate on parallel, aggregates copy, pointers firstprivate */
#pragma acc parallel
    { local[0] = factor * p[0] + grid[1][2] + part.x + vla[0] + global_scale; }
    /* on kernels scalars are copy */
#pragma acc kernels
    { factor = local[1] + n; }
    /* default(present) makes aggregates present, scalars stay firstprivate */
#pragma acc parallel default(present)
    { local[2] = factor + grid[0][0]; }
    /* a reduction variable without a data clause is copy; the loop variable is private */
#pragma acc parallel loop reduction(+:sum)
    for (i = 0; i < n; i++) sum += local[i % 100];
    /* a visible data clause on an enclosing data construct suppresses implicit ones */
#pragma acc data copy(local) present(grid[0:32][0:32])
    {
#pragma acc serial
        { local[3] = grid[3][3] + sum; }
    }
    /* default(none) with everything listed */
#pragma acc parallel loop default(none) copy(local) firstprivate(n, factor)
    for (int k = 0; k < n; k++) local[k % 100] = factor;
}
