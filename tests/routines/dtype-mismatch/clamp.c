#pragma acc routine device_type(nvidia) vector device_type(*) seq
double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
