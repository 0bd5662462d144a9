/* declare link on a GPU (tests/cuda.sh, tests/hip.sh): the module holds only the pointer
 * `__accc_link_table` (8 bytes, nothing of the array's size); `data copyin` allocates the
 * array's copy and writes its address into the pointer (an 8-byte host-to-device copy), the
 * end of the region writes null back; for a section `table[256:256]` the pointer gets the
 * address 256 elements before the section's copy; a launch outside the region is refused, naming the
 * variable (run with an argument). Last, acc_map_data of the variable (OpenACC 3.3 §3.2.26):
 * the pointer reaches the mapped memory (an 8-byte write) until acc_unmap_data writes null. */
#include <openacc.h>
#include <stdio.h>
double table[512];
#pragma acc declare link(table)
#pragma acc routine seq
static double look(int i) { return table[(i * 7) % 512]; }
int main(int argc, char **argv) {
  double x[8] = {0};
  for (int k = 0; k < 512; k++)
    table[k] = k;
#pragma acc data copyin(table)
  {
#pragma acc parallel loop copyout(x)
    for (int i = 0; i < 8; i++)
      x[i] = look(i);
  }
  /* A section: the pointer gets where the array's start would be (256 elements before). */
#pragma acc data copyin(table[256:256])
  {
#pragma acc parallel loop copy(x)
    for (int i = 0; i < 8; i++)
      x[i] += look(i + 256);
  }
  printf("%g %g\n", x[1], x[7]);
  if (argc > 1) {
#pragma acc parallel loop copyout(x)
    for (int i = 0; i < 8; i++)
      x[i] = look(i);
  }
  double *mapped = acc_malloc(sizeof table);
  acc_memcpy_to_device(mapped, table, sizeof table);
  acc_map_data(table, mapped, sizeof table);
#pragma acc parallel loop copyout(x)
  for (int i = 0; i < 8; i++)
    x[i] = look(i + 3);
  acc_unmap_data(table);
  acc_free(mapped);
  printf("%g %g\n", x[1], x[7]);
  return 0;
}
