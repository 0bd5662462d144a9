float fma_like(float a, float b, float c) { return a * b + c; }
