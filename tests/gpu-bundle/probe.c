/* The GPU bundle's first check (tests/gpu-bundle/run.sh runs it as tools/probe before any
 * program): how many NVIDIA devices libaccrt can use, what the first one is, and whether one
 * kernel runs there and gives the right answer. Prints a few lines; exits 0 when a device was
 * found and the kernel's sum is right, 1 otherwise (libaccrt's own error, e.g. that libcuda.so.1
 * cannot be loaded, is on standard error). */
#include <openacc.h>
#include <stdio.h>

#define N 4096

int main(void)
{
    int devices = acc_get_num_devices(acc_device_nvidia);
    printf("nvidia devices: %d\n", devices);
    if (devices < 1)
        return 1;
    const char *name = acc_get_property_string(0, acc_device_nvidia, acc_property_name);
    const char *driver = acc_get_property_string(0, acc_device_nvidia, acc_property_driver);
    size_t memory = acc_get_property(0, acc_device_nvidia, acc_property_memory);
    printf("device 0: %s, driver %s, %zu MiB\n", name ? name : "(unknown)",
           driver ? driver : "(unknown)", memory >> 20);
    acc_set_device_type(acc_device_nvidia);
    static double x[N];
    double sum = 0.0;
#pragma acc parallel loop copyout(x[0:N]) reduction(+:sum)
    for (int i = 0; i < N; i++) {
        x[i] = 2.0 * i;
        sum += x[i];
    }
    double want = (double)N * (N - 1);
    printf("kernel on device 0: sum %.0f (want %.0f), x[%d] = %.0f\n", sum, want, N - 1, x[N - 1]);
    return sum == want && x[N - 1] == 2.0 * (N - 1) ? 0 : 1;
}
