! Arrays with no elements in data clauses (an empty halo buffer, a rank that owns no points):
! they are never mapped, and present, update and copyout of them are no action, so a program
! runs the same whatever the size (Nekbone's gather-scatter passes empty arrays to present).
program zero_size_data
  implicit none
  real, allocatable :: a(:), b(:)
  integer :: n, i, total
  total = 0
  do n = 0, 2
    allocate(a(n), b(4))
    a = 1
    b = 2
    !$acc enter data copyin(a, b)
    !$acc parallel loop present(a, b)
    do i = 1, n
      a(i) = a(i) + b(i)
    end do
    !$acc update self(a(1:n))
    !$acc parallel loop present(a(1:n)) reduction(+:total)
    do i = 1, n
      total = total + nint(a(i))
    end do
    !$acc exit data copyout(a) delete(b)
    print '(a, i0, a, i0)', 'size ', size(a), ' sum ', nint(sum(a))
    deallocate(a, b)
  end do
  print '(a, i0)', 'total ', total
  if (total /= 9) stop 1
end program
