# CMake toolchain file for accc: -DCMAKE_TOOLCHAIN_FILE=<this file> makes accc the C and Fortran
# compiler of a project. find_package(OpenACC) then reports -fopenacc and spec date 202211, and
# OpenACC::OpenACC_C / OpenACC::OpenACC_Fortran add them to targets.
#
# accc is found next to this file: <prefix>/share/accc/cmake/ in an installation
# (<prefix>/bin/accc), or cmake/ in a source checkout (target/release/accc). Set ACCC to use
# another one.
if(DEFINED ENV{ACCC} AND NOT "$ENV{ACCC}" STREQUAL "")
  set(_accc "$ENV{ACCC}")
elseif(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../../../bin/accc")
  get_filename_component(_accc "${CMAKE_CURRENT_LIST_DIR}/../../../bin/accc" ABSOLUTE)
elseif(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../target/release/accc")
  get_filename_component(_accc "${CMAKE_CURRENT_LIST_DIR}/../target/release/accc" ABSOLUTE)
else()
  message(FATAL_ERROR "accc-toolchain.cmake: cannot find accc next to ${CMAKE_CURRENT_LIST_DIR}; set the ACCC environment variable")
endif()

set(CMAKE_C_COMPILER "${_accc}" CACHE FILEPATH "accc, the OpenACC C compiler")
set(CMAKE_Fortran_COMPILER "${_accc}" CACHE FILEPATH "accc, the OpenACC Fortran compiler")
unset(_accc)
