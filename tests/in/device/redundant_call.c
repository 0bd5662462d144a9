/* A worker routine called from a gang loop's redundant code: every thread of a block would run
 * the routine's loop (it runs on the calling thread), each scaling the rows again, so the
 * kernel is compiled for one-thread blocks (`.maxntid 1, 1, 1`). Found by the NVPTX emulation
 * (routine_levels.c gave wrong answers with blocks of 128 threads). */
#pragma acc routine worker
static void scale_block(double *rows, int nr, int m, double f) {
#pragma acc loop worker
  for (int r = 0; r < nr * m; r++)
    rows[r] *= f;
}

void scale(double *m, int nb, int nr, int nc) {
#pragma acc parallel loop gang copy(m[0:nb * nr * nc])
  for (int b = 0; b < nb; b++)
    scale_block(m + b * nr * nc, nr, nc, 2.0);
}
