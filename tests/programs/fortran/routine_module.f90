! routine_module.f90: `acc routine` procedures in a module at each level: seq functions and
! subroutines, a vector subroutine with a vector loop, a worker subroutine, and a gang subroutine
! called from a parallel region. (`routine(name)` is in routine_external.f90: gfortran 12 rejects
! it for module procedures.)
module kernels_lib
  implicit none
contains
  pure integer function cube(x)
    !$acc routine seq
    integer, intent(in) :: x
    cube = x * x * x
  end function

  integer function collatz_steps(start)
    !$acc routine seq
    integer, intent(in) :: start
    integer :: v
    v = start
    collatz_steps = 0
    do while (v /= 1)
      if (mod(v, 2) == 0) then
        v = v / 2
      else
        v = 3 * v + 1
      end if
      collatz_steps = collatz_steps + 1
    end do
  end function

  subroutine row_scale(m, row, f)
    !$acc routine vector
    integer, intent(in) :: m, f
    integer, intent(inout) :: row(m)
    integer :: k
    !$acc loop vector
    do k = 1, m
      row(k) = row(k) * f + cube(k)
    end do
  end subroutine

  subroutine block_fill(m, nr, blk, base)
    !$acc routine worker
    integer, intent(in) :: m, nr, base
    integer, intent(inout) :: blk(m, nr)
    integer :: j, k
    !$acc loop worker
    do j = 1, nr
      !$acc loop vector
      do k = 1, m
        blk(k, j) = base + 100 * j + k
      end do
    end do
  end subroutine

  subroutine all_fill(n, v)
    !$acc routine gang
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    integer :: i
    !$acc loop gang vector
    do i = 1, n
      v(i) = collatz_steps(i)
    end do
  end subroutine
end module kernels_lib

program routine_module
  use kernels_lib
  implicit none
  integer, parameter :: m = 64, nr = 8, nb = 10, n = 1000
  integer :: rows(m, nr), blocks(m, nr, nb), steps(n), i, j, k

  rows = 1
  !$acc parallel loop gang copy(rows)
  do j = 1, nr
    call row_scale(m, rows(:, j), j)
  end do

  !$acc parallel loop gang copyout(blocks)
  do i = 1, nb
    call block_fill(m, nr, blocks(:, :, i), 10000 * i)
  end do

  !$acc parallel num_gangs(4) copyout(steps)
  call all_fill(n, steps)
  !$acc end parallel

  do j = 1, nr
    do k = 1, m
      if (rows(k, j) /= j + k**3) then
        print *, 'FAIL: vector routine', k, j
        stop 1
      end if
    end do
  end do
  do i = 1, nb
    do j = 1, nr
      do k = 1, m
        if (blocks(k, j, i) /= 10000 * i + 100 * j + k) then
          print *, 'FAIL: worker routine', k, j, i
          stop 1
        end if
      end do
    end do
  end do
  do i = 1, n
    if (steps(i) /= collatz_steps(i)) then
      print *, 'FAIL: gang routine', i
      stop 1
    end if
  end do
  if (steps(27) /= 111) then
    print *, 'FAIL: collatz(27)'
    stop 1
  end if
  print '(a,i0,1x,i0)', 'routine (module): ', sum(rows), sum(steps)
  print '(a)', 'routine (module): PASS'
end program routine_module
