! private_runtime_shape.F90: private arrays whose shape is known only at run time, which
! multicore kernels copy per gang (and per worker piece) into storage sized at the launch:
! an automatic array and an allocatable one private to a gang loop, a 2-D automatic array,
! a firstprivate automatic array (each gang's copy starting from the original's values),
! an explicit-shape dummy with bounds other than 1, a private on a worker loop (its copy made
! in each piece of the forked loop), more gangs than threads (a thread's copy reused by the
! gangs it runs), and an empty one. Every gang writes all of its private copy before reading it, so
! the results are those of a serial run (the gfortran reference, whose OpenACC stops with an
! internal error at an allocatable private array and a firstprivate automatic one, makes t2
! automatic and seed of constant size). accc-multicore-offloaded
! accc-cores: 1 3
module shapes
  implicit none
contains
  subroutine gang_private(n, m, a)
    integer, intent(in) :: n, m
    real(8), intent(inout) :: a(n, m)
    real(8) :: tmp(n)
#if _OPENACC > 201711
    real(8), allocatable :: t2(:)
#else
    real(8) :: t2(n)
#endif
    integer :: i, j
#if _OPENACC > 201711
    allocate(t2(n))
#endif
    !$acc parallel loop gang private(tmp, t2) copy(a)
    do j = 1, m
      !$acc loop vector
      do i = 1, n
        tmp(i) = i + j
        t2(i) = 2 * i - j
      end do
      !$acc loop vector
      do i = 1, n
        a(i, j) = tmp(n - i + 1) * t2(i)
      end do
    end do
#if _OPENACC > 201711
    deallocate(t2)
#endif
  end subroutine

  subroutine two_d(n, k, m, s)
    integer, intent(in) :: n, k, m
    real(8), intent(out) :: s(m)
    real(8) :: w(n, k)
    integer :: i, l, j
    !$acc parallel loop gang private(w) copyout(s)
    do j = 1, m
      !$acc loop vector collapse(2)
      do l = 1, k
        do i = 1, n
          w(i, l) = i * l + j
        end do
      end do
      s(j) = 0
      !$acc loop seq
      do l = 1, k
        do i = 1, n
          s(j) = s(j) + w(i, l) * (n - i + 1)
        end do
      end do
    end do
  end subroutine

  subroutine shifted(lo, hi, m, s)
    integer, intent(in) :: lo, hi, m
    real(8), intent(out) :: s(m)
    real(8) :: b(lo:hi)
    integer :: i, j
    !$acc parallel loop gang private(b) copyout(s)
    do j = 1, m
      do i = lo, hi
        b(i) = i * j
      end do
      s(j) = 0
      do i = hi, lo, -1
        s(j) = s(j) + b(i) * i
      end do
    end do
  end subroutine

  ! Each gang's copy of seed starts from the original's values and is put back after use,
  ! so every iteration sees them (gangs sharing one copy would see each other's changes).
  subroutine gang_firstprivate(n, m, s, changed)
    integer, intent(in) :: n, m
    real(8), intent(out) :: s(m)
    integer, intent(out) :: changed
#if _OPENACC > 201711
    real(8) :: seed(n)
#else
    real(8) :: seed(64)
#endif
    integer :: i, j
    do i = 1, n
      seed(i) = 3 * i
    end do
    !$acc parallel loop gang firstprivate(seed) copyout(s)
    do j = 1, m
      do i = 1, n
        seed(i) = seed(i) + j
      end do
      s(j) = 0
      do i = 1, n
        s(j) = s(j) + seed(i) * i
      end do
      do i = 1, n
        seed(i) = seed(i) - j
      end do
    end do
    changed = 0
    do i = 1, n
      if (seed(i) /= 3 * i) changed = changed + 1
    end do
  end subroutine

  subroutine worker_private(n, m, a)
    integer, intent(in) :: n, m
    real(8), intent(inout) :: a(n, m)
    real(8) :: col(n)
    integer :: i, j, r
    !$acc parallel num_gangs(2) num_workers(4) copy(a)
    !$acc loop gang
    do r = 1, 2
      !$acc loop worker private(col)
      do j = r, m, 2
        do i = 1, n
          col(i) = a(i, j) + j
        end do
        do i = 1, n
          a(i, j) = col(n - i + 1) - i
        end do
      end do
    end do
    !$acc end parallel
  end subroutine
end module shapes

program private_runtime_shape
  use shapes
  implicit none
  integer, parameter :: n = 37, m = 300
  real(8) :: a(n, m), s(m), e(1)
  integer :: i, j
  real(8) :: empty(0)
  a = 0
  call gang_private(n, m, a)
  print '(a, f0.1)', 'gang private: ', sum(a)
  print '(a, 3f8.1)', '  samples: ', a(1, 1), a(n, m), a(5, 17)
  call two_d(5, 7, m, s)
  print '(a, f0.1)', 'two-d: ', sum(s)
  call shifted(-3, 11, m, s)
  print '(a, f0.1, f10.1)', 'shifted: ', sum(s), s(m)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * 0.5d0 + j
    end do
  end do
  call worker_private(n, m, a)
  print '(a, f0.1)', 'worker private: ', sum(a)
  print '(a, 3f8.1)', '  samples: ', a(1, 1), a(n, m), a(3, 200)
  call gang_firstprivate(n, m, s, i)
  print '(a, f0.1, a, i0)', 'gang firstprivate: ', sum(s), ', changed: ', i
  call two_d(0, 3, 1, e)
  print '(a, f0.1, i3)', 'empty: ', e(1), size(empty)
end program private_runtime_shape
