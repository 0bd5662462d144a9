module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/loop_levels.c":21:25)
  acc.routine func(@row_op) vector loc("in/c/ok/loop_levels.c":67:13)
  acc.routine func(@plane_op) worker loc("in/c/ok/loop_levels.c":69:13)
  acc.routine func(@volume_op) gang loc("in/c/ok/loop_levels.c":71:13)
  func.func @matmul() loc("in/c/ok/loop_levels.c":7:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":7:28)
    %b1 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n * n]"} loc("in/c/ok/loop_levels.c":7:40)
    %b2 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %2 = acc.create varPtr(@c : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "c[0:n * n]"} loc("in/c/ok/loop_levels.c":7:60)
    %3 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":8:25)
    acc.kernels dataOperands(%0, %1, %2) firstprivate(%3) {
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.s : f64
        local %l3.k : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            declare %l2.s = 0.0 : f64
            acc.loop seq (%l3.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
              store Add(load(&%l2.s), Mul(load(load(&@a)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l3.k)) : i32]), load(load(&@b)[Add(Mul(load(&%l3.k), load(&@n)) : i32, load(&%l1.j)) : i32])) : f64) : f64 -> &%l2.s
            }
            store load(&%l2.s) -> load(&@c)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":7:13)
    %b3 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@a : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":7:28)
    %b4 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@b : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n * n]"} loc("in/c/ok/loop_levels.c":7:40)
    %b5 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%2) to varPtr(@c : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "c[0:n * n]"} loc("in/c/ok/loop_levels.c":7:60)
  }
  func.func @prefix_rows() loc("in/c/ok/loop_levels.c":20:1) {
    %b6 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %4 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":20:32)
    %5 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":21:25)
    acc.parallel combined(loop) dataOperands(%4) firstprivate(%5) {
      acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
        acc.loop seq control(%k = 1 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/loop_levels.c":22:13)
        acc.yield
      } loc("in/c/ok/loop_levels.c":20:13)
      acc.code {
        local %l0.i : i32
        local %l1.k : i32
        acc.loop op([1]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([3]) seq (%l1.k = 1 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(load(&@a)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.k)) : i32]), load(load(&@a)[Sub(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.k)) : i32, 1 : i32) : i32])) : f64 -> load(&@a)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.k)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":20:13)
    %b7 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%4) to varPtr(@a : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":20:32)
  }
  func.func @three_levels() loc("in/c/ok/loop_levels.c":31:1) {
    %b8 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    %6 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":31:37)
    %7 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":32:25)
    acc.parallel combined(loop) dataOperands(%6) firstprivate(%7) {
      acc.loop combined(parallel) gang control(%i = 0 to < "n" step 1) {
        acc.loop control(%j = 0 to < "n" step 1) {
          acc.loop vector control(%k = 0 to < "n" step 1) {
            acc.yield
          } loc("in/c/ok/loop_levels.c":35:13)
          acc.yield
        } loc("in/c/ok/loop_levels.c":33:13)
        acc.yield
      } loc("in/c/ok/loop_levels.c":31:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.k : i32
        acc.loop op([4]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([6]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            acc.loop op([7]) seq (%l2.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
              store Add(load(load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]), 1.0 : f32) : f32 -> load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]
            }
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":31:13)
    %b9 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%6) to varPtr(@a : !acc.array<?xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":31:37)
  }
  func.func @inside_vector() loc("in/c/ok/loop_levels.c":44:1) {
    %b10 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %8 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":44:39)
    %9 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":45:25)
    acc.parallel combined(loop) dataOperands(%8) firstprivate(%9) {
      acc.loop combined(parallel) vector control(%i = 0 to < "n" step 1) {
        acc.loop control(%j = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/loop_levels.c":46:13)
        acc.yield
      } loc("in/c/ok/loop_levels.c":44:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        acc.loop op([8]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([10]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(load(&@a)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32]), 1.0 : f32) : f32 -> load(&@a)[Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32]
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":44:13)
    %b11 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%8) to varPtr(@a : !acc.array<?xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":44:39)
  }
  func.func @gang_auto_auto() loc("in/c/ok/loop_levels.c":55:1) {
    %b12 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    %10 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b12) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":55:37)
    %11 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":56:25)
    acc.parallel combined(loop) dataOperands(%10) firstprivate(%11) {
      acc.loop combined(parallel) gang control(%i = 0 to < "n" step 1) {
        acc.loop control(%j = 0 to < "n" step 1) {
          acc.loop control(%k = 0 to < "n" step 1) {
            acc.yield
          } loc("in/c/ok/loop_levels.c":59:13)
          acc.yield
        } loc("in/c/ok/loop_levels.c":57:13)
        acc.yield
      } loc("in/c/ok/loop_levels.c":55:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.k : i32
        acc.loop op([11]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([13]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            acc.loop op([14]) seq (%l2.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
              store Mul(load(load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]), 2.0 : f32) : f32 -> load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]
            }
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":55:13)
    %b13 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%10) to varPtr(@a : !acc.array<?xf32>) bounds(%b13) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":55:37)
  }
  func.func @calls_routines() loc("in/c/ok/loop_levels.c":75:1) {
    %b14 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    %12 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b14) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":75:32)
    %13 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":76:25)
    acc.parallel combined(loop) dataOperands(%12) firstprivate(%13) {
      acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loop_levels.c":75:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([18]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          eval call @row_op(load(&@n), ptradd(load(&@a), Mul(load(&%l0.i), load(&@n)) : i32)) : none
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":75:13)
    %b15 = acc.bounds lowerbound(0) upperbound("n * n - 1") extent("n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%12) to varPtr(@a : !acc.array<?xf32>) bounds(%b15) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n]"} loc("in/c/ok/loop_levels.c":75:32)
    %b16 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    %14 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b16) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":78:37)
    %15 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":79:25)
    acc.parallel combined(loop) dataOperands(%14) firstprivate(%15) {
      acc.loop combined(parallel) gang control(%i = 0 to < "n" step 1) {
        acc.loop control(%j = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/loop_levels.c":80:13)
        acc.yield
      } loc("in/c/ok/loop_levels.c":78:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        acc.loop op([20]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([22]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            eval call @row_op(load(&@n), ptradd(load(&@a), Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32)) : none
          }
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":78:13)
    %b17 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%14) to varPtr(@a : !acc.array<?xf32>) bounds(%b17) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":78:37)
    %b18 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    %16 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b18) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":84:32)
    %17 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":85:25)
    acc.parallel combined(loop) dataOperands(%16) firstprivate(%17) {
      acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/loop_levels.c":84:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([23]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          eval call @plane_op(load(&@n), ptradd(load(&@a), Mul(Mul(load(&%l0.i), load(&@n)) : i32, load(&@n)) : i32)) : none
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":84:13)
    %b19 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%16) to varPtr(@a : !acc.array<?xf32>) bounds(%b19) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":84:32)
    %b20 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    %18 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b20) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":87:32)
    %19 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/loop_levels.c":89:19)
    acc.parallel combined(loop) dataOperands(%18) firstprivate(%19) {
      acc.loop combined(parallel) control(%i = 0 to < 1 step 1) {
        acc.yield
      } loc("in/c/ok/loop_levels.c":87:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([25]) seq (%l0.i = 0 : i32 while Lt 1 : i32 step 1 : i32) {
          eval call @volume_op(load(&@n), load(&@a)) : none
        }
      }
      acc.yield
    } loc("in/c/ok/loop_levels.c":87:13)
    %b21 = acc.bounds lowerbound(0) upperbound("n * n * n - 1") extent("n * n * n") stride(1) startIdx(0)
    acc.copyout accPtr(%18) to varPtr(@a : !acc.array<?xf32>) bounds(%b21) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n * n * n]"} loc("in/c/ok/loop_levels.c":87:32)
  }
}
