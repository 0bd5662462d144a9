! A kernels loop with a directive whose scalars are assigned only inside its inner loop
! (a CSR product's column index): each use reads a value its own iteration assigned, so the
! outer loop privatises them and runs in parallel; the inner loop, which reduces into 'total',
! runs sequentially.
subroutine csr(n, row, col, val, x, y)
  integer :: n, row(n + 1), col(*), i, k, c
  real(8) :: val(*), x(n), y(n), total, coef
  !$acc kernels copyin(row, col(1:row(n + 1) - 1), val(1:row(n + 1) - 1), x) copyout(y)
  !$acc loop
  do i = 1, n
    total = 0
    do k = row(i), row(i + 1) - 1
      c = col(k)
      coef = val(k)
      total = total + coef * x(c)
    end do
    y(i) = total
  end do
  !$acc end kernels
end subroutine
