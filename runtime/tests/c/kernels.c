/* kernels.c: the private ABI as generated code uses it: enter/exit data around hand-written
 * host kernels, reductions with per-slot partials, async launches, waits, nested launches and
 * launches from many host threads. */
#include <accrt.h>
#include <openacc.h>
#include <pthread.h>
#include <string.h>

#include "check.h"

static const __accrt_loc here = {"kernels.c", "main", 1};

/* saxpy: args = { float a, float *x, float *y } by value. */
static void saxpy_kernel(void **args, int64_t begin, int64_t end, int thread) {
  (void)thread;
  float a = *(float *)args[0];
  float *x = *(float **)args[1];
  float *y = *(float **)args[2];
  for (int64_t i = begin; i < end; i++)
    y[i] = a * x[i] + y[i];
}
static const size_t saxpy_sizes[] = {sizeof(float), sizeof(float *), sizeof(float *)};
static const __accrt_kernel saxpy = {"saxpy", saxpy_kernel, NULL, 3, saxpy_sizes};

/* The arguments live in this frame only: the runtime must copy them for async launches. */
static void launch_saxpy(float a, float *x, float *y, int64_t n, int async) {
  void *args[] = {&a, &x, &y};
  __accrt_launch(&saxpy, args, n, 0, 0, 0, async, NULL, 0, &here);
}

static void atomic_max(int *target, int value) {
  int seen = __atomic_load_n(target, __ATOMIC_RELAXED);
  while (seen < value &&
         !__atomic_compare_exchange_n(target, &seen, value, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

/* sum: args = { double *x, double *partials, double *result, int *max_slot }. */
static void sum_kernel(void **args, int64_t begin, int64_t end, int thread) {
  double *x = *(double **)args[0];
  double *partials = *(double **)args[1];
  int *max_slot = *(int **)args[3];
  double s = 0;
  for (int64_t i = begin; i < end; i++)
    s += x[i];
  partials[thread] = s;
  atomic_max(max_slot, thread);
}
static void sum_finish(void **args, int nthreads) {
  double *partials = *(double **)args[1];
  double *result = *(double **)args[2];
  for (int t = 0; t < nthreads; t++)
    *result += partials[t];
}
static const size_t sum_sizes[] = {sizeof(void *), sizeof(void *), sizeof(void *), sizeof(void *)};
static const __accrt_kernel sum = {"sum", sum_kernel, sum_finish, 4, sum_sizes};

static double run_sum(double *x, int64_t n, int num_gangs) {
  double result = 0;
  int max_slot = -1;
  double *partials = calloc((size_t)__accrt_num_threads(), sizeof(double));
  void *args[] = {&x, &partials, &(double *){&result}, &(int *){&max_slot}};
  __accrt_launch(&sum, args, n, num_gangs, 0, 0, acc_async_sync, NULL, 0, &here);
  CHECK(max_slot < __accrt_num_threads());
  if (num_gangs > 0)
    CHECK(max_slot < num_gangs);
  free(partials);
  return result;
}

static void data_region_and_saxpy(void) {
  enum { N = 10000 };
  static float x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  __accrt_data in[] = {
      {x, sizeof x, "x[0:n]", ACCRT_COPYIN, ACCRT_STRUCTURED, NULL, 0, 0},
      {y, sizeof y, "y[0:n]", ACCRT_COPYIN, ACCRT_STRUCTURED, NULL, 0, 0},
  };
  __accrt_enter(in, 2, acc_async_sync, NULL, 0, &here);
  CHECK(in[0].device == (void *)x && in[1].device == (void *)y);
  CHECK(acc_is_present(x, sizeof x) && acc_is_present(y, sizeof y));
  if (__accrt_use_kernels(ACCRT_PARALLEL, &here)) {
    CHECK(acc_get_device_type() == acc_device_multicore);
    launch_saxpy(2.0f, in[0].device, in[1].device, N, acc_async_sync);
  } else {
    CHECK(acc_get_device_type() == acc_device_host);
    for (int i = 0; i < N; i++) /* the host fallback */
      y[i] = 2.0f * x[i] + y[i];
  }
  __accrt_data update[] = {{y, sizeof y, "y[0:n]", ACCRT_UPDATE_HOST, 0, NULL, 0, 0}};
  __accrt_update(update, 1, acc_async_sync, NULL, 0, &here);
  __accrt_data out[] = {
      {x, sizeof x, "x[0:n]", ACCRT_DELETE, ACCRT_STRUCTURED, NULL, 0, 0},
      {y, sizeof y, "y[0:n]", ACCRT_COPYOUT, ACCRT_STRUCTURED, NULL, 0, 0},
  };
  __accrt_exit(out, 2, acc_async_sync, NULL, 0, &here);
  CHECK(!acc_is_present(x, sizeof x) && !acc_is_present(y, sizeof y));
  for (int i = 0; i < N; i++)
    CHECK(y[i] == 2.0f * (float)i + 1.0f);
}

static void reductions(void) {
  enum { N = 100000 };
  static double x[N];
  for (int i = 0; i < N; i++)
    x[i] = 1.0;
  CHECK(run_sum(x, N, 0) == N);
  CHECK(run_sum(x, N, 3) == N);
  CHECK(run_sum(x, 7, 0) == 7);
  CHECK(run_sum(x, 0, 0) == 0);
}

static void async_queues(void) {
  enum { N = 1 << 16 };
  static float x[N], y1[N], y2[N];
  for (int i = 0; i < N; i++) {
    x[i] = 1.0f;
    y1[i] = y2[i] = 0.0f;
  }
  __accrt_data in[] = {
      {x, sizeof x, "x", ACCRT_COPYIN, 0, NULL, 0, 0},
      {y1, sizeof y1, "y1", ACCRT_CREATE, 0, NULL, 0, 0},
      {y2, sizeof y2, "y2", ACCRT_CREATE, 0, NULL, 0, 0},
  };
  __accrt_enter(in, 3, 1, NULL, 0, &here); /* enter data ... async(1) */
  int one = 1;
  for (int round = 0; round < 10; round++) {
    launch_saxpy(1.0f, x, y1, N, 1);
    launch_saxpy(2.0f, x, y2, N, 2);
  }
  __accrt_launch(&saxpy, (void *[]){&(float){1.0f}, &(float *){x}, &(float *){y2}}, N, 0, 0, 0,
                 2, &one, 1, &here); /* wait(1) async(2) */
  int queues[] = {1, 2};
  __accrt_wait(queues, 2, acc_async_sync, &here);
  CHECK(acc_async_test(1) && acc_async_test(2));
  for (int i = 0; i < N; i++)
    CHECK(y1[i] == 10.0f && y2[i] == 21.0f);
  __accrt_data out[] = {
      {x, sizeof x, "x", ACCRT_DELETE, 0, NULL, 0, 0},
      {y1, sizeof y1, "y1", ACCRT_COPYOUT, 0, NULL, 0, 0},
      {y2, sizeof y2, "y2", ACCRT_COPYOUT, ACCRT_FINALIZE, NULL, 0, 0},
  };
  __accrt_exit(out, 3, 3, queues, 2, &here); /* exit data ... wait(1,2) async(3) */
  __accrt_wait(NULL, -1, acc_async_sync, &here);
  CHECK(!acc_is_present(y2, sizeof y2));
}

/* nested: args = { long *counts }; each outer iteration launches an inner kernel. */
static void count_kernel(void **args, int64_t begin, int64_t end, int thread) {
  long *count = *(long **)args[0];
  CHECK(thread == 0); /* a nested launch runs serially as one chunk */
  *count += (long)(end - begin);
}
static const size_t one_pointer[] = {sizeof(void *)};
static const __accrt_kernel count = {"count", count_kernel, NULL, 1, one_pointer};

static void outer_kernel(void **args, int64_t begin, int64_t end, int thread) {
  (void)thread;
  long *counts = *(long **)args[0];
  for (int64_t i = begin; i < end; i++) {
    long *mine = &counts[i];
    void *inner_args[] = {&mine};
    __accrt_launch(&count, inner_args, 1000, 0, 0, 0, acc_async_sync, NULL, 0, &here);
  }
  if (acc_get_device_type() == acc_device_multicore)
    CHECK(acc_on_device(acc_device_not_host) && acc_on_device(acc_device_multicore) &&
          !acc_on_device(acc_device_host));
}
static const __accrt_kernel outer = {"outer", outer_kernel, NULL, 1, one_pointer};

static void nested_launch(void) {
  long counts[16] = {0};
  long *pointer = counts;
  void *args[] = {&pointer};
  __accrt_launch(&outer, args, 16, 0, 0, 0, acc_async_sync, NULL, 0, &here);
  for (int i = 0; i < 16; i++)
    CHECK(counts[i] == 1000);
  CHECK(acc_on_device(acc_device_host));
}

static void *launcher(void *arg) {
  long id = (long)arg;
  enum { N = 5000 };
  double *x = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    x[i] = (double)id;
  for (int round = 0; round < 30; round++) {
    __accrt_data op = {x, N * sizeof(double), "x", ACCRT_COPYIN, ACCRT_STRUCTURED, NULL, 0, 0};
    __accrt_enter(&op, 1, acc_async_sync, NULL, 0, &here);
    CHECK(run_sum(x, N, 0) == (double)id * N);
    op.action = ACCRT_DELETE;
    __accrt_exit(&op, 1, acc_async_sync, NULL, 0, &here);
  }
  free(x);
  return NULL;
}

static void concurrent_launches(void) {
  pthread_t threads[8];
  for (long t = 0; t < 8; t++)
    CHECK(pthread_create(&threads[t], NULL, launcher, (void *)t) == 0);
  for (int t = 0; t < 8; t++)
    pthread_join(threads[t], NULL);
}

int main(void) {
  __accrt_init(-1, -1, &here);
  data_region_and_saxpy();
  reductions();
  async_queues();
  nested_launch();
  concurrent_launches();
  __accrt_set(-1, -1, 4, &here);
  CHECK(acc_get_default_async() == 4);
  __accrt_shutdown(-1, -1, &here);
  printf("ok %d\n", __accrt_num_threads());
  return 0;
}
