/* api_aliases.c: the OpenACC 1.0 / 2.x names that OpenACC 3.3 keeps for old programs:
 * acc_pcopyin, acc_present_or_copyin, acc_pcreate, acc_present_or_create (the same as
 * acc_copyin / acc_create), acc_async_wait (acc_wait) and acc_async_wait_all (acc_wait_all).
 * Exact reference counts are checked against libaccrt only (ACCRT_OPENACC); the output is the
 * same everywhere. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                          \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                        \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define N 300

static float a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  float *d = acc_pcopyin(a, sizeof a);
  CHECK(d != NULL && acc_is_present(a, sizeof a));
  CHECK(acc_present_or_copyin(a, sizeof a) == d); /* present: same copy, counter 2 */
  float *e = acc_pcreate(b, sizeof b);
  CHECK(e != NULL && acc_is_present(b, sizeof b));
  CHECK(acc_present_or_create(b, sizeof b) == e);
#pragma acc parallel loop present(a[0:N], b[0:N]) async(4)
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i];
  acc_async_wait(4);
  acc_copyout(b, sizeof b);
#ifdef ACCRT_OPENACC
  CHECK(acc_is_present(b, sizeof b)); /* counter was 2 */
#endif
  acc_copyout(b, sizeof b);
  CHECK(b[N - 1] == 2 * (N - 1));
  acc_delete(a, sizeof a);
  acc_delete(a, sizeof a);
#ifdef ACCRT_OPENACC
  CHECK(!acc_is_present(a, sizeof a));
  CHECK(!acc_is_present(b, sizeof b));
#endif
  printf("acc_pcopyin/acc_present_or_copyin/acc_pcreate/acc_present_or_create: ok\n");

  acc_copyin(a, sizeof a);
  acc_create(b, sizeof b);
#pragma acc parallel loop present(a[0:N]) async(5)
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma acc parallel loop present(b[0:N]) async(6)
  for (int i = 0; i < N; i++)
    b[i] = -i;
  acc_async_wait_all();
  CHECK(acc_async_test_all());
  acc_copyout(a, sizeof a);
  acc_copyout(b, sizeof b);
  CHECK(a[0] == 1 && a[N - 1] == N);
  CHECK(b[0] == 0 && b[N - 1] == -(N - 1));
  printf("acc_async_wait/acc_async_wait_all: ok\n");
  return 0;
}
