/* api_attach.c: pointer attachment in OpenACC 3.3 (3.2.34 - 3.2.35): acc_attach,
 * acc_attach_async, acc_detach, acc_detach_async, acc_detach_finalize,
 * acc_detach_finalize_async, with a struct whose member points to an array.
 *
 * The device copy of the struct must point to the device copy of the array while attached;
 * a compute region reads the array through the struct to show it. libaccrt's attachment
 * counters are checked through the data staying usable (ACCRT_OPENACC only where libgomp's
 * host device behaves differently); the output is the same everywhere. */
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

#define N 512

typedef struct {
  int n;
  double *data;
} vector;

static double total(vector *v) {
  double s = 0;
#pragma acc parallel loop present(v[0:1]) reduction(+ : s)
  for (int i = 0; i < v->n; i++)
    s += v->data[i];
  return s;
}

int main(void) {
  vector v;
  v.n = N;
  v.data = malloc(N * sizeof(double));
  CHECK(v.data != NULL);
  for (int i = 0; i < N; i++)
    v.data[i] = i;
  double expected = (double)N * (N - 1) / 2;

  acc_copyin(&v, sizeof v);
  acc_copyin(v.data, N * sizeof(double));
  acc_attach((void **)&v.data);
  CHECK(total(&v) == expected);
  acc_attach((void **)&v.data); /* attachment counter 2 */
  acc_detach((void **)&v.data); /* 1: still attached */
  CHECK(total(&v) == expected);
  acc_detach((void **)&v.data);
  CHECK(v.data != NULL); /* the host pointer is never changed */
  printf("acc_attach/acc_detach: ok\n");

  acc_attach_async((void **)&v.data, 1);
  acc_wait(1);
  CHECK(total(&v) == expected);
  acc_detach_async((void **)&v.data, 1);
  acc_wait(1);
  printf("acc_attach_async/acc_detach_async: ok\n");

  acc_attach((void **)&v.data);
  acc_attach((void **)&v.data);
  acc_attach((void **)&v.data);
  acc_detach_finalize((void **)&v.data); /* counter to 0 at once */
  acc_attach((void **)&v.data);
  acc_attach_async((void **)&v.data, 2);
  acc_detach_finalize_async((void **)&v.data, 2);
  acc_wait(2);
  printf("acc_detach_finalize: ok\n");

  acc_delete(v.data, N * sizeof(double));
  acc_delete(&v, sizeof v);
#ifdef ACCRT_OPENACC
  CHECK(!acc_is_present(&v, sizeof v));
  CHECK(!acc_is_present(v.data, N * sizeof(double)));
  /* Attaching a pointer whose location is not present does nothing; nor does a null one. */
  acc_attach((void **)&v.data);
  acc_detach((void **)&v.data);
  acc_attach(NULL);
#endif
  free(v.data);
  return 0;
}
