module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/compute.f90":12:80)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/compute.f90":11:9)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/compute.f90":12:64)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/compute.f90":13:39)
  func.func @compute() loc("in/fortran/ok/compute.f90":11:3) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %0 = acc.copyin varPtr(@a : !acc.array<1:?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a", async = "q"} loc("in/fortran/ok/compute.f90":12:42)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %1 = acc.create varPtr(@b : !acc.array<1:?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b", async = "q"} loc("in/fortran/ok/compute.f90":12:53)
    %2 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "i"} loc("in/fortran/ok/compute.f90":12:64)
    %3 = acc.firstprivate varPtr(@q : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "q"} loc("in/fortran/ok/compute.f90":12:80)
    %4 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/compute.f90":14:13)
    %5 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/compute.f90":11:9)
    %6 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/compute.f90":11:9)
    %7 = acc.firstprivate varPtr(@lbound(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(b,1)"} loc("in/fortran/ok/compute.f90":11:9)
    %8 = acc.firstprivate varPtr(@stride(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(b,1)"} loc("in/fortran/ok/compute.f90":11:9)
    %9 = acc.reduction varPtr(@s : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":13:39)
    acc.parallel dataOperands(%0, %1) private(%2) firstprivate(%3, %4, %5, %6, %7, %8) reduction(%9) async("q") wait(1, 2) num_gangs({4}) num_workers(2) vector_length(128) if("n > 10") self(".false.") default(present) {
      acc.code {
        local %l0.do.start : i32 temporary
        local %l1.do.end : i32 temporary
        local %l2.do.step : i32 temporary
        local %l3.do.trips : i64 temporary
        {
          declare %l0.do.start = 1 : i32
          declare %l1.do.end = load(&@n)
          declare %l2.do.step = 1 : i32
          declare %l3.do.trips = Div(Add(Sub(cast(load(&%l1.do.end) to i64), cast(load(&%l0.do.start) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64
          store load(&%l0.do.start) -> &@i
          loop while Gt(load(&%l3.do.trips), 0 : i64) : i1 {
            store Mul(load(cast(&@a to !acc.ptr<f64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]), cast(2 : i32 to f64)) : f64 -> cast(&@b to !acc.ptr<f64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(b,1))) : i64, load(&@stride(b,1))) : i64]
          } step {
            store Add(load(&@i), load(&%l2.do.step)) : i32 -> &@i
            store Sub(load(&%l3.do.trips), 1 : i64) : i64 -> &%l3.do.trips
          }
        }
      }
      acc.yield
    } loc("in/fortran/ok/compute.f90":11:9)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%0) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a", async = "q"} loc("in/fortran/ok/compute.f90":12:42)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%1) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b", async = "q"} loc("in/fortran/ok/compute.f90":12:53)
    %10 = acc.copyin varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":18:21)
    acc.serial dataOperands(%10) {
      acc.code {
        store Add(load(&@s), cast(1 : i32 to f64)) : f64 -> &@s
      }
      acc.yield
    } loc("in/fortran/ok/compute.f90":18:9)
    acc.copyout accPtr(%10) to varPtr(@s : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/compute.f90":18:21)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %11 = acc.create varPtr(@b : !acc.array<1:?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/compute.f90":21:24)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %12 = acc.copyin varPtr(@a : !acc.array<1:?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/compute.f90":21:45)
    %13 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/compute.f90":21:9)
    %14 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/compute.f90":21:9)
    %15 = acc.firstprivate varPtr(@lbound(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(b,1)"} loc("in/fortran/ok/compute.f90":21:9)
    %16 = acc.firstprivate varPtr(@stride(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(b,1)"} loc("in/fortran/ok/compute.f90":21:9)
    acc.kernels dataOperands(%11, %12) firstprivate(%13, %14, %15, %16) num_gangs({8} [nvidia]) num_gangs({2} [*]) {
      acc.code {
        store load(cast(&@a to !acc.ptr<f64>)[Mul(Sub(cast(1 : i32 to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]) -> cast(&@b to !acc.ptr<f64>)[Mul(Sub(cast(1 : i32 to i64), load(&@lbound(b,1))) : i64, load(&@stride(b,1))) : i64]
      }
      acc.yield
    } loc("in/fortran/ok/compute.f90":21:9)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%11) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_create>, structured = true, name = "b"} loc("in/fortran/ok/compute.f90":21:24)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%12) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a"} loc("in/fortran/ok/compute.f90":21:45)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %17 = acc.nocreate varPtr(@a : !acc.array<1:?xf64>) bounds(%b8) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "A"} loc("in/fortran/ok/compute.f90":25:28)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %18 = acc.copyin varPtr(@b : !acc.array<1:?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "B"} loc("in/fortran/ok/compute.f90":25:50)
    %19 = acc.copyin varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "N"} loc("in/fortran/ok/compute.f90":25:53)
    %20 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, name = "I"} loc("in/fortran/ok/compute.f90":25:64)
    %21 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/compute.f90":25:9)
    %22 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/compute.f90":25:9)
    %23 = acc.firstprivate varPtr(@lbound(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(b,1)"} loc("in/fortran/ok/compute.f90":25:9)
    %24 = acc.firstprivate varPtr(@stride(b,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(b,1)"} loc("in/fortran/ok/compute.f90":25:9)
    acc.parallel dataOperands(%17, %18, %19) private(%20) firstprivate(%21, %22, %23, %24) default(none) {
      acc.code {
        local %l0.do.start : i32 temporary
        local %l1.do.end : i32 temporary
        local %l2.do.step : i32 temporary
        local %l3.do.trips : i64 temporary
        {
          declare %l0.do.start = 1 : i32
          declare %l1.do.end = load(&@n)
          declare %l2.do.step = 1 : i32
          declare %l3.do.trips = Div(Add(Sub(cast(load(&%l1.do.end) to i64), cast(load(&%l0.do.start) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64
          store load(&%l0.do.start) -> &@i
          loop while Gt(load(&%l3.do.trips), 0 : i64) : i1 {
            store load(cast(&@a to !acc.ptr<f64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]) -> cast(&@b to !acc.ptr<f64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(b,1))) : i64, load(&@stride(b,1))) : i64]
          } step {
            store Add(load(&@i), load(&%l2.do.step)) : i32 -> &@i
            store Sub(load(&%l3.do.trips), 1 : i64) : i64 -> &%l3.do.trips
          }
        }
      }
      acc.yield
    } loc("in/fortran/ok/compute.f90":25:9)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%17) to varPtr(@a : !acc.array<1:?xf64>) bounds(%b10) {dataClause = #acc<data_clause acc_no_create>, structured = true, name = "A"} loc("in/fortran/ok/compute.f90":25:28)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%18) to varPtr(@b : !acc.array<1:?xf64>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "B"} loc("in/fortran/ok/compute.f90":25:50)
    acc.copyout accPtr(%19) to varPtr(@n : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "N"} loc("in/fortran/ok/compute.f90":25:53)
  }
}
