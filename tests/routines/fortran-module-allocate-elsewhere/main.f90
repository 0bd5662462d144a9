program main
  use state
  implicit none
  integer, parameter :: n = 64, m = 3
  real(8) :: out(n, m)
  integer :: i, j, round
  do round = 1, 2
    ! allocated here, in a file without the declare, with other bounds in each round
    allocate (coef(n * round), mask(n, -1:m - 2))
    coef = [(real(i * round, 8), i = 1, n * round)]
    mask = reshape([(mod(i, 3), i = 1, n * m)], [n, m])
    !$acc update device(coef, mask)
    !$acc parallel loop collapse(2) copyout(out)
    do j = 1, m
      do i = 1, n
        out(i, j) = weight(i, j - 2)
      end do
    end do
    do j = 1, m
      do i = 1, n
        if (out(i, j) /= real(i * round, 8) * mod(i + (j - 1) * n, 3)) then
          print *, 'wrong', round, i, j, out(i, j)
          stop 1
        end if
      end do
    end do
    deallocate (coef, mask)
  end do
  print *, 'ok'
end program
