#include <stdio.h>
float lerp(float a, float b, float t);
int main(void) {
  static float out[1024];
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < 1024; i++)
    out[i] = lerp(0.0f, 1024.0f, i / 1024.0f);
  for (int i = 0; i < 1024; i++)
    if (out[i] != (float)i) {
      printf("wrong at %d: %g\n", i, out[i]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
