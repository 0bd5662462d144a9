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
