module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_f64 : f64 init(copy) loc("in/c/ok/implicit_reductions.c":101:55)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/implicit_reductions.c":99:25)
  acc.private.recipe @privatization_f64 : f64 init(uninitialized) loc("in/c/ok/implicit_reductions.c":104:45)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/implicit_reductions.c":113:37)
  acc.reduction.recipe @reduction_add_i64 : i64 reduction_operator <add> init(0) combiner(<add>) loc("in/c/ok/implicit_reductions.c":22:18)
  acc.reduction.recipe @reduction_add_ui16 : ui16 reduction_operator <add> init(0) combiner(<add>) loc("in/c/ok/implicit_reductions.c":22:18)
  acc.reduction.recipe @reduction_land_i32 : i32 reduction_operator <land> init(1) combiner(<land>) loc("in/c/ok/implicit_reductions.c":22:18)
  acc.reduction.recipe @reduction_lor_i32 : i32 reduction_operator <lor> init(0) combiner(<lor>) loc("in/c/ok/implicit_reductions.c":22:18)
  acc.reduction.recipe @reduction_max_f64 : f64 reduction_operator <max> init(-inf) combiner(<max>) loc("in/c/ok/implicit_reductions.c":13:18)
  acc.reduction.recipe @reduction_max_i32 : i32 reduction_operator <max> init(-2147483648) combiner(<max>) loc("in/c/ok/implicit_reductions.c":22:18)
  acc.reduction.recipe @reduction_min_f64 : f64 reduction_operator <min> init(inf) combiner(<min>) loc("in/c/ok/implicit_reductions.c":13:18)
  acc.reduction.recipe @reduction_mul_f64 : f64 reduction_operator <mul> init(1.0) combiner(<mul>) loc("in/c/ok/implicit_reductions.c":13:18)
  acc.reduction.recipe @reduction_xor_i32 : i32 reduction_operator <xor> init(0) combiner(<xor>) loc("in/c/ok/implicit_reductions.c":22:18)
  func.func @kernels_forms() loc("in/c/ok/implicit_reductions.c":11:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":11:28)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@k : !acc.array<?xi32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "k[0:n]"} loc("in/c/ok/implicit_reductions.c":11:36)
    %2 = acc.copyin varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit_reductions.c":14:13)
    %3 = acc.copyin varPtr(@prod : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "prod"} loc("in/c/ok/implicit_reductions.c":15:13)
    %4 = acc.copyin varPtr(@mx : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mx"} loc("in/c/ok/implicit_reductions.c":16:13)
    %5 = acc.copyin varPtr(@mn : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mn"} loc("in/c/ok/implicit_reductions.c":17:13)
    %6 = acc.copyin varPtr(@lo : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "lo"} loc("in/c/ok/implicit_reductions.c":18:24)
    %7 = acc.copyin varPtr(@chain : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "chain"} loc("in/c/ok/implicit_reductions.c":20:13)
    %8 = acc.copyin varPtr(@all : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all"} loc("in/c/ok/implicit_reductions.c":23:13)
    %9 = acc.copyin varPtr(@any : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any"} loc("in/c/ok/implicit_reductions.c":24:13)
    %10 = acc.copyin varPtr(@bits : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bits"} loc("in/c/ok/implicit_reductions.c":25:13)
    %11 = acc.copyin varPtr(@big : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "big"} loc("in/c/ok/implicit_reductions.c":26:13)
    %12 = acc.copyin varPtr(@wrap : ui16) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "wrap"} loc("in/c/ok/implicit_reductions.c":27:13)
    %13 = acc.copyin varPtr(@count : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "count"} loc("in/c/ok/implicit_reductions.c":29:17)
    %14 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":13:29)
    acc.kernels dataOperands(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13) firstprivate(%14) {
      acc.code {
        local %l0.i : i32
        local %l1.i : i32
        acc.loop op([22]) implicit reduction(+:sum, *:prod, max:mx, min:mn, min:lo, +:chain) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@sum), load(load(&@a)[load(&%l0.i)])) : f64 -> &@sum
          store Mul(load(&@prod), load(load(&@a)[load(&%l0.i)])) : f64 -> &@prod
          store math.fmax(load(&@mx), load(load(&@a)[load(&%l0.i)])) : f64 -> &@mx
          store select(Lt(load(load(&@a)[load(&%l0.i)]), load(&@mn)) : i1, load(load(&@a)[load(&%l0.i)]), load(&@mn)) -> &@mn
          if Lt(load(load(&@a)[load(&%l0.i)]), load(&@lo)) : i1 {
            store load(load(&@a)[load(&%l0.i)]) -> &@lo
          }
          store Sub(Add(load(load(&@a)[load(&%l0.i)]), load(&@chain)) : f64, 1.0 : f64) : f64 -> &@chain
        }
        acc.loop op([23]) implicit reduction(&&:all, ||:any, ^:bits, max:big, +:wrap, +:count) seq (%l1.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store cast(LogicalAnd(Ne(load(&@all), 0 : i32) : i1, Gt(load(load(&@k)[load(&%l1.i)]), 0 : i32) : i1) : i1 to i32) -> &@all
          store cast(LogicalOr(Ne(load(&@any), 0 : i32) : i1, Gt(load(load(&@k)[load(&%l1.i)]), 9 : i32) : i1) : i1 to i32) -> &@any
          store BitXor(load(&@bits), load(load(&@k)[load(&%l1.i)])) : i32 -> &@bits
          store select(Gt(load(&@big), load(load(&@k)[load(&%l1.i)])) : i1, load(&@big), load(load(&@k)[load(&%l1.i)])) -> &@big
          store cast(Add(cast(load(&@wrap) to i32), cast(cast(load(load(&@k)[load(&%l1.i)]) to ui16) to i32)) : i32 to ui16) -> &@wrap
          if Ne(Rem(load(load(&@k)[load(&%l1.i)]), 2 : i32) : i32, 0 : i32) : i1 {
            store Add(load(&@count), cast(1 : i32 to i64)) : i64 -> &@count
          }
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":11:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@a : !acc.array<?xf64>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":11:28)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@k : !acc.array<?xi32>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "k[0:n]"} loc("in/c/ok/implicit_reductions.c":11:36)
    acc.copyout accPtr(%2) to varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit_reductions.c":14:13)
    acc.copyout accPtr(%3) to varPtr(@prod : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "prod"} loc("in/c/ok/implicit_reductions.c":15:13)
    acc.copyout accPtr(%4) to varPtr(@mx : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mx"} loc("in/c/ok/implicit_reductions.c":16:13)
    acc.copyout accPtr(%5) to varPtr(@mn : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mn"} loc("in/c/ok/implicit_reductions.c":17:13)
    acc.copyout accPtr(%6) to varPtr(@lo : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "lo"} loc("in/c/ok/implicit_reductions.c":18:24)
    acc.copyout accPtr(%7) to varPtr(@chain : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "chain"} loc("in/c/ok/implicit_reductions.c":20:13)
    acc.copyout accPtr(%8) to varPtr(@all : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all"} loc("in/c/ok/implicit_reductions.c":23:13)
    acc.copyout accPtr(%9) to varPtr(@any : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any"} loc("in/c/ok/implicit_reductions.c":24:13)
    acc.copyout accPtr(%10) to varPtr(@bits : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bits"} loc("in/c/ok/implicit_reductions.c":25:13)
    acc.copyout accPtr(%11) to varPtr(@big : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "big"} loc("in/c/ok/implicit_reductions.c":26:13)
    acc.copyout accPtr(%12) to varPtr(@wrap : ui16) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "wrap"} loc("in/c/ok/implicit_reductions.c":27:13)
    acc.copyout accPtr(%13) to varPtr(@count : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "count"} loc("in/c/ok/implicit_reductions.c":29:17)
  }
  func.func @kernels_not_reductions() loc("in/c/ok/implicit_reductions.c":40:1) {
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %15 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":40:28)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %16 = acc.create varPtr(@b : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b[0:n]"} loc("in/c/ok/implicit_reductions.c":40:44)
    %17 = acc.copyin varPtr(@run : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "run"} loc("in/c/ok/implicit_reductions.c":43:13)
    %18 = acc.copyin varPtr(@mixed : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mixed"} loc("in/c/ok/implicit_reductions.c":47:13)
    %19 = acc.copyin varPtr(@reset : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "reset"} loc("in/c/ok/implicit_reductions.c":51:13)
    %20 = acc.copyin varPtr(@trunc : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "trunc"} loc("in/c/ok/implicit_reductions.c":56:13)
    %21 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":42:29)
    acc.kernels dataOperands(%15, %16, %17, %18, %19, %20) firstprivate(%21) {
      acc.loop seq control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":61:13)
      acc.code {
        local %l0.i : i32
        local %l1.i : i32
        local %l2.i : i32
        local %l3.i : i32
        local %l4.i : i32
        local %l5.i : i32
        acc.loop seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@run), load(load(&@a)[load(&%l0.i)])) : f64 -> &@run
          store load(&@run) -> load(&@b)[load(&%l0.i)]
        }
        acc.loop seq (%l1.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@mixed), load(load(&@a)[load(&%l1.i)])) : f64 -> &@mixed
          store Mul(load(&@mixed), 0.5 : f64) : f64 -> &@mixed
        }
        acc.loop seq (%l2.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@reset), load(load(&@a)[load(&%l2.i)])) : f64 -> &@reset
          if Gt(load(&@reset), 10.0 : f64) : i1 {
            store 0.0 : f64 -> &@reset
          }
        }
        acc.loop seq (%l3.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store cast(Add(cast(load(&@trunc) to f64), load(load(&@a)[load(&%l3.i)])) : f64 to i32) -> &@trunc
        }
        acc.loop seq (%l4.i = 1 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@run), load(load(&@a)[load(&%l4.i)])) : f64 -> &@run
          store Add(load(load(&@b)[Sub(load(&%l4.i), 1 : i32) : i32]), 1.0 : f64) : f64 -> load(&@b)[load(&%l4.i)]
        }
        acc.loop op([2]) seq (%l5.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@mixed), load(load(&@a)[load(&%l5.i)])) : f64 -> &@mixed
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":40:13)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%15) to varPtr(@a : !acc.array<?xf64>) bounds(%b6) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":40:28)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%16) to varPtr(@b : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyout>, structured = true, name = "b[0:n]"} loc("in/c/ok/implicit_reductions.c":40:44)
    acc.copyout accPtr(%17) to varPtr(@run : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "run"} loc("in/c/ok/implicit_reductions.c":43:13)
    acc.copyout accPtr(%18) to varPtr(@mixed : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mixed"} loc("in/c/ok/implicit_reductions.c":47:13)
    acc.copyout accPtr(%19) to varPtr(@reset : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "reset"} loc("in/c/ok/implicit_reductions.c":51:13)
    acc.copyout accPtr(%20) to varPtr(@trunc : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "trunc"} loc("in/c/ok/implicit_reductions.c":56:13)
  }
  func.func @kernels_nests() loc("in/c/ok/implicit_reductions.c":72:1) {
    %b8 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %22 = acc.copyin varPtr(@u : !acc.array<?x64xf64>) bounds(%b8, %b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "u[0:n]"} loc("in/c/ok/implicit_reductions.c":72:28)
    %b10 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %23 = acc.copyin varPtr(@v : !acc.array<?x64xf64>) bounds(%b10, %b11) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v[0:n]"} loc("in/c/ok/implicit_reductions.c":72:41)
    %24 = acc.copyin varPtr(@err : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "err"} loc("in/c/ok/implicit_reductions.c":79:17)
    %25 = acc.copyin varPtr(@total : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/c/ok/implicit_reductions.c":83:13)
    %26 = acc.copyin varPtr(@last : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "last"} loc("in/c/ok/implicit_reductions.c":85:13)
    %27 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":75:29)
    %28 = acc.firstprivate varPtr(@m : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "m"} loc("in/c/ok/implicit_reductions.c":84:29)
    acc.kernels dataOperands(%22, %23, %24, %25, %26) firstprivate(%27, %28) {
      %29 = acc.reduction varPtr(@err : f64) recipe(@reduction_max_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "err"} loc("in/c/ok/implicit_reductions.c":74:13)
      acc.loop gang reduction(%29) control(%j = 1 to < "n - 1" step 1) {
        %30 = acc.reduction varPtr(@err : f64) recipe(@reduction_max_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "err"} loc("in/c/ok/implicit_reductions.c":76:13)
        acc.loop vector reduction(%30) control(%i = 1 to < 63 step 1) {
          acc.yield
        } loc("in/c/ok/implicit_reductions.c":76:13)
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":74:13)
      %31 = acc.reduction varPtr(@total : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "total"} loc("in/c/ok/implicit_reductions.c":81:13)
      acc.loop independent reduction(%31) control(%j = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":81:13)
      acc.code {
        local %l0.j : i32
        local %l1.i : i32
        local %l2.j : i32
        local %l3.t : i32
        local %l4.i : i32
        acc.loop op([4]) seq (%l0.j = 1 : i32 while Lt Sub(load(&@n), 1 : i32) : i32 step 1 : i32) {
          acc.loop op([5]) seq (%l1.i = 1 : i32 while Lt 63 : i32 step 1 : i32) {
            store Mul(0.25 : f64, Add(Add(Add(load(ptradd(load(&@u), load(&%l0.j))[Sub(load(&%l1.i), 1 : i32) : i32]), load(ptradd(load(&@u), load(&%l0.j))[Add(load(&%l1.i), 1 : i32) : i32])) : f64, load(ptradd(load(&@u), Sub(load(&%l0.j), 1 : i32) : i32)[load(&%l1.i)])) : f64, load(ptradd(load(&@u), Add(load(&%l0.j), 1 : i32) : i32)[load(&%l1.i)])) : f64) : f64 -> ptradd(load(&@v), load(&%l0.j))[load(&%l1.i)]
            store math.fmax(load(&@err), math.fabs(Sub(load(ptradd(load(&@v), load(&%l0.j))[load(&%l1.i)]), load(ptradd(load(&@u), load(&%l0.j))[load(&%l1.i)])) : f64) : f64) : f64 -> &@err
          }
        }
        acc.loop op([6]) seq (%l2.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@total), load(ptradd(load(&@u), load(&%l2.j))[0 : i32])) : f64 -> &@total
        }
        acc.loop seq (%l3.t = 0 : i32 while Lt load(&@m) step 1 : i32) {
          store load(ptradd(load(&@v), 0 : i32)[load(&%l3.t)]) -> &@last
          acc.loop op([24]) implicit reduction(+:total) seq (%l4.i = 0 : i32 while Lt 64 : i32 step 1 : i32) {
            store Add(load(&@total), load(ptradd(load(&@u), load(&%l3.t))[load(&%l4.i)])) : f64 -> &@total
          }
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":72:13)
    %b12 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b13 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%22) to varPtr(@u : !acc.array<?x64xf64>) bounds(%b12, %b13) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "u[0:n]"} loc("in/c/ok/implicit_reductions.c":72:28)
    %b14 = acc.bounds lowerbound(0) upperbound(63) extent(64) stride(1) startIdx(0)
    %b15 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.copyout accPtr(%23) to varPtr(@v : !acc.array<?x64xf64>) bounds(%b14, %b15) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v[0:n]"} loc("in/c/ok/implicit_reductions.c":72:41)
    acc.copyout accPtr(%24) to varPtr(@err : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "err"} loc("in/c/ok/implicit_reductions.c":79:17)
    acc.copyout accPtr(%25) to varPtr(@total : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "total"} loc("in/c/ok/implicit_reductions.c":83:13)
    acc.copyout accPtr(%26) to varPtr(@last : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "last"} loc("in/c/ok/implicit_reductions.c":85:13)
  }
  func.func @parallel_forms() loc("in/c/ok/implicit_reductions.c":98:1) {
    %b16 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %32 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b16) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":98:34)
    %33 = acc.copyin varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit_reductions.c":100:9)
    %34 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":99:25)
    acc.parallel combined(loop) dataOperands(%32, %33) firstprivate(%34) {
      %35 = acc.reduction varPtr(@sum : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit_reductions.c":98:13)
      acc.loop combined(parallel) reduction(%35) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":98:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([7]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@sum), load(load(&@a)[load(&%l0.i)])) : f64 -> &@sum
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":98:13)
    %b17 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%32) to varPtr(@a : !acc.array<?xf64>) bounds(%b17) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":98:34)
    acc.copyout accPtr(%33) to varPtr(@sum : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "sum"} loc("in/c/ok/implicit_reductions.c":100:9)
    %b18 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %36 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b18) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":101:34)
    %37 = acc.firstprivate varPtr(@kept : f64) recipe(@firstprivatization_f64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, name = "kept"} loc("in/c/ok/implicit_reductions.c":101:55)
    %38 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":102:25)
    acc.parallel combined(loop) dataOperands(%36) firstprivate(%37, %38) {
      %39 = acc.reduction varPtr(@kept : f64) recipe(@reduction_max_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "kept"} loc("in/c/ok/implicit_reductions.c":101:13)
      acc.loop combined(parallel) reduction(%39) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":101:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([9]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store math.fmax(load(&@kept), load(load(&@a)[load(&%l0.i)])) : f64 -> &@kept
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":101:13)
    %b19 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%36) to varPtr(@a : !acc.array<?xf64>) bounds(%b19) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":101:34)
    %b20 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %40 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b20) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":104:29)
    %41 = acc.private varPtr(@gone : f64) recipe(@privatization_f64) {dataClause = #acc<data_clause acc_private>, structured = true, name = "gone"} loc("in/c/ok/implicit_reductions.c":104:45)
    %42 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":107:29)
    acc.parallel dataOperands(%40) private(%41) firstprivate(%42) {
      %43 = acc.reduction varPtr(@gone : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "gone"} loc("in/c/ok/implicit_reductions.c":106:13)
      acc.loop gang reduction(%43) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":106:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([12]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@gone), load(load(&@a)[load(&%l0.i)])) : f64 -> &@gone
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":104:13)
    %b21 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%40) to varPtr(@a : !acc.array<?xf64>) bounds(%b21) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":104:29)
    %b22 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %44 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b22) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":110:39)
    %45 = acc.copyin varPtr(@mapped : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "mapped"} loc("in/c/ok/implicit_reductions.c":110:52)
    %46 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":111:25)
    acc.parallel combined(loop) dataOperands(%44, %45) firstprivate(%46) {
      %47 = acc.reduction varPtr(@mapped : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "mapped"} loc("in/c/ok/implicit_reductions.c":110:13)
      acc.loop combined(parallel) gang reduction(%47) control(%i = 0 to < "n" step 1) {
        %48 = acc.reduction varPtr(@row : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "row"} loc("in/c/ok/implicit_reductions.c":113:37)
        acc.loop vector reduction(%48) control(%j = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/implicit_reductions.c":113:13)
        %49 = acc.reduction varPtr(@mapped : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "mapped"} loc("in/c/ok/implicit_reductions.c":116:13)
        acc.loop vector reduction(%49) control(%j = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/implicit_reductions.c":116:13)
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":110:13)
      acc.code {
        local %l0.i : i32
        local %l1.row : f64
        local %l2.j : i32
        local %l3.j : i32
        acc.loop op([13]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store 0.0 : f64 -> &@row
          acc.loop op([15]) seq (%l2.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(&@row), load(load(&@a)[load(&%l2.j)])) : f64 -> &@row
          }
          acc.loop op([16]) seq (%l3.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(&@mapped), Mul(load(load(&@a)[load(&%l3.j)]), load(&@row)) : f64) : f64 -> &@mapped
          }
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":110:13)
    %b23 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%44) to varPtr(@a : !acc.array<?xf64>) bounds(%b23) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":110:39)
    acc.copyout accPtr(%45) to varPtr(@mapped : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "mapped"} loc("in/c/ok/implicit_reductions.c":110:52)
    %b24 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %50 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b24) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":120:39)
    %51 = acc.copyin varPtr(@inner : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "inner"} loc("in/c/ok/implicit_reductions.c":120:52)
    %52 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":121:25)
    acc.parallel combined(loop) dataOperands(%50, %51) firstprivate(%52) {
      acc.loop combined(parallel) gang control(%i = 0 to < "n" step 1) {
        %53 = acc.reduction varPtr(@inner : f64) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, implicit = true, name = "inner"} loc("in/c/ok/implicit_reductions.c":123:13)
        acc.loop vector reduction(%53) control(%j = 0 to < "n" step 1) {
          acc.yield
        } loc("in/c/ok/implicit_reductions.c":123:13)
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":120:13)
      acc.code {
        local %l0.i : i32
        local %l1.j : i32
        acc.loop op([17]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store load(load(&@a)[load(&%l0.i)]) -> &@inner
          acc.loop op([19]) seq (%l1.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
            store Add(load(&@inner), load(load(&@a)[load(&%l1.j)])) : f64 -> &@inner
          }
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":120:13)
    %b25 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%50) to varPtr(@a : !acc.array<?xf64>) bounds(%b25) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":120:39)
    acc.copyout accPtr(%51) to varPtr(@inner : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "inner"} loc("in/c/ok/implicit_reductions.c":120:52)
    %b26 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %54 = acc.copyin varPtr(@a : !acc.array<?xf64>) bounds(%b26) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":127:38)
    %55 = acc.copyin varPtr(@seq : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "seq"} loc("in/c/ok/implicit_reductions.c":127:51)
    %56 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/implicit_reductions.c":128:25)
    acc.parallel combined(loop) dataOperands(%54, %55) firstprivate(%56) {
      acc.loop combined(parallel) seq control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/implicit_reductions.c":127:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([20]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@seq), load(load(&@a)[load(&%l0.i)])) : f64 -> &@seq
        }
      }
      acc.yield
    } loc("in/c/ok/implicit_reductions.c":127:13)
    %b27 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%54) to varPtr(@a : !acc.array<?xf64>) bounds(%b27) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "a[0:n]"} loc("in/c/ok/implicit_reductions.c":127:38)
    acc.copyout accPtr(%55) to varPtr(@seq : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "seq"} loc("in/c/ok/implicit_reductions.c":127:51)
  }
}
