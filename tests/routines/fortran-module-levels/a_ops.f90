! a_ops.f90: module procedures with explicit levels used from main.f90: a bind(c) function with
! a VALUE argument (called by its binding label) and a vector routine (its level reaches the
! call site in main.f90, a gang loop).
module ops
  use iso_c_binding
  implicit none
contains
  real(c_double) function half(x) bind(c, name="ops_half")
    !$acc routine seq
    real(c_double), value :: x
    half = x / 2
  end function half
  subroutine rowsum(n, a, s)
    !$acc routine vector
    integer :: n
    real(8) :: a(n), s
    integer :: k
    !$acc loop vector
    do k = 1, n
      a(k) = a(k) * 2
    end do
    s = a(1) + a(n)
  end subroutine rowsum
end module ops
