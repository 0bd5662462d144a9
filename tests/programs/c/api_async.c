/* api_async.c: the async queue routines of OpenACC 3.3 (3.2.9 - 3.2.17): acc_async_test(_device),
 * acc_async_test_all(_device), acc_wait(_device), acc_wait_async, acc_wait_device_async,
 * acc_wait_all(_device), acc_wait_all_async, acc_wait_all_device_async, acc_wait_any(_device),
 * acc_get/set_default_async, and the 1.0 names acc_async_wait, acc_async_wait_all.
 *
 * Work on the queues is real on the multicore device (copies between distinct buffers from
 * acc_malloc, async compute regions); the checks are that one queue runs in order, that a
 * wait joins queues, and that every queue is idle after a wait. Routines libgomp lacks are
 * checked against libaccrt only (ACCRT_OPENACC); the output is the same everywhere. */
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

#define N (1 << 22) /* 4 Mi ints: 16 MiB per buffer, long enough to keep a queue busy */

static int *source, *result;

static void fill(int *p, int seed) {
  for (int i = 0; i < N; i++)
    p[i] = i * 7 + seed;
}

static int same(const int *a, const int *b) { return memcmp(a, b, N * sizeof(int)) == 0; }

/* Copies on one queue run in the order they were enqueued. */
static void one_queue_in_order(void) {
  size_t bytes = N * sizeof(int);
  int *d1 = acc_malloc(bytes);
  CHECK(d1 != NULL);
  fill(source, 1);
  memset(result, 0, bytes);
  acc_memcpy_to_device_async(d1, source, bytes, 1);
#ifdef ACCRT_OPENACC
  int *d2 = acc_malloc(bytes);
  CHECK(d2 != NULL);
  acc_memcpy_device_async(d2, d1, bytes, 1);
  acc_memcpy_from_device_async(result, d2, bytes, 1);
#else
  acc_memcpy_from_device_async(result, d1, bytes, 1);
#endif
  acc_wait(1);
  CHECK(acc_async_test(1));
  CHECK(same(source, result));
#ifdef ACCRT_OPENACC
  /* Again, with the device forms of the routines. */
  fill(source, 2);
  acc_memcpy_to_device_async(d1, source, bytes, 1);
  acc_memcpy_device_async(d2, d1, bytes, 1);
  acc_memcpy_from_device_async(result, d2, bytes, 1);
  acc_wait_device(1, 0);
  CHECK(acc_async_test_device(1, 0));
  CHECK(same(source, result));
  acc_free(d2);
#endif
  acc_free(d1);
  printf("one queue runs in order: ok\n");
}

/* acc_wait_async(q1, q2): later work on q2 waits for what q1 had. */
static void joined_queues(void) {
  size_t bytes = N * sizeof(int);
  int *d = acc_malloc(bytes);
  CHECK(d != NULL);
  fill(source, 3);
  memset(result, 0, bytes);
  acc_memcpy_to_device_async(d, source, bytes, 2);
  acc_wait_async(2, 3);
  acc_memcpy_from_device_async(result, d, bytes, 3);
  acc_wait(3);
  CHECK(same(source, result));
  acc_wait(2);
#ifdef ACCRT_OPENACC
  fill(source, 4);
  acc_memcpy_to_device_async(d, source, bytes, 4);
  acc_wait_device_async(4, 5, 0);
  acc_memcpy_from_device_async(result, d, bytes, 5);
  acc_wait(5);
  CHECK(same(source, result));
  /* acc_wait_all_async: a queue waits for every other queue. */
  fill(source, 5);
  acc_memcpy_to_device_async(d, source, bytes, 6);
  acc_wait_all_async(7);
  acc_memcpy_from_device_async(result, d, bytes, 7);
  acc_wait(7);
  CHECK(same(source, result));
  fill(source, 6);
  acc_memcpy_to_device_async(d, source, bytes, 8);
  acc_wait_all_device_async(9, 0);
  acc_memcpy_from_device_async(result, d, bytes, 9);
  acc_wait(9);
  CHECK(same(source, result));
#endif
  acc_free(d);
  printf("waits join queues: ok\n");
}

/* Async compute regions and updates on a queue, then the wait routines. */
static void regions_and_waits(void) {
  int *x = source;
  fill(x, 0);
#pragma acc enter data copyin(x[0:N])
#pragma acc parallel loop async(1) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] * 2;
#pragma acc parallel loop async(1) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] + 1;
#pragma acc update self(x[0:N]) async(1)
  acc_wait_all();
  CHECK(acc_async_test_all());
  CHECK(acc_async_test(1));
  for (int i = 0; i < N; i++)
    CHECK(x[i] == (i * 7) * 2 + 1);
#pragma acc parallel loop async(2) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] - 1;
#pragma acc update self(x[0:N]) async(2)
  acc_async_wait(2);
  CHECK(acc_async_test(2));
  CHECK(x[N - 1] == ((N - 1) * 7) * 2);
#pragma acc parallel loop async(3) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] / 2;
#pragma acc update self(x[0:N]) async(3)
  acc_async_wait_all();
  CHECK(acc_async_test_all());
  CHECK(x[N - 1] == (N - 1) * 7);
#ifdef ACCRT_OPENACC
#pragma acc parallel loop async(4) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] + 3;
#pragma acc update self(x[0:N]) async(4)
  acc_wait_all_device(0);
  CHECK(acc_async_test_all_device(0));
  CHECK(x[0] == 3);
  /* acc_wait_all_async with acc_async_sync blocks like acc_wait_all. */
#pragma acc parallel loop async(5) present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] - 3;
#pragma acc update self(x[0:N]) async(5)
  acc_wait_all_async(acc_async_sync);
  CHECK(x[0] == 0);
#endif
#pragma acc exit data delete(x[0:N])
  /* A queue nothing was ever enqueued on is idle; waiting for it returns at once. */
  CHECK(acc_async_test(77));
  acc_wait(77);
  acc_wait(acc_async_sync);
  CHECK(acc_async_test(acc_async_sync));
  printf("acc_wait/acc_async_test: ok\n");
}

/* acc_wait_any returns the index of an idle queue. */
static void wait_any(void) {
#ifdef ACCRT_OPENACC
  size_t bytes = N * sizeof(int);
  int *d = acc_malloc(bytes);
  CHECK(d != NULL);
  acc_memcpy_to_device_async(d, source, bytes, 11);
  int queues[3] = {acc_async_sync, 11, 12};
  int index = acc_wait_any(3, queues);
  CHECK(index == 1 || index == 2); /* 12 never had work: idle */
  acc_wait(11);
  queues[2] = acc_async_sync;
  CHECK(acc_wait_any(3, queues) == 1);
  CHECK(acc_wait_any_device(3, queues, 0) == 1);
  int none[2] = {acc_async_sync, acc_async_sync};
  CHECK(acc_wait_any(2, none) == -1); /* nothing to wait for */
  CHECK(acc_wait_any(0, queues) == -1);
  acc_free(d);
#endif
  printf("acc_wait_any: ok\n");
}

/* The default async queue: async without a value, and acc_async_noval, use it. */
static void default_async(void) {
#ifdef ACCRT_OPENACC
  CHECK(acc_get_default_async() == acc_async_noval);
  acc_set_default_async(13);
  CHECK(acc_get_default_async() == 13);
  int *x = source;
  fill(x, 0);
#pragma acc enter data copyin(x[0:N])
#pragma acc parallel loop async present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = -x[i];
#pragma acc update self(x[0:N]) async
  acc_wait(13); /* the default queue is queue 13 now */
  CHECK(x[N - 1] == -(N - 1) * 7);
  CHECK(acc_async_test(acc_async_noval));
  acc_set_default_async(acc_async_default); /* back to the initial value */
  CHECK(acc_get_default_async() == acc_async_noval);
#pragma acc exit data delete(x[0:N])
#endif
  printf("acc_get_default_async/acc_set_default_async: ok\n");
}

int main(void) {
  source = malloc(N * sizeof(int));
  result = malloc(N * sizeof(int));
  CHECK(source != NULL && result != NULL);
  one_queue_in_order();
  joined_queues();
  regions_and_waits();
  wait_any();
  default_async();
  free(source);
  free(result);
  return 0;
}
