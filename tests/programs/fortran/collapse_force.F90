! collapse(force:n) (OpenACC 3.3 §2.9.1): code may stand between the collapsed loops, and it
! runs in every iteration of the collapsed loop. Code before and after the inner loop, three
! levels with code at two of them, a reduction over the nest, and a nest whose inner bound the
! code between the loops assigns (not collapsible: accc runs it on the host, same answer).
! gfortran 12 (OpenACC 2.6, the reference) has no force modifier: it runs the loops without
! collapse.
program collapse_force
  implicit none
  integer, parameter :: n = 37, m = 13, l = 5
  real(8) :: a(m, n), w(n), s, b(l, m, n)
  integer :: i, j, k, base, errors, limit, tri(8, 8)
  integer(8) :: total, expected
  do i = 1, n
    w(i) = 0.5d0 * i
  end do
  errors = 0

#if _OPENACC >= 202211
  !$acc parallel loop collapse(force:2) copyout(a) copyin(w) private(s)
#else
  !$acc parallel loop copyout(a) copyin(w) private(s)
#endif
  do i = 1, n
    s = w(i) * 2
    do j = 1, m
      a(j, i) = s + j
    end do
    s = -1
  end do

  b = 0
#if _OPENACC >= 202211
  !$acc parallel loop gang vector collapse(force:3) copy(b) private(base)
#else
  !$acc parallel loop gang vector copy(b) private(base)
#endif
  do i = 1, n
    base = i * 100
    do j = 1, m
      do k = 1, l
        b(k, j, i) = b(k, j, i) + base + j * 10 + k
      end do
    end do
  end do

  total = 0
#if _OPENACC >= 202211
  !$acc parallel loop collapse(force:2) reduction(+:total) copyin(w) private(base)
#else
  !$acc parallel loop reduction(+:total) copyin(w) private(base)
#endif
  do i = 1, n
    base = int(w(i) * 2)
    do j = 1, m
      total = total + base * j
    end do
  end do

  tri = 0
#if _OPENACC >= 202211
  !$acc parallel loop collapse(force:2) copy(tri)
#else
  !$acc parallel loop copy(tri)
#endif
  do i = 1, 8
    limit = i
    do j = 1, limit
      tri(j, i) = 1
    end do
  end do

  expected = 0
  do i = 1, n
    do j = 1, m
      expected = expected + i * j
      if (a(j, i) /= i + j) errors = errors + 1
      do k = 1, l
        if (b(k, j, i) /= i * 100 + j * 10 + k) errors = errors + 1
      end do
    end do
  end do
  if (total /= expected) errors = errors + 1
  if (sum(tri) /= 36) errors = errors + 1
  if (errors /= 0) then
    print *, 'collapse_force: errors', errors
    stop 1
  end if
  print *, 'collapse_force: ok'
end program
