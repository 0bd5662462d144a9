! a_ops.f90: a module procedure whose level depends on the device type (vector on nvidia, seq
! on the host devices), the nvidia level spelled with dtype.
module ops
  implicit none
contains
  subroutine rowsum(n, a, s)
    !$acc routine dtype(nvidia) vector device_type(host, multicore) seq
    integer :: n
    real(8) :: a(n), s
    integer :: k
    s = 0
    do k = 1, n
      s = s + a(k)
    end do
  end subroutine rowsum
end module ops
