/* Sections of arrays of pointers: one block per pointer, each attached (rows = attach). */
typedef struct { int n; double **rows; } grid_t;
void pointer_rows(int n, int m, double **rows, grid_t *g, double (*packed)[8])
{
    double *fixed[4];
#pragma acc data copyin(rows[0:n][0:m]) create(fixed[0:4][0:m])
    {
#pragma acc parallel loop present(rows[0:n][0:m]) copy(g->rows[1:n-1][2:m-2])
        for (int i = 1; i < n; i++) g->rows[i][2] = rows[i][0] + fixed[i % 4][0];
    }
#pragma acc parallel loop copyout(rows[2:5][1:m-2]) copy(packed[0:n][0:8])
    for (int i = 2; i < 7; i++) rows[i][1] = packed[i][0];
#pragma acc enter data copyin(rows[0:n][0:m])
#pragma acc update self(rows[2:5][1:m-2]) device(rows[0:n][0:m])
#pragma acc exit data delete(rows[0:n][0:m]) finalize
}
