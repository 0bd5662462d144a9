! Derived types defined in a module and used by another file: a type with an array component,
! a type with a component of that type, variables of both, and a type that extends another
! (device code does not lay out extended types).
module bodies
  implicit none
  integer, parameter :: nb = 64
  type vec3
    real(8) :: c(3)
  end type
  type body
    type(vec3) :: pos
    real(8) :: mass
    integer :: id
  end type
  type, extends(body) :: charged
    real(8) :: q
  end type
  type(body) :: swarm(nb)
  type(vec3) :: shift
  type(charged) :: ions(4)
end module
