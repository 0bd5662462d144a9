module attributes {acc.language = "fortran"} {
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/macros.F90":11:3)
  func.func @macros() loc("in/fortran/ok/macros.F90":10:3) {
    %b0 = acc.bounds lowerbound(0) upperbound(127) extent(128) stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:128xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a", async = 1} loc("in/fortran/ok/macros.F90":10:28)
    acc.parallel combined(loop) dataOperands(%0) async(1) {
      %1 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/macros.F90":11:3)
      acc.loop combined(parallel) private(%1) control(%i = 1 to <= 128 step ?) {
        acc.yield
      } loc("in/fortran/ok/macros.F90":10:9)
      acc.code {
        acc.loop op([0]) seq (@i = 1 : i32 while Le 128 : i32 step 1 : i32) {
          store cast(202211 : i32 to f32) -> cast(&@a to !acc.ptr<f32>)[Sub(cast(load(&@i) to i64), 1 : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/macros.F90":10:9)
    %b1 = acc.bounds lowerbound(0) upperbound(127) extent(128) stride(1) startIdx(1)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<1:128xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a", async = 1} loc("in/fortran/ok/macros.F90":10:28)
  }
}
