! Routines with derived-type dummies (by reference: the callee updates the caller's object),
! a nested derived type, a derived-type function result, a routine calling another with a
! derived-type argument, complex(4) and complex(8) functions with complex dummies, and complex
! VALUE dummies, all compiled for the device. Each result is checked against the same computation on the host.
! accc-all-offloaded
module bodies
  implicit none
  type vec2
    real(8) :: x, y
  end type
  type body
    type(vec2) :: pos, vel
    real(8) :: mass
    integer :: steps
  end type
contains
  subroutine drift(p, dt)
    !$acc routine seq
    type(vec2), intent(inout) :: p
    real(8), value :: dt
    p%x = p%x + dt
    p%y = p%y - 2.0d0 * dt
  end subroutine

  subroutine advance(b, dt)
    !$acc routine seq
    type(body), intent(inout) :: b
    real(8), value :: dt
    b%pos%x = b%pos%x + dt * b%vel%x
    b%pos%y = b%pos%y + dt * b%vel%y
    call drift(b%vel, dt)
    b%steps = b%steps + 1
  end subroutine

  real(8) function kinetic(b)
    !$acc routine seq
    type(body), intent(in) :: b
    kinetic = 0.5d0 * b%mass * (b%vel%x**2 + b%vel%y**2)
  end function

  type(vec2) function midpoint(a, b)
    !$acc routine seq
    type(vec2), intent(in) :: a, b
    midpoint%x = 0.5d0 * (a%x + b%x)
    midpoint%y = 0.5d0 * (a%y + b%y)
  end function

  complex(8) function mandel_step(z, c)
    !$acc routine seq
    complex(8), intent(in) :: z, c
    mandel_step = z * z + c
  end function

  integer function escape(c, limit)
    !$acc routine seq
    complex(8), intent(in) :: c
    integer, value :: limit
    complex(8) :: z
    z = (0.0d0, 0.0d0)
    do escape = 0, limit - 1
      z = mandel_step(z, c)
      if (real(z)**2 + aimag(z)**2 > 4.0d0) return
    end do
  end function

  real(8) function weighted(z, w, k)
    !$acc routine seq
    complex(8), value :: z
    complex(4), value :: w
    integer, value :: k
    z = z * k
    weighted = real(z) + aimag(z) * real(w) - aimag(w)
  end function

  complex(4) function twist(v, w)
    !$acc routine seq
    complex(4), intent(in) :: v, w
    twist = conjg(v) * w + (1.0, -1.0)
  end function
end module

program routine_derived_complex
  use bodies
  implicit none
  integer, parameter :: n = 128
  type(body) :: bs(n), ref(n)
  type(vec2) :: mid(n), want_mid
  real(8) :: e(n), want_e, wt(n), want_wt
  complex(8) :: c(n), z
  complex(4) :: v(n), want_v
  integer :: it(n), i, k, errors, want_it

  do i = 1, n
    bs(i)%pos = vec2(dble(i), -dble(i))
    bs(i)%vel = vec2(0.5d0 * i, 1.0d0 / i)
    bs(i)%mass = 1.0d0 + mod(i, 5)
    bs(i)%steps = 0
    c(i) = cmplx(-2.0d0 + 2.5d0 * mod(i, 16) / 16.0d0, 1.25d0 - 2.5d0 * (i / 16) / 8.0d0, 8)
    v(i) = cmplx(real(i), 0.25 * i, 4)
  end do
  ref = bs

  !$acc parallel loop copy(bs, v) copyin(c) copyout(e, mid, it, wt)
  do i = 1, n
    call advance(bs(i), 0.125d0)
    call advance(bs(i), 0.25d0)
    e(i) = kinetic(bs(i))
    mid(i) = midpoint(bs(i)%pos, bs(i)%vel)
    it(i) = escape(c(i), 50)
    wt(i) = weighted(c(i), v(i), i)
    v(i) = twist(v(i), cmplx(0.6, 0.8, 4))
  end do

  errors = 0
  do i = 1, n
    do k = 1, 2
      ref(i)%pos%x = ref(i)%pos%x + 0.125d0 * k * ref(i)%vel%x
      ref(i)%pos%y = ref(i)%pos%y + 0.125d0 * k * ref(i)%vel%y
      ref(i)%vel%x = ref(i)%vel%x + 0.125d0 * k
      ref(i)%vel%y = ref(i)%vel%y - 2.0d0 * (0.125d0 * k)
      ref(i)%steps = ref(i)%steps + 1
    end do
    want_e = 0.5d0 * ref(i)%mass * (ref(i)%vel%x**2 + ref(i)%vel%y**2)
    want_mid%x = 0.5d0 * (ref(i)%pos%x + ref(i)%vel%x)
    want_mid%y = 0.5d0 * (ref(i)%pos%y + ref(i)%vel%y)
    z = (0.0d0, 0.0d0)
    want_it = 50
    do k = 0, 49
      z = z * z + c(i)
      if (real(z)**2 + aimag(z)**2 > 4.0d0) then
        want_it = k
        exit
      end if
    end do
    want_wt = real(c(i) * i) + aimag(c(i) * i) * real(cmplx(real(i), 0.25 * i, 4)) - &
              aimag(cmplx(real(i), 0.25 * i, 4))
    want_v = conjg(cmplx(real(i), 0.25 * i, 4)) * cmplx(0.6, 0.8, 4) + (1.0, -1.0)
    if (bs(i)%pos%x /= ref(i)%pos%x .or. bs(i)%pos%y /= ref(i)%pos%y .or. &
        bs(i)%vel%x /= ref(i)%vel%x .or. bs(i)%vel%y /= ref(i)%vel%y .or. &
        bs(i)%steps /= 2 .or. e(i) /= want_e .or. mid(i)%x /= want_mid%x .or. &
        mid(i)%y /= want_mid%y .or. it(i) /= want_it .or. v(i) /= want_v .or. &
        wt(i) /= want_wt) then
      if (errors < 10) print *, 'mismatch at', i, e(i), want_e, it(i), want_it, v(i), want_v
      errors = errors + 1
    end if
  end do
  print '(a, f14.4, a, i6, a, 2f12.4, a, f14.4)', 'energy', sum(e), ' iterations', sum(it), &
    ' v', sum(v), ' weighted', sum(wt)
  if (errors /= 0) then
    print *, errors, 'errors'
    stop 1
  end if
end program
