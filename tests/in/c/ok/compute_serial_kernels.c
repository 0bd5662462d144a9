/* serial and kernels with their clauses. */
void serial_kernels(int n, double *a, double *b)
{
    double t = 0.0;
    int flags = 0;
    double tmp[16];
#pragma acc serial copy(a[0:n]) firstprivate(t) private(tmp)
    { tmp[0] = t; for (int i = 0; i < n; i++) a[i] += tmp[0]; }
#pragma acc serial if(n) async(1) wait(2) default(none) copy(flags) reduction(|:flags)
    { flags |= 1; }
#pragma acc serial self(1) present(a[0:n])
    { a[0] = 1.0; }
#pragma acc kernels copyin(b[0:n]) copyout(a[0:n])
    {
        for (int i = 0; i < n; i++) a[i] = b[i] * 2.0;
        for (int i = 0; i < n; i++) a[i] += 1.0;
    }
#pragma acc kernels num_gangs(16) num_workers(2) vector_length(64) async wait(1) if(n > 0) default(present)
    { a[0] = b[0]; t = 1.0; }
#pragma acc kernels self device_type(*) async(3)
    { t += 1.0; }
}
