double from_gcc(double x) { return x + 1; }
