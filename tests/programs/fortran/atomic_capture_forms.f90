! atomic_capture_forms.f90: atomic capture in its Fortran forms (always a block ended by
! `end atomic`): capture then update, update then capture, capture then write (swap), the
! x = expr - x form, intrinsic forms, on integer(4), integer(8) and real(8). Each check holds for
! any order of the iterations (tickets form a permutation, an involution flips exactly n/2 times).
program atomic_capture_forms
  implicit none
  integer, parameter :: n = 2000
  integer :: cnt, cnt2, swap, flip, mx, i
  integer :: t1(n), t2(n), sw(n), fl(n), seenmx(n)
  integer(8) :: big, t8(n)
  real(8) :: acc, tr(n)
  logical :: hit(0:n)

  cnt = 0; cnt2 = 0; swap = -1; flip = 0; mx = 0
  big = 10000000000_8
  acc = 0.0d0
  !$acc parallel loop copy(cnt, cnt2, swap, flip, mx, big, acc) &
  !$acc   copyout(t1, t2, sw, fl, seenmx, t8, tr)
  do i = 1, n
    !$acc atomic capture
    t1(i) = cnt
    cnt = cnt + 1
    !$acc end atomic
    !$acc atomic capture
    cnt2 = 1 + cnt2
    t2(i) = cnt2
    !$acc end atomic
    !$acc atomic capture
    sw(i) = swap
    swap = i
    !$acc end atomic
    !$acc atomic capture
    fl(i) = flip
    flip = 10 - flip
    !$acc end atomic
    !$acc atomic capture
    seenmx(i) = mx
    mx = max(mx, i)
    !$acc end atomic
    !$acc atomic capture
    big = big - 3_8
    t8(i) = big
    !$acc end atomic
    !$acc atomic capture
    tr(i) = acc
    acc = acc + 0.5d0
    !$acc end atomic
  end do

  ! capture then update: the tickets 0..n-1, each once
  hit = .false.
  do i = 1, n
    if (t1(i) < 0 .or. t1(i) >= n) call fail('ticket range')
    if (hit(t1(i))) call fail('ticket twice')
    hit(t1(i)) = .true.
  end do
  if (cnt /= n) call fail('counter')
  ! update then capture: 1..n
  hit = .false.
  do i = 1, n
    if (t2(i) < 1 .or. t2(i) > n) call fail('ticket2 range')
    if (hit(t2(i))) call fail('ticket2 twice')
    hit(t2(i)) = .true.
  end do
  ! swap: the old values are -1 and every i but the last one stored, each once
  hit = .false.
  do i = 1, n
    if (sw(i) == -1) then
      if (hit(0)) call fail('swap: -1 twice')
      hit(0) = .true.
    else
      if (sw(i) < 1 .or. sw(i) > n) call fail('swap range')
      if (hit(sw(i))) call fail('swap twice')
      hit(sw(i)) = .true.
    end if
  end do
  if (.not. hit(0) .or. hit(swap)) call fail('swap: final value')
  ! x = expr - x: the captured values alternate 0, 10, 0, ...
  if (count(fl == 0) /= n / 2 .or. count(fl == 10) /= n / 2 .or. flip /= 0) call fail('expr - x')
  ! max: the final value is n; every captured value is in [0, n], n only for iterations that
  ! ran after iteration n, which itself captured a value below n
  if (mx /= n .or. any(seenmx < 0) .or. any(seenmx > n) .or. seenmx(n) >= n) &
    call fail('max capture')
  ! integer(8) update then capture: a permutation of 10^10 - 3k, k = 1..n
  if (big /= 10000000000_8 - 3_8 * n) call fail('integer(8) final')
  if (sum(t8) /= n * 10000000000_8 - 3_8 * (int(n, 8) * (n + 1) / 2)) call fail('integer(8) sum')
  ! real(8) capture then update: a permutation of 0, 0.5, ..., (n-1)/2
  if (acc /= 0.5d0 * n .or. sum(tr) /= 0.25d0 * real(n, 8) * real(n - 1, 8)) call fail('real(8)')
  print '(a,4(1x,i0))', 'atomic capture:', cnt, cnt2, flip, mx
  print '(a)', 'atomic capture: PASS'
contains
  subroutine fail(what)
    character(*), intent(in) :: what
    print '(2a)', 'FAIL: ', what
    stop 1
  end subroutine
end program atomic_capture_forms
