/* Few gangs, many worker iterations: num_gangs(2) num_workers(8) with a gang loop of 3
 * iterations whose worker loops run 100,000 iterations each, worker reductions into a gang's
 * private sum and into the construct's reduction variable, a worker loop holding a vector loop,
 * and a worker loop in gang-redundant code (num_gangs(3), no gang loop). With more threads than
 * gangs the worker loops split over each gang's team: tests/run.sh also runs it with
 * ACC_NUM_CORES=4 and 8.
 * accc-cores: 4 8 */
#include <stdio.h>

#define G 3
#define M 100000

static double x[G][M], y[G][M];

int main(void)
{
    int errors = 0;
    double row_sum[G], total = 0.0;
    for (int g = 0; g < G; g++)
        for (int j = 0; j < M; j++)
            x[g][j] = (j % 97) * 0.5 + g;

#pragma acc parallel num_gangs(2) num_workers(8) copyin(x) copyout(y, row_sum) reduction(+:total)
    {
#pragma acc loop gang reduction(+:total)
        for (int g = 0; g < G; g++) {
            double s = 0.0;
#pragma acc loop worker reduction(+:s)
            for (int j = 0; j < M; j++) {
                y[g][j] = 2.0 * x[g][j];
                s += x[g][j];
            }
            row_sum[g] = s;
#pragma acc loop worker reduction(+:total)
            for (int j = 0; j < M; j++)
                total += (j % 3 == 0) ? 1.0 : 0.0;
        }
    }

    static long hist[G][10];
#pragma acc parallel num_gangs(2) num_workers(4) vector_length(8) copy(hist)
    {
#pragma acc loop gang
        for (int g = 0; g < G; g++)
#pragma acc loop worker
            for (int b = 0; b < 10; b++) {
                long count = 0;
#pragma acc loop vector reduction(+:count)
                for (int j = 0; j < M; j++)
                    count += (j % 10 == b);
                hist[g][b] = count;
            }
    }

    static int z[M];
#pragma acc parallel num_gangs(3) num_workers(4) copyout(z)
    {
#pragma acc loop worker
        for (int j = 0; j < M; j++)
            z[j] = j % 1000;
    }

    for (int g = 0; g < G; g++) {
        double s = 0.0;
        for (int j = 0; j < M; j++) {
            s += x[g][j];
            if (y[g][j] != 2.0 * x[g][j])
                errors++;
        }
        if (row_sum[g] != s)
            errors++;
        for (int b = 0; b < 10; b++)
            if (hist[g][b] != M / 10)
                errors++;
    }
    double want_total = G * ((M + 2) / 3);
    if (total != want_total)
        errors++;
    /* Every gang runs the worker loop of the redundant code, storing the same values. */
    for (int j = 0; j < M; j++)
        if (z[j] != j % 1000)
            errors++;
    printf("worker_few_gangs: total = %.0f, row_sum[2] = %.1f, errors = %d\n", total, row_sum[2],
           errors);
    return errors != 0;
}
