! a_shapes.f90: module procedures with assumed-shape (a declared lower bound), allocatable,
! pointer and optional array dummies, used from main.f90 through the module's accc interface
! file, which records each dummy's kind and rank.
module shapes
  implicit none
contains
  integer function dot_from(a, b)
    !$acc routine seq
    integer, intent(in) :: a(0:), b(:)
    integer :: k
    dot_from = 100000 * ubound(a, 1)
    do k = 0, ubound(a, 1)
      dot_from = dot_from + a(k) * b(k + 1)
    end do
  end function dot_from

  subroutine stamp(c, v)
    integer, intent(inout) :: c(:, :)
    integer, intent(in) :: v
    c = c + v
    c(size(c, 1), size(c, 2)) = sum(c)
  end subroutine stamp

  integer function alloc_span(a)
    integer, allocatable, intent(in) :: a(:)
    alloc_span = 1000 * lbound(a, 1) + ubound(a, 1) + maxval(a)
  end function alloc_span

  integer function ptr_first(p, w)
    integer, pointer, intent(in) :: p(:)
    integer, intent(in), optional :: w
    ptr_first = p(lbound(p, 1)) * 1000 + lbound(p, 1)
    if (present(w)) ptr_first = ptr_first + w
  end function ptr_first
end module shapes
