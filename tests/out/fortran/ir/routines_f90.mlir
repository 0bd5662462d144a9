module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/routines.f90":43:13)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/routines.f90":42:9)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/routines.f90":43:3)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/routines.f90":42:35)
  func.func @weight() loc("in/fortran/ok/routines.f90":9:5) {
    acc.routine func(@weight) seq loc("in/fortran/ok/routines.f90":9:11)
  }
  func.func @shift() loc("in/fortran/ok/routines.f90":16:5) {
    acc.routine func(@shift) seq loc("in/fortran/ok/routines.f90":16:11)
  }
  func.func @driver() loc("in/fortran/ok/routines.f90":39:3) {
    acc.routine func(@twice) named seq loc("in/fortran/ok/routines.f90":39:9)
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/routines.f90":42:49)
    %1 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/routines.f90":44:5)
    %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/routines.f90":43:13)
    %3 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/routines.f90":42:9)
    %4 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/routines.f90":42:9)
    acc.parallel combined(loop) dataOperands(%0, %1) firstprivate(%2, %3, %4) {
      %5 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/routines.f90":43:3)
      %6 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/fortran/ok/routines.f90":42:35)
      acc.loop combined(parallel) private(%5) reduction(%6) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/routines.f90":42:9)
      acc.code {
        local %l0.argument : f32 temporary
        acc.loop op([3]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Add(Add(Add(load(&@total), call @__routines_lib_MOD_weight(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64], load(&@i)) : f32) : f32, call @twice_({ declare %l0.argument = Add(load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]), cast(1 : i32 to f32)) : f32; &%l0.argument }) : f32) : f32, call @__accc_fn_dcd24a03_driver_square(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]) : f32) : f32 -> &@total
        }
      }
      acc.yield
    } loc("in/fortran/ok/routines.f90":42:9)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%0) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/routines.f90":42:49)
    acc.copyout accPtr(%1) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/fortran/ok/routines.f90":44:5)
    %b2 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %7 = acc.copyin varPtr(@b : !acc.array<1:?x1:4xf32>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b"} loc("in/fortran/ok/routines.f90":46:28)
    %8 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/routines.f90":47:13)
    %9 = acc.firstprivate varPtr(@lbound(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(b,1)"} loc("in/fortran/ok/routines.f90":46:9)
    %10 = acc.firstprivate varPtr(@stride(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(b,1)"} loc("in/fortran/ok/routines.f90":46:9)
    %11 = acc.firstprivate varPtr(@lbound(b,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(b,2)"} loc("in/fortran/ok/routines.f90":46:9)
    %12 = acc.firstprivate varPtr(@stride(b,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(b,2)"} loc("in/fortran/ok/routines.f90":46:9)
    acc.parallel combined(loop) dataOperands(%7) firstprivate(%8, %9, %10, %11, %12) {
      %13 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/routines.f90":47:3)
      acc.loop combined(parallel) private(%13) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/routines.f90":46:9)
      acc.code {
        local %l0.argument : i32 temporary
        local %l1.argument : f32 temporary
        acc.loop op([5]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          eval call @__routines_lib_MOD_shift({ declare %l0.argument = 4 : i32; &%l0.argument }, cast(cast(&@b to !acc.ptr<f32>)[Add(Mul(Sub(cast(1 : i32 to i64), load(&@lbound(b,1))) : i64, load(&@stride(b,1))) : i64, Mul(Sub(cast(load(&@i) to i64), load(&@lbound(b,2))) : i64, load(&@stride(b,2))) : i64) : i64] to !acc.ptr<f32>), { declare %l1.argument = Mul(0.5 : f32, cast(load(&@i) to f32)) : f32; &%l1.argument }) : none
        }
      }
      acc.yield
    } loc("in/fortran/ok/routines.f90":46:9)
    %b4 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%7) to varPtr(@b : !acc.array<1:?x1:4xf32>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b"} loc("in/fortran/ok/routines.f90":46:28)
  }
  func.func @square() loc("in/fortran/ok/routines.f90":52:5) {
    acc.routine func(@square) seq loc("in/fortran/ok/routines.f90":52:11)
  }
}
