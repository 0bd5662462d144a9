      SUBROUTINE S(A)
      REAL A(10)
c$acc parallel copy(A)
c$acc&  copyin(Q(1:2))
      A(1) = 1.0
c$acc end parallel
      END
