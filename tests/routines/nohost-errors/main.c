/* Host calls of lib.c's nohost routines: in main outside the compute region, and in 'helper',
   a routine that is not nohost. */
double scale(double x);
double twice(double x);
#pragma acc routine seq
double helper(double x) { return twice(x) + 1.0; }
int main(void) {
  double a[64];
  double h = scale(3.0);
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = scale(i) + helper(i);
  return (int)(a[1] + h) == 0;
}
