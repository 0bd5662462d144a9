float t[8];
#pragma acc declare create(t[0:4])
