C     fixed_form_routines.f: fixed-form external subroutine and function
C     with acc routine seq, a data region around calls, nested labelled
C     do loops, and a clause list continued over three lines (one of
C     them inside the parentheses of a clause).
      integer function isq(k)
!$acc routine seq
      implicit none
      integer k
      isq = k * k
      end

      subroutine fill(n, a, b)
      implicit none
      integer n, i, j
      integer a(n, n), b(n)
      integer isq
      external isq
!$acc routine(isq) seq
!$acc parallel loop collapse(2)
!$acc&   present(a)
      do 10 j = 1, n
         do 5 i = 1, n
            a(i, j) = isq(i) + j
    5    continue
   10 continue
!$acc parallel loop present(a,
!$acc&   b)
!$acc&   private(j)
      do 20 i = 1, n
         b(i) = 0
         do 15 j = 1, n
            b(i) = b(i) + a(i, j)
   15    continue
   20 continue
      end

      program routines
      implicit none
      integer n, i
      parameter (n = 50)
      integer a(n, n), b(n)
!$acc data copyout(a, b)
      call fill(n, a, b)
!$acc end data
      do 30 i = 1, n
         if (b(i) .ne. n * i * i + n * (n + 1) / 2) then
            print *, 'FAIL: fixed-form routine', i
            stop 1
         end if
   30 continue
      print '(a,i0)', 'fixed form routines: ', b(n)
      print '(a)', 'fixed form routines: PASS'
      end
