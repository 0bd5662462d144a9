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
  %a87 = alloca i32, align 4
  %a88 = alloca i32, align 4
  %a89 = alloca i64, align 8
  %a113 = alloca i64, align 8
  %a114 = alloca i64, align 8
  %a119 = alloca i64, align 8
  %a136 = alloca i32, align 4
  %a137 = alloca i64, align 8
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

b18.gang.head:                                    ; preds = %b92.tile.done, %entry
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
  %v75 = urem i64 %v74, %v73
  %v76 = udiv i64 %v71, %v73
  %v77 = urem i64 %v71, %v73
  %v78 = mul i64 %v75, %v76
  %v79 = mul i64 %v75, %v77
  %v80 = udiv i64 %v79, %v73
  %v81 = add i64 %v78, %v80
  %v82 = add i64 %v75, 1
  %v83 = mul i64 %v82, %v76
  %v84 = mul i64 %v82, %v77
  %v85 = udiv i64 %v84, %v73
  %v86 = add i64 %v83, %v85
  store i64 %v81, ptr %a89, align 8, !tbaa !0
  br label %b90.tile.head

b20.exit:                                         ; preds = %b18.gang.head
  ret void

b90.tile.head:                                    ; preds = %b111.acc.done, %b19.gang.body
  %v93 = load i64, ptr %a89, align 8, !tbaa !0
  %v94 = icmp ult i64 %v93, %v86
  br i1 %v94, label %b91.tile.body, label %b92.tile.done

b91.tile.body:                                    ; preds = %b90.tile.head
  %v95 = urem i64 %v93, %v70
  %v96 = udiv i64 %v93, %v70
  %v97 = mul i64 %v95, 4
  %v98 = sub i64 %v58, %v97
  %v99 = icmp ult i64 %v98, 4
  %v100 = select i1 %v99, i64 %v98, i64 4
  %v101 = mul i64 %v97, %v60
  %v102 = add i64 %v59, %v101
  %v103 = mul i64 %v96, 8
  %v104 = sub i64 %v41, %v103
  %v105 = icmp ult i64 %v104, 8
  %v106 = select i1 %v105, i64 %v104, i64 8
  %v107 = mul i64 %v103, %v43
  %v108 = add i64 %v42, %v107
  %v109 = mul i64 %v106, %v100
  %v112 = icmp ult i64 0, %v109
  br i1 %v112, label %b110.acc.loop, label %b111.acc.done

b92.tile.done:                                    ; preds = %b90.tile.head
  %v176 = load i64, ptr %a17, align 8, !tbaa !0
  %v177 = add i64 %v176, 1
  store i64 %v177, ptr %a17, align 8, !tbaa !0
  br label %b18.gang.head

b110.acc.loop:                                    ; preds = %b91.tile.body
  %v115 = urem i64 0, %v100
  store i64 %v115, ptr %a114, align 8, !tbaa !0
  %v116 = udiv i64 0, %v100
  %v117 = urem i64 %v116, %v106
  store i64 %v117, ptr %a113, align 8, !tbaa !0
  %v118 = udiv i64 %v116, %v106
  store i64 0, ptr %a119, align 8, !tbaa !0
  br label %b120.collapse.head

b111.acc.done:                                    ; preds = %b120.collapse.head, %b91.tile.body
  %v174 = load i64, ptr %a89, align 8, !tbaa !0
  %v175 = add i64 %v174, 1
  store i64 %v175, ptr %a89, align 8, !tbaa !0
  br label %b90.tile.head

b120.collapse.head:                               ; preds = %b141.for.exit, %b110.acc.loop
  %v122 = load i64, ptr %a119, align 8, !tbaa !0
  %v123 = icmp ult i64 %v122, %v109
  br i1 %v123, label %b121.collapse.body, label %b111.acc.done

b121.collapse.body:                               ; preds = %b120.collapse.head
  %v124 = load i64, ptr %a113, align 8, !tbaa !0
  %v125 = mul nsw i64 %v124, %v43
  %v126 = add nsw i64 %v108, %v125
  %v127 = trunc nsw i64 %v126 to i32
  store i32 %v127, ptr %a87, align 4, !tbaa !6
  %v128 = load i64, ptr %a114, align 8, !tbaa !0
  %v129 = sub i64 %v100, %v128
  %v130 = sub i64 %v109, %v122
  %v131 = icmp ult i64 %v129, %v130
  %v132 = select i1 %v131, i64 %v129, i64 %v130
  %v133 = mul nsw i64 %v128, %v60
  %v134 = add nsw i64 %v102, %v133
  %v135 = trunc nsw i64 %v134 to i32
  store i32 %v135, ptr %a136, align 4, !tbaa !6
  store i64 0, ptr %a137, align 8, !tbaa !0
  br label %b138.for.head

b138.for.head:                                    ; preds = %b140.for.latch, %b121.collapse.body
  %v142 = load i64, ptr %a137, align 8, !tbaa !0
  %v143 = icmp ult i64 %v142, %v132
  br i1 %v143, label %b139.for.body, label %b141.for.exit

b139.for.body:                                    ; preds = %b138.for.head
  %v144 = load i32, ptr %a136, align 4, !tbaa !6
  store i32 %v144, ptr %a88, align 4, !tbaa !6
  %v145 = load ptr, ptr %a25, align 8, !tbaa !4
  %v146 = load i32, ptr %a88, align 4, !tbaa !6
  %v147 = load i32, ptr %a23, align 4, !tbaa !6
  %v148 = mul nsw i32 %v146, %v147
  %v149 = load i32, ptr %a87, align 4, !tbaa !6
  %v150 = add nsw i32 %v148, %v149
  %v151 = sext i32 %v150 to i64
  %v152 = getelementptr inbounds double, ptr %v145, i64 %v151
  %v153 = load ptr, ptr %a26, align 8, !tbaa !4
  %v154 = load i32, ptr %a87, align 4, !tbaa !6
  %v155 = load i32, ptr %a24, align 4, !tbaa !6
  %v156 = mul nsw i32 %v154, %v155
  %v157 = load i32, ptr %a88, align 4, !tbaa !6
  %v158 = add nsw i32 %v156, %v157
  %v159 = sext i32 %v158 to i64
  %v160 = getelementptr inbounds double, ptr %v153, i64 %v159
  %v161 = load double, ptr %v160, align 8, !tbaa !8, !llvm.access.group !10
  store double %v161, ptr %v152, align 8, !tbaa !8, !llvm.access.group !10
  br label %b140.for.latch

b140.for.latch:                                   ; preds = %b139.for.body
  %v162 = load i32, ptr %a136, align 4, !tbaa !6
  %v163 = add nsw i32 %v162, 1
  store i32 %v163, ptr %a136, align 4, !tbaa !6
  %v164 = load i64, ptr %a137, align 8, !tbaa !0
  %v165 = add nuw i64 %v164, 1
  store i64 %v165, ptr %a137, align 8, !tbaa !0
  br label %b138.for.head, !llvm.loop !11

b141.for.exit:                                    ; preds = %b138.for.head
  %v166 = load i64, ptr %a119, align 8, !tbaa !0
  %v167 = add i64 %v166, %v132
  store i64 %v167, ptr %a119, align 8, !tbaa !0
  store i64 0, ptr %a114, align 8, !tbaa !0
  %v168 = load i64, ptr %a113, align 8, !tbaa !0
  %v169 = zext i1 true to i64
  %v170 = add i64 %v168, %v169
  %v171 = icmp eq i64 %v170, %v106
  %v172 = and i1 true, %v171
  %v173 = select i1 %v172, i64 0, i64 %v170
  store i64 %v173, ptr %a113, align 8, !tbaa !0
  br label %b120.collapse.head
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
