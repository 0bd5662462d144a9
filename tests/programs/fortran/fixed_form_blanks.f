C     Fixed form ignores blanks: '100 000' is 100000 and '1.5 e 2' is 150.0 (Nekbone's
C     'mwd2=100 000'), while 'real*8 d1' stays a declaration, a character literal keeps
C     its blanks, and so does a Hollerith constant; all of it around an offloaded loop.
      program blanks
      real*8 d1, e2, a(1 000)
      integer*4 i, m
      character*10 c
      parameter (m = 1 000)
      x = 1.5 e 2
      y = 2.5 d - 1
      d1 = 1.0 e1
      e2 = 3.0
      c = '1 2 3'
!$acc parallel loop copyout(a)
      do 10 i = 1, m
         a(i) = x * 1.0 d 0 + i
   10 continue
      write (*, 20) m, x, y, d1, e2, c, a(1 000)
   20 format (i7, 1x, f8.2, 1x, f6.3, f6.1, 1x, f4.1, 1x, a, f8.1)
      write (*, 30)
   30 format (5h1 2 3)
      if (a(m) .ne. 1150.0) stop 1
      end
