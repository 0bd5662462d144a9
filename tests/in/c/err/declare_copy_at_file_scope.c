float t[8];
#pragma acc declare copy(t)
