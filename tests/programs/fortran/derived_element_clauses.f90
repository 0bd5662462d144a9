! Data clauses through an element of an array of derived type to an allocatable component
! (copy(a(1)%density), copy(chunk%tiles(1)%field%density): hydrodynamics codes written for PGI
! map their fields so), once refused; the regions reach them through the implicit copy of the
! array, in whose device copy the clause's data is attached.
module derived_element_types
  type field
    real(8), allocatable :: density(:)
  end type
  type tile
    type(field) :: field
  end type
  type chunk_type
    type(tile), allocatable :: tiles(:)
  end type
end module derived_element_types
program derived_element_clauses
  use derived_element_types
  type(chunk_type) :: chunk
  type(field) :: a(2)
  integer :: i
  allocate(chunk%tiles(2))
  allocate(chunk%tiles(1)%field%density(10))
  allocate(a(1)%density(5))
  chunk%tiles(1)%field%density = 1
  a(1)%density = 2
  !$acc data copy(chunk%tiles(1)%field%density, a(1)%density)
  !$acc parallel loop
  do i = 1, 10
    chunk%tiles(1)%field%density(i) = chunk%tiles(1)%field%density(i) + i
  end do
  !$acc parallel loop
  do i = 1, 5
    a(1)%density(i) = a(1)%density(i) * i
  end do
  !$acc end data
  print *, sum(chunk%tiles(1)%field%density), sum(a(1)%density)
end program derived_element_clauses
