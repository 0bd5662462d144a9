#pragma acc routine dtype(*) seq device_type(nvidia) bind(scale_gpu)
double scale(double x) { return 2 * x; }
double scale_gpu(double x) { return x + x; }
