module attributes {acc.language = "fortran"} {
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/module_allocatables.f90":23:5)
  %b0 = acc.bounds lowerbound(0) upperbound("ubound(u, 1) - (lbound(u, 1))") extent("size(u, 1)") stride(1) startIdx("lbound(u, 1)")
  %b1 = acc.bounds lowerbound(0) upperbound("ubound(u, 2) - (lbound(u, 2))") extent("size(u, 2)") stride(1) startIdx("lbound(u, 2)")
  %0 = acc.create varPtr(@u : !acc.array<1:?x1:?xf64>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_create>, structured = false, name = "u"} loc("in/fortran/ok/module_allocatables.f90":8:24)
  %b2 = acc.bounds lowerbound(0) upperbound("ubound(p, 1) - (lbound(p, 1))") extent("size(p, 1)") stride(1) startIdx("lbound(p, 1)")
  %1 = acc.create varPtr(@p : !acc.array<1:?xi32>) bounds(%b2) {dataClause = #acc<data_clause acc_create>, structured = false, name = "p"} loc("in/fortran/ok/module_allocatables.f90":8:27)
  acc.global_declare dataOperands(%0, %1) loc("in/fortran/ok/module_allocatables.f90":8:9)
  func.func @cell() loc("in/fortran/ok/module_allocatables.f90":11:5) {
    acc.routine func(@cell) seq loc("in/fortran/ok/module_allocatables.f90":11:11)
  }
  func.func @run() loc("in/fortran/ok/module_allocatables.f90":21:5) {
    %b3 = acc.bounds lowerbound(0) upperbound("ubound(u, 1) - (lbound(u, 1))") extent("size(u, 1)") stride(1) startIdx("lbound(u, 1)")
    %b4 = acc.bounds lowerbound(0) upperbound("ubound(u, 2) - (lbound(u, 2))") extent("size(u, 2)") stride(1) startIdx("lbound(u, 2)")
    %2 = acc.update_device varPtr(@u : !acc.array<1:?x1:?xf64>) bounds(%b3, %b4) {dataClause = #acc<data_clause acc_device>, structured = false, name = "u"} loc("in/fortran/ok/module_allocatables.f90":21:25)
    %b5 = acc.bounds lowerbound(0) upperbound("ubound(p, 1) - (lbound(p, 1))") extent("size(p, 1)") stride(1) startIdx("lbound(p, 1)")
    %3 = acc.update_device varPtr(@p : !acc.array<1:?xi32>) bounds(%b5) {dataClause = #acc<data_clause acc_device>, structured = false, name = "p"} loc("in/fortran/ok/module_allocatables.f90":21:28)
    acc.update dataOperands(%2, %3) loc("in/fortran/ok/module_allocatables.f90":21:11)
    %b6 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    %4 = acc.create varPtr(@out : !acc.array<1:8xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "out"} loc("in/fortran/ok/module_allocatables.f90":22:33)
    acc.parallel combined(loop) dataOperands(%4) {
      %5 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/module_allocatables.f90":23:5)
      acc.loop combined(parallel) private(%5) control(%i = 1 to <= 7 step ?) {
        acc.yield
      } loc("in/fortran/ok/module_allocatables.f90":22:11)
      acc.code {
        acc.loop op([3]) seq (@i = 1 : i32 while Le 7 : i32 step 1 : i32) {
          store call @__fields_MOD_cell(load(&@i), 2 : i32) : f64 -> cast(&@out to !acc.ptr<f64>)[Sub(cast(load(&@i) to i64), 1 : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/module_allocatables.f90":22:11)
    %b7 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(1)
    acc.copyout accPtr(%4) to varPtr(@out : !acc.array<1:8xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "out"} loc("in/fortran/ok/module_allocatables.f90":22:33)
  }
  func.func @main() loc("in/fortran/ok/module_allocatables.f90":33:23) {
    %b8 = acc.bounds lowerbound(0) upperbound("ubound(u, 1) - (lbound(u, 1))") extent("size(u, 1)") stride(1) startIdx("lbound(u, 1)")
    %b9 = acc.bounds lowerbound(0) upperbound("ubound(u, 2) - (lbound(u, 2))") extent("size(u, 2)") stride(1) startIdx("lbound(u, 2)")
    %6 = acc.create varPtr(@u : !acc.array<1:?x1:?xf64>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_create>, structured = false, name = "u"} loc("in/fortran/ok/module_allocatables.f90":35:1)
    acc.enter_data dataOperands(%6) loc("in/fortran/ok/module_allocatables.f90":34:1)
    %b10 = acc.bounds lowerbound(0) upperbound("ubound(p, 1) - (lbound(p, 1))") extent("size(p, 1)") stride(1) startIdx("lbound(p, 1)")
    %7 = acc.create varPtr(@p : !acc.array<1:?xi32>) bounds(%b10) {dataClause = #acc<data_clause acc_create>, structured = false, name = "p"} loc("in/fortran/ok/module_allocatables.f90":36:3)
    acc.enter_data dataOperands(%7) loc("in/fortran/ok/module_allocatables.f90":35:1)
    %b11 = acc.bounds lowerbound(0) upperbound("ubound(u, 1) - (lbound(u, 1))") extent("size(u, 1)") stride(1) startIdx("lbound(u, 1)")
    %b12 = acc.bounds lowerbound(0) upperbound("ubound(u, 2) - (lbound(u, 2))") extent("size(u, 2)") stride(1) startIdx("lbound(u, 2)")
    %8 = acc.getdeviceptr varPtr(@u : !acc.array<1:?x1:?xf64>) bounds(%b11, %b12) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "u"} loc("in/fortran/ok/module_allocatables.f90":37:4)
    acc.exit_data dataOperands(%8) loc("in/fortran/ok/module_allocatables.f90":36:4)
    %b13 = acc.bounds lowerbound(0) upperbound("ubound(u, 1) - (lbound(u, 1))") extent("size(u, 1)") stride(1) startIdx("lbound(u, 1)")
    %b14 = acc.bounds lowerbound(0) upperbound("ubound(u, 2) - (lbound(u, 2))") extent("size(u, 2)") stride(1) startIdx("lbound(u, 2)")
    acc.delete accPtr(%8) to varPtr(@u : !acc.array<1:?x1:?xf64>) bounds(%b13, %b14) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "u"} loc("in/fortran/ok/module_allocatables.f90":37:4)
    %b15 = acc.bounds lowerbound(0) upperbound("ubound(p, 1) - (lbound(p, 1))") extent("size(p, 1)") stride(1) startIdx("lbound(p, 1)")
    %9 = acc.getdeviceptr varPtr(@p : !acc.array<1:?xi32>) bounds(%b15) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "p"} loc("in/fortran/ok/module_allocatables.f90":38:4)
    acc.exit_data dataOperands(%9) loc("in/fortran/ok/module_allocatables.f90":37:4)
    %b16 = acc.bounds lowerbound(0) upperbound("ubound(p, 1) - (lbound(p, 1))") extent("size(p, 1)") stride(1) startIdx("lbound(p, 1)")
    acc.delete accPtr(%9) to varPtr(@p : !acc.array<1:?xi32>) bounds(%b16) {dataClause = #acc<data_clause acc_delete>, structured = false, name = "p"} loc("in/fortran/ok/module_allocatables.f90":38:4)
  }
}
