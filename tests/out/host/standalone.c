   16: static inline void __accrt_declare_exit(__accrt_declare *d) { for (int j = 0; j < d->count; j++) if (d->links[j] >= 0) d->exit[j].device = d->entry[d->links[j]].device; __accrt_exit(d->exit, d->count, -2, 0, 0, d->loc); }
   28: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 4 }; __accrt_data __acc_e[] = { { (void *)&a[0], (unsigned long)((char *)&a[(n - 1)] + sizeof(a[(n - 1)]) - (char *)&a[0]), "a[0:n]", 12, 0, 0 }, {0} }; if (1) __accrt_update(__acc_e, 1, -2, 0, 0, &__acc_l); }
   31: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 5 }; const int __acc_w[] = { (int)1 }; __accrt_data __acc_e[] = { { (void *)&b[0], (unsigned long)((char *)&b[(n - 1)] + sizeof(b[(n - 1)]) - (char *)&b[0]), "b[0:n]", 8, 32, 0 }, { (void *)&a[0], (unsigned long)((char *)&a[(n / 2 - 1)] + sizeof(a[(n / 2 - 1)]) - (char *)&a[0]), "a[0:n / 2]", 12, 32, 0 }, {0} }; if ((n > 4)) __accrt_update(__acc_e, 2, (int)(q), __acc_w, 1, &__acc_l); }
   34: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 6 }; __accrt_data __acc_e[] = { { (void *)&b[0], (unsigned long)((char *)&b[(n - 1)] + sizeof(b[(n - 1)]) - (char *)&b[0]), "b[0:n]", 8, 0, 0 }, {0} }; if (1) __accrt_update(__acc_e, 1, -1, 0, 0, &__acc_l); }
   37: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 7 }; if (1) __accrt_wait(0, -1, -2, &__acc_l); }
   40: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 8 }; const int __acc_w[] = { (int)1 }; if (1) __accrt_wait(__acc_w, 1, -2, &__acc_l); }
   43: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 9 }; const int __acc_w[] = { (int)1, (int)2, (int)(q) }; if (1) __accrt_wait(__acc_w, 3, (int)3, &__acc_l); }
   46: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 10 }; const int __acc_w[] = { (int)1, (int)2 }; if ((n > 0)) __accrt_wait(__acc_w, 2, -2, &__acc_l); }
   49: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 11 }; const int __acc_w[] = { (int)4, (int)5 }; if (1) __accrt_wait(__acc_w, 2, -1, &__acc_l); }
   50: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 12 }; if (1) __accrt_init(-1, -1, &__acc_l); }
   51: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 13 }; if ((n)) __accrt_init(4, (int)(dev), &__acc_l); }
   52: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 14 }; if (1) __accrt_shutdown(2, -1, &__acc_l); }
   53: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 15 }; if ((n > 1)) __accrt_shutdown(-1, (int)0, &__acc_l); }
   54: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 16 }; if (1) __accrt_set(4, -1, -1, &__acc_l); }
   55: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 17 }; if ((dev >= 0)) __accrt_set(-1, (int)(dev), (int)(q), &__acc_l); }
   56: { static const __accrt_loc __acc_l = { "in/c/ok/standalone.c", "standalone", 18 }; if (1) __accrt_set(-1, -1, (int)2, &__acc_l); }
