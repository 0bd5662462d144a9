! control_flow.f90: control flow inside compute regions: negative-step do loops, select case
! (values, ranges, default), exit and cycle (also with named loops), do while, and if/else if.
program control_flow
  implicit none
  integer, parameter :: n = 600
  integer :: cls(n), firstdiv(n), evensum(n), rev(n), digits(n), i, k, v, want, t

  !$acc parallel loop copyout(cls, firstdiv, evensum, rev, digits) private(k, v, t)
  do i = 1, n
    select case (mod(i, 10))
    case (0)
      cls(i) = 0
    case (1:3)
      cls(i) = 1
    case (4, 6, 8)
      cls(i) = 2
    case default
      cls(i) = 3
    end select
    ! the smallest divisor >= 2, found with exit
    firstdiv(i) = i
    do k = 2, i
      if (mod(i, k) == 0) then
        firstdiv(i) = k
        exit
      end if
    end do
    ! sum of the even numbers below i, counted down, skipping odd ones with cycle
    t = 0
    outer: do k = i - 1, 1, -1
      if (mod(k, 2) /= 0) cycle outer
      t = t + k
    end do outer
    evensum(i) = t
    ! the decimal digits reversed, with do while
    v = i
    rev(i) = 0
    digits(i) = 0
    do while (v > 0)
      rev(i) = rev(i) * 10 + mod(v, 10)
      v = v / 10
      digits(i) = digits(i) + 1
    end do
  end do

  do i = 1, n
    if (mod(i, 10) == 0) then
      want = 0
    else if (mod(i, 10) <= 3) then
      want = 1
    else if (mod(i, 2) == 0) then
      want = 2
    else
      want = 3
    end if
    if (cls(i) /= want) call fail('select case', i)
    want = i
    do k = i, 2, -1
      if (mod(i, k) == 0) want = k
    end do
    if (firstdiv(i) /= want) call fail('exit', i)
    if (evensum(i) /= ((i - 1) / 2) * ((i - 1) / 2 + 1)) call fail('cycle', i)
    if (digits(i) /= len_trim(adjustl(itoa(i)))) call fail('do while digits', i)
  end do
  if (rev(123) /= 321 .or. rev(500) /= 5 .or. rev(7) /= 7) call fail('do while reverse', 0)
  print '(a,4(1x,i0))', 'control flow:', sum(cls), sum(firstdiv), sum(evensum), sum(rev)
  print '(a)', 'control flow: PASS'
contains
  subroutine fail(what, i)
    character(*), intent(in) :: what
    integer, intent(in) :: i
    print '(3a,i0)', 'FAIL: ', what, ' at ', i
    stop 1
  end subroutine
  function itoa(x) result(s)
    integer, intent(in) :: x
    character(12) :: s
    write (s, '(i0)') x
  end function
end program control_flow
