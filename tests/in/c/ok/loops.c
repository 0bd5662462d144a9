/* loop: parallelism, collapse, tile, private, reduction, device_type. */
void loops(int n, int m, double *a, double *c)
{
    double x = 0.0, p = 1.0;
    long bits = 0;
    int i, j, k;
#pragma acc parallel copy(a[0:n*m]) copyin(c[0:n])
    {
#pragma acc loop gang
        for (i = 0; i < n; i++) {
#pragma acc loop worker
            for (j = 0; j < m; j++) {
#pragma acc loop vector reduction(+:x)
                for (k = 0; k < 4; k++) x += a[i * m + j] * k;
            }
        }
#pragma acc loop gang(static: 2) worker vector reduction(*:p)
        for (i = 0; i < n; i++) p *= c[i];
#pragma acc loop seq
        for (i = 0; i < n; i++) a[i] = a[i - (i > 0)];
#pragma acc loop independent collapse(force: 2) private(x)
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++) { x = a[i * m + j]; a[i * m + j] = x * 2; }
#pragma acc loop auto tile(*, 4)
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++) a[i * m + j] += 1;
#pragma acc loop gang(dim: 2) reduction(|:bits)
        for (i = 0; i < n; i++) bits |= (long)i;
#pragma acc loop device_type(nvidia) gang vector collapse(2) device_type(radeon) worker tile(2, 2) device_type(*) seq
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++) a[i * m + j] -= 1;
#pragma acc loop vector
        for (i = n; i > 0; i--) a[i - 1] *= 0.5;
    }
#pragma acc kernels copy(a[0:n*m])
    {
#pragma acc loop gang(num: 4, static: 2) worker(num: 2) vector(length: 64)
        for (i = 0; i < n; i++) a[i] += 1;
#pragma acc loop gang(num: n) vector(128)
        for (i = 0; i < n; i++) a[i] -= 1;
    }
#pragma acc parallel num_gangs(4, 2) copy(a[0:n*m])
    {
#pragma acc loop gang(dim: 2)
        for (i = 0; i < n; i++) {
#pragma acc loop gang(dim: 1)
            for (j = 0; j < m; j++) a[i * m + j] += 2;
        }
    }
}
