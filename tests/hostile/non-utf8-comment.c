/* café ÿþ */
int main(void) {
  int a[4] = {0};
#pragma acc parallel loop copy(a) /* Ã( */
  for (int i = 0; i < 4; i++) a[i] = i;
  return a[3] - 3;
}
