/* atomic: every statement form of read, write, update and capture. */
void atomics(int n, int *h, double *x, int *cap)
{
    int v = 0, w = 0, count = 0;
    double s = 0.0;
#pragma acc parallel loop copy(h[0:16], count, s) copyin(x[0:n]) copyout(cap[0:n])
    for (int i = 0; i < n; i++) {
        int bin = i % 16;
#pragma acc atomic
        h[bin]++;
#pragma acc atomic update
        h[bin] += 2;
#pragma acc atomic update
        --h[bin];
#pragma acc atomic update
        s = s + x[i];
#pragma acc atomic update
        s = x[i] * s;
#pragma acc atomic read
        v = count;
#pragma acc atomic write
        count = i * 2;
#pragma acc atomic capture
        cap[i] = h[bin]++;
#pragma acc atomic capture
        w = h[bin] -= 3;
#pragma acc atomic capture
        { w = count; count += 1; }
#pragma acc atomic capture
        { count *= 2; w = count; }
#pragma acc atomic capture
        { w = count; count = i; }
#pragma acc atomic update if(n > 10)
        count <<= 1;
        (void)v; (void)w;
    }
}
