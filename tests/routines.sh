#!/usr/bin/env bash
# Multi-file routine tests (link-time routine propagation, acc-ir/src/passes/routines.rs).
# Each directory tests/routines/<case>/ is one program:
#   * every *.c is compiled with `accc -fopenacc -c` from inside the directory (so messages name
#     the files as the user wrote them), except host_*.c, compiled by plain `cc -c` (code accc
#     never saw), and lib*.c, whose objects go into a static library libcase.a made with `ar`;
#     every *.f90 likewise (host_*.f90 by plain `gfortran -c`), in name order (a module's file
#     must sort before its users), with `-J` and `-I` naming the scratch directory, where the
#     `.mod` and accc's `.accmod` files go (never into the source tree);
#   * when <case>/compile.expected exists, the compiles run with -fopt-info-acc and their
#     standard error, concatenated, must equal it (ACCC_BLESS=1 rewrites it);
#   * the link `accc -fopenacc -fopt-info-acc -save-temps <objects> [libcase.a] -o prog` (for a
#     case named *-lflag, `-L<dir> -lcase` instead of the archive's path) must
#     write exactly <case>/expected (its standard error: remarks and diagnostics);
#     ACCC_BLESS=1 rewrites the expected files;
#   * a case whose expected output has an error must fail with exit status 1 and leave no
#     program; any other must link, and the program must exit 0 (it checks its own results)
#     under ACC_DEVICE_TYPE=host and multicore; its PTX (written by -save-temps) must pass
#     ptxas when ptxas is installed (scripts/setup.sh).
# ACCC_ROUTINES_DEVICES replaces the device types the programs run under (tests/cuda.sh: nvidia
# on the mock driver) and ACCC_ROUTINES_LDFLAGS adds link options (tests/cuda.sh: -rdynamic).
# Usage (from the repository root, after `cargo build --release`): bash tests/routines.sh [case...]
# (with case names, only those cases run)
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "tests/routines.sh: $ACCC not found; build it first: cargo build --release" >&2
    exit 2
fi
ptxas=""
for p in "${ACCC_VENV:-$HOME/.local/share/accc/venv}"/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
    [ -x "$p" ] && ptxas="$p"
done
[ -z "$ptxas" ] && ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && echo "routines: ptxas not found: PTX of the programs is not checked"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-routines.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

for dir in "$root"/tests/routines/*/; do
    case=$(basename "$dir")
    if [ $# -gt 0 ] && [[ " $* " != *" $case "* ]]; then
        continue
    fi
    work="$tmp/$case"
    mkdir -p "$work"
    objects=()
    members=()
    ok=1
    remarks=()
    [ -e "$dir/compile.expected" ] && remarks=(-fopt-info-acc)
    : >"$work/compile.raw"
    shopt -s nullglob
    sources=("$dir"*.c "$dir"*.f90)
    shopt -u nullglob
    for source in "${sources[@]}"; do
        file=$(basename "$source")
        name=${file%.*}
        object="$work/$name.o"
        if [[ $name == host_* && $file == *.f90 ]]; then
            (cd "$dir" && gfortran -c "$file" -J "$work" -I "$work" -o "$object") || ok=0
        elif [[ $name == host_* ]]; then
            (cd "$dir" && cc -c "$file" -o "$object") || ok=0
        else
            # Module files (.mod, .accmod) go to the scratch directory, where later files find
            # them.
            (cd "$dir" && "$ACCC" -fopenacc "${remarks[@]}" -c "$file" -J "$work" -I "$work" \
                -o "$object" 2>>"$work/compile.raw") || ok=0
        fi
        if [[ $name == lib* ]]; then
            members+=("$object")
        else
            objects+=("$object")
        fi
    done
    if [ $ok = 0 ]; then
        fail "$case" "a source did not compile: $(head -c 500 "$work/compile.raw")"
        continue
    fi
    if [ ${#remarks[@]} -gt 0 ]; then
        sed "s|$work/||g" "$work/compile.raw" >"$work/compile.stderr"
        if [ "${ACCC_BLESS:-}" = 1 ]; then
            cp "$work/compile.stderr" "$dir/compile.expected"
        fi
        if ! diff -u "$dir/compile.expected" "$work/compile.stderr" >"$work/diff" 2>&1; then
            fail "$case" "compile output differs from $case/compile.expected:"
            cat "$work/diff"
            continue
        fi
    elif [ -s "$work/compile.raw" ]; then
        fail "$case" "a compile wrote to standard error: $(head -c 500 "$work/compile.raw")"
        continue
    fi
    if [ ${#members[@]} -gt 0 ]; then
        ar rcs "$work/libcase.a" "${members[@]}"
        if [[ $case == *-lflag ]]; then
            objects+=(-L "$work" -lcase)
        else
            objects+=("$work/libcase.a")
        fi
    fi
    # shellcheck disable=SC2086 # the options are words
    (cd "$dir" && "$ACCC" -fopenacc -fopt-info-acc -save-temps ${ACCC_ROUTINES_LDFLAGS:-} "${objects[@]}" -o "$work/prog") \
        2>"$work/stderr.raw"
    rc=$?
    # Paths of the scratch directory are not part of the expected output.
    sed "s|$work/||g" "$work/stderr.raw" >"$work/stderr"
    expected="$dir/expected"
    if [ "${ACCC_BLESS:-}" = 1 ]; then
        cp "$work/stderr" "$expected"
    fi
    if ! diff -u "$expected" "$work/stderr" >"$work/diff" 2>&1; then
        fail "$case" "link output differs from $case/expected:"
        cat "$work/diff"
        continue
    fi
    if grep -q ": error:" "$expected"; then
        if [ $rc -ne 1 ]; then
            fail "$case" "link exited with $rc, expected 1"
        elif [ -e "$work/prog" ]; then
            fail "$case" "a failed link left the program behind"
        else
            passed=$((passed + 1))
        fi
        continue
    fi
    if [ $rc -ne 0 ]; then
        fail "$case" "link exited with $rc"
        continue
    fi
    for device in ${ACCC_ROUTINES_DEVICES:-host multicore}; do
        if ! ACC_DEVICE_TYPE=$device ACC_NUM_CORES=2 timeout 60 "$work/prog" >"$work/out.$device" 2>&1; then
            fail "$case" "the program failed under $device: $(head -c 300 "$work/out.$device")"
            ok=0
        fi
    done
    if [ -n "$ptxas" ] && [ $ok = 1 ]; then
        for ptx in "$work"/prog.*.ptx; do
            [ -e "$ptx" ] || continue
            if ! "$ptxas" -arch=sm_90 "$ptx" -o "$work/prog.cubin" 2>"$work/ptxas"; then
                fail "$case" "ptxas rejected $(basename "$ptx"): $(head -c 500 "$work/ptxas")"
                ok=0
            fi
        done
    fi
    [ $ok = 1 ] && passed=$((passed + 1))
done
echo "routines: $passed passed, $failed failed"
[ $failed -eq 0 ]
