! Names a component of a type that reaches it through a second module level.
program main
  use solver
  type(field_t) :: f
  type(grid_t), target :: g
  integer :: i, it
  g%n = 100
  f%grid => g
  allocate(f%val(100))
  f%val = 1.0
  !$acc enter data copyin(f%val)
  do it = 1, iterations
    !$acc parallel loop present(f%val)
    do i = 1, 100
      f%val(i) = f%val(i) + i
    end do
  end do
  !$acc exit data copyout(f%val)
  if (abs(sum(f%val) - (100.0 + 3 * 5050.0)) > 1.0e-3 .or. f%grid%n /= 100) then
    print *, 'fortran-module-types-through-use: wrong', sum(f%val)
    stop 1
  end if
end program
