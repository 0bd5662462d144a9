struct s {
  int a;
#pragma acc declare create(a)
  int b;
};
