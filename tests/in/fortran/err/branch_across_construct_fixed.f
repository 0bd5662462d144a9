      subroutine g(a, n)
      integer n, a(n), i
c$acc parallel loop copy(a)
      do 10 i = 1, n
         if (a(i) .gt. 3) go to 20
         a(i) = i
   10 continue
   20 continue
      end
