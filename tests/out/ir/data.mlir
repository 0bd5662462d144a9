module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_f64 : f64 init(copy) loc("in/c/ok/data.c":9:52)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/data.c":9:29)
  func.func @data_forms() loc("in/c/ok/data.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":6:23)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/data.c":6:38)
    acc.data dataOperands(%0, %1) {
      %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/data.c":9:29)
      %3 = acc.firstprivate varPtr(@scale : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "scale"} loc("in/c/ok/data.c":9:52)
      acc.parallel combined(loop) firstprivate(%2, %3) {
        acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/data.c":8:13)
        acc.code {
          local %l0.i : i32
          acc.loop op([1]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(load(&@a)[load(&%l0.i)]), Mul(load(load(&@b)[load(&%l0.i)]), load(&@scale)) : f64) : f64 -> load(&@a)[load(&%l0.i)]
          }
        }
        acc.yield
      } loc("in/c/ok/data.c":8:13)
      acc.terminator
    } loc("in/c/ok/data.c":6:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":6:23)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@b : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/data.c":6:38)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %4 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, modifiers = readonly, structured = true, name = "b[0:n]", async = 1} loc("in/c/ok/data.c":11:35)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %5 = acc.create varPtr(@a : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyout>, modifiers = zero, structured = true, name = "a[0:n]", async = 1} loc("in/c/ok/data.c":11:57)
    %b6 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %6 = acc.create varPtr(@rows : !acc.array<4x!acc.ptr<f64>>) bounds(%b6) {dataClause = #acc<data_clause acc_create>, structured = true, name = "rows[0:4]", async = 1} loc("in/c/ok/data.c":11:72)
    acc.data dataOperands(%4, %5, %6) if("n > 16") async(1) wait(2) {
      %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      %7 = acc.present varPtr(@a : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":13:26)
      %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      %8 = acc.nocreate varPtr(@b : !acc.array<?xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "b[0:n]"} loc("in/c/ok/data.c":13:44)
      %9 = acc.attach varPtr(@rows[0] : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_attach>, structured = true, name = "rows[0]"} loc("in/c/ok/data.c":13:59)
      acc.data dataOperands(%7, %8, %9) default(present) {
        acc.kernels {
          acc.code {
            store load(load(&@b)[0 : i32]) -> load(&@a)[0 : i32]
          }
          acc.yield
        } loc("in/c/ok/data.c":15:13)
        acc.terminator
      } loc("in/c/ok/data.c":13:13)
      %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      acc.delete accPtr(%7) to varPtr(@a : !acc.array<?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":13:26)
      %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      acc.delete accPtr(%8) to varPtr(@b : !acc.array<?xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "b[0:n]"} loc("in/c/ok/data.c":13:44)
      acc.detach accPtr(%9) to varPtr(@rows[0] : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_attach>, structured = true, name = "rows[0]"} loc("in/c/ok/data.c":13:59)
      acc.terminator
    } loc("in/c/ok/data.c":11:13)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@b : !acc.array<?xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_copyin>, modifiers = readonly, structured = true, name = "b[0:n]", async = 1} loc("in/c/ok/data.c":11:35)
    %b12 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%5) to varPtr(@a : !acc.array<?xf64>) bounds(%b12) {dataClause = #acc<data_clause acc_copyout>, modifiers = zero, structured = true, name = "a[0:n]", async = 1} loc("in/c/ok/data.c":11:57)
    %b13 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.delete accPtr(%6) to varPtr(@rows : !acc.array<4x!acc.ptr<f64>>) bounds(%b13) {dataClause = #acc<data_clause acc_create>, structured = true, name = "rows[0:4]", async = 1} loc("in/c/ok/data.c":11:72)
    %10 = acc.deviceptr varPtr(@b : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_deviceptr>, structured = true, name = "b", async = noval, async = 3 [nvidia]} loc("in/c/ok/data.c":19:28)
    acc.data dataOperands(%10) async(noval) async(3 [nvidia]) wait(4) [nvidia] {
      acc.terminator
    } loc("in/c/ok/data.c":19:13)
    %b14 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %11 = acc.create varPtr(@a : !acc.array<?xf64>) bounds(%b14) {dataClause = #acc<data_clause acc_create>, modifiers = zero, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":21:31)
    acc.data dataOperands(%11) default(none) {
      %12 = acc.use_device varPtr(@a : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "a"} loc("in/c/ok/data.c":23:34)
      acc.host_data dataOperands(%12) {
        acc.terminator
      } loc("in/c/ok/data.c":23:13)
      %13 = acc.use_device varPtr(@a : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "a"} loc("in/c/ok/data.c":25:34)
      %14 = acc.use_device varPtr(@b : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "b"} loc("in/c/ok/data.c":25:37)
      acc.host_data dataOperands(%13, %14) if("n") if_present {
        acc.terminator
      } loc("in/c/ok/data.c":25:13)
      acc.terminator
    } loc("in/c/ok/data.c":21:13)
    %b15 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%11) to varPtr(@a : !acc.array<?xf64>) bounds(%b15) {dataClause = #acc<data_clause acc_create>, modifiers = zero, structured = true, name = "a[0:n]"} loc("in/c/ok/data.c":21:31)
  }
}
