float fma_like(float a, float b, float c);
float lerp(float a, float b, float t) { return fma_like(t, b - a, a); }
