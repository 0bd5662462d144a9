#!/usr/bin/env bash
# Runtime tests that need a program built by accc and a look at the runtime's own output:
#   ACCC_NOTIFY=31 ACCC_TIME=1 snapshot: tests/runtime/notify.c under ACC_DEVICE_TYPE=host and
#   multicore (2 cores); stderr, with the measured times replaced by N, must equal
#   tests/runtime/notify.<device>.expected. ACCC_BLESS=1 rewrites the expected files.
#   Fortran: an array that is not contiguous is an error naming the routine.
#   Profiling (acc_prof.h): tests/runtime/proftool.c built as a tool library (cc -shared -fPIC)
#   that writes one line per event and the counts of each kind; tests/runtime/profiled.c run
#   with ACC_PROFLIB=<tool> under host and multicore must write tests/runtime/profiled.<device>.
#   expected (ACCC_BLESS=1 rewrites them) with no broken invariant; the same tool preloaded
#   (LD_PRELOAD) and named twice in ACC_PROFLIB registers once; a missing ACC_PROFLIB library
#   and one without acc_register_library are warnings; tests/runtime/profregister.c registers
#   its own tool (acc_register_library called by the program) and checks itself.
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

echo "runtime tests: $failed failed"
[ $failed -eq 0 ]
