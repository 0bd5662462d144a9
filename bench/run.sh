#!/usr/bin/env bash
# Benchmarks: the same seven kernels (jacobi, mandelbrot, stream triad, matmul, a transpose
# collapsed and tiled, and a one-gang region's worker loop with a reduction: `worker`, whose
# accc time with ACC_NUM_CORES=1 against 2 shows the worker loop split over the gang's team)
# built three ways and timed by the programs themselves (best of several
# repetitions after a warm-up, CLOCK_MONOTONIC, kernel loop only):
#   accc multicore : target/release/accc -fopenacc -O3 bench/acc/<k>.c, run with ACC_DEVICE_TYPE=multicore
#   gcc+OpenMP     : gcc -O3 -fopenmp bench/omp/<k>.c
#   gcc -fopenacc  : gcc -O3 -fopenacc bench/acc/<k>.c (GCC's serial host fallback)
# Usage, from the repository root after `cargo build --release -p accc`:
#   bash bench/run.sh
# Not part of tests/run.sh. OMP_NUM_THREADS / ACC_NUM_CORES are passed through.
#
# GPU: when nvcc / an NVIDIA GPU is present a second table (accc nvidia against
# CUDA or nvc) will come with accc's GPU code generation; nothing is run for it yet.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
if [ ! -x "$ACCC" ]; then
    echo "bench/run.sh: $ACCC not found; build it first: cargo build --release -p accc" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

kernels="jacobi mandelbrot stream matmul transpose transpose_tile worker"
status=0

# build <out> <compiler and flags...> : prints nothing on success
build() {
    local out=$1
    shift
    if ! "$@" -o "$out" -lm >"$out.log" 2>&1; then
        echo "build failed: $* ($(grep -m1 -E 'error' "$out.log" || head -n1 "$out.log"))" >&2
        return 1
    fi
}

# timing <kernel> <binary> [env assignments...] : prints the seconds or n/a
timing() {
    local k=$1 bin=$2
    shift 2
    local out
    if [ ! -x "$bin" ]; then
        echo "n/a"
        return
    fi
    if ! out=$(env "$@" timeout 300 "$bin" 2>&1); then
        echo "run failed: $bin: $(echo "$out" | tail -n1)" >&2
        echo "n/a"
        return
    fi
    echo "$out" | awk -v k="$k" '$1 == k { print $2; found = 1 } END { if (!found) print "n/a" }'
    echo "$out" | grep '^checksum' >"$bin.checksum"
}

for k in $kernels; do
    build "$tmp/$k.accc" "$ACCC" -fopenacc -O3 "bench/acc/$k.c" || status=1
    build "$tmp/$k.omp" gcc -O3 -fopenmp "bench/omp/$k.c" || status=1
    build "$tmp/$k.gccacc" gcc -O3 -fopenacc "bench/acc/$k.c" || status=1
done

printf '%-11s | %18s | %14s | %17s | %18s\n' "kernel" "accc multicore (s)" "gcc+OpenMP (s)" "gcc -fopenacc (s)" "accc/OpenMP ratio"
printf '%-11s-+-%18s-+-%14s-+-%17s-+-%18s\n' "-----------" "------------------" "--------------" "-----------------" "------------------"
for k in $kernels; do
    t_accc=$(timing "$k" "$tmp/$k.accc" ACC_DEVICE_TYPE=multicore)
    t_omp=$(timing "$k" "$tmp/$k.omp")
    t_gcc=$(timing "$k" "$tmp/$k.gccacc")
    ratio=n/a
    if [[ $t_accc != n/a && $t_omp != n/a ]]; then
        ratio=$(awk -v a="$t_accc" -v b="$t_omp" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    fi
    # the three builds compute the same thing: their checksums must agree
    for v in accc gccacc; do
        if [ -f "$tmp/$k.$v.checksum" ] && [ -f "$tmp/$k.omp.checksum" ] &&
            [ "$(cut -d' ' -f2 "$tmp/$k.$v.checksum")" != "$(cut -d' ' -f2 "$tmp/$k.omp.checksum")" ]; then
            echo "warning: $k: checksum of the $v build differs from the OpenMP build" >&2
            status=1
        fi
    done
    printf '%-11s | %18s | %14s | %17s | %18s\n' "$k" "$t_accc" "$t_omp" "$t_gcc" "$ratio"
done
printf '(%s cores; best of several repetitions of each kernel; lower is better)\n' "$(nproc)"

if command -v nvcc >/dev/null 2>&1; then
    : # GPU comparison table: comes with accc's NVIDIA code generation.
fi
exit $status
