double shift(double x);
static double twice(double x) { return 2 * x; }
double scale(double x) { return shift(twice(x)) + x; }
