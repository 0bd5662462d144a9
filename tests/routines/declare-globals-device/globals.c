/* The declared globals and the routine that reads them, in a file of their own: `weights` is
   external (main.c updates it), `offset` is static to this file with an initial value that
   `declare copyin` puts on the device. */
double weights[4];
#pragma acc declare create(weights)

static double offset = 0.25;
#pragma acc declare copyin(offset)

#pragma acc routine seq
double weigh(int i) { return weights[i % 4] * i + offset; }
