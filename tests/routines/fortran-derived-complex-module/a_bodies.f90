! Module procedures called from another file's kernel: a derived-type dummy (by reference), a
! derived-type function result, complex VALUE dummies and a complex(8) result. The interface
! file (.accmod) lets the caller's file call them; on GPUs they are routines of the one device
! module, on multicore the kernel calls gfortran's host versions, except the derived-type result
! (no host convention for it: that kernel stays on the host, see compile.expected).
module bodies
  implicit none
  type pt
    real(8) :: x, v
  end type
contains
  subroutine push(p, dt)
    !$acc routine seq
    type(pt), intent(inout) :: p
    real(8), value :: dt
    p%x = p%x + dt * p%v
  end subroutine

  type(pt) function mirrored(p)
    !$acc routine seq
    type(pt), intent(in) :: p
    mirrored%x = -p%x
    mirrored%v = -p%v
  end function

  real(8) function weighted(z, w, k)
    !$acc routine seq
    complex(8), value :: z
    complex(4), value :: w
    integer, value :: k
    z = z * k
    weighted = real(z) + aimag(z) * real(w) - aimag(w)
  end function

  complex(8) function sq(z)
    !$acc routine seq
    complex(8), intent(in) :: z
    sq = z * z
  end function
end module
