/* host_data use_device: hand the device address of present data to host code.
 * The host function only compares the address with the host one and reads the
 * data when both are the same memory (the host device), so the program is
 * correct for any device. if() and if_present are covered too. */
#include <stdio.h>
#include <stdlib.h>

static int calls, shared_reads;

/* stands in for a vendor library taking a device pointer */
static int inspect(const double *dev, const double *host, int n, double want_sum)
{
    calls++;
    if (dev == NULL)
        return 1;
    if (dev == host) { /* shared memory: the device address is the host address */
        double s = 0;
        for (int i = 0; i < n; i++)
            s += dev[i];
        shared_reads++;
        return s != want_sum;
    }
    return 0;
}

int main(void)
{
    int n = 1000, errors = 0;
    double *x = malloc(n * sizeof *x);
    double *y = malloc(n * sizeof *y);
    double want = 0;
    for (int i = 0; i < n; i++) {
        x[i] = i;
        y[i] = 1.0;
        want += i;
    }

    const double *hx = x; /* the host address, for comparison */
#pragma acc data copyin(x[0:n])
    {
#pragma acc host_data use_device(x)
        {
            errors += inspect(x, hx, n, want);
        }
        int yes = 1;
#pragma acc host_data use_device(x) if(yes)
        errors += inspect(x, hx, n, want);
        /* if(false): x keeps its host address */
#pragma acc host_data use_device(x) if(0)
        errors += inspect(x, x, n, want) + (x != hx);
        /* y is not present: with if_present the host address is used */
#pragma acc host_data use_device(y) if_present
        errors += inspect(y, y, n, (double)n);
    }
    if (calls != 4)
        errors++;
    printf("host_data_use_device: calls = %d, errors = %d\n", calls, errors);
    free(x);
    free(y);
    return errors != 0;
}
