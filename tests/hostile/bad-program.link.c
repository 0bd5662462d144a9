int main(void) {
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 16; i++) ;
  return 0;
}
