; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind
define void @__accc_transpose_6_parallel_c977054f(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a17 = alloca i64, align 8
  %a23 = alloca i32, align 4
  %a24 = alloca i32, align 4
  %a25 = alloca ptr, align 8
  %a26 = alloca ptr, align 8
  %a76 = alloca i64, align 8
  %a92 = alloca i32, align 4
  %a93 = alloca i32, align 4
  %a94 = alloca i64, align 8
  %a118 = alloca i64, align 8
  %a119 = alloca i64, align 8
  %a124 = alloca i64, align 8
  %a141 = alloca i32, align 4
  %a142 = alloca i64, align 8
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
  %v13 = getelementptr inbounds ptr, ptr %args, i64 3
  %v14 = load ptr, ptr %v13, align 8, !tbaa !4
  %v15 = getelementptr inbounds ptr, ptr %args, i64 4
  %v16 = load ptr, ptr %v15, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a17, align 8, !tbaa !0
  br label %b18.gang.head

b18.gang.head:                                    ; preds = %b97.tile.done, %entry
  %v21 = load i64, ptr %a17, align 8, !tbaa !0
  %v22 = icmp slt i64 %v21, %gang_end
  br i1 %v22, label %b19.gang.body, label %b20.exit

b19.gang.body:                                    ; preds = %b18.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a23, ptr %v10, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a24, ptr %v12, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a25, ptr %v14, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a26, ptr %v16, i64 8, i1 false)
  %v27 = load i32, ptr %a23, align 4, !tbaa !6
  %v28 = sext i32 0 to i64
  %v29 = sext i32 %v27 to i64
  %v30 = sext i32 1 to i64
  %v31 = sub i32 0, 1
  %v32 = sext i32 %v31 to i64
  %v33 = icmp sgt i64 %v30, 0
  %v34 = icmp slt i64 %v28, %v29
  %v35 = and i1 %v34, %v33
  %v36 = sub i64 %v29, %v28
  %v37 = sub i64 %v36, 1
  %v38 = select i1 %v33, i64 %v30, i64 1
  %v39 = udiv i64 %v37, %v38
  %v40 = add i64 %v39, 1
  %v41 = select i1 %v35, i64 %v40, i64 0
  %v42 = sext i32 0 to i64
  %v43 = sext i32 1 to i64
  %v44 = load i32, ptr %a24, align 4, !tbaa !6
  %v45 = sext i32 0 to i64
  %v46 = sext i32 %v44 to i64
  %v47 = sext i32 1 to i64
  %v48 = sub i32 0, 1
  %v49 = sext i32 %v48 to i64
  %v50 = icmp sgt i64 %v47, 0
  %v51 = icmp slt i64 %v45, %v46
  %v52 = and i1 %v51, %v50
  %v53 = sub i64 %v46, %v45
  %v54 = sub i64 %v53, 1
  %v55 = select i1 %v50, i64 %v47, i64 1
  %v56 = udiv i64 %v54, %v55
  %v57 = add i64 %v56, 1
  %v58 = select i1 %v52, i64 %v57, i64 0
  %v59 = sext i32 0 to i64
  %v60 = sext i32 1 to i64
  %v61 = udiv i64 %v41, 8
  %v62 = urem i64 %v41, 8
  %v63 = icmp ne i64 %v62, 0
  %v64 = zext i1 %v63 to i64
  %v65 = add i64 %v61, %v64
  %v66 = udiv i64 %v58, 4
  %v67 = urem i64 %v58, 4
  %v68 = icmp ne i64 %v67, 0
  %v69 = zext i1 %v68 to i64
  %v70 = add i64 %v66, %v69
  %v71 = mul i64 %v65, %v70
  %v72 = icmp eq i64 %v4, 0
  %v73 = select i1 %v72, i64 1, i64 %v4
  %v74 = load i64, ptr %a17, align 8, !tbaa !0
  %v75 = icmp ult i64 %v74, %v73
  store i64 %v74, ptr %a76, align 8, !tbaa !0
  br i1 %v75, label %b78.gang.dim, label %b77.gang.wrap

b20.exit:                                         ; preds = %b18.gang.head
  ret void

b77.gang.wrap:                                    ; preds = %b19.gang.body
  %v79 = urem i64 %v74, %v73
  store i64 %v79, ptr %a76, align 8, !tbaa !0
  br label %b78.gang.dim

b78.gang.dim:                                     ; preds = %b77.gang.wrap, %b19.gang.body
  %v80 = load i64, ptr %a76, align 8, !tbaa !0
  %v81 = udiv i64 %v71, %v73
  %v82 = urem i64 %v71, %v73
  %v83 = mul i64 %v80, %v81
  %v84 = mul i64 %v80, %v82
  %v85 = udiv i64 %v84, %v73
  %v86 = add i64 %v83, %v85
  %v87 = add i64 %v80, 1
  %v88 = mul i64 %v87, %v81
  %v89 = mul i64 %v87, %v82
  %v90 = udiv i64 %v89, %v73
  %v91 = add i64 %v88, %v90
  store i64 %v86, ptr %a94, align 8, !tbaa !0
  br label %b95.tile.head

b95.tile.head:                                    ; preds = %b116.acc.done, %b78.gang.dim
  %v98 = load i64, ptr %a94, align 8, !tbaa !0
  %v99 = icmp ult i64 %v98, %v91
  br i1 %v99, label %b96.tile.body, label %b97.tile.done

b96.tile.body:                                    ; preds = %b95.tile.head
  %v100 = urem i64 %v98, %v70
  %v101 = udiv i64 %v98, %v70
  %v102 = mul i64 %v100, 4
  %v103 = sub i64 %v58, %v102
  %v104 = icmp ult i64 %v103, 4
  %v105 = select i1 %v104, i64 %v103, i64 4
  %v106 = mul i64 %v102, %v60
  %v107 = add i64 %v59, %v106
  %v108 = mul i64 %v101, 8
  %v109 = sub i64 %v41, %v108
  %v110 = icmp ult i64 %v109, 8
  %v111 = select i1 %v110, i64 %v109, i64 8
  %v112 = mul i64 %v108, %v43
  %v113 = add i64 %v42, %v112
  %v114 = mul i64 %v111, %v105
  %v117 = icmp ult i64 0, %v114
  br i1 %v117, label %b115.acc.loop, label %b116.acc.done

b97.tile.done:                                    ; preds = %b95.tile.head
  %v181 = load i64, ptr %a17, align 8, !tbaa !0
  %v182 = add i64 %v181, 1
  store i64 %v182, ptr %a17, align 8, !tbaa !0
  br label %b18.gang.head

b115.acc.loop:                                    ; preds = %b96.tile.body
  %v120 = urem i64 0, %v105
  store i64 %v120, ptr %a119, align 8, !tbaa !0
  %v121 = udiv i64 0, %v105
  %v122 = urem i64 %v121, %v111
  store i64 %v122, ptr %a118, align 8, !tbaa !0
  %v123 = udiv i64 %v121, %v111
  store i64 0, ptr %a124, align 8, !tbaa !0
  br label %b125.collapse.head

b116.acc.done:                                    ; preds = %b125.collapse.head, %b96.tile.body
  %v179 = load i64, ptr %a94, align 8, !tbaa !0
  %v180 = add i64 %v179, 1
  store i64 %v180, ptr %a94, align 8, !tbaa !0
  br label %b95.tile.head

b125.collapse.head:                               ; preds = %b146.for.exit, %b115.acc.loop
  %v127 = load i64, ptr %a124, align 8, !tbaa !0
  %v128 = icmp ult i64 %v127, %v114
  br i1 %v128, label %b126.collapse.body, label %b116.acc.done

b126.collapse.body:                               ; preds = %b125.collapse.head
  %v129 = load i64, ptr %a118, align 8, !tbaa !0
  %v130 = mul nsw i64 %v129, %v43
  %v131 = add nsw i64 %v113, %v130
  %v132 = trunc nsw i64 %v131 to i32
  store i32 %v132, ptr %a92, align 4, !tbaa !6
  %v133 = load i64, ptr %a119, align 8, !tbaa !0
  %v134 = sub i64 %v105, %v133
  %v135 = sub i64 %v114, %v127
  %v136 = icmp ult i64 %v134, %v135
  %v137 = select i1 %v136, i64 %v134, i64 %v135
  %v138 = mul nsw i64 %v133, %v60
  %v139 = add nsw i64 %v107, %v138
  %v140 = trunc nsw i64 %v139 to i32
  store i32 %v140, ptr %a141, align 4, !tbaa !6
  store i64 0, ptr %a142, align 8, !tbaa !0
  br label %b143.for.head

b143.for.head:                                    ; preds = %b145.for.latch, %b126.collapse.body
  %v147 = load i64, ptr %a142, align 8, !tbaa !0
  %v148 = icmp ult i64 %v147, %v137
  br i1 %v148, label %b144.for.body, label %b146.for.exit

b144.for.body:                                    ; preds = %b143.for.head
  %v149 = load i32, ptr %a141, align 4, !tbaa !6
  store i32 %v149, ptr %a93, align 4, !tbaa !6
  %v150 = load ptr, ptr %a25, align 8, !tbaa !4
  %v151 = load i32, ptr %a93, align 4, !tbaa !6
  %v152 = load i32, ptr %a23, align 4, !tbaa !6
  %v153 = mul nsw i32 %v151, %v152
  %v154 = load i32, ptr %a92, align 4, !tbaa !6
  %v155 = add nsw i32 %v153, %v154
  %v156 = sext i32 %v155 to i64
  %v157 = getelementptr inbounds double, ptr %v150, i64 %v156
  %v158 = load ptr, ptr %a26, align 8, !tbaa !4
  %v159 = load i32, ptr %a92, align 4, !tbaa !6
  %v160 = load i32, ptr %a24, align 4, !tbaa !6
  %v161 = mul nsw i32 %v159, %v160
  %v162 = load i32, ptr %a93, align 4, !tbaa !6
  %v163 = add nsw i32 %v161, %v162
  %v164 = sext i32 %v163 to i64
  %v165 = getelementptr inbounds double, ptr %v158, i64 %v164
  %v166 = load double, ptr %v165, align 8, !tbaa !8, !llvm.access.group !10
  store double %v166, ptr %v157, align 8, !tbaa !8, !llvm.access.group !10
  br label %b145.for.latch

b145.for.latch:                                   ; preds = %b144.for.body
  %v167 = load i32, ptr %a141, align 4, !tbaa !6
  %v168 = add nsw i32 %v167, 1
  store i32 %v168, ptr %a141, align 4, !tbaa !6
  %v169 = load i64, ptr %a142, align 8, !tbaa !0
  %v170 = add nuw i64 %v169, 1
  store i64 %v170, ptr %a142, align 8, !tbaa !0
  br label %b143.for.head, !llvm.loop !11

b146.for.exit:                                    ; preds = %b143.for.head
  %v171 = load i64, ptr %a124, align 8, !tbaa !0
  %v172 = add i64 %v171, %v137
  store i64 %v172, ptr %a124, align 8, !tbaa !0
  store i64 0, ptr %a119, align 8, !tbaa !0
  %v173 = load i64, ptr %a118, align 8, !tbaa !0
  %v174 = zext i1 true to i64
  %v175 = add i64 %v173, %v174
  %v176 = icmp eq i64 %v175, %v111
  %v177 = and i1 true, %v176
  %v178 = select i1 %v177, i64 0, i64 %v175
  store i64 %v178, ptr %a118, align 8, !tbaa !0
  br label %b125.collapse.head
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

attributes #0 = { nounwind "probe-stack"="inline-asm" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!0 = !{!1, !1, i64 0}
!1 = !{!"long", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"any pointer", !2, i64 0}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !2, i64 0}
!8 = !{!9, !9, i64 0}
!9 = !{!"double", !2, i64 0}
!10 = distinct !{}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.vectorize.enable", i1 true}
!13 = !{!"llvm.loop.parallel_accesses", !10}
