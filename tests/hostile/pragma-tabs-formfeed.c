int main(void) {
  int x = 0;
#	pragma	accparallelcopy(x)
  x = 1;
  return x - 1;
}
