! Loop directives: gang/worker/vector, collapse, tile, negative steps, do concurrent.
subroutine loops(a, n, m)
  integer :: n, m, i, j, k
  real :: a(n, m)
  real :: total
  !$acc parallel copy(a) num_gangs(8)
  !$acc loop gang collapse(2)
  do j = 1, m
    do i = 1, n
      a(i, j) = a(i, j) + 1
    end do
  end do
  !$acc loop gang(static:*) worker
  do j = m, 1, -1
    !$acc loop vector private(k)
    do i = n, 1, -2
      k = i
      a(i, j) = k
    end do
  end do
  !$acc loop seq
  do concurrent (i = 1:n)
    a(i, 1) = 0
  end do
  !$acc loop tile(2, *) independent
  do j = 1, m
    do i = 1, n
      a(i, j) = 2
    end do
  end do
  !$acc end parallel
  total = 0
  !$acc kernels loop reduction(+:total) gang(num:4) vector(length:32)
  do j = 1, m
    total = total + a(1, j)
  end do
  !$acc end kernels loop
  !$acc serial loop auto
  do 10 j = 1, m
    a(1, j) = 3
10 continue
end subroutine loops
