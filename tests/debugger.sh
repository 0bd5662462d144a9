#!/usr/bin/env bash
# Debugging compute regions on the multicore device: tests/debugger/region.c and region.f90
# built by accc with -g (at -O0 and, for C, -O2 too) and run under gdb in batch mode, with a
# breakpoint on a line inside the compute region. gdb must stop in the region's kernel (a
# function __accc_<function>_<line>_parallel_...) at that line, on the multicore device, and
# at -O0 show the region's own local variables (`info locals`: the loop index and `twice`)
# and print one. scripts/setup.sh installs gdb.
# Usage (from the repository root, after `cargo build --release`): bash tests/debugger.sh
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/debugger.sh: $ACCC not found; build it first: cargo build --release" >&2
    exit 2
fi
if ! command -v gdb >/dev/null 2>&1; then
    echo "tests/debugger.sh: gdb not found (scripts/setup.sh installs it)" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-debugger.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # name, source, line, level, expected line text, extra gdb commands and patterns...
    local name=$1 src=$2 line=$3 level=$4 text=$5
    shift 5
    local exe="$tmp/$name"
    if ! (cd "$root/tests/debugger" && "$ACCC" -fopenacc -g "$level" "$src" -o "$exe") >"$tmp/build.log" 2>&1; then
        echo "FAIL $name: accc -g $level failed: $(head -n1 "$tmp/build.log")"
        failed=$((failed + 1))
        return
    fi
    local commands=(-ex "break $src:$line" -ex run -ex "frame")
    local patterns=()
    while [ $# -gt 0 ]; do
        commands+=(-ex "$1")
        patterns+=("$2")
        shift 2
    done
    ACC_DEVICE_TYPE=multicore timeout 120 gdb -q -nx -batch "${commands[@]}" -ex kill "$exe" \
        >"$tmp/gdb.out" 2>&1 </dev/null
    local want
    for want in "hit Breakpoint" "__accc_[a-z]*_[0-9]*_parallel_[0-9a-f]* () at .*$src:$line" \
        "^$line[[:space:]]*$text" "${patterns[@]}"; do
        if ! grep -q -- "$want" "$tmp/gdb.out"; then
            echo "FAIL $name: gdb's output lacks '$want':"
            sed 's/^/    /' "$tmp/gdb.out" | grep -v '^    \[' | head -20
            failed=$((failed + 1))
            return
        fi
    done
    echo "PASS $name"
    passed=$((passed + 1))
}
check c-O0 region.c 9 -O0 "double twice = a\[i\] \* 2;" \
    "info locals" "^i = [0-9]" "info locals" "^twice = " "print i" "^\$[0-9]* = [0-9]"
check c-O2 region.c 10 -O2 "s += twice;"
check fortran-O0 region.f90 10 -O0 "s = s + 2 \* a(i)"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
