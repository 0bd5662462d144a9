module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_bool32 : bool32 init(copy) loc("in/fortran/ok/kernels.f90":35:7)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/kernels.f90":34:12)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/kernels.f90":16:11)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/kernels.f90":17:5)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/fortran/ok/kernels.f90":33:28)
  func.func @shapes() loc("in/fortran/ok/kernels.f90":16:5) {
    %b0 = acc.bounds lowerbound(0) upperbound(9) extent(10) stride(1) startIdx(1)
    %b1 = acc.bounds lowerbound(0) upperbound(5) extent(6) stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@c : !acc.array<6x1:10xf32>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "c"} loc("in/fortran/ok/kernels.f90":16:42)
    %b2 = acc.bounds lowerbound(0) upperbound("ubound(s, 1) - 1") extent("size(s, 1)") stride(1) startIdx(1)
    %b3 = acc.bounds lowerbound(0) upperbound("ubound(s, 2) - 1") extent("size(s, 2)") stride(1) startIdx(1)
    %1 = acc.copyin varPtr(@s : !acc.array<1:?x1:?xf64>) bounds(%b2, %b3) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/kernels.f90":16:45)
    %b4 = acc.bounds lowerbound(0) upperbound("ubound(w, 1) - (lbound(w, 1))") extent("size(w, 1)") stride(1) startIdx("lbound(w, 1)")
    %2 = acc.copyin varPtr(@w : !acc.array<1:?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "w"} loc("in/fortran/ok/kernels.f90":16:55)
    %3 = acc.firstprivate varPtr(@lbound(w,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(w,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    %4 = acc.firstprivate varPtr(@stride(w,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(w,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    %5 = acc.firstprivate varPtr(@lbound(s,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(s,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    %6 = acc.firstprivate varPtr(@stride(s,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(s,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    %7 = acc.firstprivate varPtr(@lbound(s,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(s,2)"} loc("in/fortran/ok/kernels.f90":16:11)
    %8 = acc.firstprivate varPtr(@stride(s,2) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(s,2)"} loc("in/fortran/ok/kernels.f90":16:11)
    %9 = acc.firstprivate varPtr(@extent(s,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "extent(s,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    %10 = acc.firstprivate varPtr(@extent(w,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "extent(w,1)"} loc("in/fortran/ok/kernels.f90":16:11)
    acc.parallel combined(loop) dataOperands(%0, %1, %2) firstprivate(%3, %4, %5, %6, %7, %8, %9, %10) {
      %11 = acc.private varPtr(@j : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "j"} loc("in/fortran/ok/kernels.f90":17:5)
      %12 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/kernels.f90":18:7)
      acc.loop combined(parallel) collapse(2) private(%11, %12) control(%j = 0 to <= 5 step ?, %i = 1 to <= 10 step ?) {
        acc.yield
      } loc("in/fortran/ok/kernels.f90":16:11)
      acc.code {
        acc.loop op([0]) seq (@j = 0 : i32 while Le 5 : i32 step 1 : i32, @i = 1 : i32 while Le 10 : i32 step 1 : i32) {
          store cast(Add(Mul(cast(cast(Add(load(&@i), Mul(10 : i32, load(&@j)) : i32) : i32 to f32) to f64), 0.5 : f64) : f64, load(cast(&@w to !acc.ptr<f64>)[Mul(Sub(cast(Sub(load(&@i), 2 : i32) : i32 to i64), load(&@lbound(w,1))) : i64, load(&@stride(w,1))) : i64])) : f64 to f32) -> cast(&@c to !acc.ptr<f32>)[Add(Sub(cast(load(&@i) to i64), 1 : i64) : i64, Mul(cast(load(&@j) to i64), 10 : i64) : i64) : i64]
          store Add(Add(load(cast(&@s to !acc.ptr<f64>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(s,1))) : i64, load(&@stride(s,1))) : i64, Mul(Sub(cast(Add(load(&@j), 1 : i32) : i32 to i64), load(&@lbound(s,2))) : i64, load(&@stride(s,2))) : i64) : i64]), cast(cast(load(&@extent(s,1)) to i32) to f64)) : f64, cast(cast(Sub(Add(load(&@lbound(w,1)), load(&@extent(w,1))) : i64, 1 : i64) : i64 to i32) to f64)) : f64 -> cast(&@s to !acc.ptr<f64>)[Add(Mul(Sub(cast(load(&@i) to i64), load(&@lbound(s,1))) : i64, load(&@stride(s,1))) : i64, Mul(Sub(cast(Add(load(&@j), 1 : i32) : i32 to i64), load(&@lbound(s,2))) : i64, load(&@stride(s,2))) : i64) : i64]
        }
      }
      acc.yield
    } loc("in/fortran/ok/kernels.f90":16:11)
    %b5 = acc.bounds lowerbound(0) upperbound(9) extent(10) stride(1) startIdx(1)
    %b6 = acc.bounds lowerbound(0) upperbound(5) extent(6) stride(1) startIdx(0)
    acc.copyout accPtr(%0) to varPtr(@c : !acc.array<6x1:10xf32>) bounds(%b5, %b6) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "c"} loc("in/fortran/ok/kernels.f90":16:42)
    %b7 = acc.bounds lowerbound(0) upperbound("ubound(s, 1) - 1") extent("size(s, 1)") stride(1) startIdx(1)
    %b8 = acc.bounds lowerbound(0) upperbound("ubound(s, 2) - 1") extent("size(s, 2)") stride(1) startIdx(1)
    acc.copyout accPtr(%1) to varPtr(@s : !acc.array<1:?x1:?xf64>) bounds(%b7, %b8) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/kernels.f90":16:45)
    %b9 = acc.bounds lowerbound(0) upperbound("ubound(w, 1) - (lbound(w, 1))") extent("size(w, 1)") stride(1) startIdx("lbound(w, 1)")
    acc.delete accPtr(%2) to varPtr(@w : !acc.array<1:?xf64>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "w"} loc("in/fortran/ok/kernels.f90":16:55)
  }
  func.func @control() loc("in/fortran/ok/kernels.f90":32:5) {
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %13 = acc.copyin varPtr(@a : !acc.array<1:?xi64>) bounds(%b10) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/kernels.f90":32:25)
    %14 = acc.copyin varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "total"} loc("in/fortran/ok/kernels.f90":32:28)
    %15 = acc.copyin varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/fortran/ok/kernels.f90":32:35)
    %16 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/kernels.f90":34:12)
    %17 = acc.firstprivate varPtr(@odd : bool32) recipe(@firstprivatization_bool32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "odd"} loc("in/fortran/ok/kernels.f90":35:7)
    %18 = acc.firstprivate varPtr(@k : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "k"} loc("in/fortran/ok/kernels.f90":44:10)
    %19 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/kernels.f90":32:11)
    %20 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/kernels.f90":32:11)
    acc.parallel dataOperands(%13, %14, %15) firstprivate(%16, %17, %18, %19, %20) {
      %21 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/kernels.f90":34:5)
      %22 = acc.reduction varPtr(@total : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "total"} loc("in/fortran/ok/kernels.f90":33:28)
      acc.loop private(%21) reduction(%22) control(%i = "n" to >= 1 step -1) {
        acc.atomic.update stmt("count = count + 1") loc("in/fortran/ok/kernels.f90":49:13)
        acc.yield
      } loc("in/fortran/ok/kernels.f90":33:11)
      acc.code {
        local %l0.k : i32
        local %l1.modulo.p : i32 temporary
        local %l2.modulo.r : i32 temporary
        local %l3.select : i32 temporary
        local %l4.pow.b : i64 temporary
        local %l5.pow.x : i64 temporary
        local %l6.pow.n : i64 temporary
        local %l7.pow.u : i64 temporary
        local %l8.pow.y : i64 temporary
        local %l9.sign.a : i32 temporary
        local %l10.do.start : i32 temporary
        local %l11.do.end : i32 temporary
        local %l12.do.step : i32 temporary
        local %l13.do.trips : i64 temporary
        acc.loop op([3]) seq (@i = load(&@n) while Ge 1 : i32 step Neg(1 : i32)) {
          declare %l0.k
          store cast(Ne(Eq({ declare %l1.modulo.p = 2 : i32; declare %l2.modulo.r = Rem(load(&@i), load(&%l1.modulo.p)) : i32; if LogicalAnd(Ne(load(&%l2.modulo.r), 0 : i32) : i1, Ne(Lt(load(&%l2.modulo.r), 0 : i32) : i1, Lt(load(&%l1.modulo.p), 0 : i32) : i1) : i1) : i1 {;   store Add(load(&%l2.modulo.r), load(&%l1.modulo.p)) : i32 -> &%l2.modulo.r; }; load(&%l2.modulo.r) }, 1 : i32) : i1, cast(0 : bool32 to i1)) : i1 to bool32) -> &@odd
          {
            declare %l3.select = load(&@i)
            if LogicalOr(Le(load(&%l3.select), 2 : i32) : i1, Eq(load(&%l3.select), 7 : i32) : i1) : i1 {
              store { declare %l4.pow.b = 2 : i64; declare %l5.pow.x = load(&%l4.pow.b); declare %l6.pow.n = cast(10 : i32 to i64); declare %l7.pow.u = select(Lt(load(&%l6.pow.n), 0 : i64) : i1, Neg(load(&%l6.pow.n)), load(&%l6.pow.n)); declare %l8.pow.y = select(Ne(BitAnd(load(&%l7.pow.u), 1 : i64) : i64, 0 : i64) : i1, load(&%l5.pow.x), 1 : i64); loop while Gt(load(&%l7.pow.u), 1 : i64) : i1 {;   store Shr(load(&%l7.pow.u), 1 : i64) : i64 -> &%l7.pow.u;   store Mul(load(&%l5.pow.x), load(&%l5.pow.x)) : i64 -> &%l5.pow.x;   if Ne(BitAnd(load(&%l7.pow.u), 1 : i64) : i64, 0 : i64) : i1 {;     store Mul(load(&%l8.pow.y), load(&%l5.pow.x)) : i64 -> &%l8.pow.y;   }; }; if Lt(load(&%l6.pow.n), 0 : i64) : i1 {;   store select(Eq(load(&%l4.pow.b), 1 : i64) : i1, 1 : i64, select(Eq(load(&%l4.pow.b), -1 : i64) : i1, select(Ne(BitAnd(load(&%l6.pow.n), 1 : i64) : i64, 0 : i64) : i1, -1 : i64, 1 : i64), 0 : i64)) -> &%l8.pow.y; }; load(&%l8.pow.y) } -> cast(&@a to !acc.ptr<i64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]
            } else {
              if LogicalAnd(Ge(load(&%l3.select), 3 : i32) : i1, Le(load(&%l3.select), 5 : i32) : i1) : i1 {
                store cast(select(cast(load(&@odd) to i1), 1 : i32, Neg(1 : i32)) to i64) -> cast(&@a to !acc.ptr<i64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]
              } else {
                store cast(Add({ declare %l9.sign.a = math.abs(3 : i32) : i32; select(Ge(Neg(load(&@i)), 0 : i32) : i1, load(&%l9.sign.a), Neg(load(&%l9.sign.a))) }, Rem(Neg(7 : i32), 3 : i32) : i32) : i32 to i64) -> cast(&@a to !acc.ptr<i64>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]
              }
            }
          }
          {
            declare %l10.do.start = 1 : i32
            declare %l11.do.end = 10 : i32
            declare %l12.do.step = 3 : i32
            declare %l13.do.trips = Div(Add(Sub(cast(load(&%l11.do.end) to i64), cast(load(&%l10.do.start) to i64)) : i64, cast(load(&%l12.do.step) to i64)) : i64, cast(load(&%l12.do.step) to i64)) : i64
            store load(&%l10.do.start) -> &%l0.k
            loop while Gt(load(&%l13.do.trips), 0 : i64) : i1 {
              if Eq(load(&%l0.k), 4 : i32) : i1 {
                continue
              }
              if Gt(load(&%l0.k), 8 : i32) : i1 {
                break
              }
              store Add(load(&@total), Mul(math.sqrt(cast(load(&%l0.k) to f32)) : f32, Max(Max(1.0 : f32, math.fabs(Neg(2.5 : f32)) : f32) : f32, cast(load(&%l0.k) to f32)) : f32) : f32) : f32 -> &@total
            } step {
              store Add(load(&%l0.k), load(&%l12.do.step)) : i32 -> &%l0.k
              store Sub(load(&%l13.do.trips), 1 : i64) : i64 -> &%l13.do.trips
            }
          }
          atomic Update &@count Add 1 : i32
        }
      }
      acc.yield
    } loc("in/fortran/ok/kernels.f90":32:11)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%13) to varPtr(@a : !acc.array<1:?xi64>) bounds(%b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/kernels.f90":32:25)
    acc.copyout accPtr(%14) to varPtr(@total : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "total"} loc("in/fortran/ok/kernels.f90":32:28)
    acc.copyout accPtr(%15) to varPtr(@count : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "count"} loc("in/fortran/ok/kernels.f90":32:35)
  }
}
