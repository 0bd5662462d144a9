! preprocessor_openacc.F90: a preprocessed free-form source: `_OPENACC` guards (its value
! differs, 201711 for gfortran 12 and 202211 for accc, so only its range is checked), macros in
! directive clauses and in loop bounds, a directive continued with & across lines, and a
! `!$` conditional-compilation line.
#define N 1000
#define VLEN 64
#define SCALE(x) (3 * (x))
program preprocessor_openacc
  implicit none
  integer :: a(N), i, s, cc
#ifdef _OPENACC
  if (_OPENACC < 201306) then
    print '(a)', 'FAIL: _OPENACC too old'
    stop 1
  end if
#else
  print '(a)', 'FAIL: _OPENACC is not defined'
  stop 1
#endif
  cc = 0
!$ cc = 1
  s = 0
  !$acc parallel loop vector_length(VLEN) &
  !$acc   copyout(a(1:N))
  do i = 1, N
    a(i) = SCALE(i)
  end do
  !$acc parallel loop &
  !$acc& reduction(+:s) copyin(a)
  do i = 1, N
    s = s + a(i)
  end do
  if (s /= SCALE(N * (N + 1) / 2)) then
    print '(a)', 'FAIL: sum'
    stop 1
  end if
  print '(a,i0)', 'preprocessor: ', s
  print '(a,l1)', 'preprocessor: !$ line compiled: ', cc == 1
  print '(a)', 'preprocessor: PASS'
end program preprocessor_openacc
