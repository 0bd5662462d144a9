module attributes {acc.language = "c"} {
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/c/ok/reductions.c":14:25)
  acc.reduction.recipe @reduction_add_complex_f64 : complex<f64> reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/reductions.c":24:39)
  acc.reduction.recipe @reduction_add_f32 : f32 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/reductions.c":13:51)
  acc.reduction.recipe @reduction_add_f64 : f64 reduction_operator <add> init(0.0) combiner(<add>) loc("in/c/ok/reductions.c":26:39)
  acc.reduction.recipe @reduction_add_i32 : i32 reduction_operator <add> init(0) combiner(<add>) loc("in/c/ok/reductions.c":13:39)
  acc.reduction.recipe @reduction_add_i64 : i64 reduction_operator <add> init(0) combiner(<add>) loc("in/c/ok/reductions.c":13:45)
  acc.reduction.recipe @reduction_iand_i32 : i32 reduction_operator <iand> init(-1) combiner(<iand>) loc("in/c/ok/reductions.c":20:39)
  acc.reduction.recipe @reduction_ior_i32 : i32 reduction_operator <ior> init(0) combiner(<ior>) loc("in/c/ok/reductions.c":20:58)
  acc.reduction.recipe @reduction_land_i1 : i1 reduction_operator <land> init(1) combiner(<land>) loc("in/c/ok/reductions.c":22:40)
  acc.reduction.recipe @reduction_lor_i1 : i1 reduction_operator <lor> init(0) combiner(<lor>) loc("in/c/ok/reductions.c":22:58)
  acc.reduction.recipe @reduction_max_f64 : f64 reduction_operator <max> init(-inf) combiner(<max>) loc("in/c/ok/reductions.c":15:47)
  acc.reduction.recipe @reduction_max_i32 : i32 reduction_operator <max> init(-2147483648) combiner(<max>) loc("in/c/ok/reductions.c":15:41)
  acc.reduction.recipe @reduction_max_ui8 : ui8 reduction_operator <max> init(0) combiner(<max>) loc("in/c/ok/reductions.c":15:53)
  acc.reduction.recipe @reduction_min_f64 : f64 reduction_operator <min> init(inf) combiner(<min>) loc("in/c/ok/reductions.c":15:79)
  acc.reduction.recipe @reduction_min_i32 : i32 reduction_operator <min> init(2147483647) combiner(<min>) loc("in/c/ok/reductions.c":15:73)
  acc.reduction.recipe @reduction_mul_i32 : i32 reduction_operator <mul> init(1) combiner(<mul>) loc("in/c/ok/reductions.c":13:69)
  acc.reduction.recipe @reduction_xor_i32 : i32 reduction_operator <xor> init(0) combiner(<xor>) loc("in/c/ok/reductions.c":20:76)
  func.func @reductions() loc("in/c/ok/reductions.c":13:1) {
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %0 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":13:83)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %1 = acc.copyin varPtr(@d : !acc.array<?xf64>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":13:91)
    %2 = acc.copyin varPtr(@isum : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "isum"} loc("in/c/ok/reductions.c":14:35)
    %3 = acc.copyin varPtr(@lsum : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "lsum"} loc("in/c/ok/reductions.c":14:49)
    %4 = acc.copyin varPtr(@fsum : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "fsum"} loc("in/c/ok/reductions.c":14:63)
    %5 = acc.copyin varPtr(@iprod : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "iprod"} loc("in/c/ok/reductions.c":14:84)
    %6 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":14:25)
    acc.parallel combined(loop) dataOperands(%0, %1, %2, %3, %4, %5) firstprivate(%6) {
      %7 = acc.reduction varPtr(@isum : i32) recipe(@reduction_add_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "isum"} loc("in/c/ok/reductions.c":13:39)
      %8 = acc.reduction varPtr(@lsum : i64) recipe(@reduction_add_i64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "lsum"} loc("in/c/ok/reductions.c":13:45)
      %9 = acc.reduction varPtr(@fsum : f32) recipe(@reduction_add_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "fsum"} loc("in/c/ok/reductions.c":13:51)
      %10 = acc.reduction varPtr(@iprod : i32) recipe(@reduction_mul_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "iprod"} loc("in/c/ok/reductions.c":13:69)
      acc.loop combined(parallel) reduction(%7, %8, %9, %10) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":13:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@isum), load(load(&@v)[load(&%l0.i)])) : i32 -> &@isum
          store Add(load(&@lsum), cast(load(load(&@v)[load(&%l0.i)]) to i64)) : i64 -> &@lsum
          store Add(load(&@fsum), cast(load(load(&@d)[load(&%l0.i)]) to f32)) : f32 -> &@fsum
          store Mul(load(&@iprod), Add(1 : i32, BitAnd(load(load(&@v)[load(&%l0.i)]), 1 : i32) : i32) : i32) : i32 -> &@iprod
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":13:13)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%0) to varPtr(@v : !acc.array<?xi32>) bounds(%b2) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":13:83)
    %b3 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%1) to varPtr(@d : !acc.array<?xf64>) bounds(%b3) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":13:91)
    acc.copyout accPtr(%2) to varPtr(@isum : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "isum"} loc("in/c/ok/reductions.c":14:35)
    acc.copyout accPtr(%3) to varPtr(@lsum : i64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "lsum"} loc("in/c/ok/reductions.c":14:49)
    acc.copyout accPtr(%4) to varPtr(@fsum : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "fsum"} loc("in/c/ok/reductions.c":14:63)
    acc.copyout accPtr(%5) to varPtr(@iprod : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "iprod"} loc("in/c/ok/reductions.c":14:84)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %11 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b4) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":15:92)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %12 = acc.copyin varPtr(@d : !acc.array<?xf64>) bounds(%b5) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":15:100)
    %13 = acc.copyin varPtr(@imax : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "imax"} loc("in/c/ok/reductions.c":17:9)
    %14 = acc.copyin varPtr(@dmax : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "dmax"} loc("in/c/ok/reductions.c":17:43)
    %15 = acc.copyin varPtr(@imin : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "imin"} loc("in/c/ok/reductions.c":18:9)
    %16 = acc.copyin varPtr(@dmin : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "dmin"} loc("in/c/ok/reductions.c":18:43)
    %17 = acc.copyin varPtr(@umax : ui8) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "umax"} loc("in/c/ok/reductions.c":18:77)
    %18 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":16:25)
    acc.parallel combined(loop) dataOperands(%11, %12, %13, %14, %15, %16, %17) firstprivate(%18) {
      %19 = acc.reduction varPtr(@imax : i32) recipe(@reduction_max_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "imax"} loc("in/c/ok/reductions.c":15:41)
      %20 = acc.reduction varPtr(@dmax : f64) recipe(@reduction_max_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "dmax"} loc("in/c/ok/reductions.c":15:47)
      %21 = acc.reduction varPtr(@umax : ui8) recipe(@reduction_max_ui8) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "umax"} loc("in/c/ok/reductions.c":15:53)
      %22 = acc.reduction varPtr(@imin : i32) recipe(@reduction_min_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "imin"} loc("in/c/ok/reductions.c":15:73)
      %23 = acc.reduction varPtr(@dmin : f64) recipe(@reduction_min_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "dmin"} loc("in/c/ok/reductions.c":15:79)
      acc.loop combined(parallel) reduction(%19, %20, %21, %22, %23) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":15:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([2]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store select(Gt(load(load(&@v)[load(&%l0.i)]), load(&@imax)) : i1, load(load(&@v)[load(&%l0.i)]), load(&@imax)) -> &@imax
          store select(Gt(load(load(&@d)[load(&%l0.i)]), load(&@dmax)) : i1, load(load(&@d)[load(&%l0.i)]), load(&@dmax)) -> &@dmax
          store select(Lt(load(load(&@v)[load(&%l0.i)]), load(&@imin)) : i1, load(load(&@v)[load(&%l0.i)]), load(&@imin)) -> &@imin
          store select(Lt(load(load(&@d)[load(&%l0.i)]), load(&@dmin)) : i1, load(load(&@d)[load(&%l0.i)]), load(&@dmin)) -> &@dmin
          store cast(select(Gt(cast(load(&@umax) to i32), 3 : i32) : i1, cast(load(&@umax) to i32), 3 : i32) to ui8) -> &@umax
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":15:13)
    %b6 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%11) to varPtr(@v : !acc.array<?xi32>) bounds(%b6) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":15:92)
    %b7 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%12) to varPtr(@d : !acc.array<?xf64>) bounds(%b7) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":15:100)
    acc.copyout accPtr(%13) to varPtr(@imax : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "imax"} loc("in/c/ok/reductions.c":17:9)
    acc.copyout accPtr(%14) to varPtr(@dmax : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "dmax"} loc("in/c/ok/reductions.c":17:43)
    acc.copyout accPtr(%15) to varPtr(@imin : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "imin"} loc("in/c/ok/reductions.c":18:9)
    acc.copyout accPtr(%16) to varPtr(@dmin : f64) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "dmin"} loc("in/c/ok/reductions.c":18:43)
    acc.copyout accPtr(%17) to varPtr(@umax : ui8) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "umax"} loc("in/c/ok/reductions.c":18:77)
    %b8 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %24 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b8) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":20:89)
    %25 = acc.copyin varPtr(@iand_ : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "iand_"} loc("in/c/ok/reductions.c":21:35)
    %26 = acc.copyin varPtr(@ior_ : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "ior_"} loc("in/c/ok/reductions.c":21:50)
    %27 = acc.copyin varPtr(@ixor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "ixor"} loc("in/c/ok/reductions.c":21:64)
    %28 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":21:25)
    acc.parallel combined(loop) dataOperands(%24, %25, %26, %27) firstprivate(%28) {
      %29 = acc.reduction varPtr(@iand_ : i32) recipe(@reduction_iand_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "iand_"} loc("in/c/ok/reductions.c":20:39)
      %30 = acc.reduction varPtr(@ior_ : i32) recipe(@reduction_ior_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "ior_"} loc("in/c/ok/reductions.c":20:58)
      %31 = acc.reduction varPtr(@ixor : i32) recipe(@reduction_xor_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "ixor"} loc("in/c/ok/reductions.c":20:76)
      acc.loop combined(parallel) reduction(%29, %30, %31) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":20:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([4]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store BitAnd(load(&@iand_), load(load(&@v)[load(&%l0.i)])) : i32 -> &@iand_
          store BitOr(load(&@ior_), load(load(&@v)[load(&%l0.i)])) : i32 -> &@ior_
          store BitXor(load(&@ixor), load(load(&@v)[load(&%l0.i)])) : i32 -> &@ixor
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":20:13)
    %b9 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%24) to varPtr(@v : !acc.array<?xi32>) bounds(%b9) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":20:89)
    acc.copyout accPtr(%25) to varPtr(@iand_ : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "iand_"} loc("in/c/ok/reductions.c":21:35)
    acc.copyout accPtr(%26) to varPtr(@ior_ : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "ior_"} loc("in/c/ok/reductions.c":21:50)
    acc.copyout accPtr(%27) to varPtr(@ixor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "ixor"} loc("in/c/ok/reductions.c":21:64)
    %b10 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %32 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b10) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":22:70)
    %33 = acc.copyin varPtr(@all : i1) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all"} loc("in/c/ok/reductions.c":23:35)
    %34 = acc.copyin varPtr(@any : i1) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any"} loc("in/c/ok/reductions.c":23:58)
    %35 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":23:25)
    acc.parallel combined(loop) dataOperands(%32, %33, %34) firstprivate(%35) {
      %36 = acc.reduction varPtr(@all : i1) recipe(@reduction_land_i1) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "all"} loc("in/c/ok/reductions.c":22:40)
      %37 = acc.reduction varPtr(@any : i1) recipe(@reduction_lor_i1) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "any"} loc("in/c/ok/reductions.c":22:58)
      acc.loop combined(parallel) reduction(%36, %37) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":22:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([6]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store LogicalAnd(load(&@all), Gt(load(load(&@v)[load(&%l0.i)]), 0 : i32) : i1) : i1 -> &@all
          store LogicalOr(load(&@any), Gt(load(load(&@v)[load(&%l0.i)]), 0 : i32) : i1) : i1 -> &@any
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":22:13)
    %b11 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%32) to varPtr(@v : !acc.array<?xi32>) bounds(%b11) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":22:70)
    acc.copyout accPtr(%33) to varPtr(@all : i1) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all"} loc("in/c/ok/reductions.c":23:35)
    acc.copyout accPtr(%34) to varPtr(@any : i1) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any"} loc("in/c/ok/reductions.c":23:58)
    %b12 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %38 = acc.copyin varPtr(@d : !acc.array<?xf64>) bounds(%b12) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":24:49)
    %39 = acc.copyin varPtr(@z : complex<f64>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "z"} loc("in/c/ok/reductions.c":25:33)
    %40 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":25:25)
    acc.parallel combined(loop) dataOperands(%38, %39) firstprivate(%40) {
      %41 = acc.reduction varPtr(@z : complex<f64>) recipe(@reduction_add_complex_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "z"} loc("in/c/ok/reductions.c":24:39)
      acc.loop combined(parallel) reduction(%41) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":24:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([8]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@z), cast(load(load(&@d)[load(&%l0.i)]) to complex<f64>)) : complex<f64> -> &@z
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":24:13)
    %b13 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%38) to varPtr(@d : !acc.array<?xf64>) bounds(%b13) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "d[0:n]"} loc("in/c/ok/reductions.c":24:49)
    acc.copyout accPtr(%39) to varPtr(@z : complex<f64>) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "z"} loc("in/c/ok/reductions.c":25:33)
    %b14 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %42 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b14) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":26:56)
    %b15 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    %43 = acc.copyin varPtr(@arr : !acc.array<4xf64>) bounds(%b15) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "arr[0:4]"} loc("in/c/ok/reductions.c":27:33)
    %44 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":27:25)
    acc.parallel combined(loop) dataOperands(%42, %43) firstprivate(%44) {
      %b16 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
      %45 = acc.reduction varPtr(@arr : !acc.array<4xf64>) bounds(%b16) recipe(@reduction_add_f64) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "arr[0:4]"} loc("in/c/ok/reductions.c":26:39)
      acc.loop combined(parallel) reduction(%45) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":26:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([10]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@arr[BitAnd(load(load(&@v)[load(&%l0.i)]), 3 : i32) : i32]), 1.0 : f64) : f64 -> &@arr[BitAnd(load(load(&@v)[load(&%l0.i)]), 3 : i32) : i32]
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":26:13)
    %b17 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%42) to varPtr(@v : !acc.array<?xi32>) bounds(%b17) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":26:56)
    %b18 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(0)
    acc.copyout accPtr(%43) to varPtr(@arr : !acc.array<4xf64>) bounds(%b18) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "arr[0:4]"} loc("in/c/ok/reductions.c":27:33)
    %b19 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    %46 = acc.copyin varPtr(@v : !acc.array<?xi32>) bounds(%b19) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":28:47)
    %47 = acc.copyin varPtr(@isum : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "isum"} loc("in/c/ok/reductions.c":31:37)
    %48 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/c/ok/reductions.c":31:29)
    %49 = acc.reduction varPtr(@isum : i32) recipe(@reduction_add_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "isum"} loc("in/c/ok/reductions.c":28:34)
    acc.parallel dataOperands(%46, %47) firstprivate(%48) reduction(%49) {
      %50 = acc.reduction varPtr(@isum : i32) recipe(@reduction_add_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "isum"} loc("in/c/ok/reductions.c":30:30)
      acc.loop reduction(%50) control(%i = 0 to < "n" step 1) {
        acc.yield
      } loc("in/c/ok/reductions.c":30:13)
      acc.code {
        local %l0.i : i32
        acc.loop op([13]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
          store Add(load(&@isum), load(load(&@v)[load(&%l0.i)])) : i32 -> &@isum
        }
      }
      acc.yield
    } loc("in/c/ok/reductions.c":28:13)
    %b20 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(0)
    acc.delete accPtr(%46) to varPtr(@v : !acc.array<?xi32>) bounds(%b20) {dataClause = #acc<data_clause acc_copyin>, structured = true, name = "v[0:n]"} loc("in/c/ok/reductions.c":28:47)
    acc.copyout accPtr(%47) to varPtr(@isum : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "isum"} loc("in/c/ok/reductions.c":31:37)
  }
}
