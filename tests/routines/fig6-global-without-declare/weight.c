double factor = 2.5;
double weight(int i) { return factor * i; }
