/* A routine reads and writes lib.c's linked `series` through the link pointer (this file does
 * not repeat the directive: the link step knows it from lib.c); enter data maps it, update
 * self brings the routine's writes back. */
#include <stdio.h>
extern double series[2048];

#pragma acc routine seq
static void twice(int i)
{
    series[i] = 2.0 * series[i];
}

int main(void)
{
    for (int i = 0; i < 2048; i++)
        series[i] = i;
#pragma acc enter data copyin(series)
#pragma acc parallel loop
    for (int i = 0; i < 2048; i++)
        twice(i);
#pragma acc update self(series)
#pragma acc exit data delete(series)
    int wrong = 0;
    for (int i = 0; i < 2048; i++)
        wrong += series[i] != 2.0 * i;
    printf("file link: errors = %d\n", wrong);
    return wrong != 0;
}
