module m
  real :: g(10)
  !$acc parallel
  !$acc update host(g)
contains
  subroutine s()
    integer :: i
    i = 1
    !$acc declare create(i)
    !$acc parallel
    !$acc data copy(g)
    !$acc end data
    !$acc end parallel
  end subroutine s
end module m
