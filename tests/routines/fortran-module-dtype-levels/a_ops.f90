! a_ops.f90: module routines whose levels depend on the device type, recorded per device type
! in ops.accmod: rowsum is vector on nvidia and seq on the host devices; twice binds to
! twice_gpu on nvidia only.
module ops
  implicit none
contains
  subroutine rowsum(n, a, s)
    !$acc routine device_type(nvidia) vector device_type(host, multicore) seq
    integer :: n
    real(8) :: a(n), s
    integer :: k
    s = 0
    do k = 1, n
      s = s + a(k)
    end do
  end subroutine rowsum
  real(8) function twice(x)
    !$acc routine seq device_type(nvidia) bind(twice_gpu)
    real(8) :: x
    twice = 2 * x
  end function twice
  real(8) function twice_gpu(x)
    !$acc routine seq
    real(8) :: x
    twice_gpu = x + x
  end function twice_gpu
end module ops
