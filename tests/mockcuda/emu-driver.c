/* Launches the kernels of a hand-written emulated image through the mock driver. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef int CUresult;
CUresult cuInit(unsigned);
CUresult cuDevicePrimaryCtxRetain(void **, int);
CUresult cuCtxSetCurrent(void *);
CUresult cuModuleLoadDataEx(void **, const void *, unsigned, int *, void **);
CUresult cuModuleGetFunction(void **, void *, const char *);
CUresult cuMemAlloc_v2(unsigned long long *, size_t);
CUresult cuMemcpyDtoH_v2(void *, unsigned long long, size_t);
CUresult cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, void *, void **, void **);
void accmock_host_launch(void (*)(void **, int64_t, int64_t, int), void *, int64_t, void **);
static void host(void **args, int64_t begin, int64_t end, int thread) {
  (void)args, (void)begin, (void)end, (void)thread;
  abort(); /* never run for an emulated image */
}
int main(int argc, char **argv) {
  FILE *f = fopen(argc > 1 ? argv[1] : "", "rb");
  static char image[1 << 20];
  size_t n = f ? fread(image, 1, sizeof image, f) : 0;
  void *context, *module, *sum, *diverge, *peek;
  char log[256];
  int options[2] = {5, 6};
  void *values[2] = {log, (void *)(uintptr_t)sizeof log};
  if (!n || cuInit(0) || cuDevicePrimaryCtxRetain(&context, 0) || cuCtxSetCurrent(context) ||
      cuModuleLoadDataEx(&module, image, 2, options, values) ||
      cuModuleGetFunction(&sum, module, "sum") || cuModuleGetFunction(&diverge, module, "diverge") ||
      cuModuleGetFunction(&peek, module, "peek"))
    return 2;
  unsigned long long out;
  int64_t gangs = 2, result = 0;
  if (cuMemAlloc_v2(&out, sizeof result))
    return 2;
  void *args[2] = {&gangs, &out};
  accmock_host_launch(host, NULL, gangs, args);
  CUresult status = cuLaunchKernel(sum, 2, 1, 1, 64, 1, 1, 0, NULL, args, NULL);
  cuMemcpyDtoH_v2(&result, out, sizeof result);
  printf("sum %d %lld\n", status, (long long)result);
  accmock_host_launch(host, NULL, gangs, args);
  status = cuLaunchKernel(diverge, 2, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
  printf("diverge %d\n", status);
  /* A kernel that loads from a host address (this stack) fails with CUDA_ERROR_ILLEGAL_ADDRESS;
   * its store to device memory before that passed the check. */
  int64_t on_host = 7, *host_address = &on_host;
  void *peek_args[3] = {&gangs, &out, &host_address};
  accmock_host_launch(host, NULL, gangs, peek_args);
  status = cuLaunchKernel(peek, 2, 1, 1, 32, 1, 1, 0, NULL, peek_args, NULL);
  cuMemcpyDtoH_v2(&result, out, sizeof result);
  printf("peek %d %lld %p\n", status, (long long)result, (void *)host_address);
  return 0;
}
