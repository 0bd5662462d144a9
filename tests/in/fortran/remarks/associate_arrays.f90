! `associate` with array selectors in compute regions: the first region is offloaded (a column
! section, assigned whole); each later one keeps its host fallback with the reason.
subroutine sub(a, b, n)
  integer, intent(in) :: n
  real, intent(inout) :: a(n, n), b(n)
  integer :: j

  !$acc parallel loop copy(a)
  do j = 1, n
    associate (r => a(:, j))
      r = r * 2 + size(r)
    end associate
  end do

  ! An array-valued expression needs a temporary array.
  !$acc parallel loop copy(a, b)
  do j = 1, n
    associate (r => b + 1)
      a(1, j) = r(j)
    end associate
  end do

  ! The name and its selector's array: the element loop could read what it has written.
  !$acc parallel loop copy(a)
  do j = 2, n
    associate (r => a(:, j))
      a(:, j - 1) = r
    end associate
  end do

  ! Shifting through the name.
  !$acc serial copy(b)
  associate (s => b)
    s(2:n) = s(1:n - 1)
  end associate
  !$acc end serial

  ! `where` sees through the name: assigning the selector's array while reading the name
  ! (element-by-element evaluation would read elements it has written).
  !$acc serial copy(b)
  associate (s => b(1:n))
    where (s > 0) b(n:1:-1) = -s
  end associate
  !$acc end serial

  ! Passing the name to an explicit-shape dummy (it may not be contiguous).
  !$acc parallel loop copy(a)
  do j = 1, n
    associate (r => a(:, j))
      call work(r, n)
    end associate
  end do

  ! A vector subscript.
  !$acc serial copy(a, b)
  associate (r => a(:, [1, 2]))
    b(1) = r(1, 1)
  end associate
  !$acc end serial
contains
  subroutine work(x, m)
    !$acc routine seq
    integer, intent(in) :: m
    real, intent(inout) :: x(m)
    x(1) = 0
  end subroutine
end subroutine
