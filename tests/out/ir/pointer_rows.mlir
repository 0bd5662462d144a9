module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/pointer_rows.c":9:29)
  func.func @pointer_rows() loc("in/c/ok/pointer_rows.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@rows : !acc.array<?x?xf64>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":6:25)
    %b2 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b3 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %1 = acc.create varPtr(@fixed : !acc.array<4x?xf64>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_create>, structured = true, rows = attach, name = "fixed[0:4][0:m]"} loc("in/c/ok/pointer_rows.c":6:48)
    acc.data dataOperands(%0, %1) {
      %b4 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
      %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      %2 = acc.present varPtr(@rows : !acc.array<?x?xf64>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_present>, structured = true, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":8:35)
      %b6 = acc.bounds lowerbound(2) upperbound("2 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
      %b7 = acc.bounds lowerbound(1) upperbound("1 + (n-1 - 1)") extent("n-1") stride(1) startIdx(0)
      %3 = acc.copyin varPtr(@g->rows : !acc.array<?x?xf64>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_copy>, structured = true, rows = attach, name = "g->rows[1:n-1][2:m-2]"} loc("in/c/ok/pointer_rows.c":8:56)
      %b8 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
      %4 = acc.copyin varPtr(@g : !acc.ptr<!acc.struct<grid_t>>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "g[0:1]"} loc("in/c/ok/pointer_rows.c":9:37)
      %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/pointer_rows.c":9:29)
      acc.parallel combined(loop) dataOperands(%2, %3, %4) firstprivate(%5) {
        acc.loop combined(parallel) control(%i = 1 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/pointer_rows.c":8:13)
        acc.code {
          local %l0.i : i32
          acc.loop op([1]) seq (%l0.i = 1 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(load(load(&@rows)[load(&%l0.i)])[0 : i32]), load(load(&@fixed[Rem(load(&%l0.i), 4 : i32) : i32])[0 : i32])) : f64 -> load(load(load(&@g).#1)[load(&%l0.i)])[2 : i32]
          }
        }
        acc.yield
      } loc("in/c/ok/pointer_rows.c":8:13)
      %b9 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
      %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
      acc.delete accPtr(%2) to varPtr(@rows : !acc.array<?x?xf64>) bounds(%b9, %b10) {dataClause = #acc<data_clause acc_present>, structured = true, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":8:35)
      %b11 = acc.bounds lowerbound(2) upperbound("2 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
      %b12 = acc.bounds lowerbound(1) upperbound("1 + (n-1 - 1)") extent("n-1") stride(1) startIdx(0)
      acc.copyout accPtr(%3) to varPtr(@g->rows : !acc.array<?x?xf64>) bounds(%b11, %b12) {dataClause = #acc<data_clause acc_copy>, structured = true, rows = attach, name = "g->rows[1:n-1][2:m-2]"} loc("in/c/ok/pointer_rows.c":8:56)
      %b13 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
      acc.copyout accPtr(%4) to varPtr(@g : !acc.ptr<!acc.struct<grid_t>>) bounds(%b13) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "g[0:1]"} loc("in/c/ok/pointer_rows.c":9:37)
      acc.terminator
    } loc("in/c/ok/pointer_rows.c":6:13)
    %b14 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b15 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@rows : !acc.array<?x?xf64>) bounds(%b14, %b15) {dataClause = #acc<data_clause acc_copyin>, structured = true, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":6:25)
    %b16 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b17 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@fixed : !acc.array<4x?xf64>) bounds(%b16, %b17) {dataClause = #acc<data_clause acc_create>, structured = true, rows = attach, name = "fixed[0:4][0:m]"} loc("in/c/ok/pointer_rows.c":6:48)
    %b18 = acc.bounds lowerbound(1) upperbound("1 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
    %b19 = acc.bounds lowerbound(2) upperbound(6) extent(5) stride(1) startIdx(0)
    %6 = acc.create varPtr(@rows : !acc.array<5x?xf64>) bounds(%b18, %b19) {dataClause = #acc<data_clause acc_copyout>, structured = true, rows = attach, name = "rows[2:5][1:m-2]"} loc("in/c/ok/pointer_rows.c":11:35)
    %b20 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b21 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@packed : !acc.array<?x8xf64>) bounds(%b20, %b21) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "packed[0:n][0:8]"} loc("in/c/ok/pointer_rows.c":11:58)
    acc.parallel combined(loop) dataOperands(%6, %7) {
      acc.loop combined(parallel) control(%i = 2 to < 7 step 1) {
        acc.yield
      } loc("in/c/ok/pointer_rows.c":11:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([3]) seq (%l0.i = 2 : i32 while Lt 7 : i32 step 1 : i32) {
          store load(ptradd(load(&@packed), load(&%l0.i))[0 : i32]) -> load(load(&@rows)[load(&%l0.i)])[1 : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/pointer_rows.c":11:13)
    %b22 = acc.bounds lowerbound(1) upperbound("1 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
    %b23 = acc.bounds lowerbound(2) upperbound(6) extent(5) stride(1) startIdx(0)
    acc.copyout accPtr(%6) to varPtr(@rows : !acc.array<5x?xf64>) bounds(%b22, %b23) {dataClause = #acc<data_clause acc_copyout>, structured = true, rows = attach, name = "rows[2:5][1:m-2]"} loc("in/c/ok/pointer_rows.c":11:35)
    %b24 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b25 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%7) to varPtr(@packed : !acc.array<?x8xf64>) bounds(%b24, %b25) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "packed[0:n][0:8]"} loc("in/c/ok/pointer_rows.c":11:58)
    %b26 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b27 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@rows : !acc.array<?x?xf64>) bounds(%b26, %b27) {dataClause = #acc<data_clause acc_copyin>, structured = false, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":13:31)
    acc.enter_data dataOperands(%8) loc("in/c/ok/pointer_rows.c":13:13)
    %b28 = acc.bounds lowerbound(1) upperbound("1 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
    %b29 = acc.bounds lowerbound(2) upperbound(6) extent(5) stride(1) startIdx(0)
    %9 = acc.getdeviceptr varPtr(@rows : !acc.array<5x?xf64>) bounds(%b28, %b29) {dataClause = #acc<data_clause acc_self>, structured = false, rows = attach, name = "rows[2:5][1:m-2]"} loc("in/c/ok/pointer_rows.c":14:25)
    %b30 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b31 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %10 = acc.update_device varPtr(@rows : !acc.array<?x?xf64>) bounds(%b30, %b31) {dataClause = #acc<data_clause acc_device>, structured = false, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":14:50)
    acc.update dataOperands(%9, %10) loc("in/c/ok/pointer_rows.c":14:13)
    %b32 = acc.bounds lowerbound(1) upperbound("1 + (m-2 - 1)") extent("m-2") stride(1) startIdx(0)
    %b33 = acc.bounds lowerbound(2) upperbound(6) extent(5) stride(1) startIdx(0)
    acc.update_host accPtr(%9) to varPtr(@rows : !acc.array<5x?xf64>) bounds(%b32, %b33) {dataClause = #acc<data_clause acc_self>, structured = false, rows = attach, name = "rows[2:5][1:m-2]"} loc("in/c/ok/pointer_rows.c":14:25)
    %b34 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b35 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %11 = acc.getdeviceptr varPtr(@rows : !acc.array<?x?xf64>) bounds(%b34, %b35) {dataClause = #acc<data_clause acc_delete>, structured = false, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":15:30)
    acc.exit_data dataOperands(%11) finalize loc("in/c/ok/pointer_rows.c":15:13)
    %b36 = acc.bounds lowerbound(0) upperbound("m - 1") extent("m") stride(1) startIdx(0)
    %b37 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%11) to varPtr(@rows : !acc.array<?x?xf64>) bounds(%b36, %b37) {dataClause = #acc<data_clause acc_delete>, structured = false, rows = attach, name = "rows[0:n][0:m]"} loc("in/c/ok/pointer_rows.c":15:30)
  }
}
