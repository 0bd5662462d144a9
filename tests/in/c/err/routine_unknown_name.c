#pragma acc routine(nothere) seq
