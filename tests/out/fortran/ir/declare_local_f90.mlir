module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/declare_local.f90":16:15)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/declare_local.f90":15:11)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/declare_local.f90":16:5)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/declare_local.f90":42:48)
  func.func @scale() loc("in/fortran/ok/declare_local.f90":14:5) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":14:24)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %1 = acc.create varPtr(@t : !acc.array<1:?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_create>, structured = true, name = "t"} loc("in/fortran/ok/declare_local.f90":14:34)
    acc.declare dataOperands(%0, %1) loc("in/fortran/ok/declare_local.f90":14:11)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":14:24)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%1) to varPtr(@t : !acc.array<1:?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_create>, structured = true, name = "t"} loc("in/fortran/ok/declare_local.f90":14:34)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %2 = acc.present varPtr(@a : !acc.array<1:?xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":15:33)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %3 = acc.present varPtr(@t : !acc.array<1:?xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_present>, structured = true, name = "t"} loc("in/fortran/ok/declare_local.f90":15:36)
    %4 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/declare_local.f90":16:15)
    %5 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/declare_local.f90":15:11)
    %6 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/declare_local.f90":15:11)
    %7 = acc.firstprivate varPtr(@lbound(t,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(t,1)"} loc("in/fortran/ok/declare_local.f90":15:11)
    %8 = acc.firstprivate varPtr(@stride(t,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(t,1)"} loc("in/fortran/ok/declare_local.f90":15:11)
    acc.parallel combined(loop) dataOperands(%2, %3) firstprivate(%4, %5, %6, %7, %8) {
      %9 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/declare_local.f90":16:5)
      acc.loop combined(parallel) private(%9) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/declare_local.f90":15:11)
      acc.code {
        acc.loop op([1]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Mul(cast(2 : i32 to f32), load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])) : f32 -> cast(&@t to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(t,1))) : i64, load(&@stride(t,1))) : i64]
          store Add(load(cast(&@t to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(t,1))) : i64, load(&@stride(t,1))) : i64]), cast(1 : i32 to f32)) : f32 -> cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/declare_local.f90":15:11)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%2) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b6) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":15:33)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%3) to varPtr(@t : !acc.array<1:?xf32>) bounds(%b7) {dataClause = #acc<data_clause acc_present>, structured = true, name = "t"} loc("in/fortran/ok/declare_local.f90":15:36)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %10 = acc.present varPtr(@a : !acc.array<1:?xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":23:37)
    %11 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/declare_local.f90":24:19)
    %12 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/declare_local.f90":23:15)
    %13 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/declare_local.f90":23:15)
    acc.parallel combined(loop) dataOperands(%10) firstprivate(%11, %12, %13) {
      %14 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/declare_local.f90":24:9)
      acc.loop combined(parallel) private(%14) control(%j = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/declare_local.f90":23:15)
      acc.code {
        acc.loop op([3]) seq (@j = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Add(load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]), cast(10 : i32 to f32)) : f32 -> cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@j) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/declare_local.f90":23:15)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%10) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":23:37)
  }
  func.func @total() loc("in/fortran/ok/declare_local.f90":40:5) {
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %15 = acc.copyin varPtr(@a : !acc.array<1:?xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":40:26)
    acc.declare dataOperands(%15) loc("in/fortran/ok/declare_local.f90":40:11)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%15) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":40:26)
    %b12 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %16 = acc.present varPtr(@a : !acc.array<1:?xf32>) bounds(%b12) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":42:33)
    %17 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/declare_local.f90":44:7)
    %18 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/declare_local.f90":43:15)
    %19 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/declare_local.f90":42:11)
    %20 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/declare_local.f90":42:11)
    acc.parallel combined(loop) dataOperands(%16, %17) firstprivate(%18, %19, %20) {
      %21 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/declare_local.f90":43:5)
      %22 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/fortran/ok/declare_local.f90":42:48)
      acc.loop combined(parallel) private(%21) reduction(%22) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/declare_local.f90":42:11)
      acc.code {
        acc.loop op([6]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Add(load(&@total), load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])) : f32 -> &@total
        }
      }
      acc.yield
    } loc("in/fortran/ok/declare_local.f90":42:11)
    %b13 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%16) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b13) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a"} loc("in/fortran/ok/declare_local.f90":42:33)
    acc.copyout accPtr(%17) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/declare_local.f90":44:7)
  }
  func.func @declare_local() loc("in/fortran/ok/declare_local.f90":56:3) {
    %b14 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    %23 = acc.create varPtr(@b : !acc.array<1:100xf32>) bounds(%b14) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/declare_local.f90":56:24)
    acc.declare dataOperands(%23) loc("in/fortran/ok/declare_local.f90":56:9)
    %b15 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    acc.delete accPtr(%23) to varPtr(@b : !acc.array<1:100xf32>) bounds(%b15) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/declare_local.f90":56:24)
    %b16 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    %24 = acc.present varPtr(@b : !acc.array<1:100xf32>) bounds(%b16) {dataClause = #acc<data_clause acc_present>, structured = true, name = "b"} loc("in/fortran/ok/declare_local.f90":57:31)
    acc.parallel combined(loop) dataOperands(%24) {
      %25 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/declare_local.f90":58:3)
      acc.loop combined(parallel) private(%25) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/declare_local.f90":57:9)
      acc.code {
        acc.loop op([9]) seq (@i = 1 : i32 while Le 100 : i32 step 1 : i32) {
          store cast(load(&@i) to f32) -> cast(&@b to !acc.ptr<f32>)[Sub(cast(load(&@i) to i64), 1 : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/declare_local.f90":57:9)
    %b17 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    acc.delete accPtr(%24) to varPtr(@b : !acc.array<1:100xf32>) bounds(%b17) {dataClause = #acc<data_clause acc_present>, structured = true, name = "b"} loc("in/fortran/ok/declare_local.f90":57:31)
    %b18 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    %26 = acc.getdeviceptr varPtr(@b : !acc.array<1:100xf32>) bounds(%b18) {dataClause = #acc<data_clause acc_self>, structured = false, name = "b"} loc("in/fortran/ok/declare_local.f90":61:21)
    acc.update dataOperands(%26) loc("in/fortran/ok/declare_local.f90":61:9)
    %b19 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(1)
    acc.update_host accPtr(%26) to varPtr(@b : !acc.array<1:100xf32>) bounds(%b19) {dataClause = #acc<data_clause acc_self>, structured = false, name = "b"} loc("in/fortran/ok/declare_local.f90":61:21)
  }
}
