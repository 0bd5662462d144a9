int main(void) {
#pragma ACC parallel
  return 0;
}
