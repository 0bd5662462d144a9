enum e {
  A,
#pragma acc parallel
  B
};
