      subroutine s(a)
      real a(10)
!$acc parallel loop
	do i = 1,
	1 10
	  a(i) = i
	end do
      end
