/* Atomic updates of the reversed forms `x = expr op x` (OpenACC 3.3 §2.12) for the
 * non-commutative operators: each of N updates `x = c - x` (or `c / x`) toggles x between two
 * values, so after any interleaving of an even number of updates x is back at its start, and the
 * captured new values alternate. A lost update (a non-atomic read-modify-write) breaks both. */
#include <stdio.h>

#define N 200000

int main(void) {
  int errors = 0;

  int x = 3; /* 10 - x toggles 3 <-> 7 */
#pragma acc parallel loop copy(x)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    x = 10 - x;
  }
  if (x != 3) {
    printf("int x = 10 - x: got %d, want 3\n", x);
    errors++;
  }

  long q = 4; /* 100 / q toggles 4 <-> 25 */
#pragma acc parallel loop copy(q)
  for (int i = 0; i < N; i++) {
#pragma acc atomic
    q = 100 / q;
  }
  if (q != 4) {
    printf("long q = 100 / q: got %ld, want 4\n", q);
    errors++;
  }

  double d = 0.5; /* 2 / d toggles 0.5 <-> 4 (exact in binary) */
#pragma acc parallel loop copy(d)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    d = 2.0 / d;
  }
  if (d != 0.5) {
    printf("double d = 2 / d: got %g, want 0.5\n", d);
    errors++;
  }

  float f = 1.25f; /* 5 - f toggles 1.25 <-> 3.75 */
  int sevens = 0;
#pragma acc parallel loop copy(f) reduction(+:sevens)
  for (int i = 0; i < N; i++) {
    float v;
#pragma acc atomic capture
    v = f = 5.0f - f;
    sevens += v == 3.75f;
  }
  if (f != 1.25f || sevens != N / 2) {
    printf("float capture v = f = 5 - f: f %g (want 1.25), %d captures of 3.75 (want %d)\n", f,
           sevens, N / 2);
    errors++;
  }

  int y = 1; /* capture old, then y = 6 - y: old values alternate 1, 5 */
  int ones = 0;
#pragma acc parallel loop copy(y) reduction(+:ones)
  for (int i = 0; i < N; i++) {
    int old;
#pragma acc atomic capture
    {
      old = y;
      y = 6 - y;
    }
    ones += old == 1;
  }
  if (y != 1 || ones != N / 2) {
    printf("capture block {old = y; y = 6 - y;}: y %d, %d old ones (want %d)\n", y, ones, N / 2);
    errors++;
  }

  unsigned s = 1; /* 4 >> s toggles 1 <-> 2 */
#pragma acc parallel loop copy(s)
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    s = 4u >> s;
  }
  if (s != 1) {
    printf("unsigned s = 4 >> s: got %u, want 1\n", s);
    errors++;
  }

  printf("atomic reversed forms: %d errors\n", errors);
  return errors != 0;
}
