; ModuleID = 'accc_kernels'
source_filename = "accc_kernels"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind
define void @__accc_transpose_6_parallel_c977054f(ptr noundef %args, i64 noundef %gang_begin, i64 noundef %gang_end, i32 noundef %thread) #0 {
entry:
  %a11 = alloca i64, align 8
  %a17 = alloca i32, align 4
  %a18 = alloca i32, align 4
  %a19 = alloca ptr, align 8
  %a20 = alloca ptr, align 8
  %a80 = alloca i32, align 4
  %a81 = alloca i32, align 4
  %a82 = alloca i64, align 8
  %a106 = alloca i64, align 8
  %a107 = alloca i64, align 8
  %a112 = alloca i64, align 8
  %a129 = alloca i32, align 4
  %a130 = alloca i64, align 8
  %v1 = load ptr, ptr %args, align 8
  %v2 = load i64, ptr %v1, align 8, !tbaa !0
  %v3 = getelementptr inbounds ptr, ptr %args, i64 1
  %v4 = load ptr, ptr %v3, align 8, !tbaa !4
  %v5 = getelementptr inbounds ptr, ptr %args, i64 2
  %v6 = load ptr, ptr %v5, align 8, !tbaa !4
  %v7 = getelementptr inbounds ptr, ptr %args, i64 3
  %v8 = load ptr, ptr %v7, align 8, !tbaa !4
  %v9 = getelementptr inbounds ptr, ptr %args, i64 4
  %v10 = load ptr, ptr %v9, align 8, !tbaa !4
  store i64 %gang_begin, ptr %a11, align 8, !tbaa !0
  br label %b12.gang.head

b12.gang.head:                                    ; preds = %b85.tile.done, %entry
  %v15 = load i64, ptr %a11, align 8, !tbaa !0
  %v16 = icmp slt i64 %v15, %gang_end
  br i1 %v16, label %b13.gang.body, label %b14.exit

b13.gang.body:                                    ; preds = %b12.gang.head
  call void @llvm.memcpy.p0.p0.i64(ptr %a17, ptr %v4, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a18, ptr %v6, i64 4, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a19, ptr %v8, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a20, ptr %v10, i64 8, i1 false)
  %v21 = load i32, ptr %a17, align 4, !tbaa !6
  %v22 = sext i32 0 to i64
  %v23 = sext i32 %v21 to i64
  %v24 = sext i32 1 to i64
  %v25 = sub i32 0, 1
  %v26 = sext i32 %v25 to i64
  %v27 = icmp sgt i64 %v24, 0
  %v28 = icmp slt i64 %v22, %v23
  %v29 = and i1 %v28, %v27
  %v30 = sub i64 %v23, %v22
  %v31 = sub i64 %v30, 1
  %v32 = select i1 %v27, i64 %v24, i64 1
  %v33 = udiv i64 %v31, %v32
  %v34 = add i64 %v33, 1
  %v35 = select i1 %v29, i64 %v34, i64 0
  %v36 = sext i32 0 to i64
  %v37 = sext i32 1 to i64
  %v38 = load i32, ptr %a18, align 4, !tbaa !6
  %v39 = sext i32 0 to i64
  %v40 = sext i32 %v38 to i64
  %v41 = sext i32 1 to i64
  %v42 = sub i32 0, 1
  %v43 = sext i32 %v42 to i64
  %v44 = icmp sgt i64 %v41, 0
  %v45 = icmp slt i64 %v39, %v40
  %v46 = and i1 %v45, %v44
  %v47 = sub i64 %v40, %v39
  %v48 = sub i64 %v47, 1
  %v49 = select i1 %v44, i64 %v41, i64 1
  %v50 = udiv i64 %v48, %v49
  %v51 = add i64 %v50, 1
  %v52 = select i1 %v46, i64 %v51, i64 0
  %v53 = sext i32 0 to i64
  %v54 = sext i32 1 to i64
  %v55 = udiv i64 %v35, 8
  %v56 = urem i64 %v35, 8
  %v57 = icmp ne i64 %v56, 0
  %v58 = zext i1 %v57 to i64
  %v59 = add i64 %v55, %v58
  %v60 = udiv i64 %v52, 4
  %v61 = urem i64 %v52, 4
  %v62 = icmp ne i64 %v61, 0
  %v63 = zext i1 %v62 to i64
  %v64 = add i64 %v60, %v63
  %v65 = mul i64 %v59, %v64
  %v66 = icmp eq i64 %v2, 0
  %v67 = select i1 %v66, i64 1, i64 %v2
  %v68 = load i64, ptr %a11, align 8, !tbaa !0
  %v69 = udiv i64 %v65, %v67
  %v70 = urem i64 %v65, %v67
  %v71 = mul i64 %v68, %v69
  %v72 = mul i64 %v68, %v70
  %v73 = udiv i64 %v72, %v67
  %v74 = add i64 %v71, %v73
  %v75 = add i64 %v68, 1
  %v76 = mul i64 %v75, %v69
  %v77 = mul i64 %v75, %v70
  %v78 = udiv i64 %v77, %v67
  %v79 = add i64 %v76, %v78
  store i64 %v74, ptr %a82, align 8, !tbaa !0
  br label %b83.tile.head

b14.exit:                                         ; preds = %b12.gang.head
  ret void

b83.tile.head:                                    ; preds = %b104.acc.done, %b13.gang.body
  %v86 = load i64, ptr %a82, align 8, !tbaa !0
  %v87 = icmp ult i64 %v86, %v79
  br i1 %v87, label %b84.tile.body, label %b85.tile.done

b84.tile.body:                                    ; preds = %b83.tile.head
  %v88 = urem i64 %v86, %v64
  %v89 = udiv i64 %v86, %v64
  %v90 = mul i64 %v88, 4
  %v91 = sub i64 %v52, %v90
  %v92 = icmp ult i64 %v91, 4
  %v93 = select i1 %v92, i64 %v91, i64 4
  %v94 = mul i64 %v90, %v54
  %v95 = add i64 %v53, %v94
  %v96 = mul i64 %v89, 8
  %v97 = sub i64 %v35, %v96
  %v98 = icmp ult i64 %v97, 8
  %v99 = select i1 %v98, i64 %v97, i64 8
  %v100 = mul i64 %v96, %v37
  %v101 = add i64 %v36, %v100
  %v102 = mul i64 %v99, %v93
  %v105 = icmp ult i64 0, %v102
  br i1 %v105, label %b103.acc.loop, label %b104.acc.done

b85.tile.done:                                    ; preds = %b83.tile.head
  %v169 = load i64, ptr %a11, align 8, !tbaa !0
  %v170 = add i64 %v169, 1
  store i64 %v170, ptr %a11, align 8, !tbaa !0
  br label %b12.gang.head

b103.acc.loop:                                    ; preds = %b84.tile.body
  %v108 = urem i64 0, %v93
  store i64 %v108, ptr %a107, align 8, !tbaa !0
  %v109 = udiv i64 0, %v93
  %v110 = urem i64 %v109, %v99
  store i64 %v110, ptr %a106, align 8, !tbaa !0
  %v111 = udiv i64 %v109, %v99
  store i64 0, ptr %a112, align 8, !tbaa !0
  br label %b113.collapse.head

b104.acc.done:                                    ; preds = %b113.collapse.head, %b84.tile.body
  %v167 = load i64, ptr %a82, align 8, !tbaa !0
  %v168 = add i64 %v167, 1
  store i64 %v168, ptr %a82, align 8, !tbaa !0
  br label %b83.tile.head

b113.collapse.head:                               ; preds = %b134.for.exit, %b103.acc.loop
  %v115 = load i64, ptr %a112, align 8, !tbaa !0
  %v116 = icmp ult i64 %v115, %v102
  br i1 %v116, label %b114.collapse.body, label %b104.acc.done

b114.collapse.body:                               ; preds = %b113.collapse.head
  %v117 = load i64, ptr %a106, align 8, !tbaa !0
  %v118 = mul nsw i64 %v117, %v37
  %v119 = add nsw i64 %v101, %v118
  %v120 = trunc nsw i64 %v119 to i32
  store i32 %v120, ptr %a80, align 4, !tbaa !6
  %v121 = load i64, ptr %a107, align 8, !tbaa !0
  %v122 = sub i64 %v93, %v121
  %v123 = sub i64 %v102, %v115
  %v124 = icmp ult i64 %v122, %v123
  %v125 = select i1 %v124, i64 %v122, i64 %v123
  %v126 = mul nsw i64 %v121, %v54
  %v127 = add nsw i64 %v95, %v126
  %v128 = trunc nsw i64 %v127 to i32
  store i32 %v128, ptr %a129, align 4, !tbaa !6
  store i64 0, ptr %a130, align 8, !tbaa !0
  br label %b131.for.head

b131.for.head:                                    ; preds = %b133.for.latch, %b114.collapse.body
  %v135 = load i64, ptr %a130, align 8, !tbaa !0
  %v136 = icmp ult i64 %v135, %v125
  br i1 %v136, label %b132.for.body, label %b134.for.exit

b132.for.body:                                    ; preds = %b131.for.head
  %v137 = load i32, ptr %a129, align 4, !tbaa !6
  store i32 %v137, ptr %a81, align 4, !tbaa !6
  %v138 = load ptr, ptr %a19, align 8, !tbaa !4
  %v139 = load i32, ptr %a81, align 4, !tbaa !6
  %v140 = load i32, ptr %a17, align 4, !tbaa !6
  %v141 = mul nsw i32 %v139, %v140
  %v142 = load i32, ptr %a80, align 4, !tbaa !6
  %v143 = add nsw i32 %v141, %v142
  %v144 = sext i32 %v143 to i64
  %v145 = getelementptr inbounds double, ptr %v138, i64 %v144
  %v146 = load ptr, ptr %a20, align 8, !tbaa !4
  %v147 = load i32, ptr %a80, align 4, !tbaa !6
  %v148 = load i32, ptr %a18, align 4, !tbaa !6
  %v149 = mul nsw i32 %v147, %v148
  %v150 = load i32, ptr %a81, align 4, !tbaa !6
  %v151 = add nsw i32 %v149, %v150
  %v152 = sext i32 %v151 to i64
  %v153 = getelementptr inbounds double, ptr %v146, i64 %v152
  %v154 = load double, ptr %v153, align 8, !tbaa !8, !llvm.access.group !10
  store double %v154, ptr %v145, align 8, !tbaa !8, !llvm.access.group !10
  br label %b133.for.latch

b133.for.latch:                                   ; preds = %b132.for.body
  %v155 = load i32, ptr %a129, align 4, !tbaa !6
  %v156 = add nsw i32 %v155, 1
  store i32 %v156, ptr %a129, align 4, !tbaa !6
  %v157 = load i64, ptr %a130, align 8, !tbaa !0
  %v158 = add nuw i64 %v157, 1
  store i64 %v158, ptr %a130, align 8, !tbaa !0
  br label %b131.for.head, !llvm.loop !11

b134.for.exit:                                    ; preds = %b131.for.head
  %v159 = load i64, ptr %a112, align 8, !tbaa !0
  %v160 = add i64 %v159, %v125
  store i64 %v160, ptr %a112, align 8, !tbaa !0
  store i64 0, ptr %a107, align 8, !tbaa !0
  %v161 = load i64, ptr %a106, align 8, !tbaa !0
  %v162 = zext i1 true to i64
  %v163 = add i64 %v161, %v162
  %v164 = icmp eq i64 %v163, %v99
  %v165 = and i1 true, %v164
  %v166 = select i1 %v165, i64 0, i64 %v163
  store i64 %v166, ptr %a106, align 8, !tbaa !0
  br label %b113.collapse.head
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
