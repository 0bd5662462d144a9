! arrays_3d.f90: 3-D arrays: a 7-point Laplacian over the interior of a(0:nx+1, 0:ny+1, 0:nz+1)
! with collapse(3), a 3-D section b(:, 2:5, 3) in a data clause, and whole-array operations in
! kernels; column-major order is checked through a flattened copy.
program arrays_3d
  implicit none
  integer, parameter :: nx = 12, ny = 10, nz = 8
  integer :: a(0:nx + 1, 0:ny + 1, 0:nz + 1), lap(nx, ny, nz), b(4, 6, 5), flat(120)
  integer :: i, j, k, want

  do k = 0, nz + 1
    do j = 0, ny + 1
      do i = 0, nx + 1
        a(i, j, k) = i * i + 2 * j * j + 3 * k * k + i * j * k
      end do
    end do
  end do
  !$acc parallel loop collapse(3) copyin(a) copyout(lap)
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
        lap(i, j, k) = a(i - 1, j, k) + a(i + 1, j, k) + a(i, j - 1, k) + a(i, j + 1, k) &
                       + a(i, j, k - 1) + a(i, j, k + 1) - 6 * a(i, j, k)
      end do
    end do
  end do
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
        want = 2 + 4 + 6          ! the Laplacian of the quadratic; i*j*k is harmonic
        if (lap(i, j, k) /= want) then
          print *, 'FAIL: laplacian', i, j, k, lap(i, j, k)
          stop 1
        end if
      end do
    end do
  end do

  b = 0
  !$acc parallel loop collapse(2) copy(b(:, 2:5, 3))
  do j = 2, 5
    do i = 1, 4
      b(i, j, 3) = i + 10 * j
    end do
  end do
  !$acc kernels copyin(b) copyout(flat)
  flat = reshape(b, [120])
  !$acc end kernels
  do k = 1, 5
    do j = 1, 6
      do i = 1, 4
        want = 0
        if (k == 3 .and. j >= 2 .and. j <= 5) want = i + 10 * j
        if (b(i, j, k) /= want .or. flat(i + 4 * (j - 1) + 24 * (k - 1)) /= want) then
          print *, 'FAIL: b', i, j, k
          stop 1
        end if
      end do
    end do
  end do
  print '(a,i0,1x,i0)', '3-D: ', sum(lap), sum(flat)
  print '(a)', '3-D: PASS'
end program arrays_3d
