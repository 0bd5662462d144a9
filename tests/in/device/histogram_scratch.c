/* An array reduction too large for a partial in local memory (8 KiB) whose loop reads the
 * array: each thread keeps its partial in the launch's scratch buffer (the kernel's last
 * parameter; thread t of the grid at `scratch + t * 8192`). After the loop and one barrier the
 * block's threads divide the elements (thread r takes r, r + V, ...), each sums every thread's
 * copy of its elements and adds the sum to the device copy atomically (`atom.add.f64`): no
 * shared-memory rounds per element. */
void histogram(int n, const int *key, const double *w, double hist[1024]) {
#pragma acc parallel loop copyin(key[0:n], w[0:n]) reduction(+:hist[0:1024])
  for (int i = 0; i < n; i++) {
    double old = hist[key[i] & 1023];
    hist[key[i] & 1023] = old + w[i];
  }
}
