/* check.h: a tiny assertion macro for the runtime's C tests (self-checking programs). */
#ifndef ACCRT_TEST_CHECK_H
#define ACCRT_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(condition)                                                          \
  do {                                                                            \
    if (!(condition)) {                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      exit(2);                                                                    \
    }                                                                             \
  } while (0)

#endif
