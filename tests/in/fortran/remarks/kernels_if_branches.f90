! A kernels region whose if/else holds one loop nest in each branch (CloverLeaf's advection
! sweeps): one branch runs, so each branch's nest is divided among gangs; two nests in one
! branch run in turn, and keep their kernel to one gang; so does a nest under a condition
! that reads an element its own loop writes (a late gang would test it changed).
subroutine sweep(dir, n, a, b)
  integer :: dir, n, j, k
  real(8) :: a(n, n), b(n, n)
  !$acc kernels copy(a, b)
  if (dir == 1) then
    !$acc loop independent
    do k = 1, n
      !$acc loop independent
      do j = 1, n
        a(j, k) = 1
      end do
    end do
  else
    !$acc loop independent
    do k = 1, n
      !$acc loop independent
      do j = 1, n
        a(j, k) = 2
      end do
    end do
  end if
  if (dir == 2) then
    !$acc loop independent
    do k = 1, n
      b(1, k) = a(1, k)
    end do
    !$acc loop independent
    do k = 1, n
      b(2, k) = b(1, k)
    end do
  end if
  if (b(1, 1) > 0) then
    !$acc loop independent
    do k = 1, n
      b(1, k) = -1
    end do
  end if
  !$acc end kernels
end subroutine
