/* Large array reductions (over the 2 KiB of a GPU thread's partial) that GPUs cannot compute
 * by atomic updates of the device copy (a read, an update reading another element, an update
 * with another operator): each thread keeps its partial in the launch's scratch buffer. The
 * last kernel is the same reduction with only updates, which updates the device copy
 * atomically; the small one keeps its per-thread partial in local memory. */
#define B 1024
void uses(int n, const int *key, int top[B], long sum[B], long prod[B], long ok[B], long few[16]) {
#pragma acc parallel loop copyin(key[0:n]) reduction(max:top[0:B])
  for (int i = 0; i < n; i++) {
    int v = key[i] % 1000;
    if (v > top[key[i] % B])
      top[key[i] % B] = v;
  }
#pragma acc parallel loop copyin(key[0:n]) reduction(+:sum[0:B])
  for (int i = 0; i < n; i++)
    sum[key[i] % B] += sum[(key[i] + 1) % B];
#pragma acc parallel loop copyin(key[0:n]) reduction(+:prod[0:B])
  for (int i = 0; i < n; i++)
    prod[key[i] % B] *= 2;
#pragma acc parallel loop copyin(key[0:n]) reduction(+:ok[0:B]) reduction(+:few[0:16])
  for (int i = 0; i < n; i++) {
    ok[key[i] % B] -= key[i];
    few[key[i] % 16] += 1;
  }
}
