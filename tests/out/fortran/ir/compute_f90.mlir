module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/compute.f90":12:80)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/compute.f90":12:64)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/compute.f90":13:39)
  func.func @compute() loc("in/fortran/ok/compute.f90":11:3) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a", async = "q"} loc("in/fortran/ok/compute.f90":12:42)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %1 = acc.create varPtr(@b : !acc.array<1:?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b", async = "q"} loc("in/fortran/ok/compute.f90":12:53)
    %2 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "i"} loc("in/fortran/ok/compute.f90":12:64)
    %3 = acc.firstprivate varPtr(@q : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "q"} loc("in/fortran/ok/compute.f90":12:80)
    %4 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/compute.f90":14:13)
    %5 = acc.reduction varPtr(@s : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":13:39)
    acc.parallel dataOperands(%0, %1) private(%2) firstprivate(%3, %4) reduction(%5) async("q") wait(1, 2) num_gangs({4}) num_workers(2) vector_length(128) if("n > 10") self(".false.") default(present) {
      acc.yield
    } loc("in/fortran/ok/compute.f90":11:9)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%0) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a", async = "q"} loc("in/fortran/ok/compute.f90":12:42)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%1) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b", async = "q"} loc("in/fortran/ok/compute.f90":12:53)
    %6 = acc.copyin varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":18:21)
    acc.serial dataOperands(%6) {
      acc.yield
    } loc("in/fortran/ok/compute.f90":18:9)
    acc.copyout accPtr(%6) to varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":18:21)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %7 = acc.create varPtr(@b : !acc.array<1:?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/compute.f90":21:24)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %8 = acc.copyin varPtr(@a : !acc.array<1:?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/compute.f90":21:45)
    acc.kernels dataOperands(%7, %8) num_gangs({8} [nvidia]) num_gangs({2} [*]) {
      acc.yield
    } loc("in/fortran/ok/compute.f90":21:9)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%7) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/compute.f90":21:24)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%8) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/compute.f90":21:45)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %9 = acc.nocreate varPtr(@a : !acc.array<1:?xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "A"} loc("in/fortran/ok/compute.f90":25:28)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %10 = acc.copyin varPtr(@b : !acc.array<1:?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "B"} loc("in/fortran/ok/compute.f90":25:50)
    %11 = acc.copyin varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "N"} loc("in/fortran/ok/compute.f90":25:53)
    %12 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "I"} loc("in/fortran/ok/compute.f90":25:64)
    acc.parallel dataOperands(%9, %10, %11) private(%12) default(none) {
      acc.yield
    } loc("in/fortran/ok/compute.f90":25:9)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%9) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "A"} loc("in/fortran/ok/compute.f90":25:28)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%10) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "B"} loc("in/fortran/ok/compute.f90":25:50)
    acc.copyout accPtr(%11) to varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "N"} loc("in/fortran/ok/compute.f90":25:53)
  }
}
