/* data and host_data constructs. */
void use_device_pointer(double *p, int n);
void data_forms(int n, double *a, double *b, double **rows)
{
    double scale = 2.0;
#pragma acc data copy(a[0:n]) copyin(b[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) a[i] += b[i] * scale;
    }
#pragma acc data copyin(readonly: b[0:n]) copyout(zero: a[0:n]) create(rows[0:4]) if(n > 16) async(1) wait(2)
    {
#pragma acc data present(a[0:n]) no_create(b[0:n]) attach(rows[0]) default(present)
        {
#pragma acc kernels
            { a[0] = b[0]; }
        }
    }
#pragma acc data deviceptr(b) async device_type(nvidia) async(3) wait(4)
    { b[0] = 0; }
#pragma acc data create(zero: a[0:n]) default(none)
    {
#pragma acc host_data use_device(a)
        use_device_pointer(a, n);
#pragma acc host_data use_device(a, b) if(n) if_present
        { use_device_pointer(b, n); }
    }
}
