/* enter data / exit data with every clause. */
typedef struct { int n; float *data; } vec_t;
void enter_exit(vec_t *v, int n, float *w)
{
#pragma acc enter data copyin(v[0:1]) create(v->data[0:v->n])
#pragma acc enter data attach(v->data)
#pragma acc enter data copyin(readonly: w[0:n]) create(zero: w[0:0]) if(n > 0) async(1) wait(2, 3)
#pragma acc enter data pcopyin(w[0:n]) present_or_create(w[n:0]) async wait
#pragma acc exit data detach(v->data)
#pragma acc exit data copyout(v->data[0:v->n]) delete(v[0:1]) finalize
#pragma acc exit data copyout(zero: w[0:n]) if(n) async(4) wait(devnum: 0 : 1)
#pragma acc exit data delete(w[0:n]) finalize async
}
