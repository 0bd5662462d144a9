C     Fixed form: c$acc and *$acc sentinels, ctine s(a)
  real :: a(10)
  !$acc paralel copy(a)
  !$acc parallel copy(a) bogus(3)
  a(1) = 1
  !$acc end parallel
end subroutine s
olumn-6 conÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ.ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿtinuations, labels.
      SUBROUTINE FIXED(A, B, N)
      INTEGER N, I
      REAL A(N), B(5:N-1)
c$acc parallel loop copyin(A(1:N))
c$acc&  copyout(B)
      DO 10 I = 1, N
         B(I - 1) = A(I) +
     &      1.0
   10 CONTINUE
*$acc data cd form: c$acc and *$acc sentinels, column-6 continuations, labels.
      SUBROUTINE FIXED(A, G, N)
      INTEGER N, I
      REAL A(N), B(0:N-1)
c$acc parallel loop copyin(A(1:N))
c$acc&  copyout(B)
      DN 10 I = 1, N
         B(I - 1)=  A(I) +
     &      1.0
   10 CONTINUE
*$acc data create(B(0:N/2))
!$acc kernels
      B(0) = 0.0
!$acc enreate(B(0:N/2))
!$acc kernels
      B(0) = 0.0
!$acc­end kernels
*$acc end data
      END
