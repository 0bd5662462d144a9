module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/loops.f90":8:13)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/loops.f90":33:9)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/loops.f90":15:31)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/loops.f90":33:34)
  func.func @loops() loc("in/fortran/ok/loops.f90":6:3) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b1 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/loops.f90":6:23)
    %1 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":8:13)
    %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/loops.f90":9:15)
    acc.parallel dataOperands(%0) firstprivate(%1, %2) num_gangs({8}) {
      %3 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":8:3)
      %4 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":9:5)
      acc.loop gang collapse(2) private(%3, %4) control(%j = 1 to <= "m" step ?, %i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":7:9)
      %5 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":14:3)
      acc.loop gang(static: *) worker private(%5) control(%j = "m" to >= 1 step -1) {
        %6 = acc.private varPtr(@k : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "k"} loc("in/fortran/ok/loops.f90":15:31)
        %7 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":16:5)
        acc.loop vector private(%6, %7) control(%i = "n" to >= 1 step -2) {
          acc.yield
        } loc("in/fortran/ok/loops.f90":15:11)
        acc.yield
      } loc("in/fortran/ok/loops.f90":13:9)
      %8 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":22:3)
      acc.loop seq private(%8) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":21:9)
      %9 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":26:3)
      %10 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/loops.f90":27:5)
      acc.loop independent tile(2, *) private(%9, %10) control(%j = 1 to <= "m" step ?, %i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":25:9)
      acc.yield
    } loc("in/fortran/ok/loops.f90":6:9)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b3 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/loops.f90":6:23)
    %11 = acc.copyin varPtr(@m : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":34:13)
    %12 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/loops.f90":35:5)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b5 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %13 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":35:21)
    %14 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/loops.f90":33:9)
    %15 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/loops.f90":33:9)
    %16 = acc.firstprivate varPtr(@lbound(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,2)"} loc("in/fortran/ok/loops.f90":33:9)
    %17 = acc.firstprivate varPtr(@stride(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,2)"} loc("in/fortran/ok/loops.f90":33:9)
    acc.kernels combined(loop) dataOperands(%11, %12, %13) firstprivate(%14, %15, %16, %17) {
      %18 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":34:3)
      %19 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/fortran/ok/loops.f90":33:34)
      acc.loop combined(kernels) gang(num: 4) vector(32) private(%18) reduction(%19) control(%j = 1 to <= "m" step ?) {
        acc.yield
      } loc("in/fortran/ok/loops.f90":33:9)
      acc.code {
        acc.loop op([6]) seq (@j = 1 : i32 while Le load(&@m) step 1 : i32) {
          store Add(load(&@total), load(cast(&@a to !acc.ptr<f32>)[Add(Mul(Sub(cast(1 : i32 to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64, Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,2))) : i64, load(&@stride(a,2))) : i64) : i64])) : f32 -> &@total
        }
      }
      acc.yield
    } loc("in/fortran/ok/loops.f90":33:9)
    acc.copyout accPtr(%11) to varPtr(@m : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":34:13)
    acc.copyout accPtr(%12) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/loops.f90":35:5)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b7 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    acc.copyout accPtr(%13) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":35:21)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %b9 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(1)
    %20 = acc.copyin varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":40:5)
    %21 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/fortran/ok/loops.f90":39:16)
    %22 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/loops.f90":38:9)
    %23 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/loops.f90":38:9)
    %24 = acc.firstprivate varPtr(@lbound(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,2)"} loc("in/fortran/ok/loops.f90":38:9)
    %25 = acc.firstprivate varPtr(@stride(a,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,2)"} loc("in/fortran/ok/loops.f90":38:9)
    acc.serial combined(loop) dataOperands(%20) firstprivate(%21, %22, %23, %24, %25) {
      %26 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/loops.f90":39:3)
      acc.loop combined(serial) auto private(%26) control(%j = 1 to <= "m" step ?) {
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
    acc.copyout accPtr(%20) to varPtr(@a : !acc.array<1:?x1:?xf32>) bounds(%b10, %b11) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:n, 1:m)"} loc("in/fortran/ok/loops.f90":40:5)
  }
}
