module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/fixed.f":7:20)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/fixed.f":5:7)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/fixed.f":7:7)
  func.func @fixed() loc("in/fortran/ok/fixed.f":5:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("N - 1") extent("N") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@A : !acc.array<1:?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "A(1:N)"} loc("in/fortran/ok/fixed.f":5:28)
    %b1 = acc.bounds lowerbound(0) upperbound("N-1") extent("N-1 + 1") stride(1) startIdx(0)
    %1 = acc.create varPtr(@B : !acc.array<?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "B"} loc("in/fortran/ok/fixed.f":6:17)
    %2 = acc.firstprivate varPtr(@N : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "N"} loc("in/fortran/ok/fixed.f":7:20)
    %3 = acc.firstprivate varPtr(@lbound(A,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(A,1)"} loc("in/fortran/ok/fixed.f":5:7)
    %4 = acc.firstprivate varPtr(@stride(A,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(A,1)"} loc("in/fortran/ok/fixed.f":5:7)
    %5 = acc.firstprivate varPtr(@lbound(B,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(B,1)"} loc("in/fortran/ok/fixed.f":5:7)
    %6 = acc.firstprivate varPtr(@stride(B,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(B,1)"} loc("in/fortran/ok/fixed.f":5:7)
    acc.parallel combined(loop) dataOperands(%0, %1) firstprivate(%2, %3, %4, %5, %6) {
      %7 = acc.private varPtr(@I : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "I"} loc("in/fortran/ok/fixed.f":7:7)
      acc.loop combined(parallel) private(%7) control(%I = 1 to <= "N" step ?) {
        acc.yield
      } loc("in/fortran/ok/fixed.f":5:7)
      acc.code {
        acc.loop op([0]) seq (@I = 1 : i32 while Le load(&@N) step 1 : i32) {
          store Add(load(cast(&@A to !acc.ptr<f32>)[Mul(Sub(cast(load(&@I) to i64), load(&@lbound(A,1))) : i64, load(&@stride(A,1))) : i64]), 1.0 : f32) : f32 -> cast(&@B to !acc.ptr<f32>)[Mul(Sub(cast(Sub(load(&@I), 1 : i32) : i32 to i64), load(&@lbound(B,1))) : i64, load(&@stride(B,1))) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/fixed.f":5:7)
    %b2 = acc.bounds lowerbound(0) upperbound("N - 1") extent("N") stride(1) startIdx(1)
    acc.delete accPtr(%0) to varPtr(@A : !acc.array<1:?xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "A(1:N)"} loc("in/fortran/ok/fixed.f":5:28)
    %b3 = acc.bounds lowerbound(0) upperbound("N-1") extent("N-1 + 1") stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@B : !acc.array<?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "B"} loc("in/fortran/ok/fixed.f":6:17)
    %b4 = acc.bounds lowerbound(0) upperbound("N/2") extent("N/2 + 1") stride(1) startIdx(0)
    %8 = acc.create varPtr(@B : !acc.array<?xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_create>, structured = true, name = "B(0:N/2)"} loc("in/fortran/ok/fixed.f":11:19)
    acc.data dataOperands(%8) {
      %9 = acc.firstprivate varPtr(@lbound(B,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(B,1)"} loc("in/fortran/ok/fixed.f":12:7)
      %10 = acc.firstprivate varPtr(@stride(B,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(B,1)"} loc("in/fortran/ok/fixed.f":12:7)
      acc.kernels firstprivate(%9, %10) {
        acc.code {
          store 0.0 : f32 -> cast(&@B to !acc.ptr<f32>)[Mul(Sub(cast(0 : i32 to i64), load(&@lbound(B,1))) : i64, load(&@stride(B,1))) : i64]
        }
        acc.yield
      } loc("in/fortran/ok/fixed.f":12:7)
      acc.terminator
    } loc("in/fortran/ok/fixed.f":11:7)
    %b5 = acc.bounds lowerbound(0) upperbound("N/2") extent("N/2 + 1") stride(1) startIdx(0)
    acc.delete accPtr(%8) to varPtr(@B : !acc.array<?xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_create>, structured = true, name = "B(0:N/2)"} loc("in/fortran/ok/fixed.f":11:19)
  }
}
