void g(int *a, int n) {
  if (n < 0) goto inside;
  for (int k = 0; k < 2; k++) {
    #pragma acc data copy(a[0:n])
    {
      if (a[0]) break;
      if (a[1]) continue;
      for (int j = 0; j < n; j++) { if (j == 2) break; if (j) continue; }
      switch (n) { case 1: break; default: goto out; }
      inside: a[0] = 1;
      goto inside;
    }
  }
out:
  #pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++) { if (a[i]) continue; a[i] = 1; }
}

int h(int *a, int n) {
#pragma acc parallel copy(a[0:n])
  {
    if (a[0] == 0)
      return 1;
    while (n--) {
      if (n == 3) break;
    }
  }
#pragma acc host_data use_device(a)
  for (int i = 0; i < n; i++) {
    if (i == 1) continue;
    if (i == 2) break;
    if (i == 3) return 2;
  }
  return 0;
}
