module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/kernels_dependence.c":14:25)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/kernels_dependence.c":12:18)
  func.func @kernels_dependence() loc("in/c/ok/kernels_dependence.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@x : !acc.array<1000xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/kernels_dependence.c":6:26)
    %b1 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@y : !acc.array<1000xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "y"} loc("in/c/ok/kernels_dependence.c":6:29)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %2 = acc.copyin varPtr(@b : !acc.array<?xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/kernels_dependence.c":6:39)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %3 = acc.create varPtr(@a : !acc.array<?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/kernels_dependence.c":6:55)
    %4 = acc.copyin varPtr(@i : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "i"} loc("in/c/ok/kernels_dependence.c":8:14)
    %5 = acc.copyin varPtr(@s : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s"} loc("in/c/ok/kernels_dependence.c":13:13)
    %6 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":14:25)
    acc.kernels dataOperands(%0, %1, %2, %3, %4, %5) firstprivate(%6) {
      acc.code {
        local %l0.k : i32
        local %l1.t : f32
        local %l2.j : i32
        acc.loop seq (@i = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
          store Add(Mul(load(&@x[load(&@i)]), 2.0 : f32) : f32, load(&@y[load(&@i)])) : f32 -> &@x[load(&@i)]
        }
        acc.loop seq (@i = 1 : i32 while Lt 1000 : i32 step 1 : i32) {
          store Add(load(&@x[Sub(load(&@i), 1 : i32) : i32]), 1.0 : f32) : f32 -> &@x[load(&@i)]
        }
        acc.loop op([8]) implicit reduction(+:s) seq (@i = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
          store Add(load(&@s), load(&@x[load(&@i)])) : f32 -> &@s
        }
        acc.loop seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(load(&@b)[load(&@i)]), 1.0 : f32) : f32 -> load(&@a)[load(&@i)]
        }
        acc.loop seq (%l0.k = 0 : i32 while Lt 500 : i32 step 1 : i32) {
          declare %l1.t = 0.0 : f32
          acc.loop seq (%l2.j = 0 : i32 while Lt 2 : i32 step 1 : i32) {
            store Add(load(&%l1.t), load(&@y[Add(Mul(2 : i32, load(&%l0.k)) : i32, load(&%l2.j)) : i32])) : f32 -> &%l1.t
          }
          store load(&%l1.t) -> &@x[Mul(2 : i32, load(&%l0.k)) : i32]
          store load(&%l1.t) -> &@x[Add(Mul(2 : i32, load(&%l0.k)) : i32, 1 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":6:13)
    %b4 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@x : !acc.array<1000xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/kernels_dependence.c":6:26)
    %b5 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@y : !acc.array<1000xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "y"} loc("in/c/ok/kernels_dependence.c":6:29)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%2) to varPtr(@b : !acc.array<?xf32>) bounds(%b6) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/kernels_dependence.c":6:39)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%3) to varPtr(@a : !acc.array<?xf32>) bounds(%b7) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/kernels_dependence.c":6:55)
    acc.copyout accPtr(%4) to varPtr(@i : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "i"} loc("in/c/ok/kernels_dependence.c":8:14)
    acc.copyout accPtr(%5) to varPtr(@s : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s"} loc("in/c/ok/kernels_dependence.c":13:13)
    %b8 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@x : !acc.array<1000xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/kernels_dependence.c":24:31)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@c : !acc.array<?xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c[0:n]"} loc("in/c/ok/kernels_dependence.c":24:41)
    acc.kernels combined(loop) dataOperands(%7, %8) {
      acc.loop combined(kernels) control(%k = 0 to < 999 step 1) {
        acc.yield
      } loc("in/c/ok/kernels_dependence.c":24:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([1]) seq (%l0.k = 0 : i32 while Lt 999 : i32 step 1 : i32) {
          store Add(load(&@x[load(&%l0.k)]), load(load(&@c)[load(&%l0.k)])) : f32 -> &@x[Add(load(&%l0.k), 1 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":24:13)
    %b10 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
    acc.copyout accPtr(%7) to varPtr(@x : !acc.array<1000xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/kernels_dependence.c":24:31)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%8) to varPtr(@c : !acc.array<?xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c[0:n]"} loc("in/c/ok/kernels_dependence.c":24:41)
  }
  func.func @kernels_output_dependence() loc("in/c/ok/kernels_dependence.c":35:1) {
    %b12 = acc.bounds lowerbound(0) upperbound(1999) extent(2000) stride(1) startIdx(0)
    %9 = acc.create varPtr(@a : !acc.array<2000xi32>) bounds(%b12) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a"} loc("in/c/ok/kernels_dependence.c":35:29)
    %b13 = acc.bounds lowerbound(0) upperbound(6) extent(7) stride(1) startIdx(0)
    %10 = acc.create varPtr(@b : !acc.array<7xi32>) bounds(%b13) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b"} loc("in/c/ok/kernels_dependence.c":35:32)
    %b14 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %11 = acc.copyin varPtr(@h : !acc.array<16xi32>) bounds(%b14) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "h[0:16]"} loc("in/c/ok/kernels_dependence.c":35:40)
    %b15 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %12 = acc.copyin varPtr(@idx : !acc.array<?xi32>) bounds(%b15) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "idx[0:n]"} loc("in/c/ok/kernels_dependence.c":35:56)
    %13 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":40:29)
    %14 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/kernels_dependence.c":45:39)
    acc.kernels dataOperands(%9, %10, %11, %12) firstprivate(%13, %14) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.i : i32
        local %l3.i : i32
        local %l4.i : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
          acc.loop seq (%l1.j = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
            store load(&%l0.i) -> &@a[Add(load(&%l0.i), load(&%l1.j)) : i32]
          }
        }
        acc.loop seq (%l2.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(&%l2.i) -> &@b[Rem(load(&%l2.i), 7 : i32) : i32]
        }
        acc.loop seq (%l3.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(load(&@h)[load(load(&@idx)[load(&%l3.i)])]), 1 : i32) : i32 -> load(&@h)[load(load(&@idx)[load(&%l3.i)])]
        }
        acc.loop seq (%l4.i = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
          store Add(load(&@a[Mul(2 : i32, load(&%l4.i)) : i32]), load(&@m)) : i32 -> &@a[Add(Mul(2 : i32, load(&%l4.i)) : i32, 1 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":35:13)
    %b16 = acc.bounds lowerbound(0) upperbound(1999) extent(2000) stride(1) startIdx(0)
    acc.copyout accPtr(%9) to varPtr(@a : !acc.array<2000xi32>) bounds(%b16) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a"} loc("in/c/ok/kernels_dependence.c":35:29)
    %b17 = acc.bounds lowerbound(0) upperbound(6) extent(7) stride(1) startIdx(0)
    acc.copyout accPtr(%10) to varPtr(@b : !acc.array<7xi32>) bounds(%b17) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b"} loc("in/c/ok/kernels_dependence.c":35:32)
    %b18 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.copyout accPtr(%11) to varPtr(@h : !acc.array<16xi32>) bounds(%b18) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "h[0:16]"} loc("in/c/ok/kernels_dependence.c":35:40)
    %b19 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%12) to varPtr(@idx : !acc.array<?xi32>) bounds(%b19) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "idx[0:n]"} loc("in/c/ok/kernels_dependence.c":35:56)
  }
  func.func @kernels_rows() loc("in/c/ok/kernels_dependence.c":54:1) {
    %b20 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %15 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b20) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:28)
    %b21 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %16 = acc.create varPtr(@c : !acc.array<?xf32>) bounds(%b21) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "c[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:48)
    %b22 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %17 = acc.copyin varPtr(@p : !acc.array<?xf32>) bounds(%b22) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:65)
    %b23 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %18 = acc.copyin varPtr(@q : !acc.array<?xf32>) bounds(%b23) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "q[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:77)
    %19 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":56:29)
    acc.kernels dataOperands(%15, %16, %17, %18) firstprivate(%19) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.i : i32
        local %l3.j : i32
        local %l4.i : i32
        local %l5.j : i32
        local %l6.i : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store load(load(&@a)[Add(Mul(load(&%l1.j), load(&@n)) : i32, load(&%l0.i)) : i32]) -> load(&@c)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32]
          }
        }
        acc.loop seq (%l2.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l3.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store load(load(&@q)[Add(Mul(load(&%l2.i), load(&@n)) : i32, load(&%l3.j)) : i32]) -> load(&@p)[Add(Mul(load(&%l2.i), load(&@n)) : i32, load(&%l3.j)) : i32]
          }
        }
        acc.loop seq (%l4.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l5.j = 0 : i32 while Le load(&@n) step 1 : i32) {
            store 0.0 : f32 -> load(&@c)[Add(Mul(load(&%l4.i), load(&@n)) : i32, load(&%l5.j)) : i32]
          }
        }
        acc.loop seq (%l6.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store 1.0 : f32 -> load(&@c)[Mul(load(&%l6.i), load(&@n)) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":54:13)
    %b24 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.delete accPtr(%15) to varPtr(@a : !acc.array<?xf32>) bounds(%b24) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:28)
    %b25 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%16) to varPtr(@c : !acc.array<?xf32>) bounds(%b25) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "c[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:48)
    %b26 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%17) to varPtr(@p : !acc.array<?xf32>) bounds(%b26) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:65)
    %b27 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%18) to varPtr(@q : !acc.array<?xf32>) bounds(%b27) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "q[0:n * n]"} loc("in/c/ok/kernels_dependence.c":54:77)
  }
  func.func @kernels_interior() loc("in/c/ok/kernels_dependence.c":74:1) {
    %b28 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %20 = acc.copyin varPtr(@u : !acc.array<?xf64>) bounds(%b28) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "u[0:n * n]"} loc("in/c/ok/kernels_dependence.c":74:28)
    %b29 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %21 = acc.copyin varPtr(@v : !acc.array<?xf64>) bounds(%b29) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v[0:n * n]"} loc("in/c/ok/kernels_dependence.c":74:45)
    %b30 = acc.bounds lowerbound(0) upperbound("n * n + 1 - 1") extent("n * n + 1") stride(1) startIdx(0)
    %22 = acc.copyin varPtr(@w : !acc.array<?xf64>) bounds(%b30) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "w[0:n * n + 1]"} loc("in/c/ok/kernels_dependence.c":74:57)
    %23 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":76:29)
    acc.kernels dataOperands(%20, %21, %22) firstprivate(%23) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.i : i32
        local %l3.j : i32
        acc.loop seq (%l0.i = 1 : i32 while Lt Sub(load(&@n), 1 : i32) : i32 step 1 : i32) {
          acc.loop seq (%l1.j = 1 : i32 while Lt Sub(load(&@n), 1 : i32) : i32 step 1 : i32) {
            store Mul(0.25 : f64, Add(Add(Add(load(load(&@u)[Sub(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, 1 : i32) : i32]), load(load(&@u)[Add(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, 1 : i32) : i32])) : f64, load(load(&@u)[Add(Mul(Sub(load(&%l0.i), 1 : i32) : i32, load(&@n)) : i32, load(&%l1.j)) : i32])) : f64, load(load(&@u)[Add(Mul(Add(load(&%l0.i), 1 : i32) : i32, load(&@n)) : i32, load(&%l1.j)) : i32])) : f64) : f64 -> load(&@v)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32]
          }
        }
        acc.loop seq (%l2.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l3.j = 1 : i32 while Le load(&@n) step 1 : i32) {
            store cast(load(&%l2.i) to f64) -> load(&@w)[Add(Mul(load(&%l2.i), load(&@n)) : i32, load(&%l3.j)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":74:13)
    %b31 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.delete accPtr(%20) to varPtr(@u : !acc.array<?xf64>) bounds(%b31) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "u[0:n * n]"} loc("in/c/ok/kernels_dependence.c":74:28)
    %b32 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%21) to varPtr(@v : !acc.array<?xf64>) bounds(%b32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v[0:n * n]"} loc("in/c/ok/kernels_dependence.c":74:45)
    %b33 = acc.bounds lowerbound(0) upperbound("n * n + 1 - 1") extent("n * n + 1") stride(1) startIdx(0)
    acc.copyout accPtr(%22) to varPtr(@w : !acc.array<?xf64>) bounds(%b33) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "w[0:n * n + 1]"} loc("in/c/ok/kernels_dependence.c":74:57)
  }
  func.func @kernels_volumes() loc("in/c/ok/kernels_dependence.c":90:1) {
    %b34 = acc.bounds lowerbound(0) upperbound("nx * ny * nz - 1") extent("nx * ny * nz") stride(1) startIdx(0)
    %24 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b34) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:nx * ny * nz]"} loc("in/c/ok/kernels_dependence.c":90:26)
    %b35 = acc.bounds lowerbound(0) upperbound("nx * ny * nz - 1") extent("nx * ny * nz") stride(1) startIdx(0)
    %25 = acc.copyin varPtr(@b : !acc.array<?xf32>) bounds(%b35) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:nx * ny * nz]"} loc("in/c/ok/kernels_dependence.c":90:52)
    %26 = acc.firstprivate varPtr(@nx : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "nx"} loc("in/c/ok/kernels_dependence.c":92:29)
    %27 = acc.firstprivate varPtr(@ny : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "ny"} loc("in/c/ok/kernels_dependence.c":93:33)
    %28 = acc.firstprivate varPtr(@nz : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "nz"} loc("in/c/ok/kernels_dependence.c":94:37)
    acc.kernels dataOperands(%24, %25) firstprivate(%26, %27, %28) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.k : i32
        local %l3.i : i32
        local %l4.j : i32
        local %l5.k : i32
        local %l6.i : i32
        local %l7.j : i32
        local %l8.k : i32
        local %l9.i : i32
        local %l10.j : i32
        local %l11.k : i32
        local %l12.i : i32
        local %l13.j : i32
        local %l14.k : i32
        local %l15.i : i32
        local %l16.j : i32
        local %l17.i : i32
        local %l18.j : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l1.j = 0 : i32 while Lt load(&@ny) step 1 : i32) {
            acc.loop seq (%l2.k = 0 : i32 while Lt load(&@nz) step 1 : i32) {
              store Add(load(load(&@b)[Add(Mul(Add(Mul(load(&%l0.i), load(&@ny)) : i32, load(&%l1.j)) : i32, load(&@nz)) : i32, load(&%l2.k)) : i32]), cast(1 : i32 to f32)) : f32 -> load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@ny)) : i32, load(&%l1.j)) : i32, load(&@nz)) : i32, load(&%l2.k)) : i32]
            }
          }
        }
        acc.loop seq (%l3.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l4.j = 0 : i32 while Lt load(&@ny) step 1 : i32) {
            acc.loop seq (%l5.k = 0 : i32 while Lt load(&@nz) step 1 : i32) {
              store Mul(load(load(&@a)[Add(Add(Mul(Mul(load(&%l3.i), load(&@ny)) : i32, load(&@nz)) : i32, Mul(load(&%l4.j), load(&@nz)) : i32) : i32, load(&%l5.k)) : i32]), cast(2 : i32 to f32)) : f32 -> load(&@a)[Add(Add(Mul(Mul(load(&%l3.i), load(&@ny)) : i32, load(&@nz)) : i32, Mul(load(&%l4.j), load(&@nz)) : i32) : i32, load(&%l5.k)) : i32]
            }
          }
        }
        acc.loop seq (%l6.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l7.j = 0 : i32 while Le load(&@ny) step 1 : i32) {
            acc.loop seq (%l8.k = 0 : i32 while Lt load(&@nz) step 1 : i32) {
              store cast(0 : i32 to f32) -> load(&@a)[Add(Mul(Add(Mul(load(&%l6.i), load(&@ny)) : i32, load(&%l7.j)) : i32, load(&@nz)) : i32, load(&%l8.k)) : i32]
            }
          }
        }
        acc.loop seq (%l9.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l10.j = 0 : i32 while Lt 4 : i32 step 1 : i32) {
            acc.loop seq (%l11.k = 0 : i32 while Lt 8 : i32 step 1 : i32) {
              store cast(1 : i32 to f32) -> load(&@a)[Add(Add(Add(Mul(32 : i32, load(&%l9.i)) : i32, Mul(8 : i32, load(&%l10.j)) : i32) : i32, load(&%l11.k)) : i32, 96 : i32) : i32]
            }
          }
        }
        acc.loop seq (%l12.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l13.j = 0 : i32 while Lt 4 : i32 step 1 : i32) {
            acc.loop seq (%l14.k = 0 : i32 while Lt 9 : i32 step 1 : i32) {
              store cast(1 : i32 to f32) -> load(&@a)[Add(Add(Mul(32 : i32, load(&%l12.i)) : i32, Mul(8 : i32, load(&%l13.j)) : i32) : i32, load(&%l14.k)) : i32]
            }
          }
        }
        acc.loop seq (%l15.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l16.j = 0 : i32 while Lt Sub(load(&@nz), 1 : i32) : i32 step 1 : i32) {
            store cast(2 : i32 to f32) -> load(&@a)[Add(Add(Mul(load(&%l15.i), load(&@nz)) : i32, load(&%l16.j)) : i32, 1 : i32) : i32]
          }
        }
        acc.loop seq (%l17.i = 0 : i32 while Lt load(&@nx) step 1 : i32) {
          acc.loop seq (%l18.j = 0 : i32 while Lt Sub(load(&@nz), 1 : i32) : i32 step 1 : i32) {
            store cast(2 : i32 to f32) -> load(&@a)[Add(Add(Mul(load(&%l17.i), load(&@nz)) : i32, load(&%l18.j)) : i32, 2 : i32) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":90:13)
    %b36 = acc.bounds lowerbound(0) upperbound("nx * ny * nz - 1") extent("nx * ny * nz") stride(1) startIdx(0)
    acc.copyout accPtr(%24) to varPtr(@a : !acc.array<?xf32>) bounds(%b36) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:nx * ny * nz]"} loc("in/c/ok/kernels_dependence.c":90:26)
    %b37 = acc.bounds lowerbound(0) upperbound("nx * ny * nz - 1") extent("nx * ny * nz") stride(1) startIdx(0)
    acc.delete accPtr(%25) to varPtr(@b : !acc.array<?xf32>) bounds(%b37) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:nx * ny * nz]"} loc("in/c/ok/kernels_dependence.c":90:52)
  }
  func.func @kernels_sweeps() loc("in/c/ok/kernels_dependence.c":126:1) {
    %b38 = acc.bounds lowerbound(0) upperbound("n * m - 1") extent("n * m") stride(1) startIdx(0)
    %29 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b38) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * m]"} loc("in/c/ok/kernels_dependence.c":126:26)
    %b39 = acc.bounds lowerbound(0) upperbound("n * m - 1") extent("n * m") stride(1) startIdx(0)
    %30 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b39) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b[0:n * m]"} loc("in/c/ok/kernels_dependence.c":126:38)
    %31 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":128:29)
    %32 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/kernels_dependence.c":129:33)
    acc.kernels dataOperands(%29, %30) firstprivate(%31, %32) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.i : i32
        local %l3.j : i32
        local %l4.i : i32
        local %l5.j : i32
        local %l6.i : i32
        local %l7.j : i32
        acc.loop seq (%l0.i = 1 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l1.j = 0 : i32 while Lt load(&@m) step 1 : i32) {
            store Mul(load(load(&@a)[Add(Mul(Sub(load(&%l0.i), 1 : i32) : i32, load(&@m)) : i32, load(&%l1.j)) : i32]), 0.5 : f64) : f64 -> load(&@a)[Add(Mul(load(&%l0.i), load(&@m)) : i32, load(&%l1.j)) : i32]
          }
        }
        acc.loop seq (%l2.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l3.j = 1 : i32 while Lt load(&@m) step 1 : i32) {
            store Add(load(load(&@b)[Sub(Add(Mul(load(&%l2.i), load(&@m)) : i32, load(&%l3.j)) : i32, 1 : i32) : i32]), cast(1 : i32 to f64)) : f64 -> load(&@b)[Add(Mul(load(&%l2.i), load(&@m)) : i32, load(&%l3.j)) : i32]
          }
        }
        acc.loop seq (%l4.i = 1 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l5.j = 0 : i32 while Lt load(&@m) step 1 : i32) {
            store load(load(&@a)[Add(Add(Mul(Sub(load(&%l4.i), 1 : i32) : i32, load(&@m)) : i32, load(&%l5.j)) : i32, 1 : i32) : i32]) -> load(&@a)[Add(Mul(load(&%l4.i), load(&@m)) : i32, load(&%l5.j)) : i32]
          }
        }
        acc.loop seq (%l6.i = 1 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l7.j = 0 : i32 while Lt Sub(load(&@m), 1 : i32) : i32 step 1 : i32) {
            store load(load(&@a)[Add(Add(Mul(Sub(load(&%l6.i), 1 : i32) : i32, load(&@m)) : i32, load(&%l7.j)) : i32, 1 : i32) : i32]) -> load(&@a)[Add(Mul(load(&%l6.i), load(&@m)) : i32, load(&%l7.j)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/kernels_dependence.c":126:13)
    %b40 = acc.bounds lowerbound(0) upperbound("n * m - 1") extent("n * m") stride(1) startIdx(0)
    acc.copyout accPtr(%29) to varPtr(@a : !acc.array<?xf64>) bounds(%b40) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * m]"} loc("in/c/ok/kernels_dependence.c":126:26)
    %b41 = acc.bounds lowerbound(0) upperbound("n * m - 1") extent("n * m") stride(1) startIdx(0)
    acc.copyout accPtr(%30) to varPtr(@b : !acc.array<?xf64>) bounds(%b41) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b[0:n * m]"} loc("in/c/ok/kernels_dependence.c":126:38)
  }
}
