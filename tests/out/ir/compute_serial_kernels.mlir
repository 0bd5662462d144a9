module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_acc_ptr_f64 : !acc.ptr<f64> init(copy) loc("in/c/ok/compute_serial_kernels.c":19:7)
  acc.firstprivate.recipe @firstprivatization_f64 : f64 init(copy) loc("in/c/ok/compute_serial_kernels.c":7:46)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/compute_serial_kernels.c":8:39)
  acc.private.recipe @privatization_acc_array_16xf64 : !acc.array<16xf64> init(uninitialized) loc("in/c/ok/compute_serial_kernels.c":7:57)
  acc.reduction.recipe @reduction_ior_i32 : i32 reduction_operator <ior> init(0) combiner(<ior>) loc("in/c/ok/compute_serial_kernels.c":9:81)
  func.func @serial_kernels() loc("in/c/ok/compute_serial_kernels.c":7:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":7:25)
    %b1 = acc.bounds lowerbound(0) upperbound(15) extent(16) stride(1) startIdx(0)
    %1 = acc.private varPtr(@tmp : !acc.array<16xf64>) bounds(%b1) recipe(@privatization_acc_array_16xf64) {dataClause = #acc<data_clause acc_private>, structured = true, name = "tmp"} loc("in/c/ok/compute_serial_kernels.c":7:57)
    %2 = acc.firstprivate varPtr(@t : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "t"} loc("in/c/ok/compute_serial_kernels.c":7:46)
    %3 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/compute_serial_kernels.c":8:39)
    acc.serial dataOperands(%0) private(%1) firstprivate(%2, %3) {
      acc.code {
        local %l0.i : i32
        store load(&@t) -> &@tmp[0 : i32]
        {
          declare %l0.i = 0 : i32
          loop while Lt(load(&%l0.i), load(&@n)) : i1 {
            store Add(load(load(&@a)[load(&%l0.i)]), load(&@tmp[0 : i32])) : f64 -> load(&@a)[load(&%l0.i)]
          } step {
            store Add(load(&%l0.i), 1 : i32) : i32 -> &%l0.i
          }
        }
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":7:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@a : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":7:25)
    %4 = acc.copyin varPtr(@flags : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flags", async = 1} loc("in/c/ok/compute_serial_kernels.c":9:62)
    %5 = acc.reduction varPtr(@flags : i32) recipe(@reduction_ior_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "flags"} loc("in/c/ok/compute_serial_kernels.c":9:81)
    acc.serial dataOperands(%4) reduction(%5) async(1) wait(2) if("n") default(none) {
      acc.code {
        store BitOr(load(&@flags), 1 : i32) : i32 -> &@flags
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":9:13)
    acc.copyout accPtr(%4) to varPtr(@flags : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "flags", async = 1} loc("in/c/ok/compute_serial_kernels.c":9:62)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %6 = acc.present varPtr(@a : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":11:36)
    acc.serial dataOperands(%6) self(1) {
      acc.code {
        store 1.0 : f64 -> load(&@a)[0 : i32]
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":11:13)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%6) to varPtr(@a : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_present>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":11:36)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %7 = acc.copyin varPtr(@b : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_serial_kernels.c":13:28)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %8 = acc.create varPtr(@a : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":13:44)
    %9 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/compute_serial_kernels.c":15:29)
    acc.kernels dataOperands(%7, %8) firstprivate(%9) {
      acc.code {
        local %l0.i : i32
        local %l1.i : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Mul(load(load(&@b)[load(&%l0.i)]), 2.0 : f64) : f64 -> load(&@a)[load(&%l0.i)]
        }
        acc.loop seq (%l1.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(load(&@a)[load(&%l1.i)]), 1.0 : f64) : f64 -> load(&@a)[load(&%l1.i)]
        }
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":13:13)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%7) to varPtr(@b : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "b[0:n]"} loc("in/c/ok/compute_serial_kernels.c":13:28)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%8) to varPtr(@a : !acc.array<?xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "a[0:n]"} loc("in/c/ok/compute_serial_kernels.c":13:44)
    %10 = acc.copyin varPtr(@t : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "t", async = noval} loc("in/c/ok/compute_serial_kernels.c":19:20)
    %11 = acc.firstprivate varPtr(@a : !acc.ptr<f64>) recipe(@firstprivatization_acc_ptr_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "a"} loc("in/c/ok/compute_serial_kernels.c":19:7)
    %12 = acc.firstprivate varPtr(@b : !acc.ptr<f64>) recipe(@firstprivatization_acc_ptr_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "b"} loc("in/c/ok/compute_serial_kernels.c":19:14)
    acc.kernels dataOperands(%10) firstprivate(%11, %12) async(noval) wait(1) num_gangs({16}) num_workers(2) vector_length(64) if("n > 0") default(present) {
      acc.code {
        store load(load(&@b)[0 : i32]) -> load(&@a)[0 : i32]
        store 1.0 : f64 -> &@t
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":18:13)
    acc.copyout accPtr(%10) to varPtr(@t : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "t", async = noval} loc("in/c/ok/compute_serial_kernels.c":19:20)
    %13 = acc.copyin varPtr(@t : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "t", async = 3 [*]} loc("in/c/ok/compute_serial_kernels.c":21:7)
    acc.kernels dataOperands(%13) async(3 [*]) self {
      acc.code {
        store Add(load(&@t), 1.0 : f64) : f64 -> &@t
      }
      acc.yield
    } loc("in/c/ok/compute_serial_kernels.c":20:13)
    acc.copyout accPtr(%13) to varPtr(@t : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "t", async = 3 [*]} loc("in/c/ok/compute_serial_kernels.c":21:7)
  }
}
