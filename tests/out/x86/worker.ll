; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind
define void @__accc_histogram_10_parallel_a3508c21(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a19 = alloca i64, align 8
  %a25 = alloca i32, align 4
  %a26 = alloca i32, align 4
  %a27 = alloca ptr, align 8
  %a28 = alloca ptr, align 8
  %a29 = alloca ptr, align 8
  %a30 = alloca i64, align 8
  %a31 = alloca i64, align 8
  %a53 = alloca i64, align 8
  %a69 = alloca i32, align 4
  %a77 = alloca i32, align 4
  %a78 = alloca i64, align 8
  %a105 = alloca i64, align 8
  %a107 = alloca [15 x i64], align 8
  %a127 = alloca i64, align 8
  %v1 = load ptr, ptr %args, align 8
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds i64, ptr %v1, i64 1
  %v4 = load i64, ptr %v3, align 8, !tbaa !0
  %v5 = getelementptr inbounds i64, ptr %v1, i64 2
  %v6 = load i64, ptr %v5, align 8, !tbaa !0
  %v7 = getelementptr inbounds i64, ptr %v1, i64 3
  %v8 = load i64, ptr %v7, align 8, !tbaa !0
  %v9 = getelementptr inbounds ptr, ptr %args, i64 1
  %v10 = load ptr, ptr %v9, align 8, !tbaa !4
  %v11 = getelementptr inbounds ptr, ptr %args, i64 2
  %v12 = load ptr, ptr %v11, align 8, !tbaa !4
  %v13 = getelementptr inbounds ptr, ptr %args, i64 4
  %v14 = load ptr, ptr %v13, align 8, !tbaa !4
  %v15 = getelementptr inbounds ptr, ptr %args, i64 5
  %v16 = load ptr, ptr %v15, align 8, !tbaa !4
  %v17 = getelementptr inbounds ptr, ptr %args, i64 7
  %v18 = load ptr, ptr %v17, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a19, align 8, !tbaa !0
  br label %b20.gang.head

b20.gang.head:                                    ; preds = %b71.acc.done, %entry
  %v23 = load i64, ptr %a19, align 8, !tbaa !0
  %v24 = icmp slt i64 %v23, %gang_end
  br i1 %v24, label %b21.gang.body, label %b22.exit

b21.gang.body:                                    ; preds = %b20.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a25, ptr %v10, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a26, ptr %v12, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a27, ptr %v14, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a28, ptr %v16, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a29, ptr %v18, i64 8, i1 false)
  %v32 = load i32, ptr %a25, align 4, !tbaa !6
  %v33 = sext i32 0 to i64
  %v34 = sext i32 %v32 to i64
  %v35 = sext i32 1 to i64
  %v36 = sub i32 0, 1
  %v37 = sext i32 %v36 to i64
  %v38 = icmp sgt i64 %v35, 0
  %v39 = icmp slt i64 %v33, %v34
  %v40 = and i1 %v39, %v38
  %v41 = sub i64 %v34, %v33
  %v42 = sub i64 %v41, 1
  %v43 = select i1 %v38, i64 %v35, i64 1
  %v44 = udiv i64 %v42, %v43
  %v45 = add i64 %v44, 1
  %v46 = select i1 %v40, i64 %v45, i64 0
  %v47 = sext i32 0 to i64
  %v48 = sext i32 1 to i64
  %v49 = icmp eq i64 %v4, 0
  %v50 = select i1 %v49, i64 1, i64 %v4
  %v51 = load i64, ptr %a19, align 8, !tbaa !0
  %v52 = icmp ult i64 %v51, %v50
  store i64 %v51, ptr %a53, align 8, !tbaa !0
  br i1 %v52, label %b55.gang.dim, label %b54.gang.wrap

b22.exit:                                         ; preds = %b20.gang.head
  ret void

b54.gang.wrap:                                    ; preds = %b21.gang.body
  %v56 = urem i64 %v51, %v50
  store i64 %v56, ptr %a53, align 8, !tbaa !0
  br label %b55.gang.dim

b55.gang.dim:                                     ; preds = %b54.gang.wrap, %b21.gang.body
  %v57 = load i64, ptr %a53, align 8, !tbaa !0
  %v58 = udiv i64 %v46, %v50
  %v59 = urem i64 %v46, %v50
  %v60 = mul i64 %v57, %v58
  %v61 = mul i64 %v57, %v59
  %v62 = udiv i64 %v61, %v50
  %v63 = add i64 %v60, %v62
  %v64 = add i64 %v57, 1
  %v65 = mul i64 %v64, %v58
  %v66 = mul i64 %v64, %v59
  %v67 = udiv i64 %v66, %v50
  %v68 = add i64 %v65, %v67
  %v72 = icmp ult i64 %v63, %v68
  br i1 %v72, label %b70.acc.loop, label %b71.acc.done

b70.acc.loop:                                     ; preds = %b55.gang.dim
  %v73 = sub i64 %v68, %v63
  %v74 = mul nsw i64 %v63, %v48
  %v75 = add nsw i64 %v47, %v74
  %v76 = trunc nsw i64 %v75 to i32
  store i32 %v76, ptr %a77, align 4, !tbaa !6
  store i64 0, ptr %a78, align 8, !tbaa !0
  br label %b79.for.head

b71.acc.done:                                     ; preds = %b82.for.exit, %b55.gang.dim
  %v152 = load i64, ptr %a19, align 8, !tbaa !0
  %v153 = add i64 %v152, 1
  store i64 %v153, ptr %a19, align 8, !tbaa !0
  br label %b20.gang.head

b79.for.head:                                     ; preds = %b81.for.latch, %b70.acc.loop
  %v83 = load i64, ptr %a78, align 8, !tbaa !0
  %v84 = icmp ult i64 %v83, %v73
  br i1 %v84, label %b80.for.body, label %b82.for.exit

b80.for.body:                                     ; preds = %b79.for.head
  %v85 = load i32, ptr %a77, align 4, !tbaa !6
  store i32 %v85, ptr %a69, align 4, !tbaa !6
  %v86 = sext i32 0 to i64
  store i64 %v86, ptr %a31, align 8, !tbaa !0
  %v87 = sext i32 0 to i64
  %v88 = sext i32 8 to i64
  %v89 = sext i32 1 to i64
  %v90 = sub i32 0, 1
  %v91 = sext i32 %v90 to i64
  %v92 = icmp sgt i64 %v89, 0
  %v93 = icmp slt i64 %v87, %v88
  %v94 = and i1 %v93, %v92
  %v95 = sub i64 %v88, %v87
  %v96 = sub i64 %v95, 1
  %v97 = select i1 %v92, i64 %v89, i64 1
  %v98 = udiv i64 %v96, %v97
  %v99 = add i64 %v98, 1
  %v100 = select i1 %v94, i64 %v99, i64 0
  %v101 = sext i32 0 to i64
  %v102 = sext i32 1 to i64
  %v103 = call i64 @__accrt_worker_chunks(i64 %v100)
  %v104 = call ptr @llvm.stacksave.p0()
  store i64 0, ptr %a105, align 8, !tbaa !0
  %v106 = alloca i64, i64 %v103, align 8
  %v108 = getelementptr inbounds i64, ptr %a107, i64 0
  store i64 %v2, ptr %v108, align 8, !tbaa !0
  %v109 = getelementptr inbounds i64, ptr %a107, i64 1
  store ptr %a19, ptr %v109, align 8, !tbaa !4
  %v110 = getelementptr inbounds i64, ptr %a107, i64 2
  store i64 %v4, ptr %v110, align 8, !tbaa !0
  %v111 = getelementptr inbounds i64, ptr %a107, i64 3
  store i64 %v6, ptr %v111, align 8, !tbaa !0
  %v112 = getelementptr inbounds i64, ptr %a107, i64 4
  store i64 %v8, ptr %v112, align 8, !tbaa !0
  %v113 = getelementptr inbounds i64, ptr %a107, i64 5
  store i64 %v101, ptr %v113, align 8, !tbaa !0
  %v114 = getelementptr inbounds i64, ptr %a107, i64 6
  store i64 %v102, ptr %v114, align 8, !tbaa !0
  %v115 = getelementptr inbounds i64, ptr %a107, i64 7
  store i32 1, ptr %v115, align 4, !tbaa !6
  %v116 = getelementptr inbounds i64, ptr %a107, i64 8
  store i64 %v100, ptr %v116, align 8, !tbaa !0
  %v117 = getelementptr inbounds i64, ptr %a107, i64 9
  store ptr %a69, ptr %v117, align 8, !tbaa !4
  %v118 = getelementptr inbounds i64, ptr %a107, i64 10
  store ptr %a27, ptr %v118, align 8, !tbaa !4
  %v119 = getelementptr inbounds i64, ptr %a107, i64 11
  store ptr %a28, ptr %v119, align 8, !tbaa !4
  %v120 = getelementptr inbounds i64, ptr %a107, i64 12
  store ptr %a26, ptr %v120, align 8, !tbaa !4
  %v121 = getelementptr inbounds i64, ptr %a107, i64 13
  store ptr %a31, ptr %v121, align 8, !tbaa !4
  %v122 = getelementptr inbounds i64, ptr %a107, i64 14
  store ptr %v106, ptr %v122, align 8, !tbaa !4
  %v123 = icmp eq i64 %v103, 1
  br i1 %v123, label %b124.worker.alone, label %b125.worker.fork

b81.for.latch:                                    ; preds = %b131.for.exit
  %v148 = load i32, ptr %a77, align 4, !tbaa !6
  %v149 = add nsw i32 %v148, 1
  store i32 %v149, ptr %a77, align 4, !tbaa !6
  %v150 = load i64, ptr %a78, align 8, !tbaa !0
  %v151 = add nuw i64 %v150, 1
  store i64 %v151, ptr %a78, align 8, !tbaa !0
  br label %b79.for.head

b82.for.exit:                                     ; preds = %b79.for.head
  br label %b71.acc.done

b124.worker.alone:                                ; preds = %b80.for.body
  call void @__accc_histogram_10_parallel_a3508c21.worker1(ptr %a107, i64 0, i64 %v100, i64 0)
  br label %b126.worker.join

b125.worker.fork:                                 ; preds = %b80.for.body
  call void @__accrt_fork_workers(ptr @__accc_histogram_10_parallel_a3508c21.worker1, ptr %a107, i64 %v100, i64 %v103)
  br label %b126.worker.join

b126.worker.join:                                 ; preds = %b125.worker.fork, %b124.worker.alone
  store i64 0, ptr %a127, align 8, !tbaa !0
  br label %b128.for.head

b128.for.head:                                    ; preds = %b130.for.latch, %b126.worker.join
  %v132 = load i64, ptr %a127, align 8, !tbaa !0
  %v133 = icmp ult i64 %v132, %v103
  br i1 %v133, label %b129.for.body, label %b131.for.exit

b129.for.body:                                    ; preds = %b128.for.head
  %v134 = getelementptr inbounds i64, ptr %v106, i64 %v132
  %v135 = load i64, ptr %v134, align 8, !tbaa !0
  %v136 = load i64, ptr %a105, align 8, !tbaa !0
  %v137 = add nsw i64 %v136, %v135
  store i64 %v137, ptr %a105, align 8, !tbaa !0
  br label %b130.for.latch

b130.for.latch:                                   ; preds = %b129.for.body
  %v138 = load i64, ptr %a127, align 8, !tbaa !0
  %v139 = add nuw i64 %v138, 1
  store i64 %v139, ptr %a127, align 8, !tbaa !0
  br label %b128.for.head

b131.for.exit:                                    ; preds = %b128.for.head
  call void @llvm.stackrestore.p0(ptr %v104)
  %v140 = load i64, ptr %a105, align 8, !tbaa !0
  %v141 = load i64, ptr %a31, align 8, !tbaa !0
  %v142 = add nsw i64 %v141, %v140
  store i64 %v142, ptr %a31, align 8, !tbaa !0
  %v143 = load ptr, ptr %a29, align 8, !tbaa !4
  %v144 = load i32, ptr %a69, align 4, !tbaa !6
  %v145 = sext i32 %v144 to i64
  %v146 = getelementptr inbounds i64, ptr %v143, i64 %v145
  %v147 = load i64, ptr %a31, align 8, !tbaa !0
  store i64 %v147, ptr %v146, align 8, !tbaa !0
  br label %b81.for.latch
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
  %a29 = alloca i64, align 8
  %a30 = alloca i64, align 8
  %a31 = alloca i32, align 4
  %a39 = alloca i32, align 4
  %a40 = alloca i64, align 8
  %a66 = alloca i64, align 8
  %a67 = alloca i32, align 4
  %a75 = alloca i32, align 4
  %a76 = alloca i64, align 8
  %v1 = getelementptr inbounds i64, ptr %ctx, i64 0
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds i64, ptr %ctx, i64 1
  %v4 = load ptr, ptr %v3, align 8, !tbaa !4
  %v5 = getelementptr inbounds i64, ptr %ctx, i64 2
  %v6 = load i64, ptr %v5, align 8, !tbaa !0
  %v7 = getelementptr inbounds i64, ptr %ctx, i64 3
  %v8 = load i64, ptr %v7, align 8, !tbaa !0
  %v9 = getelementptr inbounds i64, ptr %ctx, i64 4
  %v10 = load i64, ptr %v9, align 8, !tbaa !0
  %v11 = getelementptr inbounds i64, ptr %ctx, i64 5
  %v12 = load i64, ptr %v11, align 8, !tbaa !0
  %v13 = getelementptr inbounds i64, ptr %ctx, i64 6
  %v14 = load i64, ptr %v13, align 8, !tbaa !0
  %v15 = getelementptr inbounds i64, ptr %ctx, i64 8
  %v16 = load i64, ptr %v15, align 8, !tbaa !0
  %v17 = getelementptr inbounds i64, ptr %ctx, i64 9
  %v18 = load ptr, ptr %v17, align 8, !tbaa !4
  %v19 = getelementptr inbounds i64, ptr %ctx, i64 10
  %v20 = load ptr, ptr %v19, align 8, !tbaa !4
  %v21 = getelementptr inbounds i64, ptr %ctx, i64 11
  %v22 = load ptr, ptr %v21, align 8, !tbaa !4
  %v23 = getelementptr inbounds i64, ptr %ctx, i64 12
  %v24 = load ptr, ptr %v23, align 8, !tbaa !4
  %v25 = getelementptr inbounds i64, ptr %ctx, i64 13
  %v26 = load ptr, ptr %v25, align 8, !tbaa !4
  %v27 = getelementptr inbounds i64, ptr %ctx, i64 14
  %v28 = load ptr, ptr %v27, align 8, !tbaa !4
  store i64 0, ptr %a30, align 8, !tbaa !0
  %v34 = icmp ult i64 %begin, %end
  br i1 %v34, label %b32.acc.loop, label %b33.acc.done

b32.acc.loop:                                     ; preds = %entry
  %v35 = sub i64 %end, %begin
  %v36 = mul nsw i64 %begin, %v14
  %v37 = add nsw i64 %v12, %v36
  %v38 = trunc nsw i64 %v37 to i32
  store i32 %v38, ptr %a39, align 4, !tbaa !6
  store i64 0, ptr %a40, align 8, !tbaa !0
  br label %b41.for.head

b33.acc.done:                                     ; preds = %b44.for.exit, %entry
  %v118 = load i64, ptr %a30, align 8, !tbaa !0
  %v119 = getelementptr inbounds i64, ptr %v28, i64 %chunk
  store i64 %v118, ptr %v119, align 8, !tbaa !0
  ret void

b41.for.head:                                     ; preds = %b43.for.latch, %b32.acc.loop
  %v45 = load i64, ptr %a40, align 8, !tbaa !0
  %v46 = icmp ult i64 %v45, %v35
  br i1 %v46, label %b42.for.body, label %b44.for.exit

b42.for.body:                                     ; preds = %b41.for.head
  %v47 = load i32, ptr %a39, align 4, !tbaa !6
  store i32 %v47, ptr %a31, align 4, !tbaa !6
  %v48 = sext i32 0 to i64
  store i64 %v48, ptr %a29, align 8, !tbaa !0
  %v49 = load i32, ptr %v24, align 4, !tbaa !6
  %v50 = sext i32 0 to i64
  %v51 = sext i32 %v49 to i64
  %v52 = sext i32 1 to i64
  %v53 = sub i32 0, 1
  %v54 = sext i32 %v53 to i64
  %v55 = icmp sgt i64 %v52, 0
  %v56 = icmp slt i64 %v50, %v51
  %v57 = and i1 %v56, %v55
  %v58 = sub i64 %v51, %v50
  %v59 = sub i64 %v58, 1
  %v60 = select i1 %v55, i64 %v52, i64 1
  %v61 = udiv i64 %v59, %v60
  %v62 = add i64 %v61, 1
  %v63 = select i1 %v57, i64 %v62, i64 0
  %v64 = sext i32 0 to i64
  %v65 = sext i32 1 to i64
  store i64 0, ptr %a66, align 8, !tbaa !0
  %v70 = icmp ult i64 0, %v63
  br i1 %v70, label %b68.acc.loop, label %b69.acc.done

b43.for.latch:                                    ; preds = %b69.acc.done
  %v114 = load i32, ptr %a39, align 4, !tbaa !6
  %v115 = add nsw i32 %v114, 1
  store i32 %v115, ptr %a39, align 4, !tbaa !6
  %v116 = load i64, ptr %a40, align 8, !tbaa !0
  %v117 = add nuw i64 %v116, 1
  store i64 %v117, ptr %a40, align 8, !tbaa !0
  br label %b41.for.head

b44.for.exit:                                     ; preds = %b41.for.head
  br label %b33.acc.done

b68.acc.loop:                                     ; preds = %b42.for.body
  %v71 = sub i64 %v63, 0
  %v72 = mul nsw i64 0, %v65
  %v73 = add nsw i64 %v64, %v72
  %v74 = trunc nsw i64 %v73 to i32
  store i32 %v74, ptr %a75, align 4, !tbaa !6
  store i64 0, ptr %a76, align 8, !tbaa !0
  br label %b77.for.head

b69.acc.done:                                     ; preds = %b80.for.exit, %b42.for.body
  %v100 = load i64, ptr %a66, align 8, !tbaa !0
  %v101 = load i64, ptr %a29, align 8, !tbaa !0
  %v102 = add nsw i64 %v101, %v100
  store i64 %v102, ptr %a29, align 8, !tbaa !0
  %v103 = load ptr, ptr %v22, align 8, !tbaa !4
  %v104 = load i32, ptr %v18, align 4, !tbaa !6
  %v105 = mul nsw i32 %v104, 8
  %v106 = load i32, ptr %a31, align 4, !tbaa !6
  %v107 = add nsw i32 %v105, %v106
  %v108 = sext i32 %v107 to i64
  %v109 = getelementptr inbounds i64, ptr %v103, i64 %v108
  %v110 = load i64, ptr %a29, align 8, !tbaa !0
  store i64 %v110, ptr %v109, align 8, !tbaa !0
  %v111 = load i64, ptr %a30, align 8, !tbaa !0
  %v112 = load i64, ptr %a29, align 8, !tbaa !0
  %v113 = add nsw i64 %v111, %v112
  store i64 %v113, ptr %a30, align 8, !tbaa !0
  br label %b43.for.latch

b77.for.head:                                     ; preds = %b79.for.latch, %b68.acc.loop
  %v81 = load i64, ptr %a76, align 8, !tbaa !0
  %v82 = icmp ult i64 %v81, %v71
  br i1 %v82, label %b78.for.body, label %b80.for.exit

b78.for.body:                                     ; preds = %b77.for.head
  %v83 = load i32, ptr %a75, align 4, !tbaa !6
  store i32 %v83, ptr %a67, align 4, !tbaa !6
  %v84 = load i64, ptr %a66, align 8, !tbaa !0
  %v85 = load ptr, ptr %v20, align 8, !tbaa !4
  %v86 = load i32, ptr %a67, align 4, !tbaa !6
  %v87 = sext i32 %v86 to i64
  %v88 = getelementptr inbounds i32, ptr %v85, i64 %v87
  %v89 = load i32, ptr %v88, align 4, !tbaa !6, !llvm.access.group !8
  %v90 = srem i32 %v89, 8
  %v91 = load i32, ptr %a31, align 4, !tbaa !6
  %v92 = icmp eq i32 %v90, %v91
  %v93 = zext i1 %v92 to i32
  %v94 = sext i32 %v93 to i64
  %v95 = add nsw i64 %v84, %v94
  store i64 %v95, ptr %a66, align 8, !tbaa !0
  br label %b79.for.latch

b79.for.latch:                                    ; preds = %b78.for.body
  %v96 = load i32, ptr %a75, align 4, !tbaa !6
  %v97 = add nsw i32 %v96, 1
  store i32 %v97, ptr %a75, align 4, !tbaa !6
  %v98 = load i64, ptr %a76, align 8, !tbaa !0
  %v99 = add nuw i64 %v98, 1
  store i64 %v99, ptr %a76, align 8, !tbaa !0
  br label %b77.for.head, !llvm.loop !9

b80.for.exit:                                     ; preds = %b77.for.head
  br label %b69.acc.done
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
