module attributes {acc.language = "c"} {
  func.func @spelling() loc("in/c/ok/spelling.c":7:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@b : !acc.array<256xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:256]"} loc("in/c/ok/spelling.c":7:38)
    %b1 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %1 = acc.create varPtr(@a : !acc.array<256xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":7:50)
    acc.parallel combined(loop) dataOperands(%0, %1) vector_length(128) {
      acc.loop combined(parallel) control(%i = 0 to < 256 step 1) {
        acc.yield
      } loc("in/c/ok/spelling.c":7:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt 256 : i32 step 1 : i32) {
          store load(load(&@b)[load(&%l0.i)]) -> load(&@a)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/spelling.c":7:13)
    %b2 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@b : !acc.array<256xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:256]"} loc("in/c/ok/spelling.c":7:38)
    %b3 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@a : !acc.array<256xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":7:50)
    %b4 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %2 = acc.present varPtr(@a : !acc.array<256xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":9:35)
    acc.parallel combined(loop) dataOperands(%2) {
      acc.loop combined(parallel) control(%i = 0 to < 256 step 1) {
        acc.yield
      } loc("in/c/ok/spelling.c":9:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([2]) seq (%l0.i = 0 : i32 while Lt 256 : i32 step 1 : i32) {
          store Mul(load(load(&@a)[load(&%l0.i)]), cast(2 : i32 to f32)) : f32 -> load(&@a)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/spelling.c":9:13)
    %b5 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.delete accPtr(%2) to varPtr(@a : !acc.array<256xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":9:35)
    %b6 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %3 = acc.copyin varPtr(@a : !acc.array<256xf32>) bounds(%b6) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":12:32)
    acc.parallel combined(loop) dataOperands(%3) {
      acc.loop combined(parallel) control(%i = 0 to < 256 step 1) {
        acc.yield
      } loc("in/c/ok/spelling.c":12:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([4]) seq (%l0.i = 0 : i32 while Lt 256 : i32 step 1 : i32) {
          store Add(load(load(&@a)[load(&%l0.i)]), cast(1 : i32 to f32)) : f32 -> load(&@a)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/spelling.c":12:13)
    %b7 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.copyout accPtr(%3) to varPtr(@a : !acc.array<256xf32>) bounds(%b7) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:256]"} loc("in/c/ok/spelling.c":12:32)
    %b8 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %4 = acc.copyin varPtr(@b : !acc.array<256xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b[0:256]"} loc("in/c/ok/spelling.c":15:26)
    acc.kernels dataOperands(%4) {
      acc.code {
        store cast(1 : i32 to f32) -> load(&@b)[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/spelling.c":15:13)
    %b9 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.copyout accPtr(%4) to varPtr(@b : !acc.array<256xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b[0:256]"} loc("in/c/ok/spelling.c":15:26)
    %b10 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %5 = acc.copyin varPtr(@a : !acc.array<256xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:256]", async = 1} loc("in/c/ok/spelling.c":18:10)
    acc.parallel dataOperands(%5) async(1) {
      acc.code {
        store cast(0 : i32 to f32) -> load(&@a)[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/spelling.c":17:13)
    %b11 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    acc.copyout accPtr(%5) to varPtr(@a : !acc.array<256xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:256]", async = 1} loc("in/c/ok/spelling.c":18:10)
    acc.wait (1) loc("in/c/ok/spelling.c":23:13)
    %b12 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
    %6 = acc.update_device varPtr(@a : !acc.array<256xf32>) bounds(%b12) {dataClause = #acc<data_clause acc_device>, structured = false, name = "a[0:256]"} loc("in/c/ok/spelling.c":26:27)
    acc.update dataOperands(%6) loc("in/c/ok/spelling.c":26:13)
  }
}
