! main.f90: solves Laplace's equation with the jacobi_solver module and checks the result
! against the exact solution; exits with status 1 on a wrong answer.
program jacobi_f
  use jacobi_solver
  implicit none
  integer :: iters, i, j
  real(8) :: resid, err

  call setup(48)
  call solve(1.0d-9, 20000, iters, resid)
  err = 0.0d0
  do j = 0, n + 1
    do i = 0, n + 1
      err = max(err, abs(u(i, j) - exact(i, j)))
    end do
  end do
  print '(a,i0,a,i0,a)', 'jacobi_f: ', n, ' x ', n, ' interior points'
  print '(a,i0,a,es9.2)', 'jacobi_f: converged after ', iters, ' sweeps, last change ', resid
  call teardown()
  if (resid > 1.0d-9 .or. err > 1.0d-6) then
    print '(a,es9.2)', 'jacobi_f: FAIL, max error ', err
    stop 1
  end if
  print '(a)', 'jacobi_f: PASS (max error below 1e-6)'
end program jacobi_f
