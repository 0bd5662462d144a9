module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_f64 : f64 init(copy) loc("in/fortran/ok/do_concurrent.f90":18:48)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/do_concurrent.f90":26:22)
  acc.private.recipe @privatization_f64 : f64 init(uninitialized) loc("in/fortran/ok/do_concurrent.f90":14:40)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/do_concurrent.f90":14:5)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/do_concurrent.f90":18:32)
  func.func @fill() loc("in/fortran/ok/do_concurrent.f90":14:5) {
    %b0 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b1 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":16:7)
    acc.parallel combined(loop) dataOperands(%0) {
      %1 = acc.private varPtr(@t : f64) recipe(@privatization_f64) {dataClause = #acc<data_clause acc_private>, structured = true, name = "t"} loc("in/fortran/ok/do_concurrent.f90":14:40)
      %2 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/do_concurrent.f90":14:5)
      %3 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/do_concurrent.f90":14:5)
      acc.loop combined(parallel) collapse(2) private(%1, %2, %3) control(%i = 1 to <= "n" step ?, %j = 1 to <= "m" step ?) {
        acc.yield
      } loc("in/fortran/ok/do_concurrent.f90":14:6)
      acc.code {
        acc.loop op([0]) seq (@i = 1 : i32 while Le 64 : i32 step 1 : i32, @j = 1 : i32 while Le 8 : i32 step 1 : i32) {
          store cast(Add(load(&@i), load(&@j)) : i32 to f64) -> &@t
          store Mul(load(&@t), cast(2 : i32 to f64)) : f64 -> cast(&@a to !acc.ptr<f64>)[Add(Sub(cast(load(&@i) to i64), 1 : i64) : i64, Mul(Sub(cast(load(&@j) to i64), 1 : i64) : i64, 64 : i64) : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/do_concurrent.f90":14:6)
    %b2 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b3 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":16:7)
    %4 = acc.copyin varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s"} loc("in/fortran/ok/do_concurrent.f90":18:38)
    %b4 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b5 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    %5 = acc.copyin varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":19:15)
    %6 = acc.firstprivate varPtr(@t : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "t"} loc("in/fortran/ok/do_concurrent.f90":18:48)
    acc.parallel combined(loop) dataOperands(%4, %5) firstprivate(%6) {
      %7 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/do_concurrent.f90":18:5)
      %8 = acc.reduction varPtr(@s : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "s"} loc("in/fortran/ok/do_concurrent.f90":18:32)
      acc.loop combined(parallel) private(%7) reduction(%8) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/do_concurrent.f90":18:6)
      acc.code {
        acc.loop op([2]) seq (@i = 1 : i32 while Le 64 : i32 step 1 : i32) {
          store Add(Add(load(&@s), load(cast(&@a to !acc.ptr<f64>)[Add(Sub(cast(load(&@i) to i64), 1 : i64) : i64, Mul(Sub(cast(1 : i32 to i64), 1 : i64) : i64, 64 : i64) : i64) : i64])) : f64, load(&@t)) : f64 -> &@s
        }
      }
      acc.yield
    } loc("in/fortran/ok/do_concurrent.f90":18:6)
    acc.copyout accPtr(%4) to varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s"} loc("in/fortran/ok/do_concurrent.f90":18:38)
    %b6 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b7 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    acc.delete accPtr(%5) to varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":19:15)
    %b8 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b9 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    %9 = acc.copyin varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":27:9)
    %10 = acc.firstprivate varPtr(@j : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/do_concurrent.f90":26:22)
    acc.parallel combined(loop) dataOperands(%9) firstprivate(%10) {
      %11 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/do_concurrent.f90":25:5)
      acc.loop combined(parallel) private(%11) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/do_concurrent.f90":24:11)
      acc.yield
    } loc("in/fortran/ok/do_concurrent.f90":24:11)
    %b10 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %b11 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    acc.copyout accPtr(%9) to varPtr(@a : !acc.array<1:8x1:64xf64>) bounds(%b10, %b11) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a(1:64, 1:8)"} loc("in/fortran/ok/do_concurrent.f90":27:9)
  }
}
