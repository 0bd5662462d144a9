! jacobi_mod.f90: a Jacobi solver for Laplace's equation on an (n+2) x (n+2) grid, kept in a
! module with allocatable arrays. Both grids live on the device for the whole solve (one `data`
! region); each sweep is a `parallel loop collapse(2)` with a `max` reduction for the residual,
! and `update self` brings one grid line back to the host every `report_every` sweeps.
module jacobi_solver
  implicit none
  private
  public :: setup, solve, teardown, exact, u, n

  integer :: n
  real(8), allocatable :: u(:, :), unew(:, :)
  integer, parameter :: report_every = 500

contains
  ! The exact discrete solution for boundary values g(x, y) = x + 2y: a linear function is
  ! harmonic, so the Jacobi fixed point equals g everywhere.
  pure real(8) function exact(i, j)
    integer, intent(in) :: i, j
    exact = real(i, 8) / (n + 1) + 2.0d0 * real(j, 8) / (n + 1)
  end function

  subroutine setup(size)
    integer, intent(in) :: size
    integer :: i, j
    n = size
    allocate (u(0:n + 1, 0:n + 1), unew(0:n + 1, 0:n + 1))
    u = 0.0d0
    do i = 0, n + 1
      u(i, 0) = exact(i, 0)
      u(i, n + 1) = exact(i, n + 1)
    end do
    do j = 0, n + 1
      u(0, j) = exact(0, j)
      u(n + 1, j) = exact(n + 1, j)
    end do
    unew = u
  end subroutine

  ! Sweeps until the largest change is below tol (or max_iter); returns the sweep count and the
  ! last residual.
  subroutine solve(tol, max_iter, iters, resid)
    real(8), intent(in) :: tol
    integer, intent(in) :: max_iter
    integer, intent(out) :: iters
    real(8), intent(out) :: resid
    integer :: i, j
    real(8) :: change

    iters = 0
    change = huge(1.0d0)
    !$acc data copy(u) copyin(unew)
    do while (change > tol .and. iters < max_iter)
      change = 0.0d0
      !$acc parallel loop collapse(2) reduction(max:change)
      do j = 1, n
        do i = 1, n
          unew(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
          change = max(change, abs(unew(i, j) - u(i, j)))
        end do
      end do
      !$acc parallel loop collapse(2)
      do j = 1, n
        do i = 1, n
          u(i, j) = unew(i, j)
        end do
      end do
      iters = iters + 1
      if (mod(iters, report_every) == 0) then
        !$acc update self(u(:, n / 2))
        print '(a,i6,a,es9.2,a,f8.5)', '  sweep ', iters, ': change ', change, &
          ', u(n/2, n/2) = ', u(n / 2, n / 2)
      end if
    end do
    !$acc end data
    resid = change
  end subroutine

  subroutine teardown()
    deallocate (u, unew)
  end subroutine
end module jacobi_solver
