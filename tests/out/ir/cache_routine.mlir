module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/cache_routine.c":23:25)
  acc.routine func(@square) seq loc("in/c/ok/cache_routine.c":2:13)
  acc.routine func(@cube) named seq bind(@cube_device) loc("in/c/ok/cache_routine.c":6:13)
  acc.routine func(@vec_add) vector nohost loc("in/c/ok/cache_routine.c":8:13)
  acc.routine func(@workers) worker bind("w_impl") loc("in/c/ok/cache_routine.c":11:13)
  acc.routine func(@gangs) gang(dim: 1) worker [radeon] bind(@gang_nv [nvidia]) loc("in/c/ok/cache_routine.c":14:13)
  acc.routine func(@plain) loc("in/c/ok/cache_routine.c":17:13)
  func.func @cached() loc("in/c/ok/cache_routine.c":22:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@b : !acc.array<?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/cache_routine.c":22:34)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/cache_routine.c":22:47)
    %2 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/cache_routine.c":23:25)
    acc.parallel combined(loop) dataOperands(%0, %1) firstprivate(%2) {
      acc.loop combined(parallel) control(%i = 1 to < "n - 1" step 1) {
        %b2 = acc.bounds lowerbound("i - 1") upperbound("i - 1 + 2") extent(3) stride(1) startIdx(0)
        %3 = acc.cache varPtr(@b : !acc.array<3xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_cache>, structured = true, name = "b[i - 1:3]"} loc("in/c/ok/cache_routine.c":24:19)
        acc.cache dataOperands(%3) loc("in/c/ok/cache_routine.c":24:13)
        acc.yield
      } loc("in/c/ok/cache_routine.c":22:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([6]) seq (%l0.i = 1 : i32 while Lt Sub(load(&@n), 1 : i32) : i32 step 1 : i32) {
          store call @__accc_fn_cefc3fc6_square(Add(Add(load(load(&@b)[Sub(load(&%l0.i), 1 : i32) : i32]), load(load(&@b)[load(&%l0.i)])) : f32, load(load(&@b)[Add(load(&%l0.i), 1 : i32) : i32])) : f32) : f32 -> load(&@a)[load(&%l0.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/cache_routine.c":22:13)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@b : !acc.array<?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/cache_routine.c":22:34)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%1) to varPtr(@a : !acc.array<?xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/cache_routine.c":22:47)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %4 = acc.copyin varPtr(@b : !acc.array<?xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/cache_routine.c":27:34)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %5 = acc.copyin varPtr(@a : !acc.array<?xf32>) bounds(%b6) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/cache_routine.c":27:47)
    %6 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/cache_routine.c":28:25)
    acc.parallel combined(loop) dataOperands(%4, %5) firstprivate(%6) {
      acc.loop combined(parallel) control(%i = 0 to < "n" step 1) {
        %b7 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
        %7 = acc.cache varPtr(@b : !acc.array<1xf32>) bounds(%b7) {dataClause = #acc<data_clause acc_cache>, modifiers = readonly, structured = true, name = "b[i:1]"} loc("in/c/ok/cache_routine.c":29:29)
        %b8 = acc.bounds lowerbound("i") upperbound("i") extent(1) stride(1) startIdx(0)
        %8 = acc.cache varPtr(@a : !acc.array<1xf32>) bounds(%b8) {dataClause = #acc<data_clause acc_cache>, modifiers = readonly, structured = true, name = "a[i:1]"} loc("in/c/ok/cache_routine.c":29:37)
        acc.cache dataOperands(%7, %8) loc("in/c/ok/cache_routine.c":29:13)
        acc.yield
      } loc("in/c/ok/cache_routine.c":27:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        local %l2.address : !acc.ptr<f32> temporary
        acc.loop op([9]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          {
            declare %l1.j = 0 : i32
            loop while Lt(load(&%l1.j), 2 : i32) : i1 {
              declare %l2.address = load(&@a)[load(&%l0.i)]
              store Add(load(load(&%l2.address)), call @cube(load(load(&@b)[load(&%l0.i)])) : f32) : f32 -> load(&%l2.address)
            } step {
              store Add(load(&%l1.j), 1 : i32) : i32 -> &%l1.j
            }
          }
        }
      }
      acc.yield
    } loc("in/c/ok/cache_routine.c":27:13)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@b : !acc.array<?xf32>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/cache_routine.c":27:34)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%5) to varPtr(@a : !acc.array<?xf32>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/cache_routine.c":27:47)
  }
}
