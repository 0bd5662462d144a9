module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_acc_ptr__acc_array_32xf64 : !acc.ptr<!acc.array<32xf64>> init(copy) loc("in/c/ok/implicit.c":15:34)
  acc.firstprivate.recipe @firstprivatization_acc_ptr_f64 : !acc.ptr<f64> init(copy) loc("in/c/ok/implicit.c":15:27)
  acc.firstprivate.recipe @firstprivatization_f64 : f64 init(copy) loc("in/c/ok/implicit.c":32:69)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/implicit.c":32:66)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/c/ok/implicit.c":24:5)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/implicit.c":23:39)
  %0 = acc.create varPtr(@global_scale : f64) {dataClause = #acc<data_clause acc_create>, structured = false, name = "global_scale"} loc("in/c/ok/implicit.c":4:28)
  acc.global_declare dataOperands(%0) loc("in/c/ok/implicit.c":4:13)
  func.func @implicit_rules() loc("in/c/ok/implicit.c":14:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@local : !acc.array<100xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":15:7)
    %2 = acc.copyin varPtr(@part : !acc.struct<particle>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "part"} loc("in/c/ok/implicit.c":15:47)
    %b1 = acc.bounds lowerbound(0) upperbound("vla_n - 1") extent("vla_n") stride(1) startIdx(0)
    %3 = acc.copyin varPtr(@vla : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "vla[0:vla_n]"} loc("in/c/ok/implicit.c":15:56)
    %4 = acc.firstprivate varPtr(@factor : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "factor"} loc("in/c/ok/implicit.c":15:18)
    %5 = acc.firstprivate varPtr(@p : !acc.ptr<f64>) recipe(@firstprivatization_acc_ptr_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "p"} loc("in/c/ok/implicit.c":15:27)
    %6 = acc.firstprivate varPtr(@grid : !acc.ptr<!acc.array<32xf64>>) recipe(@firstprivatization_acc_ptr__acc_array_32xf64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "grid"} loc("in/c/ok/implicit.c":15:34)
    acc.parallel dataOperands(%1, %2, %3) firstprivate(%4, %5, %6) {
      acc.code {
        store Add(Add(Add(Add(Mul(load(&@factor), load(load(&@p)[0 : i32])) : f64, load(ptradd(load(&@grid), 1 : i32)[2 : i32])) : f64, load(&@part.#0)) : f64, load(&@vla[0 : i32])) : f64, load(&@global_scale)) : f64 -> &@local[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/implicit.c":14:13)
    %b2 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@local : !acc.array<100xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":15:7)
    acc.delete accPtr(%2) to varPtr(@part : !acc.struct<particle>) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "part"} loc("in/c/ok/implicit.c":15:47)
    %b3 = acc.bounds lowerbound(0) upperbound("vla_n - 1") extent("vla_n") stride(1) startIdx(0)
    acc.delete accPtr(%3) to varPtr(@vla : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "vla[0:vla_n]"} loc("in/c/ok/implicit.c":15:56)
    %7 = acc.copyin varPtr(@factor : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "factor"} loc("in/c/ok/implicit.c":18:7)
    %b4 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@local : !acc.array<100xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":18:16)
    %9 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit.c":18:27)
    acc.kernels dataOperands(%7, %8) firstprivate(%9) {
      acc.code {
        store Add(load(&@local[1 : i32]), cast(load(&@n) to f64)) : f64 -> &@factor
      }
      acc.yield
    } loc("in/c/ok/implicit.c":17:13)
    acc.copyout accPtr(%7) to varPtr(@factor : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "factor"} loc("in/c/ok/implicit.c":18:7)
    %b5 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.delete accPtr(%8) to varPtr(@local : !acc.array<100xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":18:16)
    %b6 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %10 = acc.present varPtr(@local : !acc.array<100xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":21:7)
    %11 = acc.firstprivate varPtr(@factor : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "factor"} loc("in/c/ok/implicit.c":21:18)
    %12 = acc.firstprivate varPtr(@grid : !acc.ptr<!acc.array<32xf64>>) recipe(@firstprivatization_acc_ptr__acc_array_32xf64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "grid"} loc("in/c/ok/implicit.c":21:27)
    acc.parallel dataOperands(%10) firstprivate(%11, %12) default(present) {
      acc.code {
        store Add(load(&@factor), load(ptradd(load(&@grid), 0 : i32)[0 : i32])) : f64 -> &@local[2 : i32]
      }
      acc.yield
    } loc("in/c/ok/implicit.c":20:13)
    %b7 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.delete accPtr(%10) to varPtr(@local : !acc.array<100xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_present>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":21:7)
    %13 = acc.copyin varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit.c":24:29)
    %b8 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %14 = acc.copyin varPtr(@local : !acc.array<100xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":24:36)
    %15 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit.c":24:21)
    acc.parallel combined(loop) dataOperands(%13, %14) firstprivate(%15) {
      %16 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/implicit.c":24:5)
      %17 = acc.reduction varPtr(@sum : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "sum"} loc("in/c/ok/implicit.c":23:39)
      acc.loop combined(parallel) private(%16) reduction(%17) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit.c":23:13)
      acc.code {
        acc.loop op([4]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@sum), load(&@local[Rem(load(&@i), 100 : i32) : i32])) : f64 -> &@sum
        }
      }
      acc.yield
    } loc("in/c/ok/implicit.c":23:13)
    acc.copyout accPtr(%13) to varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit.c":24:29)
    %b9 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.delete accPtr(%14) to varPtr(@local : !acc.array<100xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "local[0:100]"} loc("in/c/ok/implicit.c":24:36)
    %b10 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %18 = acc.copyin varPtr(@local : !acc.array<100xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "local"} loc("in/c/ok/implicit.c":26:23)
    %b11 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
    %b12 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
    %19 = acc.present varPtr(@grid : !acc.array<32x32xf64>) bounds(%b11, %b12) {dataClause = #acc<data_clause acc_present>, structured = true, name = "grid[0:32][0:32]"} loc("in/c/ok/implicit.c":26:38)
    acc.data dataOperands(%18, %19) {
      %20 = acc.firstprivate varPtr(@sum : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit.c":29:35)
      acc.serial firstprivate(%20) {
        acc.code {
          store Add(load(ptradd(load(&@grid), 3 : i32)[3 : i32]), load(&@sum)) : f64 -> &@local[3 : i32]
        }
        acc.yield
      } loc("in/c/ok/implicit.c":28:13)
      acc.terminator
    } loc("in/c/ok/implicit.c":26:13)
    %b13 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.copyout accPtr(%18) to varPtr(@local : !acc.array<100xf64>) bounds(%b13) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "local"} loc("in/c/ok/implicit.c":26:23)
    %b14 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
    %b15 = acc.bounds lowerbound(0) upperbound(31) extent(32) stride(1) startIdx(0)
    acc.delete accPtr(%19) to varPtr(@grid : !acc.array<32x32xf64>) bounds(%b14, %b15) {dataClause = #acc<data_clause acc_present>, structured = true, name = "grid[0:32][0:32]"} loc("in/c/ok/implicit.c":26:38)
    %b16 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    %21 = acc.copyin varPtr(@local : !acc.array<100xf64>) bounds(%b16) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "local"} loc("in/c/ok/implicit.c":32:46)
    %22 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "n"} loc("in/c/ok/implicit.c":32:66)
    %23 = acc.firstprivate varPtr(@factor : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "factor"} loc("in/c/ok/implicit.c":32:69)
    acc.parallel combined(loop) dataOperands(%21) firstprivate(%22, %23) default(none) {
      acc.loop combined(parallel) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit.c":32:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([8]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(&@factor) -> &@local[Rem(load(&%l0.k), 100 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/implicit.c":32:13)
    %b17 = acc.bounds lowerbound(0) upperbound(99) extent(100) stride(1) startIdx(0)
    acc.copyout accPtr(%21) to varPtr(@local : !acc.array<100xf64>) bounds(%b17) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "local"} loc("in/c/ok/implicit.c":32:46)
  }
}
