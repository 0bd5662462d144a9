/* A declare directive in a function scope maps its data for the scope's lifetime: the data is
 * unmapped (and `copy` data copied back) however the scope is left — return, break, the end of
 * the block. Implementations that treat all host memory as present (GCC's host fallback)
 * skip the presence checks. */
#include <openacc.h>
#include <stdio.h>

static double *seen_a;
static double *seen_b;
static int tracks_presence;

static int work(int n, int early) {
  double a[100];
  for (int i = 0; i < n; i++) a[i] = i;
  seen_a = a;
#pragma acc declare copy(a)
  if (!acc_is_present(a, sizeof a)) return -1;
#pragma acc parallel loop present(a)
  for (int i = 0; i < n; i++) a[i] *= 2;
  /* `a` is copied back only when the scope ends, after a return value is computed: with
   * discrete memory the host copy is stale until then, so bring it home first. */
#pragma acc update self(a)
  if (early) return (int)a[99];
  for (int k = 0; k < 3; k++) {
    double b[10];
    seen_b = b;
#pragma acc declare create(b)
    if (!acc_is_present(b, sizeof b)) return -2;
    if (k == 1) break;
  }
  if (tracks_presence && acc_is_present(seen_b, 10 * sizeof(double))) return -3;
  return (int)a[99];
}

int main(void) {
  int never_mapped = 0;
  tracks_presence = !acc_is_present(&never_mapped, sizeof never_mapped);
  int first = work(100, 1);
  if (tracks_presence && acc_is_present(seen_a, 100 * sizeof(double))) {
    printf("still present after an early return\n");
    return 1;
  }
  int second = work(100, 0);
  if (tracks_presence && acc_is_present(seen_a, 100 * sizeof(double))) {
    printf("still present after the end of the function\n");
    return 1;
  }
  printf("%d %d\n", first, second);
  return first == 198 && second == 198 ? 0 : 1;
}
