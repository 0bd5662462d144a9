/* api_devices.c: the device management routines of OpenACC 3.3 (3.2.1 - 3.2.8, 3.2.18):
 * acc_get_num_devices, acc_set/get_device_type, acc_set/get_device_num, acc_get_property,
 * acc_get_property_string, acc_init(_device), acc_shutdown(_device), acc_on_device.
 *
 * Self-checking: a wrong answer prints "FAIL" on stderr and exits 1. What every implementation
 * answers alike is checked everywhere; the answers that depend on the implementation's devices
 * (libgomp's host-only build has no multicore device) are checked against libaccrt only
 * (ACCRT_OPENACC), and never printed. */
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

#ifdef ACCRT_OPENACC
/* The device type ACC_DEVICE_TYPE selects. Without it libaccrt picks an NVIDIA GPU when one
 * can run this program's image, else an AMD GPU that can, else multicore: whichever it picked
 * must be one of those, and a GPU type only when it has a device. The answers below hold for
 * every device type (tests/run.sh runs this under host, multicore and, with a GPU or the mock
 * CUDA driver or HIP runtime, nvidia or radeon). */
static acc_device_t initial_type(void) {
  static acc_device_t initial = acc_device_none;
  if (initial != acc_device_none)
    return initial;
  const char *env = getenv("ACC_DEVICE_TYPE");
  if (env && strcmp(env, "host") == 0)
    initial = acc_device_host;
  else if (env && strcmp(env, "multicore") == 0)
    initial = acc_device_multicore;
  else if (env && strcmp(env, "nvidia") == 0)
    initial = acc_device_nvidia;
  else if (env && strcmp(env, "radeon") == 0)
    initial = acc_device_radeon;
  else {
    initial = acc_get_device_type();
    CHECK(initial == acc_device_multicore ||
          (initial == acc_device_nvidia && acc_get_num_devices(acc_device_nvidia) > 0) ||
          (initial == acc_device_radeon && acc_get_num_devices(acc_device_radeon) > 0));
  }
  return initial;
}

/* The GPU type the checks are about: the selected one, else nvidia. */
static acc_device_t gpu_type(void) {
  return initial_type() == acc_device_radeon ? acc_device_radeon : acc_device_nvidia;
}

/* How many devices of that GPU type libaccrt counts: at least one when they are selected. */
static int gpu_devices(void) {
  int n = acc_get_num_devices(gpu_type());
  CHECK(n >= 0);
  CHECK(initial_type() != gpu_type() || n >= 1);
  return n;
}
#endif

static void num_devices(void) {
  CHECK(acc_get_num_devices(acc_device_host) == 1);
  CHECK(acc_get_num_devices(acc_device_none) == 0);
#ifdef ACCRT_OPENACC
  int gpus = gpu_devices();
  int gpu_selected = initial_type() == gpu_type();
  CHECK(acc_get_num_devices(acc_device_multicore) == 1);
  /* not_host: the GPU devices when they are selected, else the multicore device. */
  CHECK(acc_get_num_devices(acc_device_not_host) == (gpu_selected ? gpus : 1));
  CHECK(acc_get_num_devices(acc_device_default) == (gpu_selected ? gpus : 1));
  CHECK(acc_get_num_devices(acc_device_radeon) >= 0);
#endif
  printf("acc_get_num_devices: ok\n");
}

static void device_type(void) {
#ifdef ACCRT_OPENACC
  acc_device_t initial = initial_type();
  CHECK(acc_get_device_type() == initial);
  acc_set_device_type(acc_device_multicore);
  CHECK(acc_get_device_type() == acc_device_multicore);
  acc_set_device_type(acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  acc_set_device_type(acc_device_not_host); /* any non-host device: the selected GPU, else multicore */
  CHECK(acc_get_device_type() == (initial == gpu_type() ? gpu_type() : acc_device_multicore));
  acc_set_device_type(acc_device_default); /* back to ACC_DEVICE_TYPE's choice */
  CHECK(acc_get_device_type() == initial);
#endif
  acc_set_device_type(acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  printf("acc_set_device_type/acc_get_device_type: ok\n");
}

static void device_num(void) {
  acc_set_device_type(acc_device_host);
  acc_set_device_num(0, acc_device_host);
  CHECK(acc_get_device_num(acc_device_host) == 0);
  CHECK(acc_get_device_type() == acc_device_host);
#ifdef ACCRT_OPENACC
  acc_set_device_num(0, acc_device_multicore);
  CHECK(acc_get_device_type() == acc_device_multicore);
  CHECK(acc_get_device_num(acc_device_multicore) == 0);
  acc_set_device_num(-1, acc_device_multicore); /* negative: the default device, 0 */
  CHECK(acc_get_device_num(acc_device_multicore) == 0);
  acc_set_device_num(0, acc_device_none); /* none: the current device type */
  CHECK(acc_get_device_type() == acc_device_multicore);
  if (gpu_devices() == 0)
    CHECK(acc_get_device_num(gpu_type()) == -1); /* no such device */
  else
    CHECK(acc_get_device_num(gpu_type()) >= 0);
  acc_set_device_type(initial_type());
#endif
  printf("acc_set_device_num/acc_get_device_num: ok\n");
}

static void properties(void) {
#ifdef ACCRT_OPENACC
  acc_device_t types[] = {acc_device_host, acc_device_multicore};
  for (int t = 0; t < 2; t++) {
    acc_device_t type = types[t];
    size_t memory = acc_get_property(0, type, acc_property_memory);
    size_t free_memory = acc_get_property(0, type, acc_property_free_memory);
    CHECK(memory > 0);
    CHECK(free_memory > 0 && free_memory <= memory);
    /* The data checker (ACCC_CHECK=data) gives the multicore device memory of its own. */
    int discrete = type == acc_device_multicore && getenv("ACCC_CHECK") != NULL;
    CHECK(acc_get_property(0, type, acc_property_shared_memory_support) == !discrete);
    CHECK(acc_get_property(0, type, acc_property_name) == 0); /* a string property */
    const char *name = acc_get_property_string(0, type, acc_property_name);
    const char *vendor = acc_get_property_string(0, type, acc_property_vendor);
    const char *driver = acc_get_property_string(0, type, acc_property_driver);
    CHECK(name != NULL && name[0] != '\0');
    CHECK(vendor != NULL && vendor[0] != '\0');
    CHECK(driver != NULL && strncmp(driver, "accrt ", 6) == 0);
    CHECK(strstr(name, type == acc_device_host ? "host" : "multicore") == name);
    /* The same string each time: the runtime keeps it. */
    CHECK(acc_get_property_string(0, type, acc_property_name) == name);
    CHECK(acc_get_property_string(0, type, acc_property_memory) == NULL); /* numeric */
    CHECK(acc_get_property(1, type, acc_property_memory) == 0);          /* no device 1 */
    CHECK(acc_get_property_string(1, type, acc_property_name) == NULL);
  }
  CHECK((acc_get_property(0, gpu_type(), acc_property_memory) > 0) == (gpu_devices() > 0));
  CHECK((acc_get_property_string(0, acc_device_radeon, acc_property_vendor) != NULL) ==
        (acc_get_num_devices(acc_device_radeon) > 0));
#else
  CHECK(acc_get_property_string(0, acc_device_host, acc_property_name) != NULL);
#endif
  printf("acc_get_property/acc_get_property_string: ok\n");
}

static void init_shutdown(void) {
  static double a[256];
#ifdef ACCRT_OPENACC
  acc_init(acc_device_host); /* initialising an active device again is no error here */
  acc_init(acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  acc_init(acc_device_multicore); /* acc_init also makes the type current */
  CHECK(acc_get_device_type() == acc_device_multicore);
  acc_init_device(0, acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  /* Shutting a device down releases its present data. */
  acc_copyin(a, sizeof a);
  acc_copyin(a, sizeof a);
  CHECK(acc_is_present(a, sizeof a));
  acc_shutdown(acc_device_host);
  CHECK(!acc_is_present(a, sizeof a));
  acc_init(acc_device_host);
  acc_create(a, sizeof a);
  CHECK(acc_is_present(a, sizeof a));
  acc_shutdown_device(0, acc_device_host);
  CHECK(!acc_is_present(a, sizeof a));
  /* Each device has its own table: data on multicore is not present on the host device. */
  acc_set_device_type(acc_device_multicore);
  acc_copyin(a, sizeof a);
  acc_set_device_type(acc_device_host);
  CHECK(!acc_is_present(a, sizeof a));
  acc_set_device_type(acc_device_multicore);
  CHECK(acc_is_present(a, sizeof a));
  acc_shutdown_device(0, acc_device_multicore);
  CHECK(!acc_is_present(a, sizeof a));
  acc_init_device(0, initial_type());
  CHECK(acc_get_device_type() == initial_type());
#else
  acc_shutdown(acc_device_host); /* libgomp refuses to initialise an active device */
  acc_init(acc_device_host);
  CHECK(acc_get_device_type() == acc_device_host);
  (void)a;
#endif
  printf("acc_init/acc_shutdown: ok\n");
}

static void on_device(void) {
  CHECK(acc_on_device(acc_device_host));
  CHECK(!acc_on_device(acc_device_not_host));
  CHECK(!acc_on_device(acc_device_nvidia));
#ifdef ACCRT_OPENACC
  CHECK(!acc_on_device(acc_device_multicore));
  CHECK(!acc_on_device(acc_device_none));
#endif
  /* Inside a compute region: true for the device the region runs on. */
  int not_host = -1, host = -1;
#pragma acc parallel num_gangs(1) copyout(not_host, host)
  {
    not_host = acc_on_device(acc_device_not_host);
    host = acc_on_device(acc_device_host);
  }
  CHECK(not_host == !host);
#ifdef ACCRT_OPENACC
  CHECK(host == (acc_get_device_type() == acc_device_host));
#else
  CHECK(host == 1); /* libgomp without offloading runs the region on the host */
#endif
  printf("acc_on_device: ok\n");
}

int main(void) {
  num_devices();
  device_type();
  device_num();
  properties();
  init_shutdown();
  on_device();
  return 0;
}
