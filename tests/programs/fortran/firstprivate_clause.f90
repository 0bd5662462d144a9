! firstprivate_clause.f90: firstprivate scalars and an array on parallel and parallel loop: every
! copy starts from the host value, and the host value is unchanged afterwards.
program firstprivate_clause
  implicit none
  integer, parameter :: n = 500
  integer :: base, offs(3), out(n), i
  real(8) :: scale

  base = 7
  scale = 0.25d0
  offs = [1, 2, 3]
  !$acc parallel loop firstprivate(base, scale, offs) copyout(out)
  do i = 1, n
    ! Writes the private copy and restores it, so every iteration sees the initial value
    ! whether its copy belongs to the iteration, to its gang, or (directives ignored) to the host.
    base = base + offs(mod(i, 3) + 1)
    out(i) = base + nint(scale * 4.0d0) * i
    base = base - offs(mod(i, 3) + 1)
  end do
  do i = 1, n
    if (out(i) /= 7 + mod(i, 3) + 1 + i) then
      print *, 'FAIL: firstprivate start', i, out(i)
      stop 1
    end if
  end do
  if (base /= 7) then
    print *, 'FAIL: host base changed', base
    stop 1
  end if

  ! A gang-level firstprivate read by every iteration.
  out = 0
  !$acc parallel num_gangs(3) firstprivate(base) copy(out)
  !$acc loop gang
  do i = 1, n
    out(i) = base * i
  end do
  !$acc end parallel
  do i = 1, n
    if (out(i) /= 7 * i) then
      print *, 'FAIL: gang firstprivate', i
      stop 1
    end if
  end do
  print '(a,i0)', 'firstprivate: ', sum(out)
  print '(a)', 'firstprivate: PASS'
end program firstprivate_clause
