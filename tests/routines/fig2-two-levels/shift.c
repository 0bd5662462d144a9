double shift(double x) { return x + 1; }
