/* declare at file scope and in a function. */
float table[256];
#pragma acc declare create(table)
double coefficients[16];
#pragma acc declare copyin(coefficients)
int resident[32];
#pragma acc declare device_resident(resident)
extern float linked[1000];
#pragma acc declare link(linked)
float *dev_buffer;
#pragma acc declare deviceptr(dev_buffer)

void local_declare(int n)
{
    float scratch[64];
    double acc_out[8];
    int flags[4];
    float in[16];
    float kept[4];
#pragma acc declare create(scratch) copyout(acc_out) copy(flags) copyin(in) present(kept)
#pragma acc parallel loop
    for (int i = 0; i < 8; i++) acc_out[i] = scratch[i] + table[i] + (float)coefficients[i % 16] + in[i] + kept[i % 4] + n;
}
