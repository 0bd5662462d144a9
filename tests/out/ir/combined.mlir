module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_acc_ptr_f32 : !acc.ptr<f32> init(copy) loc("in/c/ok/combined.c":21:33)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/combined.c":7:21)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/c/ok/combined.c":15:59)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/combined.c":11:39)
  acc.reduction.recipe @reduction_max_f32 : f32 reduction_operator <max> init(-inf) combiner(<max>) loc("in/c/ok/combined.c":11:60)
  func.func @combined() loc("in/c/ok/combined.c":6:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@b : !acc.array<?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/combined.c":6:34)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.create varPtr(@a : !acc.array<?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":6:50)
    %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":7:21)
    acc.parallel combined(loop) dataOperands(%0, %1) firstprivate(%2) {
      %3 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/combined.c":7:5)
      acc.loop combined(parallel) gang vector private(%3) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":6:13)
      acc.code {
        acc.loop op([0]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(load(&@b)[load(&@i)]) -> load(&@a)[load(&@i)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":6:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@b : !acc.array<?xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/combined.c":6:34)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@a : !acc.array<?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":6:50)
    %b4 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %4 = acc.present varPtr(@s : !acc.array<?x64xf32>) bounds(%b4, %b5) {dataClause = #acc<data_clause acc_present>, structured = true, name = "s[0:n][0:64]"} loc("in/c/ok/combined.c":8:78)
    %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":9:21)
    acc.kernels combined(loop) dataOperands(%4) firstprivate(%5) {
      %6 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/combined.c":9:5)
      %7 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/combined.c":10:9)
      acc.loop combined(kernels) gang(num: 8) vector(32) collapse(2) private(%6, %7) control(%i = 0 to < "n" step 1, %j = 0 to < 64 step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":8:13)
      acc.code {
        acc.loop op([2]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32, @j = 0 : i32 while Lt 64 : i32 step 1 : i32) {
          store 0.0 : f32 -> ptradd(load(&@s), load(&@i))[load(&@j)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":8:13)
    %b6 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@s : !acc.array<?x64xf32>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_present>, structured = true, name = "s[0:n][0:64]"} loc("in/c/ok/combined.c":8:78)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":11:76)
    %9 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/c/ok/combined.c":12:35)
    %10 = acc.copyin varPtr(@biggest : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "biggest"} loc("in/c/ok/combined.c":12:50)
    %11 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":12:25)
    acc.parallel combined(loop) dataOperands(%8, %9, %10) firstprivate(%11) {
      %12 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/c/ok/combined.c":11:39)
      %13 = acc.reduction varPtr(@biggest : f32) recipe(@reduction_max_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "biggest"} loc("in/c/ok/combined.c":11:60)
      acc.loop combined(parallel) reduction(%12, %13) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":11:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([4]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@total), load(load(&@a)[load(&%l0.k)])) : f32 -> &@total
          store select(Gt(load(load(&@a)[load(&%l0.k)]), load(&@biggest)) : i1, load(load(&@a)[load(&%l0.k)]), load(&@biggest)) -> &@biggest
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":11:13)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%8) to varPtr(@a : !acc.array<?xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":11:76)
    acc.copyout accPtr(%9) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/c/ok/combined.c":12:35)
    acc.copyout accPtr(%10) to varPtr(@biggest : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "biggest"} loc("in/c/ok/combined.c":12:50)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %14 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":13:34)
    %15 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":14:18)
    acc.serial combined(loop) dataOperands(%14) firstprivate(%15) {
      acc.loop combined(serial) seq control(%k = "n - 1" to >= 0 step -1) {
        acc.yield
      } loc("in/c/ok/combined.c":13:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([6]) seq (%l0.k = Sub(load(&@n), 1 : i32) : i32 while Ge 0 : i32 step -1 : i32) {
          store Mul(load(load(&@a)[load(&%l0.k)]), 2.0 : f32) : f32 -> load(&@a)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":13:13)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%14) to varPtr(@a : !acc.array<?xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":13:34)
    %b12 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %16 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b12) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":15:43)
    %17 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":16:25)
    acc.kernels combined(loop) dataOperands(%16) firstprivate(%17) {
      %18 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "j"} loc("in/c/ok/combined.c":15:59)
      acc.loop combined(kernels) independent private(%18) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":15:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([8]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(&%l0.k) -> &@j
          store cast(load(&@j) to f32) -> load(&@a)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":15:13)
    %b13 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%16) to varPtr(@a : !acc.array<?xf32>) bounds(%b13) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/combined.c":15:43)
    %b14 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b15 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %19 = acc.copyin varPtr(@s : !acc.array<?x64xf32>) bounds(%b14, %b15) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s[0:n][0:64]"} loc("in/c/ok/combined.c":17:47)
    %20 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":18:25)
    acc.kernels combined(loop) dataOperands(%19) firstprivate(%20) {
      acc.loop combined(kernels) auto tile(8, 8) control(%p = 0 to < "n" step 1, %q = 0 to < 64 step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":17:13)
      acc.code {
        local %l0.p : i32
        local %l1.q : i32
        acc.loop op([10]) seq (%l0.p = 0 : i32 while Lt load(&@n) step 1 : i32, %l1.q = 0 : i32 while Lt 64 : i32 step 1 : i32) {
          store Add(load(ptradd(load(&@s), load(&%l0.p))[load(&%l1.q)]), 1.0 : f32) : f32 -> ptradd(load(&@s), load(&%l0.p))[load(&%l1.q)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":17:13)
    %b16 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b17 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%19) to varPtr(@s : !acc.array<?x64xf32>) bounds(%b16, %b17) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s[0:n][0:64]"} loc("in/c/ok/combined.c":17:47)
    %21 = acc.copyin varPtr(@m : i32) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "m", async = 2} loc("in/c/ok/combined.c":20:115)
    %22 = acc.firstprivate varPtr(@a : !acc.ptr<f32>) recipe(@firstprivatization_acc_ptr_f32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "a"} loc("in/c/ok/combined.c":21:33)
    %23 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n", async = 2} loc("in/c/ok/combined.c":21:25)
    acc.kernels combined(loop) dataOperands(%21) firstprivate(%22, %23) async(2) wait(1) num_gangs({4}) if("n > 1") default(present) {
      acc.loop combined(kernels) worker(4) vector(8) control(%k = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/combined.c":20:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([12]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store cast(load(&@m) to f32) -> load(&@a)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":20:13)
    acc.delete accPtr(%21) to varPtr(@m : i32) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "m", async = 2} loc("in/c/ok/combined.c":20:115)
    %24 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/combined.c":23:25)
    %25 = acc.firstprivate varPtr(@a : !acc.ptr<f32>) recipe(@firstprivatization_acc_ptr_f32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "a"} loc("in/c/ok/combined.c":23:36)
    acc.parallel combined(loop) firstprivate(%24, %25) {
      acc.loop combined(parallel) gang(static: *) vector [nvidia] seq [host] control(%k = 0 to < "n" step 2) {
        acc.yield
      } loc("in/c/ok/combined.c":22:13)
      acc.code {
        local %l0.k : i32
        acc.loop op([14]) seq (%l0.k = 0 : i32 while Lt load(&@n) step 2 : i32) {
          store 0.0 : f32 -> load(&@a)[load(&%l0.k)]
        }
      }
      acc.yield
    } loc("in/c/ok/combined.c":22:13)
  }
}
