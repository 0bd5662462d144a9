! reduction_complex.f90: + and * reductions on complex(4) and complex(8) (the operators the
! OpenACC specification allows on complex). Parts are small integers or powers of two, so every
! partial result is exact and the order does not matter.
program reduction_complex
  implicit none
  integer, parameter :: n = 2000
  complex(4) :: z4(n), s4, p4, r4
  complex(8) :: z8(n), s8, p8, r8
  integer :: i

  do i = 1, n
    z4(i) = cmplx(mod(i, 7) - 3, mod(i * 5, 11) - 5, 4)
    z8(i) = cmplx(real(mod(i * 3, 17) - 8, 8), real(mod(i, 9), 8) * 0.5d0, 8)
  end do

  s4 = (0.0, 0.0); p4 = (1.0, 0.0)
  !$acc parallel loop copyin(z4) reduction(+:s4) reduction(*:p4)
  do i = 1, n
    s4 = s4 + z4(i)
    if (mod(i, 400) == 0) p4 = p4 * (0.0, 1.0)
  end do

  s8 = (0.0d0, 0.0d0); p8 = (1.0d0, 0.0d0)
  !$acc parallel loop copyin(z8) reduction(+:s8) reduction(*:p8)
  do i = 1, n
    s8 = s8 + z8(i)
    if (mod(i, 250) == 0) p8 = p8 * (1.0d0, 1.0d0)
  end do

  r4 = (0.0, 0.0)
  do i = 1, n
    r4 = r4 + z4(i)
  end do
  if (s4 /= r4 .or. p4 /= (0.0, 1.0)) then       ! i**5 = i
    print *, 'FAIL: complex(4)'
    stop 1
  end if
  r8 = (0.0d0, 0.0d0)
  do i = 1, n
    r8 = r8 + z8(i)
  end do
  if (s8 /= r8 .or. p8 /= (16.0d0, 0.0d0)) then  ! (1+i)**8 = 16
    print *, 'FAIL: complex(8)', p8
    stop 1
  end if
  print '(a,2(1x,i0))', 'complex(4) sum:', nint(real(s4)), nint(aimag(s4))
  print '(a,2f12.2)', 'complex(8) sum:', s8
  print '(a)', 'complex reductions: PASS'
end program reduction_complex
