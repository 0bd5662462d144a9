C     fixed_form_columns.f: fixed form reads columns 1-72 only, as      FC000000
C     gfortran does: old code keeps sequence numbers in columns 73-80,  FC000001
C     on directive lines too (they were read as clauses, an error       FC000002
C     "unknown clause"), and text past column 72 is no part of a        FC000003
C     statement.                                                        FC000004
      program columns                                                   FC000005
      implicit none                                                     FC000006
      integer n, i                                                      FC000007
      parameter (n = 8)                                                 FC000008
      real*8 a(n), s                                                    FC000009
      s = -1.0d0                                                        FC000099
!$acc parallel loop copyout(a)                                          FC000010
c$acc& private(s)                                                       FC000011
      do 10 i = 1, n                                                    FC000012
         s = dble(i)                                                    FC000013
         a(i) = 2.0d0 * s                                               FC000014
   10 continue                                                          FC000015
      s = 0.0d0                                                         + 99.0d0
*$acc parallel loop reduction(+:s) copyin(a)                            FC000017
      do 20 i = 1, n                                                    FC000018
         s = s + a(i)                                                   FC000019
   20 continue                                                          FC000020
      print '(f8.1)', s                                                 FC000021
      end                                                               FC000022
