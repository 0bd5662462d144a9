module attributes {acc.language = "fortran"} {
  acc.firstprivate.recipe @firstprivatization_f32 : f32 init(copy) loc("in/fortran/ok/atomics_misc.f90":40:5)
  acc.firstprivate.recipe @firstprivatization_i32 : i32 init(copy) loc("in/fortran/ok/atomics_misc.f90":16:13)
  acc.firstprivate.recipe @firstprivatization_i64 : i64 init(copy) loc("in/fortran/ok/atomics_misc.f90":13:9)
  acc.private.recipe @privatization_i32 : i32 init(uninitialized) loc("in/fortran/ok/atomics_misc.f90":16:3)
  acc.reduction.recipe @reduction_eqv_bool32 : bool32 reduction_operator <eqv> init(1) combiner(<eqv>) loc("in/fortran/ok/atomics_misc.f90":14:50)
  acc.reduction.recipe @reduction_iand_i32 : i32 reduction_operator <iand> init(-1) combiner(<iand>) loc("in/fortran/ok/atomics_misc.f90":15:24)
  acc.reduction.recipe @reduction_ior_i32 : i32 reduction_operator <ior> init(0) combiner(<ior>) loc("in/fortran/ok/atomics_misc.f90":15:44)
  acc.reduction.recipe @reduction_lor_bool32 : bool32 reduction_operator <lor> init(0) combiner(<lor>) loc("in/fortran/ok/atomics_misc.f90":14:24)
  acc.reduction.recipe @reduction_max_f32 : f32 reduction_operator <max> init(-inf) combiner(<max>) loc("in/fortran/ok/atomics_misc.f90":13:37)
  acc.reduction.recipe @reduction_min_f32 : f32 reduction_operator <min> init(inf) combiner(<min>) loc("in/fortran/ok/atomics_misc.f90":13:56)
  acc.reduction.recipe @reduction_mul_f32 : f32 reduction_operator <mul> init(1.0) combiner(<mul>) loc("in/fortran/ok/atomics_misc.f90":13:75)
  acc.reduction.recipe @reduction_neqv_bool32 : bool32 reduction_operator <neqv> init(0) combiner(<neqv>) loc("in/fortran/ok/atomics_misc.f90":14:75)
  acc.reduction.recipe @reduction_xor_i32 : i32 reduction_operator <xor> init(0) combiner(<xor>) loc("in/fortran/ok/atomics_misc.f90":15:64)
  func.func @misc() loc("in/fortran/ok/atomics_misc.f90":10:3) {
    acc.routine func(@ext_kernel) named gang bind("ext_kernel_device") loc("in/fortran/ok/atomics_misc.f90":10:9)
    acc.init device_type(host) loc("in/fortran/ok/atomics_misc.f90":11:9)
    acc.set device_num(0) default_async(1) loc("in/fortran/ok/atomics_misc.f90":12:9)
    %0 = acc.copyin varPtr(@big : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "big"} loc("in/fortran/ok/atomics_misc.f90":17:5)
    %b0 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %1 = acc.copyin varPtr(@a : !acc.array<1:?xf32>) bounds(%b0) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:n)"} loc("in/fortran/ok/atomics_misc.f90":17:20)
    %2 = acc.copyin varPtr(@small : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "small"} loc("in/fortran/ok/atomics_misc.f90":18:5)
    %3 = acc.copyin varPtr(@x : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "x"} loc("in/fortran/ok/atomics_misc.f90":19:5)
    %4 = acc.copyin varPtr(@any_true : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any_true"} loc("in/fortran/ok/atomics_misc.f90":20:5)
    %5 = acc.copyin varPtr(@all_eq : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all_eq"} loc("in/fortran/ok/atomics_misc.f90":21:5)
    %6 = acc.copyin varPtr(@mask : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mask"} loc("in/fortran/ok/atomics_misc.f90":21:27)
    %7 = acc.copyin varPtr(@band : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "band"} loc("in/fortran/ok/atomics_misc.f90":23:5)
    %8 = acc.copyin varPtr(@bor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bor"} loc("in/fortran/ok/atomics_misc.f90":24:5)
    %9 = acc.copyin varPtr(@bxor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bxor"} loc("in/fortran/ok/atomics_misc.f90":25:5)
    %10 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/atomics_misc.f90":16:13)
    %11 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/atomics_misc.f90":13:9)
    %12 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/atomics_misc.f90":13:9)
    acc.parallel combined(loop) dataOperands(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) firstprivate(%10, %11, %12) {
      %13 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/atomics_misc.f90":16:3)
      %14 = acc.reduction varPtr(@big : f32) recipe(@reduction_max_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "big"} loc("in/fortran/ok/atomics_misc.f90":13:37)
      %15 = acc.reduction varPtr(@small : f32) recipe(@reduction_min_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "small"} loc("in/fortran/ok/atomics_misc.f90":13:56)
      %16 = acc.reduction varPtr(@x : f32) recipe(@reduction_mul_f32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "x"} loc("in/fortran/ok/atomics_misc.f90":13:75)
      %17 = acc.reduction varPtr(@any_true : bool32) recipe(@reduction_lor_bool32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "any_true"} loc("in/fortran/ok/atomics_misc.f90":14:24)
      %18 = acc.reduction varPtr(@all_eq : bool32) recipe(@reduction_eqv_bool32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "all_eq"} loc("in/fortran/ok/atomics_misc.f90":14:50)
      %19 = acc.reduction varPtr(@mask : bool32) recipe(@reduction_neqv_bool32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "mask"} loc("in/fortran/ok/atomics_misc.f90":14:75)
      %20 = acc.reduction varPtr(@band : i32) recipe(@reduction_iand_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "band"} loc("in/fortran/ok/atomics_misc.f90":15:24)
      %21 = acc.reduction varPtr(@bor : i32) recipe(@reduction_ior_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "bor"} loc("in/fortran/ok/atomics_misc.f90":15:44)
      %22 = acc.reduction varPtr(@bxor : i32) recipe(@reduction_xor_i32) {dataClause = #acc<data_clause acc_reduction>, structured = true, name = "bxor"} loc("in/fortran/ok/atomics_misc.f90":15:64)
      acc.loop combined(parallel) private(%13) reduction(%14, %15, %16, %17, %18, %19, %20, %21, %22) control(%i = 1 to <= "n" step ?) {
        acc.yield
      } loc("in/fortran/ok/atomics_misc.f90":13:9)
      acc.code {
        acc.loop op([3]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          store Max(load(&@big), load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])) : f32 -> &@big
          store Min(load(&@small), load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])) : f32 -> &@small
          store Mul(load(&@x), load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])) : f32 -> &@x
          store cast(LogicalOr(cast(load(&@any_true) to i1), Gt(load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64]), cast(0 : i32 to f32)) : i1) : i1 to bool32) -> &@any_true
          store cast(Eq(cast(load(&@all_eq) to i1), cast(load(&@mask) to i1)) : i1 to bool32) -> &@all_eq
          store cast(Ne(cast(load(&@mask) to i1), cast(1 : bool32 to i1)) : i1 to bool32) -> &@mask
          store BitAnd(load(&@band), load(&@i)) : i32 -> &@band
          store BitOr(load(&@bor), load(&@i)) : i32 -> &@bor
          store BitXor(load(&@bxor), load(&@i)) : i32 -> &@bxor
        }
      }
      acc.yield
    } loc("in/fortran/ok/atomics_misc.f90":13:9)
    acc.copyout accPtr(%0) to varPtr(@big : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "big"} loc("in/fortran/ok/atomics_misc.f90":17:5)
    %b1 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.delete accPtr(%1) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b1) {dataClause = #acc<data_clause acc_copyin>, structured = true, implicit = true, name = "a(1:n)"} loc("in/fortran/ok/atomics_misc.f90":17:20)
    acc.copyout accPtr(%2) to varPtr(@small : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "small"} loc("in/fortran/ok/atomics_misc.f90":18:5)
    acc.copyout accPtr(%3) to varPtr(@x : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "x"} loc("in/fortran/ok/atomics_misc.f90":19:5)
    acc.copyout accPtr(%4) to varPtr(@any_true : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "any_true"} loc("in/fortran/ok/atomics_misc.f90":20:5)
    acc.copyout accPtr(%5) to varPtr(@all_eq : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "all_eq"} loc("in/fortran/ok/atomics_misc.f90":21:5)
    acc.copyout accPtr(%6) to varPtr(@mask : bool32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "mask"} loc("in/fortran/ok/atomics_misc.f90":21:27)
    acc.copyout accPtr(%7) to varPtr(@band : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "band"} loc("in/fortran/ok/atomics_misc.f90":23:5)
    acc.copyout accPtr(%8) to varPtr(@bor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bor"} loc("in/fortran/ok/atomics_misc.f90":24:5)
    acc.copyout accPtr(%9) to varPtr(@bxor : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, implicit = true, name = "bxor"} loc("in/fortran/ok/atomics_misc.f90":25:5)
    %b2 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %23 = acc.copyin varPtr(@a : !acc.array<1:?xf32>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/atomics_misc.f90":27:23)
    %24 = acc.copyin varPtr(@x : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/fortran/ok/atomics_misc.f90":27:26)
    %25 = acc.copyin varPtr(@y : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "y"} loc("in/fortran/ok/atomics_misc.f90":27:29)
    %26 = acc.copyin varPtr(@v : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v"} loc("in/fortran/ok/atomics_misc.f90":27:32)
    %27 = acc.firstprivate varPtr(@n : i32) recipe(@firstprivatization_i32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "n"} loc("in/fortran/ok/atomics_misc.f90":29:13)
    %28 = acc.firstprivate varPtr(@old : f32) recipe(@firstprivatization_f32) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "old"} loc("in/fortran/ok/atomics_misc.f90":40:5)
    %29 = acc.firstprivate varPtr(@lbound(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "lbound(a,1)"} loc("in/fortran/ok/atomics_misc.f90":27:9)
    %30 = acc.firstprivate varPtr(@stride(a,1) : i64) recipe(@firstprivatization_i64) {dataClause = #acc<data_clause acc_firstprivate>, structured = true, implicit = true, name = "stride(a,1)"} loc("in/fortran/ok/atomics_misc.f90":27:9)
    acc.parallel dataOperands(%23, %24, %25, %26) firstprivate(%27, %28, %29, %30) {
      %31 = acc.private varPtr(@i : i32) recipe(@privatization_i32) {dataClause = #acc<data_clause acc_private>, structured = true, implicit = true, name = "i"} loc("in/fortran/ok/atomics_misc.f90":29:3)
      acc.loop private(%31) control(%i = 1 to <= "n" step ?) {
        %b3 = acc.bounds lowerbound("i - 1") upperbound("i + 1 - 1") extent("i + 1 - i + 1") stride(1) startIdx(1)
        %32 = acc.cache varPtr(@a : !acc.array<1:?xf32>) bounds(%b3) {dataClause = #acc<data_clause acc_cache>, structured = true, name = "a(i:i + 1)"} loc("in/fortran/ok/atomics_misc.f90":30:17)
        acc.cache dataOperands(%32) loc("in/fortran/ok/atomics_misc.f90":30:11)
        acc.atomic.update stmt("x = x + a(i)") loc("in/fortran/ok/atomics_misc.f90":31:11)
        acc.atomic.read stmt("y = x") loc("in/fortran/ok/atomics_misc.f90":33:11)
        acc.atomic.write stmt("a(i) = 2 * y") loc("in/fortran/ok/atomics_misc.f90":35:11)
        acc.atomic.update implicit_update stmt("v = max(v, i)") loc("in/fortran/ok/atomics_misc.f90":37:11)
        acc.atomic.capture stmt("old = x; x = x + 1") loc("in/fortran/ok/atomics_misc.f90":39:11)
        acc.atomic.update stmt("y = y * 2") loc("in/fortran/ok/atomics_misc.f90":43:11)
        acc.yield
      } loc("in/fortran/ok/atomics_misc.f90":28:9)
      acc.code {
        acc.loop op([6]) seq (@i = 1 : i32 while Le load(&@n) step 1 : i32) {
          atomic Update &@x Add load(cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64])
          atomic Read &@x capture new -> &@y
          atomic Write cast(&@a to !acc.ptr<f32>)[Mul(Sub(cast(load(&@i) to i64), load(&@lbound(a,1))) : i64, load(&@stride(a,1))) : i64] Mul(cast(2 : i32 to f32), load(&@y)) : f32
          atomic Update &@v Max load(&@i)
          atomic Capture &@x Add cast(1 : i32 to f32) capture old -> &@old
          atomic Update &@y Mul cast(2 : i32 to f32)
        }
      }
      acc.yield
    } loc("in/fortran/ok/atomics_misc.f90":27:9)
    %b4 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    acc.copyout accPtr(%23) to varPtr(@a : !acc.array<1:?xf32>) bounds(%b4) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "a"} loc("in/fortran/ok/atomics_misc.f90":27:23)
    acc.copyout accPtr(%24) to varPtr(@x : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "x"} loc("in/fortran/ok/atomics_misc.f90":27:26)
    acc.copyout accPtr(%25) to varPtr(@y : f32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "y"} loc("in/fortran/ok/atomics_misc.f90":27:29)
    acc.copyout accPtr(%26) to varPtr(@v : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "v"} loc("in/fortran/ok/atomics_misc.f90":27:32)
    %b5 = acc.bounds lowerbound(0) upperbound("n - 1") extent("n") stride(1) startIdx(1)
    %33 = acc.use_device varPtr(@a : !acc.array<1:?xf32>) bounds(%b5) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "a"} loc("in/fortran/ok/atomics_misc.f90":48:30)
    acc.host_data dataOperands(%33) if_present {
      acc.terminator
    } loc("in/fortran/ok/atomics_misc.f90":48:9)
    acc.wait (1) async(2) loc("in/fortran/ok/atomics_misc.f90":51:9)
    acc.wait loc("in/fortran/ok/atomics_misc.f90":52:9)
    acc.shutdown loc("in/fortran/ok/atomics_misc.f90":53:9)
  }
}
