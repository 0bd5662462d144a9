subroutine s()
  !$acc end parallel
end subroutine
