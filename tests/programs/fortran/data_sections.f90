! data_sections.f90: array sections in data clauses: a(lo:hi), whole columns m(:, j1:j2),
! a single column, sections in enter/exit data and update, and disjoint sections of one array
! present at the same time (through nested data constructs: gfortran rejects one variable in two
! clauses of one directive). Each compute construct names the section it uses in a present
! clause: a kernel reaches an array through one device address, and separately mapped sections
! are separate device copies (a construct using the whole array `a` there is a runtime error on
! a device with its own memory, tests/cuda.sh).
program data_sections
  implicit none
  integer, parameter :: n = 1000, r = 30, c = 40
  integer :: a(n), m(r, c), i, j

  a = 0
  !$acc data copy(a(1:100))
  !$acc data copy(a(901:1000))
  !$acc parallel loop present(a(1:100))
  do i = 1, 100
    a(i) = i
  end do
  !$acc parallel loop present(a(901:1000))
  do i = 901, 1000
    a(i) = -i
  end do
  !$acc end data
  !$acc end data
  do i = 1, n
    if (i <= 100 .and. a(i) /= i .or. i > 900 .and. a(i) /= -i .or. &
        i > 100 .and. i <= 900 .and. a(i) /= 0) then
      print *, 'FAIL: a', i
      stop 1
    end if
  end do

  m = 1
  !$acc enter data copyin(m(:, 11:20))
  !$acc parallel loop collapse(2) present(m(:, 11:20))
  do j = 11, 20
    do i = 1, r
      m(i, j) = i * j
    end do
  end do
  !$acc update self(m(:, 15))
  if (any(m(:, 15) /= [(15 * i, i = 1, r)])) then
    print *, 'FAIL: update of one column'
    stop 1
  end if
  !$acc exit data copyout(m(:, 11:20))
  do j = 1, c
    do i = 1, r
      if (j >= 11 .and. j <= 20) then
        if (m(i, j) /= i * j) then
          print *, 'FAIL: m', i, j
          stop 1
        end if
      else if (m(i, j) /= 1) then
        print *, 'FAIL: m outside', i, j
        stop 1
      end if
    end do
  end do
  print '(a,i0,1x,i0)', 'data sections: ', sum(a), sum(m)
  print '(a)', 'data sections: PASS'
end program data_sections
