/* api_memory.c: device memory and copies in OpenACC 3.3 (3.2.19 - 3.2.20, 3.2.26 - 3.2.27,
 * 3.2.31 - 3.2.33, 3.2.36): acc_malloc, acc_free, acc_map_data, acc_unmap_data,
 * acc_memcpy_to_device, acc_memcpy_from_device, acc_memcpy_device, acc_memcpy_d2d and their
 * _async forms.
 *
 * acc_malloc memory is distinct from host memory even on shared-memory devices, so every copy
 * here moves real bytes. libgomp's host device cannot map host data to other memory and lacks
 * acc_memcpy_device and acc_memcpy_d2d: those parts are checked against libaccrt only
 * (ACCRT_OPENACC). The output is the same everywhere. */
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

#define N 4096

static long host[N], back[N];

static void fill(long *p, long seed) {
  for (int i = 0; i < N; i++)
    p[i] = seed * 1000003 + i;
}

static void malloc_free(void) {
  long *d = acc_malloc(sizeof host);
  CHECK(d != NULL);
  long *e = acc_malloc(sizeof host);
  CHECK(e != NULL && e != d);
  acc_free(d);
  acc_free(e);
  acc_free(NULL); /* no action */
#ifdef ACCRT_OPENACC
  CHECK(acc_malloc(0) == NULL);
#endif
  printf("acc_malloc/acc_free: ok\n");
}

static void memcpy_host_device(void) {
  long *d = acc_malloc(sizeof host);
  CHECK(d != NULL);
  fill(host, 1);
  acc_memcpy_to_device(d, host, sizeof host);
  memset(back, 0, sizeof back);
  acc_memcpy_from_device(back, d, sizeof back);
  CHECK(memcmp(host, back, sizeof host) == 0);
  /* Parts: the second half only. */
  fill(host, 2);
  acc_memcpy_to_device(d + N / 2, host + N / 2, sizeof host / 2);
  acc_memcpy_from_device(back, d, sizeof back);
  CHECK(back[0] == 1000003 && back[N / 2] == 2 * 1000003 + N / 2);
  fill(host, 3);
  acc_memcpy_to_device_async(d, host, sizeof host, 1);
  acc_memcpy_from_device_async(back, d, sizeof back, 1);
  acc_wait(1);
  CHECK(memcmp(host, back, sizeof host) == 0);
  acc_memcpy_to_device(d, host, 0); /* zero bytes: no action */
  acc_free(d);
  printf("acc_memcpy_to_device/acc_memcpy_from_device: ok\n");
}

static void memcpy_device(void) {
#ifdef ACCRT_OPENACC
  long *d = acc_malloc(sizeof host), *e = acc_malloc(sizeof host);
  CHECK(d != NULL && e != NULL);
  fill(host, 4);
  acc_memcpy_to_device(d, host, sizeof host);
  acc_memcpy_device(e, d, sizeof host);
  memset(back, 0, sizeof back);
  acc_memcpy_from_device(back, e, sizeof back);
  CHECK(memcmp(host, back, sizeof host) == 0);
  fill(host, 5);
  acc_memcpy_to_device_async(d, host, sizeof host, 2);
  acc_memcpy_device_async(e, d, sizeof host, 2);
  acc_memcpy_from_device_async(back, e, sizeof back, 2);
  acc_wait(2);
  CHECK(memcmp(host, back, sizeof host) == 0);
  acc_free(d);
  acc_free(e);
#endif
  printf("acc_memcpy_device: ok\n");
}

static void map_unmap(void) {
#ifdef ACCRT_OPENACC
  long *d = acc_malloc(sizeof host);
  CHECK(d != NULL);
  fill(host, 6);
  acc_map_data(host, d, sizeof host);
  CHECK(acc_is_present(host, sizeof host));
  CHECK(acc_deviceptr(host) == d);
  CHECK(acc_deviceptr(&host[5]) == d + 5);
  CHECK(acc_hostptr(d + 7) == &host[7]);
  /* Mapped memory is the device copy: copies go to d, not to host. */
  acc_update_device(host, sizeof host);
  memset(back, 0, sizeof back);
  acc_memcpy_from_device(back, d, sizeof back);
  CHECK(memcmp(host, back, sizeof host) == 0);
  acc_copyin(host, sizeof host); /* present: counter 2 */
  acc_delete(host, sizeof host); /* back to 1: still mapped */
  CHECK(acc_is_present(host, sizeof host));
  acc_unmap_data(host);
  CHECK(!acc_is_present(host, sizeof host));
  CHECK(acc_deviceptr(host) == NULL);
  memset(back, 0, sizeof back);
  acc_memcpy_from_device(back, d, sizeof back); /* d is still the caller's memory */
  CHECK(back[3] == 6 * 1000003 + 3);
  acc_free(d);
#endif
  printf("acc_map_data/acc_unmap_data: ok\n");
}

static void memcpy_d2d(void) {
#ifdef ACCRT_OPENACC
  static long x[N], y[N];
  int dev = acc_get_device_num(acc_get_device_type());
  fill(x, 7);
  memset(y, 0, sizeof y);
  acc_copyin(x, sizeof x);
  acc_create(y, sizeof y);
  acc_memcpy_d2d(y, x, sizeof x, dev, dev);
  acc_copyout(y, sizeof y);
  CHECK(memcmp(x, y, sizeof x) == 0);
  fill(x, 8);
  acc_update_device(x, sizeof x);
  acc_create(y, sizeof y);
  acc_memcpy_d2d_async(y + 10, x + 10, 20 * sizeof(long), dev, dev, 3);
  acc_wait(3);
  acc_copyout(y, sizeof y);
  CHECK(y[10] == 8 * 1000003 + 10 && y[29] == 8 * 1000003 + 29);
  acc_delete(x, sizeof x);
#endif
  printf("acc_memcpy_d2d: ok\n");
}

int main(void) {
  malloc_free();
  memcpy_host_device();
  memcpy_device();
  map_unmap();
  memcpy_d2d();
  return 0;
}
