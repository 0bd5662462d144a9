! Heat equation on a rod with fixed ends; checks the total heat against a serial run and that
! _OPENACC is 202211 in preprocessed sources. Exits with status 1 on a wrong answer.
program heat
  use stencil
  implicit none
  integer, parameter :: n = 1000, steps = 200
  real(8) :: u(0:n+1), unew(0:n+1), v(0:n+1), vnew(0:n+1)
  integer :: s, i
  u = 0.0d0
  u(n/2) = 1.0d3
  unew = u
  v = u
  vnew = v
  do s = 1, steps
    call heat_step(n, u, unew, 0.25d0)
    u(1:n) = unew(1:n)
    do i = 1, n
      vnew(i) = v(i) + 0.25d0 * (v(i-1) - 2.0d0 * v(i) + v(i+1))
    end do
    v(1:n) = vnew(1:n)
  end do
#if _OPENACC != 202211
  print *, "_OPENACC is wrong"
  stop 1
#endif
  print '(a,f12.6)', 'total heat ', sum(u)
  if (maxval(abs(u - v)) > 1.0d-12) stop 1
end program heat
