/* Every reduction operator on the types it allows. */
#include <stdbool.h>
void reductions(int n, const int *v, const double *d)
{
    int isum = 0, iprod = 1, imax = -1, imin = 1 << 30, iand_ = ~0, ior_ = 0, ixor = 0;
    unsigned char umax = 0;
    long long lsum = 0;
    float fsum = 0.0f;
    double dmin = 1e300, dmax = -1e300;
    bool all = true, any = false;
    _Complex double z = 0;
    double arr[4] = {0, 0, 0, 0};
#pragma acc parallel loop reduction(+:isum, lsum, fsum) reduction(*:iprod) copyin(v[0:n], d[0:n])
    for (int i = 0; i < n; i++) { isum += v[i]; lsum += v[i]; fsum += (float)d[i]; iprod *= 1 + (v[i] & 1); }
#pragma acc parallel loop reduction(max:imax, dmax, umax) reduction(min:imin, dmin) copyin(v[0:n], d[0:n])
    for (int i = 0; i < n; i++) {
        imax = v[i] > imax ? v[i] : imax; dmax = d[i] > dmax ? d[i] : dmax;
        imin = v[i] < imin ? v[i] : imin; dmin = d[i] < dmin ? d[i] : dmin; umax = umax > 3 ? umax : 3;
    }
#pragma acc parallel loop reduction(&:iand_) reduction(|:ior_) reduction(^:ixor) copyin(v[0:n])
    for (int i = 0; i < n; i++) { iand_ &= v[i]; ior_ |= v[i]; ixor ^= v[i]; }
#pragma acc parallel loop reduction(&&:all) reduction(||:any) copyin(v[0:n])
    for (int i = 0; i < n; i++) { all = all && v[i] > 0; any = any || v[i] > 0; }
#pragma acc parallel loop reduction(+:z) copyin(d[0:n])
    for (int i = 0; i < n; i++) z += d[i];
#pragma acc parallel loop reduction(+:arr[0:4]) copyin(v[0:n])
    for (int i = 0; i < n; i++) arr[v[i] & 3] += 1.0;
#pragma acc parallel reduction(+:isum) copyin(v[0:n])
    {
#pragma acc loop reduction(+:isum)
        for (int i = 0; i < n; i++) isum += v[i];
    }
}
