! csr_matvec.f90: a sparse matrix-vector product y = A x with A in compressed sparse row form
! (row_ptr, col_idx, vals): a gang loop over rows with a vector reduction over each row's
! nonzeros, checked against the dense product; the matrix is a 5-point Laplacian.
program csr_matvec
  implicit none
  integer, parameter :: g = 30, n = g * g
  integer :: row_ptr(n + 1), col_idx(5 * n), nnz, r, i, j, k, q
  real(8) :: vals(5 * n), x(n), y(n), dense(n, n), want(n), t

  nnz = 0
  row_ptr(1) = 1
  dense = 0.0d0
  do j = 1, g
    do i = 1, g
      r = i + (j - 1) * g
      call put(r, r, 4.0d0)
      if (i > 1) call put(r, r - 1, -1.0d0)
      if (i < g) call put(r, r + 1, -1.0d0)
      if (j > 1) call put(r, r - g, -1.0d0)
      if (j < g) call put(r, r + g, -1.0d0)
      row_ptr(r + 1) = nnz + 1
    end do
  end do
  do i = 1, n
    x(i) = real(mod(i * 31, 17), 8)
  end do

  !$acc parallel loop gang copyin(row_ptr, col_idx(1:nnz), vals(1:nnz), x) copyout(y) private(t)
  do r = 1, n
    t = 0.0d0
    !$acc loop vector reduction(+:t)
    do k = row_ptr(r), row_ptr(r + 1) - 1
      t = t + vals(k) * x(col_idx(k))
    end do
    y(r) = t
  end do

  want = matmul(dense, x)
  if (any(y /= want)) then
    print *, 'FAIL: csr'
    stop 1
  end if
  q = nint(sum(y))
  print '(a,i0,1x,i0)', 'csr: nnz, sum = ', nnz, q
  print '(a)', 'csr: PASS'
contains
  subroutine put(row, col, v)
    integer, intent(in) :: row, col
    real(8), intent(in) :: v
    nnz = nnz + 1
    col_idx(nnz) = col
    vals(nnz) = v
    dense(row, col) = v
  end subroutine
end program csr_matvec
