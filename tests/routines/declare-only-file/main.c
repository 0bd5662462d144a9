/* A routine reading a global that another file declares. */
#include <stdio.h>

extern double coef[3];
#pragma acc routine seq
static double weight(int i) { return coef[i % 3]; }

int main(void) {
    double x[300];
#pragma acc parallel loop copyout(x)
    for (int i = 0; i < 300; i++)
        x[i] = weight(i);
    double s = 0;
    for (int i = 0; i < 300; i++)
        s += x[i];
    if (s != 600.0) {
        printf("sum %g, expected 600\n", s);
        return 1;
    }
    printf("ok\n");
    return 0;
}
