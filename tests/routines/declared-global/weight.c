double factor = 2.5;
#pragma acc declare copyin(factor)
double weight(int i) { return factor * i; }
