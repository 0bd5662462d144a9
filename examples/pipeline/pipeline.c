/* Blocked pipeline on two async queues: each block of the input is copied to the device,
 * transformed and copied back on queue (block % 2), so transfers of one block can overlap the
 * kernel of the next; `wait` joins both queues before the result is checked. Exits non-zero on
 * a wrong answer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 22)
#define BLOCKS 16

int main(void) {
  float *in = malloc(N * sizeof *in);
  float *out = malloc(N * sizeof *out);
  if (!in || !out)
    return 2;
  for (int i = 0; i < N; i++)
    in[i] = (float)(i % 1000) / 1000.0f;

  const int block = N / BLOCKS;
#pragma acc data create(in[0:N], out[0:N])
  {
    for (int b = 0; b < BLOCKS; b++) {
      const int lo = b * block;
#pragma acc update device(in[lo:block]) async(b % 2)
#pragma acc parallel loop present(in[0:N], out[0:N]) async(b % 2)
      for (int i = lo; i < lo + block; i++)
        out[i] = sqrtf(in[i]) * 2.0f + 1.0f;
#pragma acc update self(out[lo:block]) async(b % 2)
    }
#pragma acc wait
  }

  int errors = 0;
  for (int i = 0; i < N; i++) {
    float want = sqrtf((float)(i % 1000) / 1000.0f) * 2.0f + 1.0f;
    if (fabsf(out[i] - want) > 1e-6f)
      errors++;
  }
  printf("pipeline: %d blocks on 2 queues, %d errors\n", BLOCKS, errors);
  free(in);
  free(out);
  return errors != 0;
}
