#!/usr/bin/env bash
# libaccrt's CUDA device without a GPU: tests/mockcuda/mockcuda.c, a test double of the CUDA
# driver, is built as libcuda.so.1 in a temp dir put first on LD_LIBRARY_PATH (device memory
# is separate malloc'd buffers, so a missing copy gives a wrong answer; kernels run through
# their host versions, see runtime/src/gpudev.rs). Then:
#  1. the driver calls of tests/mockcuda/trace.c (ACCMOCK_TRACE=1: allocations, copies,
#     streams, launch grids) must equal tests/mockcuda/trace.expected (ACCC_BLESS=1 rewrites it);
#  1b. the same for a program with declared globals (tests/mockcuda/globals.expected), and the
#     multi-file programs with declared globals of tests/routines/ run on the mock;
#  1c. the same for declare link (tests/mockcuda/link.expected: the link pointer writes), and a
#     launch using an unmapped link variable is an error naming it;
#  2. failure paths: a PTX JIT failure shows the JIT error log, cuInit failing and a missing
#     libcuda.so.1 are clear errors, acc_get_num_devices counts ACCMOCK_DEVICES, separately
#     mapped sections of one array used whole by a kernel are an error naming the array;
#  3. every compile-and-run program of tests/run.sh runs under ACC_DEVICE_TYPE=nvidia; the
#     programs that fail must be exactly those listed in tests/mockcuda/expected-failures
#     (each with why), so a new failure or a fixed one both fail this test.
# Usage (from the repository root, after `cargo build --release`): bash tests/cuda.sh
# ACCC_CUDA_QUICK=1 skips step 3.
# ACCC_CUDA_EMULATE=1 is the emulation pass instead (`make test` runs both): steps 1 and 2 are
# skipped, and step 3 links every program with ACCC_EMULATE_NVPTX=1 (the NVIDIA image is the
# CPU emulation of the device code, codegen/src/device/emulate.rs, which the mock runs: device
# threads as fibers meeting at barriers, and every access through a pointer that may reach
# global memory checked: a host address fails the launch with CUDA_ERROR_ILLEGAL_ADDRESS, as on
# a GPU) and runs it with ACCMOCK_EMULATE_ONLY=1 (a PTX image
# is refused, so every kernel launch ran the device lowering; a kernel missing from the image
# is already an error under ACC_DEVICE_TYPE=nvidia); the failures must be exactly those of
# tests/mockcuda/expected-failures-emu. The emulation pass also checks the emulator on a
# hand-written image (tests/mockcuda/emu-image.c: barriers, barrier divergence, the memory
# checks), kernels that reach host memory (tests/mockcuda/host_address.c), and the scratch
# buffer of large array reductions on a small mock device (tests/mockcuda/scratch.c,
# ACCMOCK_MEMORY_MIB).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/cuda.sh: build accc first" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-cuda.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
check() { # name, condition status
    if [ "$2" -eq 0 ]; then echo "PASS cuda: $1"; else echo "FAIL cuda: $1"; failed=1; fi
}

mkdir -p "$tmp/mock"
cc -O1 -Wall -Wextra -Werror -shared -fPIC -o "$tmp/mock/libcuda.so.1" tests/mockcuda/mockcuda.c -lpthread ||
    { echo "FAIL cuda: the mock driver does not build"; exit 1; }
export LD_LIBRARY_PATH="$tmp/mock${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

expected_failures=tests/mockcuda/expected-failures
if [ "${ACCC_CUDA_EMULATE:-}" = 1 ]; then
    # One mock multiprocessor (16 gangs by default: still many blocks, fewer to emulate), and
    # time for the longest runs (examples/jacobi: 28,000 launches of 16 blocks of 128 threads).
    export ACCC_EMULATE_NVPTX=1 ACCMOCK_EMULATE_ONLY=1 ACCMOCK_SMS=1 ACCC_TEST_TIMEOUT=240
    expected_failures=tests/mockcuda/expected-failures-emu
    emulated_pass() { :; }
else
    emulated_pass() { return 1; }
fi

if emulated_pass; then
    # The emulator itself, on a hand-written image (tests/mockcuda/emu-image.c): a barrier
    # orders each block's slot writes before thread 0 sums them (2 blocks of 64 threads), and
    # a barrier only some threads reach fails the launch, naming the kernel.
    cc -shared -fPIC -o "$tmp/emu-image.so" tests/mockcuda/emu-image.c &&
        cc -Wall -Werror -o "$tmp/emu-driver" tests/mockcuda/emu-driver.c "$tmp/mock/libcuda.so.1" &&
        "$tmp/emu-driver" "$tmp/emu-image.so" >"$tmp/emu.out" 2>"$tmp/emu.err"
    [ "$(head -n2 "$tmp/emu.out")" = "$(printf 'sum 0 10432\ndiverge 719')" ] &&
        grep -qx 'accmock: error: cuLaunchKernel(diverge): barrier divergence in block (0, 0, 0): 31 of 32 threads returned while the others wait at a barrier' "$tmp/emu.err"
    check "the emulator: barriers order a block's threads; barrier divergence fails the launch" $?
    # Its memory checks: the image's kernel `peek` stores to device memory (the check puts the
    # allocation in the site's slot) and loads from a host address (the driver's stack), which
    # fails the launch with CUDA_ERROR_ILLEGAL_ADDRESS (700) and a message naming the kernel and
    # the address.
    host_address=$(sed -n 's/^peek 700 1 //p' "$tmp/emu.out")
    [ -n "$host_address" ] &&
        grep -qx "accmock: kernel peek: load of 8 bytes at $host_address outside device memory (block (0, 0, 0), thread (0, 0, 0))" "$tmp/emu.err"
    check "the emulator's memory checks: device memory passes, a host address fails the launch" $?
    # Compiled kernels that reach host memory (tests/mockcuda/host_address.c) fail the same way:
    # through a struct's pointer member that was never attached (the address the program
    # printed) and through a host array declared a device pointer; with the member attached
    # the program runs.
    "$ACCC" -fopenacc -O2 -Wall -Werror tests/mockcuda/host_address.c -o "$tmp/host_address" &&
        for mode in member deviceptr attached; do
            ACC_DEVICE_TYPE=nvidia "$tmp/host_address" "$mode" >"$tmp/host_address.$mode.out" 2>"$tmp/host_address.$mode.err"
            echo $? >"$tmp/host_address.$mode.status"
        done
    message='^accmock: kernel __accc_main_[0-9]+_parallel_[0-9a-f]{8}: (load|store) of 8 bytes at'
    host_address=$(sed -n 's/^host //p' "$tmp/host_address.member.out" 2>/dev/null)
    [ "$(cat "$tmp/host_address.member.status")" = 1 ] && [ -n "$host_address" ] &&
        grep -qE "$message $host_address outside device memory \(block \(0, 0, 0\), thread \(0, 0, 0\)\)$" "$tmp/host_address.member.err" &&
        grep -q '^accrt: error: CUDA driver call cuLaunchKernel failed: CUDA_ERROR_ILLEGAL_ADDRESS' "$tmp/host_address.member.err" &&
        [ "$(cat "$tmp/host_address.deviceptr.status")" = 1 ] &&
        grep -qE "$message 0x[0-9a-f]+ outside device memory" "$tmp/host_address.deviceptr.err" &&
        [ "$(cat "$tmp/host_address.attached.status")" = 0 ] &&
        [ "$(cat "$tmp/host_address.attached.out")" = "attached: sum 2016" ]
    check "kernels reaching host memory fail the launch, naming the kernel and the address" $?
    # The scratch buffer of large array reduction partials (tests/mockcuda/scratch.c, 16 KiB
    # per thread): on a 64 MiB device (an 8 MiB bound) the default 16 gangs become 4, with a
    # buffer of 4 x 128 threads x 16 KiB; num_gangs(16) keeps its gangs with a 32 MiB buffer,
    # the smaller one freed first; acc_shutdown frees it; both results are right.
    "$ACCC" -fopenacc -O2 tests/mockcuda/scratch.c -o "$tmp/scratch" &&
        ACCMOCK_MEMORY_MIB=64 ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=nvidia "$tmp/scratch" \
            >"$tmp/scratch.out" 2>"$tmp/scratch.err"
    status=$?
    # (The buffers are named A and B: which dN they get depends on the blocks kept for reuse.)
    small=$(sed -nE 's/^accmock: cuMemAlloc_v2\(8388608\) = (d[0-9]+)$/\1/p' "$tmp/scratch.err")
    large=$(sed -nE 's/^accmock: cuMemAlloc_v2\(33554432\) = (d[0-9]+)$/\1/p' "$tmp/scratch.err")
    grep -E "^accmock: (cuMemAlloc_v2\((8388608|33554432)\)|cuMemFree_v2\((${small:-none}|${large:-none})\)|cuLaunchKernel\()" "$tmp/scratch.err" |
        sed -E -e 's/(__accc_[A-Za-z0-9_]+_)[0-9a-f]{8}\b/\1HASH/' \
            -e "s/\b${small:-none}\b/A/; s/\b${large:-none}\b/B/" >"$tmp/scratch.got"
    printf '%s\n' 'accmock: cuMemAlloc_v2(8388608) = A' \
        'accmock: cuLaunchKernel(__accc_main_22_parallel_HASH, grid 4x1x1, block 128x1x1, s1)' \
        'accmock: cuMemFree_v2(A)' 'accmock: cuMemAlloc_v2(33554432) = B' \
        'accmock: cuLaunchKernel(__accc_main_27_parallel_HASH, grid 16x1x1, block 128x1x1, s1)' \
        'accmock: cuMemFree_v2(B)' >"$tmp/scratch.want"
    [ $status -eq 0 ] && [ "$(cat "$tmp/scratch.out")" = "scratch: 0 errors" ] &&
        diff -u "$tmp/scratch.want" "$tmp/scratch.got"
    check "the scratch buffer of array reduction partials: fewer gangs to fit, num_gangs kept, reused, freed" $?
fi

if ! emulated_pass; then
# 1. The trace snapshot (kernel hashes and the PTX size are masked).
"$ACCC" -fopenacc -O2 tests/mockcuda/trace.c -o "$tmp/trace" || { echo "FAIL cuda: trace.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=nvidia "$tmp/trace" >"$tmp/trace.out" 2>"$tmp/trace.err"
status=$?
{ cat "$tmp/trace.out"; grep '^accmock: ' "$tmp/trace.err"; } |
    sed -E 's/(__accc_[A-Za-z0-9_]+_)[0-9a-f]{8}\b/\1HASH/g; s/\(([0-9]+) bytes of PTX\)/(N bytes of PTX)/' >"$tmp/trace.got"
if [ "${ACCC_BLESS:-}" = 1 ]; then
    cp "$tmp/trace.got" tests/mockcuda/trace.expected
fi
diff -u tests/mockcuda/trace.expected "$tmp/trace.got" >"$tmp/trace.diff"
[ $status -eq 0 ] && [ ! -s "$tmp/trace.diff" ]
check "driver call trace of trace.c" $?
[ -s "$tmp/trace.diff" ] && head -40 "$tmp/trace.diff"

# 1b. Declared globals: the image's module is loaded when the device starts, each global comes
# from cuModuleGetGlobal_v2, and the declare copyin of `offset` copies its initial value there
# (the routine-only global `weights` is the module's too; nothing is allocated for either).
"$ACCC" -fopenacc -O2 -rdynamic tests/mockcuda/globals.c -o "$tmp/globals" || { echo "FAIL cuda: globals.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=nvidia "$tmp/globals" >"$tmp/globals.out" 2>"$tmp/globals.err"
status=$?
{ cat "$tmp/globals.out"; grep '^accmock: ' "$tmp/globals.err"; } |
    sed -E 's/(__accc_[A-Za-z0-9_]+_)[0-9a-f]{8}\b/\1HASH/g; s/(__accc_gv_)[0-9a-f]{8}_/\1HASH_/g; s/\(([0-9]+) bytes of PTX\)/(N bytes of PTX)/' >"$tmp/globals.got"
if [ "${ACCC_BLESS:-}" = 1 ]; then
    cp "$tmp/globals.got" tests/mockcuda/globals.expected
fi
diff -u tests/mockcuda/globals.expected "$tmp/globals.got" >"$tmp/globals.diff"
[ $status -eq 0 ] && [ ! -s "$tmp/globals.diff" ]
check "driver call trace of declared globals (cuModuleGetGlobal_v2, the declare copyin's copy)" $?
[ -s "$tmp/globals.diff" ] && head -40 "$tmp/globals.diff"
# 1c. declare link (tests/mockcuda/link.c): the module holds an 8-byte pointer; data clauses
# allocate the array's copy and point the link at it (the trace shows each pointer write: the
# copy's start, 256 elements before a section's copy, null at the region's end); a launch while
# the variable is not mapped stops, naming it; acc_map_data points the link at the mapped memory
# and acc_unmap_data writes null.
"$ACCC" -fopenacc -O2 -rdynamic tests/mockcuda/link.c -o "$tmp/link" || { echo "FAIL cuda: link.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=nvidia "$tmp/link" >"$tmp/link.out" 2>"$tmp/link.err"
status=$?
{ cat "$tmp/link.out"; grep '^accmock: ' "$tmp/link.err"; } |
    sed -E 's/(__accc_[A-Za-z0-9_]+_)[0-9a-f]{8}\b/\1HASH/g; s/\(([0-9]+) bytes of PTX\)/(N bytes of PTX)/' >"$tmp/link.got"
if [ "${ACCC_BLESS:-}" = 1 ]; then
    cp "$tmp/link.got" tests/mockcuda/link.expected
fi
diff -u tests/mockcuda/link.expected "$tmp/link.got" >"$tmp/link.diff"
[ $status -eq 0 ] && [ ! -s "$tmp/link.diff" ] && [ "$(cat "$tmp/link.out")" = "$(ACC_DEVICE_TYPE=host "$tmp/link")" ]
check "driver call trace of declare link (the link pointer writes)" $?
[ -s "$tmp/link.diff" ] && head -40 "$tmp/link.diff"
ACC_DEVICE_TYPE=nvidia "$tmp/link" unmapped >/dev/null 2>"$tmp/unmapped.err"
[ $? -eq 1 ] && grep -q "^accrt: error: kernel launch at tests/mockcuda/link.c:33: variable 'table' in declare link is not present on the nvidia device" "$tmp/unmapped.err"
check "a launch using an unmapped declare link variable is an error naming it" $?
# The multi-file programs with declared globals, and two whose routines of another file take
# and return structs or derived types (the device module's convention), run on the mock.
ACCC_ROUTINES_DEVICES=nvidia ACCC_ROUTINES_LDFLAGS=-rdynamic bash tests/routines.sh \
    declare-globals-device declared-global declare-only-file fortran-module-variables fortran-modules \
    declare-link-file fortran-module-link fortran-module-allocatables \
    fortran-module-allocate-elsewhere struct-args-file fortran-derived-complex-module >"$tmp/routines.txt" 2>&1
check "multi-file programs with declared globals under ACC_DEVICE_TYPE=nvidia ($(tail -n1 "$tmp/routines.txt"))" $?
grep '^FAIL' "$tmp/routines.txt"

# 2. Failure paths.
ACCMOCK_JIT_FAIL=1 ACC_DEVICE_TYPE=nvidia "$tmp/trace" >/dev/null 2>"$tmp/jit.err"
[ $? -eq 1 ] && grep -q 'accrt: error: CUDA driver call cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed) loading the sm_70 PTX image' "$tmp/jit.err" &&
    grep -q 'mock JIT failure requested by ACCMOCK_JIT_FAIL' "$tmp/jit.err"
check "a JIT failure shows the JIT error log" $?
ACCMOCK_NO_INIT=1 ACC_DEVICE_TYPE=nvidia "$tmp/trace" >/dev/null 2>"$tmp/init.err"
[ $? -eq 1 ] && grep -qx 'accrt: error: ACC_DEVICE_TYPE=nvidia: no nvidia device is available: the CUDA driver cannot be initialised: cuInit failed: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected); use ACC_DEVICE_TYPE=multicore or host' "$tmp/init.err"
check "cuInit failing is a clear error" $?
ACCMOCK_NO_INIT=1 "$tmp/trace" >"$tmp/default.out" 2>&1
[ $? -eq 0 ] && grep -q '^sum 999000 ' "$tmp/default.out"
check "without a usable driver the default device is multicore" $?
LD_LIBRARY_PATH=/nonexistent ACC_DEVICE_TYPE=nvidia "$tmp/trace" >/dev/null 2>"$tmp/missing.err"
[ $? -eq 1 ] && grep -q 'no nvidia device is available: the CUDA driver library libcuda.so.1 cannot be loaded (' "$tmp/missing.err"
check "a missing libcuda.so.1 is a clear error" $?
cat >"$tmp/count.c" <<'C'
#include <openacc.h>
#include <stdio.h>
int main(void) {
  const char *n = acc_get_property_string(1, acc_device_nvidia, acc_property_name);
  printf("%d %d %s %d\n", acc_get_num_devices(acc_device_nvidia), acc_get_device_type() == acc_device_nvidia,
         n ? n : "(null)", (int)acc_get_property(0, acc_device_nvidia, acc_property_shared_memory_support));
  acc_set_device_num(1, acc_device_nvidia);
  printf("%d\n", acc_get_device_num(acc_device_nvidia));
  return 0;
}
C
"$ACCC" -fopenacc "$tmp/count.c" -o "$tmp/count" &&
    ACCMOCK_DEVICES=2 ACC_DEVICE_TYPE=nvidia "$tmp/count" >"$tmp/count.out" 2>&1
[ "$(cat "$tmp/count.out")" = "$(printf '2 1 accmock GPU 1 0\n1')" ]
check "two mock devices: count, properties, acc_set_device_num ($(tr '\n' '|' <"$tmp/count.out"))" $?
# The default with a driver, a device and a PTX image is nvidia: ACCMOCK_TRACE shows the launch.
# (Into a file first: `| grep -q` would end the program with SIGPIPE, failing the pipeline.)
ACCMOCK_TRACE=1 "$tmp/trace" >"$tmp/default-nvidia.out" 2>&1
grep -q '^accmock: cuLaunchKernel' "$tmp/default-nvidia.out"
check "with a device and a PTX image the default device is nvidia" $?
# ACCC_TIME times GPU kernels with events recorded around each launch on its stream, read
# after the kernel (never in a host callback): one timed event pair and one elapsed-time read
# per launch, and the table counts every launch.
ACCC_TIME=1 ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=nvidia "$tmp/trace" >"$tmp/time.out" 2>&1
[ "$(grep -c '^accmock: cuLaunchKernel' "$tmp/time.out")" -eq 3 ] &&
    [ "$(grep -c '^accmock: cuEventRecord(s[0-9]*, timed)' "$tmp/time.out")" -eq 6 ] &&
    [ "$(grep -c '^accmock: cuEventElapsedTime' "$tmp/time.out")" -eq 3 ] &&
    [ "$(grep -c '^accrt:     [0-9]*: kernel launched 1 time, time(us)=[0-9]*$' "$tmp/time.out")" -eq 3 ] &&
    ! grep -q 'could not be read' "$tmp/time.out"
check "ACCC_TIME times kernels with cuEventRecord pairs and cuEventElapsedTime" $?

# Two sections of one array mapped separately, then a construct using the whole array: the
# kernel would reach one of them at a wrong device address, so the launch stops with an error
# naming the variable (host and multicore share memory: no error there).
cat >"$tmp/split.f90" <<'FORTRAN'
program split
  integer :: a(1000), i
  a = 0
  !$acc data copy(a(1:100))
  !$acc data copy(a(901:1000))
  !$acc parallel loop
  do i = 901, 1000
    a(i) = i
  end do
  !$acc end data
  !$acc end data
  print *, sum(a)
end program
FORTRAN
(cd "$tmp" && "$ACCC" -fopenacc split.f90 -o split) &&
    ACC_DEVICE_TYPE=nvidia "$tmp/split" >"$tmp/split.out" 2>"$tmp/split.err"
status=$?
[ $status -eq 1 ] && [ ! -s "$tmp/split.out" ] &&
    grep -qE "^accrt: error: variable 'a' \(4000 bytes at 0x[0-9a-f]+\) is used by a compute construct but is present on the device as 2 separate sections \(400 bytes at 0x[0-9a-f]+, 400 bytes at 0x[0-9a-f]+\)" "$tmp/split.err" &&
    [ "$(ACC_DEVICE_TYPE=multicore "$tmp/split" | tr -d ' ')" = 95050 ]
check "separately mapped sections used as one array are an error naming it" $?
fi

# 3. The compile-and-run programs.
if [ "${ACCC_CUDA_QUICK:-}" != 1 ]; then
    # -rdynamic: the mock finds the host variables of module globals with dlsym.
    ACCC_TEST_LDFLAGS=-rdynamic ACCC_TEST_DEVICES=nvidia bash tests/run.sh >"$tmp/run.txt" 2>&1
    tail -n1 "$tmp/run.txt"
    grep '^FAIL' "$tmp/run.txt" | sed -E 's/^FAIL ([^:]+):.*/\1/' | sort >"$tmp/failed.txt"
    grep -v '^#' "$expected_failures" | sed -E 's/[[:space:]].*//' | grep . | sort >"$tmp/expected.txt"
    if ! diff -u "$tmp/expected.txt" "$tmp/failed.txt" >"$tmp/run.diff"; then
        check "programs under ACC_DEVICE_TYPE=nvidia fail as listed in $expected_failures" 1
        cat "$tmp/run.diff"
        grep '^FAIL' "$tmp/run.txt"
    else
        check "programs under ACC_DEVICE_TYPE=nvidia ($(tail -n1 "$tmp/run.txt"), as expected)" 0
    fi
fi
exit $failed
