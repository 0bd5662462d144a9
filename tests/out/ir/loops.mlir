module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/loops.c":10:25)
  acc.private.recipe @privatization_f64 : f64 init(uninitialized) loc("in/c/ok/loops.c":21:57)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/c/ok/loops.c":10:9)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/loops.c":13:37)
  acc.reduction.recipe @reduction_ior_i64 : i64 reduction_operator <ior> init(0) combiner(<ior>) loc("in/c/ok/loops.c":27:43)
  acc.reduction.recipe @reduction_mul_f64 : f64 reduction_operator <mul> init(1.0) combiner(<mul>) loc("in/c/ok/loops.c":17:60)
  func.func @loops() loc("in/c/ok/loops.c":7:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":7:27)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@c : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c[0:n]"} loc("in/c/ok/loops.c":7:44)
    %2 = acc.copyin varPtr(@p : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p"} loc("in/c/ok/loops.c":18:33)
    %3 = acc.copyin varPtr(@bits : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bits"} loc("in/c/ok/loops.c":28:33)
    %4 = acc.copyin varPtr(@x : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "x"} loc("in/c/ok/loops.c":14:41)
    %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loops.c":10:25)
    %6 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/loops.c":12:29)
    acc.parallel dataOperands(%0, %1, %2, %3, %4) firstprivate(%5, %6) {
      %7 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":10:9)
      %8 = acc.reduction varPtr(@x : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "x"} loc("in/c/ok/loops.c":9:13)
      acc.loop gang private(%7) reduction(%8) control(%i = 0 to < "n" step 1) {
        %9 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/loops.c":12:13)
        %10 = acc.reduction varPtr(@x : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "x"} loc("in/c/ok/loops.c":11:13)
        acc.loop worker private(%9) reduction(%10) control(%j = 0 to < "m" step 1) {
          %11 = acc.private varPtr(@k : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "k"} loc("in/c/ok/loops.c":14:17)
          %12 = acc.reduction varPtr(@x : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "x"} loc("in/c/ok/loops.c":13:37)
          acc.loop vector private(%11) reduction(%12) control(%k = 0 to < 4 step 1) {
            acc.yield
          } loc("in/c/ok/loops.c":13:13)
          acc.yield
        } loc("in/c/ok/loops.c":11:13)
        acc.yield
      } loc("in/c/ok/loops.c":9:13)
      %13 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":18:9)
      %14 = acc.reduction varPtr(@p : f64) recipe(@reduction_mul_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "p"} loc("in/c/ok/loops.c":17:60)
      acc.loop gang(static: 2) worker vector private(%13) reduction(%14) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":17:13)
      %15 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":20:9)
      acc.loop seq private(%15) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":19:13)
      %16 = acc.private varPtr(@x : f64) recipe(@privatization_f64) {dataClause = #acc<data_clause acc_private>, structured = true, name = "x"} loc("in/c/ok/loops.c":21:57)
      %17 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":22:9)
      %18 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/loops.c":23:13)
      acc.loop independent collapse(force: 2) private(%16, %17, %18) control(%i = 0 to < "n" step 1, %j = 0 to < "m" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":21:13)
      %19 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":25:9)
      %20 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/loops.c":26:13)
      acc.loop auto tile(*, 4) private(%19, %20) control(%i = 0 to < "n" step 1, %j = 0 to < "m" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":24:13)
      %21 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":28:9)
      %22 = acc.reduction varPtr(@bits : i64) recipe(@reduction_ior_i64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "bits"} loc("in/c/ok/loops.c":27:43)
      acc.loop gang(dim: 2) private(%21) reduction(%22) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":27:13)
      %23 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":30:9)
      %24 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/loops.c":31:13)
      acc.loop gang [nvidia] worker [radeon] vector [nvidia] seq [*] collapse(2 [nvidia]) tile(2, 2 [radeon]) private(%23, %24) control(%i = 0 to < "n" step 1, %j = 0 to < "m" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":29:13)
      %25 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":33:9)
      acc.loop vector private(%25) control(%i = "n" to > 0 step -1) {
        acc.yield
      } loc("in/c/ok/loops.c":32:13)
      acc.code {
        acc.loop op([1]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([2]) seq (@j = 0 : i32 while Lt load(&@m) step 1 : i32) {
            acc.loop op([3]) seq (@k = 0 : i32 while Lt 4 : i32 step 1 : i32) {
              store Add(load(&@x), Mul(load(load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]), cast(load(&@k) to f64)) : f64) : f64 -> &@x
            }
          }
        }
        acc.loop op([4]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Mul(load(&@p), load(load(&@c)[load(&@i)])) : f64 -> &@p
        }
        acc.loop op([5]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(load(&@a)[Sub(load(&@i), cast(Gt(load(&@i), 0 : i32) : i1 to i32)) : i32]) -> load(&@a)[load(&@i)]
        }
        acc.loop op([6]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32, @j = 0 : i32 while Lt load(&@m) step 1 : i32) {
          store load(load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]) -> &@x
          store Mul(load(&@x), cast(2 : i32 to f64)) : f64 -> load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]
        }
        acc.loop op([7]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32, @j = 0 : i32 while Lt load(&@m) step 1 : i32) {
          store Add(load(load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]), cast(1 : i32 to f64)) : f64 -> load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]
        }
        acc.loop op([8]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store BitOr(load(&@bits), cast(load(&@i) to i64)) : i64 -> &@bits
        }
        acc.loop op([9]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32, @j = 0 : i32 while Lt load(&@m) step 1 : i32) {
          store Sub(load(load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]), cast(1 : i32 to f64)) : f64 -> load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]
        }
        acc.loop op([10]) seq (@i = load(&@n) while Gt 0 : i32 step -1 : i32) {
          store Mul(load(load(&@a)[Sub(load(&@i), 1 : i32) : i32]), 0.5 : f64) : f64 -> load(&@a)[Sub(load(&@i), 1 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/loops.c":7:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":7:27)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@c : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "c[0:n]"} loc("in/c/ok/loops.c":7:44)
    acc.copyout accPtr(%2) to varPtr(@p : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "p"} loc("in/c/ok/loops.c":18:33)
    acc.copyout accPtr(%3) to varPtr(@bits : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bits"} loc("in/c/ok/loops.c":28:33)
    acc.copyout accPtr(%4) to varPtr(@x : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "x"} loc("in/c/ok/loops.c":14:41)
    %b4 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    %26 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":35:26)
    %27 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loops.c":38:25)
    acc.kernels dataOperands(%26) firstprivate(%27) {
      %28 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":38:9)
      acc.loop gang(num: 4, static: 2) worker(2) vector(64) private(%28) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":37:13)
      %29 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":40:9)
      acc.loop gang(num: "n") vector(128) private(%29) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loops.c":39:13)
      acc.code {
        acc.loop op([12]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(load(&@a)[load(&@i)]), cast(1 : i32 to f64)) : f64 -> load(&@a)[load(&@i)]
        }
        acc.loop op([13]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Sub(load(load(&@a)[load(&@i)]), cast(1 : i32 to f64)) : f64 -> load(&@a)[load(&@i)]
        }
      }
      acc.yield
    } loc("in/c/ok/loops.c":35:13)
    %b5 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    acc.copyout accPtr(%26) to varPtr(@a : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":35:26)
    %b6 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    %30 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":42:43)
    %31 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loops.c":45:25)
    %32 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/loops.c":47:29)
    acc.parallel dataOperands(%30) firstprivate(%31, %32) num_gangs({4, 2}) {
      %33 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/c/ok/loops.c":45:9)
      acc.loop gang(dim: 2) private(%33) control(%i = 0 to < "n" step 1) {
        %34 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/c/ok/loops.c":47:13)
        acc.loop gang(dim: 1) private(%34) control(%j = 0 to < "m" step 1) {
          acc.yield
        } loc("in/c/ok/loops.c":46:13)
        acc.yield
      } loc("in/c/ok/loops.c":44:13)
      acc.code {
        acc.loop op([15]) seq (@i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([16]) seq (@j = 0 : i32 while Lt load(&@m) step 1 : i32) {
            store Add(load(load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]), cast(2 : i32 to f64)) : f64 -> load(&@a)[Add(Mul(load(&@i), load(&@m)) : i32, load(&@j)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loops.c":42:13)
    %b7 = acc.bounds lowerbound(0) upperbound("n*m - 1") extent("n*m") stride(1) startIdx(0)
    acc.copyout accPtr(%30) to varPtr(@a : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*m]"} loc("in/c/ok/loops.c":42:43)
  }
}
