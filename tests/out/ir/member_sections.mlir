module attributes {acc.language = "c"} {
  func.func @member_sections() loc("in/c/ok/member_sections.c":8:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@b.v : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":8:32)
    %1 = acc.copyin varPtr(@b : !acc.struct<vec>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "b"} loc("in/c/ok/member_sections.c":9:25)
    acc.parallel combined(loop) dataOperands(%0, %1) {
      acc.loop combined(parallel) control(%i = 0 to < "b.n" step 1) {
        acc.yield
      } loc("in/c/ok/member_sections.c":8:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@b.#0) step 1 : i32) {
          store Mul(load(load(&@b.#1)[load(&%l0.i)]), cast(2 : i32 to f64)) : f64 -> load(&@b.#1)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_sections.c":8:13)
    %b1 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@b.v : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":8:32)
    acc.delete accPtr(%1) to varPtr(@b : !acc.struct<vec>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "b"} loc("in/c/ok/member_sections.c":9:25)
    %b2 = acc.bounds lowerbound(0) upperbound("a.in.n - 1") extent("a.in.n") stride(1) startIdx(0)
    %2 = acc.copyin varPtr(@a.in.v : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a.in.v[0:a.in.n]"} loc("in/c/ok/member_sections.c":10:28)
    %3 = acc.copyin varPtr(@a : !acc.struct<outer>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_sections.c":11:7)
    acc.kernels dataOperands(%2, %3) {
      acc.code {
        store cast(load(load(&@a.#1.#1)[0 : i32]) to i32) -> &@a.#0
      }
      acc.yield
    } loc("in/c/ok/member_sections.c":10:13)
    %b3 = acc.bounds lowerbound(0) upperbound("a.in.n - 1") extent("a.in.n") stride(1) startIdx(0)
    acc.delete accPtr(%2) to varPtr(@a.in.v : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a.in.v[0:a.in.n]"} loc("in/c/ok/member_sections.c":10:28)
    acc.copyout accPtr(%3) to varPtr(@a : !acc.struct<outer>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "a"} loc("in/c/ok/member_sections.c":11:7)
    %b4 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
    %4 = acc.present varPtr(@p->v : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_present>, structured = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":12:35)
    %b5 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    %5 = acc.copyin varPtr(@p : !acc.ptr<!acc.struct<vec>>) bounds(%b5) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[0:1]"} loc("in/c/ok/member_sections.c":13:25)
    acc.parallel combined(loop) dataOperands(%4, %5) {
      acc.loop combined(parallel) control(%i = 0 to < "p->n" step 1) {
        acc.yield
      } loc("in/c/ok/member_sections.c":12:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([3]) seq (%l0.i = 0 : i32 while Lt load(load(&@p).#0) step 1 : i32) {
          store Add(load(load(load(&@p).#1)[load(&%l0.i)]), cast(1 : i32 to f64)) : f64 -> load(load(&@p).#1)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/member_sections.c":12:13)
    %b6 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@p->v : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_present>, structured = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":12:35)
    %b7 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%5) to varPtr(@p : !acc.ptr<!acc.struct<vec>>) bounds(%b7) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[0:1]"} loc("in/c/ok/member_sections.c":13:25)
    %6 = acc.copyin varPtr(@c : !acc.struct<vec>) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c"} loc("in/c/ok/member_sections.c":14:25)
    acc.data dataOperands(%6) {
      %b8 = acc.bounds lowerbound(0) upperbound("c.n - 1") extent("c.n") stride(1) startIdx(0)
      %7 = acc.copyin varPtr(@c.v : !acc.array<?xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "c.v[0:c.n]"} loc("in/c/ok/member_sections.c":16:32)
      acc.parallel combined(loop) dataOperands(%7) {
        acc.loop combined(parallel) control(%i = 0 to < "c.n" step 1) {
          acc.yield
        } loc("in/c/ok/member_sections.c":16:13)
        acc.code {
          local %l0.i : i32
          acc.loop op([6]) seq (%l0.i = 0 : i32 while Lt load(&@c.#0) step 1 : i32) {
            store cast(load(&%l0.i) to f64) -> load(&@c.#1)[load(&%l0.i)]
          }
        }
        acc.yield
      } loc("in/c/ok/member_sections.c":16:13)
      %b9 = acc.bounds lowerbound(0) upperbound("c.n - 1") extent("c.n") stride(1) startIdx(0)
      acc.copyout accPtr(%7) to varPtr(@c.v : !acc.array<?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "c.v[0:c.n]"} loc("in/c/ok/member_sections.c":16:32)
      acc.terminator
    } loc("in/c/ok/member_sections.c":14:13)
    acc.delete accPtr(%6) to varPtr(@c : !acc.struct<vec>) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c"} loc("in/c/ok/member_sections.c":14:25)
    %b10 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@b.v : !acc.array<?xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":19:23)
    acc.data dataOperands(%8) {
      %b11 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
      %9 = acc.update_device varPtr(@b.v : !acc.array<?xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_device>, structured = false, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":21:27)
      acc.update dataOperands(%9) loc("in/c/ok/member_sections.c":21:13)
      %10 = acc.present varPtr(@b : !acc.struct<vec>) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "b"} loc("in/c/ok/member_sections.c":23:29)
      %b12 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
      %11 = acc.present varPtr(@b.v : !acc.array<?xf64>) bounds(%b12) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":19:23)
      acc.parallel combined(loop) dataOperands(%10, %11) default(present) {
        acc.loop combined(parallel) control(%i = 0 to < "b.n" step 1) {
          acc.yield
        } loc("in/c/ok/member_sections.c":22:13)
        acc.code {
          local %l0.i : i32
          acc.loop op([10]) seq (%l0.i = 0 : i32 while Lt load(&@b.#0) step 1 : i32) {
            store Sub(load(load(&@b.#1)[load(&%l0.i)]), cast(1 : i32 to f64)) : f64 -> load(&@b.#1)[load(&%l0.i)]
          }
        }
        acc.yield
      } loc("in/c/ok/member_sections.c":22:13)
      acc.delete accPtr(%10) to varPtr(@b : !acc.struct<vec>) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "b"} loc("in/c/ok/member_sections.c":23:29)
      %b13 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
      acc.delete accPtr(%11) to varPtr(@b.v : !acc.array<?xf64>) bounds(%b13) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":19:23)
      acc.terminator
    } loc("in/c/ok/member_sections.c":19:13)
    %b14 = acc.bounds lowerbound(0) upperbound("b.n - 1") extent("b.n") stride(1) startIdx(0)
    acc.copyout accPtr(%8) to varPtr(@b.v : !acc.array<?xf64>) bounds(%b14) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "b.v[0:b.n]"} loc("in/c/ok/member_sections.c":19:23)
    %b15 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
    %12 = acc.copyin varPtr(@p->v : !acc.array<?xf64>) bounds(%b15) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":25:23)
    acc.data dataOperands(%12) {
      %b16 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
      %13 = acc.copyin varPtr(@p : !acc.ptr<!acc.struct<vec>>) bounds(%b16) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[0:1]"} loc("in/c/ok/member_sections.c":28:29)
      %b17 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
      %14 = acc.present varPtr(@p->v : !acc.array<?xf64>) bounds(%b17) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":25:23)
      acc.parallel combined(loop) dataOperands(%13, %14) {
        acc.loop combined(parallel) control(%i = 0 to < "p->n" step 1) {
          acc.yield
        } loc("in/c/ok/member_sections.c":27:13)
        acc.code {
          local %l0.i : i32
          acc.loop op([13]) seq (%l0.i = 0 : i32 while Lt load(load(&@p).#0) step 1 : i32) {
            store Mul(load(load(load(&@p).#1)[load(&%l0.i)]), cast(3 : i32 to f64)) : f64 -> load(load(&@p).#1)[load(&%l0.i)]
          }
        }
        acc.yield
      } loc("in/c/ok/member_sections.c":27:13)
      %b18 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
      acc.copyout accPtr(%13) to varPtr(@p : !acc.ptr<!acc.struct<vec>>) bounds(%b18) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p[0:1]"} loc("in/c/ok/member_sections.c":28:29)
      %b19 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
      acc.delete accPtr(%14) to varPtr(@p->v : !acc.array<?xf64>) bounds(%b19) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":25:23)
      acc.terminator
    } loc("in/c/ok/member_sections.c":25:13)
    %b20 = acc.bounds lowerbound(0) upperbound("p->n - 1") extent("p->n") stride(1) startIdx(0)
    acc.copyout accPtr(%12) to varPtr(@p->v : !acc.array<?xf64>) bounds(%b20) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "p->v[0:p->n]"} loc("in/c/ok/member_sections.c":25:23)
  }
}
