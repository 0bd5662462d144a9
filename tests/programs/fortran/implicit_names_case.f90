! Implicitly typed variables in OpenACC code (FORTRAN 77 style, as in the Himeno benchmark):
! * names are case-insensitive: `gosa` in a clause and `GOSA` in the code are one variable (once
!   an internal error);
! * a variable first used in a construct is the program's, not a local of the BLOCK accc wraps
!   the construct in (gfortran types such a name as the BLOCK's own: the host fallback wrote a
!   variable the program never read);
! * `implicit real*8 (a-h, o-z)` types a dummy array given by `dimension a(n)` (it was read as
!   default real in kernels).
subroutine weighted(n, a, total)
  implicit real*8 (a-h, o-z)
  dimension a(n)
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a(1:n))
  do k = 1, n
    t = a(k) * 2
    s = s + t
  end do
  total = s
end subroutine

program implicit_names_case
  real*8 :: a(10), total
  a = 1.5d0
  call weighted(10, a, total)
  gosa = 0.0
  Total2 = 0
  !$acc parallel loop reduction(+:gosa) reduction(+:total2)
  do i = 1, 100
    GOSA = GOSA + i
    TOTAL2 = TOTAL2 + 2 * I
  end do
  !$acc parallel loop copy(Scale)
  do j = 1, 1
    scale = 2.5
  end do
  print *, 'implicit_names_case:', total, gosa, total2, scale
end program
