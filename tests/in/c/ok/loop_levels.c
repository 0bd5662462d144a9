/* The level accc gives a loop without one: it lies strictly between the enclosing loops'
 * lowest level and the highest level its nested loops take (a seq loop takes none). */

/* kernels matmul: i gang, j vector around the sequential k loop (NVHPC's choice). */
void matmul(int n, const double *restrict a, const double *restrict b, double *restrict c)
{
#pragma acc kernels copyin(a[0:n * n], b[0:n * n]) copyout(c[0:n * n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

/* A parallel loop around a seq loop: gang, vector. */
void prefix_rows(int n, double *restrict a)
{
#pragma acc parallel loop copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop seq
        for (int k = 1; k < n; k++)
            a[i * n + k] += a[i * n + k - 1];
    }
}

/* gang, then a loop without a level around an explicit vector loop: worker. */
void three_levels(int n, float *restrict a)
{
#pragma acc parallel loop gang copy(a[0:n * n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < n; j++)
#pragma acc loop vector
            for (int k = 0; k < n; k++)
                a[(i * n + j) * n + k] += 1.0f;
    }
}

/* Inside a vector loop no level is left: the inner loop runs sequentially. */
void inside_vector(int n, float *restrict a)
{
#pragma acc parallel loop vector copy(a[0:n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < n; j++)
            a[i * n + j] += 1.0f;
    }
}

/* gang around two levels without one: worker, then vector. */
void gang_auto_auto(int n, float *restrict a)
{
#pragma acc parallel loop gang copy(a[0:n * n * n])
    for (int i = 0; i < n; i++)
#pragma acc loop
        for (int j = 0; j < n; j++)
#pragma acc loop
            for (int k = 0; k < n; k++)
                a[(i * n + j) * n + k] *= 2.0f;
}

/* Routines called in a loop take their levels there, as nested loops would: a vector routine
 * leaves gang (and worker, for a loop inside a gang loop), a worker routine gang, a gang
 * routine none. */
#pragma acc routine vector
void row_op(int n, float *row);
#pragma acc routine worker
void plane_op(int n, float *plane);
#pragma acc routine gang
void volume_op(int n, float *volume);
void calls_routines(int n, float *restrict a)
{
#pragma acc parallel loop copy(a[0:n * n])
    for (int i = 0; i < n; i++)
        row_op(n, a + i * n);
#pragma acc parallel loop gang copy(a[0:n * n * n])
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < n; j++)
            row_op(n, a + (i * n + j) * n);
    }
#pragma acc parallel loop copy(a[0:n * n * n])
    for (int i = 0; i < n; i++)
        plane_op(n, a + i * n * n);
#pragma acc parallel loop copy(a[0:n * n * n])
    for (int i = 0; i < 1; i++)
        volume_op(n, a);
}
