/* Complex reductions: `+` combines the block's result into device memory with one atomic add
 * per part; `*` under the device module's spin lock (no 16-byte compare-and-swap on sm_70). */
#include <complex.h>
void products(int n, const double _Complex *z, double _Complex *sum, double _Complex *prod) {
  double _Complex s = 0.0, p = 1.0;
#pragma acc parallel loop copyin(z[0:n]) reduction(+:s) reduction(*:p)
  for (int i = 0; i < n; i++) {
    s += z[i];
    p *= z[i];
  }
  *sum = s;
  *prod = p;
}
