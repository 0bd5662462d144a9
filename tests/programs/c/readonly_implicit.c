/* Variables a compute region only reads get an implicit copyin rather than copy, so nothing
 * is copied back into them: a const table in read-only memory (which a copy back would crash
 * on a GPU) and scalars of a kernels region. Variables the region writes keep their copy. */
#include <stdio.h>

static const double weights[5] = {0.1, 0.2, 0.4, 0.2, 0.1};
static const int offsets[5] = {-2, -1, 0, 1, 2};

struct params {
    double scale;
    int n;
};

static const struct params defaults = {2.0, 1000};

int main(void)
{
    enum { N = 1000 };
    double in[N], out[N], twice[N];
    for (int i = 0; i < N; i++)
        in[i] = (double)(i % 17);
    int n = N;
    double bias = 0.5;

#pragma acc parallel loop copyin(in) copyout(out)
    for (int i = 2; i < N - 2; i++) {
        double s = 0.0;
        for (int k = 0; k < 5; k++)
            s += weights[k] * in[i + offsets[k]];
        out[i] = s;
    }

    int written = 0;
#pragma acc kernels copyout(twice[0:N])
    {
        for (int i = 0; i < n; i++)
            twice[i] = defaults.scale * in[i] + bias;
        written = n;
    }

    double sum = 0.0, expect = 0.0;
    for (int i = 2; i < N - 2; i++) {
        double s = 0.0;
        for (int k = 0; k < 5; k++)
            s += weights[k] * in[i + offsets[k]];
        expect += s;
        sum += out[i];
    }
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += twice[i] != 2.0 * in[i] + 0.5;
    printf("sum %.6f expect %.6f bad %d written %d n %d\n", sum, expect, bad, written, n);
    return !(sum == expect && bad == 0 && written == N && n == N);
}
