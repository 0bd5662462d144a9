/* failures.c: the runtime's failure paths, one scenario per run (argv[1]), for the snapshot in
 * tests/runtime.sh (failures.<device>.expected). Each error must name what happened and the
 * directive's file and line (or the API routine) and exit with status 1; the actions that the
 * specification makes "no action" must run on silently. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100

static double a[N], b[2 * N];

/* Defeats constant folding: the scenarios' sizes and pointers come from the command line. */
static long number(int argc, char **argv) { return argc > 2 ? atol(argv[2]) : 0; }

/* Non-tail recursion, about 300 bytes of stack a level: n levels overflow any stack. */
#pragma acc routine seq
static long deep(long n) {
  volatile char frame[256];
  frame[n % 256] = (char)n;
  if (n <= 0)
    return frame[0];
  return deep(n - 1) + frame[(n * 7) % 256];
}

static long r[4];

/* A 16 MiB private array per iteration: more than a pool thread's stack (2 MiB). Its own
 * function: the host fallback's copy of the array is in this function's frame (tests/runtime.sh
 * gives the main thread a 64 MiB stack so that the host code itself fits). */
static __attribute__((noinline)) void big_private(long n) {
#pragma acc parallel loop copy(r)
  for (int i = 0; i < 4; i++) {
    double big[1 << 21];
    for (long j = 0; j < n; j++)
      big[j] = (double)(i + j);
    r[i] = (long)big[n - 1];
  }
}

int main(int argc, char **argv) {
  const char *s = argc > 1 ? argv[1] : "";
  long n = number(argc, argv);
  if (!strcmp(s, "present-absent")) {
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] = i;
  } else if (!strcmp(s, "present-partly")) {
#pragma acc enter data copyin(b[0:N])
#pragma acc parallel loop present(b[0:2*N])
    for (int i = 0; i < 2 * N; i++)
      b[i] = i;
  } else if (!strcmp(s, "data-present-partly")) {
#pragma acc enter data copyin(a[0:N/2])
#pragma acc data present(a[N/4:N/2])
    { a[0] = 1; }
  } else if (!strcmp(s, "copyin-partly")) {
#pragma acc enter data create(b[N:N])
#pragma acc data copyin(b[0:N+1])
    { b[0] = 1; }
  } else if (!strcmp(s, "update-absent")) {
#pragma acc update device(a[0:N])
  } else if (!strcmp(s, "update-self-partly")) {
#pragma acc enter data create(a[0:10])
#pragma acc update self(a[5:10])
  } else if (!strcmp(s, "negative-length")) {
    double *p = malloc(8 * sizeof *p);
#pragma acc enter data create(p[0:n])
    printf("survived\n");
    free(p);
  } else if (!strcmp(s, "kernel-fault")) {
    double *p = (double *)n; /* NULL: the kernel's stores fault */
    /* Every iteration stores to p[0], so whichever thread faults first, the address is 0. */
#pragma acc parallel loop deviceptr(p)
    for (int i = 0; i < N; i++)
      p[0] = i;
    printf("survived\n");
  } else if (!strcmp(s, "async-kernel-fault")) {
    double *p = (double *)n;
#pragma acc parallel loop deviceptr(p) async(1)
    for (int i = 0; i < N; i++)
      p[0] = i;
#pragma acc wait(1)
    printf("survived\n");
  } else if (!strcmp(s, "worker-fault")) {
    double *p = (double *)n;
    /* One gang whose worker loop splits over two threads (ACC_NUM_CORES=2): piece 0 spins
     * while piece 1 stores through NULL, so the fault usually happens on the team's other
     * thread, which must report it as the kernel's. */
#pragma acc parallel num_gangs(1) deviceptr(p) copy(r)
    {
#pragma acc loop worker
      for (int i = 0; i < 2; i++) {
        if (i == 0) {
          unsigned long x = 1;
          for (long j = 0; j < 200000000; j++)
            x = x * 6364136223846793005UL + (unsigned long)j;
          r[0] = (long)x;
        } else {
          p[0] = i;
        }
      }
    }
    printf("survived\n");
  } else if (!strcmp(s, "fallback-fault")) {
    /* A variable-length array: the region is not offloaded, its host code runs everywhere. */
    double *p = (double *)n;
#pragma acc serial deviceptr(p)
    {
      double v[n + 1];
      v[n] = 1;
      p[0] = v[n];
    }
    printf("survived\n");
  } else if (!strcmp(s, "recursion-overflow")) {
#pragma acc parallel loop copy(r)
    for (int i = 0; i < 4; i++)
      r[i] = deep(n + i);
    printf("survived %ld\n", r[0]);
  } else if (!strcmp(s, "private-overflow")) {
    big_private(n);
    printf("survived %ld\n", r[3]);
  } else if (!strcmp(s, "api-update-absent")) {
    acc_update_device(a, sizeof a);
  } else if (!strcmp(s, "api-free-not-malloced")) {
    acc_free(a);
  } else if (!strcmp(s, "api-free-twice")) {
    void *d = acc_malloc(64);
    acc_free(d);
    acc_free(d);
  } else if (!strcmp(s, "api-malloc-huge")) {
    /* acc_malloc reports failure by returning NULL (as malloc does, and libgomp). */
    void *d = acc_malloc((size_t)1 << 60);
    printf("acc_malloc: %s\n", d ? "not NULL" : "NULL");
  } else if (!strcmp(s, "api-copyout-absent")) {
    /* Copyout and delete on absent data are no action (OpenACC 3.3, 2.7: exit data actions). */
    acc_copyout(a, sizeof a);
    printf("survived\n");
  } else if (!strcmp(s, "api-delete-twice")) {
    acc_copyin(a, sizeof a);
    acc_delete(a, sizeof a);
    acc_delete(a, sizeof a);
    printf("present: %d\n", acc_is_present(a, sizeof a));
  } else if (!strcmp(s, "exit-data-absent")) {
#pragma acc exit data copyout(a[0:N]) delete(b[0:N])
    printf("survived\n");
  } else if (!strcmp(s, "api-async-invalid")) {
    acc_copyin_async(a, sizeof a, -5);
  } else if (!strcmp(s, "api-map-present")) {
    acc_copyin(a, sizeof a);
    void *d = acc_malloc(sizeof a);
    acc_map_data(a, d, sizeof a);
  } else if (!strcmp(s, "set-device-type-invalid")) {
    acc_set_device_type((acc_device_t)42);
  } else if (!strcmp(s, "set-device-num-high")) {
    /* The host's one device, whatever number an MPI code picks: a warning, device 0. */
    int rank = 3;
#pragma acc set device_num(rank % 4)
    printf("device %d\n", acc_get_device_num(acc_get_device_type()));
  } else {
#pragma acc parallel loop copy(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] = i;
    printf("ok %g\n", a[N - 1]);
  }
  return 0;
}
