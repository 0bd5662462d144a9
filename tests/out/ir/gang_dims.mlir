module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/gang_dims.c":8:29)
  func.func @planes() loc("in/c/ok/gang_dims.c":5:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n*n*n - 1") extent("n*n*n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*n*n]"} loc("in/c/ok/gang_dims.c":5:46)
    %1 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/gang_dims.c":8:29)
    acc.parallel dataOperands(%0) firstprivate(%1) num_gangs({2, 4, 8}) {
      acc.loop gang(dim: 3) control(%i = 0 to < "n" step 1) {
        acc.loop gang(dim: 2) control(%j = 0 to < "n" step 1) {
          acc.loop gang(dim: 1) vector control(%k = 0 to < "n" step 1) {
            acc.yield
          } loc("in/c/ok/gang_dims.c":11:13)
          acc.yield
        } loc("in/c/ok/gang_dims.c":9:13)
        acc.yield
      } loc("in/c/ok/gang_dims.c":7:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.k : i32
        acc.loop op([1]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          acc.loop op([2]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            acc.loop op([3]) seq (%l2.k = 0 : i32 while Lt load(&@n) step 1 : i32) {
              store Add(load(load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]), cast(1 : i32 to f32)) : f32 -> load(&@a)[Add(Mul(Add(Mul(load(&%l0.i), load(&@n)) : i32, load(&%l1.j)) : i32, load(&@n)) : i32, load(&%l2.k)) : i32]
            }
          }
        }
      }
      acc.yield
    } loc("in/c/ok/gang_dims.c":5:13)
    %b1 = acc.bounds lowerbound(0) upperbound("n*n*n - 1") extent("n*n*n") stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n*n*n]"} loc("in/c/ok/gang_dims.c":5:46)
  }
}
