/* Subarrays in every dimension, members, pointers to pointers, and the dtype alias. */
typedef struct { int n; double *v; double w[8][4]; } field_t;
void sections(int n, int m, double cube[4][8][16], double **rows, field_t *f, field_t g)
{
    double flat[64];
#pragma acc parallel copy(cube[1:2][0:8][4:8]) copyin(rows[0:n]) copyout(flat[8:8])
    { flat[8] = cube[1][0][4] + rows[0][0]; }
#pragma acc parallel copy(cube[0:4]) present(f->v[0:f->n]) copyin(g.w[2:3][0:4], g.v[m:n])
    { cube[0][0][0] = f->v[0] + g.w[2][0] + g.v[m]; }
#pragma acc parallel loop copy(flat) dtype(nvidia) vector_length(64) dtype(*) vector_length(32)
    for (int i = 0; i < 64; i++) flat[i] = i;
#pragma acc kernels copy(cube[3][2][0:16], f[0:1])
    { cube[3][2][0] = f->n; }
}
