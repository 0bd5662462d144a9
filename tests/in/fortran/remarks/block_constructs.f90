! `block` constructs in compute regions: the first region is offloaded (locals, a parameter,
! nesting, `exit` of a named block); each later one keeps its host fallback with the reason.
subroutine blocks(a, n)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i

  !$acc parallel loop copy(a)
  do i = 1, n
    named: block
      integer, parameter :: m = 2
      real :: t(m)
      t(1) = a(i)
      t(m) = 2 * a(i)
      if (t(1) < 0) exit named
      block
        real :: u
        u = t(1) + t(m)
        a(i) = u
      end block
    end block named
  end do

  !$acc parallel loop copy(a)
  do i = 1, n
    block
      real :: keep = 1
      a(i) = a(i) + keep
    end block
  end do

  !$acc parallel loop copy(a)
  do i = 1, n
    block
      real :: w(n)
      w(1) = a(i)
      a(i) = w(1)
    end block
  end do

  !$acc parallel loop copy(a)
  do i = 1, n
    block
      character(len=4) :: word
      word = 'abcd'
      a(i) = 1
    end block
  end do

  !$acc serial copy(a)
  do i = 1, n
    leave: block
      if (a(i) > 0) exit
      if (a(i) < -1) exit leave
      a(i) = 0
    end block leave
  end do
  !$acc end serial

  block
    real :: scale
    scale = 2
    !$acc parallel loop copy(a)
    do i = 1, n
      a(i) = a(i) * scale
    end do
  end block
end subroutine
