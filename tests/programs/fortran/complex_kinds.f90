! Conversions between complex kinds in device code keep both parts (complex(4) to complex(8)
! by assignment and by cmplx(z, kind=8)); the imaginary part was dropped before.
program complex_kinds
  implicit none
  complex(4) :: z4(16)
  complex(8) :: z8(16), w8(16)
  integer :: i, bad
  do i = 1, 16
    z4(i) = cmplx(i * 0.5, -i * 0.25, kind=4)
  end do
  !$acc parallel loop copyin(z4) copyout(z8, w8)
  do i = 1, 16
    z8(i) = z4(i)
    w8(i) = cmplx(z4(i), kind=8) * (0d0, 1d0)
  end do
  bad = 0
  do i = 1, 16
    if (z8(i) /= cmplx(z4(i), kind=8)) bad = bad + 1
    if (w8(i) /= cmplx(z4(i), kind=8) * (0d0, 1d0)) bad = bad + 1
  end do
  print *, 'bad', bad
  if (bad /= 0) stop 1
end program complex_kinds
