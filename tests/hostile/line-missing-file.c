void f(void) {
#line 40 "no/such/header.h"
#pragma acc parallel bogus
  ;
}
