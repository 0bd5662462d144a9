! Machine-generated code: an assignment whose right-hand side is a sum of hundreds of terms
! nests as deep as it has terms (generated stencils, unrolled polynomials). Such regions are
! offloaded like any other: a 640-term weighted sum against its closed form.
! accc-all-offloaded
program long_expressions
  implicit none
  integer, parameter :: n = 100
  real(8) :: x(n), y(n)
  integer :: i, bad
  do i = 1, n
    x(i) = real(mod(i * 7, 16), 8)
  end do
  !$acc parallel loop copyin(x) copyout(y)
  do i = 1, n
    y(i) = 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i)  &
      + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) +  &
      5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) +  &
      1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) +  &
      4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) +  &
      7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) +  &
      3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) +  &
      6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) +  &
      2*x(i) + 3*x(i) + 4*x(i) + 5*x(i) + 6*x(i) + 7*x(i) + 1*x(i) + 2*x(i) + 3*x(i) + 4*x(i)
  end do
  bad = 0
  do i = 1, n
    if (y(i) /= 2557.0d0 * x(i)) bad = bad + 1
  end do
  print '(a, f10.1, a, i0, a)', 'sum ', y(5), ', ', bad, ' wrong'
  if (bad /= 0) stop 1
end program long_expressions
