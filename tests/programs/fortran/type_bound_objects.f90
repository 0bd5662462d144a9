! Objects whose type has type-bound procedures in directives (the style of object-oriented
! Fortran codes such as Niceno's FortranOpenACC): gfortran passes no such object, and no
! polymorphic one, as an assumed-type argument, which is how accc's code hands variables to the
! runtime (rewritten source refused: "Actual argument ... to assumed-type dummy has type
! parameters or is of derived type with type-bound or FINAL procedures").
! * a component of a variable (`copyin(a%val)`, `present(a%val)`) and of a polymorphic dummy
!   (`class(vec_t) :: this` in a type-bound procedure);
! * an array of such objects (lower bound 0) and a section of it, in clauses and in the region;
! * a scalar object firstprivate, and one used in a kernel without a clause.
module vectors
  implicit none
  type vec_t
    real, allocatable :: val(:)
    integer :: n = 0
  contains
    procedure :: total
    procedure :: scale
  end type
  type point_t
    real :: x = 0, y = 0
  contains
    procedure :: norm1
  end type
contains
  real function total(this)
    class(vec_t) :: this
    total = sum(this%val)
  end function

  ! Multiplies the device copy of this%val by f (the data is present).
  subroutine scale(this, f)
    class(vec_t) :: this
    real, intent(in) :: f
    integer :: i
    !$acc parallel loop present(this%val)
    do i = 1, this%n
      this%val(i) = this%val(i) * f
    end do
  end subroutine

  real function norm1(p)
    class(point_t), intent(in) :: p
    norm1 = abs(p%x) + abs(p%y)
  end function
end module

program type_bound_objects
  use vectors
  implicit none
  type(vec_t) :: a
  type(point_t) :: pts(0:9), shift
  real :: s
  integer :: i

  a%n = 100
  allocate(a%val(a%n))
  a%val = 1.0
  !$acc enter data copyin(a%val)
  !$acc parallel loop present(a%val)
  do i = 1, a%n
    a%val(i) = a%val(i) * i
  end do
  call a%scale(2.0)
  !$acc exit data copyout(a%val)
  print '(a, f10.1)', 'total ', a%total()

  do i = 0, 9
    pts(i)%x = i
    pts(i)%y = -2 * i
  end do
  shift%x = 0.5
  shift%y = 0.25
  ! Points 2 to 7, firstprivate shift.
  !$acc parallel loop copy(pts(2:7)) firstprivate(shift)
  do i = 2, 7
    pts(i)%x = pts(i)%x + shift%x
    pts(i)%y = pts(i)%y + shift%y
  end do
  s = 0
  do i = 0, 9
    s = s + pts(i)%norm1()
  end do
  print '(a, f10.2)', 'points ', s

  ! The whole array and a scalar object, without clauses.
  s = 0
  !$acc parallel loop reduction(+:s)
  do i = 0, 9
    s = s + pts(i)%x * shift%y
  end do
  print '(a, f10.4)', 'dot ', s
end program
