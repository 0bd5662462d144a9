! `maxloc`/`minloc` in compute regions: the first two regions are offloaded (`dim=1` of rank-1
! arguments, with `mask` and `back`; no `dim`, assigned to a rank-1 section); each later one
! keeps its host fallback with the reason.
subroutine locs(a, b, k, n)
  integer, intent(in) :: n
  real, intent(inout) :: a(n, n), b(n)
  integer, intent(inout) :: k(n)
  integer :: j

  !$acc parallel loop copy(a, b, k)
  do j = 1, n
    k(j) = maxloc(a(:, j), dim=1, mask=a(:, j) > 0) + minloc(b, 1, back=.true.)
  end do

  ! Without `dim` the result is an array: one element of it per element of the section.
  !$acc parallel loop copy(b, k)
  do j = 1, n
    k(j:j) = maxloc(b)
  end do

  ! A rank-2 argument.
  !$acc serial copy(a, k)
  k(1) = sum(minloc(a, dim=1))
  !$acc end serial

  ! A `kind` argument.
  !$acc serial copy(b, k)
  k(1) = maxloc(b, 1, kind=8)
  !$acc end serial

  ! Inside an array expression.
  !$acc serial copy(b, k)
  k = k + maxloc(b, 1)
  !$acc end serial
end subroutine
