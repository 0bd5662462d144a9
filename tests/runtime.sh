#!/usr/bin/env bash
# Runtime tests that need a program built by accc and a look at the runtime's own output:
#   ACCC_NOTIFY=31 ACCC_TIME=1 snapshot: tests/runtime/notify.c under ACC_DEVICE_TYPE=host and
#   multicore (2 cores); stderr, with the measured times replaced by N, must equal
#   tests/runtime/notify.<device>.expected. ACCC_BLESS=1 rewrites the expected files.
#   Fortran: an array that is not contiguous is an error naming the routine (and, in host_data
#   use_device, the variable and the construct); a construct that divides by zero is reported with its location under host and multicore.
#   Profiling (acc_prof.h): tests/runtime/proftool.c built as a tool library (cc -shared -fPIC)
#   that writes one line per event and the counts of each kind; tests/runtime/profiled.c run
#   with ACC_PROFLIB=<tool> under host and multicore must write tests/runtime/profiled.<device>.
#   expected (ACCC_BLESS=1 rewrites them) with no broken invariant; the same tool preloaded
#   (LD_PRELOAD) and named twice in ACC_PROFLIB registers once; a missing ACC_PROFLIB library
#   and one without acc_register_library are warnings; tests/runtime/profregister.c registers
#   its own tool (acc_register_library called by the program) and checks itself.
#   Failures: tests/runtime/failures.c runs each of its scenarios (absent and partly present
#   data for present/copyin/update, a negative length, a kernel that faults, synchronously and
#   async, a kernel whose worker loop faults on another thread of its gang's team, the host
#   code of a region that was not offloaded faulting, a stack overflow by deep recursion in a
#   routine and by a huge private array, acc_free of a bad pointer, acc_malloc of 2^60 bytes,
#   copyout/delete of absent data, a set device_num beyond the host's one device: a warning)
#   under host, multicore and multicore with the data checker (ACCC_CHECK=data: partly present
#   data is a warning on the host's memory, an error under the checker); exit status, stdout and stderr (addresses replaced by 0xADDR) must
#   equal tests/runtime/failures.<device>.expected (ACCC_BLESS=1 rewrites them). ACC_DEVICE_TYPE
#   naming nvidia or radeon (without a GPU of that type) or an unknown type stops the program
#   with one line.
# Usage (from the repository root, after `cargo build --release`): bash tests/runtime.sh
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/runtime.sh: $ACCC not found; build it first: cargo build --release" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-runtime.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# The file name in the events is the one given to accc: build from tests/runtime.
if (cd "$root/tests/runtime" && "$ACCC" -fopenacc -O2 -Wall -Werror notify.c -o "$tmp/notify"); then
    for device in host multicore; do
        expected="$root/tests/runtime/notify.$device.expected"
        ACCC_NOTIFY=31 ACCC_TIME=1 ACC_NUM_CORES=2 ACC_DEVICE_TYPE=$device "$tmp/notify" \
            >"$tmp/out" 2>"$tmp/err.raw"
        rc=$?
        sed -E 's/time\(us\)=[0-9]+/time(us)=N/' "$tmp/err.raw" >"$tmp/err"
        if [ "${ACCC_BLESS:-}" = 1 ]; then
            cp "$tmp/err" "$expected"
        fi
        if [ $rc -ne 0 ]; then
            fail "notify ($device)" "exit $rc"
        elif [ "$(cat "$tmp/out")" != 1999 ]; then
            fail "notify ($device)" "stdout '$(cat "$tmp/out")', want 1999"
        elif ! diff -u "$expected" "$tmp/err" >"$tmp/diff"; then
            fail "notify ($device)" "stderr differs from $expected:"
            cat "$tmp/diff"
        else
            pass "notify ($device)"
        fi
    done
    # Without the variables the runtime prints nothing.
    if [ -n "$(ACC_DEVICE_TYPE=multicore "$tmp/notify" 2>&1 >/dev/null)" ]; then
        fail "notify (quiet)" "stderr without ACCC_NOTIFY/ACCC_TIME"
    else
        pass "notify (quiet)"
    fi
else
    fail notify "accc could not build tests/runtime/notify.c"
fi

# ACCC_TIME on multicore: an async kernel's time is its own run, not also its wait behind the
# kernels queued before it on its queue (which once summed to seconds in a 0.1 s program). The
# kernels of one queue run one after another, so their times add up to at most the time the
# program waited for them.
cat >"$tmp/asynctime.c" <<'C'
#include <stdio.h>
#include <time.h>
#define N 200000
static double a[N];
int main(void) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
#pragma acc data create(a)
    {
        for (int r = 0; r < 100; r++) {
#pragma acc parallel loop async(1)
            for (int i = 0; i < N; i++)
                a[i] = a[i] * 0.5 + r;
        }
#pragma acc wait(1)
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%ld\n", (long)((t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_nsec - t0.tv_nsec) / 1000));
    return 0;
}
C
if "$ACCC" -fopenacc -O2 "$tmp/asynctime.c" -o "$tmp/asynctime"; then
    elapsed=$(ACCC_TIME=1 ACC_NUM_CORES=2 ACC_DEVICE_TYPE=multicore "$tmp/asynctime" 2>"$tmp/asynctime.err")
    kernels=$(sed -nE 's/.*kernel launched 100 times, time\(us\)=([0-9]+).*/\1/p' "$tmp/asynctime.err")
    if [ -n "$kernels" ] && [ -n "$elapsed" ] && [ "$kernels" -le "$elapsed" ]; then
        pass "ACCC_TIME async kernels (multicore)"
    else
        fail "ACCC_TIME async kernels (multicore)" "kernel time '$kernels' us in a run of '$elapsed' us"
        cat "$tmp/asynctime.err"
    fi
else
    fail "ACCC_TIME async kernels (multicore)" "accc could not build it"
fi

cat >"$tmp/noncontiguous.f90" <<'FORTRAN'
program noncontiguous
  use openacc
  real :: b(20, 30)
  call acc_copyin(b(1:20:2, :))
end program
FORTRAN
if (cd "$tmp" && "$ACCC" -fopenacc noncontiguous.f90 -o noncontiguous); then
    "$tmp/noncontiguous" 2>"$tmp/nc.err"
    rc=$?
    want="accrt: error: the array is not contiguous (in call to acc_copyin)"
    if [ $rc -eq 1 ] && [ "$(cat "$tmp/nc.err")" = "$want" ]; then
        pass "fortran non-contiguous array"
    else
        fail "fortran non-contiguous array" "exit $rc, stderr '$(cat "$tmp/nc.err")'"
    fi
else
    fail "fortran non-contiguous array" "accc could not build it"
fi

# Fortran: host_data use_device of data that is not contiguous is an error naming the variable
# and the construct (the associate name is a contiguous view of the device copy).
cat >"$tmp/hostdata_nc.f90" <<'FORTRAN'
program hostdata_nc
  integer :: a(10, 10)
  a = 1
  call f(a(1:10:2, :))
contains
  subroutine f(x)
    integer :: x(:, :)
    !$acc data copy(x)
    !$acc host_data use_device(x)
    print *, size(x)
    !$acc end host_data
    !$acc end data
  end subroutine
end program
FORTRAN
if (cd "$tmp" && "$ACCC" -fopenacc hostdata_nc.f90 -o hostdata_nc); then
    "$tmp/hostdata_nc" >"$tmp/hd.out" 2>"$tmp/hd.err"
    rc=$?
    want="accrt: error: host_data use_device(x) (hostdata_nc.f90:9): the data is not contiguous; accc gives the device address of contiguous data only"
    if [ $rc -eq 1 ] && [ "$(cat "$tmp/hd.err")" = "$want" ] && [ ! -s "$tmp/hd.out" ]; then
        pass "fortran host_data of non-contiguous data"
    else
        fail "fortran host_data of non-contiguous data" "exit $rc, stderr '$(cat "$tmp/hd.err")'"
    fi
else
    fail "fortran host_data of non-contiguous data" "accc could not build it"
fi

# Fortran: a compute construct dividing by zero (SIGFPE) is reported with its location, on the
# host device (the host code, compiled by gfortran) and on multicore (the kernel).
cat >"$tmp/divide.f90" <<'FORTRAN'
program divide
  implicit none
  integer :: k, n
  n = command_argument_count()
  k = 7
  !$acc serial copy(k)
  k = k / n
  !$acc end serial
  print *, k
end program
FORTRAN
if (cd "$tmp" && "$ACCC" -fopenacc divide.f90 -o divide); then
    for device in host multicore; do
        case $device in
            host) want="accrt: error: serial construct (divide.f90:6, function divide) faulted on the host device: SIGFPE (arithmetic exception) at address 0xADDR" ;;
            *) want="accrt: error: kernel '__accc_divide_6_serial_HASH' (divide.f90:6, function divide) faulted on the multicore device: SIGFPE (arithmetic exception) at address 0xADDR" ;;
        esac
        { (ulimit -c 0 && exec env ACC_DEVICE_TYPE=$device "$tmp/divide") >/dev/null 2>"$tmp/div.err"; rc=$?; } 2>/dev/null
        got=$(sed -E 's/0x[0-9a-f]+/0xADDR/; s/_serial_[0-9a-f]{8}/_serial_HASH/' "$tmp/div.err")
        if [ $rc -eq 1 ] && [ "$got" = "$want" ]; then
            pass "fortran construct fault ($device)"
        else
            fail "fortran construct fault ($device)" "exit $rc, stderr '$got'"
        fi
    done
else
    fail "fortran construct fault" "accc could not build it"
fi

# Profiling: the tool library and the profiled program (built from tests/runtime, so that the
# file names in the events are the ones given to accc).
include="$root/runtime/include"
if cc -shared -fPIC -Wall -Werror -I"$include" "$root/tests/runtime/proftool.c" \
    -o "$tmp/proftool.so" &&
    (cd "$root/tests/runtime" && "$ACCC" -fopenacc -O2 -Wall -Werror profiled.c -o "$tmp/profiled"); then
    # run_profiled NAME DEVICE [VAR=VALUE...]: runs the program with the tool's output in
    # $tmp/NAME.out; fails NAME unless it exits 0 with the right stdout and an empty stderr.
    run_profiled() {
        local name=$1 device=$2
        shift 2
        env "$@" PROFTOOL_OUT="$tmp/$name.out" ACC_NUM_CORES=2 ACC_DEVICE_TYPE=$device \
            "$tmp/profiled" >"$tmp/$name.stdout" 2>"$tmp/$name.stderr"
        local rc=$?
        if [ $rc -ne 0 ] || [ "$(cat "$tmp/$name.stdout")" != "1999 499500 99" ] ||
            [ -s "$tmp/$name.stderr" ]; then
            fail "$name" "exit $rc, stdout '$(cat "$tmp/$name.stdout")', stderr '$(cat "$tmp/$name.stderr")'"
            return 1
        fi
        if grep -q BROKEN "$tmp/$name.out" || ! grep -q "broken=0 unclosed=0" "$tmp/$name.out"; then
            fail "$name" "the tool found broken invariants:"
            grep -E "BROKEN|broken=" "$tmp/$name.out"
            return 1
        fi
    }
    for device in host multicore; do
        expected="$root/tests/runtime/profiled.$device.expected"
        if run_profiled "profiling-$device" $device ACC_PROFLIB="$tmp/proftool.so"; then
            if [ "${ACCC_BLESS:-}" = 1 ]; then
                cp "$tmp/profiling-$device.out" "$expected"
            fi
            if diff -u "$expected" "$tmp/profiling-$device.out" >"$tmp/diff"; then
                pass "profiling ACC_PROFLIB ($device)"
            else
                fail "profiling ACC_PROFLIB ($device)" "the events differ from $expected:"
                cat "$tmp/diff"
            fi
        fi
    done
    # tests/runtime/profevents.c: if clauses that are false, kernels and serial constructs, a
    # wait clause, acc_wait_any, acc_map_data/acc_unmap_data (profevents.<device>.expected).
    if (cd "$root/tests/runtime" && "$ACCC" -fopenacc -O2 -Wall -Werror profevents.c -o "$tmp/profevents"); then
        for device in host multicore; do
            expected="$root/tests/runtime/profevents.$device.expected"
            PROFTOOL_OUT="$tmp/pe.out" ACC_PROFLIB="$tmp/proftool.so" ACC_NUM_CORES=2 \
                ACC_DEVICE_TYPE=$device "$tmp/profevents" >"$tmp/pe.stdout" 2>"$tmp/pe.stderr"
            rc=$?
            if [ "${ACCC_BLESS:-}" = 1 ]; then
                cp "$tmp/pe.out" "$expected"
            fi
            if [ $rc -ne 0 ] || [ "$(cat "$tmp/pe.stdout")" != "-2 128 0" ] || [ -s "$tmp/pe.stderr" ]; then
                fail "profiling events ($device)" "exit $rc, stdout '$(cat "$tmp/pe.stdout")', stderr '$(cat "$tmp/pe.stderr")'"
            elif grep -q BROKEN "$tmp/pe.out" || ! grep -q "broken=0 unclosed=0" "$tmp/pe.out"; then
                fail "profiling events ($device)" "the tool found broken invariants:"
                grep -E "BROKEN|broken=" "$tmp/pe.out"
            elif diff -u "$expected" "$tmp/pe.out" >"$tmp/diff"; then
                pass "profiling events: if false, kernels/serial, wait clause, wait_any, map ($device)"
            else
                fail "profiling events ($device)" "the events differ from $expected:"
                cat "$tmp/diff"
            fi
        done
    else
        fail "profiling events" "accc could not build tests/runtime/profevents.c"
    fi
    # Preloaded and named twice in ACC_PROFLIB: acc_register_library runs once (the tool
    # reports a second call as broken), the events are the same.
    if run_profiled profiling-preload host LD_PRELOAD="$tmp/proftool.so" \
        ACC_PROFLIB="$tmp/proftool.so::$tmp/proftool.so"; then
        if diff -u "$root/tests/runtime/profiled.host.expected" "$tmp/profiling-preload.out" >"$tmp/diff"; then
            pass "profiling LD_PRELOAD + ACC_PROFLIB twice"
        else
            fail "profiling LD_PRELOAD + ACC_PROFLIB twice" "the events differ:"
            cat "$tmp/diff"
        fi
    fi
    # A library that is missing, one without acc_register_library: warnings, the program runs.
    echo 'int unrelated(void) { return 1; }' >"$tmp/notool.c"
    cc -shared -fPIC "$tmp/notool.c" -o "$tmp/notool.so"
    ACC_PROFLIB="/nonexistent/proftool.so:$tmp/notool.so" ACC_DEVICE_TYPE=multicore \
        "$tmp/profiled" >"$tmp/missing.stdout" 2>"$tmp/missing.stderr"
    rc=$?
    first="accrt: warning: ACC_PROFLIB: cannot load '/nonexistent/proftool.so': "
    second="accrt: warning: ACC_PROFLIB: '$tmp/notool.so' defines no acc_register_library; ignored"
    if [ $rc -eq 0 ] && [ "$(cat "$tmp/missing.stdout")" = "1999 499500 99" ] &&
        [ "$(wc -l <"$tmp/missing.stderr")" -eq 2 ] &&
        [[ "$(head -n 1 "$tmp/missing.stderr")" == "$first"*"; ignored" ]] &&
        [ "$(tail -n 1 "$tmp/missing.stderr")" = "$second" ]; then
        pass "profiling: missing ACC_PROFLIB libraries warn"
    else
        fail "profiling: missing ACC_PROFLIB libraries warn" "exit $rc, stderr '$(cat "$tmp/missing.stderr")'"
    fi
else
    fail profiling "could not build tests/runtime/proftool.c or profiled.c"
fi

if (cd "$root/tests/runtime" && "$ACCC" -fopenacc -O2 -Wall -Werror profregister.c -o "$tmp/profregister"); then
    want="accrt: warning: acc_prof_register: invalid event type 99; ignored"
    for device in host multicore; do
        ACC_NUM_CORES=2 ACC_DEVICE_TYPE=$device "$tmp/profregister" >"$tmp/reg.out" 2>"$tmp/reg.err"
        rc=$?
        if [ $rc -eq 0 ] && [ "$(cat "$tmp/reg.out")" = "profregister: ok" ] &&
            [ "$(cat "$tmp/reg.err")" = "$want" ]; then
            pass "profiling acc_register_library from the program ($device)"
        else
            fail "profiling acc_register_library from the program ($device)" \
                "exit $rc, stdout '$(cat "$tmp/reg.out")', stderr '$(cat "$tmp/reg.err")'"
        fi
    done
else
    fail "profiling acc_register_library from the program" "accc could not build profregister.c"
fi

# The failure scenarios, built from tests/runtime so that messages name failures.c.
failure_scenarios=(present-absent present-partly data-present-partly copyin-partly update-absent
    update-self-partly "negative-length -1" "kernel-fault 0" "async-kernel-fault 0"
    "worker-fault 0" "fallback-fault 0" "recursion-overflow 100000000" "private-overflow 2097152"
    api-update-absent api-free-not-malloced api-free-twice api-malloc-huge api-copyout-absent
    api-delete-twice exit-data-absent api-async-invalid api-map-present set-device-type-invalid
    set-device-num-high ok)
if (cd "$root/tests/runtime" && "$ACCC" -fopenacc -O2 -Wall -Werror failures.c -o "$tmp/failures"); then
    for device in host multicore check; do
        expected="$root/tests/runtime/failures.$device.expected"
        : >"$tmp/failures.$device"
        # `check`: multicore under the data checker, where partly present data stays an error
        # (elsewhere on the host's memory it is a warning).
        type=$device checker=
        [ "$device" = check ] && type=multicore checker=data
        for scenario in "${failure_scenarios[@]}"; do
            # No core files, and no "Segmentation fault" line from this shell (the braces'
            # stderr); word splitting of $scenario gives the program its arguments. A 64 MiB
            # main stack: private-overflow's host code holds a 16 MiB array (twice on the main
            # thread under multicore: the fallback's frame and the kernel chunk's).
            # shellcheck disable=SC2086
            {
                (ulimit -c 0 && ulimit -s 65536 && exec env ACC_NUM_CORES=2 ACC_DEVICE_TYPE=$type \
                    ${checker:+ACCC_CHECK=$checker} "$tmp/failures" $scenario) >"$tmp/f.out" 2>"$tmp/f.err"
                rc=$?
            } 2>/dev/null
            {
                echo "== $scenario"
                echo "exit $rc"
                sed 's/^/out: /' "$tmp/f.out"
                sed -E 's/^/err: /; s/0x[0-9a-f]{6,}/0xADDR/g' "$tmp/f.err"
            } >>"$tmp/failures.$device"
        done
        if [ "${ACCC_BLESS:-}" = 1 ]; then
            cp "$tmp/failures.$device" "$expected"
        fi
        if diff -u "$expected" "$tmp/failures.$device" >"$tmp/diff"; then
            pass "runtime failures ($device, ${#failure_scenarios[@]} scenarios)"
        else
            fail "runtime failures ($device)" "the results differ from $expected:"
            cat "$tmp/diff"
        fi
    done
    # ACC_DEVICE_TYPE naming a device that cannot run here: one line, status 1, nothing run.
    # The reason depends on the machine (the vendor library missing, failing to initialise, or
    # finding no device), so only its shape is checked.
    for value in nvidia radeon; do
        if [ $value = nvidia ] && command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
            continue # a GPU is here: nvidia is a device (tests/run.sh runs on it)
        fi
        if [ $value = radeon ] && command -v rocm-smi >/dev/null 2>&1 && rocm-smi --showid >/dev/null 2>&1; then
            continue # an AMD GPU is here: radeon is a device
        fi
        ACC_DEVICE_TYPE=$value "$tmp/failures" ok >"$tmp/d.out" 2>"$tmp/d.err"
        rc=$?
        err=$(cat "$tmp/d.err")
        prefix="accrt: error: ACC_DEVICE_TYPE=$value: no $value device is available: "
        if [ $rc -eq 1 ] && [ ! -s "$tmp/d.out" ] && [ "$(wc -l <"$tmp/d.err")" -eq 1 ] &&
            [[ "$err" == "$prefix"* ]] &&
            [[ "$err" == *"cannot be loaded ("* || "$err" == *"CUDA driver"* || "$err" == *"HIP runtime"* ]] &&
            [[ "$err" == *"; use ACC_DEVICE_TYPE=multicore or host" ]]; then
            pass "ACC_DEVICE_TYPE=$value is an error"
        else
            fail "ACC_DEVICE_TYPE=$value is an error" "exit $rc, stdout '$(cat "$tmp/d.out")', stderr '$err'"
        fi
    done
    ACC_DEVICE_TYPE=bogus "$tmp/failures" ok >"$tmp/d.out" 2>"$tmp/d.err"
    rc=$?
    want="accrt: error: ACC_DEVICE_TYPE=bogus: unknown device type (expected host, multicore, nvidia or radeon)"
    if [ $rc -eq 1 ] && [ ! -s "$tmp/d.out" ] && [ "$(cat "$tmp/d.err")" = "$want" ]; then
        pass "ACC_DEVICE_TYPE=bogus is an error"
    else
        fail "ACC_DEVICE_TYPE=bogus is an error" "exit $rc, stderr '$(cat "$tmp/d.err")'"
    fi
else
    fail "runtime failures" "accc could not build tests/runtime/failures.c"
fi

# The error callback (acc_ev_error): tests/runtime/errortool.c, loaded with ACC_PROFLIB,
# prints what it receives for each failing scenario of failures.c; exit status, stdout and
# stderr must equal tests/runtime/errors.<device>.expected (ACCC_BLESS=1 rewrites them). The
# same tool ending the program from its callback (ERRORTOOL_EXIT=3), and registered twice.
error_scenarios=(present-absent present-partly data-present-partly copyin-partly update-absent
    update-self-partly "negative-length -1" api-update-absent api-free-twice api-async-invalid
    api-map-present set-device-type-invalid ok)
if cc -shared -fPIC -Wall -Werror -I"$include" "$root/tests/runtime/errortool.c" \
    -o "$tmp/errortool.so" && [ -x "$tmp/failures" ]; then
    for device in host multicore check; do
        expected="$root/tests/runtime/errors.$device.expected"
        : >"$tmp/errors.$device"
        type=$device checker=
        [ "$device" = check ] && type=multicore checker=data
        for scenario in "${error_scenarios[@]}"; do
            # shellcheck disable=SC2086
            env ACC_PROFLIB="$tmp/errortool.so" ACC_NUM_CORES=2 ACC_DEVICE_TYPE=$type \
                ${checker:+ACCC_CHECK=$checker} "$tmp/failures" $scenario >"$tmp/e.out" 2>"$tmp/e.err"
            rc=$?
            {
                echo "== $scenario"
                echo "exit $rc"
                sed -E 's/^/out: /; s/0x[0-9a-f]{6,}/0xADDR/g' "$tmp/e.out"
                sed -E 's/^/err: /; s/0x[0-9a-f]{6,}/0xADDR/g' "$tmp/e.err"
            } >>"$tmp/errors.$device"
        done
        if [ "${ACCC_BLESS:-}" = 1 ]; then
            cp "$tmp/errors.$device" "$expected"
        fi
        if grep -q BROKEN "$tmp/errors.$device"; then
            fail "error callback ($device)" "the tool found broken fields:"
            grep -B1 BROKEN "$tmp/errors.$device"
        elif diff -u "$expected" "$tmp/errors.$device" >"$tmp/diff"; then
            pass "error callback ($device, ${#error_scenarios[@]} scenarios)"
        else
            fail "error callback ($device)" "the results differ from $expected:"
            cat "$tmp/diff"
        fi
    done
    ERRORTOOL_EXIT=3 ACC_PROFLIB="$tmp/errortool.so" ACC_DEVICE_TYPE=multicore \
        "$tmp/failures" present-absent >"$tmp/e.out" 2>"$tmp/e.err"
    rc=$?
    if [ $rc -eq 3 ] && [ ! -s "$tmp/e.err" ] && grep -q "^acc_ev_error code=not_present" "$tmp/e.out"; then
        pass "error callback ends the program"
    else
        fail "error callback ends the program" "exit $rc, stdout '$(cat "$tmp/e.out")', stderr '$(cat "$tmp/e.err")'"
    fi
    ERRORTOOL_TWICE=1 ACC_PROFLIB="$tmp/errortool.so" ACC_DEVICE_TYPE=host \
        "$tmp/failures" update-absent >"$tmp/e.out" 2>"$tmp/e.err"
    rc=$?
    if [ $rc -eq 1 ] && [ "$(grep -c "^acc_ev_error code=not_present" "$tmp/e.out")" -eq 1 ] &&
        [ "$(tail -n 1 "$tmp/e.out")" = "second callback: event 26" ] &&
        [ "$(wc -l <"$tmp/e.err")" -eq 1 ]; then
        pass "error callback registered twice"
    else
        fail "error callback registered twice" "exit $rc, stdout '$(cat "$tmp/e.out")', stderr '$(cat "$tmp/e.err")'"
    fi
else
    fail "error callback" "could not build tests/runtime/errortool.c (or failures.c)"
fi

echo "runtime tests: $failed failed"
[ $failed -eq 0 ]
