/* update, wait, init, shutdown, set. */
void standalone(int n, double *a, double *b, int q, int dev)
{
#pragma acc update host(a[0:n])
#pragma acc update self(a[0:n / 2]) device(b[0:n]) if(n > 4) if_present async(q) wait(1)
#pragma acc update device(b[0:n]) async device_type(nvidia) async(2) wait(3)
#pragma acc wait
#pragma acc wait(1)
#pragma acc wait(1, 2, q) async(3)
#pragma acc wait(devnum: dev : 1, 2) if(n > 0)
#pragma acc wait(devnum: dev : queues: 4, 5) async
#pragma acc init
#pragma acc init device_type(nvidia) device_num(dev) if(n)
#pragma acc shutdown device_type(host, multicore)
#pragma acc shutdown device_num(0) if(n > 1)
#pragma acc set device_type(nvidia)
#pragma acc set device_num(dev) default_async(q) if(dev >= 0)
#pragma acc set default_async(2)
}
