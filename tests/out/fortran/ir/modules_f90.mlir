module attributes {acc.language = "fortran"} {
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/modules.f90":36:5)
  %b0 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
  %0 = acc.create varPtr(@glob : !acc.array<1:64xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_create>, structured = false, name = "glob"} loc("in/fortran/ok/modules.f90":19:24)
  %1 = acc.copyin varPtr(@counter : i32) {dataClause = #acc<data_clause acc_copyin>, structured = false, name = "counter"} loc("in/fortran/ok/modules.f90":19:37)
  acc.global_declare dataOperands(%0, %1) loc("in/fortran/ok/modules.f90":19:9)
  func.func @step() loc("in/fortran/ok/modules.f90":25:5) {
    acc.routine func(@step) seq loc("in/fortran/ok/modules.f90":25:11)
  }
  func.func @run() loc("in/fortran/ok/modules.f90":34:5) {
    %2 = acc.copyin varPtr(@g : !acc.struct<grid>) {dataClause = #acc<data_clause acc_copyin>, structured = false, name = "g"} loc("in/fortran/ok/modules.f90":34:29)
    %b1 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 1) - (lbound(g%u, 1))") extent("size(g%u, 1)") stride(1) startIdx("lbound(g%u, 1)")
    %b2 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 2) - (lbound(g%u, 2))") extent("size(g%u, 2)") stride(1) startIdx("lbound(g%u, 2)")
    %3 = acc.create varPtr(@g->u : !acc.array<1:?x1:?xf64>) bounds(%b1, %b2) {dataClause = #acc<data_clause acc_create>, structured = false, name = "g%u"} loc("in/fortran/ok/modules.f90":34:39)
    acc.enter_data dataOperands(%2, %3) loc("in/fortran/ok/modules.f90":34:11)
    %b3 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 1) - (lbound(g%u, 1))") extent("size(g%u, 1)") stride(1) startIdx("lbound(g%u, 1)")
    %b4 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 2) - (lbound(g%u, 2))") extent("size(g%u, 2)") stride(1) startIdx("lbound(g%u, 2)")
    %4 = acc.present varPtr(@g->u : !acc.array<1:?x1:?xf64>) bounds(%b3, %b4) {dataClause = #acc<data_clause acc_present>, structured = true, name = "g%u"} loc("in/fortran/ok/modules.f90":35:45)
    %b5 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    %5 = acc.present varPtr(@glob : !acc.array<1:64xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_present>, structured = true, name = "glob"} loc("in/fortran/ok/modules.f90":35:50)
    %6 = acc.present varPtr(@g : !acc.struct<grid>) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "g"} loc("in/fortran/ok/modules.f90":36:15)
    acc.parallel combined(loop) dataOperands(%4, %5, %6) default(present) {
      %7 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/modules.f90":36:5)
      %8 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/modules.f90":37:7)
      acc.loop combined(parallel) collapse(2) private(%7, %8) control(%j = 1 to <= "g%ny" step ?, %i = 1 to <= "g%nx" step ?) {
        acc.yield
      } loc("in/fortran/ok/modules.f90":35:11)
      acc.code {
        acc.loop op([3]) seq (@j = 1 : i32 while Le load(&@g.#1) step 1 : i32, @i = 1 : i32 while Le load(&@g.#0) step 1 : i32) {
          store Add(load(cast(&@glob to !acc.ptr<f64>)[Sub(cast(load(&@i) to i64), 1 : i64) : i64]), call @__accc_fn_d6249541_run_helper(&@i) : f64) : f64 -> load(&@g.#2.#0)[Add(Add(load(&@g.#2.#1), Mul(cast(load(&@i) to i64), load(cast(&@g.#2.#8 to !acc.ptr<!acc.struct<__gfc_dim>>)[0 : i64].#0)) : i64) : i64, Mul(cast(load(&@j) to i64), load(cast(&@g.#2.#8 to !acc.ptr<!acc.struct<__gfc_dim>>)[1 : i64].#0)) : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/modules.f90":35:11)
    %b6 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 1) - (lbound(g%u, 1))") extent("size(g%u, 1)") stride(1) startIdx("lbound(g%u, 1)")
    %b7 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 2) - (lbound(g%u, 2))") extent("size(g%u, 2)") stride(1) startIdx("lbound(g%u, 2)")
    acc.delete accPtr(%4) to varPtr(@g->u : !acc.array<1:?x1:?xf64>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_present>, structured = true, name = "g%u"} loc("in/fortran/ok/modules.f90":35:45)
    %b8 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(1)
    acc.delete accPtr(%5) to varPtr(@glob : !acc.array<1:64xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_present>, structured = true, name = "glob"} loc("in/fortran/ok/modules.f90":35:50)
    acc.delete accPtr(%6) to varPtr(@g : !acc.struct<grid>) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "g"} loc("in/fortran/ok/modules.f90":36:15)
    %b9 = acc.bounds lowerbound("1 - (lbound(g%u, 1))") upperbound("g%nx - (lbound(g%u, 1))") extent("g%nx") stride(1) startIdx("lbound(g%u, 1)")
    %b10 = acc.bounds lowerbound("1 - (lbound(g%u, 2))") upperbound("1 - (lbound(g%u, 2))") extent(1) stride(1) startIdx("lbound(g%u, 2)")
    %9 = acc.getdeviceptr varPtr(@g->u : !acc.array<1:1x1:?xf64>) bounds(%b9, %b10) {dataClause = #acc<data_clause acc_host>, structured = false, name = "g%u(1:g%nx, 1)"} loc("in/fortran/ok/modules.f90":41:23)
    %b11 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    %10 = acc.getdeviceptr varPtr(@glob : !acc.array<1:4xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_self>, structured = false, name = "glob(1:4)"} loc("in/fortran/ok/modules.f90":41:44)
    %b12 = acc.bounds lowerbound(0) upperbound(2) extent(3) stride(1) startIdx(1)
    %11 = acc.update_device varPtr(@g.coef : !acc.array<1:3xf64>) bounds(%b12) {dataClause = #acc<data_clause acc_device>, structured = false, name = "g%coef"} loc("in/fortran/ok/modules.f90":41:62)
    acc.update dataOperands(%9, %10, %11) loc("in/fortran/ok/modules.f90":41:11)
    %b13 = acc.bounds lowerbound("1 - (lbound(g%u, 1))") upperbound("g%nx - (lbound(g%u, 1))") extent("g%nx") stride(1) startIdx("lbound(g%u, 1)")
    %b14 = acc.bounds lowerbound("1 - (lbound(g%u, 2))") upperbound("1 - (lbound(g%u, 2))") extent(1) stride(1) startIdx("lbound(g%u, 2)")
    acc.update_host accPtr(%9) to varPtr(@g->u : !acc.array<1:1x1:?xf64>) bounds(%b13, %b14) {dataClause = #acc<data_clause acc_host>, structured = false, name = "g%u(1:g%nx, 1)"} loc("in/fortran/ok/modules.f90":41:23)
    %b15 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    acc.update_host accPtr(%10) to varPtr(@glob : !acc.array<1:4xf64>) bounds(%b15) {dataClause = #acc<data_clause acc_self>, structured = false, name = "glob(1:4)"} loc("in/fortran/ok/modules.f90":41:44)
    %b16 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 1) - (lbound(g%u, 1))") extent("size(g%u, 1)") stride(1) startIdx("lbound(g%u, 1)")
    %b17 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 2) - (lbound(g%u, 2))") extent("size(g%u, 2)") stride(1) startIdx("lbound(g%u, 2)")
    %12 = acc.getdeviceptr varPtr(@g->u : !acc.array<1:?x1:?xf64>) bounds(%b16, %b17) {dataClause = #acc<data_clause acc_copyout>, structured = false, name = "g%u"} loc("in/fortran/ok/modules.f90":42:29)
    %13 = acc.getdeviceptr varPtr(@g : !acc.struct<grid>) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "g"} loc("in/fortran/ok/modules.f90":42:41)
    acc.exit_data dataOperands(%12, %13) finalize loc("in/fortran/ok/modules.f90":42:11)
    %b18 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 1) - (lbound(g%u, 1))") extent("size(g%u, 1)") stride(1) startIdx("lbound(g%u, 1)")
    %b19 = acc.bounds lowerbound(0) upperbound("ubound(g%u, 2) - (lbound(g%u, 2))") extent("size(g%u, 2)") stride(1) startIdx("lbound(g%u, 2)")
    acc.copyout accPtr(%12) to varPtr(@g->u : !acc.array<1:?x1:?xf64>) bounds(%b18, %b19) {dataClause = #acc<data_clause acc_copyout>, structured = false, name = "g%u"} loc("in/fortran/ok/modules.f90":42:29)
    acc.delete accPtr(%13) to varPtr(@g : !acc.struct<grid>) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "g"} loc("in/fortran/ok/modules.f90":42:41)
  }
  func.func @helper() loc("in/fortran/ok/modules.f90":46:7) {
    acc.routine func(@helper) vector loc("in/fortran/ok/modules.f90":46:13)
  }
  func.func @main() loc("in/fortran/ok/modules.f90":57:3) {
    %14 = acc.copyin varPtr(@x : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/fortran/ok/modules.f90":57:23)
    %15 = acc.copyin varPtr(@total : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "total"} loc("in/fortran/ok/modules.f90":57:26)
    acc.parallel dataOperands(%14, %15) {
      acc.code {
        store Add(load(&@x), cast(load(&@total) to f64)) : f64 -> &@x
      }
      acc.yield
    } loc("in/fortran/ok/modules.f90":57:9)
    acc.copyout accPtr(%14) to varPtr(@x : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/fortran/ok/modules.f90":57:23)
    acc.copyout accPtr(%15) to varPtr(@total : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "total"} loc("in/fortran/ok/modules.f90":57:26)
  }
}
