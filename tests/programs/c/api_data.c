/* api_data.c: the data routines of OpenACC 3.3 (3.2.21 - 3.2.25, 3.2.28 - 3.2.30): acc_copyin,
 * acc_create, acc_copyout, acc_delete with their _async and _finalize forms, acc_update_device,
 * acc_update_self (and _async), acc_deviceptr, acc_hostptr, acc_is_present.
 *
 * libaccrt keeps an exact present table on every device, so the reference counting the
 * specification describes is checked against it (ACCRT_OPENACC); libgomp's host device treats
 * all data as present, so only what holds for both is checked there. The output is the same. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                          \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                        \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define N 1000

#ifdef ACCRT_OPENACC
#define PRESENT(p, bytes) CHECK(acc_is_present((p), (bytes)))
#define ABSENT(p, bytes) CHECK(!acc_is_present((p), (bytes)))
#else
#define PRESENT(p, bytes) CHECK(acc_is_present((p), (bytes)))
#define ABSENT(p, bytes) ((void)(p), (void)(bytes))
#endif

static double a[N], b[N];

static double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

/* Uses the data on the device: fails (in libaccrt) unless it is present. */
static void scale(double *x, int n, double factor) {
#pragma acc parallel loop present(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= factor;
}

static void copyin_copyout(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  ABSENT(a, sizeof a);
  double *d = acc_copyin(a, sizeof a);
  CHECK(d != NULL);
  PRESENT(a, sizeof a);
  CHECK(acc_deviceptr(a) == d);
  CHECK(acc_hostptr(d) == a);
  CHECK(acc_deviceptr(&a[10]) == d + 10); /* inside present data */
  CHECK(acc_hostptr(d + 10) == &a[10]);
  CHECK(acc_copyin(a, sizeof a) == d); /* dynamic counter 2 */
  scale(a, N, 2);
  acc_copyout(a, sizeof a); /* counter 1: stays */
  PRESENT(a, sizeof a);
  acc_copyout(a, sizeof a); /* counter 0: copied back and removed */
  ABSENT(a, sizeof a);
  CHECK(sum(a, N) == 2.0 * N * (N - 1) / 2);
#ifdef ACCRT_OPENACC
  CHECK(acc_deviceptr(a) == NULL); /* absent */
  acc_copyout(a, sizeof a);        /* absent data: no action */
  acc_delete(a, sizeof a);
  ABSENT(a, sizeof a);
#endif
  /* A section: a[100:50]. */
  acc_copyin(&a[100], 50 * sizeof(double));
  PRESENT(&a[100], 50 * sizeof(double));
  PRESENT(&a[120], 10 * sizeof(double));
  ABSENT(&a[90], 20 * sizeof(double)); /* partly present is not present */
  ABSENT(a, sizeof a);
  acc_copyout(&a[100], 50 * sizeof(double));
  ABSENT(&a[100], 50 * sizeof(double));
  /* finalize: the dynamic counter drops to zero at once. */
  acc_copyin(a, sizeof a);
  acc_copyin(a, sizeof a);
  acc_copyin(a, sizeof a);
  acc_copyout_finalize(a, sizeof a);
  ABSENT(a, sizeof a);
  printf("acc_copyin/acc_copyout: ok\n");
}

static void create_delete(void) {
  double *d = acc_create(b, sizeof b);
  CHECK(d != NULL);
  PRESENT(b, sizeof b);
  CHECK(acc_deviceptr(b) == d);
  CHECK(acc_create(b, sizeof b) == d);
  acc_delete(b, sizeof b);
  PRESENT(b, sizeof b);
  acc_delete(b, sizeof b);
  ABSENT(b, sizeof b);
  acc_create(b, sizeof b);
  acc_copyin(b, sizeof b); /* present: only the counter changes */
  acc_delete_finalize(b, sizeof b);
  ABSENT(b, sizeof b);
#ifdef ACCRT_OPENACC
  /* A structured reference keeps data present across a dynamic delete. */
#pragma acc data copy(b[0:N])
  {
    acc_copyin(b, sizeof b);
    acc_delete_finalize(b, sizeof b);
    PRESENT(b, sizeof b);
  }
  ABSENT(b, sizeof b);
  /* Zero bytes: no action, and nothing present. */
  acc_create(b, 0);
  ABSENT(b, sizeof b);
#endif
  printf("acc_create/acc_delete: ok\n");
}

static void async_forms(void) {
  for (int i = 0; i < N; i++)
    a[i] = 1;
  acc_copyin_async(a, sizeof a, 1);
  acc_create_async(b, sizeof b, 1);
  /* The table changes at once, even before the queue runs. */
  PRESENT(a, sizeof a);
  PRESENT(b, sizeof b);
  acc_wait(1);
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
  acc_copyout_async(b, sizeof b, 1);
  acc_delete_async(a, sizeof a, 1);
  acc_wait(1);
  ABSENT(a, sizeof a);
  ABSENT(b, sizeof b);
  CHECK(sum(b, N) == 2.0 * N);
  acc_copyin_async(a, sizeof a, 2);
  acc_copyin_async(a, sizeof a, 2);
  acc_copyin_async(b, sizeof b, 2);
  acc_copyin_async(b, sizeof b, 2);
  acc_copyout_finalize_async(a, sizeof a, 2);
  acc_delete_finalize_async(b, sizeof b, 2);
  acc_wait(2);
  ABSENT(a, sizeof a);
  ABSENT(b, sizeof b);
  printf("async and finalize forms: ok\n");
}

static void updates(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  acc_copyin(a, sizeof a);
  scale(a, N, 3);
  acc_update_self(a, sizeof a);
  CHECK(a[N - 1] == 3.0 * (N - 1));
  for (int i = 0; i < N; i++)
    a[i] = 1;
  acc_update_device(a, sizeof a);
  scale(a, N, 5);
  acc_update_self(&a[10], 10 * sizeof(double)); /* a section */
  CHECK(a[10] == 5 && a[19] == 5);
  acc_update_self(a, sizeof a);
  CHECK(sum(a, N) == 5.0 * N);
  for (int i = 0; i < N; i++)
    a[i] = 2;
  acc_update_device_async(a, sizeof a, 3);
  acc_wait(3);
  scale(a, N, 2);
  acc_update_self_async(a, sizeof a, 3);
  acc_wait(3);
  CHECK(sum(a, N) == 4.0 * N);
  acc_delete(a, sizeof a);
  ABSENT(a, sizeof a);
  printf("acc_update_device/acc_update_self: ok\n");
}

static void queries(void) {
#ifdef ACCRT_OPENACC
  double x[4] = {1, 2, 3, 4};
  CHECK(acc_deviceptr(x) == NULL);
  CHECK(acc_hostptr(NULL) == NULL);
  CHECK(!acc_is_present(x, sizeof x));
  acc_copyin(x, sizeof x);
  CHECK(acc_is_present(x, sizeof x));
  CHECK(acc_is_present(&x[3], sizeof(double)));
  CHECK(!acc_is_present(&x[3], 2 * sizeof(double))); /* runs past the end */
  CHECK(acc_is_present(&x[4], 0)); /* zero bytes at the end of present data */
  CHECK(acc_deviceptr(&x[4]) == NULL);
  double *d = acc_deviceptr(x);
  CHECK(acc_hostptr(d + 3) == &x[3]);
  acc_delete(x, sizeof x);
  CHECK(acc_hostptr(d) == NULL);
  CHECK(!acc_is_present(x, 0));
#endif
  printf("acc_deviceptr/acc_hostptr/acc_is_present: ok\n");
}

int main(void) {
  copyin_copyout();
  create_delete();
  async_forms();
  updates();
  queries();
  return 0;
}
