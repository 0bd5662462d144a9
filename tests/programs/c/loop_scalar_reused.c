/* A scalar declared outside a compute region that each iteration of a gang loop resets and
 * an inner loop reduces into (`sum = 0` then `loop vector reduction(+:sum)`): the reduction
 * makes it implicitly copy, so without a private copy per iteration the gangs would reset
 * and read one another's sums. accc privatises it in the gang loop, as NVHPC does. Also a
 * while loop that repeats an inner reduction until it converges (the OpenACC V&V suite's
 * parallel_while_loop pattern) and a logical AND reduction. */
#include <stdio.h>

#define ROWS 64
#define COLS 2000

int main(void)
{
    static double a[ROWS][COLS], sums[ROWS];
    static int flags[ROWS][COLS], all_set[ROWS];
    static int passes[ROWS];
    double sum = -1.0, avg = -1.0;
    int all = 7, errors = 0;
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++) {
            a[i][j] = (i * 31 + j * 7) % 10;
            flags[i][j] = i % 3 != 0 || j != i * 5;
        }

#pragma acc parallel loop gang copyin(a, flags) copyout(sums, all_set)
    for (int i = 0; i < ROWS; i++) {
        sum = 0.0;
#pragma acc loop vector reduction(+:sum)
        for (int j = 0; j < COLS; j++)
            sum += a[i][j];
        sums[i] = sum;
        all = 1;
#pragma acc loop vector reduction(&&:all)
        for (int j = 0; j < COLS; j++)
            all = all && flags[i][j];
        all_set[i] = all;
    }

    static double b[ROWS][COLS];
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            b[i][j] = 1.0 + (i + j) % 5;
#pragma acc parallel copy(b) copyout(passes)
    {
#pragma acc loop gang
        for (int i = 0; i < ROWS; i++) {
            avg = 0.0;
            int count = 0;
            while (avg < 1000.0) {
                avg = 0.0;
#pragma acc loop vector reduction(+:avg)
                for (int j = 0; j < COLS; j++) {
                    b[i][j] *= 1.5;
                    avg += b[i][j] / COLS;
                }
                count++;
            }
            passes[i] = count;
        }
    }

    long total_passes = 0;
    for (int i = 0; i < ROWS; i++) {
        double expect = 0.0;
        int expect_all = 1;
        for (int j = 0; j < COLS; j++) {
            expect += a[i][j];
            expect_all = expect_all && flags[i][j];
        }
        if (sums[i] != expect || all_set[i] != expect_all)
            errors++;
        double row = 0.0, scale = 1.0;
        int count = 0;
        for (int j = 0; j < COLS; j++)
            row += (1.0 + (i + j) % 5) / COLS;
        while (row * scale < 1000.0) {
            scale *= 1.5;
            count++;
        }
        if (passes[i] != count)
            errors++;
        total_passes += passes[i];
    }
    printf("row sums %g .. %g, rows all set: %d, passes %ld\n", sums[0], sums[ROWS - 1],
           all_set[1] + all_set[2] + all_set[4], total_passes);
    printf("%s\n", errors ? "FAILED" : "PASSED");
    return errors != 0;
}
