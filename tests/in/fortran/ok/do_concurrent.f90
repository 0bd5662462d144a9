! do concurrent loops offloaded by -fdo-concurrent-to-acc=host (the harness sets it for this
! file): several indices become collapse, locality specifiers become data clauses, masks and
! loops inside compute constructs stay as they are.
module grid
  implicit none
  integer, parameter :: n = 64, m = 8
contains
  subroutine fill(a, s)
    real(8), intent(inout) :: a(n, m)
    real(8), intent(out) :: s
    real(8) :: t
    integer :: i, j
    s = 0
    do concurrent (i = 1:n, j = 1:m) local(t)
      t = dble(i + j)
      a(i, j) = t * 2
    end do
    do concurrent (i = 1:n) reduce(+:s) local_init(t)
      s = s + a(i, 1) + t
    end do
    do concurrent (i = 1:n, mod(i, 2) == 0)
      a(i, 1) = 0
    end do
    !$acc parallel loop
    do i = 1, n
      do concurrent (j = 1:m)
        a(i, j) = a(i, j) + 1
      end do
    end do
  end subroutine
end module
