/* A kernels region's loop under a condition that reads an element the loop itself writes:
 * were the gangs to divide the loop, a gang reaching the condition after another gang's share
 * had written the flag would skip its share. The kernel runs on one gang, and every element
 * is written. */
#include <stdio.h>

int main(void)
{
    enum { N = 200000 };
    static double a[N];
    int flag[1] = {0}, errors = 0;
    for (int round = 0; round < 20; round++) {
        flag[0] = 0;
#pragma acc kernels copy(a, flag)
        {
            if (flag[0] == 0) {
#pragma acc loop independent
                for (int i = 0; i < N; i++) {
                    a[i] = round + 1;
                    if (i == 0)
                        flag[0] = 1;
                }
            }
        }
        for (int i = 0; i < N; i++)
            errors += a[i] != round + 1;
    }
    printf("kernels_if_condition_written: %d errors\n", errors);
    return errors != 0;
}
