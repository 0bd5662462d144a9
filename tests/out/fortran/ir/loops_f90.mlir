module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/loops.f90":8:13)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/loops.f90":6:9)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/loops.f90":15:31)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/loops.f90":33:34)
  func.func @loops() loc("in/fortran/ok/loops.f90":6:3) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b1 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/loops.f90":6:23)
    %1 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":8:13)
    %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/loops.f90":9:15)
    %3 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/loops.f90":6:9)
    %4 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/loops.f90":6:9)
    %5 = acc.firstprivate varPtr(@lbound(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,2)"} loc("in/fortran/ok/loops.f90":6:9)
    %6 = acc.firstprivate varPtr(@stride(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,2)"} loc("in/fortran/ok/loops.f90":6:9)
    acc.parallel dataOperands(%0) firstprivate(%1, %2, %3, %4, %5, %6) num_gangs({8}) {
      %7 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":8:3)
      %8 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":9:5)
      acc.loop gang collapse(2) private(%7, %8) control(%j = 1 to <= "m" step ?, %i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":7:9)
      %9 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":14:3)
      acc.loop gang(static: *) worker private(%9) control(%j = "m" to >= 1 step -1) {
        %10 = acc.private varPtr(@k : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "k"} loc("in/fortran/ok/loops.f90":15:31)
        %11 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":16:5)
        acc.loop vector private(%10, %11) control(%i = "n" to >= 1 step -2) {
          acc.yield
        } loc("in/fortran/ok/loops.f90":15:11)
        acc.yield
      } loc("in/fortran/ok/loops.f90":13:9)
      %12 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":22:3)
      acc.loop seq private(%12) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":21:9)
      %13 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":26:3)
      %14 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":27:5)
      acc.loop independent tile(2, *) private(%13, %14) control(%j = 1 to <= "m" step ?, %i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":25:9)
      acc.code {
        acc.loop op([1]) seq (@j = 1 : i32 while Le load(&@m) step 1 : i32, @i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Add(load(cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]), cast(1 : i32 to f32)) : f32 -> cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]
        }
        acc.loop op([2]) seq (@j = load(&@m) while Ge 1 : i32 step Neg(1 : i32)) {
          acc.loop op([3]) seq (@i = load(&@n) while Ge 1 : i32 step Neg(2 : i32)) {
            store load(&@i) -> &@k
            store cast(load(&@k) to f32) -> cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]
          }
        }
        acc.loop op([4]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store cast(0 : i32 to f32) -> cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(1 : i32 to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]
        }
        acc.loop op([5]) seq (@j = 1 : i32 while Le load(&@m) step 1 : i32, @i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store cast(2 : i32 to f32) -> cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/loops.f90":6:9)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b3 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/loops.f90":6:23)
    %15 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/loops.f90":35:5)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b5 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %16 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":35:21)
    %17 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/loops.f90":33:9)
    %18 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/loops.f90":33:9)
    %19 = acc.firstprivate varPtr(@lbound(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,2)"} loc("in/fortran/ok/loops.f90":33:9)
    %20 = acc.firstprivate varPtr(@stride(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,2)"} loc("in/fortran/ok/loops.f90":33:9)
    %21 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":34:13)
    acc.kernels combined(loop) dataOperands(%15, %16) firstprivate(%17, %18, %19, %20, %21) {
      %22 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":34:3)
      %23 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/fortran/ok/loops.f90":33:34)
      acc.loop combined(kernels) gang(num: 4) vector(32) private(%22) reduction(%23) control(%j = 1 to <= "m" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":33:9)
      acc.code {
        acc.loop op([6]) seq (@j = 1 : i32 while Le load(&@m) step 1 : i32) {
          store Add(load(&@total), load(cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(1 : i32 to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64])) : f32 -> &@total
        }
      }
      acc.yield
    } loc("in/fortran/ok/loops.f90":33:9)
    acc.copyout accPtr(%15) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/loops.f90":35:5)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b7 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    acc.delete accPtr(%16) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":35:21)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b9 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %24 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":40:5)
    %25 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":39:16)
    %26 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/loops.f90":38:9)
    %27 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/loops.f90":38:9)
    %28 = acc.firstprivate varPtr(@lbound(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,2)"} loc("in/fortran/ok/loops.f90":38:9)
    %29 = acc.firstprivate varPtr(@stride(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,2)"} loc("in/fortran/ok/loops.f90":38:9)
    acc.serial combined(loop) dataOperands(%24) firstprivate(%25, %26, %27, %28, %29) {
      %30 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":39:3)
      acc.loop combined(serial) auto private(%30) control(%j = 1 to <= "m" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":38:9)
      acc.code {
        acc.loop op([8]) seq (@j = 1 : i32 while Le load(&@m) step 1 : i32) {
          store cast(3 : i32 to f32) -> cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(1 : i32 to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/loops.f90":38:9)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b11 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    acc.copyout accPtr(%24) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b10, %b11) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":40:5)
  }
}
