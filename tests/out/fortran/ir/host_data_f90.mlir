module attributes {acc.language = "fortran"} {
  func.func @host_data_kinds() loc("in/fortran/ok/host_data.f90":22:3) {
    %b0 = acc.bounds lowerbound(0) upperbound("n") extent("n + 1") stride(1) startIdx(0)
    %b1 = acc.bounds lowerbound(0) upperbound(5) extent(6) stride(1) startIdx(-2)
    %0 = acc.copyin varPtr(@e : !acc.array<-2:6x?xf64>) bounds(%b0, %b1) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "e"} loc("in/fortran/ok/host_data.f90":22:19)
    %b2 = acc.bounds lowerbound(0) upperbound("ubound(s, 1) - (-1)") extent("size(s, 1)") stride(1) startIdx(-1)
    %1 = acc.copyin varPtr(@s : !acc.array<-1:?xcomplex<f64>>) bounds(%b2) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/host_data.f90":22:22)
    %b3 = acc.bounds lowerbound(0) upperbound("ubound(al, 1) - (lbound(al, 1))") extent("size(al, 1)") stride(1) startIdx("lbound(al, 1)")
    %b4 = acc.bounds lowerbound(0) upperbound("ubound(al, 2) - (lbound(al, 2))") extent("size(al, 2)") stride(1) startIdx("lbound(al, 2)")
    %2 = acc.copyin varPtr(@al : !acc.array<1:?x1:?xf32>) bounds(%b3, %b4) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "al"} loc("in/fortran/ok/host_data.f90":22:25)
    %b5 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    %3 = acc.copyin varPtr(@cells : !acc.array<1:4x!acc.struct<cell>>) bounds(%b5) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cells"} loc("in/fortran/ok/host_data.f90":22:29)
    %4 = acc.copyin varPtr(@k : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "k"} loc("in/fortran/ok/host_data.f90":22:36)
    acc.data dataOperands(%0, %1, %2, %3, %4) {
      %b6 = acc.bounds lowerbound(0) upperbound("n") extent("n + 1") stride(1) startIdx(0)
      %b7 = acc.bounds lowerbound(0) upperbound(5) extent(6) stride(1) startIdx(-2)
      %5 = acc.use_device varPtr(@e : !acc.array<-2:6x?xf64>) bounds(%b6, %b7) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "e"} loc("in/fortran/ok/host_data.f90":23:30)
      %b8 = acc.bounds lowerbound(0) upperbound("ubound(s, 1) - (-1)") extent("size(s, 1)") stride(1) startIdx(-1)
      %6 = acc.use_device varPtr(@s : !acc.array<-1:?xcomplex<f64>>) bounds(%b8) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "s"} loc("in/fortran/ok/host_data.f90":23:33)
      acc.host_data dataOperands(%5, %6) {
        acc.terminator
      } loc("in/fortran/ok/host_data.f90":23:9)
      %b9 = acc.bounds lowerbound(0) upperbound("ubound(al, 1) - (lbound(al, 1))") extent("size(al, 1)") stride(1) startIdx("lbound(al, 1)")
      %b10 = acc.bounds lowerbound(0) upperbound("ubound(al, 2) - (lbound(al, 2))") extent("size(al, 2)") stride(1) startIdx("lbound(al, 2)")
      %7 = acc.use_device varPtr(@al : !acc.array<1:?x1:?xf32>) bounds(%b9, %b10) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "al"} loc("in/fortran/ok/host_data.f90":27:30)
      %b11 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
      %8 = acc.use_device varPtr(@cells : !acc.array<1:4x!acc.struct<cell>>) bounds(%b11) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "cells"} loc("in/fortran/ok/host_data.f90":27:34)
      %9 = acc.use_device varPtr(@k : i32) {dataClause = #acc<data_clause acc_use_device>, structured = true, name = "k"} loc("in/fortran/ok/host_data.f90":27:41)
      acc.host_data dataOperands(%7, %8, %9) if("flag") if_present {
        acc.terminator
      } loc("in/fortran/ok/host_data.f90":27:9)
      acc.terminator
    } loc("in/fortran/ok/host_data.f90":22:9)
    %b12 = acc.bounds lowerbound(0) upperbound("n") extent("n + 1") stride(1) startIdx(0)
    %b13 = acc.bounds lowerbound(0) upperbound(5) extent(6) stride(1) startIdx(-2)
    acc.copyout accPtr(%0) to varPtr(@e : !acc.array<-2:6x?xf64>) bounds(%b12, %b13) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "e"} loc("in/fortran/ok/host_data.f90":22:19)
    %b14 = acc.bounds lowerbound(0) upperbound("ubound(s, 1) - (-1)") extent("size(s, 1)") stride(1) startIdx(-1)
    acc.copyout accPtr(%1) to varPtr(@s : !acc.array<-1:?xcomplex<f64>>) bounds(%b14) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "s"} loc("in/fortran/ok/host_data.f90":22:22)
    %b15 = acc.bounds lowerbound(0) upperbound("ubound(al, 1) - (lbound(al, 1))") extent("size(al, 1)") stride(1) startIdx("lbound(al, 1)")
    %b16 = acc.bounds lowerbound(0) upperbound("ubound(al, 2) - (lbound(al, 2))") extent("size(al, 2)") stride(1) startIdx("lbound(al, 2)")
    acc.copyout accPtr(%2) to varPtr(@al : !acc.array<1:?x1:?xf32>) bounds(%b15, %b16) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "al"} loc("in/fortran/ok/host_data.f90":22:25)
    %b17 = acc.bounds lowerbound(0) upperbound(3) extent(4) stride(1) startIdx(1)
    acc.copyout accPtr(%3) to varPtr(@cells : !acc.array<1:4x!acc.struct<cell>>) bounds(%b17) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "cells"} loc("in/fortran/ok/host_data.f90":22:29)
    acc.copyout accPtr(%4) to varPtr(@k : i32) {dataClause = #acc<data_clause acc_copy>, structured = true, name = "k"} loc("in/fortran/ok/host_data.f90":22:36)
  }
}
