! Reductions with `dim` and `mask` in compute regions: the first region is offloaded; each
! later one keeps its host fallback with the reason.
subroutine reductions(a, b, v, n, m, d)
  integer, intent(in) :: n, m, d
  real, intent(inout) :: a(n, m), b(m), v(n)
  real :: s

  !$acc parallel copy(a, b, v, s)
  b = sum(a, dim=1, mask=a > 0)
  s = maxval(v, 1) + sum(v, mask=v < 0)
  !$acc end parallel

  !$acc parallel copy(a, b)
  b = sum(a, dim=d)
  !$acc end parallel

  !$acc parallel copy(a, b)
  b = sum(a, dim=3)
  !$acc end parallel

  !$acc parallel copy(a, s)
  s = sum(sum(a, dim=1))
  !$acc end parallel

  !$acc parallel copy(a, b)
  b = count(a > 0, 1, kind=8)
  !$acc end parallel

  !$acc parallel copy(b, v)
  v = sum(v, mask=v > 0) + 1
  !$acc end parallel

  !$acc parallel copy(a)
  a(:, 1) = sum(a, dim=2)
  !$acc end parallel
end subroutine
