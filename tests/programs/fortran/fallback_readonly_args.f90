! A region accc cannot offload (here: it writes output) runs its host code; on a device with its
! own memory the runtime first copies the present data to the host. gfortran passes literal
! constants (and named constants) as the addresses of read-only data: the copies of the dummies
! `n` and `f` are present then, and copying them back wrote read-only memory (SIGSEGV under
! ACC_DEVICE_TYPE=nvidia; a hydrodynamics mini-app passes its geometry codes, parameters of a
! module, to a kernel routine this way).
program fallback_readonly_args
  implicit none
  integer, parameter :: three = 3
  real(8) :: a(4)
  a = 1
  call scale(a, 4, 2)
  call scale(a, 4, three)
  print '(4f6.1)', a
contains
  subroutine scale(a, n, f)
    integer :: n, f
    real(8) :: a(n)
    integer :: i
    !$acc kernels copy(a) copyin(n, f)
    do i = 1, n
      a(i) = a(i) * f + i
    end do
    write (*, '(a, i0, a, f6.1)') 'factor ', f, ': a(n) = ', a(n)
    !$acc end kernels
  end subroutine
end program fallback_readonly_args
