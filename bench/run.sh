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
# GPU table, when nvcc and an NVIDIA GPU are present (nvidia-smi lists one): stream, jacobi and
# matmul built by accc for the GPU (`--offload-arch=sm_<its compute capability>`, run with
# ACC_DEVICE_TYPE=nvidia) against the same kernels written in CUDA (bench/cuda/*.cu, nvcc -O3
# for that architecture), each program timing itself the same way; plus the stream triad's
# bandwidth as a fraction of the device-to-device copy rate (bench/cuda/d2d.cu). The goals
# (issue 4): triad >= 90% of the copy rate, jacobi and matmul within 10% of CUDA.
# Performance classes (issue 26), bench/classes/: reduction(max) against reduction(+) (C, as
# fmax and as a select, and Fortran), collapse(2) against the plain nest, the fmax/fabs error
# loop on one core against gcc -O2's serial loop, and the training course's kernels Jacobi
# (an implicit max reduction) against the serial program. Each source carries OpenACC and
# OpenMP directives and is built three ways: accc -fopenacc -O3 (multicore), gcc -O3 -fopenmp,
# and gcc -O2 (serial); the table prints each ratio with its goal.
# BENCH=gpu runs only the GPU table, BENCH=cpu only the CPU tables, BENCH=classes only the
# classes table, BENCH=check only the data checker's table (ACCC_CHECK=data against the plain
# multicore run of the seven kernels, goal <= 3x).
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

if [ "${BENCH:-all}" = all ] || [ "${BENCH:-all}" = cpu ]; then
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
fi

# The data checker's cost (issue 29): each accc multicore build run again under ACCC_CHECK=data
# (separate device copies, page protection, the comparisons before each launch); goal: at most
# 3x the plain multicore time. A finding in these correct programs is a failure.
if [ "${BENCH:-all}" = all ] || [ "${BENCH:-all}" = cpu ] || [ "${BENCH:-all}" = check ]; then
printf '\n%-11s | %18s | %18s | %12s | %s\n' "kernel" "accc multicore (s)" "ACCC_CHECK=data (s)" "ratio" "goal"
printf '%-11s-+-%18s-+-%18s-+-%12s-+-%s\n' "-----------" "------------------" "------------------" "------------" "----"
for k in $kernels; do
    [ -x "$tmp/$k.accc" ] || build "$tmp/$k.accc" "$ACCC" -fopenacc -O3 "bench/acc/$k.c" || status=1
    t_plain=$(timing "$k" "$tmp/$k.accc" ACC_DEVICE_TYPE=multicore)
    t_check=$(timing "$k" "$tmp/$k.accc" ACC_DEVICE_TYPE=multicore ACCC_CHECK=data)
    if ACC_DEVICE_TYPE=multicore ACCC_CHECK=data timeout 300 "$tmp/$k.accc" 2>&1 >/dev/null |
        grep -v '^accrt: check: no findings$' | grep -q '^accrt: check:'; then
        echo "warning: $k: the data checker reports findings in a correct program" >&2
        status=1
    fi
    ratio=n/a
    met=""
    if [[ $t_plain != n/a && $t_check != n/a ]]; then
        ratio=$(awk -v a="$t_check" -v b="$t_plain" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        met=$(awk -v r="$ratio" 'BEGIN { print (r <= 3.0 ? "<= 3.0 met" : "<= 3.0 NOT met") }')
    fi
    printf '%-11s | %18s | %18s | %12s | %s\n' "$k" "$t_plain" "$t_check" "$ratio" "$met"
done
fi

if [ "${BENCH:-all}" != gpu ] && [ "${BENCH:-all}" != check ]; then
    # value <program output file> <name> : the seconds it printed for <name>, or n/a
    value() {
        awk -v k="$2" '$1 == k { print $2; found = 1 } END { if (!found) print "n/a" }' "$1" 2>/dev/null
    }
    # run_class <binary> <output file> [env assignments...]
    run_class() {
        local bin=$1 out=$2
        shift 2
        if [ ! -x "$bin" ] || ! env "$@" timeout 300 "$bin" >"$out" 2>&1; then
            echo "run failed: $bin: $(tail -n1 "$out" 2>/dev/null)" >&2
            : >"$out"
            status=1
        fi
    }
    for src in bench/classes/*.c bench/classes/*.f90; do
        c=$(basename "$src")
        c=${c%.*}${src##*.}
        case $src in
            *.f90) cc=gfortran ;;
            *) cc=gcc ;;
        esac
        build "$tmp/$c.accc" "$ACCC" -fopenacc -O3 "$src" || status=1
        build "$tmp/$c.omp" "$cc" -O3 -fopenmp "$src" || status=1
        build "$tmp/$c.serial" "$cc" -O2 "$src" || status=1
        run_class "$tmp/$c.accc" "$tmp/$c.accc.out" ACC_DEVICE_TYPE=multicore
        run_class "$tmp/$c.accc" "$tmp/$c.accc1.out" ACC_DEVICE_TYPE=multicore ACC_NUM_CORES=1
        run_class "$tmp/$c.omp" "$tmp/$c.omp.out"
        run_class "$tmp/$c.serial" "$tmp/$c.serial.out"
        for v in accc accc1 omp; do
            if [ -s "$tmp/$c.$v.out" ] && [ -s "$tmp/$c.serial.out" ] &&
                [ "$(grep '^checksum' "$tmp/$c.$v.out")" != "$(grep '^checksum' "$tmp/$c.serial.out")" ]; then
                echo "warning: bench/classes/$c: the checksum of the $v run differs from the serial one" >&2
                status=1
            fi
        done
    done
    echo
    echo "Performance classes (bench/classes; seconds, best of several repetitions; $(nproc) cores):"
    printf '%-44s | %11s | %11s | %11s | %6s | %s\n' "class: measured / against" "measured" "against" "OpenMP" "ratio" "goal"
    printf '%-44s-+-%11s-+-%11s-+-%11s-+-%6s-+-%s\n' "--------------------------------------------" "-----------" "-----------" "-----------" "------" "--------"
    # row <label> <measured out> <name> <against out> <name> <goal> : one line of the table
    row() {
        local measured against omp ratio verdict
        measured=$(value "$tmp/$2.out" "$3")
        against=$(value "$tmp/$4.out" "$5")
        omp=$(value "$tmp/${2%.*}.omp.out" "$3")
        ratio=n/a
        verdict=""
        if [[ $measured != n/a && $against != n/a ]]; then
            ratio=$(awk -v a="$measured" -v b="$against" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            if awk -v r="$ratio" -v g="$6" 'BEGIN { exit !(r <= g) }'; then
                verdict="met"
            else
                verdict="NOT MET"
            fi
        fi
        printf '%-44s | %11s | %11s | %11s | %6s | <= %s %s\n' "$1" "$measured" "$against" "$omp" "$ratio" "$6" "$verdict"
    }
    row "C max(fmax) / sum, accc" reducec.accc max reducec.accc sum 1.20
    row "C max(select) / sum, accc" reducec.accc max_select reducec.accc sum 1.20
    row "Fortran max / sum, accc" reducef90.accc fortran_max reducef90.accc fortran_sum 1.20
    row "collapse(2) / plain nest, accc" collapsec.accc collapse collapsec.accc nest 1.10
    row "fmax/fabs, accc 1 core / gcc -O2 serial" reducec.accc1 fmax_fabs reducec.serial fmax_fabs 1.10
    row "kernels Jacobi, accc / gcc -O2 serial" kjacobic.accc kernels_jacobi kjacobic.serial kernels_jacobi 0.70
    echo "(OpenMP: the same loop built with gcc -O3 -fopenmp; accc runs on every core unless it says 1 core)"
fi

# checksums_agree <kernel> <build> <reference build> : warns and fails when they differ
checksums_agree() {
    if [ -f "$tmp/$1.$2.checksum" ] && [ -f "$tmp/$1.$3.checksum" ] &&
        [ "$(cut -d' ' -f2 "$tmp/$1.$2.checksum")" != "$(cut -d' ' -f2 "$tmp/$1.$3.checksum")" ]; then
        echo "warning: $1: checksum of the $2 build differs from the $3 build" >&2
        return 1
    fi
}

if [ "${BENCH:-all}" != cpu ]; then
    gpu=$(nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>/dev/null | head -n1)
    if ! command -v nvcc >/dev/null 2>&1 || [ -z "$gpu" ]; then
        echo "GPU table skipped: it needs nvcc and an NVIDIA GPU (nvidia-smi lists none here)"
    else
        cap=$(echo "$gpu" | awk -F', *' '{ gsub(/\./, "", $2); print $2 }')
        echo
        echo "GPU: $gpu (sm_$cap)"
        gpu_kernels="stream jacobi matmul"
        for k in $gpu_kernels; do
            build "$tmp/$k.gpu" "$ACCC" -fopenacc -O3 --offload-arch="sm_$cap" "bench/acc/$k.c" || status=1
            build "$tmp/$k.cuda" nvcc -O3 -arch="sm_$cap" "bench/cuda/$k.cu" || status=1
        done
        build "$tmp/d2d.cuda" nvcc -O3 -arch="sm_$cap" bench/cuda/d2d.cu || status=1
        printf '%-11s | %15s | %14s | %15s\n' "kernel" "accc nvidia (s)" "CUDA nvcc (s)" "accc/CUDA ratio"
        printf '%-11s-+-%15s-+-%14s-+-%15s\n' "-----------" "---------------" "--------------" "---------------"
        for k in $gpu_kernels; do
            t_accc=$(timing "$k" "$tmp/$k.gpu" ACC_DEVICE_TYPE=nvidia)
            t_cuda=$(timing "$k" "$tmp/$k.cuda")
            ratio=n/a
            if [[ $t_accc != n/a && $t_cuda != n/a ]]; then
                ratio=$(awk -v a="$t_accc" -v b="$t_cuda" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            fi
            checksums_agree "$k" gpu cuda || status=1
            printf '%-11s | %15s | %14s | %15s\n' "$k" "$t_accc" "$t_cuda" "$ratio"
            [ "$k" = stream ] && t_triad=$t_accc
        done
        t_d2d=$(timing d2d "$tmp/d2d.cuda")
        if [[ ${t_triad:-n/a} != n/a && $t_d2d != n/a ]]; then
            # the triad moves 3 arrays of 2^24 doubles, the copy 2 (read + write)
            awk -v t="$t_triad" -v d="$t_d2d" 'BEGIN {
                triad = 3 * 2^24 * 8 / t / 1e9; copy = 2 * 2^24 * 8 / d / 1e9
                printf "stream triad (accc): %.1f GB/s = %.0f%% of the device-to-device copy rate (%.1f GB/s; goal >= 90%%)\n", triad, 100 * triad / copy, copy
            }'
        fi
        echo "(best of several repetitions of each kernel; lower is better; goal: accc/CUDA <= 1.10)"
    fi
fi
exit $status
