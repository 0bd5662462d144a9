#!/usr/bin/env bash
# Compile time (issue 30): accc's CPU time (user + system, children included) against
# gcc -fopenacc's for the same source, one run each:
#   * an ordinary file: examples/jacobi/jacobi.c compiled with -O2 -c (ten compiles, the mean:
#     one takes about a tenth of a second);
#   * a file with 300 `parallel loop` regions in one function, compiled and linked with -O2;
#   * the same 300-region file compiled with -foffload=none (no device IR kept for the link);
#   * linearity: -fsyntax-only on 1000 and on 2000 regions (the second should take about twice
#     the first; the goal is at most 2.2x);
#   * the wall-clock time of the 300-region compile and link: accc runs the host compiler and
#     LLVM side by side, so on more than one core it waits less than it computes.
# Goals: each accc/gcc ratio <= 2. Usage, from the repository root after
# `cargo build --release -p accc`: bash bench/compile.sh
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "bench/compile.sh: $ACCC not found; build it first: cargo build --release -p accc" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-compile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# regions <count> <file> : a C file whose function f holds <count> parallel loops, and a main
regions() {
    {
        echo '#include <stdio.h>'
        echo '#include <stdlib.h>'
        echo 'void f(int m, double *restrict a, double *restrict b)'
        echo '{'
        for ((k = 0; k < $1; k++)); do
            echo '#pragma acc parallel loop copyin(a[0:m]) copy(b[0:m])'
            echo "    for (int i = 0; i < m; i++) b[i] += a[i] * $k.0;"
        done
        echo '}'
        echo 'int main(void)'
        echo '{'
        echo '    int m = 1000;'
        echo '    double *a = malloc(m * sizeof *a), *b = calloc(m, sizeof *b);'
        echo '    for (int i = 0; i < m; i++) a[i] = 1.0;'
        echo '    f(m, a, b);'
        echo '    printf("%g\n", b[10]);'
        echo '    return 0;'
        echo '}'
    } >"$2"
}

# measure <format> <awk program> <command...> : runs the command under `time` with TIMEFORMAT
# <format> and prints what the awk program makes of that line ("n/a" if the command fails)
measure() {
    local TIMEFORMAT=$1 program=$2 out
    shift 2
    if ! out=$({ time "$@" >/dev/null 2>"$tmp/err"; } 2>&1); then
        echo "bench/compile.sh: failed: $* ($(head -n1 "$tmp/err"))" >&2
        echo n/a
        return
    fi
    echo "$out" | awk "$program"
}

# ten <command...> : runs the command ten times, failing at the first failure
ten() {
    for _ in 1 2 3 4 5 6 7 8 9 10; do "$@" || return 1; done
}

# cpu <command...> : the CPU seconds (user + system) the command and its children took
cpu() { measure '%U %S' '{ printf "%.2f", $1 + $2 }' "$@"; }
# cpu10 <command...> : the mean CPU seconds of ten runs of the command
cpu10() { measure '%U %S' '{ printf "%.3f", ($1 + $2) / 10 }' ten "$@"; }
# wall <command...> : the wall-clock seconds the command took
wall() { measure '%R' '{ printf "%.2f", $1 }' "$@"; }

status=0
# row <label> <accc seconds> <reference seconds> <reference label> <goal>
row() {
    local ratio=n/a verdict=""
    if [[ $2 != n/a && $3 != n/a ]]; then
        ratio=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        if awk -v r="$ratio" -v g="$5" 'BEGIN { exit !(r <= g) }'; then
            verdict=met
        else
            verdict="NOT MET"
        fi
    else
        status=1
    fi
    printf '%-44s | %8s | %8s | %-24s | %6s | <= %s %s\n' "$1" "$2" "$3" "$4" "$ratio" "$5" "$verdict"
}

regions 300 "$tmp/r300.c"
regions 1000 "$tmp/r1000.c"
regions 2000 "$tmp/r2000.c"
cp examples/jacobi/jacobi.c "$tmp/jacobi.c"
cd "$tmp" || exit 2

printf '%-44s | %8s | %8s | %-24s | %6s | %s\n' "compile (CPU seconds)" "accc" "against" "against" "ratio" "goal"
printf '%-44s-+-%8s-+-%8s-+-%-24s-+-%6s-+-%s\n' "--------------------------------------------" "--------" "--------" "------------------------" "------" "--------"
row "jacobi.c -O2 -c (mean of 10)" "$(cpu10 "$ACCC" -fopenacc -O2 -c jacobi.c -o j1.o)" \
    "$(cpu10 gcc -fopenacc -O2 -c jacobi.c -o j2.o)" "gcc -fopenacc" 2
row "300 regions -O2, compile and link" "$(cpu "$ACCC" -fopenacc -O2 r300.c -o r1)" \
    "$(cpu gcc -fopenacc -O2 r300.c -o r2)" "gcc -fopenacc" 2
row "300 regions -O2 -foffload=none, compile+link" "$(cpu "$ACCC" -fopenacc -O2 -foffload=none r300.c -o r3)" \
    "$(cpu gcc -fopenacc -O2 r300.c -o r4)" "gcc -fopenacc" 2
row "-fsyntax-only: 2000 regions / 1000 regions" "$(cpu "$ACCC" -fopenacc -fsyntax-only r2000.c)" \
    "$(cpu "$ACCC" -fopenacc -fsyntax-only r1000.c)" "accc on 1000 regions" 2.2
printf '%-44s-+-%8s-+-%8s-+-%-24s-+-%6s-+-%s\n' "--------------------------------------------" "--------" "--------" "------------------------" "------" "--------"
row "300 regions -O2, compile+link: wall seconds" "$(wall "$ACCC" -fopenacc -O2 r300.c -o r5)" \
    "$(wall gcc -fopenacc -O2 r300.c -o r6)" "gcc -fopenacc (wall)" 2
if [ -x r1 ] && [ -x r2 ] && [ "$(./r1)" != "$(./r2)" ]; then
    echo "warning: the 300-region programs of accc and gcc print different results" >&2
    status=1
fi
echo "($(nproc) cores; one run each; CPU time counts the host compiler, LLVM and the link; wall time is what a user waits)"
exit $status
