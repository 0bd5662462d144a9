/* plane is gang(dim: 2) in lib.c and plain gang here; tile's dimensions differ for nvidia
   only (gang(dim: 2) in lib.c, gang(dim: 3) here). */
#pragma acc routine gang
void plane(int n, int *x);
#pragma acc routine device_type(nvidia) gang(dim: 3) device_type(*) gang
void tile(int n, int *x);
int main(void) {
  static int x[4096];
#pragma acc parallel num_gangs(4) copy(x)
  plane(4096, x);
#pragma acc parallel num_gangs(4) copy(x)
  tile(4096, x);
  return 0;
}
