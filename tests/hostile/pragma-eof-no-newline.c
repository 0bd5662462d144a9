int main(void) { return 0; }
#pragma acc routine seq