int main(void) {
??=pragma acc parallel
  return 0;
}
