! describe.f90: how the code accc writes finds the memory of a derived-type object whose type
! gfortran cannot pass as an assumed-type argument (a type with type-bound or final procedures
! or type parameters, and polymorphic objects; Fortran 2018 §15.5.2.4). runtime's build.rs
! compiles this file with gfortran's own dialect (`loc` is a GNU extension), apart from
! openacc.f90, and bundles it into libaccrt_fortran.a.

! Fills `r` with what a C descriptor of `a` holds (see `__accf_described` in the shims accc
! writes): r(1) the address of the first element, r(2) the element's size in bytes, r(3) the
! rank, then for each dimension its lower bound, extent and distance in bytes between
! neighbouring elements. Rank 8 and above, which no derived-type array in a data clause has
! been seen to need, give r(3) = -1 (the shim stops with an error).
subroutine accc_describe(a, r)
  implicit none
  class(*), dimension(..), target :: a
  integer(8), intent(out) :: r(48)
  integer(8) :: l(15)
  integer :: k
  r = 0
  r(2) = storage_size(a, 8) / 8
  r(3) = rank(a)
  do k = 1, rank(a)
    r(1 + 3 * k) = lbound(a, k, 8)
    r(2 + 3 * k) = size(a, k, 8)
  end do
  if (rank(a) > 0) then
    if (size(a, kind=8) == 0) return
  end if
  ! The elements' addresses with the bounds the selector has in each case: gfortran 12 gives
  ! an assumed-rank dummy the lower bounds 1 outside `select rank` and the actual argument's
  ! inside it.
  select rank (a)
  rank (0)
    r(1) = loc(a)
  rank (1)
    l(1:1) = lbound(a, kind=8)
    r(1) = loc(a(l(1)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1)) - r(1)
  rank (2)
    l(1:2) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1)) - r(1)
  rank (3)
    l(1:3) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2), l(3)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2), l(3))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1, l(3))) - r(1)
    if (r(11) > 1) r(12) = loc(a(l(1), l(2), l(3)+1)) - r(1)
  rank (4)
    l(1:4) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2), l(3), l(4)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2), l(3), l(4))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1, l(3), l(4))) - r(1)
    if (r(11) > 1) r(12) = loc(a(l(1), l(2), l(3)+1, l(4))) - r(1)
    if (r(14) > 1) r(15) = loc(a(l(1), l(2), l(3), l(4)+1)) - r(1)
  rank (5)
    l(1:5) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2), l(3), l(4), l(5)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2), l(3), l(4), l(5))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1, l(3), l(4), l(5))) - r(1)
    if (r(11) > 1) r(12) = loc(a(l(1), l(2), l(3)+1, l(4), l(5))) - r(1)
    if (r(14) > 1) r(15) = loc(a(l(1), l(2), l(3), l(4)+1, l(5))) - r(1)
    if (r(17) > 1) r(18) = loc(a(l(1), l(2), l(3), l(4), l(5)+1)) - r(1)
  rank (6)
    l(1:6) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2), l(3), l(4), l(5), l(6)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2), l(3), l(4), l(5), l(6))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1, l(3), l(4), l(5), l(6))) - r(1)
    if (r(11) > 1) r(12) = loc(a(l(1), l(2), l(3)+1, l(4), l(5), l(6))) - r(1)
    if (r(14) > 1) r(15) = loc(a(l(1), l(2), l(3), l(4)+1, l(5), l(6))) - r(1)
    if (r(17) > 1) r(18) = loc(a(l(1), l(2), l(3), l(4), l(5)+1, l(6))) - r(1)
    if (r(20) > 1) r(21) = loc(a(l(1), l(2), l(3), l(4), l(5), l(6)+1)) - r(1)
  rank (7)
    l(1:7) = lbound(a, kind=8)
    r(1) = loc(a(l(1), l(2), l(3), l(4), l(5), l(6), l(7)))
    if (r(5) > 1) r(6) = loc(a(l(1)+1, l(2), l(3), l(4), l(5), l(6), l(7))) - r(1)
    if (r(8) > 1) r(9) = loc(a(l(1), l(2)+1, l(3), l(4), l(5), l(6), l(7))) - r(1)
    if (r(11) > 1) r(12) = loc(a(l(1), l(2), l(3)+1, l(4), l(5), l(6), l(7))) - r(1)
    if (r(14) > 1) r(15) = loc(a(l(1), l(2), l(3), l(4)+1, l(5), l(6), l(7))) - r(1)
    if (r(17) > 1) r(18) = loc(a(l(1), l(2), l(3), l(4), l(5)+1, l(6), l(7))) - r(1)
    if (r(20) > 1) r(21) = loc(a(l(1), l(2), l(3), l(4), l(5), l(6)+1, l(7))) - r(1)
    if (r(23) > 1) r(24) = loc(a(l(1), l(2), l(3), l(4), l(5), l(6), l(7)+1)) - r(1)
  rank default
    r(3) = -1
  end select
end subroutine accc_describe
