      subroutine s(a)
      real a(10)
c$acc parallel
c$acc& copy(a)                                                          ignored
	  a(1) = 1
*$acc end parallel
      end
