module attributes {acc.language = "c"} {
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
    %6 = acc.copyin varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":14:25)
    acc.kernels dataOperands(%0, %1, %2, %3, %4, %5, %6) {
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
        acc.loop seq (@i = 0 : i32 while Lt 1000 : i32 step 1 : i32) {
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
    acc.copyout accPtr(%6) to varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "n"} loc("in/c/ok/kernels_dependence.c":14:25)
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
}
