/* api.c: the OpenACC API routines over the present table (run with ACC_DEVICE_TYPE set). */
#include <openacc.h>
#include <string.h>

#include "check.h"

static acc_device_t expected_device(void) {
  const char *env = getenv("ACC_DEVICE_TYPE");
  if (env && strcmp(env, "host") == 0)
    return acc_device_host;
  return acc_device_multicore; /* multicore, unset, or an unavailable GPU */
}

static void devices(acc_device_t type) {
  CHECK(acc_get_device_type() == type);
  CHECK(acc_get_num_devices(acc_device_host) == 1);
  CHECK(acc_get_num_devices(acc_device_multicore) == 1);
  CHECK(acc_get_num_devices(acc_device_nvidia) == 0);
  CHECK(acc_get_num_devices(acc_device_radeon) == 0);
  CHECK(acc_on_device(acc_device_host));
  CHECK(!acc_on_device(acc_device_not_host));
  CHECK(!acc_on_device(acc_device_multicore));
  CHECK(acc_get_property(0, type, acc_property_memory) > 0);
  CHECK(acc_get_property(0, type, acc_property_free_memory) > 0);
  CHECK(acc_get_property(0, type, acc_property_shared_memory_support) == 1);
  const char *name = acc_get_property_string(0, type, acc_property_name);
  CHECK(name != NULL && name[0] != '\0');
  CHECK(name == acc_get_property_string(0, type, acc_property_name));
  CHECK(acc_get_property_string(0, type, acc_property_driver) != NULL);
  CHECK(acc_get_property_string(0, acc_device_nvidia, acc_property_name) == NULL);
  CHECK(acc_get_property(1, type, acc_property_memory) == 0);
  acc_init(type);
  acc_init_device(0, type);
  acc_set_device_num(0, type);
  CHECK(acc_get_device_num(type) == 0);
  acc_set_device_type(acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  acc_set_device_type(acc_device_multicore);
  CHECK(acc_get_device_type() == acc_device_multicore);
  acc_set_device_type(type);
}

static void counters(void) {
  double a[100];
  CHECK(!acc_is_present(a, sizeof a));
  CHECK(acc_copyin(a, sizeof a) == (void *)a); /* shared memory: the host address */
  CHECK(acc_is_present(a, sizeof a));
  CHECK(acc_copyin(a, sizeof a) == (void *)a);
  acc_copyout(a, sizeof a);
  CHECK(acc_is_present(a, sizeof a)); /* the dynamic counter was 2 */
  acc_copyout(a, sizeof a);
  CHECK(!acc_is_present(a, sizeof a));
  acc_copyout(a, sizeof a); /* absent: no action */
  acc_delete(a, sizeof a);

  for (int i = 0; i < 3; i++)
    acc_create(a, sizeof a);
  acc_pcopyin(a, sizeof a);
  acc_present_or_copyin(a, sizeof a);
  acc_pcreate(a, sizeof a);
  acc_present_or_create(a, sizeof a);
  acc_delete(a, sizeof a);
  CHECK(acc_is_present(a, sizeof a));
  acc_delete_finalize(a, sizeof a);
  CHECK(!acc_is_present(a, sizeof a));
  acc_copyin(a, sizeof a);
  acc_copyin(a, sizeof a);
  acc_copyout_finalize(a, sizeof a);
  CHECK(!acc_is_present(a, sizeof a));

  /* Sections, zero-length sections and queries. */
  acc_copyin(a + 10, 50 * sizeof(double));
  CHECK(acc_is_present(a + 20, 10 * sizeof(double)));
  CHECK(!acc_is_present(a, 20 * sizeof(double))); /* partly present is not present */
  CHECK(acc_is_present(a + 60, 0));               /* at the end of the entry */
  CHECK(!acc_is_present(a + 61, 0));
  CHECK(acc_deviceptr(a + 15) == (void *)(a + 15));
  CHECK(acc_deviceptr(a + 5) == NULL);
  CHECK(acc_hostptr(a + 15) == (void *)(a + 15));
  acc_update_device(a + 10, 8 * sizeof(double));
  acc_update_self(a + 20, sizeof(double));
  acc_update_self_async(a + 20, sizeof(double), 1);
  acc_update_device_async(a + 20, sizeof(double), 1);
  acc_wait(1);
  acc_delete(a + 10, 50 * sizeof(double));
  CHECK(!acc_is_present(a + 10, 8));
}

static void device_memory(void) {
  double host[8], back[8];
  for (int i = 0; i < 8; i++)
    host[i] = i + 1;
  double *device = acc_malloc(sizeof host);
  CHECK(device != NULL);
  acc_map_data(host, device, sizeof host);
  CHECK(acc_is_present(host, sizeof host));
  CHECK(acc_deviceptr(host + 2) == (void *)(device + 2));
  CHECK(acc_hostptr(device + 2) == (void *)(host + 2));
  acc_update_device(host, sizeof host); /* copies into the mapped buffer */
  CHECK(device[3] == 4.0);              /* (shared memory: the CPU can read it) */
  acc_copyin(host, sizeof host);        /* present: counts only */
  acc_delete(host, sizeof host);
  acc_unmap_data(host);
  CHECK(!acc_is_present(host, sizeof host));

  double *other = acc_malloc(sizeof host);
  acc_memcpy_to_device(device, host, sizeof host);
  acc_memcpy_device(other, device, sizeof host);
  memset(back, 0, sizeof back);
  acc_memcpy_from_device(back, other, sizeof back);
  CHECK(memcmp(back, host, sizeof back) == 0);
  memset(back, 0, sizeof back);
  acc_memcpy_to_device_async(device, host, sizeof host, 2);
  acc_memcpy_device_async(other, device, sizeof host, 2);
  acc_memcpy_from_device_async(back, other, sizeof back, 2);
  acc_wait(2);
  CHECK(memcmp(back, host, sizeof back) == 0);
  acc_free(device);
  acc_free(other);
  acc_free(NULL);
  CHECK(acc_malloc(0) == NULL);

  /* acc_memcpy_d2d copies between the device copies of present host data. */
  double p[4] = {1, 2, 3, 4}, q[4] = {0};
  acc_copyin(p, sizeof p);
  acc_create(q, sizeof q);
  acc_memcpy_d2d(q, p, sizeof p, 0, 0);
  acc_memcpy_d2d_async(q, p, sizeof p, 0, 0, 3);
  acc_wait(3);
  CHECK(q[3] == 4.0);
  acc_delete(p, sizeof p);
  acc_delete(q, sizeof q);
}

static void attachment(void) {
  double target[16];
  struct {
    double *p;
    int n;
  } s = {target, 16};
  acc_copyin(&s, sizeof s);
  acc_copyin(target, sizeof target);
  acc_attach((void **)&s.p);
  acc_attach_async((void **)&s.p, 4);
  acc_wait(4);
  acc_detach((void **)&s.p);
  acc_detach_async((void **)&s.p, 4);
  acc_attach((void **)&s.p);
  acc_attach((void **)&s.p);
  acc_detach_finalize((void **)&s.p);
  acc_attach((void **)&s.p);
  acc_detach_finalize_async((void **)&s.p, 4);
  acc_wait_all();
  CHECK(s.p == target); /* shared memory: the pointer never changes */
  acc_delete(&s, sizeof s);
  acc_delete(target, sizeof target);
  acc_attach(NULL);
}

static void queues(void) {
  double a[64], b[64];
  CHECK(acc_get_default_async() == acc_async_noval);
  acc_copyin_async(a, sizeof a, 1);
  CHECK(acc_is_present(a, sizeof a)); /* the table changes at once */
  acc_wait(1);
  CHECK(acc_async_test(1));
  CHECK(acc_async_test(42)); /* never used: idle */
  acc_create_async(b, sizeof b, 2);
  acc_wait_async(2, 1);
  acc_wait_all_async(3);
  acc_wait_all();
  CHECK(acc_async_test_all());
  int both[2] = {1, 2};
  int found = acc_wait_any(2, both);
  CHECK(found == 0 || found == 1);
  int sync_only[1] = {acc_async_sync};
  CHECK(acc_wait_any(1, sync_only) == -1);
  CHECK(acc_wait_any_device(2, both, 0) >= 0);

  acc_set_default_async(5);
  CHECK(acc_get_default_async() == 5);
  acc_copyout_async(a, sizeof a, acc_async_noval); /* goes to queue 5 */
  acc_delete_async(b, sizeof b, acc_async_default);
  acc_wait(5);
  acc_set_default_async(acc_async_default);
  CHECK(acc_get_default_async() == acc_async_noval);
  CHECK(!acc_is_present(a, sizeof a) && !acc_is_present(b, sizeof b));

  acc_copyin(a, sizeof a);
  acc_copyout_finalize_async(a, sizeof a, 6);
  acc_create(b, sizeof b);
  acc_delete_finalize_async(b, sizeof b, 6);
  acc_async_wait(6);
  acc_async_wait_all();
  acc_wait_device(6, 0);
  acc_wait_device_async(6, 7, 0);
  acc_wait_all_device_async(7, 0);
  acc_wait_all_device(0);
  CHECK(acc_async_test_device(7, 0));
  CHECK(acc_async_test_all_device(0));
}

static void shutdown_releases_data(acc_device_t type) {
  double a[8];
  acc_copyin(a, sizeof a);
  acc_shutdown(type);
  CHECK(!acc_is_present(a, sizeof a));
  acc_init(type);
  acc_shutdown_device(0, type);
}

int main(void) {
  acc_device_t type = expected_device();
  devices(type);
  counters();
  device_memory();
  attachment();
  queues();
  shutdown_releases_data(type);
  printf("ok\n");
  return 0;
}
