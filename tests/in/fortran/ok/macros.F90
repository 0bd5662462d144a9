! Preprocessed free form: macros in directives, _OPENACC.
#define N 128
#define CLAUSES copy(a) async(1)
subroutine macros(a)
  real :: a(N)
#ifdef _OPENACC
  integer, parameter :: version = _OPENACC
#endif
  integer :: i
  !$acc parallel loop CLAUSES
  do i = 1, N
    a(i) = version
  end do
end subroutine macros
