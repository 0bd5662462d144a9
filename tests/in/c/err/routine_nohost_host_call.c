/* Calls of a nohost routine from host code: main outside its compute region, and the
   routine 'helper', which is not nohost itself. The call in the compute region and the one
   in the nohost routine 'twice' are allowed. */
#pragma acc routine seq nohost
double scale(double x) { return 2.0 * x; }

#pragma acc routine seq
double helper(double x) { return scale(x) + 1.0; }

#pragma acc routine seq nohost
double twice(double x) { return scale(scale(x)); }

int main(void)
{
  double a[8];
  double host = scale(1.0);
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 8; i++)
    a[i] = scale(i) + twice(i) + helper(i);
  return (int)(a[0] + host);
}
