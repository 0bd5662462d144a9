#!/usr/bin/env bash
# Runs accc's GPU bundle (`make gpu-bundle` builds it with tests/gpu-bundle/build.sh and copies
# this file into it as run.sh) on a machine with an NVIDIA GPU, its driver and nvcc; it needs no
# Rust, LLVM, gfortran or network, only bash, coreutils and the bundle itself.
#  0. Prints the machine (nvidia-smi, nvcc, glibc), checks that every binary finds its libraries,
#     and runs tools/probe: it counts the NVIDIA devices through libaccrt and runs one kernel.
#     When that fails no program can pass: the reason is printed and run.sh stops (exit 2).
#  1. Runs every program of bin/ under ACC_DEVICE_TYPE=nvidia and, as a control, multicore, a few
#     at a time (-j), each in an empty directory with a time limit per run, and compares its
#     stdout with expected/<id>.out (the gcc -fopenacc build's). A program passes when both runs
#     exit 0 with the expected stdout. Prints each failure with its first error line, then
#     `N passed, M failed`.
#  2. The benchmark table, with the GPU to itself: bench/bin/{stream,jacobi,matmul} (accc,
#     ACC_DEVICE_TYPE=nvidia) against the same kernels in CUDA (bench/cuda/*.cu, built here by
#     nvcc -O3 for the GPU's sm_XY while step 1 runs), and the stream triad's bandwidth as a
#     fraction of the device-to-device copy rate (bench/cuda/d2d.cu). Goals: triad >= 90% of the
#     copy rate, jacobi and matmul within 10% of CUDA (accc/CUDA <= 1.10).
#  3. When the bundle holds the V&V suite (ACCC_BUNDLE_VV=1 make gpu-bundle): every test under
#     ACC_DEVICE_TYPE=nvidia, 3 × -j at a time, 30 s each, in vv-nvidia.tsv (test, exit status,
#     first error line); prints how many exit 0 and names those that fail there although
#     tests/conformance/expected.tsv says they pass on the mock (informative: a GPU column is
#     not kept in expected.tsv, so they do not change the exit status).
# Everything stays within a time budget (default 360 s): programs not started by the budget
# less the benchmarks' share are reported as not run (failed).
#
# Usage: bash run.sh [--mock] [--out DIR] [-j N] [--timeout S] [--budget S] [--no-bench] [--only REGEX]
#   --mock       run here against the mock CUDA driver of lib/mock (no GPU; tests/mockcuda/):
#                the programs that fail under nvidia must be exactly those of
#                expected-failures-mock (listed ones that fail are expected failures; listed
#                ones that pass are failures, so that the list is kept exact), and the
#                benchmarks run once under nvidia and multicore with their checksums compared,
#                without CUDA and without a table (the mock's times mean nothing). `make test`
#                runs this.
#   --out DIR    where the results go (default: $OUT when set, else <bundle>-results beside the
#                bundle, e.g. target/gpu-bundle-results):
#                results.tsv (one line per run: program, device, PASS/FAIL/XFAIL/SKIP, seconds,
#                message), summary.txt (this output), bench.tsv, failures/<id>.<device>.txt
#                (the failing run's stderr, and its stdout's difference from the expected)
#   -j N         programs run at a time (default 4 on a GPU, the number of cores with --mock)
#   --timeout S  limit of each run (default 60 s)
#   --budget S   the whole run's time budget (default 360 s on a GPU, 1800 s with --mock)
#   --no-bench   skip step 2 (step 3 runs when the bundle holds the V&V suite)
#   --only RE    run only the programs whose name matches the extended regex RE
# Exit status: 0 when every program passed (or failed as expected on the mock) and every
# benchmark ran; 1 otherwise; 2 when no NVIDIA device can be used or the bundle is broken.
# On the project's device machine, in one call (the bundle travels as a carried ignored path):
#   run(command="bash target/gpu-bundle/run.sh --out $OUT", carry=["target/gpu-bundle"], timeout_s=420)
# then keep $OUT's results.tsv, summary.txt and bench.tsv in bench/results/ (see its README.md).
set -uo pipefail

bundle=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
started=$(date +%s)
mock=0 jobs="" timeout=60 budget="" bench=1 only="" out=${OUT:-}
while [ $# -gt 0 ]; do
    case $1 in
        --mock) mock=1 ;;
        --out) out=$2; shift ;;
        --out=*) out=${1#--out=} ;;
        -j) jobs=$2; shift ;;
        -j*) jobs=${1#-j} ;;
        --timeout) timeout=$2; shift ;;
        --budget) budget=$2; shift ;;
        --no-bench) bench=0 ;;
        --only) only=$2; shift ;;
        -h | --help) sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown option '$1' (see run.sh --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -f "$bundle/cases.tsv" ] || { echo "run.sh: $bundle/cases.tsv is missing: not a GPU bundle (make gpu-bundle)" >&2; exit 2; }
if [ $mock = 1 ]; then
    jobs=${jobs:-$(nproc)}
    budget=${budget:-1800}
    # The mock driver first on the library path: libaccrt dlopens libcuda.so.1.
    export LD_LIBRARY_PATH="$bundle/lib/mock${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
    jobs=${jobs:-4}
    budget=${budget:-360}
fi
out=${out:-$bundle-results}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
rm -rf "$out/failures" "$out/results.tsv" "$out/bench.tsv"
mkdir -p "$out/failures"
work=$(mktemp -d "${TMPDIR:-/tmp}/accc-gpu-bundle.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
# Everything printed also goes to summary.txt.
exec > >(tee "$out/summary.txt") 2>&1
tee_pid=$!
# finish <status>: lets tee write the last lines before the script ends.
finish() {
    exec 1>&- 2>&-
    wait "$tee_pid" 2>/dev/null
    exit "$1"
}

elapsed() { echo $(($(date +%s) - started)); }

# 0. The machine, the libraries, the probe.
echo "== accc GPU bundle: $(grep -m1 '^commit:' "$bundle/BUILD-INFO" 2>/dev/null | cut -d' ' -f2-)"
sed 's/^/   /' "$bundle/BUILD-INFO" 2>/dev/null
echo "   host: $(uname -srm), $(nproc) cores, $(ldd --version 2>/dev/null | head -n1)"
if [ $mock = 1 ]; then
    echo "   mode: --mock (the mock CUDA driver lib/mock/libcuda.so.1; no GPU)"
else
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi --query-gpu=index,name,compute_cap,driver_version,memory.total --format=csv,noheader 2>&1 |
            sed 's/^/   gpu: /'
    else
        echo "   gpu: nvidia-smi not found"
    fi
    echo "   nvcc: $(nvcc --version 2>/dev/null | grep -m1 release || echo 'not found')"
fi
echo "   jobs $jobs, $timeout s per run, budget $budget s, results in $out"

broken=0
while IFS= read -r -d '' elf; do
    missing=$(ldd "$elf" 2>&1 | grep 'not found')
    if [ -n "$missing" ]; then
        echo "run.sh: ${elf#"$bundle"/} cannot find: $(echo "$missing" | awk '{ print $1 }' | tr '\n' ' ')"
        broken=1
    fi
done < <(find "$bundle/bin" "$bundle/bench/bin" "$bundle/tools" -type f -print0)
[ $broken = 0 ] || { echo "run.sh: some binaries lack libraries (above); the bundle does not fit this machine"; finish 2; }

(cd "$work" && ACC_DEVICE_TYPE=nvidia timeout -k 10 60 "$bundle/tools/probe") >"$work/probe.out" 2>&1
probe=$?
sed 's/^/   probe: /' "$work/probe.out"
if [ $probe -ne 0 ]; then
    echo "run.sh: no usable NVIDIA device (tools/probe exit $probe, above); nothing run"
    finish 2
fi

# Benchmarks' CUDA builds, for the GPU's own architecture, while the programs run.
cap=""
if [ $mock = 0 ] && [ $bench = 1 ]; then
    cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d '. ')
    if ! [[ $cap =~ ^[0-9]+$ ]]; then
        echo "   nvidia-smi gives no compute capability: the CUDA benchmarks are built for sm_90"
        cap=90
    fi
    mkdir -p "$work/cuda"
    (
        for k in stream jacobi matmul d2d; do
            if ! command -v nvcc >/dev/null 2>&1; then
                echo "nvcc not found" >"$work/cuda/$k.log"
            else
                nvcc -O3 -arch="sm_$cap" "$bundle/bench/cuda/$k.cu" -o "$work/cuda/$k" >"$work/cuda/$k.log" 2>&1
            fi
        done
    ) &
    cuda_builds=$!
fi

# 1. The programs.
deadline=$((started + budget))
[ $bench = 1 ] && deadline=$((deadline - (mock == 1 ? 120 : 90)))
export bundle work out timeout deadline

# run_case <id> <name> <build>: writes one results line per device to $work/rows/<id>.<device>.
run_case() {
    local id=$1 name=$2 build=$3 dev
    for dev in nvidia multicore; do
        local row="$work/rows/$id.$dev"
        if [ "$build" != ok ]; then
            printf '%s\t%s\tFAIL\t0\tnot built: %s\n' "$name" "$dev" "$build" >"$row"
            continue
        fi
        if [ "$(date +%s)" -ge "$deadline" ]; then
            printf '%s\t%s\tSKIP\t0\tnot run: the time budget is spent\n' "$name" "$dev" >"$row"
            continue
        fi
        local d="$work/run/$id.$dev" t0 t1 rc msg=""
        mkdir -p "$d"
        t0=$(date +%s%N)
        # A run that ignores SIGTERM (stuck in the driver) is killed 10 s later.
        (cd "$d" && ACC_DEVICE_TYPE=$dev timeout -k 10 "$timeout" "$bundle/bin/$id" >"$d/stdout" 2>"$d/stderr" </dev/null)
        rc=$?
        t1=$(date +%s%N)
        local seconds
        seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
        if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
            msg="timed out ($timeout s)"
        elif [ $rc -ne 0 ]; then
            msg="exit $rc: $(grep -m1 . "$d/stderr" | head -c 300)"
            [ -n "$(grep -m1 . "$d/stderr")" ] || msg="exit $rc: $(tail -n1 "$d/stdout" | head -c 300)"
        elif ! cmp -s "$bundle/expected/$id.out" "$d/stdout"; then
            local got want
            want=$(diff "$bundle/expected/$id.out" "$d/stdout" | grep -m1 '^<' | cut -c3- | head -c 150)
            got=$(diff "$bundle/expected/$id.out" "$d/stdout" | grep -m1 '^>' | cut -c3- | head -c 150)
            msg="stdout differs: got '$got', want '$want'"
        fi
        if [ -z "$msg" ]; then
            printf '%s\t%s\tPASS\t%s\t\n' "$name" "$dev" "$seconds" >"$row"
        else
            printf '%s\t%s\tFAIL\t%s\t%s\n' "$name" "$dev" "$seconds" "$(printf '%s' "$msg" | tr '\t\n' '  ')" >"$row"
            {
                echo "$name under ACC_DEVICE_TYPE=$dev: $msg"
                echo "--- stderr (first 60 lines)"
                head -n 60 "$d/stderr"
                echo "--- stdout against the expected (diff, first 40 lines)"
                diff "$bundle/expected/$id.out" "$d/stdout" | head -n 40
            } >"$out/failures/$id.$dev.txt"
        fi
        rm -rf "$d"
    done
}
export -f run_case

mkdir -p "$work/rows" "$work/run"
awk -F'\t' -v re="$only" 'NR > 1 && (re == "" || $2 ~ re) { printf "%s\t%s\t%s\n", $1, $2, $3 }' "$bundle/cases.tsv" >"$work/cases"
total=$(wc -l <"$work/cases")
echo
echo "== programs: $total, each under ACC_DEVICE_TYPE=nvidia and multicore, $jobs at a time"
tr '\t' '\0' <"$work/cases" | tr '\n' '\0' | xargs -0 -n 3 -P "$jobs" bash -c 'run_case "$@"' run_case

# Expected failures apply on the mock only: the names of its list's first column.
expected=" "
if [ $mock = 1 ] && [ -f "$bundle/expected-failures-mock" ]; then
    expected=" $(grep -v '^#' "$bundle/expected-failures-mock" | awk 'NF { print $1 }' | tr '\n' ' ')"
fi
printf 'program\tdevice\tresult\tseconds\tmessage\n' >"$out/results.tsv"
passed=0 failed=0 xfailed=0 skipped=0
while IFS=$'\t' read -r id name build; do
    result=PASS message=""
    for dev in nvidia multicore; do
        row="$work/rows/$id.$dev"
        [ -f "$row" ] || printf '%s\t%s\tFAIL\t0\tno result (run.sh itself failed)\n' "$name" "$dev" >"$row"
        IFS=$'\t' read -r _ _ r _ m <"$row"
        if [ "$r" = FAIL ] && [ "$dev" = nvidia ] && [[ $expected == *" $name "* ]]; then
            sed -i 's/\tFAIL\t/\tXFAIL\t/' "$row"
            r=XFAIL
        fi
        cat "$row" >>"$out/results.tsv"
        # The program's result is its worst run's: FAIL, then SKIP, then XFAIL.
        if [ "$r" != PASS ] && [ "$result" != FAIL ] && { [ "$result" = PASS ] || [ "$r" = FAIL ] ||
            { [ "$r" = SKIP ] && [ "$result" = XFAIL ]; }; }; then
            result=$r message="[$dev] $m"
        fi
    done
    if [ "$result" = PASS ] && [[ $expected == *" $name "* ]]; then
        result=FAIL message="passes, but expected-failures-mock lists it: take it off tests/mockcuda/expected-failures"
    fi
    case $result in
        PASS) passed=$((passed + 1)) ;;
        XFAIL) xfailed=$((xfailed + 1)) ;;
        SKIP) skipped=$((skipped + 1)); echo "SKIP $name: $message" ;;
        *) failed=$((failed + 1)); echo "FAIL $name: $message" ;;
    esac
done <"$work/cases"
for dev in nvidia multicore; do
    awk -F'\t' -v d="$dev" '$2 == d { n[$3]++ } END {
        printf "   %s runs: %d passed, %d failed", d, n["PASS"], n["FAIL"]
        if (n["XFAIL"]) printf ", %d expected failures", n["XFAIL"]
        if (n["SKIP"]) printf ", %d not run", n["SKIP"]
        printf "\n" }' "$out/results.tsv"
done
extra=""
[ $xfailed -gt 0 ] && extra="$extra, $xfailed expected failures (listed in expected-failures-mock)"
[ $skipped -gt 0 ] && extra="$extra; $skipped of the failed not run (the time budget was spent)"
echo "$passed passed, $((failed + skipped)) failed$extra ($(elapsed) s)"
status=0
[ $((failed + skipped)) -eq 0 ] || status=1

# 2. The benchmarks.
# bench_run <name> <binary> [env...]: the binary's output in $work/bench/<name>.out; prints its
# time (the line "<kernel> <seconds>") or n/a.
bench_run() {
    local name=$1 bin=$2 kernel
    shift 2
    kernel=$(basename "$bin")
    if [ ! -x "$bin" ]; then
        echo n/a
        return
    fi
    if ! env "$@" timeout -k 10 120 "$bin" >"$work/bench/$name.out" 2>&1 </dev/null; then
        echo "run.sh: benchmark $name failed: $(tail -n1 "$work/bench/$name.out")" >&2
        echo n/a
        return
    fi
    awk -v k="$kernel" '$1 == k { print $2; found = 1 } END { if (!found) print "n/a" }' "$work/bench/$name.out"
}
checksum() { awk '$1 == "checksum" { print $2 }' "$work/bench/$1.out" 2>/dev/null; }

if [ $bench = 1 ]; then
    mkdir -p "$work/bench"
    echo
    if [ $mock = 1 ]; then
        echo "== benchmarks on the mock: accc's builds under nvidia and multicore, checksums compared (no CUDA, no times)"
        printf 'kernel\tdevice\tseconds\tchecksum\n' >"$out/bench.tsv"
        for k in stream jacobi matmul; do
            t_gpu=$(bench_run "$k.nvidia" "$bundle/bench/bin/$k" ACC_DEVICE_TYPE=nvidia)
            t_cpu=$(bench_run "$k.multicore" "$bundle/bench/bin/$k" ACC_DEVICE_TYPE=multicore)
            printf '%s\tnvidia (mock)\t%s\t%s\n%s\tmulticore\t%s\t%s\n' "$k" "$t_gpu" "$(checksum "$k.nvidia")" \
                "$k" "$t_cpu" "$(checksum "$k.multicore")" >>"$out/bench.tsv"
            if [ "$t_gpu" = n/a ] || [ "$t_cpu" = n/a ]; then
                echo "FAIL benchmark $k: did not run (above)"
                status=1
            elif [ "$(checksum "$k.nvidia")" != "$(checksum "$k.multicore")" ]; then
                echo "FAIL benchmark $k: checksum $(checksum "$k.nvidia") under nvidia, $(checksum "$k.multicore") under multicore"
                status=1
            else
                echo "PASS benchmark $k: checksum $(checksum "$k.nvidia") under both"
            fi
        done
    else
        wait "$cuda_builds"
        for k in stream jacobi matmul d2d; do
            [ -x "$work/cuda/$k" ] || { echo "run.sh: nvcc could not build bench/cuda/$k.cu: $(grep -m1 . "$work/cuda/$k.log")"; status=1; }
        done
        echo "== benchmarks: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1) (sm_$cap)"
        printf 'kernel\taccc_nvidia_s\tcuda_s\tratio\tchecksums\n' >"$out/bench.tsv"
        printf '%-11s | %15s | %14s | %15s\n' "kernel" "accc nvidia (s)" "CUDA nvcc (s)" "accc/CUDA ratio"
        printf '%-11s-+-%15s-+-%14s-+-%15s\n' "-----------" "---------------" "--------------" "---------------"
        t_triad=n/a
        for k in stream jacobi matmul; do
            t_accc=$(bench_run "$k.accc" "$bundle/bench/bin/$k" ACC_DEVICE_TYPE=nvidia)
            t_cuda=$(bench_run "$k.cuda" "$work/cuda/$k")
            [ "$t_accc" != n/a ] || status=1
            ratio=n/a agree=n/a
            if [[ $t_accc != n/a && $t_cuda != n/a ]]; then
                ratio=$(awk -v a="$t_accc" -v b="$t_cuda" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
                agree=same
                if [ "$(checksum "$k.accc")" != "$(checksum "$k.cuda")" ]; then
                    agree="differ: accc $(checksum "$k.accc"), CUDA $(checksum "$k.cuda")"
                    echo "warning: $k: checksum of accc's build differs from CUDA's ($agree)"
                fi
            fi
            printf '%-11s | %15s | %14s | %15s\n' "$k" "$t_accc" "$t_cuda" "$ratio"
            printf '%s\t%s\t%s\t%s\t%s\n' "$k" "$t_accc" "$t_cuda" "$ratio" "$agree" >>"$out/bench.tsv"
            [ "$k" = stream ] && t_triad=$t_accc
        done
        t_d2d=$(bench_run d2d.cuda "$work/cuda/d2d")
        if [[ $t_triad != n/a && $t_d2d != n/a ]]; then
            # The triad moves 3 arrays of 2^24 doubles, the copy 2 (read + write).
            awk -v t="$t_triad" -v d="$t_d2d" 'BEGIN {
                triad = 3 * 2^24 * 8 / t / 1e9; copy = 2 * 2^24 * 8 / d / 1e9
                printf "stream triad (accc): %.1f GB/s = %.0f%% of the device-to-device copy rate (%.1f GB/s; goal >= 90%%)\n", triad, 100 * triad / copy, copy
            }' | tee -a "$work/triad"
            printf 'triad_fraction_of_d2d\t%s\t%s\t%s\t\n' "$t_triad" "$t_d2d" \
                "$(awk -v t="$t_triad" -v d="$t_d2d" 'BEGIN { printf "%.2f", (3 * d) / (2 * t) }')" >>"$out/bench.tsv"
        fi
        echo "(best of several repetitions of each kernel; lower is better; goal: accc/CUDA <= 1.10)"
    fi
fi
# 3. The V&V suite, when the bundle holds it (not on the mock: tests/conformance.sh runs it there).
vv_one() { # <test>: one line of vv-nvidia.tsv
    local t=$1 d
    d=$(mktemp -d "$work/vv.XXXXXX")
    (cd "$d" && ACC_DEVICE_TYPE=nvidia timeout -k 5 30 "$bundle/vv/bin/$t" >out 2>&1 </dev/null)
    printf '%s\t%s\t%s\n' "$t" "$?" "$(grep -m1 -iE 'error|fail|abort' "$d/out" | cut -c1-200)"
    rm -rf "$d"
}
if [ $mock = 0 ] && [ -d "$bundle/vv/bin" ]; then
    echo
    echo "== the OpenACC V&V suite under ACC_DEVICE_TYPE=nvidia"
    export -f vv_one
    export bundle work
    (cd "$bundle/vv/bin" && ls) | xargs -P $((3 * jobs)) -I{} bash -c 'vv_one "$1"' vv_one {} |
        sort >"$out/vv-nvidia.tsv"
    echo "   $(awk -F'\t' '$2 == 0' "$out/vv-nvidia.tsv" | wc -l) of $(wc -l <"$out/vv-nvidia.tsv") tests exit 0 ($(wc -l <"$bundle/vv/compile-failures") did not compile)"
    awk -F'\t' 'NR == FNR { if ($1 !~ /^#/) mock[$1] = $4; next }
        $2 != 0 && (!($1 in mock) || mock[$1] == "pass") { print "   fails on the GPU, passes on the mock: " $1 " (exit " $2 ") " $3 }' \
        "$bundle/vv/expected.tsv" "$out/vv-nvidia.tsv"
fi
echo
echo "run.sh: done in $(elapsed) s; results in $out"
finish $status
