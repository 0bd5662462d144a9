module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_acc_ptr__acc_array_8x16xf64 : !acc.ptr<!acc.array<8x16xf64>> init(copy) loc("in/c/ok/sections.c":13:7)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/sections.c":9:49)
  func.func @sections() loc("in/c/ok/sections.c":6:1) {
    %b0 = acc.bounds lowerbound(4) upperbound(11) extent(8) stride(1) startIdx(0)
    %b1 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b2 = acc.bounds lowerbound(1) upperbound(2) extent(2) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@cube : !acc.array<2x8x8xf64>) bounds(%b0, %b1, %b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[1:2][0:8][4:8]"} loc("in/c/ok/sections.c":6:27)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@rows : !acc.array<?x!acc.ptr<f64>>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "rows[0:n]"} loc("in/c/ok/sections.c":6:55)
    %b4 = acc.bounds lowerbound(8) upperbound(15) extent(8) stride(1) startIdx(0)
    %2 = acc.create varPtr(@flat : !acc.array<8xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "flat[8:8]"} loc("in/c/ok/sections.c":6:74)
    acc.parallel dataOperands(%0, %1, %2) {
      acc.code {
        store Add(load(ptradd(load(&@cube), 1 : i32)[0 : i32][4 : i32]), load(load(load(&@rows)[0 : i32])[0 : i32])) : f64 -> &@flat[8 : i32]
      }
      acc.yield
    } loc("in/c/ok/sections.c":6:13)
    %b5 = acc.bounds lowerbound(4) upperbound(11) extent(8) stride(1) startIdx(0)
    %b6 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b7 = acc.bounds lowerbound(1) upperbound(2) extent(2) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@cube : !acc.array<2x8x8xf64>) bounds(%b5, %b6, %b7) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[1:2][0:8][4:8]"} loc("in/c/ok/sections.c":6:27)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@rows : !acc.array<?x!acc.ptr<f64>>) bounds(%b8) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "rows[0:n]"} loc("in/c/ok/sections.c":6:55)
    %b9 = acc.bounds lowerbound(8) upperbound(15) extent(8) stride(1) startIdx(0)
    acc.copyout accPtr(%2) to varPtr(@flat : !acc.array<8xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "flat[8:8]"} loc("in/c/ok/sections.c":6:74)
    %b10 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %b11 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b12 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %3 = acc.copyin varPtr(@cube : !acc.array<4x8x16xf64>) bounds(%b10, %b11, %b12) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[0:4]"} loc("in/c/ok/sections.c":8:27)
    %b13 = acc.bounds lowerbound(0) upperbound("f->n - 1") extent("f->n") stride(1) startIdx(0)
    %4 = acc.present varPtr(@f->v : !acc.array<?xf64>) bounds(%b13) {dataClause = #acc<data_clause acc_present>, structured = true, name = "f->v[0:f->n]"} loc("in/c/ok/sections.c":8:46)
    %5 = acc.copyin varPtr(@g : !acc.struct<field_t>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "g"} loc("in/c/ok/sections.c":8:13)
    %b14 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %b15 = acc.bounds lowerbound(2) upperbound(4) extent(3) stride(1) startIdx(0)
    %6 = acc.copyin varPtr(@g.w : !acc.array<3x4xf64>) bounds(%b14, %b15) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g.w[2:3][0:4]"} loc("in/c/ok/sections.c":8:67)
    %b16 = acc.bounds lowerbound("m") upperbound("m + (n - 1)") extent("n") stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@g.v : !acc.array<?xf64>) bounds(%b16) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g.v[m:n]"} loc("in/c/ok/sections.c":8:82)
    %b17 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@f : !acc.ptr<!acc.struct<field_t>>) bounds(%b17) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "f[0:1]"} loc("in/c/ok/sections.c":9:23)
    %9 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/sections.c":9:49)
    acc.parallel dataOperands(%3, %4, %5, %6, %7, %8) firstprivate(%9) {
      acc.code {
        store Add(Add(load(load(load(&@f).#1)[0 : i32]), load(&@g.#2[2 : i32][0 : i32])) : f64, load(load(&@g.#1)[load(&@m)])) : f64 -> ptradd(load(&@cube), 0 : i32)[0 : i32][0 : i32]
      }
      acc.yield
    } loc("in/c/ok/sections.c":8:13)
    %b18 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %b19 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b20 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.copyout accPtr(%3) to varPtr(@cube : !acc.array<4x8x16xf64>) bounds(%b18, %b19, %b20) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[0:4]"} loc("in/c/ok/sections.c":8:27)
    %b21 = acc.bounds lowerbound(0) upperbound("f->n - 1") extent("f->n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@f->v : !acc.array<?xf64>) bounds(%b21) {dataClause = #acc<data_clause acc_present>, structured = true, name = "f->v[0:f->n]"} loc("in/c/ok/sections.c":8:46)
    acc.delete accPtr(%5) to varPtr(@g : !acc.struct<field_t>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "g"} loc("in/c/ok/sections.c":8:13)
    %b22 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %b23 = acc.bounds lowerbound(2) upperbound(4) extent(3) stride(1) startIdx(0)
    acc.delete accPtr(%6) to varPtr(@g.w : !acc.array<3x4xf64>) bounds(%b22, %b23) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g.w[2:3][0:4]"} loc("in/c/ok/sections.c":8:67)
    %b24 = acc.bounds lowerbound("m") upperbound("m + (n - 1)") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%7) to varPtr(@g.v : !acc.array<?xf64>) bounds(%b24) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g.v[m:n]"} loc("in/c/ok/sections.c":8:82)
    %b25 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%8) to varPtr(@f : !acc.ptr<!acc.struct<field_t>>) bounds(%b25) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "f[0:1]"} loc("in/c/ok/sections.c":9:23)
    %b26 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %10 = acc.copyin varPtr(@flat : !acc.array<64xf64>) bounds(%b26) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flat"} loc("in/c/ok/sections.c":10:32)
    acc.parallel combined(loop) dataOperands(%10) vector_length(64 [nvidia]) vector_length(32 [*]) {
      acc.loop combined(parallel) control(%i = 0 to < 64 step 1) {
        acc.yield
      } loc("in/c/ok/sections.c":10:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([2]) seq (%l0.i = 0 : i32 while Lt 64 : i32 step 1 : i32) {
          store cast(load(&%l0.i) to f64) -> &@flat[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/sections.c":10:13)
    %b27 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    acc.copyout accPtr(%10) to varPtr(@flat : !acc.array<64xf64>) bounds(%b27) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flat"} loc("in/c/ok/sections.c":10:32)
    %b28 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %11 = acc.copyin varPtr(@cube[3][2] : !acc.array<16xf64>) bounds(%b28) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[3][2][0:16]"} loc("in/c/ok/sections.c":12:26)
    %b29 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    %12 = acc.copyin varPtr(@f : !acc.array<1x!acc.struct<field_t>>) bounds(%b29) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "f[0:1]"} loc("in/c/ok/sections.c":12:44)
    %13 = acc.firstprivate varPtr(@cube : !acc.ptr<!acc.array<8x16xf64>>) recipe(@firstprivatization_acc_ptr__acc_array_8x16xf64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "cube"} loc("in/c/ok/sections.c":13:7)
    acc.kernels dataOperands(%11, %12) firstprivate(%13) {
      acc.code {
        store cast(load(load(&@f).#0) to f64) -> ptradd(load(&@cube), 3 : i32)[2 : i32][0 : i32]
      }
      acc.yield
    } loc("in/c/ok/sections.c":12:13)
    %b30 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.copyout accPtr(%11) to varPtr(@cube[3][2] : !acc.array<16xf64>) bounds(%b30) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cube[3][2][0:16]"} loc("in/c/ok/sections.c":12:26)
    %b31 = acc.bounds lowerbound(0) upperbound(0) extent(1) stride(1) startIdx(0)
    acc.copyout accPtr(%12) to varPtr(@f : !acc.array<1x!acc.struct<field_t>>) bounds(%b31) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "f[0:1]"} loc("in/c/ok/sections.c":12:44)
  }
}
