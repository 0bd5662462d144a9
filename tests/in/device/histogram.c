/* An array reduction: each thread keeps a private partial array in local memory, the block
 * combines it element by element through shared memory, and the leader adds each element of
 * the block's result atomically into the device copy. */
void histogram(int n, const int *key, long hist[16]) {
  long h[16];
  for (int b = 0; b < 16; b++)
    h[b] = 0;
#pragma acc parallel loop copyin(key[0:n]) reduction(+:h[0:16])
  for (int i = 0; i < n; i++)
    h[key[i] & 15] += 1;
  for (int b = 0; b < 16; b++)
    hist[b] = h[b];
}
