#!/usr/bin/env bash
# Compile-and-run conformance tests for accc.
#
# Every tests/programs/c/*.c, every tests/programs/fortran/*.f90, *.F90, *.f and *.F, and every
# examples/<dir>/ (built from all of its .c files, or of its .f90 files in name order, so a
# module's file must sort before its users; a directory with a Makefile of its own, the MPI
# examples, is left to tests/mpi.sh) is compiled twice:
#   reference: gcc -fopenacc -O2 ... -lm              (GCC's OpenACC, host fallback;
#              gfortran -fopenacc for Fortran, with gfortran's own `module openacc`)
#   accc:      target/release/accc -fopenacc -O2 -Wall -Werror ... -lm
#              (or at each level of ACCC_TEST_OPT_LEVELS, below)
#              (Fortran: accc's `module openacc` from target/release/accrt-fortran)
# The reference runs once; accc's binary runs under ACC_DEVICE_TYPE=host,
# ACC_DEVICE_TYPE=multicore and the data checker (ACCC_CHECK=data on the multicore device,
# which must report nothing: device "check"), and also ACC_DEVICE_TYPE=nvidia when `nvidia-smi -L`
# finds a GPU and libaccrt counts an NVIDIA device (ACCC_TEST_DEVICES="nvidia" replaces the
# list: tests/cuda.sh runs every program on the mock CUDA driver that way). A source with a line `accc-cores: N...`
# also runs under multicore with ACC_NUM_CORES=N for each N (more threads per gang for its
# worker loops). A source with a line `accc-all-offloaded` is built with -fopt-info-acc too, and
# fails when a remark says a region was not offloaded or a routine was not compiled for the
# device (its host fallback would still print the right answer); with `accc-multicore-offloaded`
# instead, only when the multicore kernels are concerned (what GPUs lack is left to their
# remarks). A test passes when every run
# exits 0 and accc's stdout equals gcc's.
#
# Usage (from the repository root, after `cargo build --release -p accc`):
#   bash tests/run.sh
# The last line is `N passed, M failed`; the exit status is non-zero when M > 0.
# ACCC_BLESS is ignored: there is nothing to bless, the reference is gcc.
# ACCC_TEST_TIMEOUT=<seconds> limits each run of accc's binary (default 60; the emulation pass
# of tests/cuda.sh, which runs device code on the CPU, allows more).
# ACCC_TEST_OPT_LEVELS="<levels>" builds and runs accc's binary at each optimisation level in
# turn instead of -O2 (`make test` runs "-O0 -O2"): every level must give gcc's output, so a
# program whose answer depends on the level fails, naming it (a differential test of the
# levels, with gcc's -O2 output as their common reference).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2

ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/run.sh: $ACCC not found; build it first: cargo build --release -p accc" >&2
    exit 2
fi
REF_CC=${REF_CC:-gcc}
REF_FC=${REF_FC:-gfortran}
for compiler in "$REF_CC" "$REF_FC"; do
    if ! command -v "$compiler" >/dev/null 2>&1; then
        echo "tests/run.sh: reference compiler '$compiler' not found" >&2
        exit 2
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-run.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/results"

devices="host multicore check"
if [ -n "${ACCC_TEST_DEVICES:-}" ]; then
    # tests/cuda.sh: the device types to run under, e.g. nvidia with the mock driver.
    devices=$ACCC_TEST_DEVICES
elif command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    # Ask libaccrt whether it can use the GPU (the CUDA driver loads and finds a device).
    printf '#include <openacc.h>\nint main(void) { return acc_get_num_devices(acc_device_nvidia) > 0 ? 0 : 1; }\n' \
        >"$tmp/gpu_probe.c"
    if "$ACCC" -fopenacc "$tmp/gpu_probe.c" -o "$tmp/gpu_probe" && "$tmp/gpu_probe"; then
        devices="$devices nvidia"
    else
        echo "GPU tests skipped: an NVIDIA GPU is present, but libaccrt cannot use it"
    fi
else
    echo "GPU tests skipped: no NVIDIA GPU found (nvidia-smi)"
fi

# One test case: $1 is a source file (a test program) or a directory (an example).
run_case() {
    local case=$1 name srcs=() w result ref_cc=$REF_CC
    case $case in
        *.f90 | *.F90 | *.f | *.F) ref_cc=$REF_FC ;;
    esac
    if [ -d "$case" ]; then
        name=${case%/}
        if compgen -G "$case/*.f90" >/dev/null; then
            srcs=("$case"/*.f90)
            ref_cc=$REF_FC
        else
            srcs=("$case"/*.c)
        fi
    else
        name=$case
        srcs=("$case")
    fi
    w="$TMPROOT/work/${name//\//_}"
    mkdir -p "$w"
    result="$TMPROOT/results/${name//\//_}"

    fail() {
        printf 'FAIL %s: %s\n' "$name" "$1" >"$result"
    }
    first_error() { # the first diagnostic line of a compiler's output
        local line
        line=$(grep -m1 -E 'error|warning|fatal' "$1" || head -n1 "$1")
        printf '%s' "${line:-no output}"
    }

    # Fortran modules go to the case's own directory, never the source directory.
    if ! (cd "$w" && timeout 120 "$ref_cc" -fopenacc -O2 "${srcs[@]/#/$root/}" -o "$w/ref" -lm) >"$w/ref.cc.log" 2>&1; then
        fail "reference build failed ($ref_cc -fopenacc): $(first_error "$w/ref.cc.log")"
        return 0
    fi
    local rc
    # A source may ask for accc options of its own: a line `accc-flags: <options>`.
    local extra
    extra=$(cd "$root" && grep -ho 'accc-flags: .*' "${srcs[@]}" | head -n1 | sed 's/^accc-flags: //')
    # A source may require every region to be offloaded: a line `accc-all-offloaded`.
    local offloaded=() host_only='region not offloaded|not compiled for the device|the region runs on the host'
    if (cd "$root" && grep -q 'accc-all-offloaded' "${srcs[@]}"); then
        offloaded=(-fopt-info-acc)
    elif (cd "$root" && grep -q 'accc-multicore-offloaded' "${srcs[@]}"); then
        offloaded=(-fopt-info-acc)
        host_only='region not offloaded|not compiled for the device|not compiled, the region runs on the host'
    fi
    timeout 60 "$w/ref" >"$w/ref.out" 2>"$w/ref.err" </dev/null
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "reference run failed (gcc build, exit $rc)"
        return 0
    fi
    # A source may ask for more multicore runs with other pool sizes: `accc-cores: <N>...`.
    local cores runs=() dev
    cores=$(cd "$root" && grep -ho 'accc-cores:[ 0-9]*' "${srcs[@]}" | head -n1 | sed 's/^accc-cores://')
    for dev in $DEVICES; do
        runs+=("$dev")
    done
    [ -n "${ACCC_TEST_DEVICES:-}" ] && cores=""
    for dev in $cores; do
        runs+=("multicore:$dev")
    done
    local level levels=${ACCC_TEST_OPT_LEVELS:--O2} at=""
    for level in $levels; do
        # With several levels, every message names the one that failed.
        [ "$levels" != "${levels%% *}" ] && at=" at $level"
        # shellcheck disable=SC2086 # the options are words
        (cd "$w" && timeout 120 "$ACCC" -fopenacc "$level" -Wall -Werror "${offloaded[@]}" $extra ${ACCC_TEST_LDFLAGS:-} "${srcs[@]/#/$root/}" -o "$w/acc" -lm) >"$w/acc.cc.log" 2>&1
        rc=$?
        if [ $rc -ne 0 ]; then
            if [ $rc -eq 124 ]; then
                fail "accc build timed out$at"
            else
                fail "accc build failed$at (exit $rc): $(first_error "$w/acc.cc.log")"
            fi
            return 0
        fi
        if [ ${#offloaded[@]} -gt 0 ] && grep -qE "$host_only" "$w/acc.cc.log"; then
            fail "not offloaded$at: $(grep -m1 -E "$host_only" "$w/acc.cc.log")"
            return 0
        fi
        for dev in "${runs[@]}"; do
            local cores_env=() label="ACC_DEVICE_TYPE=$dev" type=${dev%%:*}
            case $dev in
                multicore:*)
                    cores_env=(ACC_NUM_CORES="${dev#multicore:}")
                    label="ACC_DEVICE_TYPE=multicore ACC_NUM_CORES=${dev#multicore:}"
                    ;;
                check)
                    cores_env=(ACCC_CHECK=data)
                    label="ACCC_CHECK=data"
                    type=multicore
                    ;;
            esac
            label="$label$at"
            env "${cores_env[@]}" ACC_DEVICE_TYPE="$type" timeout "${ACCC_TEST_TIMEOUT:-60}" "$w/acc" >"$w/acc.$dev.out" 2>"$w/acc.$dev.err" </dev/null
            rc=$?
            if [ $rc -eq 124 ]; then
                fail "timed out (${ACCC_TEST_TIMEOUT:-60} s) under $label"
                return 0
            elif [ $rc -ne 0 ]; then
                local msg
                msg=$(head -c 300 "$w/acc.$dev.err" | head -n1)
                [ -n "$msg" ] || msg=$(tail -n1 "$w/acc.$dev.out" | head -c 300)
                fail "exit $rc under $label${msg:+: $msg}"
                return 0
            fi
            if [ "$dev" = check ] && grep -v '^accrt: check: no findings$' "$w/acc.$dev.err" | grep -q '^accrt: check:'; then
                fail "the data checker reports under $label: $(grep -m1 '^accrt: check:' "$w/acc.$dev.err" | head -c 400)"
                return 0
            fi
            if ! cmp -s "$w/ref.out" "$w/acc.$dev.out"; then
                local got want
                want=$(head -n1 "$w/ref.out")
                got=$(diff "$w/ref.out" "$w/acc.$dev.out" | grep -m1 '^>' | cut -c3-)
                fail "stdout differs from gcc under $label: got '${got}', want '${want}'"
                return 0
            fi
        done
    done
    printf 'PASS %s\n' "$name" >"$result"
}
export -f run_case
export TMPROOT="$tmp" ACCC REF_CC REF_FC DEVICES="$devices" root

cases=()
for f in tests/programs/c/*.c; do
    [ -e "$f" ] && cases+=("$f")
done
for f in tests/programs/fortran/*.f90 tests/programs/fortran/*.F90 tests/programs/fortran/*.f \
    tests/programs/fortran/*.F; do
    [ -e "$f" ] && cases+=("$f")
done
for d in examples/*/; do
    # A directory with its own Makefile is a project of its own (the MPI examples: tests/mpi.sh).
    [ -e "${d}Makefile" ] && continue
    if compgen -G "$d*.c" >/dev/null || compgen -G "$d*.f90" >/dev/null; then
        cases+=("${d%/}")
    fi
done
if [ ${#cases[@]} -eq 0 ]; then
    echo "tests/run.sh: no test programs found" >&2
    exit 2
fi

printf '%s\0' "${cases[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'run_case "$1"' run_case

passed=0
failed=0
for c in "${cases[@]}"; do
    r="$tmp/results/${c//\//_}"
    if [ -f "$r" ] && grep -q '^PASS' "$r"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        if [ -f "$r" ]; then
            cat "$r"
        else
            echo "FAIL $c: no result (the runner itself failed)"
        fi
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
