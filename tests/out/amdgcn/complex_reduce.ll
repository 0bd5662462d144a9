; ModuleID = 'accc_device'
source_filename = "accc_device"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__accc_atomic_lock = internal addrspace(1) global i32 0, align 4
@__accc_reduce_buffer = internal unnamed_addr addrspace(3) global [2048 x i64] undef, align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @__accc_products_6_parallel_b93d55ba(i64 noundef %arg0, i32 %arg1, ptr nocapture noundef %arg2, ptr nocapture readonly %arg3, ptr noundef %arg4) local_unnamed_addr #0 {
entry:
  %a212.s = alloca i8, align 1, addrspace(5)
  %arg3.global = addrspacecast ptr %arg3 to ptr addrspace(1)
  %arg2.global = addrspacecast ptr %arg2 to ptr addrspace(1)
  %v1 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %v2 = zext i32 %v1 to i64
  %v3 = tail call i32 @llvm.amdgcn.workitem.id.y()
  %v4 = zext i32 %v3 to i64
  %v5 = tail call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %v6 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 4
  %v7 = load i16, ptr addrspace(4) %v6, align 4, !invariant.load !0
  %v8 = zext i16 %v7 to i32
  %v9 = zext i16 %v7 to i64
  %v11 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 6
  %v12 = load i16, ptr addrspace(4) %v11, align 2, !invariant.load !0
  %v14 = zext i16 %v12 to i64
  %v15 = mul nuw nsw i64 %v9, %v4
  %v16 = add nuw nsw i64 %v15, %v2
  %v17 = mul nuw nsw i64 %v14, %v9
  %v20 = getelementptr inbounds i8, ptr addrspace(4) %v5, i64 12
  %v21 = load i32, ptr addrspace(4) %v20, align 4, !invariant.load !0
  %v26 = udiv i32 %v21, %v8
  %v28 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %v29 = zext i32 %v28 to i64
  %0 = tail call i32 @llvm.smax.i32(i32 %arg1, i32 0)
  %v78 = icmp ult i32 %v21, %v8
  %narrow = select i1 %v78, i32 1, i32 %v26
  %v79 = zext i32 %narrow to i64
  %.frozen = freeze i32 %0
  %narrow.frozen = freeze i32 %narrow
  %v8018 = udiv i32 %.frozen, %narrow.frozen
  %v80.zext = zext nneg i32 %v8018 to i64
  %1 = mul i32 %v8018, %narrow.frozen
  %v8119.decomposed = sub i32 %.frozen, %1
  %v81.zext = zext nneg i32 %v8119.decomposed to i64
  %v82 = mul nuw nsw i64 %v80.zext, %v29
  %v83 = mul nuw nsw i64 %v81.zext, %v29
  %v84 = udiv i64 %v83, %v79
  %v86 = add nuw nsw i64 %v29, 1
  %v87 = mul nuw nsw i64 %v86, %v80.zext
  %v88 = mul nuw nsw i64 %v86, %v81.zext
  %v89 = udiv i64 %v88, %v79
  %v90 = add nuw i64 %v89, %v87
  %v85 = add nuw i64 %v84, %v16
  %v99 = add i64 %v85, %v82
  %v10520 = icmp ult i64 %v99, %v90
  br i1 %v10520, label %b101.spread.body, label %b103.spread.done

b101.spread.body:                                 ; preds = %entry, %b101.spread.body
  %a98.s.025 = phi i64 [ %v142, %b101.spread.body ], [ %v99, %entry ]
  %a93.s.sroa.8.024 = phi double [ %v120, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %a96.s.sroa.0.023 = phi double [ %v137, %b101.spread.body ], [ 1.000000e+00, %entry ]
  %a96.s.sroa.8.022 = phi double [ %v138, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %a93.s.sroa.0.021 = phi double [ %v119, %b101.spread.body ], [ 0.000000e+00, %entry ]
  %sext = shl i64 %a98.s.025, 32
  %2 = ashr exact i64 %sext, 28
  %v113 = getelementptr inbounds i8, ptr addrspace(1) %arg3.global, i64 %2
  %v114.unpack = load double, ptr addrspace(1) %v113, align 8, !amdgpu.noclobber !0
  %v114.elt15 = getelementptr inbounds i8, ptr addrspace(1) %v113, i64 8
  %v114.unpack16 = load double, ptr addrspace(1) %v114.elt15, align 8, !amdgpu.noclobber !0
  %v119 = fadd double %a93.s.sroa.0.021, %v114.unpack
  %v120 = fadd double %a93.s.sroa.8.024, %v114.unpack16
  %v133 = fmul double %a96.s.sroa.0.023, %v114.unpack
  %v134 = fmul double %a96.s.sroa.8.022, %v114.unpack16
  %v135 = fmul double %a96.s.sroa.0.023, %v114.unpack16
  %v136 = fmul double %a96.s.sroa.8.022, %v114.unpack
  %v137 = fsub double %v133, %v134
  %v138 = fadd double %v136, %v135
  %v142 = add i64 %a98.s.025, %v17
  %v105 = icmp ult i64 %v142, %v90
  br i1 %v105, label %b101.spread.body, label %b103.spread.done

b103.spread.done:                                 ; preds = %b101.spread.body, %entry
  %a93.s.sroa.0.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v119, %b101.spread.body ]
  %a96.s.sroa.8.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v138, %b101.spread.body ]
  %a96.s.sroa.0.0.lcssa = phi double [ 1.000000e+00, %entry ], [ %v137, %b101.spread.body ]
  %a93.s.sroa.8.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %v120, %b101.spread.body ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %3 = trunc i64 %v16 to i32
  %v144 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %3
  store double %a93.s.sroa.0.0.lcssa, ptr addrspace(3) %v144, align 16
  %v144.repack5 = getelementptr inbounds i8, ptr addrspace(3) %v144, i32 8
  store double %a93.s.sroa.8.0.lcssa, ptr addrspace(3) %v144.repack5, align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v15429.not = icmp eq i64 %v17, 0
  br i1 %v15429.not, label %b152.for.exit, label %b150.for.body.preheader

b150.for.body.preheader:                          ; preds = %b103.spread.done
  %xtraiter = and i64 %v17, 7
  %4 = icmp ult i64 %v17, 8
  br i1 %4, label %b152.for.exit.loopexit.unr-lcssa, label %b150.for.body.preheader.new

b150.for.body.preheader.new:                      ; preds = %b150.for.body.preheader
  %unroll_iter = and i64 %v17, 4294967288
  br label %b150.for.body

b150.for.body:                                    ; preds = %b150.for.body, %b150.for.body.preheader.new
  %a148.s.032 = phi i64 [ 0, %b150.for.body.preheader.new ], [ %v167.7, %b150.for.body ]
  %a93.s.sroa.8.131 = phi double [ 0.000000e+00, %b150.for.body.preheader.new ], [ %v163.7, %b150.for.body ]
  %a93.s.sroa.0.130 = phi double [ 0.000000e+00, %b150.for.body.preheader.new ], [ %v162.7, %b150.for.body ]
  %niter = phi i64 [ 0, %b150.for.body.preheader.new ], [ %niter.next.7, %b150.for.body ]
  %5 = trunc i64 %a148.s.032 to i32
  %v155 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %5
  %v156.unpack = load double, ptr addrspace(3) %v155, align 16
  %v156.elt12 = getelementptr inbounds i8, ptr addrspace(3) %v155, i32 8
  %v156.unpack13 = load double, ptr addrspace(3) %v156.elt12, align 8
  %v162 = fadd double %a93.s.sroa.0.130, %v156.unpack
  %v163 = fadd double %a93.s.sroa.8.131, %v156.unpack13
  %6 = trunc i64 %a148.s.032 to i32
  %7 = or disjoint i32 %6, 1
  %v155.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %7
  %v156.unpack.1 = load double, ptr addrspace(3) %v155.1, align 16
  %v156.elt12.1 = getelementptr inbounds i8, ptr addrspace(3) %v155.1, i32 8
  %v156.unpack13.1 = load double, ptr addrspace(3) %v156.elt12.1, align 8
  %v162.1 = fadd double %v162, %v156.unpack.1
  %v163.1 = fadd double %v163, %v156.unpack13.1
  %8 = trunc i64 %a148.s.032 to i32
  %9 = or disjoint i32 %8, 2
  %v155.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %9
  %v156.unpack.2 = load double, ptr addrspace(3) %v155.2, align 16
  %v156.elt12.2 = getelementptr inbounds i8, ptr addrspace(3) %v155.2, i32 8
  %v156.unpack13.2 = load double, ptr addrspace(3) %v156.elt12.2, align 8
  %v162.2 = fadd double %v162.1, %v156.unpack.2
  %v163.2 = fadd double %v163.1, %v156.unpack13.2
  %10 = trunc i64 %a148.s.032 to i32
  %11 = or disjoint i32 %10, 3
  %v155.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %11
  %v156.unpack.3 = load double, ptr addrspace(3) %v155.3, align 16
  %v156.elt12.3 = getelementptr inbounds i8, ptr addrspace(3) %v155.3, i32 8
  %v156.unpack13.3 = load double, ptr addrspace(3) %v156.elt12.3, align 8
  %v162.3 = fadd double %v162.2, %v156.unpack.3
  %v163.3 = fadd double %v163.2, %v156.unpack13.3
  %12 = trunc i64 %a148.s.032 to i32
  %13 = or disjoint i32 %12, 4
  %v155.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %13
  %v156.unpack.4 = load double, ptr addrspace(3) %v155.4, align 16
  %v156.elt12.4 = getelementptr inbounds i8, ptr addrspace(3) %v155.4, i32 8
  %v156.unpack13.4 = load double, ptr addrspace(3) %v156.elt12.4, align 8
  %v162.4 = fadd double %v162.3, %v156.unpack.4
  %v163.4 = fadd double %v163.3, %v156.unpack13.4
  %14 = trunc i64 %a148.s.032 to i32
  %15 = or disjoint i32 %14, 5
  %v155.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %15
  %v156.unpack.5 = load double, ptr addrspace(3) %v155.5, align 16
  %v156.elt12.5 = getelementptr inbounds i8, ptr addrspace(3) %v155.5, i32 8
  %v156.unpack13.5 = load double, ptr addrspace(3) %v156.elt12.5, align 8
  %v162.5 = fadd double %v162.4, %v156.unpack.5
  %v163.5 = fadd double %v163.4, %v156.unpack13.5
  %16 = trunc i64 %a148.s.032 to i32
  %17 = or disjoint i32 %16, 6
  %v155.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %17
  %v156.unpack.6 = load double, ptr addrspace(3) %v155.6, align 16
  %v156.elt12.6 = getelementptr inbounds i8, ptr addrspace(3) %v155.6, i32 8
  %v156.unpack13.6 = load double, ptr addrspace(3) %v156.elt12.6, align 8
  %v162.6 = fadd double %v162.5, %v156.unpack.6
  %v163.6 = fadd double %v163.5, %v156.unpack13.6
  %18 = trunc i64 %a148.s.032 to i32
  %19 = or disjoint i32 %18, 7
  %v155.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %19
  %v156.unpack.7 = load double, ptr addrspace(3) %v155.7, align 16
  %v156.elt12.7 = getelementptr inbounds i8, ptr addrspace(3) %v155.7, i32 8
  %v156.unpack13.7 = load double, ptr addrspace(3) %v156.elt12.7, align 8
  %v162.7 = fadd double %v162.6, %v156.unpack.7
  %v163.7 = fadd double %v163.6, %v156.unpack13.7
  %v167.7 = add nuw nsw i64 %a148.s.032, 8
  %niter.next.7 = add i64 %niter, 8
  %niter.ncmp.7 = icmp eq i64 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %b152.for.exit.loopexit.unr-lcssa, label %b150.for.body

b152.for.exit.loopexit.unr-lcssa:                 ; preds = %b150.for.body, %b150.for.body.preheader
  %v162.lcssa.ph = phi double [ poison, %b150.for.body.preheader ], [ %v162.7, %b150.for.body ]
  %v163.lcssa.ph = phi double [ poison, %b150.for.body.preheader ], [ %v163.7, %b150.for.body ]
  %a148.s.032.unr = phi i64 [ 0, %b150.for.body.preheader ], [ %v167.7, %b150.for.body ]
  %a93.s.sroa.8.131.unr = phi double [ 0.000000e+00, %b150.for.body.preheader ], [ %v163.7, %b150.for.body ]
  %a93.s.sroa.0.130.unr = phi double [ 0.000000e+00, %b150.for.body.preheader ], [ %v162.7, %b150.for.body ]
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %b152.for.exit, label %b150.for.body.epil

b150.for.body.epil:                               ; preds = %b152.for.exit.loopexit.unr-lcssa, %b150.for.body.epil
  %a148.s.032.epil = phi i64 [ %v167.epil, %b150.for.body.epil ], [ %a148.s.032.unr, %b152.for.exit.loopexit.unr-lcssa ]
  %a93.s.sroa.8.131.epil = phi double [ %v163.epil, %b150.for.body.epil ], [ %a93.s.sroa.8.131.unr, %b152.for.exit.loopexit.unr-lcssa ]
  %a93.s.sroa.0.130.epil = phi double [ %v162.epil, %b150.for.body.epil ], [ %a93.s.sroa.0.130.unr, %b152.for.exit.loopexit.unr-lcssa ]
  %epil.iter = phi i64 [ %epil.iter.next, %b150.for.body.epil ], [ 0, %b152.for.exit.loopexit.unr-lcssa ]
  %20 = trunc i64 %a148.s.032.epil to i32
  %v155.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %20
  %v156.unpack.epil = load double, ptr addrspace(3) %v155.epil, align 16
  %v156.elt12.epil = getelementptr inbounds i8, ptr addrspace(3) %v155.epil, i32 8
  %v156.unpack13.epil = load double, ptr addrspace(3) %v156.elt12.epil, align 8
  %v162.epil = fadd double %a93.s.sroa.0.130.epil, %v156.unpack.epil
  %v163.epil = fadd double %a93.s.sroa.8.131.epil, %v156.unpack13.epil
  %v167.epil = add nuw nsw i64 %a148.s.032.epil, 1
  %epil.iter.next = add i64 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i64 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %b152.for.exit, label %b150.for.body.epil, !llvm.loop !1

b152.for.exit:                                    ; preds = %b152.for.exit.loopexit.unr-lcssa, %b150.for.body.epil, %b103.spread.done
  %a93.s.sroa.0.1.lcssa = phi double [ 0.000000e+00, %b103.spread.done ], [ %v162.lcssa.ph, %b152.for.exit.loopexit.unr-lcssa ], [ %v162.epil, %b150.for.body.epil ]
  %a93.s.sroa.8.1.lcssa = phi double [ 0.000000e+00, %b103.spread.done ], [ %v163.lcssa.ph, %b152.for.exit.loopexit.unr-lcssa ], [ %v163.epil, %b150.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store double %a96.s.sroa.0.0.lcssa, ptr addrspace(3) %v144, align 16
  store double %a96.s.sroa.8.0.lcssa, ptr addrspace(3) %v144.repack5, align 8
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v15429.not, label %b177.for.exit, label %b175.for.body.preheader

b175.for.body.preheader:                          ; preds = %b152.for.exit
  %xtraiter44 = and i64 %v17, 7
  %21 = icmp ult i64 %v17, 8
  br i1 %21, label %b177.for.exit.loopexit.unr-lcssa, label %b175.for.body.preheader.new

b175.for.body.preheader.new:                      ; preds = %b175.for.body.preheader
  %unroll_iter49 = and i64 %v17, 4294967288
  br label %b175.for.body

b175.for.body:                                    ; preds = %b175.for.body, %b175.for.body.preheader.new
  %a173.s.038 = phi i64 [ 0, %b175.for.body.preheader.new ], [ %v196.7, %b175.for.body ]
  %a96.s.sroa.0.137 = phi double [ 1.000000e+00, %b175.for.body.preheader.new ], [ %v191.7, %b175.for.body ]
  %a96.s.sroa.8.136 = phi double [ 0.000000e+00, %b175.for.body.preheader.new ], [ %v192.7, %b175.for.body ]
  %niter50 = phi i64 [ 0, %b175.for.body.preheader.new ], [ %niter50.next.7, %b175.for.body ]
  %22 = trunc i64 %a173.s.038 to i32
  %v180 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %22
  %v181.unpack = load double, ptr addrspace(3) %v180, align 16
  %v181.elt9 = getelementptr inbounds i8, ptr addrspace(3) %v180, i32 8
  %v181.unpack10 = load double, ptr addrspace(3) %v181.elt9, align 8
  %v187 = fmul double %a96.s.sroa.0.137, %v181.unpack
  %v188 = fmul double %a96.s.sroa.8.136, %v181.unpack10
  %v189 = fmul double %a96.s.sroa.0.137, %v181.unpack10
  %v190 = fmul double %a96.s.sroa.8.136, %v181.unpack
  %v191 = fsub double %v187, %v188
  %v192 = fadd double %v190, %v189
  %23 = trunc i64 %a173.s.038 to i32
  %24 = or disjoint i32 %23, 1
  %v180.1 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %24
  %v181.unpack.1 = load double, ptr addrspace(3) %v180.1, align 16
  %v181.elt9.1 = getelementptr inbounds i8, ptr addrspace(3) %v180.1, i32 8
  %v181.unpack10.1 = load double, ptr addrspace(3) %v181.elt9.1, align 8
  %v187.1 = fmul double %v191, %v181.unpack.1
  %v188.1 = fmul double %v192, %v181.unpack10.1
  %v189.1 = fmul double %v191, %v181.unpack10.1
  %v190.1 = fmul double %v192, %v181.unpack.1
  %v191.1 = fsub double %v187.1, %v188.1
  %v192.1 = fadd double %v190.1, %v189.1
  %25 = trunc i64 %a173.s.038 to i32
  %26 = or disjoint i32 %25, 2
  %v180.2 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %26
  %v181.unpack.2 = load double, ptr addrspace(3) %v180.2, align 16
  %v181.elt9.2 = getelementptr inbounds i8, ptr addrspace(3) %v180.2, i32 8
  %v181.unpack10.2 = load double, ptr addrspace(3) %v181.elt9.2, align 8
  %v187.2 = fmul double %v191.1, %v181.unpack.2
  %v188.2 = fmul double %v192.1, %v181.unpack10.2
  %v189.2 = fmul double %v191.1, %v181.unpack10.2
  %v190.2 = fmul double %v192.1, %v181.unpack.2
  %v191.2 = fsub double %v187.2, %v188.2
  %v192.2 = fadd double %v190.2, %v189.2
  %27 = trunc i64 %a173.s.038 to i32
  %28 = or disjoint i32 %27, 3
  %v180.3 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %28
  %v181.unpack.3 = load double, ptr addrspace(3) %v180.3, align 16
  %v181.elt9.3 = getelementptr inbounds i8, ptr addrspace(3) %v180.3, i32 8
  %v181.unpack10.3 = load double, ptr addrspace(3) %v181.elt9.3, align 8
  %v187.3 = fmul double %v191.2, %v181.unpack.3
  %v188.3 = fmul double %v192.2, %v181.unpack10.3
  %v189.3 = fmul double %v191.2, %v181.unpack10.3
  %v190.3 = fmul double %v192.2, %v181.unpack.3
  %v191.3 = fsub double %v187.3, %v188.3
  %v192.3 = fadd double %v190.3, %v189.3
  %29 = trunc i64 %a173.s.038 to i32
  %30 = or disjoint i32 %29, 4
  %v180.4 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %30
  %v181.unpack.4 = load double, ptr addrspace(3) %v180.4, align 16
  %v181.elt9.4 = getelementptr inbounds i8, ptr addrspace(3) %v180.4, i32 8
  %v181.unpack10.4 = load double, ptr addrspace(3) %v181.elt9.4, align 8
  %v187.4 = fmul double %v191.3, %v181.unpack.4
  %v188.4 = fmul double %v192.3, %v181.unpack10.4
  %v189.4 = fmul double %v191.3, %v181.unpack10.4
  %v190.4 = fmul double %v192.3, %v181.unpack.4
  %v191.4 = fsub double %v187.4, %v188.4
  %v192.4 = fadd double %v190.4, %v189.4
  %31 = trunc i64 %a173.s.038 to i32
  %32 = or disjoint i32 %31, 5
  %v180.5 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %32
  %v181.unpack.5 = load double, ptr addrspace(3) %v180.5, align 16
  %v181.elt9.5 = getelementptr inbounds i8, ptr addrspace(3) %v180.5, i32 8
  %v181.unpack10.5 = load double, ptr addrspace(3) %v181.elt9.5, align 8
  %v187.5 = fmul double %v191.4, %v181.unpack.5
  %v188.5 = fmul double %v192.4, %v181.unpack10.5
  %v189.5 = fmul double %v191.4, %v181.unpack10.5
  %v190.5 = fmul double %v192.4, %v181.unpack.5
  %v191.5 = fsub double %v187.5, %v188.5
  %v192.5 = fadd double %v190.5, %v189.5
  %33 = trunc i64 %a173.s.038 to i32
  %34 = or disjoint i32 %33, 6
  %v180.6 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %34
  %v181.unpack.6 = load double, ptr addrspace(3) %v180.6, align 16
  %v181.elt9.6 = getelementptr inbounds i8, ptr addrspace(3) %v180.6, i32 8
  %v181.unpack10.6 = load double, ptr addrspace(3) %v181.elt9.6, align 8
  %v187.6 = fmul double %v191.5, %v181.unpack.6
  %v188.6 = fmul double %v192.5, %v181.unpack10.6
  %v189.6 = fmul double %v191.5, %v181.unpack10.6
  %v190.6 = fmul double %v192.5, %v181.unpack.6
  %v191.6 = fsub double %v187.6, %v188.6
  %v192.6 = fadd double %v190.6, %v189.6
  %35 = trunc i64 %a173.s.038 to i32
  %36 = or disjoint i32 %35, 7
  %v180.7 = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %36
  %v181.unpack.7 = load double, ptr addrspace(3) %v180.7, align 16
  %v181.elt9.7 = getelementptr inbounds i8, ptr addrspace(3) %v180.7, i32 8
  %v181.unpack10.7 = load double, ptr addrspace(3) %v181.elt9.7, align 8
  %v187.7 = fmul double %v191.6, %v181.unpack.7
  %v188.7 = fmul double %v192.6, %v181.unpack10.7
  %v189.7 = fmul double %v191.6, %v181.unpack10.7
  %v190.7 = fmul double %v192.6, %v181.unpack.7
  %v191.7 = fsub double %v187.7, %v188.7
  %v192.7 = fadd double %v190.7, %v189.7
  %v196.7 = add nuw nsw i64 %a173.s.038, 8
  %niter50.next.7 = add i64 %niter50, 8
  %niter50.ncmp.7 = icmp eq i64 %niter50.next.7, %unroll_iter49
  br i1 %niter50.ncmp.7, label %b177.for.exit.loopexit.unr-lcssa, label %b175.for.body

b177.for.exit.loopexit.unr-lcssa:                 ; preds = %b175.for.body, %b175.for.body.preheader
  %v191.lcssa.ph = phi double [ poison, %b175.for.body.preheader ], [ %v191.7, %b175.for.body ]
  %v192.lcssa.ph = phi double [ poison, %b175.for.body.preheader ], [ %v192.7, %b175.for.body ]
  %a173.s.038.unr = phi i64 [ 0, %b175.for.body.preheader ], [ %v196.7, %b175.for.body ]
  %a96.s.sroa.0.137.unr = phi double [ 1.000000e+00, %b175.for.body.preheader ], [ %v191.7, %b175.for.body ]
  %a96.s.sroa.8.136.unr = phi double [ 0.000000e+00, %b175.for.body.preheader ], [ %v192.7, %b175.for.body ]
  %lcmp.mod46.not = icmp eq i64 %xtraiter44, 0
  br i1 %lcmp.mod46.not, label %b177.for.exit, label %b175.for.body.epil

b175.for.body.epil:                               ; preds = %b177.for.exit.loopexit.unr-lcssa, %b175.for.body.epil
  %a173.s.038.epil = phi i64 [ %v196.epil, %b175.for.body.epil ], [ %a173.s.038.unr, %b177.for.exit.loopexit.unr-lcssa ]
  %a96.s.sroa.0.137.epil = phi double [ %v191.epil, %b175.for.body.epil ], [ %a96.s.sroa.0.137.unr, %b177.for.exit.loopexit.unr-lcssa ]
  %a96.s.sroa.8.136.epil = phi double [ %v192.epil, %b175.for.body.epil ], [ %a96.s.sroa.8.136.unr, %b177.for.exit.loopexit.unr-lcssa ]
  %epil.iter45 = phi i64 [ %epil.iter45.next, %b175.for.body.epil ], [ 0, %b177.for.exit.loopexit.unr-lcssa ]
  %37 = trunc i64 %a173.s.038.epil to i32
  %v180.epil = getelementptr inbounds [16 x i8], ptr addrspace(3) @__accc_reduce_buffer, i32 %37
  %v181.unpack.epil = load double, ptr addrspace(3) %v180.epil, align 16
  %v181.elt9.epil = getelementptr inbounds i8, ptr addrspace(3) %v180.epil, i32 8
  %v181.unpack10.epil = load double, ptr addrspace(3) %v181.elt9.epil, align 8
  %v187.epil = fmul double %a96.s.sroa.0.137.epil, %v181.unpack.epil
  %v188.epil = fmul double %a96.s.sroa.8.136.epil, %v181.unpack10.epil
  %v189.epil = fmul double %a96.s.sroa.0.137.epil, %v181.unpack10.epil
  %v190.epil = fmul double %a96.s.sroa.8.136.epil, %v181.unpack.epil
  %v191.epil = fsub double %v187.epil, %v188.epil
  %v192.epil = fadd double %v190.epil, %v189.epil
  %v196.epil = add nuw nsw i64 %a173.s.038.epil, 1
  %epil.iter45.next = add i64 %epil.iter45, 1
  %epil.iter45.cmp.not = icmp eq i64 %epil.iter45.next, %xtraiter44
  br i1 %epil.iter45.cmp.not, label %b177.for.exit, label %b175.for.body.epil, !llvm.loop !3

b177.for.exit:                                    ; preds = %b177.for.exit.loopexit.unr-lcssa, %b175.for.body.epil, %b152.for.exit
  %a96.s.sroa.8.1.lcssa = phi double [ 0.000000e+00, %b152.for.exit ], [ %v192.lcssa.ph, %b177.for.exit.loopexit.unr-lcssa ], [ %v192.epil, %b175.for.body.epil ]
  %a96.s.sroa.0.1.lcssa = phi double [ 1.000000e+00, %b152.for.exit ], [ %v191.lcssa.ph, %b177.for.exit.loopexit.unr-lcssa ], [ %v191.epil, %b175.for.body.epil ]
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %v197 = icmp eq i64 %v16, 0
  br i1 %v197, label %b198.leader, label %b199.leader.join

b198.leader:                                      ; preds = %b177.for.exit
  %v204 = getelementptr inbounds i8, ptr addrspace(1) %arg2.global, i64 8
  %v203 = atomicrmw fadd ptr addrspace(1) %arg2.global, double %a93.s.sroa.0.1.lcssa monotonic, align 8
  %v206 = atomicrmw fadd ptr addrspace(1) %v204, double %a93.s.sroa.8.1.lcssa monotonic, align 8
  br label %b199.leader.join

b199.leader.join:                                 ; preds = %b198.leader, %b177.for.exit
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %v197, label %b208.leader, label %b209.leader.join

b208.leader:                                      ; preds = %b199.leader.join
  %38 = addrspacecast ptr addrspace(5) %a212.s to ptr
  store volatile i8 0, ptr %38, align 1
  %39 = addrspacecast ptr addrspace(5) %a212.s to ptr
  %40 = addrspacecast ptr addrspace(5) %a212.s to ptr
  br label %b213.lock.spin

b209.leader.join:                                 ; preds = %b215.lock.latch, %b199.leader.join
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void

b213.lock.spin:                                   ; preds = %b215.lock.latch, %b208.leader
  %v217 = cmpxchg ptr addrspace(1) @__accc_atomic_lock, i32 0, i32 1 syncscope("agent") acquire monotonic, align 4
  %v218 = extractvalue { i32, i1 } %v217, 1
  br i1 %v218, label %b214.lock.held, label %b215.lock.latch

b214.lock.held:                                   ; preds = %b213.lock.spin
  %v219 = load volatile { double, double }, ptr %arg4, align 8
  %v220 = extractvalue { double, double } %v219, 0
  %v221 = extractvalue { double, double } %v219, 1
  %v224 = fmul double %a96.s.sroa.0.1.lcssa, %v220
  %v225 = fmul double %a96.s.sroa.8.1.lcssa, %v221
  %v226 = fmul double %a96.s.sroa.8.1.lcssa, %v220
  %v227 = fmul double %a96.s.sroa.0.1.lcssa, %v221
  %v228 = fsub double %v224, %v225
  %v229 = fadd double %v226, %v227
  %v230 = insertvalue { double, double } poison, double %v228, 0
  %v231 = insertvalue { double, double } %v230, double %v229, 1
  store volatile { double, double } %v231, ptr %arg4, align 8
  store atomic i32 0, ptr addrspace(1) @__accc_atomic_lock syncscope("agent") release, align 4
  store volatile i8 1, ptr %39, align 1
  br label %b215.lock.latch

b215.lock.latch:                                  ; preds = %b214.lock.held, %b213.lock.spin
  %a212.s.0.a212.s.0.a212.s.0.a212.s.0.v232 = load volatile i8, ptr %40, align 1
  %v233.not = icmp eq i8 %a212.s.0.a212.s.0.a212.s.0.a212.s.0.v232, 0
  br i1 %v233.not, label %b213.lock.spin, label %b209.leader.join
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workitem.id.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #3

attributes #0 = { nofree norecurse nounwind "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-agpr" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.unroll.disable"}
!3 = distinct !{!3, !2}
