c$acc
     x
	9
C$ACCparallel
!$acc0
      end
