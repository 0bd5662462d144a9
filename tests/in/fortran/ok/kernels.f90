! Device code of compute regions: column-major elements with constant lower bounds, synthetic
! lbound/stride/extent variables for allocatable and assumed-shape arrays, kinds, loops,
! select case, exit/cycle, atomics and intrinsics.
module kmod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: half = 0.5_dp
contains
  subroutine shapes(s, n)
    integer, intent(in) :: n
    real(dp), intent(inout) :: s(:, :)
    real(dp), allocatable :: w(:)
    real :: c(10, 0:5)
    integer :: i, j
    allocate(w(-1:n))
    !$acc parallel loop collapse(2) copy(c, s) copyin(w)
    do j = 0, 5
      do i = 1, 10
        c(i, j) = real(i + 10 * j) * half + w(i - 2)
        s(i, j + 1) = s(i, j + 1) + size(s, 1) + ubound(w, 1)
      end do
    end do
  end subroutine shapes

  subroutine control(a, n, total, count)
    integer, intent(in) :: n
    integer(8), intent(inout) :: a(n)
    real, intent(inout) :: total
    integer, intent(inout) :: count
    integer :: i, k
    logical :: odd
    !$acc parallel copy(a, total, count)
    !$acc loop reduction(+:total)
    do i = n, 1, -1
      odd = modulo(i, 2) == 1 .neqv. .false.
      select case (i)
      case (:2, 7)
        a(i) = 2_8 ** 10
      case (3:5)
        a(i) = merge(1, -1, odd)
      case default
        a(i) = sign(3, -i) + mod(-7, 3)
      end select
      do k = 1, 10, 3
        if (k == 4) cycle
        if (k > 8) exit
        total = total + sqrt(real(k)) * max(1.0, abs(-2.5), real(k))
      end do
      !$acc atomic update
      count = count + 1
    end do
    !$acc end parallel
  end subroutine control
end module kmod
