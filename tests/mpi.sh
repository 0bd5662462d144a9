#!/usr/bin/env bash
# OpenACC with MPI (issue 27), run by `make test`: examples/mpi_jacobi (C) and
# examples/mpi_jacobi_f (Fortran), a Jacobi solver decomposed over ranks, built every way accc
# and an MPI compiler wrapper can be layered, run on 2 ranks and compared with a serial run
# (1 rank: the result line must be identical, bit for bit):
#   1. Open MPI: accc over the wrapper (ACCC_CC=mpicc, ACCC_FC=mpif90) and the wrapper over
#      accc (OMPI_CC=accc mpicc, OMPI_FC=accc mpif90), each by the example's Makefile
#      (compile with -c, then link);
#   2. MPICH, where installed beside Open MPI (Debian: mpicc.mpich): accc over the wrapper,
#      MPICH_CC/MPICH_FC=accc, and `mpicc -cc=accc` / `mpif90 -fc=accc`;
#   3. CMake: find_package(MPI) + find_package(OpenACC) with accc as the compiler, ctest;
#   4. GPU-aware halos on the mock CUDA driver (tests/mockcuda, two mock GPUs): halos by
#      `host_data use_device` (device addresses handed to MPI; the mock's device memory is
#      host-readable, as a CUDA-aware MPI reads real device memory) and by `update self/device`
#      both give the serial answer, and ACCC_NOTIFY shows rank r on device r;
#   5. ranks share the node: ACCC_NOTIFY shows each rank's multicore share; ACC_NUM_CORES wins;
#   6. a missing MPI wrapper is a clear message naming what to install, and no output.
# Without mpicc (no MPI installed) the MPI runs are skipped with a message saying so (step 6
# still runs). Open MPI runs as root need OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM), set here, and
# oversubscription is allowed (CI machines may have fewer cores than ranks).
# Usage (from the repository root, after `cargo build --release`): bash tests/mpi.sh
# The last line is `N passed, M failed, K skipped`.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/mpi.sh: build accc first (cargo build --release)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-mpi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
skipped=0
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# A run that hangs (a rank waiting for a message that never comes) fails instead.
TIMEOUT=${ACCC_MPI_TIMEOUT:-120}

# check NAME COMMAND...: runs the command with its output in a log; shows the log's end on failure.
check() {
    local name=$1 log="$tmp/log.$((passed + failed))"
    shift
    "$@" >"$log" 2>&1
    local rc=$?
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS mpi: $name"
    else
        failed=$((failed + 1))
        echo "FAIL mpi: $name (exit $rc):"
        tail -n 15 "$log" | sed 's/^/    /'
    fi
}

skip() {
    skipped=$((skipped + 1))
    echo "SKIP mpi: $1"
}

# same_as_serial MPIRUN PROGRAM: runs PROGRAM on 1 and on 2 ranks; their result lines (the last
# line, rank 0's) must be equal and end in ok.
same_as_serial() {
    local mpirun=$1 program=$2
    timeout "$TIMEOUT" "$mpirun" -np 1 "$program" >"$program.np1" || return 1
    timeout "$TIMEOUT" "$mpirun" -np 2 "$program" >"$program.np2" || return 1
    cat "$program.np1" "$program.np2"
    head -n 1 "$program.np2" | grep -q ' 2 rank' || { echo "not 2 ranks"; return 1; }
    [ "$(tail -n 1 "$program.np1")" = "$(tail -n 1 "$program.np2")" ] || { echo "2 ranks differ from 1"; return 1; }
    tail -n 1 "$program.np2" | grep -Eq '(: ok|ok T)$'
}

# build_and_compare LANG ROUTE WRAPPER MPIRUN: builds the example by its Makefile, then compares.
build_and_compare() {
    local lang=$1 route=$2 wrapper=$3 mpirun=$4 dir=examples/mpi_jacobi program=mpi_jacobi var=MPICC
    if [ "$lang" = fortran ]; then
        dir=examples/mpi_jacobi_f program=mpi_jacobi_f var=MPIFC
    fi
    local build="$tmp/$lang-$route-$(basename "$wrapper")"
    make -C "$dir" BUILD="$build" ROUTE="$route" "$var=$wrapper" ACCC="$ACCC" || return 1
    ACC_DEVICE_TYPE=multicore same_as_serial "$mpirun" "$build/$program"
}

# The MPI implementations: Debian installs both side by side (mpicc.openmpi, mpicc.mpich), and
# `mpicc` is whichever the alternatives system chose.
first_command() {
    local candidate
    for candidate in "$@"; do
        command -v "$candidate" >/dev/null 2>&1 && { echo "$candidate"; return 0; }
    done
    return 1
}
ompi_cc=$(first_command mpicc.openmpi) || { mpicc --showme:version 2>/dev/null | grep -q 'Open MPI' && ompi_cc=mpicc; }
ompi_fc=$(first_command mpif90.openmpi mpifort.openmpi) || { [ -n "${ompi_cc:-}" ] && ompi_fc=$(first_command mpif90 mpifort); }
ompi_run=$(first_command mpirun.openmpi) || { [ -n "${ompi_cc:-}" ] && ompi_run=$(first_command mpirun mpiexec); }
mpich_cc=$(first_command mpicc.mpich) || mpich_cc=
mpich_fc=$(first_command mpif90.mpich mpifort.mpich) || mpich_fc=
mpich_run=$(first_command mpiexec.mpich mpiexec.hydra mpirun.mpich) || mpich_run=

if ! command -v mpicc >/dev/null 2>&1 && [ -z "${ompi_cc:-}" ] && [ -z "$mpich_cc" ]; then
    skip "no mpicc: no MPI is installed (Debian: apt-get install openmpi-bin libopenmpi-dev; scripts/setup.sh installs it); the MPI builds and runs are skipped"
else
    # --- 1. Open MPI -------------------------------------------------------------------------
    if [ -n "${ompi_cc:-}" ] && [ -n "${ompi_run:-}" ]; then
        for route in accc wrapper; do
            check "C, Open MPI, $([ $route = accc ] && echo "ACCC_CC=$ompi_cc accc" || echo "OMPI_CC=accc $ompi_cc"): 2 ranks = serial" \
                build_and_compare c "$route" "$ompi_cc" "$ompi_run"
            check "Fortran, Open MPI, $([ $route = accc ] && echo "ACCC_FC=$ompi_fc accc" || echo "OMPI_FC=accc $ompi_fc"): 2 ranks = serial" \
                build_and_compare fortran "$route" "$ompi_fc" "$ompi_run"
        done
    else
        skip "Open MPI is not installed: its routes are skipped"
    fi
    # --- 2. MPICH ----------------------------------------------------------------------------
    if [ -n "$mpich_cc" ] && [ -n "$mpich_fc" ] && [ -n "$mpich_run" ]; then
        for route in accc wrapper cc; do
            case $route in
                accc) c_how="ACCC_CC=$mpich_cc accc" f_how="ACCC_FC=$mpich_fc accc" ;;
                wrapper) c_how="MPICH_CC=accc $mpich_cc" f_how="MPICH_FC=accc $mpich_fc" ;;
                cc) c_how="$mpich_cc -cc=accc" f_how="$mpich_fc -fc=accc" ;;
            esac
            check "C, MPICH, $c_how: 2 ranks = serial" build_and_compare c "$route" "$mpich_cc" "$mpich_run"
            check "Fortran, MPICH, $f_how: 2 ranks = serial" build_and_compare fortran "$route" "$mpich_fc" "$mpich_run"
        done
    else
        skip "MPICH is not installed beside Open MPI (Debian: mpich libmpich-dev): its routes are skipped"
    fi
    # --- 3. CMake ----------------------------------------------------------------------------
    if command -v cmake >/dev/null 2>&1 && [ -n "${ompi_cc:-}" ]; then
        cmake_example() { # cmake_example LANG DIR PROGRAM
            local lang=$1 dir=$2 program=$3 build="$tmp/cmake-$1"
            cmake -S "$dir" -B "$build" "-DCMAKE_${lang}_COMPILER=$ACCC" "-DMPI_${lang}_COMPILER=$4" \
                "-DMPIEXEC_EXECUTABLE=$(command -v "$ompi_run")" &&
                cmake --build "$build" &&
                ACC_DEVICE_TYPE=multicore ctest --test-dir "$build" --output-on-failure &&
                ACC_DEVICE_TYPE=multicore same_as_serial "$ompi_run" "$build/$program"
        }
        check "C, CMake find_package(MPI) + find_package(OpenACC), ctest: 2 ranks = serial" \
            cmake_example C examples/mpi_jacobi mpi_jacobi "$ompi_cc"
        check "Fortran, CMake find_package(MPI) + find_package(OpenACC), ctest: 2 ranks = serial" \
            cmake_example Fortran examples/mpi_jacobi_f mpi_jacobi_f "$ompi_fc"
    else
        skip "CMake or Open MPI missing: the CMake builds are skipped"
    fi
    # --- 4. GPU-aware halos on the mock CUDA driver ----------------------------------------
    launcher=${ompi_run:-$mpich_run}
    c_wrapper=${ompi_cc:-$mpich_cc}
    f_wrapper=${ompi_fc:-$mpich_fc}
    mkdir -p "$tmp/mock"
    if cc -O1 -shared -fPIC -o "$tmp/mock/libcuda.so.1" tests/mockcuda/mockcuda.c -lpthread; then
        mock_halos() { # mock_halos LANG WRAPPER: both halo exchanges on two mock GPUs = serial
            local lang=$1 wrapper=$2 dir=examples/mpi_jacobi program=mpi_jacobi var=MPICC halo
            if [ "$lang" = fortran ]; then
                dir=examples/mpi_jacobi_f program=mpi_jacobi_f var=MPIFC
            fi
            local build="$tmp/mock-$lang"
            make -C "$dir" BUILD="$build" ROUTE=accc "$var=$wrapper" ACCC="$ACCC" || return 1
            ACC_DEVICE_TYPE=multicore timeout "$TIMEOUT" "$launcher" -np 1 "$build/$program" >"$build/serial" || return 1
            for halo in host_data update; do
                LD_LIBRARY_PATH="$tmp/mock" ACCMOCK_DEVICES=2 ACC_DEVICE_TYPE=nvidia MPI_JACOBI_HALO=$halo ACCC_NOTIFY=4 \
                    timeout "$TIMEOUT" "$launcher" -np 2 "$build/$program" >"$build/$halo" 2>"$build/$halo.err" || return 1
                cat "$build/$halo"
                grep -q "halos by $halo" "$build/$halo" || { echo "not halos by $halo"; return 1; }
                [ "$(tail -n 1 "$build/serial")" = "$(tail -n 1 "$build/$halo")" ] || { echo "$halo differs from serial"; return 1; }
                for rank in 0 1; do
                    grep -q "^accrt: local rank $rank of 2 (.*): device=nvidia device_num=$rank (local rank $rank % 2 devices)" \
                        "$build/$halo.err" || { echo "rank $rank is not on device $rank:"; cat "$build/$halo.err"; return 1; }
                done
            done
        }
        check "C on two mock GPUs: halos by host_data (device addresses to MPI) and by update = serial; rank r on device r" \
            mock_halos c "$c_wrapper"
        check "Fortran on two mock GPUs: halos by host_data and by update = serial; rank r on device r" \
            mock_halos fortran "$f_wrapper"
    else
        check "the mock CUDA driver builds" false
    fi
    # --- 5. ranks share the node's cores --------------------------------------------------------
    share_cores() {
        local program="$tmp/c-accc-$(basename "$c_wrapper")/mpi_jacobi" cores
        cores=$(getconf _NPROCESSORS_ONLN)
        [ -x "$program" ] || { echo "no program from step 1/2"; return 1; }
        ACC_DEVICE_TYPE=multicore ACCC_NOTIFY=4 timeout "$TIMEOUT" "$launcher" -np 2 "$program" >/dev/null 2>"$tmp/share.err" || return 1
        cat "$tmp/share.err"
        for rank in 0 1; do
            local line share
            line=$(grep "^accrt: local rank $rank of 2 " "$tmp/share.err") || { echo "no line for rank $rank"; return 1; }
            share=$(sed -E 's/.*multicore_cores=([0-9]+) .*/\1/' <<<"$line")
            # Its share of the node (cores/2, the first rank one more when odd), or fewer when
            # the launcher bound it to fewer cores.
            [ "$share" -ge 1 ] && [ "$share" -le $(((cores + 1 - rank) / 2 > 1 ? (cores + 1 - rank) / 2 : 1)) ] ||
                { echo "rank $rank: $share cores of $cores"; return 1; }
        done
        ACC_DEVICE_TYPE=multicore ACCC_NOTIFY=4 ACC_NUM_CORES=3 timeout "$TIMEOUT" "$launcher" -np 2 "$program" >/dev/null 2>"$tmp/share3.err" || return 1
        [ "$(grep -c 'multicore_cores=3 (ACC_NUM_CORES)' "$tmp/share3.err")" -eq 2 ]
    }
    check "2 ranks: each rank's multicore device takes its share of the node's cores; ACC_NUM_CORES wins" share_cores
fi

# --- 6. a missing MPI --------------------------------------------------------------------------
missing_mpi() {
    printf 'int main(void) { return 0; }\n' >"$tmp/nompi.c"
    ACCC_CC=/nonexistent/mpicc "$ACCC" -fopenacc "$tmp/nompi.c" -o "$tmp/nompi" 2>"$tmp/nompi.err"
    [ $? -eq 1 ] && [ ! -e "$tmp/nompi" ] && cat "$tmp/nompi.err" &&
        grep -q "^accc: error: cannot find '/nonexistent/mpicc', the C compiler: it is an MPI compiler wrapper; install an MPI" "$tmp/nompi.err" &&
        ! make -C examples/mpi_jacobi BUILD="$tmp/nompi-build" MPICC=/nonexistent/mpicc ACCC="$ACCC" 2>"$tmp/make.err" &&
        cat "$tmp/make.err" && grep -q "/nonexistent/mpicc not found: install an MPI" "$tmp/make.err" &&
        [ ! -e "$tmp/nompi-build" ]
}
check "a missing MPI wrapper: a message naming what to install, no output (accc and the example's Makefile)" missing_mpi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
