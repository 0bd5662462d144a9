; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind
define void @__accc_histogram_10_parallel_a3508c21(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a13 = alloca i64, align 8
  %a19 = alloca i32, align 4
  %a20 = alloca i32, align 4
  %a21 = alloca i64, align 8
  %a22 = alloca ptr, align 8
  %a23 = alloca ptr, align 8
  %a24 = alloca i64, align 8
  %a25 = alloca ptr, align 8
  %a57 = alloca i32, align 4
  %a65 = alloca i32, align 4
  %a66 = alloca i64, align 8
  %a93 = alloca i64, align 8
  %a95 = alloca [12 x i64], align 8
  %a112 = alloca i64, align 8
  %v1 = load ptr, ptr %args, align 8
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds ptr, ptr %args, i64 1
  %v4 = load ptr, ptr %v3, align 8, !tbaa !4
  %v5 = getelementptr inbounds ptr, ptr %args, i64 2
  %v6 = load ptr, ptr %v5, align 8, !tbaa !4
  %v7 = getelementptr inbounds ptr, ptr %args, i64 4
  %v8 = load ptr, ptr %v7, align 8, !tbaa !4
  %v9 = getelementptr inbounds ptr, ptr %args, i64 5
  %v10 = load ptr, ptr %v9, align 8, !tbaa !4
  %v11 = getelementptr inbounds ptr, ptr %args, i64 7
  %v12 = load ptr, ptr %v11, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a13, align 8, !tbaa !0
  br label %b14.gang.head

b14.gang.head:                                    ; preds = %b59.acc.done, %entry
  %v17 = load i64, ptr %a13, align 8, !tbaa !0
  %v18 = icmp slt i64 %v17, %gang_end
  br i1 %v18, label %b15.gang.body, label %b16.exit

b15.gang.body:                                    ; preds = %b14.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a19, ptr %v4, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a20, ptr %v6, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a22, ptr %v8, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a23, ptr %v10, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a25, ptr %v12, i64 8, i1 false)
  %v26 = load i32, ptr %a19, align 4, !tbaa !6
  %v27 = sext i32 0 to i64
  %v28 = sext i32 %v26 to i64
  %v29 = sext i32 1 to i64
  %v30 = sub i32 0, 1
  %v31 = sext i32 %v30 to i64
  %v32 = icmp sgt i64 %v29, 0
  %v33 = icmp slt i64 %v27, %v28
  %v34 = and i1 %v33, %v32
  %v35 = sub i64 %v28, %v27
  %v36 = sub i64 %v35, 1
  %v37 = select i1 %v32, i64 %v29, i64 1
  %v38 = udiv i64 %v36, %v37
  %v39 = add i64 %v38, 1
  %v40 = select i1 %v34, i64 %v39, i64 0
  %v41 = sext i32 0 to i64
  %v42 = sext i32 1 to i64
  %v43 = icmp eq i64 %v2, 0
  %v44 = select i1 %v43, i64 1, i64 %v2
  %v45 = load i64, ptr %a13, align 8, !tbaa !0
  %v46 = udiv i64 %v40, %v44
  %v47 = urem i64 %v40, %v44
  %v48 = mul i64 %v45, %v46
  %v49 = mul i64 %v45, %v47
  %v50 = udiv i64 %v49, %v44
  %v51 = add i64 %v48, %v50
  %v52 = add i64 %v45, 1
  %v53 = mul i64 %v52, %v46
  %v54 = mul i64 %v52, %v47
  %v55 = udiv i64 %v54, %v44
  %v56 = add i64 %v53, %v55
  %v60 = icmp ult i64 %v51, %v56
  br i1 %v60, label %b58.acc.loop, label %b59.acc.done

b16.exit:                                         ; preds = %b14.gang.head
  ret void

b58.acc.loop:                                     ; preds = %b15.gang.body
  %v61 = sub i64 %v56, %v51
  %v62 = mul nsw i64 %v51, %v42
  %v63 = add nsw i64 %v41, %v62
  %v64 = trunc nsw i64 %v63 to i32
  store i32 %v64, ptr %a65, align 4, !tbaa !6
  store i64 0, ptr %a66, align 8, !tbaa !0
  br label %b67.for.head

b59.acc.done:                                     ; preds = %b70.for.exit, %b15.gang.body
  %v137 = load i64, ptr %a13, align 8, !tbaa !0
  %v138 = add i64 %v137, 1
  store i64 %v138, ptr %a13, align 8, !tbaa !0
  br label %b14.gang.head

b67.for.head:                                     ; preds = %b69.for.latch, %b58.acc.loop
  %v71 = load i64, ptr %a66, align 8, !tbaa !0
  %v72 = icmp ult i64 %v71, %v61
  br i1 %v72, label %b68.for.body, label %b70.for.exit

b68.for.body:                                     ; preds = %b67.for.head
  %v73 = load i32, ptr %a65, align 4, !tbaa !6
  store i32 %v73, ptr %a57, align 4, !tbaa !6
  %v74 = sext i32 0 to i64
  store i64 %v74, ptr %a24, align 8, !tbaa !0
  %v75 = sext i32 0 to i64
  %v76 = sext i32 8 to i64
  %v77 = sext i32 1 to i64
  %v78 = sub i32 0, 1
  %v79 = sext i32 %v78 to i64
  %v80 = icmp sgt i64 %v77, 0
  %v81 = icmp slt i64 %v75, %v76
  %v82 = and i1 %v81, %v80
  %v83 = sub i64 %v76, %v75
  %v84 = sub i64 %v83, 1
  %v85 = select i1 %v80, i64 %v77, i64 1
  %v86 = udiv i64 %v84, %v85
  %v87 = add i64 %v86, 1
  %v88 = select i1 %v82, i64 %v87, i64 0
  %v89 = sext i32 0 to i64
  %v90 = sext i32 1 to i64
  %v91 = call i64 @__accrt_worker_chunks(i64 %v88)
  %v92 = call ptr @llvm.stacksave.p0()
  store i64 0, ptr %a93, align 8, !tbaa !0
  %v94 = alloca i64, i64 %v91, align 8
  %v96 = getelementptr inbounds i64, ptr %a95, i64 0
  store i64 %v2, ptr %v96, align 8, !tbaa !0
  %v97 = getelementptr inbounds i64, ptr %a95, i64 1
  store ptr %a13, ptr %v97, align 8, !tbaa !4
  %v98 = getelementptr inbounds i64, ptr %a95, i64 2
  store i64 %v89, ptr %v98, align 8, !tbaa !0
  %v99 = getelementptr inbounds i64, ptr %a95, i64 3
  store i64 %v90, ptr %v99, align 8, !tbaa !0
  %v100 = getelementptr inbounds i64, ptr %a95, i64 4
  store i32 1, ptr %v100, align 4, !tbaa !6
  %v101 = getelementptr inbounds i64, ptr %a95, i64 5
  store i64 %v88, ptr %v101, align 8, !tbaa !0
  %v102 = getelementptr inbounds i64, ptr %a95, i64 6
  store ptr %a57, ptr %v102, align 8, !tbaa !4
  %v103 = getelementptr inbounds i64, ptr %a95, i64 7
  store ptr %a22, ptr %v103, align 8, !tbaa !4
  %v104 = getelementptr inbounds i64, ptr %a95, i64 8
  store ptr %a23, ptr %v104, align 8, !tbaa !4
  %v105 = getelementptr inbounds i64, ptr %a95, i64 9
  store ptr %a20, ptr %v105, align 8, !tbaa !4
  %v106 = getelementptr inbounds i64, ptr %a95, i64 10
  store ptr %a24, ptr %v106, align 8, !tbaa !4
  %v107 = getelementptr inbounds i64, ptr %a95, i64 11
  store ptr %v94, ptr %v107, align 8, !tbaa !4
  %v108 = icmp eq i64 %v91, 1
  br i1 %v108, label %b109.worker.alone, label %b110.worker.fork

b69.for.latch:                                    ; preds = %b116.for.exit
  %v133 = load i32, ptr %a65, align 4, !tbaa !6
  %v134 = add nsw i32 %v133, 1
  store i32 %v134, ptr %a65, align 4, !tbaa !6
  %v135 = load i64, ptr %a66, align 8, !tbaa !0
  %v136 = add nuw i64 %v135, 1
  store i64 %v136, ptr %a66, align 8, !tbaa !0
  br label %b67.for.head

b70.for.exit:                                     ; preds = %b67.for.head
  br label %b59.acc.done

b109.worker.alone:                                ; preds = %b68.for.body
  call void @__accc_histogram_10_parallel_a3508c21.worker1(ptr %a95, i64 0, i64 %v88, i64 0)
  br label %b111.worker.join

b110.worker.fork:                                 ; preds = %b68.for.body
  call void @__accrt_fork_workers(ptr @__accc_histogram_10_parallel_a3508c21.worker1, ptr %a95, i64 %v88, i64 %v91)
  br label %b111.worker.join

b111.worker.join:                                 ; preds = %b110.worker.fork, %b109.worker.alone
  store i64 0, ptr %a112, align 8, !tbaa !0
  br label %b113.for.head

b113.for.head:                                    ; preds = %b115.for.latch, %b111.worker.join
  %v117 = load i64, ptr %a112, align 8, !tbaa !0
  %v118 = icmp ult i64 %v117, %v91
  br i1 %v118, label %b114.for.body, label %b116.for.exit

b114.for.body:                                    ; preds = %b113.for.head
  %v119 = getelementptr inbounds i64, ptr %v94, i64 %v117
  %v120 = load i64, ptr %v119, align 8, !tbaa !0
  %v121 = load i64, ptr %a93, align 8, !tbaa !0
  %v122 = add nsw i64 %v121, %v120
  store i64 %v122, ptr %a93, align 8, !tbaa !0
  br label %b115.for.latch

b115.for.latch:                                   ; preds = %b114.for.body
  %v123 = load i64, ptr %a112, align 8, !tbaa !0
  %v124 = add nuw i64 %v123, 1
  store i64 %v124, ptr %a112, align 8, !tbaa !0
  br label %b113.for.head

b116.for.exit:                                    ; preds = %b113.for.head
  call void @llvm.stackrestore.p0(ptr %v92)
  %v125 = load i64, ptr %a93, align 8, !tbaa !0
  %v126 = load i64, ptr %a24, align 8, !tbaa !0
  %v127 = add nsw i64 %v126, %v125
  store i64 %v127, ptr %a24, align 8, !tbaa !0
  %v128 = load ptr, ptr %a25, align 8, !tbaa !4
  %v129 = load i32, ptr %a57, align 4, !tbaa !6
  %v130 = sext i32 %v129 to i64
  %v131 = getelementptr inbounds i64, ptr %v128, i64 %v130
  %v132 = load i64, ptr %a24, align 8, !tbaa !0
  store i64 %v132, ptr %v131, align 8, !tbaa !0
  br label %b69.for.latch
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nounwind
declare i64 @__accrt_worker_chunks(i64) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #2

; Function Attrs: nounwind
define internal void @__accc_histogram_10_parallel_a3508c21.worker1(ptr noundef %ctx, i64 noundef %begin, i64 noundef %end, i64 noundef %chunk) #0 {
entry:
  %a23 = alloca i64, align 8
  %a24 = alloca i64, align 8
  %a25 = alloca i32, align 4
  %a33 = alloca i32, align 4
  %a34 = alloca i64, align 8
  %a60 = alloca i64, align 8
  %a61 = alloca i32, align 4
  %a69 = alloca i32, align 4
  %a70 = alloca i64, align 8
  %v1 = getelementptr inbounds i64, ptr %ctx, i64 0
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds i64, ptr %ctx, i64 1
  %v4 = load ptr, ptr %v3, align 8, !tbaa !4
  %v5 = getelementptr inbounds i64, ptr %ctx, i64 2
  %v6 = load i64, ptr %v5, align 8, !tbaa !0
  %v7 = getelementptr inbounds i64, ptr %ctx, i64 3
  %v8 = load i64, ptr %v7, align 8, !tbaa !0
  %v9 = getelementptr inbounds i64, ptr %ctx, i64 5
  %v10 = load i64, ptr %v9, align 8, !tbaa !0
  %v11 = getelementptr inbounds i64, ptr %ctx, i64 6
  %v12 = load ptr, ptr %v11, align 8, !tbaa !4
  %v13 = getelementptr inbounds i64, ptr %ctx, i64 7
  %v14 = load ptr, ptr %v13, align 8, !tbaa !4
  %v15 = getelementptr inbounds i64, ptr %ctx, i64 8
  %v16 = load ptr, ptr %v15, align 8, !tbaa !4
  %v17 = getelementptr inbounds i64, ptr %ctx, i64 9
  %v18 = load ptr, ptr %v17, align 8, !tbaa !4
  %v19 = getelementptr inbounds i64, ptr %ctx, i64 10
  %v20 = load ptr, ptr %v19, align 8, !tbaa !4
  %v21 = getelementptr inbounds i64, ptr %ctx, i64 11
  %v22 = load ptr, ptr %v21, align 8, !tbaa !4
  store i64 0, ptr %a24, align 8, !tbaa !0
  %v28 = icmp ult i64 %begin, %end
  br i1 %v28, label %b26.acc.loop, label %b27.acc.done

b26.acc.loop:                                     ; preds = %entry
  %v29 = sub i64 %end, %begin
  %v30 = mul nsw i64 %begin, %v8
  %v31 = add nsw i64 %v6, %v30
  %v32 = trunc nsw i64 %v31 to i32
  store i32 %v32, ptr %a33, align 4, !tbaa !6
  store i64 0, ptr %a34, align 8, !tbaa !0
  br label %b35.for.head

b27.acc.done:                                     ; preds = %b38.for.exit, %entry
  %v112 = load i64, ptr %a24, align 8, !tbaa !0
  %v113 = getelementptr inbounds i64, ptr %v22, i64 %chunk
  store i64 %v112, ptr %v113, align 8, !tbaa !0
  ret void

b35.for.head:                                     ; preds = %b37.for.latch, %b26.acc.loop
  %v39 = load i64, ptr %a34, align 8, !tbaa !0
  %v40 = icmp ult i64 %v39, %v29
  br i1 %v40, label %b36.for.body, label %b38.for.exit

b36.for.body:                                     ; preds = %b35.for.head
  %v41 = load i32, ptr %a33, align 4, !tbaa !6
  store i32 %v41, ptr %a25, align 4, !tbaa !6
  %v42 = sext i32 0 to i64
  store i64 %v42, ptr %a23, align 8, !tbaa !0
  %v43 = load i32, ptr %v18, align 4, !tbaa !6
  %v44 = sext i32 0 to i64
  %v45 = sext i32 %v43 to i64
  %v46 = sext i32 1 to i64
  %v47 = sub i32 0, 1
  %v48 = sext i32 %v47 to i64
  %v49 = icmp sgt i64 %v46, 0
  %v50 = icmp slt i64 %v44, %v45
  %v51 = and i1 %v50, %v49
  %v52 = sub i64 %v45, %v44
  %v53 = sub i64 %v52, 1
  %v54 = select i1 %v49, i64 %v46, i64 1
  %v55 = udiv i64 %v53, %v54
  %v56 = add i64 %v55, 1
  %v57 = select i1 %v51, i64 %v56, i64 0
  %v58 = sext i32 0 to i64
  %v59 = sext i32 1 to i64
  store i64 0, ptr %a60, align 8, !tbaa !0
  %v64 = icmp ult i64 0, %v57
  br i1 %v64, label %b62.acc.loop, label %b63.acc.done

b37.for.latch:                                    ; preds = %b63.acc.done
  %v108 = load i32, ptr %a33, align 4, !tbaa !6
  %v109 = add nsw i32 %v108, 1
  store i32 %v109, ptr %a33, align 4, !tbaa !6
  %v110 = load i64, ptr %a34, align 8, !tbaa !0
  %v111 = add nuw i64 %v110, 1
  store i64 %v111, ptr %a34, align 8, !tbaa !0
  br label %b35.for.head

b38.for.exit:                                     ; preds = %b35.for.head
  br label %b27.acc.done

b62.acc.loop:                                     ; preds = %b36.for.body
  %v65 = sub i64 %v57, 0
  %v66 = mul nsw i64 0, %v59
  %v67 = add nsw i64 %v58, %v66
  %v68 = trunc nsw i64 %v67 to i32
  store i32 %v68, ptr %a69, align 4, !tbaa !6
  store i64 0, ptr %a70, align 8, !tbaa !0
  br label %b71.for.head

b63.acc.done:                                     ; preds = %b74.for.exit, %b36.for.body
  %v94 = load i64, ptr %a60, align 8, !tbaa !0
  %v95 = load i64, ptr %a23, align 8, !tbaa !0
  %v96 = add nsw i64 %v95, %v94
  store i64 %v96, ptr %a23, align 8, !tbaa !0
  %v97 = load ptr, ptr %v16, align 8, !tbaa !4
  %v98 = load i32, ptr %v12, align 4, !tbaa !6
  %v99 = mul nsw i32 %v98, 8
  %v100 = load i32, ptr %a25, align 4, !tbaa !6
  %v101 = add nsw i32 %v99, %v100
  %v102 = sext i32 %v101 to i64
  %v103 = getelementptr inbounds i64, ptr %v97, i64 %v102
  %v104 = load i64, ptr %a23, align 8, !tbaa !0
  store i64 %v104, ptr %v103, align 8, !tbaa !0
  %v105 = load i64, ptr %a24, align 8, !tbaa !0
  %v106 = load i64, ptr %a23, align 8, !tbaa !0
  %v107 = add nsw i64 %v105, %v106
  store i64 %v107, ptr %a24, align 8, !tbaa !0
  br label %b37.for.latch

b71.for.head:                                     ; preds = %b73.for.latch, %b62.acc.loop
  %v75 = load i64, ptr %a70, align 8, !tbaa !0
  %v76 = icmp ult i64 %v75, %v65
  br i1 %v76, label %b72.for.body, label %b74.for.exit

b72.for.body:                                     ; preds = %b71.for.head
  %v77 = load i32, ptr %a69, align 4, !tbaa !6
  store i32 %v77, ptr %a61, align 4, !tbaa !6
  %v78 = load i64, ptr %a60, align 8, !tbaa !0
  %v79 = load ptr, ptr %v14, align 8, !tbaa !4
  %v80 = load i32, ptr %a61, align 4, !tbaa !6
  %v81 = sext i32 %v80 to i64
  %v82 = getelementptr inbounds i32, ptr %v79, i64 %v81
  %v83 = load i32, ptr %v82, align 4, !tbaa !6, !llvm.access.group !8
  %v84 = srem i32 %v83, 8
  %v85 = load i32, ptr %a25, align 4, !tbaa !6
  %v86 = icmp eq i32 %v84, %v85
  %v87 = zext i1 %v86 to i32
  %v88 = sext i32 %v87 to i64
  %v89 = add nsw i64 %v78, %v88
  store i64 %v89, ptr %a60, align 8, !tbaa !0
  br label %b73.for.latch

b73.for.latch:                                    ; preds = %b72.for.body
  %v90 = load i32, ptr %a69, align 4, !tbaa !6
  %v91 = add nsw i32 %v90, 1
  store i32 %v91, ptr %a69, align 4, !tbaa !6
  %v92 = load i64, ptr %a70, align 8, !tbaa !0
  %v93 = add nuw i64 %v92, 1
  store i64 %v93, ptr %a70, align 8, !tbaa !0
  br label %b71.for.head, !llvm.loop !9

b74.for.exit:                                     ; preds = %b71.for.head
  br label %b63.acc.done
}

; Function Attrs: nounwind
declare void @__accrt_fork_workers(ptr, ptr, i64, i64) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #2

attributes #0 = { nounwind "probe-stack"="inline-asm" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind willreturn }

!0 = !{!1, !1, i64 0}
!1 = !{!"long", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"any pointer", !2, i64 0}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !2, i64 0}
!8 = distinct !{}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.vectorize.enable", i1 true}
!11 = !{!"llvm.loop.parallel_accesses", !8}
