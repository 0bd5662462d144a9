module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/compute_parallel.c":22:63)
  acc.private.recipe @privatization_f64 : f64 init(uninitialized) loc("in/c/ok/compute_parallel.c":22:47)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/compute_parallel.c":22:78)
  func.func @parallel_forms() loc("in/c/ok/compute_parallel.c":10:1) {
    %b0 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@x : !acc.array<1024xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":10:27)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":10:37)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %2 = acc.create varPtr(@a : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_parallel.c":10:53)
    %3 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/compute_parallel.c":11:25)
    acc.parallel dataOperands(%0, %1, %2) firstprivate(%3) {
      acc.code {
        local %l0.i : i32
        {
          declare %l0.i = 0 : i32
          loop while Lt(load(&%l0.i), load(&@n)) : i1 {
            store Add(load(load(&@b)[load(&%l0.i)]), load(&@x[load(&%l0.i)])) : f64 -> load(&@a)[load(&%l0.i)]
          } step {
            store Add(load(&%l0.i), 1 : i32) : i32 -> &%l0.i
          }
        }
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":10:13)
    %b3 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@x : !acc.array<1024xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":10:27)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@b : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":10:37)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%2) to varPtr(@a : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_parallel.c":10:53)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %4 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copyin>, modifiers = readonly, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":12:39)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %5 = acc.create varPtr(@c : !acc.array<?xf32>) bounds(%b7) {dataClause = #acc<data_clause acc_create>, modifiers = zero, structured = true, name = "c[0:n]"} loc("in/c/ok/compute_parallel.c":12:60)
    %b8 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b9 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    %6 = acc.present varPtr(@y : !acc.array<1024x8xf64>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_present>, structured = true, name = "y"} loc("in/c/ok/compute_parallel.c":12:76)
    acc.parallel dataOperands(%4, %5, %6) {
      acc.code {
        store Add(cast(load(load(&@b)[0 : i32]) to f32), cast(load(&@y[0 : i32][0 : i32]) to f32)) : f32 -> load(&@c)[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":12:13)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%4) to varPtr(@b : !acc.array<?xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_copyin>, modifiers = readonly, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":12:39)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%5) to varPtr(@c : !acc.array<?xf32>) bounds(%b11) {dataClause = #acc<data_clause acc_create>, modifiers = zero, structured = true, name = "c[0:n]"} loc("in/c/ok/compute_parallel.c":12:60)
    %b12 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b13 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    acc.delete accPtr(%6) to varPtr(@y : !acc.array<1024x8xf64>) bounds(%b12, %b13) {dataClause = #acc<data_clause acc_present>, structured = true, name = "y"} loc("in/c/ok/compute_parallel.c":12:76)
    %b14 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    %7 = acc.nocreate varPtr(@x : !acc.array<1024xf64>) bounds(%b14) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":14:32)
    %8 = acc.deviceptr varPtr(@c : !acc.ptr<f32>) {dataClause = #acc<data_clause acc_deviceptr>, structured = true, name = "c"} loc("in/c/ok/compute_parallel.c":14:45)
    %9 = acc.attach varPtr(@g->p : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_attach>, structured = true, name = "g->p"} loc("in/c/ok/compute_parallel.c":14:55)
    acc.parallel dataOperands(%7, %8, %9) {
      acc.code {
        store Add(cast(load(load(&@c)[0 : i32]) to f64), load(load(load(&@g).#2)[0 : i32])) : f64 -> &@x[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":14:13)
    %b15 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    acc.delete accPtr(%7) to varPtr(@x : !acc.array<1024xf64>) bounds(%b15) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":14:32)
    acc.detach accPtr(%9) to varPtr(@g->p : !acc.ptr<f64>) {dataClause = #acc<data_clause acc_attach>, structured = true, name = "g->p"} loc("in/c/ok/compute_parallel.c":14:55)
    %10 = acc.firstprivate varPtr(@count : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "count"} loc("in/c/ok/compute_parallel.c":17:7)
    acc.parallel firstprivate(%10) async("q") wait(1, 2) num_gangs({32}) num_workers(4) vector_length(128) {
      acc.code {
        store Add(load(&@count), 1 : i32) : i32 -> &@count
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":16:13)
    %11 = acc.firstprivate varPtr(@count : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "count"} loc("in/c/ok/compute_parallel.c":19:7)
    acc.parallel firstprivate(%11) async(noval) wait() num_gangs({8, 4, 2}) {
      acc.code {
        store Add(load(&@count), 1 : i32) : i32 -> &@count
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":18:13)
    %12 = acc.copyin varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/c/ok/compute_parallel.c":20:66)
    acc.parallel dataOperands(%12) if("n > 100") self("n < 10") default(none) {
      acc.code {
        store Add(load(&@count), 1 : i32) : i32 -> &@count
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":20:13)
    acc.copyout accPtr(%12) to varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/c/ok/compute_parallel.c":20:66)
    %13 = acc.copyin varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/compute_parallel.c":23:14)
    %14 = acc.private varPtr(@m : f64) recipe(@privatization_f64) {dataClause = #acc<data_clause acc_private>, structured = true, name = "m"} loc("in/c/ok/compute_parallel.c":22:47)
    %15 = acc.firstprivate varPtr(@q : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "q"} loc("in/c/ok/compute_parallel.c":22:63)
    %16 = acc.reduction varPtr(@sum : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "sum"} loc("in/c/ok/compute_parallel.c":22:78)
    acc.parallel dataOperands(%13) private(%14) firstprivate(%15) reduction(%16) default(present) {
      acc.code {
        store cast(load(&@q) to f64) -> &@m
        store Add(load(&@sum), load(&@m)) : f64 -> &@sum
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":22:13)
    acc.copyout accPtr(%13) to varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/compute_parallel.c":23:14)
    %b16 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %17 = acc.copyin varPtr(@s.v : !acc.array<16xf64>) bounds(%b16) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s.v[0:16]"} loc("in/c/ok/compute_parallel.c":24:27)
    %b17 = acc.bounds lowerbound(2) upperbound(9) extent(8) stride(1) startIdx(0)
    %18 = acc.copyin varPtr(@g->v : !acc.array<8xf64>) bounds(%b17) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g->v[2:8]"} loc("in/c/ok/compute_parallel.c":24:45)
    %b18 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b19 = acc.bounds lowerbound(1) upperbound(4) extent(4) stride(1) startIdx(0)
    %19 = acc.create varPtr(@y : !acc.array<4x8xf64>) bounds(%b18, %b19) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "y[1:4][0:8]"} loc("in/c/ok/compute_parallel.c":24:64)
    acc.parallel dataOperands(%17, %18, %19) {
      acc.code {
        store Add(load(load(&@g).#1[2 : i32]), load(&@y[1 : i32][0 : i32])) : f64 -> &@s.#1[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":24:13)
    %b20 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    acc.copyout accPtr(%17) to varPtr(@s.v : !acc.array<16xf64>) bounds(%b20) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s.v[0:16]"} loc("in/c/ok/compute_parallel.c":24:27)
    %b21 = acc.bounds lowerbound(2) upperbound(9) extent(8) stride(1) startIdx(0)
    acc.delete accPtr(%18) to varPtr(@g->v : !acc.array<8xf64>) bounds(%b21) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "g->v[2:8]"} loc("in/c/ok/compute_parallel.c":24:45)
    %b22 = acc.bounds lowerbound(0) upperbound(7) extent(8) stride(1) startIdx(0)
    %b23 = acc.bounds lowerbound(1) upperbound(4) extent(4) stride(1) startIdx(0)
    acc.copyout accPtr(%19) to varPtr(@y : !acc.array<4x8xf64>) bounds(%b22, %b23) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "y[1:4][0:8]"} loc("in/c/ok/compute_parallel.c":24:64)
    %b24 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    %20 = acc.copyin varPtr(@x : !acc.array<1024xf64>) bounds(%b24) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":26:28)
    %b25 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %21 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b25) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":26:49)
    %b26 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %22 = acc.create varPtr(@a : !acc.array<?xf64>) bounds(%b26) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_parallel.c":26:66)
    %b27 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %23 = acc.create varPtr(@c : !acc.array<?xf32>) bounds(%b27) {dataClause = #acc<data_clause acc_create>, structured = true, name = "c[0:n]"} loc("in/c/ok/compute_parallel.c":26:92)
    acc.parallel dataOperands(%20, %21, %22, %23) {
      acc.code {
        store Add(Add(load(&@x[0 : i32]), load(load(&@b)[0 : i32])) : f64, cast(load(load(&@c)[0 : i32]) to f64)) : f64 -> load(&@a)[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":26:13)
    %b28 = acc.bounds lowerbound(0) upperbound(1023) extent(1024) stride(1) startIdx(0)
    acc.copyout accPtr(%20) to varPtr(@x : !acc.array<1024xf64>) bounds(%b28) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/c/ok/compute_parallel.c":26:28)
    %b29 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%21) to varPtr(@b : !acc.array<?xf64>) bounds(%b29) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_parallel.c":26:49)
    %b30 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%22) to varPtr(@a : !acc.array<?xf64>) bounds(%b30) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_parallel.c":26:66)
    %b31 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%23) to varPtr(@c : !acc.array<?xf32>) bounds(%b31) {dataClause = #acc<data_clause acc_create>, structured = true, name = "c[0:n]"} loc("in/c/ok/compute_parallel.c":26:92)
    %24 = acc.firstprivate varPtr(@count : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "count"} loc("in/c/ok/compute_parallel.c":29:7)
    acc.parallel firstprivate(%24) wait(devnum: 0 : 3, 4) self {
      acc.code {
        store Sub(load(&@count), 1 : i32) : i32 -> &@count
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":28:13)
    %25 = acc.firstprivate varPtr(@count : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "count"} loc("in/c/ok/compute_parallel.c":31:7)
    acc.parallel firstprivate(%25) async(7) wait(devnum: 1 : queues: 5) num_gangs({1024} [nvidia]) num_workers(2 [radeon, host]) vector_length(256 [nvidia]) {
      acc.code {
        store Sub(load(&@count), 1 : i32) : i32 -> &@count
      }
      acc.yield
    } loc("in/c/ok/compute_parallel.c":30:13)
  }
}
