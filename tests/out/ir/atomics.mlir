module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/atomics.c":7:25)
  func.func @atomics() loc("in/c/ok/atomics.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@h : !acc.array<16xi32>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "h[0:16]"} loc("in/c/ok/atomics.c":6:32)
    %1 = acc.copyin varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/c/ok/atomics.c":6:41)
    %2 = acc.copyin varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/c/ok/atomics.c":6:48)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %3 = acc.copyin varPtr(@x : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "x[0:n]"} loc("in/c/ok/atomics.c":6:58)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %4 = acc.create varPtr(@cap : !acc.array<?xi32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "cap[0:n]"} loc("in/c/ok/atomics.c":6:74)
    %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/atomics.c":7:25)
    %6 = acc.firstprivate varPtr(@v : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "v"} loc("in/c/ok/atomics.c":20:9)
    %7 = acc.firstprivate varPtr(@w : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "w"} loc("in/c/ok/atomics.c":26:9)
    acc.parallel combined(loop) dataOperands(%0, %1, %2, %3, %4) firstprivate(%5, %6, %7) {
      acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
        acc.atomic.update implicit_update stmt("h[bin]++;") loc("in/c/ok/atomics.c":9:13)
        acc.atomic.update stmt("h[bin] += 2;") loc("in/c/ok/atomics.c":11:13)
        acc.atomic.update stmt("--h[bin];") loc("in/c/ok/atomics.c":13:13)
        acc.atomic.update stmt("s = s + x[i];") loc("in/c/ok/atomics.c":15:13)
        acc.atomic.update stmt("s = x[i] * s;") loc("in/c/ok/atomics.c":17:13)
        acc.atomic.read stmt("v = count;") loc("in/c/ok/atomics.c":19:13)
        acc.atomic.write stmt("count = i * 2;") loc("in/c/ok/atomics.c":21:13)
        acc.atomic.capture stmt("cap[i] = h[bin]++;") loc("in/c/ok/atomics.c":23:13)
        acc.atomic.capture stmt("w = h[bin] -= 3;") loc("in/c/ok/atomics.c":25:13)
        acc.atomic.capture stmt("{ w = count; count += 1; }") loc("in/c/ok/atomics.c":27:13)
        acc.atomic.capture stmt("{ count *= 2; w = count; }") loc("in/c/ok/atomics.c":29:13)
        acc.atomic.capture stmt("{ w = count; count = i; }") loc("in/c/ok/atomics.c":31:13)
        acc.atomic.update if("n > 10") stmt("count <<= 1;") loc("in/c/ok/atomics.c":33:13)
        acc.yield
      } loc("in/c/ok/atomics.c":6:13)
      acc.code {
        local %l0.i : i32
        local %l1.bin : i32
        acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          declare %l1.bin = Rem(load(&%l0.i), 16 : i32) : i32
          atomic Update load(&@h)[load(&%l1.bin)] Add 1 : i32
          atomic Update load(&@h)[load(&%l1.bin)] Add 2 : i32
          atomic Update load(&@h)[load(&%l1.bin)] Sub 1 : i32
          atomic Update &@s Add load(load(&@x)[load(&%l0.i)])
          atomic Update &@s Mul load(load(&@x)[load(&%l0.i)])
          atomic Read &@count capture new -> &@v
          atomic Write &@count Mul(load(&%l0.i), 2 : i32) : i32
          atomic Capture load(&@h)[load(&%l1.bin)] Add 1 : i32 capture old -> load(&@cap)[load(&%l0.i)]
          atomic Capture load(&@h)[load(&%l1.bin)] Sub 3 : i32 capture new -> &@w
          atomic Capture &@count Add 1 : i32 capture old -> &@w
          atomic Capture &@count Mul 2 : i32 capture new -> &@w
          atomic Capture &@count load(&%l0.i) capture old -> &@w
          atomic Update &@count Shl 1 : i32
          eval load(&@v)
          eval load(&@w)
        }
      }
      acc.yield
    } loc("in/c/ok/atomics.c":6:13)
    %b3 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@h : !acc.array<16xi32>) bounds(%b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "h[0:16]"} loc("in/c/ok/atomics.c":6:32)
    acc.copyout accPtr(%1) to varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/c/ok/atomics.c":6:41)
    acc.copyout accPtr(%2) to varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/c/ok/atomics.c":6:48)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%3) to varPtr(@x : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "x[0:n]"} loc("in/c/ok/atomics.c":6:58)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%4) to varPtr(@cap : !acc.array<?xi32>) bounds(%b5) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "cap[0:n]"} loc("in/c/ok/atomics.c":6:74)
  }
}
