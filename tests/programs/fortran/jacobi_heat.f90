! jacobi_heat.f90: a 2-D Jacobi iteration for the heat equation on allocatable grids with fixed
! boundary values, both grids in one data region, a max reduction for the residual and a
! fixed number of sweeps. Compared element by element with the same sweeps done serially
! (the arithmetic per point is identical, so the results match exactly).
program jacobi_heat
  implicit none
  integer, parameter :: nx = 64, ny = 48, sweeps = 200
  real(8), allocatable :: u(:, :), unew(:, :), ref(:, :), rnew(:, :)
  real(8) :: resid, rresid
  integer :: i, j, it

  allocate (u(0:nx + 1, 0:ny + 1), unew(0:nx + 1, 0:ny + 1))
  allocate (ref(0:nx + 1, 0:ny + 1), rnew(0:nx + 1, 0:ny + 1))
  u = 0.0d0
  u(0, :) = 1.0d0
  u(:, ny + 1) = 2.0d0
  unew = u
  ref = u
  rnew = u

  resid = 0.0d0
  !$acc data copy(u) copyin(unew)
  do it = 1, sweeps
    resid = 0.0d0
    !$acc parallel loop collapse(2) reduction(max:resid)
    do j = 1, ny
      do i = 1, nx
        unew(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
        resid = max(resid, abs(unew(i, j) - u(i, j)))
      end do
    end do
    !$acc parallel loop collapse(2)
    do j = 1, ny
      do i = 1, nx
        u(i, j) = unew(i, j)
      end do
    end do
  end do
  !$acc end data

  do it = 1, sweeps
    rresid = 0.0d0
    do j = 1, ny
      do i = 1, nx
        rnew(i, j) = 0.25d0 * (ref(i - 1, j) + ref(i + 1, j) + ref(i, j - 1) + ref(i, j + 1))
        rresid = max(rresid, abs(rnew(i, j) - ref(i, j)))
      end do
    end do
    ref(1:nx, 1:ny) = rnew(1:nx, 1:ny)
  end do
  if (any(u /= ref) .or. resid /= rresid) then
    print *, 'FAIL: jacobi'
    stop 1
  end if
  print '(a,f10.6)', 'jacobi: centre = ', u(nx / 2, ny / 2)
  print '(a,es10.3)', 'jacobi: residual = ', resid
  print '(a)', 'jacobi: PASS'
end program jacobi_heat
