module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/declare.c":22:122)
  %b0 = acc.bounds lowerbound(0) upperbound(255) extent(256) stride(1) startIdx(0)
  %0 = acc.create varPtr(@table : !acc.array<256xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_create>, structured = false, name = "table"} loc("in/c/ok/declare.c":3:28)
  acc.global_declare dataOperands(%0) loc("in/c/ok/declare.c":3:13)
  %b1 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
  %1 = acc.copyin varPtr(@coefficients : !acc.array<16xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = false, name = "coefficients"} loc("in/c/ok/declare.c":5:28)
  acc.global_declare dataOperands(%1) loc("in/c/ok/declare.c":5:13)
  %b2 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
  %2 = acc.declare_device_resident varPtr(@resident : !acc.array<32xi32>) bounds(%b2) {dataClause = #acc<data_clause acc_device_resident>, structured = false, name = "resident"} loc("in/c/ok/declare.c":7:37)
  acc.global_declare dataOperands(%2) loc("in/c/ok/declare.c":7:13)
  %b3 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
  acc.delete accPtr(%2) to varPtr(@resident : !acc.array<32xi32>) bounds(%b3) {dataClause = #acc<data_clause acc_device_resident>, structured = false, name = "resident"} loc("in/c/ok/declare.c":7:37)
  %b4 = acc.bounds lowerbound(0) upperbound(999) extent(1000) stride(1) startIdx(0)
  %3 = acc.declare_link varPtr(@linked : !acc.array<1000xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_link>, structured = false, name = "linked"} loc("in/c/ok/declare.c":9:26)
  acc.global_declare dataOperands(%3) loc("in/c/ok/declare.c":9:13)
  %4 = acc.deviceptr varPtr(@dev_buffer : !acc.ptr<f32>) {dataClause = #acc<data_clause acc_deviceptr>, structured = false, name = "dev_buffer"} loc("in/c/ok/declare.c":11:31)
  acc.global_declare dataOperands(%4) loc("in/c/ok/declare.c":11:13)
  func.func @local_declare() loc("in/c/ok/declare.c":20:1) {
    %b5 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %5 = acc.create varPtr(@scratch : !acc.array<64xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_create>, structured = true, name = "scratch"} loc("in/c/ok/declare.c":20:28)
    %b6 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %6 = acc.create varPtr(@acc_out : !acc.array<8xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "acc_out"} loc("in/c/ok/declare.c":20:45)
    %b7 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@flags : !acc.array<4xi32>) bounds(%b7) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flags"} loc("in/c/ok/declare.c":20:59)
    %b8 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@in : !acc.array<16xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "in"} loc("in/c/ok/declare.c":20:73)
    %b9 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %9 = acc.present varPtr(@kept : !acc.array<4xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_present>, structured = true, name = "kept"} loc("in/c/ok/declare.c":20:85)
    acc.declare dataOperands(%5, %6, %7, %8, %9) loc("in/c/ok/declare.c":20:13)
    %b10 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    acc.delete accPtr(%5) to varPtr(@scratch : !acc.array<64xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_create>, structured = true, name = "scratch"} loc("in/c/ok/declare.c":20:28)
    %b11 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    acc.copyout accPtr(%6) to varPtr(@acc_out : !acc.array<8xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "acc_out"} loc("in/c/ok/declare.c":20:45)
    %b12 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.copyout accPtr(%7) to varPtr(@flags : !acc.array<4xi32>) bounds(%b12) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flags"} loc("in/c/ok/declare.c":20:59)
    %b13 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.delete accPtr(%8) to varPtr(@in : !acc.array<16xf32>) bounds(%b13) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "in"} loc("in/c/ok/declare.c":20:73)
    %b14 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.delete accPtr(%9) to varPtr(@kept : !acc.array<4xf32>) bounds(%b14) {dataClause = #acc<data_clause acc_present>, structured = true, name = "kept"} loc("in/c/ok/declare.c":20:85)
    %10 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/declare.c":22:122)
    acc.parallel combined(loop) firstprivate(%10) {
      acc.loop combined(parallel) control(%i = 0 to < 8 step 1) {
        acc.yield
      } loc("in/c/ok/declare.c":21:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([6]) seq (%l0.i = 0 : i32 while Lt 8 : i32 step 1 : i32) {
          store cast(Add(Add(Add(Add(Add(load(&@scratch[load(&%l0.i)]), load(&@table[load(&%l0.i)])) : f32, cast(load(&@coefficients[Rem(load(&%l0.i), 16 : i32) : i32]) to f32)) : f32, load(&@in[load(&%l0.i)])) : f32, load(&@kept[Rem(load(&%l0.i), 4 : i32) : i32])) : f32, cast(load(&@n) to f32)) : f32 to f64) -> &@acc_out[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/declare.c":21:13)
  }
}
