/* profregister.c: a program with its own profiling tool, registered by calling
 * acc_register_library itself (OpenACC 3.3 §5.4.3), for tests/runtime.sh. Self-checking: prints
 * "profregister: ok" and exits 0, or prints what failed and exits 1.
 *
 * Checks: registration through the routines the runtime hands over, a callback that calls
 * acc_malloc/acc_free (its alloc/free events nest inside compute_construct_start), acc_toggle
 * for one callback, for one event (NULL) and for everything (acc_ev_none), acc_toggle_per_thread
 * against another thread, counted double registration, unregistering, the reverse order of
 * callbacks on *_end events, acc_prof_lookup of an unknown name, and an invalid event (a
 * warning, ignored).
 */
#include <acc_prof.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static int failures;
#define CHECK(cond)                                                                            \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      printf("profregister: line %d: check failed: %s\n", __LINE__, #cond);                    \
      failures++;                                                                              \
    }                                                                                          \
  } while (0)

static long counts[acc_ev_last];
static int nested_alloc;
static char order[16];
static int order_length;
static acc_prof_reg registered_with;

static void count(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  (void)info;
  (void)api;
  counts[prof->event_type]++;
}

/* compute_construct_start: allocate and free device memory inside the callback. */
static void allocate_inside(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  (void)prof;
  (void)info;
  (void)api;
  long before = counts[acc_ev_alloc];
  void *d = acc_malloc(16);
  acc_free(d);
  nested_alloc += counts[acc_ev_alloc] == before + 1;
}

static void first(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  (void)prof;
  (void)info;
  (void)api;
  if (order_length < 15)
    order[order_length++] = 'A';
}

static void second(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  (void)prof;
  (void)info;
  (void)api;
  if (order_length < 15)
    order[order_length++] = 'B';
}

/* The tool, linked into the program. */
void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
  (void)unreg;
  registered_with = reg;
  CHECK(lookup("acc_no_such_query") == NULL);
  reg(acc_ev_create, count, acc_reg);
  reg(acc_ev_delete, count, acc_reg);
  reg(acc_ev_alloc, count, acc_reg);
  reg(acc_ev_free, count, acc_reg);
  reg(acc_ev_compute_construct_start, count, acc_reg);
  reg(acc_ev_compute_construct_start, allocate_inside, acc_reg);
  reg(acc_ev_compute_construct_end, count, acc_reg);
  reg(acc_ev_enqueue_launch_start, count, acc_reg);
  reg(acc_ev_wait_start, first, acc_reg);
  reg(acc_ev_wait_start, second, acc_reg);
  reg(acc_ev_wait_end, first, acc_reg);
  reg(acc_ev_wait_end, second, acc_reg);
}

static void scale(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

static void *other_thread(void *arg) {
  double *a = arg;
  acc_create(a, N * sizeof(double));
  acc_delete(a, N * sizeof(double));
  return NULL;
}

int main(void) {
  double *a = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    a[i] = i;
  acc_register_library(acc_prof_register, acc_prof_unregister, acc_prof_lookup);
  CHECK(registered_with == acc_prof_register);
  CHECK(acc_prof_lookup("acc_get_device_type") == NULL);
  int launches = acc_get_device_type() == acc_device_host ? 0 : 1;

  /* A compute construct: create/delete of a, its start and end, one launch (not on the host),
   * and the nested acc_malloc/acc_free of the start callback. */
  scale(a, N);
  CHECK(a[N - 1] == 2 * (N - 1));
  CHECK(counts[acc_ev_create] == 1 && counts[acc_ev_delete] == 1);
  CHECK(counts[acc_ev_compute_construct_start] == 1 && counts[acc_ev_compute_construct_end] == 1);
  CHECK(counts[acc_ev_enqueue_launch_start] == launches);
  CHECK(nested_alloc == 1 && counts[acc_ev_alloc] == 1 && counts[acc_ev_free] == 1);

  /* Callbacks of *_end events run in reverse order of registration. */
#pragma acc wait
  order[order_length] = '\0';
  CHECK(order_length == 4 && order[0] == 'A' && order[1] == 'B' && order[2] == 'B' &&
        order[3] == 'A');

  /* acc_toggle of one callback: the compute construct still counts, the nested allocation
   * does not happen. */
  acc_prof_unregister(acc_ev_compute_construct_start, allocate_inside, acc_toggle);
  scale(a, N);
  CHECK(counts[acc_ev_compute_construct_start] == 2 && counts[acc_ev_alloc] == 1);
  acc_prof_register(acc_ev_compute_construct_start, allocate_inside, acc_toggle);
  scale(a, N);
  CHECK(counts[acc_ev_compute_construct_start] == 3 && counts[acc_ev_alloc] == 2);

  /* acc_toggle with NULL: every callback of one event. */
  acc_prof_unregister(acc_ev_create, NULL, acc_toggle);
  scale(a, N);
  CHECK(counts[acc_ev_create] == 3 && counts[acc_ev_delete] == 4);
  acc_prof_register(acc_ev_create, NULL, acc_toggle);

  /* acc_ev_none with NULL: everything. */
  acc_prof_unregister(acc_ev_none, NULL, acc_toggle);
  scale(a, N);
  CHECK(counts[acc_ev_create] == 3 && counts[acc_ev_compute_construct_start] == 4);
  acc_prof_register(acc_ev_none, NULL, acc_toggle);
  scale(a, N);
  CHECK(counts[acc_ev_create] == 4 && counts[acc_ev_compute_construct_start] == 5);

  /* acc_toggle_per_thread: this thread's events stop, another thread's do not. */
  acc_prof_unregister(acc_ev_none, NULL, acc_toggle_per_thread);
  scale(a, N);
  CHECK(counts[acc_ev_create] == 4);
  pthread_t thread;
  double *b = malloc(N * sizeof(double));
  CHECK(pthread_create(&thread, NULL, other_thread, b) == 0);
  pthread_join(thread, NULL);
  CHECK(counts[acc_ev_create] == 5 && counts[acc_ev_delete] == 6);
  acc_prof_register(acc_ev_none, NULL, acc_toggle_per_thread);

  /* A second registration is counted: the callback runs once per event and stays until it is
   * unregistered twice. */
  acc_prof_register(acc_ev_create, count, acc_reg);
  acc_create(b, N * sizeof(double));
  CHECK(counts[acc_ev_create] == 6);
  acc_delete(b, N * sizeof(double));
  acc_prof_unregister(acc_ev_create, count, acc_reg);
  acc_create(b, N * sizeof(double));
  CHECK(counts[acc_ev_create] == 7);
  acc_delete(b, N * sizeof(double));
  acc_prof_unregister(acc_ev_create, count, acc_reg);
  acc_create(b, N * sizeof(double));
  CHECK(counts[acc_ev_create] == 7);
  acc_delete(b, N * sizeof(double));

  /* Not an event: a warning on stderr, nothing registered. */
  acc_prof_register((acc_event_t)99, count, acc_reg);

  free(a);
  free(b);
  if (failures == 0)
    printf("profregister: ok\n");
  return failures == 0 ? 0 : 1;
}
