/* Multi-dimensional gangs: num_gangs with three arguments and gang loops of dimensions 3, 2
 * and 1 nested in decreasing order; the outlined kernel's loops show their dimensions. */
void planes(int n, float *a)
{
#pragma acc parallel num_gangs(2, 4, 8) copy(a[0:n*n*n])
    {
#pragma acc loop gang(dim: 3)
        for (int i = 0; i < n; i++)
#pragma acc loop gang(dim: 2)
            for (int j = 0; j < n; j++)
#pragma acc loop gang(dim: 1) vector
                for (int k = 0; k < n; k++)
                    a[(i * n + j) * n + k] += 1;
    }
}
