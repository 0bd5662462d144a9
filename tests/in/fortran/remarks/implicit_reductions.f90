! Implicit reductions: scalars a loop only updates with one reduction operator get a reduction
! on the loop (and on each loop of a nest around the update); scalars used otherwise keep the
! loop sequential. In a parallel construct an implicitly firstprivate scalar is copied out.
subroutine jacobi(n, a, anew, error)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n, n)
  real(8), intent(out) :: anew(n, n)
  real(8), intent(inout) :: error
  integer :: i, j
  !$acc kernels
  !$acc loop gang
  do j = 2, n - 1
    !$acc loop vector
    do i = 2, n - 1
      anew(i, j) = 0.25d0 * (a(i + 1, j) + a(i - 1, j) + a(i, j - 1) + a(i, j + 1))
      error = max(error, abs(anew(i, j) - a(i, j)))
    end do
  end do
  !$acc end kernels
end subroutine jacobi

subroutine forms(n, x, k, s, p, lo, bits, all_pos, any_neg, hi)
  integer, intent(in) :: n, k(n)
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: s, p, lo
  integer, intent(inout) :: bits, hi
  logical, intent(inout) :: all_pos, any_neg
  integer :: i
  !$acc kernels
  do i = 1, n
    s = s + x(i)
    p = x(i) * p
    lo = min(lo, x(i), 2.0d0 * x(i))
    bits = ieor(bits, k(i))
    all_pos = all_pos .and. x(i) > 0
    any_neg = x(i) < 0 .or. any_neg
    if (k(i) > hi) hi = k(i)
  end do
  !$acc end kernels
end subroutine forms

subroutine not_reductions(n, x, y, run, t)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  real(8), intent(inout) :: run, t
  integer :: i
  !$acc kernels
  ! run is read: a prefix sum
  do i = 1, n
    run = run + x(i)
    y(i) = run
  end do
  ! t is assigned
  do i = 1, n
    t = t + x(i)
    if (t > 10) t = 0
  end do
  !$acc end kernels
end subroutine not_reductions

subroutine in_parallel(n, x, s, m)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: s, m
  real(8) :: local
  integer :: i
  local = 0
  !$acc parallel loop copy(s)
  do i = 1, n
    s = s + x(i)
    local = local + x(i)
  end do
  !$acc parallel loop firstprivate(m)
  do i = 1, n
    m = max(m, x(i))
  end do
  s = s + local
end subroutine in_parallel
