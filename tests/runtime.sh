#!/usr/bin/env bash
# Runtime tests that need a program built by accc and a look at the runtime's own output:
#   ACCC_NOTIFY=31 ACCC_TIME=1 snapshot: tests/runtime/notify.c under ACC_DEVICE_TYPE=host and
#   multicore (2 cores); stderr, with the measured times replaced by N, must equal
#   tests/runtime/notify.<device>.expected. ACCC_BLESS=1 rewrites the expected files.
#   Fortran: an array that is not contiguous is an error naming the routine.
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

echo "runtime tests: $failed failed"
[ $failed -eq 0 ]
