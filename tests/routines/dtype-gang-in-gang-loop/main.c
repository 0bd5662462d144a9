/* fill is a gang routine on nvidia only: calling it inside a gang loop is an error there. */
#pragma acc routine device_type(nvidia) gang dtype(host, multicore) seq
void fill(int n, double *row, double v);
int main(void) {
  static double m[16 * 32];
#pragma acc parallel loop gang copyout(m)
  for (int r = 0; r < 16; r++)
    fill(32, m + r * 32, r);
  return m[33] == 1 ? 0 : 1;
}
