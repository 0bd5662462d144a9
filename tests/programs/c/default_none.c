/* default(none): every variable used in the region appears in a clause
 * (data clauses, firstprivate, private, reduction); loop indices are
 * declared in their loops. */
#include <stdio.h>

#define N 1200

int main(void)
{
    static float a[N], b[N];
    int n = N, errors = 0;
    float alpha = 1.5f;
    int tmp = 0;
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        a[i] = (float)(i % 8);

#pragma acc parallel loop default(none) copyin(a[0:n]) copyout(b[0:n]) firstprivate(alpha, n) \
    private(tmp) reduction(+:sum)
    for (int i = 0; i < n; i++) {
        tmp = i % 2;
        b[i] = alpha * a[i] + (float)tmp;
        sum += b[i];
    }

#pragma acc kernels default(none) copy(b[0:n]) copyin(n)
    for (int i = 0; i < n; i++)
        b[i] = b[i] * 2.0f;

#pragma acc serial default(none) copyin(b[0:n], n) copy(errors)
    for (int i = 0; i < n; i++)
        if (b[i] < 0.0f)
            errors++;

    double want = 0.0;
    for (int i = 0; i < n; i++) {
        float w = 1.5f * (float)(i % 8) + (float)(i % 2);
        want += w;
        if (b[i] != 2.0f * w)
            errors++;
    }
    if (sum != want)
        errors++;
    printf("default_none: sum = %.1f, errors = %d\n", sum, errors);
    return errors != 0;
}
