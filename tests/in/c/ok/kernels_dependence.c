/* Loops of kernels regions: which ones the dependence test proves independent, and why not. */
void kernels_dependence(int n, float *a, float *b, float *restrict c)
{
    float x[1000], y[1000], s = 0.0f;
    int i;
#pragma acc kernels copy(x, y) copyin(b[0:n]) copyout(a[0:n])
    {
        for (i = 0; i < 1000; i++)          /* independent: same element read and written */
            x[i] = x[i] * 2.0f + y[i];
        for (i = 1; i < 1000; i++)          /* carried: x[i] reads x[i-1] */
            x[i] = x[i - 1] + 1.0f;
        for (i = 0; i < 1000; i++)          /* carried: s is written by every iteration */
            s += x[i];
        for (i = 0; i < n; i++)             /* a and b are pointers that may alias */
            a[i] = b[i] + 1.0f;
        for (int k = 0; k < 500; k++) {     /* independent, with an inner sequential loop */
            float t = 0.0f;
            for (int j = 0; j < 2; j++)
                t += y[2 * k + j];
            x[2 * k] = t;
            x[2 * k + 1] = t;
        }
    }
#pragma acc kernels loop copy(x) copyin(c[0:n])
    for (int k = 0; k < 999; k++)           /* writes x[k+1], reads x[k]: carried */
        x[k + 1] = x[k] + c[k];
    (void)s;
}

/* Output dependences: two iterations writing the same element, and a loop nested in a
 * sequential one (one gang runs it, its workers joined after each sequential iteration). */
void kernels_output_dependence(int n, int m, int *restrict h, const int *restrict idx)
{
    int a[2000], b[7];
#pragma acc kernels copyout(a, b) copy(h[0:16]) copyin(idx[0:n])
    {
        for (int i = 0; i < 1000; i++)      /* carried: a[i + j] meets a[(i + 1) + (j - 1)] */
            for (int j = 0; j < 1000; j++)  /* independent for one i: one gang runs it */
                a[i + j] = i;
        for (int i = 0; i < n; i++)         /* carried: every seventh i writes b[i % 7] */
            b[i % 7] = i;
        for (int i = 0; i < n; i++)         /* carried: h[idx[i]] may repeat */
            h[idx[i]] = h[idx[i]] + 1;
        for (int i = 0; i < 1000; i++)      /* independent: a[2i] and a[2i + 1] never meet */
            a[2 * i + 1] = a[2 * i] + m;
    }
}

/* Row-major subscripts through pointers: restrict pointers do not alias; c[i * n + j] with
 * j in [0, n) determines i; without restrict, or with overlapping rows, the loops stay
 * sequential. */
void kernels_rows(int n, const float *restrict a, float *restrict c, float *p, float *q)
{
#pragma acc kernels copyin(a[0:n * n]) copyout(c[0:n * n]) copy(p[0:n * n], q[0:n * n])
    {
        for (int i = 0; i < n; i++)         /* independent: rows of c */
            for (int j = 0; j < n; j++)
                c[i * n + j] = a[j * n + i];
        for (int i = 0; i < n; i++)         /* p and q may alias */
            for (int j = 0; j < n; j++)
                p[i * n + j] = q[i * n + j];
        for (int i = 0; i < n; i++)         /* carried: rows of n + 1 at a stride of n overlap */
            for (int j = 0; j <= n; j++)
                c[i * n + j] = 0.0f;
        for (int i = 0; i < n; i++)         /* carried: c[i * n] is one element when n is 0 */
            c[i * n] = 1.0f;
    }
}

/* Rows counted from a non-zero lower bound: j in [1, n - 1) stays inside a row of n, so the
 * interior update of a stencil determines i; j in [1, n] reaches into the next row. */
void kernels_interior(int n, const double *restrict u, double *restrict v, double *restrict w)
{
#pragma acc kernels copyin(u[0:n * n]) copy(v[0:n * n], w[0:n * n + 1])
    {
        for (int i = 1; i < n - 1; i++)     /* independent: interior rows of v */
            for (int j = 1; j < n - 1; j++)
                v[i * n + j] = 0.25 * (u[i * n + j - 1] + u[i * n + j + 1] + u[(i - 1) * n + j] + u[(i + 1) * n + j]);
        for (int i = 0; i < n; i++)         /* carried: j = n writes the next row's first element */
            for (int j = 1; j <= n; j++)
                w[i * n + j] = i;
    }
}

/* Rows of rows: a[(i * ny + j) * nz + k] and its expanded form peel k, then j, leaving i;
 * constant strides split a constant offset into whole rows; an inner row too long for its
 * stride, or shifted past it, stays sequential. */
void kernels_volumes(int nx, int ny, int nz, float *restrict a, const float *restrict b)
{
#pragma acc kernels copy(a[0:nx * ny * nz]) copyin(b[0:nx * ny * nz])
    {
        for (int i = 0; i < nx; i++)        /* independent */
            for (int j = 0; j < ny; j++)
                for (int k = 0; k < nz; k++)
                    a[(i * ny + j) * nz + k] = b[(i * ny + j) * nz + k] + 1;
        for (int i = 0; i < nx; i++)        /* independent: the expanded form */
            for (int j = 0; j < ny; j++)
                for (int k = 0; k < nz; k++)
                    a[i * ny * nz + j * nz + k] *= 2;
        for (int i = 0; i < nx; i++)        /* carried: j reaches ny */
            for (int j = 0; j <= ny; j++)
                for (int k = 0; k < nz; k++)
                    a[(i * ny + j) * nz + k] = 0;
        for (int i = 0; i < nx; i++)        /* independent: constant strides and an offset */
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 8; k++)
                    a[32 * i + 8 * j + k + 96] = 1;
        for (int i = 0; i < nx; i++)        /* carried: rows of 9 at a stride of 8 */
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 9; k++)
                    a[32 * i + 8 * j + k] = 1;
        for (int i = 0; i < nx; i++)        /* independent: shifted by one inside the row */
            for (int j = 0; j < nz - 1; j++)
                a[i * nz + j + 1] = 2;
        for (int i = 0; i < nx; i++)        /* carried: shifted by two, past the row */
            for (int j = 0; j < nz - 1; j++)
                a[i * nz + j + 2] = 2;
    }
}

/* Rows of the loop's own variable: j's row i is never row i - 1, so a sweep that reads the
 * previous row runs j in parallel (i stays sequential); reading the previous row's next
 * element meets row i at j = m - 1 unless j stops short of it. */
void kernels_sweeps(int n, int m, double *restrict a, double *restrict b)
{
#pragma acc kernels copy(a[0:n * m], b[0:n * m])
    {
        for (int i = 1; i < n; i++)         /* carried; j independent */
            for (int j = 0; j < m; j++)
                a[i * m + j] = a[(i - 1) * m + j] * 0.5;
        for (int i = 0; i < n; i++)         /* independent; j carried */
            for (int j = 1; j < m; j++)
                b[i * m + j] = b[i * m + j - 1] + 1;
        for (int i = 1; i < n; i++)         /* carried; j carried */
            for (int j = 0; j < m; j++)
                a[i * m + j] = a[(i - 1) * m + j + 1];
        for (int i = 1; i < n; i++)         /* carried; j independent */
            for (int j = 0; j < m - 1; j++)
                a[i * m + j] = a[(i - 1) * m + j + 1];
    }
}
