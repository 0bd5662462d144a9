double weight(int i);
int main(void) {
  double a[100];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 100; i++)
    a[i] = weight(i);
  return a[1] > 0 ? 0 : 1;
}
