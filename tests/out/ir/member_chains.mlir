module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/member_chains.c":7:25)
  func.func @chains() loc("in/c/ok/member_chains.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a.p : !acc.array<1x!acc.struct<vec>>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a.p[0:1]"} loc("in/c/ok/member_chains.c":6:32)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@a.p->v : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a.p->v[0:n]"} loc("in/c/ok/member_chains.c":6:32)
    %b2 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
    %2 = acc.copyin varPtr(@p : !acc.array<1x!acc.struct<vec>>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[i:1]"} loc("in/c/ok/member_chains.c":6:52)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %3 = acc.copyin varPtr(@p["i"].v : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "p[i].v[0:n]"} loc("in/c/ok/member_chains.c":6:52)
    %4 = acc.copyin varPtr(@a : !acc.struct<holder>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_chains.c":8:9)
    %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/member_chains.c":7:25)
    %6 = acc.firstprivate varPtr(@i : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "i"} loc("in/c/ok/member_chains.c":8:24)
    acc.parallel combined(loop) dataOperands(%0, %1, %2, %3, %4) firstprivate(%5, %6) {
      acc.loop combined(parallel) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/member_chains.c":6:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([0]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(load(load(&@a.#1).#1)[load(&%l0.k)]), Mul(load(load(load(&@p)[load(&@i)].#1)[load(&%l0.k)]), cast(load(&@a.#0) to f64)) : f64) : f64 -> load(load(&@a.#1).#1)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_chains.c":6:13)
    %b4 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@a.p : !acc.array<1x!acc.struct<vec>>) bounds(%b4) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a.p[0:1]"} loc("in/c/ok/member_chains.c":6:32)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@a.p->v : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a.p->v[0:n]"} loc("in/c/ok/member_chains.c":6:32)
    %b6 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%2) to varPtr(@p : !acc.array<1x!acc.struct<vec>>) bounds(%b6) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[i:1]"} loc("in/c/ok/member_chains.c":6:52)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%3) to varPtr(@p["i"].v : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "p[i].v[0:n]"} loc("in/c/ok/member_chains.c":6:52)
    acc.delete accPtr(%4) to varPtr(@a : !acc.struct<holder>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_chains.c":8:9)
    %b8 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@p : !acc.array<1x!acc.struct<vec>>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[i:1]"} loc("in/c/ok/member_chains.c":9:32)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@p["i"].v : !acc.array<?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[i].v[0:n]"} loc("in/c/ok/member_chains.c":9:40)
    %9 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/member_chains.c":10:25)
    %10 = acc.firstprivate varPtr(@i : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "i"} loc("in/c/ok/member_chains.c":11:11)
    acc.parallel combined(loop) dataOperands(%7, %8) firstprivate(%9, %10) {
      acc.loop combined(parallel) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/member_chains.c":9:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([2]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store cast(load(load(&@p)[load(&@i)].#0) to f64) -> load(load(&@p)[load(&@i)].#1)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_chains.c":9:13)
    %b10 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%7) to varPtr(@p : !acc.array<1x!acc.struct<vec>>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[i:1]"} loc("in/c/ok/member_chains.c":9:32)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%8) to varPtr(@p["i"].v : !acc.array<?xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p[i].v[0:n]"} loc("in/c/ok/member_chains.c":9:40)
    %b12 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %11 = acc.copyin varPtr(@s.a : !acc.array<16xf64>) bounds(%b12) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s.a[0:16]"} loc("in/c/ok/member_chains.c":12:32)
    %12 = acc.copyin varPtr(@s.scale : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s.scale"} loc("in/c/ok/member_chains.c":12:13)
    acc.parallel combined(loop) dataOperands(%11, %12) {
      acc.loop combined(parallel) control(%k = 0 to < 16 step 1) {
        acc.yield
      } loc("in/c/ok/member_chains.c":12:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([4]) seq (%l0.k = 0 : i32 while Lt 16 : i32 step 1 : i32) {
          store Mul(load(&@s.#1[load(&%l0.k)]), load(&@s.#0)) : f64 -> &@s.#1[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_chains.c":12:13)
    %b13 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.copyout accPtr(%11) to varPtr(@s.a : !acc.array<16xf64>) bounds(%b13) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s.a[0:16]"} loc("in/c/ok/member_chains.c":12:32)
    acc.copyout accPtr(%12) to varPtr(@s.scale : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "s.scale"} loc("in/c/ok/member_chains.c":12:13)
    %13 = acc.copyin varPtr(@a : !acc.struct<holder>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_chains.c":15:13)
    %b14 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %14 = acc.copyin varPtr(@a.w : !acc.array<8xf64>) bounds(%b14) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a.w[0:8]"} loc("in/c/ok/member_chains.c":15:32)
    %b15 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    %15 = acc.copyin varPtr(@a.p : !acc.array<1x!acc.struct<vec>>) bounds(%b15) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a.p[0:1]"} loc("in/c/ok/member_chains.c":15:49)
    %b16 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %16 = acc.copyin varPtr(@a.p->v : !acc.array<8xf64>) bounds(%b16) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a.p->v[0:8]"} loc("in/c/ok/member_chains.c":15:49)
    acc.parallel combined(loop) dataOperands(%13, %14, %15, %16) {
      acc.loop combined(parallel) control(%k = 0 to < 8 step 1) {
        acc.yield
      } loc("in/c/ok/member_chains.c":15:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([6]) seq (%l0.k = 0 : i32 while Lt 8 : i32 step 1 : i32) {
          store Add(load(&@a.#2[load(&%l0.k)]), load(load(load(&@a.#1).#1)[load(&%l0.k)])) : f64 -> &@a.#2[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_chains.c":15:13)
    acc.copyout accPtr(%13) to varPtr(@a : !acc.struct<holder>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_chains.c":15:13)
    %b17 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    acc.copyout accPtr(%14) to varPtr(@a.w : !acc.array<8xf64>) bounds(%b17) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a.w[0:8]"} loc("in/c/ok/member_chains.c":15:32)
    %b18 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%15) to varPtr(@a.p : !acc.array<1x!acc.struct<vec>>) bounds(%b18) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a.p[0:1]"} loc("in/c/ok/member_chains.c":15:49)
    %b19 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    acc.delete accPtr(%16) to varPtr(@a.p->v : !acc.array<8xf64>) bounds(%b19) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a.p->v[0:8]"} loc("in/c/ok/member_chains.c":15:49)
  }
}
