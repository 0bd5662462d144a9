C     fixed_form_saxpy.f: fixed-form source: directives with the !$acc
C     sentinel in column 1 (and c$acc / *$acc), continued with a
C     character in column 6; a saxpy and a dot product.
      program saxpy
      implicit none
      integer n, i
      parameter (n = 4000)
      real*8 x(n), y(n), s, want
      do 10 i = 1, n
         x(i) = dble(i)
         y(i) = 1.0d0
   10 continue
!$acc parallel loop copyin(x)
!$acc& copy(y)
      do 20 i = 1, n
         y(i) = 2.0d0 * x(i) + y(i)
   20 continue
      s = 0.0d0
c$acc parallel loop reduction(+:s)
*$acc&   copyin(x, y)
      do 30 i = 1, n
         s = s + x(i) * y(i)
   30 continue
      want = 0.0d0
      do 40 i = 1, n
         if (y(i) .ne. 2.0d0 * dble(i) + 1.0d0) then
            print *, 'FAIL: saxpy', i
            stop 1
         end if
         want = want + dble(i) * (2.0d0 * dble(i) + 1.0d0)
   40 continue
      if (s .ne. want) then
         print *, 'FAIL: dot'
         stop 1
      end if
      print '(a,i0)', 'fixed form: dot = ', nint(s)
      print '(a)', 'fixed form: PASS'
      end
