/* Parameters declared as arrays (`double A[NX][NY]`, `x[NY]`, `y[static NX]`), which C makes
 * pointers, named bare in data and update clauses: the clauses map the declared extent, as
 * NVHPC does (accc once mapped sizeof(A), the pointer's 8 bytes, so a GPU read past it). */
#include <stdio.h>

#define NX 12
#define NY 20

static void matvec(int n, double A[NX][NY], double x[NY], double y[static NX]) {
    #pragma acc data copyin(A, x) copyout(y)
    {
        #pragma acc parallel loop
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < NY; j++) s += A[i][j] * x[j];
            y[i] = s;
        }
    }
}

static void scale(double v[NY], double by) {
    #pragma acc enter data copyin(v)
    #pragma acc parallel loop present(v)
    for (int j = 0; j < NY; j++) v[j] *= by;
    #pragma acc update self(v)
    #pragma acc exit data delete(v)
}

int main(void) {
    double A[NX][NY], x[NY], y[NX];
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++) A[i][j] = i - j;
    for (int j = 0; j < NY; j++) x[j] = j % 3;
    matvec(NX, A, x, y);
    scale(x, 2.5);
    for (int i = 0; i < NX; i += 3) printf("%g ", y[i]);
    printf("| %g %g\n", x[1], x[NY - 1]);
    return 0;
}
