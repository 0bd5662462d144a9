/* Combined constructs: compute clauses and loop clauses together. */
void combined(int n, int m, float *a, float *b, float s[][64])
{
    float total = 0.0f, biggest = 0.0f;
    int i, j;
#pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n]) gang vector
    for (i = 0; i < n; i++) a[i] = b[i];
#pragma acc kernels loop collapse(2) gang(num: 8) vector(length: 32) present(s[0:n][0:64])
    for (i = 0; i < n; i++)
        for (j = 0; j < 64; j++) s[i][j] = 0.0f;
#pragma acc parallel loop reduction(+:total) reduction(max:biggest) copyin(a[0:n])
    for (int k = 0; k < n; k++) { total += a[k]; biggest = a[k] > biggest ? a[k] : biggest; }
#pragma acc serial loop seq copy(a[0:n])
    for (int k = n - 1; k >= 0; k--) a[k] = a[k] * 2.0f;
#pragma acc kernels loop independent copy(a[0:n]) private(j)
    for (int k = 0; k < n; k++) { j = k; a[k] = j; }
#pragma acc kernels loop auto tile(8, 8) copy(s[0:n][0:64])
    for (int p = 0; p < n; p++)
        for (int q = 0; q < 64; q++) s[p][q] += 1.0f;
#pragma acc kernels loop num_gangs(4) worker(num: 4) vector(8) async(2) wait(1) if(n > 1) default(present) copyin(m)
    for (int k = 0; k < n; k++) a[k] = m;
#pragma acc parallel loop gang(static: *) device_type(nvidia) vector device_type(host) seq
    for (int k = 0; k < n; k += 2) a[k] = 0.0f;
}
