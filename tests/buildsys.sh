#!/usr/bin/env bash
# accc as a drop-in compiler on real build systems (issue 8), run by `make test`:
#   1. tests/buildsys/make-libs: `make CC=accc -j` with -MMD -MP, a static library (ar rcs), a
#      shared library (-shared -fPIC) and a dlopen'd plugin that all see the program's device
#      data; then an incremental rebuild after a header changes.
#   2. tests/buildsys/cmake-c: cmake -DCMAKE_C_COMPILER=accc, find_package(OpenACC),
#      OpenACC::OpenACC_C on a static library, a shared library and an executable.
#   3. tests/buildsys/cmake-fortran: the same for Fortran (OpenACC::OpenACC_Fortran).
#   4. examples/: built by its Makefile and by its CMakeLists.txt (ctest runs them).
#   5. `make install PREFIX=<temp>`: the installed accc, with an empty environment, builds and
#      runs an example, and builds the CMake project through cmake/accc-toolchain.cmake.
# Programs run under ACC_DEVICE_TYPE=multicore and host. The last line is `N passed, M failed`.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/buildsys.sh: $ACCC not found; run cargo build --release --workspace first" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-buildsys.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc)
passed=0
failed=0

# check NAME COMMAND...: runs the command with its output in a log; shows the log's end on failure.
check() {
    local name=$1 log="$tmp/log.$((passed + failed))"
    shift
    "$@" >"$log" 2>&1
    local rc=$?
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name (exit $rc):"
        tail -n 15 "$log" | sed 's/^/    /'
    fi
}

# run_devices PROGRAM [ARGS]: runs a program on every core and on the host.
run_devices() {
    ACC_DEVICE_TYPE=multicore "$@" && ACC_DEVICE_TYPE=host "$@"
}

# --- 1. make with libraries ------------------------------------------------------------------
mk="$tmp/make-libs"
make_libs() { make -C tests/buildsys/make-libs CC="$ACCC" BUILD="$mk" "$@"; }
check "make -j$jobs CC=accc: static + shared library + plugin" make_libs -j"$jobs"
check "make-libs program (multicore, host)" run_devices "$mk/prog"
check "make-libs: up to date after a build" make_libs -q
header_rebuild() {
    local before_kern before_main
    before_kern=$(stat -c %Y.%y "$mk/kern.pic.o")
    before_main=$(stat -c %Y.%y "$mk/main.o")
    sleep 1
    touch tests/buildsys/make-libs/include/stats.h
    if make_libs -q; then
        echo "make -q says up to date after stats.h changed"
        return 1
    fi
    make_libs -j"$jobs" || return 1
    [ "$(stat -c %Y.%y "$mk/main.o")" != "$before_main" ] || { echo "main.o not rebuilt"; return 1; }
    [ "$(stat -c %Y.%y "$mk/kern.pic.o")" = "$before_kern" ] || { echo "kern.pic.o rebuilt"; return 1; }
    run_devices "$mk/prog"
}
check "make-libs: -MMD -MP dependencies rebuild exactly what a header change needs" header_rebuild

# --- 2./3. CMake projects ---------------------------------------------------------------------
cmake_project() { # cmake_project SRC BUILD [cmake args...]
    local src=$1 build=$2
    shift 2
    cmake -S "$src" -B "$build" "$@" && cmake --build "$build" -j "$jobs"
}
check "cmake C project (find_package(OpenACC), static + shared library)" \
    cmake_project tests/buildsys/cmake-c "$tmp/cmake-c" -DCMAKE_C_COMPILER="$ACCC"
check "cmake C program (multicore, host)" run_devices "$tmp/cmake-c/app"
check "cmake Fortran project (find_package(OpenACC))" \
    cmake_project tests/buildsys/cmake-fortran "$tmp/cmake-f" -DCMAKE_Fortran_COMPILER="$ACCC"
check "cmake Fortran program (multicore, host)" run_devices "$tmp/cmake-f/heat"

# --- 4. the examples, by make and by CMake -----------------------------------------------------
check "examples: make run" make -C examples CC="$ACCC" BUILD="$tmp/examples-make" -j"$jobs" run
examples_cmake() {
    cmake_project examples "$tmp/examples-cmake" -DCMAKE_C_COMPILER="$ACCC" \
        -DCMAKE_Fortran_COMPILER="$ACCC" &&
        ctest --test-dir "$tmp/examples-cmake" --output-on-failure -j "$jobs"
}
check "examples: cmake + ctest" examples_cmake

# --- 5. an installed accc -----------------------------------------------------------------------
prefix="$tmp/prefix"
check "make install PREFIX=<temp>" make -s install PREFIX="$prefix"
installed_saxpy() {
    env -i PATH=/usr/bin:/bin "$prefix/bin/accc" -fopenacc -O2 examples/saxpy/saxpy.c \
        -o "$tmp/saxpy" && env -i PATH=/usr/bin:/bin ACC_DEVICE_TYPE=multicore "$tmp/saxpy"
}
check "installed accc builds and runs saxpy with an empty environment" installed_saxpy
installed_toolchain() {
    cmake_project tests/buildsys/cmake-c "$tmp/cmake-tc" \
        -DCMAKE_TOOLCHAIN_FILE="$prefix/share/accc/cmake/accc-toolchain.cmake" &&
        grep -q "CMAKE_C_COMPILER:.*=$prefix/bin/accc" "$tmp/cmake-tc/CMakeCache.txt" &&
        run_devices "$tmp/cmake-tc/app"
}
check "installed cmake/accc-toolchain.cmake builds the CMake project" installed_toolchain

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
