/* Array reductions too large for a private partial per thread (4096 bins, 32 KiB and 16 KiB):
 * every use is an update of one element with the reduction's operator, so each update is an
 * atomic operation on the device copy (`atom.add.f64`, `atom.add.u32` and `atom.max.s32` in
 * the PTX) and no partial array, shared-memory combine or leader combine is left. */
#define BINS 4096
void histogram(int n, const int *key, const double *w, double hist[BINS], int count[BINS],
               int top[BINS]) {
#pragma acc parallel loop copyin(key[0:n], w[0:n]) reduction(+:hist[0:BINS], count[0:BINS]) \
    reduction(max:top[0:BINS])
  for (int i = 0; i < n; i++) {
    int b = key[i] & (BINS - 1);
    hist[b] += w[i];
    count[b] = count[b] + 1;
    top[b] = top[b] > key[i] ? top[b] : key[i];
  }
}
