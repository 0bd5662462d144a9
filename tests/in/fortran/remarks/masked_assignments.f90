! Masked array assignments and associate in compute regions: the first region of each pair is
! offloaded, the second keeps its host fallback because element-by-element evaluation would
! differ from the standard's (gfortran builds a temporary there).
subroutine masked(a, b, n)
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n)
  integer :: i

  !$acc parallel copy(a) copyin(b)
  where (a > 0)
    a = a * b
  elsewhere
    a = 0
  end where
  !$acc end parallel

  !$acc parallel copy(a)
  where (a(2:n) > 0) a(1:n - 1) = a(2:n)
  !$acc end parallel

  !$acc parallel copy(a) copyin(b)
  forall (i = 1:n, b(i) /= 0) a(i) = a(i) / b(i)
  !$acc end parallel

  !$acc parallel copy(a)
  forall (i = 1:n - 1) a(i) = a(i + 1)
  !$acc end parallel

  !$acc parallel copy(a)
  associate (first => a(1), last => a(n))
    first = last
  end associate
  !$acc end parallel

  !$acc parallel copy(a)
  associate (head => a(1:2) + 1)
    a(1) = head(2)
  end associate
  !$acc end parallel

  !$acc parallel copy(a)
  block
    real :: t
    t = a(1)
    a(1) = t
  end block
  !$acc end parallel
end subroutine
