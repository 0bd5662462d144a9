/* A program split over a static library (libstats.a), a shared library (libkern.so) and main:
 * main puts the array on the device once; both libraries find it present. Exits non-zero on a
 * wrong answer. A plugin loaded with dlopen finds the same data present. */
#include <dlfcn.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#include "kern.h"
#include "stats.h"

int main(void) {
  const int n = 100000;
  double *a = malloc(n * sizeof *a);
  if (!a)
    return 2;
#pragma acc enter data create(a[0:n])
  if (!acc_is_present(a, n * sizeof *a)) {
    printf("a is not present after enter data\n");
    return 1;
  }
  kern_fill(a, n);
  kern_scale(a, n, 2.0);
  double sum = stats_sum(a, n);
  double max = stats_max(a, n);
  void *plugin = dlopen(PLUGIN, RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    printf("dlopen: %s\n", dlerror());
    return 1;
  }
  double (*plugin_sum)(const double *, int) =
      (double (*)(const double *, int))dlsym(plugin, "plugin_sum");
  double psum = plugin_sum ? plugin_sum(a, n) : -1.0;
#pragma acc exit data copyout(a[0:n])
  double want = 0.0;
  for (int i = 0; i < n; i++)
    want += 2.0 * (i % 100);
  int errors = 0;
  for (int i = 0; i < n; i++)
    errors += a[i] != 2.0 * (i % 100);
  printf("sum %.1f max %.1f plugin %.1f errors %d\n", sum, max, psum, errors);
  free(a);
  dlclose(plugin);
  return sum == want && psum == want && max == 198.0 && errors == 0 ? 0 : 1;
}
