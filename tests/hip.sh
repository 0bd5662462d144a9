#!/usr/bin/env bash
# libaccrt's radeon device (the HIP backend) without a GPU: tests/mockcuda/mockcuda.c built with
# -DMOCK_HIP is a test double of the HIP runtime, built as libamdhip64.so in a temp dir put first
# on LD_LIBRARY_PATH (device memory is separate malloc'd buffers, so a missing copy gives a
# wrong answer; kernels run through their host versions, see runtime/src/gpudev.rs; code
# objects must be AMDGPU ELF for the mock device's gfx, ACCMOCK_GFX, default gfx90a). The
# programs are built with -foffload=amdgcn (AMDGPU code objects). Then:
#  1. the runtime calls of tests/mockcuda/trace.c (ACCMOCK_TRACE=1) must equal
#     tests/mockcuda/trace-hip.expected (ACCC_BLESS=1 rewrites it);
#  1b. declared globals (hipModuleGetGlobal) give the host run's answer; the multi-file
#     programs with declared globals of tests/routines/ run on the mock; declare link's
#     pointer is written as data clauses map the variable, and an unmapped one is an error;
#  2. image choice and failure paths: of two code objects the device's own is loaded (the other
#     refused), none loading is an error naming each, hipInit failing and a missing
#     libamdhip64 are clear errors, the default device is radeon with a device and a code
#     object and multicore without a usable runtime, acc_get_num_devices and properties count
#     ACCMOCK_DEVICES;
#  3. every compile-and-run program of tests/run.sh runs under ACC_DEVICE_TYPE=radeon; the
#     programs that fail must be exactly those of tests/mockcuda/expected-failures-hip.
# Usage (from the repository root, after `cargo build --release`): bash tests/hip.sh
# ACCC_HIP_QUICK=1 skips step 3.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/hip.sh: build accc first" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-hip.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
check() { # name, condition status
    if [ "$2" -eq 0 ]; then echo "PASS hip: $1"; else echo "FAIL hip: $1"; failed=1; fi
}

mkdir -p "$tmp/mock"
cc -O1 -Wall -Wextra -Werror -shared -fPIC -DMOCK_HIP -o "$tmp/mock/libamdhip64.so" tests/mockcuda/mockcuda.c -lpthread ||
    { echo "FAIL hip: the mock HIP runtime does not build"; exit 1; }
export LD_LIBRARY_PATH="$tmp/mock${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# 1. The trace snapshot (kernel hashes masked).
"$ACCC" -fopenacc -O2 -foffload=amdgcn tests/mockcuda/trace.c -o "$tmp/trace" || { echo "FAIL hip: trace.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=radeon "$tmp/trace" >"$tmp/trace.out" 2>"$tmp/trace.err"
status=$?
{ cat "$tmp/trace.out"; grep '^accmock: ' "$tmp/trace.err"; } |
    sed -E 's/(__accc_[A-Za-z0-9_]+_)[0-9a-f]{8}\b/\1HASH/g' >"$tmp/trace.got"
if [ "${ACCC_BLESS:-}" = 1 ]; then
    cp "$tmp/trace.got" tests/mockcuda/trace-hip.expected
fi
diff -u tests/mockcuda/trace-hip.expected "$tmp/trace.got" >"$tmp/trace.diff"
[ $status -eq 0 ] && [ ! -s "$tmp/trace.diff" ]
check "runtime call trace of trace.c" $?
[ -s "$tmp/trace.diff" ] && head -40 "$tmp/trace.diff"

# 1b. Declared globals (tests/mockcuda/globals.c): the code object's globals come from
# hipModuleGetGlobal (sized from the ELF symbol) and the program prints what it prints on the
# host.
"$ACCC" -fopenacc -O2 -foffload=amdgcn -rdynamic tests/mockcuda/globals.c -o "$tmp/globals" || { echo "FAIL hip: globals.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=radeon "$tmp/globals" >"$tmp/globals.out" 2>"$tmp/globals.err"
status=$?
[ $status -eq 0 ] && [ "$(cat "$tmp/globals.out")" = "$(ACC_DEVICE_TYPE=host "$tmp/globals")" ] &&
    [ "$(grep -c '^accmock: hipModuleGetGlobal(' "$tmp/globals.err")" -eq 2 ] &&
    ! grep -q 'hipMalloc' "$tmp/globals.err"
check "declared globals through hipModuleGetGlobal ($(cat "$tmp/globals.out"))" $?
# declare link (tests/mockcuda/link.c): the link pointer comes from hipModuleGetGlobal (8
# bytes), data clauses and acc_map_data point it at the mapped copy (the host run's answer),
# acc_unmap_data and the regions' ends write null, and an unmapped link variable stops the
# launch, naming it.
"$ACCC" -fopenacc -O2 -foffload=amdgcn -rdynamic tests/mockcuda/link.c -o "$tmp/link" || { echo "FAIL hip: link.c does not build"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=radeon "$tmp/link" >"$tmp/link.out" 2>"$tmp/link.err"
status=$?
[ $status -eq 0 ] && [ "$(cat "$tmp/link.out")" = "$(ACC_DEVICE_TYPE=host "$tmp/link")" ] &&
    grep -q '^accmock: hipModuleGetGlobal(__accc_link_table) = d1, 8 bytes' "$tmp/link.err" &&
    [ "$(grep -c '<- host: link -> d[0-9]*[-+][0-9]*, 8 bytes' "$tmp/link.err")" -eq 3 ] &&
    [ "$(grep -c '<- host: link -> null, 8 bytes' "$tmp/link.err")" -eq 3 ]
check "declare link through hipModuleGetGlobal ($(cat "$tmp/link.out"))" $?
ACC_DEVICE_TYPE=radeon "$tmp/link" unmapped >/dev/null 2>"$tmp/unmapped.err"
[ $? -eq 1 ] && grep -q "^accrt: error: kernel launch at tests/mockcuda/link.c:33: variable 'table' in declare link is not present on the radeon device" "$tmp/unmapped.err"
check "a launch using an unmapped declare link variable is an error naming it" $?
ACCC_ROUTINES_DEVICES=radeon ACCC_ROUTINES_LDFLAGS="-rdynamic -foffload=amdgcn" bash tests/routines.sh \
    declare-globals-device declared-global declare-only-file fortran-module-variables fortran-modules \
    declare-link-file fortran-module-link fortran-module-allocatables \
    fortran-module-allocate-elsewhere >"$tmp/routines.txt" 2>&1
check "multi-file programs with declared globals under ACC_DEVICE_TYPE=radeon ($(tail -n1 "$tmp/routines.txt"))" $?
grep '^FAIL' "$tmp/routines.txt"

# 2. Image choice: two code objects; the mock device (gfx90a) refuses the gfx942 one.
"$ACCC" -fopenacc -O2 --offload-arch=gfx942,gfx90a tests/mockcuda/trace.c -o "$tmp/two" || { echo "FAIL hip: the two-arch build fails"; exit 1; }
ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=radeon "$tmp/two" >"$tmp/two.out" 2>"$tmp/two.err"
[ $? -eq 0 ] && [ "$(head -n1 "$tmp/two.out")" = "$(head -n1 "$tmp/trace.out")" ] &&
    grep -q 'hipModuleLoadData: the code object is for EF_AMDGPU_MACH 0x4c, the device is gfx90a' "$tmp/two.err" &&
    [ "$(grep -c '^accmock: hipModuleLoadData(gfx90a code object)' "$tmp/two.err")" -eq 1 ]
check "of gfx942 and gfx90a code objects the gfx90a device loads its own" $?
ACCMOCK_GFX=gfx908 ACC_DEVICE_TYPE=radeon "$tmp/two" >/dev/null 2>"$tmp/none.err"
[ $? -eq 1 ] && grep -q '^accrt: error: no radeon device image loads on this device: HIP runtime call hipModuleLoadData failed: hipErrorNoBinaryForGpu (no kernel image is available for execution on the device) loading the gfx942 code object (.*); HIP runtime call hipModuleLoadData failed: .* loading the gfx90a code object' "$tmp/none.err"
check "no code object for the device's gfx is an error naming each load" $?
ACCMOCK_NO_INIT=1 ACC_DEVICE_TYPE=radeon "$tmp/trace" >/dev/null 2>"$tmp/init.err"
[ $? -eq 1 ] && grep -qx 'accrt: error: ACC_DEVICE_TYPE=radeon: no radeon device is available: the HIP runtime cannot be initialised: hipInit failed: hipErrorNoDevice (no ROCm-capable device is detected); use ACC_DEVICE_TYPE=multicore or host' "$tmp/init.err"
check "hipInit failing is a clear error" $?
ACCMOCK_NO_INIT=1 "$tmp/trace" >"$tmp/default.out" 2>&1
[ $? -eq 0 ] && grep -q '^sum 999000 ' "$tmp/default.out"
check "without a usable HIP runtime the default device is multicore" $?
LD_LIBRARY_PATH=/nonexistent ACC_DEVICE_TYPE=radeon "$tmp/trace" >/dev/null 2>"$tmp/missing.err"
[ $? -eq 1 ] && grep -q 'no radeon device is available: the HIP runtime library cannot be loaded (tried libamdhip64.so.7, libamdhip64.so.6, libamdhip64.so.5, libamdhip64.so; ' "$tmp/missing.err"
check "a missing libamdhip64 is a clear error" $?
ACCMOCK_TRACE=1 "$tmp/trace" >"$tmp/default-radeon.out" 2>&1
grep -q '^accmock: hipModuleLaunchKernel' "$tmp/default-radeon.out"
check "with a device and a code object the default device is radeon" $?
# ACCC_TIME times GPU kernels with events recorded around each launch on its stream, read
# after the kernel (never in a host callback): one timed event pair and one elapsed-time read
# per launch, and the table counts every launch.
ACCC_TIME=1 ACCMOCK_TRACE=1 ACC_DEVICE_TYPE=radeon "$tmp/trace" >"$tmp/time.out" 2>&1
[ "$(grep -c '^accmock: hipModuleLaunchKernel' "$tmp/time.out")" -eq 3 ] &&
    [ "$(grep -c '^accmock: hipEventRecord(s[0-9]*, timed)' "$tmp/time.out")" -eq 6 ] &&
    [ "$(grep -c '^accmock: hipEventElapsedTime' "$tmp/time.out")" -eq 3 ] &&
    [ "$(grep -c '^accrt:     [0-9]*: kernel launched 1 time, time(us)=[0-9]*$' "$tmp/time.out")" -eq 3 ] &&
    ! grep -q 'could not be read' "$tmp/time.out"
check "ACCC_TIME times kernels with hipEventRecord pairs and hipEventElapsedTime" $?
cat >"$tmp/count.c" <<'C'
#include <openacc.h>
#include <stdio.h>
int main(void) {
  const char *n = acc_get_property_string(1, acc_device_radeon, acc_property_name);
  const char *v = acc_get_property_string(0, acc_device_radeon, acc_property_vendor);
  const char *d = acc_get_property_string(0, acc_device_radeon, acc_property_driver);
  printf("%d %d %d %s %s %s %d\n", acc_get_num_devices(acc_device_radeon), acc_get_num_devices(acc_device_nvidia),
         acc_get_device_type() == acc_device_radeon, n ? n : "(null)", v ? v : "(null)", d ? d : "(null)",
         (int)acc_get_property(0, acc_device_radeon, acc_property_shared_memory_support));
  acc_set_device_num(1, acc_device_radeon);
  printf("%d %d\n", acc_get_device_num(acc_device_radeon), acc_on_device(acc_device_radeon));
  return 0;
}
C
"$ACCC" -fopenacc "$tmp/count.c" -o "$tmp/count" &&
    ACCMOCK_DEVICES=2 ACC_DEVICE_TYPE=radeon "$tmp/count" >"$tmp/count.out" 2>&1
[ "$(cat "$tmp/count.out")" = "$(printf '2 0 1 accmock AMD GPU 1 AMD HIP 6.3 (libamdhip64.so) 0\n1 0')" ]
check "two mock devices: count, properties, acc_set_device_num ($(tr '\n' '|' <"$tmp/count.out"))" $?

# 3. The compile-and-run programs.
if [ "${ACCC_HIP_QUICK:-}" != 1 ]; then
    # -rdynamic: the mock finds the host variables of module globals with dlsym.
    ACCC_TEST_LDFLAGS="-rdynamic -foffload=amdgcn" ACCC_TEST_DEVICES=radeon bash tests/run.sh >"$tmp/run.txt" 2>&1
    tail -n1 "$tmp/run.txt"
    grep '^FAIL' "$tmp/run.txt" | sed -E 's/^FAIL ([^:]+):.*/\1/' | sort >"$tmp/failed.txt"
    grep -v '^#' tests/mockcuda/expected-failures-hip | sed -E 's/[[:space:]].*//' | grep . | sort >"$tmp/expected.txt"
    if ! diff -u "$tmp/expected.txt" "$tmp/failed.txt" >"$tmp/run.diff"; then
        check "programs under ACC_DEVICE_TYPE=radeon fail as listed in tests/mockcuda/expected-failures-hip" 1
        cat "$tmp/run.diff"
        grep '^FAIL' "$tmp/run.txt"
    else
        check "programs under ACC_DEVICE_TYPE=radeon ($(tail -n1 "$tmp/run.txt"), as expected)" 0
    fi
fi
exit $failed
