#!/usr/bin/env bash
# The data checker (ACCC_CHECK=data, runtime/src/check.rs) on programs with the data bugs it
# exists for: every tests/check/*.c and *.f90 is built by accc from its own folder (so messages
# name `file.c:LINE`) and run three times on the multicore device:
#   ACCC_CHECK=data        its `accrt: check:` lines (the summary aside) must be, in order, the
#                          program's `expect: <text>` comments (each line starts with its text),
#                          then `accrt: check: N finding(s)`; exit status 0;
#   ACCC_CHECK=data,fatal  the same findings and exit status 1;
#   no ACCC_CHECK          no `accrt: check:` line at all, exit status 0.
# That every other test program and example reports nothing under the checker is tests/run.sh's
# "check" device.
# Usage (from the repository root, after `cargo build --release`): bash tests/check.sh
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/check.sh: $ACCC not found; build it first: cargo build --release" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
fail() {
    echo "FAIL tests/check/$1: $2"
    failed=$((failed + 1))
}
cd "$root/tests/check" || exit 2
for src in *.c *.f90; do
    [ -e "$src" ] || continue
    exe="$tmp/${src%.*}"
    if ! "$ACCC" -fopenacc -O2 "$src" -o "$exe" -lm >"$tmp/build.log" 2>&1; then
        fail "$src" "accc build failed: $(head -n1 "$tmp/build.log")"
        continue
    fi
    grep -o 'expect: .*' "$src" | sed 's/^expect: //' >"$tmp/expected"
    count=$(wc -l <"$tmp/expected")
    case $count in
        1) summary="accrt: check: 1 finding" ;;
        *) summary="accrt: check: $count findings" ;;
    esac
    ACC_DEVICE_TYPE=multicore ACCC_CHECK=data timeout 60 "$exe" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "$src" "exit $rc under ACCC_CHECK=data: $(head -n1 "$tmp/err")"
        continue
    fi
    grep '^accrt: check:' "$tmp/err" | grep -Ev '^accrt: check: ([0-9]+|no) findings?( \(.*\))?$' |
        sed 's/^accrt: check: //' >"$tmp/found"
    ok=1
    if [ "$(wc -l <"$tmp/found")" -ne "$count" ]; then
        fail "$src" "$(wc -l <"$tmp/found") findings, expected $count: $(head -c 300 "$tmp/found")"
        ok=0
    else
        while IFS= read -r want <&3 && IFS= read -r got <&4; do
            if [ "${got#"$want"}" = "$got" ]; then
                fail "$src" "finding '$got' does not start with '$want'"
                ok=0
                break
            fi
        done 3<"$tmp/expected" 4<"$tmp/found"
    fi
    [ $ok -eq 1 ] || continue
    if [ "$(tail -n1 "$tmp/err")" != "$summary" ]; then
        fail "$src" "last line '$(tail -n1 "$tmp/err")', expected '$summary'"
        continue
    fi
    ACC_DEVICE_TYPE=multicore ACCC_CHECK=data,fatal timeout 60 "$exe" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 1 ] || [ "$(grep -c '^accrt: check:' "$tmp/err")" -ne $((count + 1)) ]; then
        fail "$src" "ACCC_CHECK=data,fatal: exit $rc (expected 1), $(grep -c '^accrt: check:' "$tmp/err") check lines"
        continue
    fi
    ACC_DEVICE_TYPE=multicore timeout 60 "$exe" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || grep -q 'accrt: check' "$tmp/err"; then
        fail "$src" "without ACCC_CHECK: exit $rc, $(head -n1 "$tmp/err")"
        continue
    fi
    echo "PASS tests/check/$src"
    passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
