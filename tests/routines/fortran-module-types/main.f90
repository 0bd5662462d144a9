! Regions over module variables of derived types from another file: their layouts come from
! the module's interface file.
program main
  use bodies
  implicit none
  integer :: i, k
  real(8) :: moment(nb), expected
  type(body) :: copies(nb)
  do i = 1, nb
    swarm(i)%pos%c = [real(i, 8), 2d0 * i, -1d0]
    swarm(i)%mass = 0.5d0 * i
    swarm(i)%id = i
  end do
  shift%c = [1d0, 2d0, 3d0]
  !$acc parallel loop copyin(swarm, shift) copyout(moment, copies)
  do i = 1, nb
    moment(i) = swarm(i)%mass * (swarm(i)%pos%c(1) + shift%c(3)) + swarm(i)%id
    do k = 1, 3
      copies(i)%pos%c(k) = swarm(i)%pos%c(k)
    end do
    copies(i)%id = swarm(i)%id
    copies(i)%pos%c(2) = copies(i)%pos%c(2) + shift%c(2)
  end do
  do i = 1, nb
    expected = 0.5d0 * i * (i + 3d0) + i
    if (moment(i) /= expected .or. copies(i)%pos%c(2) /= 2d0 * i + 2 &
        .or. copies(i)%pos%c(3) /= -1 .or. copies(i)%id /= i) then
      print *, 'FAIL', i, moment(i), expected
      stop 1
    end if
  end do
  ions(1)%q = 2
  !$acc parallel loop copy(ions)
  do i = 1, 4
    ions(i)%q = i
  end do
  if (ions(3)%q /= 3) stop 1
  print *, 'ok'
end program
